#!/usr/bin/env bash
# What the memory sampler costs: `bench sampler-cost` on the seed case (windowed w=4 and eager, sampler on against off,
# alternating), written with the commit it measured to OUT (default Reports/sampler-cost.md).
# Usage: Benchmarks/Scripts/sampler_cost.sh .build/release/bench [OUT] [REPETITIONS]   (default repetitions: 15)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
bench=$(realpath "$1")
out=${2:-Reports/sampler-cost.md}
repetitions=${3:-15}
table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$bench" sampler-cost --repetitions "$repetitions" >"$table"
{
  echo "# The memory sampler's own CPU cost"
  echo
  echo "Made by \`Benchmarks/Scripts/sampler_cost.sh\` at commit $report_commit on $(date -u +%Y-%m-%d), release build,"
  echo "$report_machine: \`bench sampler-cost --repetitions $repetitions\`"
  echo "(the seed case, throughput mode, each decoder $repetitions times with the sampler on and $repetitions times off, alternating;"
  echo "medians, and the relative cost with a 95% bootstrap interval)."
  echo
  cat "$table"
} >"$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
