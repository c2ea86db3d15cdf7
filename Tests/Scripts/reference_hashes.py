#!/usr/bin/env python3
"""Independent reference frame hashes for GIF files, from Pillow or ImageMagick.

Prints one '<index> <hash>' line per frame: FNV-1a 64 over the RGBA bytes of each
composited frame, fully transparent pixels normalised to 0,0,0,0 (DESIGN.md).
Used by the test suite (Tests/GIFCodecTests/ReferenceDecoderTests.swift) and to regenerate
Tests/Fixtures/reference-hashes.txt; never by the product.

usage: reference_hashes.py [--decoder pillow|magick] FILE...
"""
import subprocess
import sys

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK = (1 << 64) - 1


def fnv1a(data: bytes) -> int:
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK
    return h


def normalise(rgba: bytes) -> bytes:
    out = bytearray(rgba)
    for i in range(3, len(out), 4):
        if out[i] == 0:
            out[i - 3:i] = b"\0\0\0"
    return bytes(out)


def pillow_frames(path):
    from PIL import Image
    with Image.open(path) as im:
        for index in range(getattr(im, "n_frames", 1)):
            im.seek(index)
            yield im.convert("RGBA").tobytes()


def magick_frames(path):
    info = subprocess.run(["identify", "-format", "%W %H\n", path], capture_output=True, text=True, check=True)
    width, height = map(int, info.stdout.split("\n")[0].split())
    raw = subprocess.run(["convert", path, "-coalesce", "rgba:-"], capture_output=True, check=True).stdout
    size = width * height * 4
    for offset in range(0, len(raw) - size + 1, size):
        yield raw[offset:offset + size]


def main(argv):
    decoder = "pillow"
    if len(argv) >= 2 and argv[0] == "--decoder":
        decoder, argv = argv[1], argv[2:]
    frames = {"pillow": pillow_frames, "magick": magick_frames}[decoder]
    for path in argv:
        if len(argv) > 1:
            print(f"# {path}")
        for index, rgba in enumerate(frames(path)):
            print(f"{index} {fnv1a(normalise(rgba)):016x}")


if __name__ == "__main__":
    main(sys.argv[1:])
