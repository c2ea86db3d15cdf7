#!/usr/bin/env bash
# Hold-ups after idle (issue 67): why --decode-slowdown does not stretch a decode far above the recent ones of its
# kind, why the margin validation keeps every CPU from idling, and why a pacing probe sleeps at most 10 ms. Builds
# Benchmarks/Scripts/idle_hiccups.c and keep_awake.c (gcc -O2) and runs the first on the first CPU, COUNT copies each
# way (default 500; about 40 s), then again beside keep_awake on that CPU. Writes Reports/idle-hiccups/README.md.
#
# Usage: Benchmarks/Scripts/idle_hiccups.sh [COUNT]   (repository root)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/keep_awake.sh"
gcc -O2 -o "$keep_awake_work/idle_hiccups" "$(dirname "${BASH_SOURCE[0]}")/idle_hiccups.c"
out=Reports/idle-hiccups
mkdir -p "$out"
table=$(taskset -c 0 "$keep_awake_work/idle_hiccups" "${1:-500}")
keep_awake_start 0
table+=$'\n'$(taskset -c 0 "$keep_awake_work/idle_hiccups" "${1:-500}" ", the CPU kept awake" rows)
keep_awake_stop
{
  echo "# Hold-ups after idle"
  echo
  echo "Made by \`Benchmarks/Scripts/idle_hiccups.sh\` at commit $report_commit on $report_machine."
  echo
  echo "A 4 MiB buffer copied into a reused one, timed on the thread's own clock, back to back and after 10 ms and"
  echo "20 ms of sleep before each copy, as playback paces decodes; then the same beside \`keep_awake.c\`, a spinner"
  echo "at SCHED_IDLE priority on the same CPU, which keeps the CPU from idling and takes no time the copies want. The"
  echo "copies fault no page (the last column), so a copy far above the median was held up by the host, not by work."
  echo
  echo "- \`--decode-slowdown X\` stretches a decode X times; stretched whole, one such hold-up would stall playback"
  echo "  as no slower device would, so a decode above 4× the median of the last 32 of its kind (those that took a"
  echo "  page fault apart) is stretched as 4× that median (\`DecodeStretch\`)."
  echo "- The margin validation (\`Reports/margin-validation/\`) keeps every CPU awake so, with the hold-ups gone"
  echo "  from both the traces and the real-time runs, what it checks is the replay."
  echo "- A copy after 10 ms of sleep costs nearly what one after 20 ms does, many times one back to back: the"
  echo "  cache has gone nearly as cold. So a pacing probe sleeps at most 10 ms before a decode"
  echo "  (\`FrameCostTrace.pacingProbeLongestSleep\`), and its 0.4 s of sleep buys more frames."
  echo
  echo "$table"
  echo
} > "$out/README.md"
cat "$out/README.md"
