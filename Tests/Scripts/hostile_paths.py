#!/usr/bin/env python3
"""Issue 13's table: every hostile kind tried against a release `bench`, with its exit status, wall time, peak RSS
(of bench and the children it waited for, from wait4) and the first line it printed on stderr.

Usage: Tests/Scripts/hostile_paths.py .build/release/bench > Reports/hostile-paths.md
Needs python3 only; makes its inputs (with `bench corpus`) in a temporary directory it removes.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

bench = os.path.abspath(sys.argv[1])
work = tempfile.mkdtemp(prefix="gfb-hostile-")
rows = []


def run(kind, command, shell=False, stdout=subprocess.DEVNULL, env=None, note=""):
    """Runs one command, records exit status, seconds, peak RSS and the first stderr line."""
    started = time.monotonic()
    process = subprocess.Popen(command, shell=shell, executable="/bin/bash" if shell else None, cwd=work,
                               stdout=stdout, stderr=subprocess.PIPE, env=env)
    errors = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    first = next((line for line in errors.splitlines() if "error" in line), errors.splitlines()[-1] if errors else "")
    shown = command if isinstance(command, str) else " ".join(command[1:])
    rows.append((kind, shown.replace(bench, "bench").replace(work + "/", ""), code, seconds, usage.ru_maxrss / 1024,
                 (note or first.replace(work + "/", ""))[:150]))
    return code


def gif_with_frame(screen, width, height, interlaced=True, data=bytes([2, 2, 0x4C, 0x01, 0])):
    header = b"GIF89a" + bytes([screen, 0, screen, 0, 0x80, 0, 0]) + bytes([0, 0, 0, 255, 255, 255])
    descriptor = bytes([0x2C, 0, 0, 0, 0, width & 0xFF, width >> 8, height & 0xFF, height >> 8, 0x40 if interlaced else 0])
    return header + descriptor + data + b"\x3B"


def tiny_frames_on_big_screen(side, frames):
    """`frames` 1x1 frames on a side x side screen: a small file whose eager decode is frames x side² x 4 bytes."""
    out = b"GIF89a" + bytes([side & 0xFF, side >> 8, side & 0xFF, side >> 8, 0x80, 0, 0]) + bytes([0, 0, 0, 255, 255, 255])
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for _ in range(frames):
        out += b"\x21\xF9\x04\x00\x0A\x00\x00\x00"
        out += bytes([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]) + bytes([2, 2, 0x44, 0x01, 0])
    return out + b"\x3B"


try:
    subprocess.run([bench, "corpus", "--out", work + "/corpus"], check=True, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    gif = work + "/corpus/emoji-64x64x24.gif"
    os.makedirs(work + "/links")
    os.symlink("/dev/zero", work + "/links/zero.gif")
    os.makedirs(work + "/fifo")
    os.mkfifo(work + "/fifo/f.gif")
    open(work + "/huge-frame.gif", "wb").write(gif_with_frame(16, 65535, 65535))
    open(work + "/cut.gif", "wb").write(gif_with_frame(16, 16, 16)[:24])
    open(work + "/screen-10000.gif", "wb").write(tiny_frames_on_big_screen(10000, 10))
    open(work + "/plain-file", "w").close()
    os.makedirs(work + "/odd")
    shutil.copy(gif, work + "/odd/two\nlines.gif")
    quick = [bench, "run", "--gif", gif, "--quick", "--repetitions", "2"]

    # 1. Writing keeps what the path is.
    run("1 baseline", quick + ["--out", "base", "--save-baseline", "base.json"])
    os.symlink("summary-target.md", work + "/summary-link.md")
    run("1 --summary through a symlink", quick + ["--out", "o1", "--gate", "base.json", "--gate-times", "never", "--summary", "summary-link.md"])
    rows[-1] = rows[-1][:5] + ("link kept: %s, target written: %s" % (os.path.islink(work + "/summary-link.md"),
                                                                     os.path.exists(work + "/summary-target.md")),)
    run("1 --summary /dev/stdout", quick + ["--out", "o2", "--gate", "base.json", "--gate-times", "never", "--summary", "/dev/stdout"])
    run("1 --save-baseline /dev/null", quick + ["--out", "o3", "--save-baseline", "/dev/null"])
    rows[-1] = rows[-1][:5] + ("/dev/null is still a character device: %s" % (os.path.exists("/dev/null") and not os.path.isfile("/dev/null")),)
    # 2. The cache's scratch directory.
    run("2 bench cache (private scratch, removed after)", [bench, "cache", "--gif", gif, "--repetitions", "1", "--out", "cache"])
    # 3. Endless inputs.
    run("3 inspect /dev/zero", [bench, "inspect", "/dev/zero"])
    run("3 inspect /dev/urandom --hashes", [bench, "inspect", "/dev/urandom", "--hashes"])
    run("3 run --gif DIR with *.gif → /dev/zero", [bench, "run", "--gif", "links", "--quick", "--out", "o4"])
    run("3 cache --gif /dev/zero", [bench, "cache", "--gif", "/dev/zero", "--out", "o5"])
    run("3 inspect /dev/zero, allowed, 1 MiB cap", [bench, "inspect", "/dev/zero", "--allow-special-files", "--max-file-size", "1MiB"])
    # 4. FIFOs.
    run("4 run --gif DIR with a FIFO", [bench, "run", "--gif", "fifo", "--quick", "--out", "o6"])
    run("4 inspect FIFO, allowed, no writer", [bench, "inspect", "fifo/f.gif", "--allow-special-files"])
    # 5. Pipes.
    run("5 run --gif <(cat x.gif)", "%s run --gif <(cat %s) --quick --out o7" % (bench, gif), shell=True)
    run("5 run --gif <(cat x.gif), allowed", "%s run --gif <(cat %s) --quick --repetitions 1 --allow-special-files --out o8" % (bench, gif), shell=True)
    # 6. Numbers.
    for flag in [["--speed", "1e300"], ["--speed", "1e-300"], ["--refresh", "1e300"], ["--policies", "budget:1e18GiB"],
                 ["--policies", "budget:infMiB"], ["--max-eager-bytes", "1e18GiB"]]:
        run("6 " + " ".join(flag), [bench, "run", "--gif", gif, "--out", "o9"] + flag)
    report = json.load(open(work + "/base.json"))
    report["results"][0]["cpu_total_s"] = 1e300
    json.dump(report, open(work + "/huge.json", "w"))
    run("6 baseline with cpu_total_s 1e300", [bench, "compare", "--baseline", "huge.json", "--current", "base/results.json"])
    # 7. A killed or hung-up parent.
    long_gif = work + "/corpus/long-320x240x1000.gif"
    parent = subprocess.Popen([bench, "run", "--gif", long_gif, "--mode", "realtime", "--repetitions", "1", "--out", "o10"],
                              cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(3)
    children = [pid for pid in os.listdir("/proc") if pid.isdigit() and open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()[1] == str(parent.pid)]
    parent.kill()
    parent.wait()
    time.sleep(1)
    # A dead child whose new parent (PID 1 here) does not reap it stays a zombie (state Z): dead all the same.
    alive = [pid for pid in children if os.path.exists("/proc/" + pid) and open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()[0] not in "ZX"]
    rows.append(("7 kill -9 of bench run", "bench run --mode realtime … ; kill -9", -9, 4.0, 0,
                 "children before: %d, alive 1 s after: %d" % (len(children), len(alive))))
    parent = subprocess.Popen([bench, "run", "--gif", long_gif, "--mode", "realtime", "--repetitions", "1", "--out", "o11"],
                              cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(3)
    parent.send_signal(signal.SIGHUP)
    parent.stderr.read()
    parent.wait()
    rows.append(("7 SIGHUP of bench run", "bench run --mode realtime … ; kill -HUP", parent.returncode, 3.0, 0,
                 "report incomplete: %s" % json.load(open(work + "/o11/results.json"))["incomplete"]))
    # 8 and 9. The output folder.
    run("8 --out ''", [bench, "run", "--out", ""])
    run("8 --out /dev/null", [bench, "run", "--out", "/dev/null"])
    run("8 --out FILE/sub", [bench, "run", "--out", "plain-file/sub"])
    first = subprocess.Popen([bench, "run", "--gif", long_gif, "--repetitions", "1", "--out", "shared"], cwd=work,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    run("9 a second run on the same --out", [bench, "run", "--gif", gif, "--quick", "--out", "shared"])
    first.wait()
    # 10. A frame far larger than its screen.
    run("10 inspect 65535x65535 interlaced frame on 16x16", [bench, "inspect", "huge-frame.gif"])
    run("10 run the same file", [bench, "run", "--gif", "huge-frame.gif", "--out", "o12"])
    # 11. The cache command's memory.
    run("11 cache: ten 1x1 frames on 10000x10000 (4.0 GB eager)", [bench, "cache", "--gif", "screen-10000.gif", "--repetitions", "1", "--out", "o13"])
    run("11 the same with --max-eager-bytes 1GiB", [bench, "cache", "--gif", "screen-10000.gif", "--max-eager-bytes", "1GiB", "--out", "o14"])
    # 12. Bad baselines and outputs.
    text = open(work + "/base.json").read()
    for name, edited in [("negative", text.replace('"cpu_total_s" : ', '"cpu_total_s" : -', 1)),
                         ("zero malloc_count", __import__("re").sub(r'"malloc_count" : \d+', '"malloc_count" : 0', text)),
                         ("duplicate key", text.replace('"malloc_count" : ', '"malloc_count" : 1, "malloc_count" : ', 1)),
                         ("incomplete", text.replace('"incomplete" : false', '"incomplete" : true'))]:
        open(work + "/bad.json", "w").write(edited)
        run("12 baseline: " + name, [bench, "compare", "--baseline", "bad.json", "--current", "base/results.json"])
    run("12 inspect --hashes > /dev/full", "%s inspect %s --hashes > /dev/full" % (bench, gif), shell=True)
    run("12 --summary /dev/full", quick + ["--out", "o15", "--gate", "base.json", "--gate-times", "never", "--summary", "/dev/full"])
    # 13. Smaller ones.
    run("13 a directory as FILE", [bench, "inspect", "corpus"])
    run("13 file ends inside the image descriptor", [bench, "inspect", "cut.gif"])
    run("13 --windows 1,1,1", quick + ["--windows", "1,1,1", "--repetitions", "1", "--out", "o16"])
    rows[-1] = rows[-1][:5] + ("%d rows in the report" % len(json.load(open(work + "/o16/results.json"))["results"]),)
    run("13 --windows ''", [bench, "run", "--windows", ""])
    run("13 --quick --quick", [bench, "run", "--gif", gif, "--quick", "--quick", "--repetitions", "1", "--out", "o17"])
    run("13 --cpus 999", [bench, "run", "--cpus", "999"])
    run("13 a newline in a file name", [bench, "run", "--gif", "odd", "--quick", "--repetitions", "1", "--out", "o18"])
    rows[-1] = rows[-1][:5] + ("heading: " + next(l for l in open(work + "/o18/results.md") if l.startswith("## two")).strip(),)
    run("13 TMPDIR missing", [bench, "run", "--gif", gif, "--out", "o19"], env=dict(os.environ, TMPDIR="/nonexistent-gfb"))
    rows[-1] = rows[-1][:5] + (rows[-1][5] + "; created: %s" % os.path.exists("/nonexistent-gfb"),)

    # Issue 28: a report is one unit, and nothing a user owns is lost.
    def said(text):
        rows[-1] = rows[-1][:5] + (text,)
    os.makedirs(work + "/elsewhere")
    open(work + "/elsewhere/mine.svg", "w").write("<svg/>")
    os.makedirs(work + "/linked-out")
    os.symlink(work + "/elsewhere", work + "/linked-out/charts")
    run("28.1 OUT/charts a link to another folder", quick + ["--repetitions", "1", "--out", "linked-out"])
    said("charts written into the linked folder: %s; its mine.svg kept: %s; OUT/charts still a link: %s" % (
        any(name != "mine.svg" for name in os.listdir(work + "/elsewhere")), os.path.exists(work + "/elsewhere/mine.svg"),
        os.path.islink(work + "/linked-out/charts")))
    os.makedirs(work + "/long-name")
    shutil.copy(gif, work + "/long-name/" + "n" * 225 + ".gif")
    run("28.2 a 229-byte file name", [bench, "run", "--gif", "long-name", "--quick", "--repetitions", "1", "--out", "o20"])
    said("exit %d; longest chart name: %d bytes" % (rows[-1][2], max(len(n) for n in os.listdir(work + "/o20/charts"))))
    run("28.3 a report under ulimit -f 64 (KiB)", "ulimit -f 64; %s run --gif %s --quick --repetitions 1 --out o21" % (bench, gif), shell=True)
    left = sorted(n for n in os.listdir(work + "/o21") if n.startswith(".bench-staging")) if os.path.isdir(work + "/o21") else []
    said(rows[-1][5] + "; staging folders left: %d" % len(left))
    run("28.4 --summary X --export-github-benchmark X", quick + ["--out", "o22", "--gate", "base.json", "--summary", "x.json",
                                                                 "--export-github-benchmark", "x.json"])
    run("28.4 --export-bmf OUT/results.json", quick + ["--out", "base", "--export-bmf", "base/results.json"])
    run("28.4 --export-bmf INPUT.gif", quick + ["--out", "o23", "--export-bmf", gif])
    os.makedirs(work + "/user-charts/charts")
    open(work + "/user-charts/charts/mine.svg", "w").write("<svg/>")
    run("28.5 the user's own *.svg in OUT/charts", quick + ["--repetitions", "1", "--out", "user-charts"])
    said("mine.svg kept: %s" % os.path.exists(work + "/user-charts/charts/mine.svg"))
    lowered = json.load(open(work + "/base.json"))
    for row in lowered["results"]:
        row["jemalloc_allocated_peak_bytes"] = int(row["jemalloc_allocated_peak_bytes"] * 0.8)
    json.dump(lowered, open(work + "/gate-save.json", "w"))
    before = open(work + "/gate-save.json", "rb").read()
    run("28.6 --gate X --save-baseline X, a 20% memory regression", quick + ["--out", "o24", "--gate", "gate-save.json", "--save-baseline",
                                                                             "gate-save.json", "--gate-times", "never"])
    said(rows[-1][5] + "; X unchanged: %s" % (open(work + "/gate-save.json", "rb").read() == before))
    # Made by another process, so that this one stays small: a child forked from it starts with its peak RSS.
    open(work + "/two-frames.gif", "wb").write(tiny_frames_on_big_screen(8, 2))
    split = ("import sys; head = open(sys.argv[1], 'rb').read(); "
             "open(sys.argv[2], 'wb').write(head[:19] + b'\\x21\\xFE' + b'\\x01x' * 25000000 + b'\\x00' + head[19:])")
    subprocess.run([sys.executable, "-c", split, work + "/two-frames.gif", work + "/sub-blocks.gif"], check=True)
    run("28.8 inspect an 8x8 GIF with a 50 MB comment in one-byte sub-blocks", [bench, "inspect", "sub-blocks.gif"])
    said("the file: %d bytes; exit %d" % (os.path.getsize(work + "/sub-blocks.gif"), rows[-1][2]))
    with open(work + "/sparse.json", "wb") as sparse:
        sparse.truncate(2 << 30)
    run("28.9 a 2 GiB sparse file as the baseline", [bench, "compare", "--baseline", "sparse.json", "--current", "base/results.json"])
    parent = subprocess.Popen([bench, "run", "--gif", long_gif, "--mode", "realtime", "--repetitions", "1", "--out", "o25"],
                              cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(3)
    parent.send_signal(signal.SIGQUIT)
    quit_errors = parent.stderr.read().decode(errors="replace")
    parent.wait()
    rows.append(("28.10 SIGQUIT (Ctrl-\\) of bench run", "bench run --mode realtime … ; kill -QUIT", parent.returncode, 3.0, 0,
                 "report incomplete: %s; stderr lines: %d" % (json.load(open(work + "/o25/results.json"))["incomplete"], len(quit_errors.splitlines()))))
    run("28.11 ulimit -n 12", "ulimit -n 12; %s run --gif %s --quick --out o26" % (bench, gif), shell=True)
    run("28.11 ulimit -Sn 16, descriptor 200 open", "ulimit -Sn 16; exec 200</dev/null; %s run --gif %s --quick --repetitions 1 --out o27" % (bench, gif), shell=True)
    run("28.12 feed: 8 eager players, --max-memory 1MiB", [bench, "feed", "--gif", gif, "--policies", "eager", "--players", "8", "--loops", "1",
                                                           "--max-memory", "1MiB", "--out", "o28"])
    said(next((l for l in open(work + "/o28/feed.md") if "FAILED" in l or "failed" in l), rows[-1][5]).strip()[:150])
    run("28.12 feed --max-eager-bytes 1KiB", [bench, "feed", "--gif", gif, "--policies", "eager", "--players", "1", "--loops", "1",
                                              "--max-eager-bytes", "1KiB", "--out", "o29"])
    said(next((l for l in open(work + "/o29/feed.md") if "FAILED" in l and "max-eager-bytes" in l), rows[-1][5]).strip()[:150])
    run("28.13 speed --timeout 1", [bench, "speed", "--gif", gif, "--codec", "fast", "--timeout", "1"])
    run("28.13 speed --max-eager-bytes 1KiB", [bench, "speed", "--gif", gif, "--codec", "fast", "--max-eager-bytes", "1KiB"])
    os.makedirs(work + "/cases")
    shutil.copy(gif, work + "/cases/x.gif")
    shutil.copy(work + "/corpus/sticker-240x240x60.gif", work + "/cases/x.GIF")
    run("28.14 x.gif and x.GIF in one folder", [bench, "run", "--gif", "cases", "--decoders", "eager", "--repetitions", "1", "--out", "o30"])
    said("GIFs with rows: %s" % sorted({os.path.basename(r["bench_case"]["path"]) for r in json.load(open(work + "/o30/results.json"))["results"]}))
    open(work + "/tenths.gif", "wb").write(tiny_frames_on_big_screen(2, 3))
    run("28.15 feed: a warning at 0.29 s of a 0.3 s feed (its last tick)", [bench, "feed", "--gif", "tenths.gif", "--loops", "1",
                                                                         "--memory-warning-at", "0.29", "--out", "o31"])
    os.mkfifo(work + "/baseline-fifo")
    run("28.20 a FIFO as the baseline", [bench, "compare", "--baseline", "baseline-fifo", "--current", "base/results.json"])
    run("28.21 bench corpus --out FILE", [bench, "corpus", "--out", "plain-file"])
    os.makedirs(work + "/control")
    shutil.copy(gif, work + "/control/\x1b]0;title\x07.gif")
    run("28.22 an escape sequence in a GIF name", [bench, "inspect", "control/\x1b]0;title\x07.gif", "--max-pixels", "1"])

    # Issue 47: nothing runs that the user did not ask for, and nothing they own is lost.
    os.makedirs(work + "/trapped")
    subprocess.run("git init -q . && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m x && "
                   "git config core.fsmonitor 'touch ../sprung; false'", shell=True, cwd=work + "/trapped", check=True)
    run("47.1 bench --version in a repository whose core.fsmonitor runs a command",
        "cd trapped && %s --version >/dev/null && %s run --gif %s --decoders eager --repetitions 1 --out o40" % (bench, bench, gif), shell=True)
    said("the folder's command ran: %s" % os.path.exists(work + "/sprung"))
    shutil.copy(gif, work + "/victim.gif")
    victim = open(work + "/victim.gif", "rb").read()
    run("47.2 gate --gif victim.gif --summary victim.gif", [bench, "gate", "--baseline", "base.json", "--gif", "victim.gif", "--summary", "victim.gif"])
    said(rows[-1][5] + "; victim.gif unchanged: %s" % (open(work + "/victim.gif", "rb").read() == victim))
    open(work + "/t.json", "w").write('{"schema": "gif-frame-bench-thresholds/1", "confidence": 0.95, "rules": []}')
    run("47.3 compare --thresholds t.json --summary t.json", [bench, "compare", "--baseline", "base.json", "--current", "base/results.json",
                                                              "--thresholds", "t.json", "--summary", "t.json"])
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../docs/players/kingfisher.json"), work + "/p.json")
    run("47.4 run --player-file p.json --export-bmf p.json", [bench, "run", "--gif", "victim.gif", "--player-file", "p.json", "--export-bmf", "p.json"])
    os.makedirs(work + "/confirm")
    open(work + "/confirm/regressions.tsv", "w").write("gif\tsetting\tmetric\n")
    run("47.5 gate --summary DIR/regressions.tsv --confirm DIR", [bench, "gate", "--baseline", "base.json", "--summary", "confirm/regressions.tsv",
                                                                  "--confirm", "confirm"])
    os.makedirs(work + "/own")
    open(work + "/own/results.md", "w").write("my notes\n")
    run("47.6 a results.md of the user's own in --out", [bench, "run", "--gif", gif, "--decoders", "eager", "--repetitions", "1", "--out", "own"])
    said(rows[-1][5] + "; kept: %s" % (open(work + "/own/results.md").read() == "my notes\n"))
    run("47.7 one-character names: --out z --save-baseline b", [bench, "run", "--gif", gif, "--decoders", "eager", "--repetitions", "1",
                                                                "--out", "z", "--save-baseline", "b"])
    open(work + "/bad.gif", "w").write("not a gif")
    run("47.8 cache with a GIF skipped", [bench, "cache", "--gif", gif, "--gif", "bad.gif", "--repetitions", "1", "--out", "o41"])
    text = open(work + "/base.json").read()
    branch = re.sub(r'"git_commit" : "[^"]*"', '"git_commit" : "main"', text, count=1)
    open(work + "/branch.json", "w").write(branch)
    run("47.9 a baseline recording a branch as its commit", [bench, "gate", "--baseline", "branch.json", "--gif", gif, "--rounds", "3"])
finally:
    shutil.rmtree(work, ignore_errors=True)

print("# Hostile paths: what `bench` does with each kind (issues 13, 28 and 47)\n")
commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True).stdout.strip()
print("Made by `Tests/Scripts/hostile_paths.py .build/release/bench` at commit %s%s on a release build. Peak RSS is bench's own and its" % (commit, "-dirty" if dirty else ""))
print("waited-for children's (wait4); 0 where the row was timed by the script itself. A process forked from this script")
print("starts with the script's own peak (about 20 MiB), so the smallest figures are that floor, not bench's.\n")
print("| kind | command | exit | time | peak RSS | what it said |")
print("| --- | --- | ---: | ---: | ---: | --- |")
for kind, command, code, seconds, rss, said in rows:
    command = command.replace("|", "\\|").replace("\n", "\\n")
    said = said.replace("|", "\\|").replace("\n", "\\n")
    print("| %s | `%s` | %d | %.2f s | %.0f MiB | %s |" % (kind, command[:90], code, seconds, rss, said))
