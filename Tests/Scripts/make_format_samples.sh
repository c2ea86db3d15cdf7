#!/usr/bin/env bash
# Regenerates the small sample files of every format that Tests/ImageCacheTests sniff, with Pillow and ImageMagick
# (independent producers, never part of the product). Usage: Tests/Scripts/make_format_samples.sh  (from the package root)
set -euo pipefail
out=Tests/Fixtures/formats
mkdir -p "$out"
python3 - "$out" <<'PY'
import sys
from PIL import Image
out = sys.argv[1]
frames = [Image.new("RGBA", (8, 8), color) for color in [(255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 128)]]
still = frames[0].convert("RGB")
still.save(f"{out}/still.png")
frames[0].save(f"{out}/animated.png", save_all=True, append_images=frames[1:], duration=100, loop=0)   # APNG
still.save(f"{out}/still.jpg", quality=80)
still.save(f"{out}/still.webp", lossless=True)
frames[0].save(f"{out}/animated.webp", save_all=True, append_images=frames[1:], duration=100, loop=0, lossless=True)
still.save(f"{out}/still.bmp")
still.save(f"{out}/little-endian.tif")
still.save(f"{out}/still.avif")
PY
convert "$out/still.png" -define tiff:endian=msb "$out/big-endian.tif"
convert "$out/still.png" "$out/still.heic"
ls -l "$out"
