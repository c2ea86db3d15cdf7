#!/usr/bin/env bash
# Where the eager decoder's time goes in `bench speed --pass-times` (issue 33): how many fresh pages the kernel faults in
# for each eager pass, against the pages its frames fill, under jemalloc as the project runs it and under two other
# jemalloc settings given through MALLOC_CONF (the product is unchanged; only the allocator's policy for memory freed by
# the pass before differs):
#   default                          Debian's jemalloc 5.3 as is;
#   dirty_decay_ms:-1                freed pages are never given back to the kernel;
#   lg_extent_max_active_fit:30      a freed run of pages may be split for a much smaller request (the default, 6, lets
#                                    jemalloc cut a request from a free run at most 64 times its size).
# A pass frees every frame at its end; which setting cuts the next pass's faults says which policy gave the frames back
# (Reports/codec-speed/eager-page-faults.md: the decay, for kingfisher-720x720x150; neither setting, for most of
# long-320x240x1000's).
#
# Prints a Markdown table (GIF, setting, eager CPU ms per pass, minor faults per eager pass, pages the frames fill). The
# faults are the whole process's (`/usr/bin/time`'s %R) divided by the eager passes: the compositor's passes, timed in the
# same process, reuse one canvas and add few.
#
#   Benchmarks/Scripts/eager_page_faults.sh [BENCH] [GIF...]   BENCH default .build/release/bench; GIFs default: three of
#                                                               the synthetic corpus (long, kingfisher, sticker) and
#                                                               the elgato-streamdeck fixture
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$(realpath "${1:-$root/.build/release/bench}")
shift || true
[ -x /usr/bin/time ] || { echo "eager_page_faults: /usr/bin/time is not installed (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gifs=("$@")
if [ ${#gifs[@]} = 0 ]; then
  "$bench" corpus --out "$work/corpus" >/dev/null 2>&1
  gifs=("$work/corpus/long-320x240x1000.gif" "$work/corpus/kingfisher-720x720x150.gif" "$work/corpus/sticker-240x240x60.gif"
        "$root/Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif")
fi
echo "# Fresh pages for every eager pass"
echo
echo "Made by \`Benchmarks/Scripts/eager_page_faults.sh\` at commit $report_commit, release build, on $report_machine." \
  "\`bench speed --pass-times --codec fast --min-time 1\`" \
  "per GIF and jemalloc setting; the script's header says what each setting changes."
echo
echo "| GIF | jemalloc setting | eager CPU per pass (ms, median) | minor faults per eager pass | 4 KiB pages the frames fill |"
echo "|---|---|---:|---:|---:|"
for gif in "${gifs[@]}"; do
  for setting in default dirty_decay_ms:-1 lg_extent_max_active_fit:30; do
    conf=$setting
    [ "$setting" = default ] && conf=
    MALLOC_CONF=$conf /usr/bin/time -f "%R" -o "$work/faults" "$bench" speed --gif "$gif" --codec fast --pass-times \
      --min-time 1 >"$work/out" 2>/dev/null
    python3 - "$work/out" "$work/faults" "$(basename "$gif" .gif)" "$setting" <<'PY'
import sys
lines = [dict(f.split("=", 1) for f in l.split() if "=" in f) for l in open(sys.argv[1])]
eager = next(l for l in lines if l.get("mode") == "eager")
faults = int(open(sys.argv[2]).read().split()[-1])
passes = int(eager["passes"]) * int(eager["samples"]) + 1  # the samples' passes and the warm-up pass
pages = int(eager["frames"]) * int(eager["w"]) * int(eager["h"]) * 4 // 4096
print(f"| {sys.argv[3]} | {sys.argv[4]} | {float(eager['cpu_median_ms']):.1f} | {faults // passes} | {pages} |")
PY
  done
done
