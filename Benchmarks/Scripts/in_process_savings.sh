#!/usr/bin/env bash
# What running the parent's tests in process saves (issue 49, "Say in your note how many test seconds the in-process
# launcher saved"): the suites whose tests call BenchProgram.inProcess are run RUNS times each way, alternately, in
# process and with GIF_FRAME_BENCH_TESTS_IN_PROCESS=0 (each such call starts `bench` instead, and its children
# `bench-case`), and the wall seconds Swift Testing reports are printed as Markdown, with each way's median.
#
#   swift build -c release --build-tests && Benchmarks/Scripts/in_process_savings.sh > Reports/in-process-tests.md
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=Benchmarks/Scripts/clean_tree.sh
source "$root/Benchmarks/Scripts/clean_tree.sh"
cd "$root"
runs=${RUNS:-3}
suites=$(grep -l "BenchProgram.inProcess(" Tests/BenchTests/*.swift | xargs -n1 basename | sed 's/+.*//; s/\.swift$//' \
  | grep -v '^BenchProgram$' | sort -u | paste -sd'|')
# One run's test count and wall seconds; a run with a failing test is no timing, and stops the script saying so.
seconds() {
  local line
  line=$(swift test -c release --disable-testable-imports --skip-build --filter "$suites" 2>&1 \
    | sed -n 's/.*Test run with \([0-9]*\) tests.* passed after \([0-9.]*\) seconds.*/\1 \2/p')
  if [ -z "$line" ]; then
    echo "$(basename "$0"): a test failed (GIF_FRAME_BENCH_TESTS_IN_PROCESS=${GIF_FRAME_BENCH_TESTS_IN_PROCESS:-1});" \
      "run 'swift test --filter \"$suites\"' to see which (a build older than HEAD fails its provenance test)" >&2
    exit 1
  fi
  echo "$line"
}
in_process=() processes=() tests=""
for run in $(seq "$runs"); do
  echo "run $run of $runs: in process, then processes" >&2
  read -r tests wall < <(seconds); in_process+=("$wall")
  read -r tests wall < <(GIF_FRAME_BENCH_TESTS_IN_PROCESS=0 seconds); processes+=("$wall")
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
mi=$(median "${in_process[@]}") mp=$(median "${processes[@]}")
cat <<EOF
# Tests of the parent, in process and as processes

Made by \`Benchmarks/Scripts/in_process_savings.sh\` at $report_commit on $report_machine (release build).
The suites whose tests run \`bench\` through \`BenchProgram.inProcess\` ($tests tests: ${suites//|/, }), run $runs times
each way, alternately; wall seconds as Swift Testing reports them, its tests in parallel.

| way | runs (s) | median (s) |
| --- | --- | ---: |
| in process (\`InProcessLauncher\`, a \`ConsoleTranscript\`) | ${in_process[*]} | $mi |
| processes (\`bench\`, and \`bench-case\` per case) | ${processes[*]} | $mp |

Saved: $(echo "$mp - $mi" | bc -l | xargs printf '%.1f') s of $mp s, the median against the median.
EOF
