#!/usr/bin/env bash
# The indexed decoder beside eager and windowed (w=4), throughput mode, with each codec, on the seed case (full-frame
# updates), the synthetic screencast and a real terminal recording (small changing rectangles), and the many-colour
# streamdeck GIF: Reports/indexed-decoder/<codec>-<loops>loop/ and Reports/indexed-decoder/summary.md, with the
# steady-state CPU per loop ((CPU over 3 loops − CPU over 1 loop) ÷ 2).
# Usage: Benchmarks/Scripts/indexed_decoder.sh [REPETITIONS]   (repository root; release build; run it alone)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
repetitions="${1:-3}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" corpus --out "$work" >/dev/null 2>&1
gifs=(--gif "$work/kingfisher-720x720x150.gif" --gif "$work/screencast-800x600x120.gif"
      --gif Tests/Fixtures/deb-python3-enlighten-doc__demo.gif
      --gif Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif)
for codec in giflib fast; do
    for loops in 1 3; do
        "$bench" run "${gifs[@]}" --decoders eager,windowed,indexed --windows 4 --codec "$codec" --loops "$loops" \
            --repetitions "$repetitions" --out "Reports/indexed-decoder/$codec-${loops}loop" >&2
    done
done
python3 - <<'PY' > Reports/indexed-decoder/summary.md
import csv, statistics
print("# The indexed decoder beside eager and windowed (Benchmarks/Scripts/indexed_decoder.sh)\n")
print("Throughput mode, window 4, medians over repetitions. CPU is cpu_total_s (all threads); steady CPU per loop is")
print("(median CPU over 3 loops − median CPU over 1 loop) ÷ 2: what each later loop costs. Peak is jemalloc_allocated_peak_bytes over 3 loops.\n")
def load(codec, loops):
    rows = [r for r in csv.DictReader(open(f"Reports/indexed-decoder/{codec}-{loops}loop/results.csv")) if r["status"] == "ok"]
    out = {}
    for r in rows: out.setdefault((r["gif"], r["decoder"]), []).append(r)
    return out
for codec in ["giflib", "fast"]:
    one, three = load(codec, 1), load(codec, 3)
    print(f"## {codec} codec\n")
    print("| GIF | decoder | peak allocated | ÷ eager | CPU, 3 loops | ÷ eager | ÷ windowed | steady CPU per loop | ÷ windowed | frames identical to eager |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    gifs = []
    for (gif, _) in three:
        if gif not in gifs: gifs.append(gif)
    for gif in gifs:
        med = lambda table, dec, col: statistics.median(float(r[col]) for r in table[(gif, dec)])
        steady = {d: (med(three, d, "cpu_total_s") - med(one, d, "cpu_total_s")) / 2 for d in ["eager", "windowed", "indexed"]}
        for d in ["eager", "windowed", "indexed"]:
            peak, cpu = med(three, d, "jemalloc_allocated_peak_bytes"), med(three, d, "cpu_total_s")
            same = three[(gif, d)][0]["frames_hash"] == three[(gif, "eager")][0]["frames_hash"]
            print(f"| {gif} | {d} | {peak/2**20:.1f} MiB | {peak/med(three,'eager','jemalloc_allocated_peak_bytes'):.2f}× "
                  f"| {cpu*1000:.0f} ms | {cpu/med(three,'eager','cpu_total_s'):.2f}× | {cpu/med(three,'windowed','cpu_total_s'):.2f}× "
                  f"| {steady[d]*1000:.1f} ms | {steady[d]/steady['windowed'] if steady['windowed'] > 0 else float('nan'):.2f}× | {'yes' if same else 'NO'} |")
    print()
PY
echo "wrote Reports/indexed-decoder/summary.md" >&2
