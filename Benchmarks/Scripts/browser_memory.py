#!/usr/bin/env python3
"""Plays a GIF in headless Chromium and Firefox and reads what each browser's processes hold; renders
Reports/browser-memory/.

Usage: browser_memory.py RUNS OUT COMMIT MACHINE CHROMIUM_VERSION FIREFOX_VERSION

RUNS holds gifs/ (the synthetic corpus) and models/ (this package's chromium and firefox models on the same GIFs).
For each browser and page (the seed GIF, a small GIF, no GIF), three times: a fresh profile, the page loaded headless
in an 800 x 800 window, and every 0.25 s for 16 s the proportional set size (/proc/PID/smaps_rollup, Pss) and CPU
time (/proc/PID/stat) of every process the browser started. The GIF's cost is the peak Pss over the last 12 s of the
page with the GIF less the median of the page without, for the whole browser and for its content process (Chromium's
renderer, Firefox's tab process).
"""
import csv
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

PAGES = {"seed": "kingfisher-720x720x150.gif", "small": "sticker-240x240x60.gif", "blank": None}
SECONDS, SETTLE, INTERVAL, REPEATS = 16.0, 4.0, 0.25, 3
TICKS = os.sysconf("SC_CLK_TCK")


def descendants(root):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry))
            except OSError:
                continue
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack += children.get(pid, [])
    return found


def reading(pid):
    """(Pss bytes, CPU seconds, command line) of one process, or None once it is gone."""
    try:
        pss = next(int(line.split()[1]) * 1024 for line in open(f"/proc/{pid}/smaps_rollup") if line.startswith("Pss:"))
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        command = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        return pss, cpu, command
    except (OSError, StopIteration, ValueError):
        return None


def is_content(browser, command):
    return "--type=renderer" in command if browser == "chromium" else "-contentproc" in command and " tab" in command


def launch(browser, url, profile):
    if browser == "chromium":
        command = ["chromium", "--headless=new", "--no-sandbox", "--no-first-run", "--disable-extensions",
                   f"--user-data-dir={profile}", "--window-size=800,800", "--remote-debugging-port=0", url]
    else:
        with open(os.path.join(profile, "user.js"), "w") as prefs:
            prefs.write('user_pref("browser.shell.checkDefaultBrowser", false);\n'
                        'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
                        'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);\n'
                        'user_pref("browser.aboutwelcome.enabled", false);\n')
        command = ["firefox-esr", "--headless", "--no-remote", "--profile", profile, "--window-size", "800,800", url]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def measure(browser, page, gifs, work):
    html = os.path.join(work, f"{page}.html")
    body = f'<img src="{os.path.join(gifs, PAGES[page])}">' if PAGES[page] else "<p>no GIF</p>"
    open(html, "w").write(f"<!doctype html><html><body style='margin:0'>{body}</body></html>\n")
    profile = tempfile.mkdtemp(dir=work)
    process = launch(browser, "file://" + html, profile)
    samples = []
    start = time.monotonic()
    try:
        while time.monotonic() - start < SECONDS:
            time.sleep(INTERVAL)
            total = content = cpu = 0
            for pid in descendants(process.pid):
                read = reading(pid)
                if read:
                    total += read[0]
                    cpu += read[1]
                    content += read[0] if is_content(browser, read[2]) else 0
            samples.append((time.monotonic() - start, total, content, cpu))
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)
    settled = [s for s in samples if s[0] >= SETTLE]
    cpu_window = settled[-1][3] - settled[0][3] if len(settled) > 1 else 0.0
    return {"total": statistics.median(s[1] for s in settled), "content": statistics.median(s[2] for s in settled),
            "total_max": max(s[1] for s in settled), "content_max": max(s[2] for s in settled), "cpu": cpu_window,
            "samples": samples}


def models(runs):
    """Per (GIF, model): the median peak allocated, the most frames held, and each frame's bytes."""
    rows = {}
    for row in csv.DictReader(open(os.path.join(runs, "models", "results.csv"))):
        if row["status"] == "ok":
            rows.setdefault((row["gif"], row["decoder"]), []).append(row)  # one setting per player
    return {key: {"peak": statistics.median(int(r["jemalloc_allocated_peak_bytes"]) for r in group),
                  "held": max(int(r["held_frames_max"]) for r in group),
                  "frame": int(group[0]["width"]) * int(group[0]["height"]) * 4}
            for key, group in rows.items()}


