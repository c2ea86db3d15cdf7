#!/usr/bin/env python3
"""Every chart a report can draw, rendered to PNG and checked for labels that leave the canvas or overlap.

Makes each kind of chart with a release `bench` (a real-time run with a window sweep and two library players at two
speeds and two repetitions, a legend of 12 entries; a throughput run of a GIF with a 150-character name; a feed), then for each SVG:

  1. renders it to PNG with rsvg-convert (Debian's librsvg2-bin) on a canvas 100 px larger on every side, and fails if
     anything was drawn in that margin: whatever the layout code believes, the pixels say whether a label left the chart;
  2. measures every <text> with the font rsvg draws it in (fontconfig's sans-serif, through Pillow) and fails if a
     text's box leaves the canvas, or two legend entries' boxes (swatch and text) overlap;
  3. fails a series drawn exactly over another (the legend would name a line no one can see), and a Pareto front
     through a point another of its points beats beyond the whiskers.

    Tests/Scripts/check_charts.py [BENCH]            check (BENCH: default .build/release/bench)
    Tests/Scripts/check_charts.py --self-test [BENCH] also plant a legend entry over another, a label past the edge, a
                                                     hidden series and a front through a beaten point, and show that
                                                     each is caught
    Tests/Scripts/check_charts.py --files PATH...     check charts already made (SVG files, or folders of them)

Exit 0 when every chart passes, 1 with one line per problem.
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from PIL import Image, ImageFont

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SVG = "{http://www.w3.org/2000/svg}"
MARGIN = 100


def font_file(bold=False):
    pattern = "sans-serif:bold" if bold else "sans-serif"
    return subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, check=True).stdout


FONTS = {}


def text_width(text, size, bold):
    key = (size, bold)
    if key not in FONTS:
        FONTS[key] = ImageFont.truetype(font_file(bold), size=size)
    return FONTS[key].getlength(text)


def text_boxes(root):
    """(class, x0, y0, x1, y1, text) of every <text>, by its anchor, font size and weight; rotated labels by their
    translation (the y-axis label turns -90°, so its width runs up the page)."""
    boxes = []
    for element in root.iter(SVG + "text"):
        text = "".join(element.itertext())
        size = float(element.get("font-size", "12"))
        bold = element.get("font-weight") == "bold"
        width = text_width(text, int(round(size)), bold)
        anchor = element.get("text-anchor", "start")
        transform = element.get("transform", "")
        if "rotate(-90)" in transform:
            tx, ty = map(float, re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", transform).groups())
            y0 = ty - (width / 2 if anchor == "middle" else 0)
            boxes.append((element.get("class", ""), tx - size, y0, tx + size * 0.3, y0 + width, text))
            continue
        x, y = float(element.get("x")), float(element.get("y"))
        x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        boxes.append((element.get("class", ""), x0, y - size * 0.8, x0 + width, y + size * 0.25, text))
    return boxes


def legend_entries(root):
    """Each legend entry's box: its swatch (shapes before its text) and its text."""
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    entries, xs, ys = [], [], []
    for element in legend:
        if element.tag == SVG + "text":
            _, x0, y0, x1, y1, text = text_boxes(ET.fromstring(ET.tostring(wrap(element))))[0]
            entries.append((min(xs + [x0]), min(ys + [y0]), x1, max(ys + [y1]), text))
            xs, ys = [], []
        else:
            for name in ("x", "x1", "x2", "cx"):
                if element.get(name):
                    xs.append(float(element.get(name)) - float(element.get("r", "0")))
            for name in ("y", "y1", "y2", "cy"):
                if element.get(name):
                    ys.append(float(element.get(name)) - float(element.get("r", "0")))
            if element.get("points"):
                for pair in element.get("points").split():
                    px, py = map(float, pair.split(","))
                    xs.append(px)
                    ys.append(py)
    return entries


def wrap(element):
    svg = ET.Element(SVG + "svg")
    svg.append(element)
    return svg


def check_svg(path, svg_text):
    problems = []
    root = ET.fromstring(svg_text)
    width, height = float(root.get("width")), float(root.get("height"))
    for kind, x0, y0, x1, y1, text in text_boxes(root):
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            problems.append("%s: text %r (%s) spans %.0f,%.0f–%.0f,%.0f, outside the %.0f×%.0f canvas"
                            % (path, text, kind or "unclassed", x0, y0, x1, y1, width, height))
    entries = legend_entries(root)
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                problems.append("%s: legend entries %r and %r overlap" % (path, a[4], b[4]))
    # A series drawn exactly over another: the legend would name a line that cannot be seen.
    lines = re.findall(r'<polyline class="series" points="([^"]*)"', svg_text)
    for i, a in enumerate(lines):
        if a in lines[i + 1:]:
            problems.append("%s: two series are drawn along the same points (%s…): one hides the other" % (path, a[:40]))
    problems += check_fronts(path, root)
    problems += check_pixels(path, svg_text, width, height)
    return problems


