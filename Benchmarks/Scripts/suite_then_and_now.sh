#!/usr/bin/env bash
# The default suite's wall time today against the suite as it was at an earlier commit (issue 15's "today's": the
# commit before the fast codec, cb62aef^), both built in release mode and run three times each on this machine in
# one sitting. Writes OUT (default Reports/codec-speed/suite-then-and-now.md).
# Usage: Benchmarks/Scripts/suite_then_and_now.sh [COMMIT] [OUT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
then_commit=$(git -C "$root" rev-parse --short "${1:-cb62aef^}")
out=${2:-$root/Reports/codec-speed/suite-then-and-now.md}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/then" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach "$work/then" "$then_commit" >/dev/null 2>&1
echo "suite: building $then_commit" >&2
(cd "$work/then" && swift build -c release --product bench >&2 && swift build -c release --product bench-case >&2)
(cd "$root" && swift build -c release --product bench >&2 && swift build -c release --product bench-case >&2)
now_commit=$report_commit
time_suite() {  # BENCH_DIR LABEL
  for run in 1 2 3; do
    start=$(date +%s.%N)
    "$1/.build/release/bench" run --out "$work/suite-$2-$run" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$2 $(echo "$end - $start" | bc)"
  done
}
{ time_suite "$work/then" "then"; time_suite "$root" "now"; } >"$work/walls.txt"
python3 - "$work/walls.txt" "$then_commit" "$now_commit" "$out" <<'PY'
import statistics, sys
walls, then_commit, now_commit, out = sys.argv[1:]
runs = {}
for line in open(walls):
    label, seconds = line.split()
    runs.setdefault(label, []).append(float(seconds))
then, now = statistics.median(runs['then']), statistics.median(runs['now'])
with open(out, 'w') as f:
    f.write(f"""# The default suite, then and now

Made by `Benchmarks/Scripts/suite_then_and_now.sh` (release builds, this project's 2-core machine, one sitting):
`bench run` with no flags, the default suite of each commit, three times each.

- Then ({then_commit}, its default suite): median {then:.1f} s (runs: {', '.join(f'{x:.1f}' for x in runs['then'])}).
- Now ({now_commit}, its default suite): median {now:.1f} s (runs: {', '.join(f'{x:.1f}' for x in runs['now'])}).
- Now ÷ then: {now / then:.2f}×.
""")
print(open(out).read())
PY
