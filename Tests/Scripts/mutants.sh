#!/usr/bin/env bash
# Proves the guards: plants each fault of Sources/Mutants/Mutant.swift in turn and expects the tests
# Tests/Scripts/mutants.tsv names for it to fail (the fault "killed"). One debug build, in .build/mutants, compiles
# every fault behind a switch (GIF_FRAME_BENCH_MUTANTS=1); GIF_FRAME_BENCH_MUTANT=NAME plants one at run time, in the
# test process and the children it starts. First the guards must pass with nothing planted, or a kill proves nothing.
#
#   Tests/Scripts/mutants.sh [--guards-passed] [REPORT.md]
#       exit 0 when every fault is killed, 1 when one survives, 2 on a broken setup. --guards-passed skips the run with
#       nothing planted, for a caller that has just run the whole suite green on the same tree (CI does).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
clean_pass=1
if [ "${1:-}" = --guards-passed ]; then clean_pass=0; shift; fi
report=${1:-}
table=Tests/Scripts/mutants.tsv
scratch=.build/mutants
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
export GIF_FRAME_BENCH_MUTANTS=1
unset GIF_FRAME_BENCH_MUTANT

mapfile -t rows < <(grep -v '^#' "$table" | grep -v '^$')
declared=$(grep -oE '^    case [a-zA-Z0-9]+ = "[a-z0-9-]+"' Sources/Mutants/Mutant.swift | sed -E 's/.*"(.*)"/\1/' | sort)
listed=$(printf '%s\n' "${rows[@]}" | cut -f1 | sort)
if [ "$declared" != "$listed" ]; then
  echo "mutants: $table and Sources/Mutants/Mutant.swift name different faults:" >&2
  diff <(echo "$declared") <(echo "$listed") >&2
  exit 2
fi

SECONDS=0
swift build --build-tests --scratch-path "$scratch" >"$logs/build.log" 2>&1 || { tail -n 30 "$logs/build.log" >&2; echo "mutants: the build failed" >&2; exit 2; }
echo "mutants: built in ${SECONDS} s" >&2

guards() { # guards FILTER LOG: runs the tests FILTER names in the mutation build; the exit status of swift test
  swift test --skip-build --scratch-path "$scratch" --filter "$1" >"$2" 2>&1
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
      verdict="BROKEN"; survivors=$((survivors + 1)); evidence="swift test failed without a failing test: $(grep -m1 -E 'error|fatal' "$logs/$name.log")"
    else
      verdict="killed"
      evidence="$failed failed: $(grep -m1 -E '^✘ Test ".* failed after' "$logs/$name.log" | sed -E 's/^✘ Test (.*) failed after.*/\1/')"
    fi
  fi
  echo "mutants: $name: $verdict by $filter in $((SECONDS - start)) s ($evidence)" >&2
  lines+=("| \`$name\` | \`$filter\` | $verdict | ${evidence//|/\\|} |")
done

if [ -n "$report" ]; then
  {
    echo "# Planted faults and the tests that catch them"
    echo
    echo "Made by \`Tests/Scripts/mutants.sh\` at commit $(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- Sources Tests || echo ' with uncommitted changes'),"
    echo "$(date -u +%Y-%m-%d). Each fault is planted alone (\`GIF_FRAME_BENCH_MUTANT\`, in a debug build made with"
    echo "\`GIF_FRAME_BENCH_MUTANTS=1\`); the tests named must fail. $clean"
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
