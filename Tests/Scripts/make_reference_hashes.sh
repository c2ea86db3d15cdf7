#!/usr/bin/env bash
# Regenerates Tests/Fixtures/reference-hashes.txt with independent decoders (Pillow, ImageMagick).
# Lines: '<file> <decoder> <index> <hash>'. Needs python3 with Pillow and ImageMagick's convert.
# Usage: Tests/Scripts/make_reference_hashes.sh   (from the package root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=Tests/Fixtures/reference-hashes.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product bench >/dev/null
.build/release/bench corpus --out "$work/synthetic" 2>/dev/null
{
  echo "# Reference frame hashes by independent decoders; made by Tests/Scripts/make_reference_hashes.sh, not by hand."
  echo "# <file> <decoder> <index> <FNV-1a 64 of RGBA, fully transparent pixels as 0,0,0,0>"
  for gif in Tests/Fixtures/*.gif ../shared/corpus/gh-*.gif; do
    [ -f "$gif" ] || continue
    for decoder in pillow magick; do
      python3 Tests/Scripts/reference_hashes.py --decoder "$decoder" "$gif" 2>/dev/null | sed "s|^|$(basename "$gif") $decoder |" || true
    done
  done
  for gif in "$work"/synthetic/*.gif; do
    python3 Tests/Scripts/reference_hashes.py --decoder pillow "$gif" | sed "s|^|$(basename "$gif") pillow |"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") frame hashes)" >&2
