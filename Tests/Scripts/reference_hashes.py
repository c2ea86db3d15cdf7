#!/usr/bin/env python3
"""Independent reference frame hashes for GIF files, from Pillow or ImageMagick.

Prints one '<index> <hash>' line per frame: FNV-1a 64 over the RGBA bytes of each
composited frame, fully transparent pixels normalised to 0,0,0,0 (README, "Pixel conventions").
Used by the test suite (Tests/GIFCodecTests/ReferenceDecoderTests.swift) and to regenerate
Tests/Fixtures/reference-hashes.txt; never by the product.

With --within-screen, each frame is first cut to the logical screen (decoders that grow the
canvas for frames outside it keep the screen at the top left) and every pixel that is fully
transparent or opaque in the GIF's background colour becomes 0,0,0,0: what remains is the
pixels every convention agrees on, for files whose raw frames follow another convention.

usage: reference_hashes.py [--decoder pillow|magick] [--within-screen] FILE...
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


def screen(path):
    """Logical screen width, height and background RGB (None without a global colour table)."""
    with open(path, "rb") as f:
        head = f.read(13 + 3 * 256)
    width, height = head[6] | head[7] << 8, head[8] | head[9] << 8
    packed, index = head[10], head[11]
    if not packed & 0x80 or index >= 2 << (packed & 7):
        return width, height, None
    return width, height, bytes(head[13 + 3 * index:16 + 3 * index])


def within_screen(rgba: bytes, frame_width: int, width: int, height: int, background) -> bytes:
    out = bytearray()
    for row in range(height):
        out += rgba[row * frame_width * 4:(row * frame_width + width) * 4]
    for i in range(0, len(out), 4):
        if out[i + 3] == 0 or (out[i + 3] == 255 and background is not None and out[i:i + 3] == background):
            out[i:i + 4] = b"\0\0\0\0"
    return bytes(out)


def pillow_frames(path):
    from PIL import Image
    with Image.open(path) as im:
        for index in range(getattr(im, "n_frames", 1)):
            im.seek(index)
            yield im.size[0], im.convert("RGBA").tobytes()


def magick_frames(path):
    info = subprocess.run(["identify", "-format", "%W %H\n", path], capture_output=True, text=True, check=True)
    width, height = map(int, info.stdout.split("\n")[0].split())
    raw = subprocess.run(["convert", path, "-coalesce", "rgba:-"], capture_output=True, check=True).stdout
    size = width * height * 4
    for offset in range(0, len(raw) - size + 1, size):
        yield width, raw[offset:offset + size]


def main(argv):
    decoder = "pillow"
    if len(argv) >= 2 and argv[0] == "--decoder":
        decoder, argv = argv[1], argv[2:]
    cut = len(argv) >= 1 and argv[0] == "--within-screen"
    if cut:
        argv = argv[1:]
    frames = {"pillow": pillow_frames, "magick": magick_frames}[decoder]
    for path in argv:
        if len(argv) > 1:
            print(f"# {path}")
        width, height, background = screen(path)
        for index, (frame_width, rgba) in enumerate(frames(path)):
            pixels = within_screen(rgba, frame_width, width, height, background) if cut else normalise(rgba)
            print(f"{index} {fnv1a(pixels):016x}")


if __name__ == "__main__":
    main(sys.argv[1:])