def check_fronts(path, root):
    """A Pareto front may not join a point another of its points beats beyond the noise: no worse on both axes (its
    range below or overlapping) and clearly better on one (its whole range below the other's)."""
    fronts = {}
    for ring in root.iter(SVG + "circle"):
        if ring.get("class") != "pareto-point":
            continue
        x = tuple(map(float, ring.get("data-x-range").split()))
        y = tuple(map(float, ring.get("data-y-range").split()))
        fronts.setdefault(ring.get("data-front"), []).append((x, y))
    problems = []
    for points in fronts.values():
        for a in points:
            for b in points:
                no_worse = all(a[axis][0] <= b[axis][1] for axis in (0, 1))
                clearly = any(a[axis][1] < b[axis][0] for axis in (0, 1))
                if a is not b and no_worse and clearly:
                    problems.append("%s: the Pareto front joins a point (CPU %s, memory %s) that another (CPU %s, memory %s) "
                                    "beats beyond the whiskers" % (path, b[0], b[1], a[0], a[1]))
    return problems


def check_pixels(path, svg_text, width, height):
    """Renders the chart with MARGIN px around it and fails on any ink in the margin."""
    widened = re.sub(r'width="[\d.]+" height="[\d.]+" viewBox="[^"]*"',
                     'width="%d" height="%d" viewBox="%d %d %d %d"' % (width + 2 * MARGIN, height + 2 * MARGIN, -MARGIN, -MARGIN,
                                                                      width + 2 * MARGIN, height + 2 * MARGIN), svg_text, count=1)
    # The white backdrop covers the canvas alone, so the margin stays transparent unless something is drawn there.
    widened = widened.replace('<rect width="100%" height="100%" fill="white"/>',
                              '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (width, height), 1)
    with tempfile.TemporaryDirectory() as work:
        source, png = os.path.join(work, "chart.svg"), os.path.join(work, "chart.png")
        with open(source, "w") as handle:
            handle.write(widened)
        rendered = subprocess.run(["rsvg-convert", "-f", "png", "-o", png, source], capture_output=True, text=True)
        if rendered.returncode != 0:
            return ["%s: rsvg-convert failed: %s" % (path, rendered.stderr.strip())]
        image = Image.open(png).convert("RGBA")
    full_w, full_h = image.size
    inside = (MARGIN, MARGIN, MARGIN + int(width), MARGIN + int(height))
    alpha = image.getchannel("A")
    for box in ((0, 0, full_w, inside[1]), (0, inside[3], full_w, full_h), (0, 0, inside[0], full_h), (inside[2], 0, full_w, full_h)):
        ink = alpha.crop(box).getbbox()
        if ink:
            return ["%s: drawn past the canvas edge (ink at %d,%d–%d,%d of the widened render)"
                    % (path, box[0] + ink[0] - MARGIN, box[1] + ink[1] - MARGIN, box[0] + ink[2] - MARGIN, box[1] + ink[3] - MARGIN)]
    return []


def make_charts(bench, work):
    gif_dir = os.path.join(work, "gifs")
    os.makedirs(gif_dir)
    subprocess.run([bench, "corpus", "--out", gif_dir], check=True, capture_output=True)
    seed = os.path.join(gif_dir, "sticker-240x240x60.gif")
    long_name = os.path.join(gif_dir, "a-very-long-file-name-" + "x" * 120 + ".gif")
    os.link(seed, long_name)
    runs = [
        ["run", "--gif", seed, "--mode", "realtime", "--speed", "8,32", "--windows", "1,4,all", "--decoders", "eager,windowed",
         "--policies", "kingfisher,flanimatedimage", "--repetitions", "2", "--out", os.path.join(work, "sweep")],
        ["run", "--gif", long_name, "--quick", "--repetitions", "2", "--out", os.path.join(work, "long")],
        ["feed", "--gif", seed, "--players", "4", "--loops", "1", "--policies", "eager,windowed,kingfisher,flanimatedimage",
         "--out", os.path.join(work, "feed")],
    ]
    for arguments in runs:
        done = subprocess.run([bench, "--quiet"] + arguments, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("check_charts: bench %s exited %d: %s" % (" ".join(arguments[:3]), done.returncode, done.stderr.strip()))
    charts = []
    for folder in ("sweep", "long", "feed"):
        directory = os.path.join(work, folder, "charts")
        charts += [os.path.join(directory, name) for name in sorted(os.listdir(directory)) if name.endswith(".svg")]
    return charts


def main():
    arguments = [a for a in sys.argv[1:] if a != "--self-test"]
    if arguments[:1] == ["--files"]:
        # Charts made elsewhere (a report's charts/ folder, or files): checked as they are.
        charts = []
        for path in arguments[1:]:
            charts += sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".svg")) if os.path.isdir(path) else [path]
        problems = []
        for chart in charts:
            with open(chart) as handle:
                problems += check_svg(chart, handle.read())
        for problem in problems:
            print(problem, file=sys.stderr)
        print("check_charts: %d charts checked, %d problems" % (len(charts), len(problems)))
        sys.exit(1 if problems or not charts else 0)
    bench = arguments[0] if arguments else os.path.join(ROOT, ".build/release/bench")
    with tempfile.TemporaryDirectory() as work:
        charts = make_charts(bench, work)
        kinds = sorted({re.sub(r"^.*?-(memory|tradeoff|window-memory|window-cpu)\.svg$", r"\1", os.path.basename(c)) for c in charts})
        problems = []
        for chart in charts:
            with open(chart) as handle:
                problems += check_svg(os.path.relpath(chart, work), handle.read())
        print("check_charts: %d charts (%s) rendered with rsvg-convert and measured in %s"
              % (len(charts), ", ".join(kinds), os.path.basename(font_file())))
        if "--self-test" in sys.argv:
            with open(next(c for c in charts if c.endswith("-tradeoff.svg"))) as handle:
                svg = handle.read()
            # Fault 1: the second legend entry drawn where the first is.
            entries = re.findall(r'<text class="legend-entry" x="([\d.]+)" y="([\d.]+)"', svg)
            overlapped = svg.replace('<text class="legend-entry" x="%s" y="%s"' % entries[1],
                                     '<text class="legend-entry" x="%s" y="%s"' % entries[0], 1)
            caught = check_svg("planted-overlap", overlapped)
            print("self-test: a legend entry over another: %s" % ("caught: " + caught[0] if caught else "MISSED"))
            # Fault 2: the title moved past the right edge.
            past = re.sub(r'(<text class="title" x=")[\d.]+"', r'\g<1>740"', svg, count=1)
            caught_past = check_svg("planted-edge", past)
            print("self-test: the title past the right edge: %s" % ("caught: " + caught_past[0] if caught_past else "MISSED"))
            # Fault 3: a sweep's line drawn again, exactly over itself.
            sweep = next((c for c in charts if c.endswith("-window-memory.svg")), None)
            caught_hidden = []
            if sweep:
                with open(sweep) as handle:
                    sweep_svg = handle.read()
                line = re.search(r'<polyline class="series" [^>]*/>', sweep_svg).group(0)
                caught_hidden = check_svg("planted-hidden", sweep_svg.replace(line, line + "\n" + line, 1))
            print("self-test: a series drawn over another: %s" % ("caught: " + caught_hidden[0] if caught_hidden else "MISSED"))
            # Fault 4: a ring on the front for a point a front point beats: the same CPU, clearly more memory.
            ring = re.search(r'<circle class="pareto-point" data-front="(\d+)" data-x-range="([^"]*)" data-y-range="([^"]*)"', svg)
            caught_front = []
            if ring:
                high = float(ring.group(3).split()[1]) * 2 + 1
                planted = ring.group(0).replace('data-y-range="%s"' % ring.group(3), 'data-y-range="%.3f %.3f"' % (high, high))
                caught_front = check_svg("planted-front", svg.replace(ring.group(0), ring.group(0) + "/>\n" + planted, 1))
            print("self-test: a front through a beaten point: %s" % ("caught: " + caught_front[0] if caught_front else "MISSED"))
            if not any("Pareto front joins" in p for p in caught_front):
                problems.append("self-test: a front through a beaten point was not caught")
            if not caught_hidden or not any("hides the other" in p for p in caught_hidden):
                problems.append("self-test: a series drawn over another was not caught")
            if not caught or not any("overlap" in p for p in caught) or len(caught_past) < 2:
                problems.append("self-test: a planted fault was not caught by both checks")
    for problem in problems:
        print(problem, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
