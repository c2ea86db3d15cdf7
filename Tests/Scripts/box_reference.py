#!/usr/bin/env python3
"""Pillow's area-averaging downscale of raw RGBA8 frames: the independent reference for the display scaling
(Tests/FrameDecodersTests/DisplayScalingTests.swift); never used by the product.

Exact area averaging with Pillow's own operations: each side is first enlarged by nearest-neighbour replication to
the least common multiple of the source and target sizes, then Image.reduce averages whole blocks. Pillow premultiplies
RGBA by alpha for both, as the harness does. With --resize-box, Image.resize(BOX) instead (it weights each source
pixel 0 or 1 by where its centre falls, not by the area it covers), for comparison only.

usage: box_reference.py [--resize-box] WIDTH HEIGHT TARGET_WIDTH TARGET_HEIGHT IN.rgba OUT.rgba
"""
import math
import sys

from PIL import Image


def main(argv):
    resize_box = "--resize-box" in argv
    args = [a for a in argv if a != "--resize-box"]
    width, height, target_width, target_height = (int(a) for a in args[:4])
    source, target = args[4], args[5]
    with open(source, "rb") as f:
        image = Image.frombytes("RGBA", (width, height), f.read())
    if resize_box:
        scaled = image.resize((target_width, target_height), Image.Resampling.BOX)
    else:
        lcm_w = width * target_width // math.gcd(width, target_width)
        lcm_h = height * target_height // math.gcd(height, target_height)
        enlarged = image.resize((lcm_w, lcm_h), Image.Resampling.NEAREST)
        scaled = enlarged.reduce((lcm_w // target_width, lcm_h // target_height))
    assert scaled.size == (target_width, target_height), scaled.size
    with open(target, "wb") as f:
        f.write(scaled.tobytes())


if __name__ == "__main__":
    main(sys.argv[1:])
