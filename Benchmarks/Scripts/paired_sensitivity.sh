#!/usr/bin/env bash
# How sensitive the paired gate is (issue 26), on a machine shared as CI machines are: a second CPU-bound process runs
# beside every gate. The base is a copy of this very build (A/A), so any alarm in a clean run is noise, and a planted
# slowdown is the only difference in a planted run. The planted size is measured, not assumed: the windowed decoder's
# instructions summed over the instruction GIFs, planted ÷ clean.
#   - RUNS clean gates (quick suite, ROUNDS rounds, time only): no alarm expected;
#   - RUNS gates with a planted slowdown of about 3% of windowed CPU (time only): paired time should flag windowed w=4;
#   - RUNS gates with a planted slowdown of about 1% of windowed instructions (3 rounds, instructions on the five smaller
#     GIFs, as CI counts them): the counts should flag it, and a clean count run should not.
# Writes Reports/paired-gate/sensitivity.md. Usage: paired_sensitivity.sh [RUNS] [ROUNDS] (10 10). Run it from a clean
# commit, with nothing else running; it takes about RUNS × (2 × ROUNDS × 12 s + 2 × 80 s).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
source "$(dirname "${BASH_SOURCE[0]}")/paired_study.sh"
runs=${1:-10}
rounds=${2:-10}
cd "$(dirname "$0")/../.."
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then echo "paired_sensitivity.sh: commit first: the report names a clean commit" >&2; exit 2; fi
commit=$(git rev-parse --short=12 HEAD)
out=Reports/paired-gate
mkdir -p "$out"
# Keeps each gate's rounds.csv, gate.md and stderr in $out/data, so the summary can be rendered again from them.
paired_study_start "$out/data"
small=sticker-240x240x60,emoji-64x64x24,short-320x240x100,restore-previous-300x300x90,interlaced-400x300x40

# The second CPU-bound process, for the whole study.
paired_study_hog

# gate NAME [FLAGS...]: one paired gate of the quick suite against the A/A base.
gate() { paired_gate "$1" --quick "${@:2}"; }

# The planted sizes, from instruction counts (deterministic): the smallest X of each list reaching the target.
pick() { # pick TARGET X...: prints the first X whose windowed instructions rise by at least TARGET (a fraction)
  local target=$1; shift
  for x in "$@"; do
    gate "calibrate-$x" --rounds 3 --instructions-on "$small" --slow-windowed "$x" --allow-unjudged
    if python3 Benchmarks/Scripts/paired_sensitivity.py windowed-instructions "$work/calibrate-$x/rounds.csv" "$target"; then echo "$x"; return; fi
  done
  echo "paired_sensitivity.sh: no planted size reached $target" >&2; exit 1
}
time_x=$(pick 0.03 0.02 0.03 0.04 0.05 0.06 0.08) && [ -n "$time_x" ]
count_x=$(pick 0.01 0.005 0.008 0.01 0.012 0.015 0.02) && [ -n "$count_x" ]

for run in $(seq 1 "$runs"); do
  gate "clean-$run" --rounds "$rounds"
  gate "time-$run" --rounds "$rounds" --slow-windowed "$time_x"
  gate "count-$run" --rounds 3 --instructions-on "$small" --slow-windowed "$count_x"
  gate "countclean-$run" --rounds 3 --instructions-on "$small"
  # The report after every run, so a study cut short still says what it measured (and how many runs that was).
  python3 Benchmarks/Scripts/paired_sensitivity.py summary "$work" "$commit" "$runs" "$rounds" "$time_x" "$count_x" \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$run" >"$out/sensitivity.md"
done
cat "$out/sensitivity.md"
