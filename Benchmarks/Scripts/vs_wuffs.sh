#!/usr/bin/env bash
# This project's compositor and eager decoder side by side with Wuffs, the fastest GIF decoder we know of (issue 33).
#
# Builds ../shared/wuffs/wuffs_gif.c (Wuffs v0.4's single-file release and its timing harness) with gcc -O3 and clang -O3,
# then times, GIF by GIF and round by round in rotating order, Wuffs (both builds) decoding and compositing every frame
# into one RGBA canvas, and `bench speed --pass-times` (the project's compositor, and its eager decoder keeping every
# frame in its own buffer) on the fast codec. One clock and one statistic for all: process CPU time per pass, the
# median of a round's samples (the harness's rule, bench_common.h), the best round kept. Wuffs's figure is the faster
# of its two builds. Also measures this machine's memory-bandwidth floor (memset and memcpy of 256 MiB, in ns per
# pixel written) and says how far each path is from it.
#
# The GIFs: the synthetic corpus, Tests/Fixtures and ../shared/corpus, each once by name, those the project plays.
# Writes OUT/vs-wuffs.md and OUT/vs-wuffs.tsv (every round's figures). Without ../shared/wuffs it says so and stops.
#
#   Benchmarks/Scripts/vs_wuffs.sh [BENCH] [OUT]     BENCH default .build/release/bench, OUT default Reports/codec-speed
#   ROUNDS=7 (default) sets the rounds.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$(realpath "${1:-$root/.build/release/bench}")
out=${2:-$root/Reports/codec-speed}
rounds=${ROUNDS:-7}
wuffs=${WUFFS_DIR:-$root/../shared/wuffs}
if [ ! -f "$wuffs/wuffs_gif.c" ] || [ ! -f "$wuffs/wuffs-v0.4.c" ]; then
  echo "vs_wuffs: $wuffs holds no Wuffs harness (wuffs_gif.c, wuffs-v0.4.c): nothing to compare against; stopping" >&2
  exit 2
fi
for tool in gcc clang python3; do
  command -v "$tool" >/dev/null || { echo "vs_wuffs: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

echo "vs_wuffs: building Wuffs's harness with gcc -O3 and clang -O3 ($(gcc -dumpfullversion); $(clang --version | head -n1))" >&2
gcc -O3 -w -o "$work/wuffs-gcc" -I"$wuffs" "$wuffs/wuffs_gif.c"
clang -O3 -w -o "$work/wuffs-clang" -I"$wuffs" "$wuffs/wuffs_gif.c"

# The floor: writing memory as fast as this machine can, far past the caches (256 MiB), in ns per RGBA pixel.
cat >"$work/bandwidth.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(void) {
  size_t n = 256u << 20;
  unsigned char *a = malloc(n), *b = malloc(n);
  memset(a, 1, n); memset(b, 2, n);
  double best_set = 1e9, best_copy = 1e9;
  for (int i = 0; i < 7; i++) {
    double t0 = cpu(); memset(a, i, n); double t1 = cpu(); memcpy(b, a, n); double t2 = cpu();
    if (t1 - t0 < best_set) best_set = t1 - t0;
    if (t2 - t1 < best_copy) best_copy = t2 - t1;
  }
  /* a first touch: fresh pages from the kernel, as a decoder that allocates its frames meets them */
  unsigned char *c = malloc(n); double t3 = cpu(); memset(c, 3, n); double t4 = cpu();
  printf("memset_ns_per_px=%.4f memcpy_ns_per_px=%.4f first_touch_ns_per_px=%.4f sink=%d\n",
         best_set / (n / 4) * 1e9, best_copy / (n / 4) * 1e9, (t4 - t3) / (n / 4) * 1e9, a[n - 1] + b[n / 2] + c[7]);
  return 0;
}
C
gcc -O2 -o "$work/bandwidth" "$work/bandwidth.c"
"$work/bandwidth" >"$work/bandwidth.txt"

