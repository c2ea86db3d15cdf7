#!/usr/bin/env bash
# What the wall-CPU rules (cpu_total_s, bootstrap with a 10% noise band) catch on one host (issue 12): a same-host
# quick baseline, then quick runs with planted windowed slowdowns (--slow-windowed X: X extra LZW decodes per frame on
# average), gated with --gate-times always; and a ~10% slowdown at growing repetition counts, with the default band
# and with a 5% band. Writes Reports/gate-sensitivity/time-rules.md. Run it on a quiet machine: about 10 minutes.
source "$(dirname "$0")/frozen_build.sh"
"$bench" compare --print-thresholds | python3 -c '
import json, sys
rules = json.load(sys.stdin)
for rule in rules["rules"]:
    if rule["metric"] == "cpu_total_s": rule["limit"] = 0.05
print(json.dumps(rules))' >"$work/band5.json"

"$bench" run --quick --repetitions 3 --out "$work/base" >/dev/null 2>&1
: >"$work/rows"
# trial NAME REPETITIONS SLOWDOWN [THRESHOLDS]: one gated run; records flagged windowed cases and the median change.
trial() {
  local name=$1 reps=$2 slowdown=$3 thresholds=${4:-}
  "$bench" run --quick --repetitions "$reps" --slow-windowed "$slowdown" --out "$work/$name" >/dev/null 2>&1
  "$bench" compare --baseline "$work/base/results.json" --current "$work/$name/results.json" --gate-times always \
    ${thresholds:+--thresholds "$thresholds"} >"$work/$name.md" 2>/dev/null || true
  python3 - "$work/$name.md" "$name" "$reps" "$slowdown" "${thresholds:+5%}" >>"$work/rows" <<'PY'
import re, statistics, sys
path, name, reps, slowdown, band = sys.argv[1:6]
section, changes, flagged = "", [], 0
for line in open(path):
    if line.startswith("## "): section = line
    if "windowed" in section and line.startswith("| cpu_total_s |"):
        cells = [c.strip() for c in line.split("|")]
        changes.append(float(cells[4].split("%")[0]))
        flagged += "regressed" in cells[5]
print(f"{name}|{reps}|{slowdown}|{band or '10%'}|{statistics.median(changes):+.1f}%|{flagged} of {len(changes)}")
PY
  tail -n 1 "$work/rows" >&2
}
trial clean 3 0
for x in 0.1 0.25 0.5 1; do trial "slow-$x" 3 "$x"; done
for reps in 3 5 10 20; do
  trial "ten-$reps" "$reps" 0.13
  trial "ten-$reps-band5" "$reps" 0.13 "$work/band5.json"
done
{
  echo "# Wall-CPU rule: what a planted windowed slowdown takes to be caught on one host"
  echo
  echo "Made by \`Benchmarks/Scripts/time_rule_sensitivity.sh\`: a quick baseline with 3 repetitions, then quick runs with"
  echo "\`--slow-windowed X\`, compared with \`--gate-times always\`. *Median change* is the median over the 9 windowed"
  echo "cases of the change of their median \`cpu_total_s\`; *flagged* counts windowed cases the rule called a regression."
  echo "Cases under 20 ms of CPU are not gated. Band: the rule's noise band (default 10%; 5% through a thresholds file)."
  echo
  echo "| run | repetitions | slowdown X | band | median change | flagged |"
  echo "|---|---:|---:|---:|---:|---:|"
  sed 's/|/ | /g; s/^/| /; s/$/ |/' "$work/rows"
} >"$out/time-rules.md"
cat "$out/time-rules.md"
