#!/usr/bin/env bash
# The harness's own cost as a corpus grows (issue 17): runs BENCH over 10, 100 and 1,000 GIFs (copies of the synthetic
# emoji-64x64x24 under distinct names), eager only, one loop, one repetition, and prints the parent process's own CPU
# and peak RSS from each report's metadata.parent (getrusage(RUSAGE_SELF) and VmHWM, children excluded).
# Prints a whole report, with the commit it measured: Benchmarks/Scripts/parent_overhead.sh BENCH > Reports/parent-overhead.md
# Usage: Benchmarks/Scripts/parent_overhead.sh .build/release/bench [COUNTS...]   (default counts: 10 100 1000)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
bench=$(realpath "$1"); shift
if [ $# -gt 0 ]; then counts=("$@"); else counts=(10 100 1000); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" corpus --out "$work/corpus" >/dev/null 2>&1
echo "# The parent's own cost as the corpus grows"
echo
echo "Made by \`Benchmarks/Scripts/parent_overhead.sh\` at commit $report_commit on $(date -u +%Y-%m-%d), release build,"
echo "$report_machine, nothing else running: copies of the synthetic"
echo "emoji-64x64x24 under distinct names, eager only, 1 loop, 1 repetition. Parent CPU and peak RSS are the bench process's"
echo "own (metadata.parent), children excluded."
echo
echo "| GIFs | cases | parent CPU | parent CPU per case | parent peak RSS | wall |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for count in "${counts[@]}"; do
  mkdir -p "$work/gifs-$count"
  for i in $(seq 1 "$count"); do cp "$work/corpus/emoji-64x64x24.gif" "$work/gifs-$count/g$i.gif"; done
  start=$(date +%s.%N)
  "$bench" run --gif "$work/gifs-$count" --decoders eager --loops 1 --repetitions 1 --out "$work/out-$count" >/dev/null 2>&1
  end=$(date +%s.%N)
  python3 - "$work/out-$count/results.json" "$count" "$start" "$end" <<'PY'
import json, sys
parent = json.load(open(sys.argv[1]))["metadata"]["parent"]
count, wall = int(sys.argv[2]), float(sys.argv[4]) - float(sys.argv[3])
print("| %d | %d | %.2f s | %.1f ms | %.1f MiB | %.1f s |" % (count, parent["cases"], parent["cpu_seconds"],
      parent["cpu_seconds"] / max(parent["cases"], 1) * 1e3, parent["peak_resident_bytes"] / 2**20, wall))
PY
done