# The GIFs, each once by name, those the project plays (a damaged file the project refuses is left out, and listed).
mkdir -p "$work/gifs"
"$bench" corpus --out "$work/gifs" >/dev/null 2>&1
for gif in "$root"/Tests/Fixtures/*.gif "$root"/../shared/corpus/*.gif; do
  [ -f "$gif" ] || continue
  [ -e "$work/gifs/$(basename "$gif")" ] || ln -s "$gif" "$work/gifs/$(basename "$gif")"
done
: >"$work/refused.txt"
gifs=()
for gif in "$work"/gifs/*.gif; do
  if "$bench" inspect "$gif" --hashes >/dev/null 2>"$work/inspect.err"; then gifs+=("$gif"); else
    echo "$(basename "$gif"): $(sed 's/^bench: error: [^:]*: //' "$work/inspect.err")" >>"$work/refused.txt"
  fi
done
echo "vs_wuffs: ${#gifs[@]} GIFs, $rounds rounds" >&2

: >"$work/raw.txt"
for round in $(seq 1 "$rounds"); do
  index=0
  for gif in "${gifs[@]}"; do
    index=$((index + 1))
    printf '\rvs_wuffs: round %d/%d, GIF %d/%d ' "$round" "$rounds" "$index" "${#gifs[@]}" >&2
    # Three contenders in an order that turns with the GIF and the round, so drift and caches favour none.
    order=$(( (round + index) % 3 ))
    for turn in 0 1 2; do
      case $(( (order + turn) % 3 )) in
        0) "$work/wuffs-gcc" "$gif" | sed "s/^tool=wuffs/round=$round tool=wuffs-gcc/" >>"$work/raw.txt" ;;
        1) "$work/wuffs-clang" "$gif" | sed "s/^tool=wuffs/round=$round tool=wuffs-clang/" >>"$work/raw.txt" ;;
        2) "$bench" speed --pass-times --codec fast --gif "$gif" 2>/dev/null | sed "s/^/round=$round /" >>"$work/raw.txt" ;;
      esac
    done
  done
done
echo >&2

python3 - "$work" "$out" "$report_commit" "$report_machine" "$rounds" <<'PY'
import os, statistics, sys
work, out, commit, machine, rounds = sys.argv[1:6]
rows = []
for line in open(os.path.join(work, "raw.txt")):
    fields = dict(part.split("=", 1) for part in line.split() if "=" in part)
    if fields.get("status") != "ok":
        continue
    rows.append(fields)
bandwidth = dict(part.split("=") for part in open(os.path.join(work, "bandwidth.txt")).read().split())
refused = open(os.path.join(work, "refused.txt")).read().strip().splitlines()

def tool(row):
    return row["tool"] if row["tool"] != "project" else "project-" + row["mode"]

best = {}  # (gif, tool) -> best round's median CPU ms per pass
facts = {}
for row in rows:
    gif = os.path.basename(row["file"])[:-4]
    key = (gif, tool(row))
    value = float(row["cpu_median_ms"])
    best[key] = min(best.get(key, value), value)
    facts[gif] = (int(row["frames"]), int(row["w"]), int(row["h"]))

with open(os.path.join(out, "vs-wuffs.tsv"), "w") as tsv:
    tsv.write("round\tgif\ttool\tframes\twidth\theight\tcpu_median_ms\tcpu_best_ms\tmedian_ms\tbest_ms\n")
    for row in rows:
        tsv.write("\t".join([row["round"], os.path.basename(row["file"])[:-4], tool(row), row["frames"], row["w"], row["h"],
                             row["cpu_median_ms"], row["cpu_best_ms"], row["median_ms"], row["best_ms"]]) + "\n")

table, compositor_ratios, eager_ratios, big = [], [], [], []
for gif in sorted(facts, key=lambda g: -facts[g][0] * facts[g][1] * facts[g][2]):
    frames, width, height = facts[gif]
    gcc, clang = best.get((gif, "wuffs-gcc")), best.get((gif, "wuffs-clang"))
    comp, eager = best.get((gif, "project-compositor")), best.get((gif, "project-eager"))
    if None in (gcc, clang, comp):
        continue
    wuffs = min(gcc, clang)
    mpx = frames * width * height / 1e6
    ratio = wuffs / comp
    compositor_ratios.append(ratio)
    if mpx >= 1:
        big.append((gif, ratio))
    eager_ratio = wuffs / eager if eager else None
    if eager_ratio:
        eager_ratios.append(eager_ratio)
    ns = lambda ms: ms * 1e6 / (frames * width * height)
    table.append("| %s | %d×%d×%d | %.2f | %.3f | %.3f | %.3f | %s | **%.2f×** | %s | %.2f / %s |" % (
        gif, width, height, frames, mpx, gcc, clang, comp, "%.3f" % eager if eager else "–", ratio,
        "%.2f×" % eager_ratio if eager_ratio else "–", ns(comp), "%.2f" % ns(eager) if eager else "–"))

def spread(values):
    return "median **%.2f×**, minimum %.2f×, maximum %.2f× (%d GIFs)" % (statistics.median(values), min(values), max(values), len(values))

lines = [
    "# This project against Wuffs: decode and composite every frame",
    "",
    "Made by `Benchmarks/Scripts/vs_wuffs.sh` at commit %s, release build, on %s." % (commit, machine),
    "",
    "Each figure is process CPU time per pass (decode and composite every frame of the GIF from its bytes in memory), "
    "timed by the rule of `../shared/wuffs/bench_common.h` on both sides: the median of a round's samples, the best of "
    "%s rounds, the contenders alternating GIF by GIF in turning order. Wuffs v0.4 composites into one RGBA canvas "
    "as its gifplayer does, built with gcc -O3 and with clang -O3; its figure is the faster build's. The project's "
    "compositor does the same work with the fast LZW codec (`bench speed --pass-times`); its eager decoder also keeps "
    "every frame in a buffer of its own, as `UIImage.animatedImage` does. A ratio is Wuffs's time ÷ the project's: "
    "above 1× the project is faster." % rounds,
    "",
    "- Compositor ÷ Wuffs: " + spread(compositor_ratios) + ".",
    "- Compositor on GIFs of at least 1 Mpx composited: " + (spread([r for _, r in big]) if big else "none") + "; "
    "below 1×: " + (", ".join("%s %.2f×" % item for item in big if item[1] < 1) or "none") + ".",
    "- Eager decoder ÷ Wuffs: " + spread(eager_ratios) + ".",
    "- The memory-bandwidth floor of this machine (256 MiB buffers, best of 7): memset %.3f ns, memcpy %.3f ns per "
    "RGBA pixel written; the first touch of fresh pages %.3f ns per pixel (the kernel's zeroing and page faults)." % (
        float(bandwidth["memset_ns_per_px"]), float(bandwidth["memcpy_ns_per_px"]), float(bandwidth["first_touch_ns_per_px"])),
    "",
    "| GIF | screen × frames | Mpx | Wuffs gcc (ms) | Wuffs clang (ms) | compositor (ms) | eager (ms) | compositor ÷ Wuffs | eager ÷ Wuffs | ns per pixel: compositor / eager |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
] + table + [""]
if refused:
    lines += ["Left out, as the project refuses them (damaged files):", ""] + ["- " + line for line in refused] + [""]
lines += ["Every round's figures: `vs-wuffs.tsv` beside this file."]
open(os.path.join(out, "vs-wuffs.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines[:14]))
PY
