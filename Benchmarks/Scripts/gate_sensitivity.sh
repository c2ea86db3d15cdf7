#!/usr/bin/env bash
# How well the CI gate's instruction rule separates a real CPU regression from none (issue 12):
# RUNS clean quick runs and RUNS quick runs with a planted 10% windowed slowdown (--slow-windowed 0.1, one frame in
# ten decoded once more), each gated against the committed baseline (made by another run) exactly as CI does.
# Writes Reports/gate-sensitivity/instructions.md. Usage: gate_sensitivity.sh [RUNS] (default 10); about 2 min a run.
runs=${1:-10}
source "$(dirname "$0")/frozen_build.sh"

one() { # one NAME EXTRA...: a gated run; prints "NAME exit instructions-regressions other-causes"
  local name=$1; shift
  local status=0
  "$bench" run --quick --repetitions 1 --instructions --gate Reports/baseline.json --gate-times never \
    --out "$work/$name" "$@" >/dev/null 2>"$work/$name.err" || status=$?
  local instructions others
  instructions=$(grep -c 'gate: .*instructions regressed' "$work/$name.err" || true)
  others=$(grep 'gate: ' "$work/$name.err" | grep -vc 'instructions regressed\|no regression\|times reported' || true)
  echo "$name $status $instructions $others"
}

: >"$work/rows"
for i in $(seq 1 "$runs"); do
  one "clean-$i" | tee -a "$work/rows" >&2
  one "planted-$i" --slow-windowed 0.1 | tee -a "$work/rows" >&2
done

python3 - "$work" "$runs" >"$out/instructions.md" <<'PY'
import json, statistics, sys, pathlib
work, runs = pathlib.Path(sys.argv[1]), int(sys.argv[2])
rows = [line.split() for line in (work / "rows").read_text().splitlines()]
base = json.load(open("Reports/baseline.json"))
def counts(report):
    return {(r["bench_case"]["gif"], "eager" if "eager" in r["bench_case"]["decoder"] else "windowed"): r["instructions"]
            for r in report["results"] if r.get("instructions")}
reference = counts(base)
growth = {"clean": {}, "planted": {}}
for name, *_ in rows:
    kind = name.split("-")[0]
    for key, value in counts(json.load(open(work / name / "results.json"))).items():
        growth[kind].setdefault(key, []).append(value / reference[key] - 1)
clean = [r for r in rows if r[0].startswith("clean")]
planted = [r for r in rows if r[0].startswith("planted")]
print("# Instruction gate: planted 10% windowed slowdown against clean runs\n")
print(f"Made by `Benchmarks/Scripts/gate_sensitivity.sh {runs}`: {runs} clean quick runs and {runs} with `--slow-windowed 0.1`,")
print("each gated with `--instructions --gate Reports/baseline.json --gate-times never` (the committed baseline, from another run).\n")
print(f"- clean runs that failed the gate: **{sum(r[1] != '0' for r in clean)} of {len(clean)}** "
      f"(instruction regressions reported: {sum(int(r[2]) for r in clean)})")
print(f"- planted runs that failed the gate on instructions: **{sum(int(r[2]) > 0 for r in planted)} of {len(planted)}**; "
      f"windowed cases flagged per run: {', '.join(r[2] for r in planted)} of 9")
print(f"- other causes named in any run: {sum(int(r[3]) for r in rows)}\n")
print("| gif | decoder | clean: change vs baseline (min … max) | planted: change vs baseline (min … max) |")
print("|---|---|---:|---:|")
for key in sorted(reference):
    c, p = growth["clean"].get(key, [0]), growth["planted"].get(key, [0])
    print(f"| {key[0]} | {key[1]} | {min(c):+.5%} … {max(c):+.5%} | {min(p):+.3%} … {max(p):+.3%} |")
PY
cat "$out/instructions.md"
