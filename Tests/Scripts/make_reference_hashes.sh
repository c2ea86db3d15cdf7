#!/usr/bin/env bash
# Regenerates Tests/Fixtures/reference-hashes.txt with independent decoders (Pillow, ImageMagick).
# Lines: '<file> <decoder> <index> <hash>', or '<file> <decoder> - failed' when a decoder cannot read the file (the test
# then fails: a reference is never dropped silently). Files whose raw frames follow another convention also get
# '<decoder>-within-screen' hashes (see reference_hashes.py), so every file has pixels an independent decoder checks.
# Needs python3 with Pillow and ImageMagick's convert.
# Usage: Tests/Scripts/make_reference_hashes.sh   (from the package root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=Tests/Fixtures/reference-hashes.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product bench >/dev/null
# The files ReferenceDecoderTests.otherConventions names for both decoders: no raw hash checks their pixels.
other_conventions="gh-wuffs__frame-out-of-bounds.gif gh-wuffs__small-frame-interlaced.gif"
.build/release/bench corpus --out "$work/synthetic" 2>/dev/null
{
  echo "# Reference frame hashes by independent decoders; made by Tests/Scripts/make_reference_hashes.sh, not by hand."
  echo "# <file> <decoder> <index> <FNV-1a 64 of RGBA, fully transparent pixels as 0,0,0,0>"
  for gif in Tests/Fixtures/*.gif ../shared/corpus/gh-*.gif; do
    [ -f "$gif" ] || continue
    name=$(basename "$gif")
    for decoder in pillow magick; do
      if python3 Tests/Scripts/reference_hashes.py --decoder "$decoder" "$gif" >"$work/hashes" 2>"$work/errors"; then
        sed "s|^|$name $decoder |" "$work/hashes"
      else
        echo "$name $decoder - failed"
        echo "$name: $decoder failed: $(tail -n 1 "$work/errors")" >&2
      fi
      case " $other_conventions " in
        *" $name "*)
          python3 Tests/Scripts/reference_hashes.py --decoder "$decoder" --within-screen "$gif" | sed "s|^|$name $decoder-within-screen |" ;;
      esac
    done
  done
  for gif in "$work"/synthetic/*.gif; do
    python3 Tests/Scripts/reference_hashes.py --decoder pillow "$gif" | sed "s|^|$(basename "$gif") pillow |"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -vc '^#' "$out") frame hashes)" >&2
