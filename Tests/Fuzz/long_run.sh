#!/usr/bin/env bash
# A long fuzz run and its summary: runs TARGET (default lzw-diff) for SECONDS (default 600) through run.sh, then writes
# what libFuzzer reported (executions, speed, corpus, peak RSS, any crash) to Reports/fuzz/TARGET.md.
# Usage: Tests/Fuzz/long_run.sh [SECONDS] [TARGET]
set -euo pipefail
source "$(dirname "$0")/../../Benchmarks/Scripts/clean_tree.sh"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-600}
target=${2:-lzw-diff}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$here/run.sh" "$seconds" "$target" >"$log" 2>&1 || status=$?
mkdir -p "$root/Reports/fuzz"
{
  echo "# Fuzz run: $target"
  echo
  echo "Made by \`Tests/Fuzz/long_run.sh $seconds $target\` on $(date -u +%Y-%m-%d) at commit $report_commit"
  echo "($report_machine; libFuzzer with AddressSanitizer, release build)."
  echo
  echo "| figure | value |"
  echo "| --- | ---: |"
  for stat in number_of_executed_units average_exec_per_sec new_units_added slowest_unit_time_sec peak_rss_mb; do
    echo "| $stat | $(grep -m1 "stat::$stat:" "$log" | awk '{print $2}') |"
  done
  echo "| corpus files at the end | $(find "$here/work/$target/corpus" -type f | wc -l) |"
  echo "| exit status | $status |"
  echo
  if grep -qE 'ERROR: libFuzzer|SUMMARY: AddressSanitizer|precondition failure|Fatal error' "$log"; then
    echo "Findings:"; echo; echo '```'; grep -E 'ERROR: libFuzzer|SUMMARY|precondition failure|Fatal error|Test unit written' "$log" | head -20; echo '```'
  else
    echo "No crash, no sanitizer report, no disagreement between the codecs beyond those docs/decoding.md states."
  fi
} >"$root/Reports/fuzz/$target.md"
cat "$root/Reports/fuzz/$target.md"
exit "$status"
