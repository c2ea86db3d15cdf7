#!/usr/bin/env bash
# Makes the animated WebP fixtures in Tests/Fixtures/webp/ and their reference hashes, by tools independent of the
# product: Pillow (its own bundled libwebp) writes four files and reads every one back; Debian's gif2webp converts two
# fixture GIFs (lossless, and lossy with -mixed). Lines of webp-reference-hashes.txt: '<file> pillow <index> <hash>',
# the FNV-1a 64 of each composited frame's straight RGBA, fully transparent pixels as 0,0,0,0, as reference_hashes.py
# gives for GIFs. Then the real corpus's WebP twins (`bench run --corpus real`), in webp/real/: each real many-frame
# GIF converted by gif2webp lossless and -lossy (quality 75), and the smaller file kept, as a feed that serves WebP to
# save bytes would choose; their frames are not hashed here (Pillow's pure-Python hashing of 500 MB of frames takes
# minutes): Tests/BenchTests/WebPTwinFramesTests compares them with Pillow's byte for byte instead. Needs python3 with
# Pillow and the webp package (gif2webp).
# Usage: Tests/Scripts/make_webp_fixtures.sh   (from the package root)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=Tests/Fixtures/webp
mkdir -p "$out"
gif2webp -quiet Tests/Fixtures/src-giflib__fire.gif -o "$out/gif2webp-lossless__src-giflib__fire.webp"
gif2webp -quiet -mixed Tests/Fixtures/deb-node-nodemailer__nyan.gif -o "$out/gif2webp-mixed__deb-node-nodemailer__nyan.webp"
mkdir -p "$out/real"
twins=$(mktemp -d)
trap 'rm -rf "$twins"' EXIT
for stem in deb-firmware-microbit-micropython-doc__binary_count deb-firmware-microbit-micropython-doc__scroll-hello \
            deb-python3-elgato-streamdeck__RGB_color_space_animated_view deb-python3-enlighten-doc__demo src-giflib__fire; do
  gif2webp -quiet "Tests/Fixtures/$stem.gif" -o "$twins/lossless.webp"
  gif2webp -quiet -lossy "Tests/Fixtures/$stem.gif" -o "$twins/lossy.webp"
  if [ "$(stat -c %s "$twins/lossy.webp")" -lt "$(stat -c %s "$twins/lossless.webp")" ]; then kept=lossy; else kept=lossless; fi
  cp "$twins/$kept.webp" "$out/real/$stem.webp"
  echo "make_webp_fixtures: real/$stem.webp is gif2webp's $kept output ($(stat -c %s "$out/real/$stem.webp") bytes)" >&2
done
python3 - "$out" <<'PY'
import os, sys
from PIL import Image, ImageDraw

out = sys.argv[1]

def frames(size, count, alpha):
    """Moving shapes over a gradient; with alpha, a background that fades and a hole that stays transparent."""
    w, h = size
    made = []
    for i in range(count):
        image = Image.new("RGBA", size, (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        for y in range(h):
            draw.line([(0, y), (w, y)], fill=(y * 255 // h, 80 + i * 20, 255 - y * 255 // h, 255 if not alpha else 40 + y * 200 // h))
        draw.ellipse([i * 5, i * 3, i * 5 + w // 3, i * 3 + h // 3], fill=(255, 220, 0, 255))
        if alpha:
            draw.rectangle([w - 12, h - 10, w - 2, h - 2], fill=(0, 0, 0, 0))
        made.append(image)
    return made

def save(name, images, **options):
    images[0].save(os.path.join(out, name), save_all=len(images) > 1, append_images=images[1:], loop=0,
                   duration=[40 + 20 * (i % 3) for i in range(len(images))], **options)

save("pillow-lossless-alpha.webp", frames((40, 30), 6, alpha=True), lossless=True)
save("pillow-lossy.webp", [f.convert("RGB") for f in frames((48, 48), 5, alpha=False)], quality=70)
save("pillow-lossy-alpha.webp", frames((36, 28), 4, alpha=True), quality=60)
frames((32, 24), 1, alpha=True)[0].save(os.path.join(out, "pillow-still-lossless.webp"), lossless=True)
PY
python3 - "$out" >"$out/webp-reference-hashes.txt" <<'PY'
import os, sys
from PIL import Image

FNV_OFFSET, FNV_PRIME, MASK = 0xCBF29CE484222325, 0x100000001B3, (1 << 64) - 1

def fnv1a(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK
    return h

print("# Reference frame hashes of the WebP fixtures, by Pillow; made by Tests/Scripts/make_webp_fixtures.sh, not by hand.")
print("# <file> pillow <index> <FNV-1a 64 of straight RGBA, fully transparent pixels as 0,0,0,0>")
folder = sys.argv[1]
for name in sorted(n for n in os.listdir(folder) if n.endswith(".webp")):
    with Image.open(os.path.join(folder, name)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            rgba = bytearray(image.convert("RGBA").tobytes())
            for i in range(3, len(rgba), 4):
                if rgba[i] == 0:
                    rgba[i - 3:i] = b"\0\0\0"
            print("%s pillow %d %016x" % (name, index, fnv1a(bytes(rgba))))
PY
echo "make_webp_fixtures: wrote $(find "$out" -name '*.webp' | wc -l) files and $out/webp-reference-hashes.txt" >&2
