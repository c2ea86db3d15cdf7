#!/usr/bin/env bash
# Issue 31's eight everyday tasks, each as the one command a new user reads from --help, with the first table (or
# lines) of its answer: writes OUT (default Reports/eight-tasks.md). The GIF is the built-in kingfisher-720x720x150
# (a 720×720, 150-frame GIF of the size the mission names); the device task uses the iPhone SE (2nd generation).
#
#   Benchmarks/Scripts/eight_tasks.sh [BENCH] [OUT]      BENCH default .build/release/bench
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$(realpath "${1:-$root/.build/release/bench}")
out=${2:-$root/Reports/eight-tasks.md}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gif=kingfisher-720x720x150
"$bench" corpus --out "$work/gifs" >/dev/null 2>&1
mine="$work/gifs/$gif.gif"

# first_table FILE: the first Markdown table of FILE, with the line that introduces it.
first_table() {
  awk '/^\|/ { print; found = 1; next } found { exit } { last = $0 }' "$1"
}

{
  echo "# Eight everyday tasks, one command each"
  echo
  echo "Made by \`Benchmarks/Scripts/eight_tasks.sh\` at commit $report_commit on $(date -u +%Y-%m-%d), release build, $report_machine."
  echo "Each task: the command (\`bench\` is \`swift run -c release bench\`), its exit status, and the first table of its answer."
  echo
} >"$out"

task() {
  local number=$1 title=$2 shown=$3 answer=$4
  shift 4
  echo "eight_tasks: $number. $title" >&2
  set +e
  "$@" >"$work/stdout.txt" 2>"$work/stderr.txt"
  local status=$?
  set -e
  {
    echo "## $number. $title"
    echo
    echo "\`\`\`sh"
    echo "$shown"
    echo "\`\`\`"
    echo
    echo "Exit status $status. First table of $answer:"
    echo
    if [ "$answer" = "stdout" ]; then first_table "$work/stdout.txt"; else first_table "$answer"; fi
    echo
  } >>"$out"
}

task 1 "Compare two windows on my GIF" "bench run --gif my.gif --windows 2,8 --decoders windowed --mode realtime" stdout \
  "$bench" run --gif "$mine" --windows 2,8 --decoders windowed --mode realtime --repetitions 2 --out "$work/t1"
{
  echo "Its ratio line, from results.md (stdout holds the answer alone):"
  echo
  grep -m1 -E '^- windowed w=[0-9]+ ÷ ' "$work/t1/results.md" || echo "(none)"
  echo
} >>"$out"

task 2 "Gate a pull request" "bench gate --quick --rounds 3   # CI: 10 rounds, the default" "$work/t2/gate.md" \
  "$bench" gate --quick --rounds 3 --out "$work/t2"

task 3 "The cheapest player for a device" \
  "bench run --gif my.gif --policies kingfisher,sdwebimage,flanimatedimage,ylgifimage,eager --device iphone-se-2 --mode realtime" stdout \
  "$bench" run --gif "$mine" --policies kingfisher,sdwebimage,flanimatedimage,ylgifimage,eager --device iphone-se-2 --mode realtime \
  --repetitions 2 --out "$work/t3"

task 4 "CSV into pandas" "bench run --gif my.gif --quick   # then: pandas.read_csv('bench-results/latest/results.csv')" stdout \
  "$bench" run --gif "$mine" --quick --out "$work/t4"
python3 - "$work/t4/results.csv" >>"$out" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
print("`results.csv`: %d rows, %d columns; the first columns of the first row:" % (len(rows), len(rows[0])))
print()
first = list(rows[0].items())[:8]
print("| " + " | ".join(k for k, _ in first) + " |")
print("|" + "---|" * len(first))
print("| " + " | ".join(v for _, v in first) + " |")
print()
PY

{
  echo "## 5. Look at a chart"
  echo
  echo "\`\`\`sh"
  echo "bench run --gif my.gif --windows 1,2,4,8 --mode realtime   # then open bench-results/latest/charts/*.svg"
  echo "\`\`\`"
  echo
} >>"$out"
"$bench" run --quiet --gif "$mine" --windows 1,2,4,8 --mode realtime --repetitions 2 --out "$work/t5" >/dev/null
{
  echo "Charts written, each rendered to PNG and checked here by \`Tests/Scripts/check_charts.py --files\` (no text off the"
  echo "canvas, no legend entries overlapping, no series drawn under another, no front through a beaten point):"
  echo
  for chart in "$work"/t5/charts/*.svg; do echo "- \`charts/$(basename "$chart")\`"; done
  echo
} >>"$out"


"$bench" run --quiet --quick --shard 1/2 --out "$work/t6a" >/dev/null
"$bench" run --quiet --quick --shard 2/2 --out "$work/t6b" >/dev/null
task 6 "Shard and merge" "bench run --quick --shard 1/2 --out a; bench run --quick --shard 2/2 --out b; bench merge a b --out merged" stdout \
  "$bench" merge "$work/t6a" "$work/t6b" --out "$work/t6"

task 7 "Run the feed" "bench feed --gif my.gif --players 6 --policies eager,windowed,kingfisher" stdout \
  "$bench" feed --gif "$mine" --players 6 --policies eager,windowed,kingfisher --out "$work/t7"

{
  echo "## 8. Inspect a GIF"
  echo
  echo "\`\`\`sh"
  echo "bench inspect my.gif          # or --json, or --hashes"
  echo "\`\`\`"
  echo
  echo "\`\`\`"
  # awk reads to the end (head would close the pipe early, and pipefail would end the script there).
  "$bench" inspect "$mine" | sed "s|$work/gifs/||" | awk 'NR <= 11'
  echo "\`\`\`"
} >>"$out"

# Every chart the tasks drew, looked at as a person would: rendered to PNG, every series it names seen.
{
  echo
  echo "## Charts"
  echo
  echo "Every chart of tasks 1, 3, 5 and 7, checked by \`Tests/Scripts/check_charts.py --files\`:"
  echo
  echo "\`\`\`"
  python3 "$root/Tests/Scripts/check_charts.py" --files "$work"/t1/charts "$work"/t3/charts "$work"/t5/charts "$work"/t7/charts 2>&1 \
    || echo "(check_charts exited $?)"
  echo "\`\`\`"
} >>"$out"
echo "eight_tasks: wrote $out" >&2
