#!/usr/bin/env bash
# Builds a fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS (default 60) from a seed corpus of
# the synthetic GIFs (small ones), the fixtures (GIF and WebP) and the regression inputs; new interesting inputs go
# to Tests/Fuzz/work/TARGET/corpus (not committed), crashes to Tests/Fuzz/work/TARGET/ (commit them to
# Tests/Fuzz/regressions/, which every run of every target replays).
# Targets: gif-fuzz (the index, the sniffer, the compositor and both decoders, and WebP's container and frames: no
# crash, hang or leak) and lzw-diff (the fast LZW decoder against giflib's, row for row).
# Swift has no UndefinedBehaviorSanitizer on Linux (-sanitize=undefined is refused); the release build keeps Swift's own
# overflow and exclusivity traps, and AddressSanitizer watches every raw-pointer access.
# Usage: Tests/Fuzz/run.sh [SECONDS] [TARGET]   (from anywhere)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-60}
target=${2:-gif-fuzz}
case "$target" in gif-fuzz|lzw-diff) ;; *) echo "run.sh: unknown target '$target' (gif-fuzz or lzw-diff)" >&2; exit 2 ;; esac
cd "$here"
# shellcheck disable=SC2054 # -sanitize=fuzzer,address is one value
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" --product "$target" >&2
fuzzer=$(swift build "${flags[@]}" --show-bin-path)/$target
mkdir -p "work/$target/corpus" work/seeds
if [ ! -f work/seeds/.made ]; then
  # The project's bench as built, or built now (CI runs this while its gate plays that binary: it is not rebuilt then).
  (cd "$root" && { [ -x .build/release/bench ] || swift build -c release --product bench >&2; } && .build/release/bench corpus --out "$here/work/seeds/synthetic" 2>/dev/null)
  find work/seeds/synthetic -name '*.gif' -size +200k -delete
  cp "$root"/Tests/Fixtures/*.gif "$root"/Tests/Fixtures/webp/*.webp work/seeds/
  touch work/seeds/.made
fi
exec "$fuzzer" "work/$target/corpus" work/seeds "$here/regressions" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=16384 -artifact_prefix="work/$target/" -print_final_stats=1
