#!/usr/bin/env bash
# Shows that the CI gate judges the code, not the host's speed (issue 10): a real run compared with copies of the
# committed baseline whose absolute times (and host calibration) are scaled as a faster (×0.7) or slower (×1.4)
# host would show them must pass, and a copy whose memory figure is lowered by 20% must fail.
# Usage: host_speed_check.sh BENCH REPORT.json BASELINE.json
set -euo pipefail
bench=$1 report=$2 baseline=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# variant NAME TIME_FACTOR MEMORY_FACTOR [SOURCE]: a copy of SOURCE (the baseline unless given) with every time ×
# TIME_FACTOR and every jemalloc_allocated_peak_bytes × MEMORY_FACTOR.
variant() {
  python3 - "${4:-$baseline}" "$work/$1.json" "$2" "$3" <<'PY'
import json, sys
source, target, time_factor, memory_factor = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
report = json.load(open(source))
times = ("cpu_total_seconds", "cpu_user_seconds", "cpu_system_seconds", "wall_seconds", "first_frame_seconds",
         "frame_decode_p50_seconds", "frame_decode_p99_seconds")
for row in report["results"]:
    for key in times:
        if isinstance(row.get(key), (int, float)):
            row[key] *= time_factor
    row["jemalloc_allocated_peak_bytes"] = int(row["jemalloc_allocated_peak_bytes"] * memory_factor)
host = report["metadata"].get("host") or {}
if isinstance(host.get("calibration_seconds"), (int, float)):
    host["calibration_seconds"] *= time_factor
json.dump(report, open(target, "w"))
PY
}

# expect STATUS NAME GATE_TIMES: bench compare of the real report against variant NAME must exit STATUS.
failures=0
expect() {
  local status=0
  "$bench" compare --baseline "$work/$2.json" --current "$report" --gate-times "$3" >"$work/out.md" 2>"$work/err.txt" || status=$?
  if [[ $status == "$1" ]]; then
    echo "host-speed check: $2 with --gate-times $3: exit $status, as expected"
  else
    echo "host-speed check: $2 with --gate-times $3: exit $status, expected $1" >&2
    cat "$work/err.txt" >&2
    failures=$((failures + 1))
  fi
}

variant faster-host 0.7 1
variant slower-host 1.4 1
variant memory-lowered 1 0.8
expect 0 faster-host never
expect 0 slower-host never
expect 0 faster-host auto
expect 0 slower-host auto
expect 1 memory-lowered never
# The control: against a baseline 30% faster than this very run (made from the run itself, so the control holds on a
# host of any speed), the run is 43% slower, which a time-gating comparison fails.
variant faster-than-this-run 0.7 1 "$report"
expect 1 faster-than-this-run always
exit $((failures > 0))
