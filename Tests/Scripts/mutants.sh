#!/usr/bin/env bash
# Proves the guards: plants each fault of Tests/Mutants in turn and expects the tests its patch's "Guard:" line names
# to fail (the fault "killed"). Tests/Scripts/plant_mutants.py writes the mutation tree, .build/mutants/tree: this
# package with every patch applied, each fault behind its own switch; the product's sources hold none. One debug build
# of that tree, in .build/mutants/build; GIF_FRAME_BENCH_MUTANT=NAME plants one fault at run time, in the test process
# and the children it starts. First the guards must pass with nothing planted, or a kill proves nothing.
#
#   Tests/Scripts/mutants.sh [--guards-passed] [REPORT.md]
#   Tests/Scripts/mutants.sh --build-only
#       exit 0 when every fault is killed, 1 when one survives, 2 on a broken setup (a patch that no longer applies is
#       named). --guards-passed skips the run with nothing planted, for a caller that has just run the whole suite green
#       on the same tree (CI does). --build-only writes and builds the tree, and stops.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
clean_pass=1 build_only=0
if [ "${1:-}" = --guards-passed ]; then clean_pass=0; shift; fi
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
report=${1:-}
tree=.build/mutants/tree
scratch=.build/mutants/build
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
unset GIF_FRAME_BENCH_MUTANT

# The commit the tree is copied from, said as the tree is written: sources edited while the faults run are not in it.
made_at="$(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- Package.swift Sources Tests || echo ' with uncommitted changes')"
# One "NAME<TAB>GUARD" row per fault, from the patches' headers; a patch that does not apply stops here, named.
listing=$(python3 Tests/Scripts/plant_mutants.py "$tree") || { echo "mutants: the mutation tree could not be written (above)" >&2; exit 2; }
mapfile -t rows <<<"$listing"

SECONDS=0
swift build --build-tests --package-path "$tree" --scratch-path "$scratch" >"$logs/build.log" 2>&1 || { tail -n 30 "$logs/build.log" >&2; echo "mutants: the build failed" >&2; exit 2; }
echo "mutants: ${#rows[@]} faults planted in $tree, built in ${SECONDS} s" >&2
[ "$build_only" = 0 ] || exit 0

guards() { # guards FILTER LOG: runs the tests FILTER names in the mutation build; the exit status of swift test
  swift test --skip-build --package-path "$tree" --scratch-path "$scratch" --filter "$1" >"$2" 2>&1
}
union=$(printf '%s\n' "${rows[@]}" | cut -f2 | sort -u | paste -sd'|')
if [ "$clean_pass" = 1 ]; then
  if ! guards "$union" "$logs/clean.log"; then
    grep -E '^✘|error:' "$logs/clean.log" | head -n 20 >&2
    echo "mutants: the guards fail with no fault planted, so no kill would mean anything" >&2
    exit 2
  fi
  passed=$(grep -Ec '^✔ Test ".* passed after' "$logs/clean.log" || true)
  clean="With nothing planted, the $passed guard tests pass."
  echo "mutants: with nothing planted, the $passed guard tests pass (${SECONDS} s)" >&2
else
  clean="The run with nothing planted was skipped (--guards-passed: the caller ran the whole suite green first)."
fi

survivors=0
lines=()
for row in "${rows[@]}"; do
  name=${row%%$'\t'*}; filter=${row#*$'\t'}
  start=$SECONDS
  if GIF_FRAME_BENCH_MUTANT=$name guards "$filter" "$logs/$name.log"; then
    verdict="SURVIVED"; survivors=$((survivors + 1)); evidence="every test of $filter passed"
  else
    failed=$(grep -Ec '^✘ Test ".* failed after' "$logs/$name.log" || true)
    if [ "$failed" = 0 ]; then
      verdict="BROKEN"; survivors=$((survivors + 1)); evidence="swift test failed without a failing test: $(grep -E 'error|fatal|signal|Fatal' "$logs/$name.log" | head -n 3 | tr '\n' ' ')"
    else
      verdict="killed"
      evidence="$failed failed: $(grep -m1 -E '^✘ Test ".* failed after' "$logs/$name.log" | sed -E 's/^✘ Test (.*) failed after.*/\1/')"
    fi
  fi
  echo "mutants: $name: $verdict by $filter in $((SECONDS - start)) s ($evidence)" >&2
  lines+=("| \`$name\` | \`${filter//|/\\|}\` | $verdict | ${evidence//|/\\|} |")
done

if [ -n "$report" ]; then
  {
    echo "# Planted faults and the tests that catch them"
    echo
    echo "Made by \`Tests/Scripts/mutants.sh\` at commit $made_at,"
    echo "$(date -u +%Y-%m-%d). Each fault is a patch of \`Tests/Mutants\`, applied to a scratch copy of the package (the"
    echo "product holds no switch) and planted alone at run time (\`GIF_FRAME_BENCH_MUTANT\`, in one debug build of that copy);"
    echo "the tests its patch names must fail. $clean"
    echo
    echo "| planted fault | guard | result | first failing test |"
    echo "| --- | --- | --- | --- |"
    printf '%s\n' "${lines[@]}"
    echo
    echo "$(( ${#rows[@]} - survivors )) of ${#rows[@]} killed."
  } >"$report"
fi
echo "mutants: $(( ${#rows[@]} - survivors )) of ${#rows[@]} planted faults killed in ${SECONDS} s" >&2
[ "$survivors" = 0 ]