def main():
    runs, out, commit, machine, chromium_version, firefox_version = sys.argv[1:7]
    gifs = os.path.abspath(os.path.join(runs, "gifs"))
    work = os.path.abspath(os.path.join(runs, "pages"))
    os.makedirs(work, exist_ok=True)
    measured = {}
    for repeat in range(REPEATS):
        for browser in ("chromium", "firefox"):
            for page in PAGES:
                print(f"browser_memory: {browser} {page} {repeat + 1}/{REPEATS}", file=sys.stderr)
                measured.setdefault((browser, page), []).append(measure(browser, page, gifs, work))
    json.dump({f"{b} {p}": ms for (b, p), ms in measured.items()},
              open(os.path.join(runs, "samples.json"), "w"))
    predicted = models(runs)
    mib = lambda value: f"{value / (1 << 20):.1f}"
    lines = ["# What do real browsers hold while they play a GIF?", "",
             f"Made by `Benchmarks/Scripts/browser_memory.sh` at commit {commit} on {machine}, with {chromium_version} and "
             f"{firefox_version}, both headless, from Debian. Each page loads in an 800 x 800 window with a fresh profile, "
             f"{REPEATS} times; every {INTERVAL} s for {SECONDS:g} s the script reads the proportional set size (Pss) and "
             "CPU time of every process the browser started, over the last "
             f"{SECONDS - SETTLE:g} s of a run (two loops of the seed GIF). The GIF's cost is the peak of the page with the "
             "GIF less the median of the page without; the table gives the median of the runs (their range in brackets).",
             "",
             "| browser | GIF | decoded frames, all | GIF's cost, content process | GIF's cost, whole browser | content CPU "
             "over 12 s, GIF / no GIF | model: frames held, their bytes | model: peak allocated |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for browser in ("chromium", "firefox"):
        blank = measured[(browser, "blank")]
        for page, gif in [("seed", "kingfisher-720x720x150"), ("small", "sticker-240x240x60")]:
            runs_here = measured[(browser, page)]
            content = [r["content_max"] - statistics.median(b["content"] for b in blank) for r in runs_here]
            total = [r["total_max"] - statistics.median(b["total"] for b in blank) for r in runs_here]
            cpu = statistics.median(r["cpu"] for r in runs_here)
            cpu_blank = statistics.median(b["cpu"] for b in blank)
            model = predicted.get((gif, browser), {})
            frames = int(gif.split("x")[-1])
            every = model.get("frame", 0) * frames
            lines.append(
                f"| {browser} | {gif} | {mib(every)} MiB | {mib(statistics.median(content))} MiB "
                f"[{mib(min(content))}, {mib(max(content))}] | {mib(statistics.median(total))} MiB "
                f"[{mib(min(total))}, {mib(max(total))}] | {cpu:.2f} s / {cpu_blank:.2f} s | "
                f"{model.get('held', 0)}, {mib(model.get('held', 0) * model.get('frame', 0))} MiB | "
                f"{mib(model.get('peak', 0))} MiB |")
    lines += ["", "## What this can and cannot show", "",
              "- It can show the order of magnitude: whether a browser holds every decoded frame of the seed GIF "
              "(296.6 MiB), a budget's worth, or a few frames, and whether a small GIF is kept whole.",
              "- Pss counts more than decoded frames: the GIF's bytes, the decoder, raster tiles and the compositor's "
              "buffers for the 720 x 720 area, and what the allocator keeps after a free. A GIF's cost above the model's "
              "frames is expected; below them, the browser holds fewer frames than the model says.",
              "- Headless Chromium rasters in software here (no GPU), so its decoded frames live in the renderer or the "
              "compositor's process, both counted in the whole browser. The CPU column shows the GIF animating: a page "
              "whose GIF did not play would cost what the page without one does.",
              "- It cannot show stalls or timing: the browsers draw on their own clocks, and nothing here reads which "
              "frame they showed when.", ""]
    open(os.path.join(out, "README.md"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
