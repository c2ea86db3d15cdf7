#!/usr/bin/env bash
# Hold-ups after idle (issue 67): why --decode-slowdown does not stretch a decode far above the recent ones of its
# kind. Builds Benchmarks/Scripts/idle_hiccups.c (gcc -O2) and runs it on the first CPU, COUNT copies each way
# (default 500; about 12 s). Writes Reports/idle-hiccups/README.md.
#
# Usage: Benchmarks/Scripts/idle_hiccups.sh [COUNT]   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/idle_hiccups" "$(dirname "${BASH_SOURCE[0]}")/idle_hiccups.c"
out=Reports/idle-hiccups
mkdir -p "$out"
table=$(taskset -c 0 "$work/idle_hiccups" "${1:-500}")
{
  echo "# Hold-ups after idle"
  echo
  echo "Made by \`Benchmarks/Scripts/idle_hiccups.sh\` at commit $report_commit on $report_machine."
  echo
  echo "A 4 MiB buffer copied into a reused one, timed on the thread's own clock, back to back and after 20 ms of"
  echo "sleep before each copy, as playback paces decodes. The copies fault no page (the last column), so a copy far"
  echo "above the median was held up by the host, not by work. \`--decode-slowdown X\` stretches a decode X times;"
  echo "stretched whole, one such hold-up would stall playback as no slower device would, so a decode above 4× the"
  echo "median of the last 32 of its kind (those that took a page fault apart) is stretched as 4× that median"
  echo "(\`DecodeStretch\`)."
  echo
  echo "$table"
  echo
} > "$out/README.md"
cat "$out/README.md"
