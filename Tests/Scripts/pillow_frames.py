#!/usr/bin/env python3
"""Streams every composited frame of an animation as Pillow decodes it, for tests that compare frames too large to hash
in Python (the seed's WebP twins hold 311 MB of frames).

Writes one line '<width> <height> <frames>' to stdout, then each frame's straight RGBA bytes in order, nothing else.
Used by Tests/BenchTests/WebPTwinFramesTests.swift; never by the product.

usage: pillow_frames.py FILE
"""
import sys

from PIL import Image


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    out = sys.stdout.buffer
    with Image.open(argv[0]) as im:
        count = getattr(im, "n_frames", 1)
        out.write(f"{im.size[0]} {im.size[1]} {count}\n".encode())
        for index in range(count):
            im.seek(index)
            out.write(im.convert("RGBA").tobytes())
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
