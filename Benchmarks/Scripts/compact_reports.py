#!/usr/bin/env python3
"""Keeps Reports/ light (issue 70): a report keeps what a reader checks (its Markdown, CSV and charts) as they are,
and its raw data (a results.json or feed.json over 256 KiB: timelines, traces, samples) gzipped beside them, made
byte for byte the same each time (gzip -9, no name, no time). Reports/baseline.json stays as it is: the gate reads it.

    compact_reports.py           gzip every such file under Reports/ in place (NAME.json becomes NAME.json.gz)
    compact_reports.py --check   exit 1, naming each, when a tracked file should have been gzipped, or the files
                                 git tracks under Reports/ hold more than 20 MiB; CI runs this

Read one back with `gzip -dc Reports/sweep/results.json.gz`; the scripts that read reports (check_figures.py,
check_schemas.sh) read either form.
"""
import gzip
import os
import subprocess
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
RAW_LIMIT = 256 * 1024
BUDGET = 20 * 1024 * 1024
KEPT_RAW = {"Reports/baseline.json"}


def should_compact(path, size):
    return path.endswith(".json") and path not in KEPT_RAW and size > RAW_LIMIT


def compact(relative):
    full = os.path.join(ROOT, relative)
    with open(full, "rb") as f:
        data = f.read()
    with open(full + ".gz", "wb") as out:
        # mtime 0 and no file name: the same bytes give the same file, so a report made again changes only if its data did.
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=out, mtime=0) as packed:
            packed.write(data)
    os.remove(full)
    return len(data), os.path.getsize(full + ".gz")


def main(arguments):
    if arguments == ["--check"]:
        tracked = subprocess.run(["git", "ls-files", "-z", "Reports"], cwd=ROOT, capture_output=True,
                                 check=True).stdout.decode().split("\0")
        problems, total = [], 0
        for path in filter(None, tracked):
            full = os.path.join(ROOT, path)
            if not os.path.isfile(full):
                continue
            size = os.path.getsize(full)
            total += size
            if should_compact(path, size):
                problems.append(f"{path} is {size / 2**20:.1f} MiB of raw JSON: run Benchmarks/Scripts/compact_reports.py")
        if total > BUDGET:
            problems.append(f"Reports/ holds {total / 2**20:.1f} MiB, over its budget of {BUDGET / 2**20:.0f} MiB")
        for problem in problems:
            print(f"reports: {problem}", file=sys.stderr)
        print(f"reports: {total / 2**20:.1f} MiB tracked under Reports/ (budget {BUDGET / 2**20:.0f} MiB)")
        return 1 if problems else 0
    if arguments:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    before = after = 0
    for folder, _, names in os.walk(os.path.join(ROOT, "Reports")):
        for name in sorted(names):
            relative = os.path.relpath(os.path.join(folder, name), ROOT)
            if should_compact(relative, os.path.getsize(os.path.join(ROOT, relative))):
                raw, packed = compact(relative)
                before, after = before + raw, after + packed
                print(f"compacted {relative}: {raw / 2**20:.1f} MiB to {packed / 2**20:.2f} MiB")
    print(f"reports: {before / 2**20:.1f} MiB of raw JSON kept as {after / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
