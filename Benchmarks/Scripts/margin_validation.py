#!/usr/bin/env python3
"""Do the answer's margins hold in real time? (issue 67)

For the seed case and four real GIFs of Tests/Fixtures, each played by windows 1, 2 and 4 and the four libraries'
defaults: a throughput run (1 loop, 3 repetitions) whose answer gives every setting's margin, found by bisection over
the replay with every traced cost scaled (or the median of RUNS such runs' margins, which takes the run-to-run noise
of Reports/margin-spread out of the prediction). A setting's margin comes from the latest throughput runs, and a new
one follows each setting's real-time runs: the host's speed drifts over minutes (Reports/host-speed), so prediction
and check are made side by side. Then, for every setting whose margin is finite and at least 1.25, two real-time
runs on one CPU (--cpus 1, 1 loop, memory sampled only at frame steps), every decode slowed by --decode-slowdown to
0.8× and to 1.25× of that margin, each PLAYS times (default 1), in turn. A margin holds when most plays at 0.8× are
free of stalls and dropped frames and most at 1.25× are not; the report gives the first plays' verdict beside it.
Beside them, what pacing costs each step of a decode: the probed factors the replay charged, and
window 1 played in real time at full speed against the throughput trace. Writes OUT/{pairs.tsv,README.md}.

Usage: margin_validation.py BENCH OUT COMMIT MACHINE [RUNS [CONDITION [PLAYS]]]   (margin_validation.sh runs it from
a clean tree; CONDITION, a sentence the report gives, says how the host was kept)
"""
import glob
import json
import os
import subprocess
import sys

GIFS = ["kingfisher-720x720x150",
        "Tests/Fixtures/deb-python3-enlighten-doc__demo.gif",
        "Tests/Fixtures/deb-firmware-microbit-micropython-doc__scroll-hello.gif",
        "Tests/Fixtures/deb-python3-elgato-streamdeck__RGB_color_space_animated_view.gif",
        "Tests/Fixtures/deb-firmware-microbit-micropython-doc__binary_count.gif"]
POLICIES = ["windowed:1", "windowed:2", "windowed:4", "kingfisher", "flanimatedimage", "sdwebimage", "ylgifimage"]
BELOW, ABOVE = 0.8, 1.25
# The real-time runs sample memory only at frame steps: the background sampler would share the one CPU with the
# decoder, a harness's cost that no device pays.
QUIET_SAMPLER = ["--sampler-interval", "0"]


def run(bench, args, out):
    """One `bench run`, or the report a run with the same folder left (runs/ keeps them: a second pass re-renders)."""
    if not os.path.exists(os.path.join(out, "results.json")):
        subprocess.run([bench, "run", *args, "--out", out], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return load(out)


def load(folder):
    """The report a run wrote into `folder`."""
    with open(os.path.join(folder, "results.json")) as f:
        return json.load(f)


def analysis_title(out, script, what):
    """The sentence that opens an analysis of the validation in `out`: the script that made it, from `what` of the
    validation, and where the validation was made as its own report says it."""
    readme = os.path.join(out, "README.md")
    line = ""
    if os.path.exists(readme):
        with open(readme) as f:
            line = next((line for line in f if line.startswith("Made by")), "").strip().rstrip(".")
    made = f" ({line[:1].lower() + line[1:]})" if line else ""
    return f"Made by `Benchmarks/Scripts/{script}` from {what} of the margin validation in this folder{made}."


def reports_in(folder, pattern):
    """The reports of the runs in `folder` whose own folders match `pattern` and hold one, each with that folder's
    name, oldest first."""
    named = [(os.path.basename(run), load(run)) for run in glob.glob(os.path.join(folder, pattern))
             if os.path.exists(os.path.join(run, "results.json"))]
    return sorted(named, key=lambda pair: pair[1]["metadata"]["date"])


def validation_runs(out):
    """What a validation left in OUT/runs, GIF by GIF: its name, its folder and its throughput runs' reports, oldest
    first."""
    for folder in sorted(glob.glob(os.path.join(out, "runs", "*"))):
        yield os.path.basename(folder), folder, [report for _, report in reports_in(folder, "throughput*")]


def made_before(throughputs, report):
    """The throughput runs made before `report`'s run, oldest first."""
    return [t for t in throughputs if t["metadata"]["date"] <= report["metadata"]["date"]]


def setting_played(report, case):
    """The setting of `report`'s answer at 1× that a run of `case` (a play's bench_case) played, or None."""
    window = (case["decoder"].get("windowed") or {}).get("window")
    policy = case["policy"] if window is None else f"windowed:{window}"
    return next((s for s in full_speed_answer(report)["measured"] if policy_of(s["label"]) == policy), None)


def write_analysis(out, name, lines):
    """Writes an analysis of the validation in `out` to OUT/name, and says so on stderr."""
    with open(os.path.join(out, name), "w") as f:
        f.write("\n".join(lines))
    print(f"margin-analysis: {os.path.join(out, name)}", file=sys.stderr)


def full_speed_answer(report):
    """The answer a throughput run's report gives at 1× speed: every setting's replayed margin and the pacing."""
    return next(a for a in report["replay"]["answers"] if a["speed"] == 1)


def throughput_args(gif):
    """The throughput run whose answer gives every setting's margin: every setting, 1 loop, 3 repetitions."""
    return ["--gif", gif, "--policies", ",".join(POLICIES), "--no-references", "--loops", "1", "--repetitions", "3"]


# A copy this many times the typical one wrote into fresh pages (FrameCostTrace.freshCopyRatio).
FRESH_COPY_RATIO = 2.0


def median(values):
    """The median as the replay takes it: the upper middle value for an even count."""
    return sorted(values)[len(values) // 2]


def median_steps(rows):
    """The first loop's whole, LZW and copy costs of `rows`, each the median over the rows frame by frame, in
    seconds, as the replay takes its trace; None when the rows have no steps."""
    tables = [r["frame_costs"] for r in rows if (r.get("frame_costs") or {}).get("lzw")]
    if not tables:
        return None
    def frame_by_frame(key):
        values = [t[key][0] for t in tables]
        return [median([v[i] for v in values]) / 1e9 for i in range(len(values[0]))]
    return frame_by_frame("passes"), frame_by_frame("lzw"), frame_by_frame("copy")


def every_fresh(copies, reused):
    """Whether a player's typical (median) copy is itself FRESH_COPY_RATIO times `reused`, a recycled buffer's copy:
    then every copy that dear wrote into fresh pages (SDWebImage's pool)."""
    return reused is not None and reused > 0 and median(copies) >= FRESH_COPY_RATIO * reused


def fresh_copies(copies, reused=None):
    """A loop's typical copy and each copy that wrote into fresh pages, by frame, with what it cost beyond the typical
    one, as FrameCostTrace tells them: at least FRESH_COPY_RATIO times the typical (median) copy and its excess at
    least half the largest; or, when the median is itself that many times `reused` (a recycled buffer's copy), every
    copy that many times `reused`, which is then the typical one."""
    every = every_fresh(copies, reused)
    usual = reused if every else median(copies)
    most = max(copies) - usual
    return usual, {i: c - usual for i, c in enumerate(copies)
                   if usual > 0 and c >= FRESH_COPY_RATIO * usual and (every or 2 * (c - usual) >= most)}


def charges(traced, step, library, reused=None):
    """What the replay charges each decode of a first-loop trace (whole, LZW and copy costs), before any slowdown, as
    FrameCostTrace.paced(by:firstTouchApart:reusedCopy:) does: each step times its pacing factor. For a library's
    player, the leading run of fresh copies (beside `reused`, the windows' typical copy) is charged as typical copies,
    and what they cost beyond, the first touch (their median excess), comes back apart: the replay adds it to each
    decode that holds a frame more than the player ever held. A player whose every copy is fresh (its typical copy
    `reused` itself) pays each fresh copy's own excess on that decode instead, and no touch comes back. Returns the
    charges, the fresh frames (the leading run), the first touch and the typical copy."""
    whole, lzw, copy = traced
    usual, fresh = fresh_copies(copy, reused) if library else (median(copy), {})
    every = library and every_fresh(copy, reused)
    leading = next((i for i in range(len(copy)) if i not in fresh), len(copy))
    touches = [fresh[i] for i in range(leading)]
    charged = [lzw[i] * step["lzw"] + max(0, whole[i] - lzw[i] - copy[i]) * step["draw"]
               + (usual if i < leading else copy[i]) * step["copy"] + (fresh[i] if every and i < leading else 0)
               for i in range(len(whole))]
    return charged, range(leading), median(touches) if touches and not every else 0, usual


def trace_of(throughput, decoder):
    """The first-loop trace the replay gives `decoder` (a library's player its own rows, any other setting the
    windows' rows pooled), whether it is a library's, and the windows' typical copy."""
    library = "windowed" not in decoder and "indexed" not in decoder
    windows = median_steps([r for r in throughput["results"] if "windowed" in r["bench_case"]["decoder"]])
    own = median_steps([r for r in throughput["results"] if r["bench_case"]["decoder"] == decoder]) \
        if library else windows
    return own, library, median(windows[2]) if windows else None


def frame_charges(throughput, decoder, held):
    """What the replay charges each first-loop decode of `decoder` from `throughput`'s trace, in seconds, before any
    slowdown: ``charges``, with a library's first touch on its first `held` decodes (the most frames its replay
    held). None without a trace or a pacing probe."""
    traced, library, reused = trace_of(throughput, decoder)
    step = full_speed_answer(throughput).get("pacing_by_step")
    if not traced or not step:
        return None
    charged, _, touch, _ = charges(traced, step, library, reused)
    return [c + (touch if library and i < held else 0) for i, c in enumerate(charged)]


def cost_ratio(played, throughput, slowdown, held):
    """How the real-time run's decodes cost against what the replay charged them (``charges``, a library's first
    touch on its first `held` decodes, the most frames its replay held, times the slowdown): the ratio of their
    sums, the ninth decile of the frames' ratios and the largest, the measurements that say whether a miss came from
    dearer decodes or from a few."""
    real = [ns / 1e9 for ns in ((played.get("frame_costs") or {}).get("passes") or [[]])[0]]
    charged = frame_charges(throughput, played["bench_case"]["decoder"], held)
    if not real or not charged or len(charged) != len(real):
        return None
    predicted = [c * slowdown for c in charged]
    ratios = sorted(a / p for a, p in zip(real, predicted) if p > 0)
    return sum(real) / sum(predicted), ratios[len(ratios) * 9 // 10], ratios[-1]


def step_ratios(played, throughput):
    """What the real-time run's decodes (window 1, full speed) cost over the throughput trace, step by step (sums
    over every frame but the first): LZW, drawing, copy and whole, to set beside the probed factors."""
    traced = median_steps([r for r in throughput["results"] if "windowed" in r["bench_case"]["decoder"]])
    costs = played.get("frame_costs") or {}
    if not traced or not costs.get("lzw"):
        return None
    whole, lzw, copy = ([ns / 1e9 for ns in costs[key][0]] for key in ("passes", "lzw", "copy"))
    def ratio(real, trace):
        return sum(real[1:]) / sum(trace[1:]) if sum(trace[1:]) > 0 else None
    draw_real = [max(0, w - l - c) for w, l, c in zip(whole, lzw, copy)]
    draw_traced = [max(0, w - l - c) for w, l, c in zip(*traced)]
    return ratio(lzw, traced[1]), ratio(draw_real, draw_traced), ratio(copy, traced[2]), ratio(whole, traced[0])


def policy_of(label):
    """The --policies value that plays a replayed setting, by its label."""
    if label.startswith("windowed w="):
        return "windowed:" + label.split("=")[1]
    return label.split(":")[0].split(" ")[0]


def speed_of(report, label):
    """What a frame of the setting `label` costs in `report`'s throughput run as the replay charges it (``charges``:
    the mean over the frames, a library's first touch spread over the frames it held first): the host's speed of
    that moment, as drift.md lists it. None when the run has no trace of it."""
    row = next((r for r in report["results"]
                if (setting_played(report, r["bench_case"]) or {}).get("label") == label), None)
    setting = next((s for s in full_speed_answer(report)["measured"] if s["label"] == label), None)
    charged = row and setting and frame_charges(report, row["bench_case"]["decoder"],
                                                setting["outcome"]["held_frames_max"])
    return sum(charged) / len(charged) if charged else None


def median_margin(reports, label):
    """A setting's margin over the throughput runs `reports`: the median of each bound, or None when a run has
    none (a run the setting never stalls in, or stalls at full speed). Each run's margin is taken as it is: with
    each brought to the latest run's speed (``speed_of``) the median took that run's own noise, and held for 13 of
    26 (`Reports/margin-validation/latest-speed-attempt/`)."""
    margins = [next((s.get("margin") or {} for s in full_speed_answer(r)["measured"] if s["label"] == label), {})
               for r in reports]
    def bound(key):
        values = [m.get(key) for m in margins if m.get(key) is not None]
        return median(values) if len(values) == len(margins) else None
    return bound("smooth_up_to"), bound("rough_from")


def outcome(result, report, slowdown, held):
    """One real-time play: whether it was smooth (None when it failed) and what it did, with what its decodes cost
    against the replay's charge when its trace is complete."""
    if result.get("failure"):
        return None, "failed: " + result["failure"]
    stalls = int(result.get("stalls", 0))
    dropped = int(result.get("dropped_frames", 0))
    text = "smooth" if stalls == 0 and dropped == 0 else f"{stalls} stalls, {dropped} dropped"
    ratio = cost_ratio(result, report, slowdown, held)
    if ratio:
        text += (f" (decodes {ratio[0]:.2f}× the scaled trace; frames: 9th decile {ratio[1]:.2f}×, "
                 f"worst {ratio[2]:.2f}×)")
    return stalls == 0 and dropped == 0, text


def holds(below, above):
    """Whether a margin holds by these plays at 0.8× and 1.25× of it: most plays below smooth, most plays above
    not, and none failed."""
    if not below or not above or any(s is None for s, _ in below + above):
        return False
    return 2 * sum(s for s, _ in below) > len(below) and 2 * sum(not s for s, _ in above) > len(above)


def main(bench, out, commit, machine, throughput_runs="1", condition="", plays="1"):
    runs = os.path.join(out, "runs")
    os.makedirs(runs, exist_ok=True)
    throughput_runs = int(throughput_runs)
    plays = int(plays)
    rows = []
    pacing = []
    for gif in GIFS:
        name = os.path.splitext(os.path.basename(gif))[0]
        # What pacing really costs here: window 1 played in real time at full speed, its decodes against the
        # first throughput trace (made straight after), beside the factor that run's probe gave.
        paced = run(bench, ["--gif", gif, "--policies", "windowed:1", "--no-references", "--mode", "realtime",
                            "--cpus", "1", "--loops", "1", "--repetitions", "1", *QUIET_SAMPLER],
                    os.path.join(runs, name, "paced"))
        reports = []

        def throughput():
            """One more throughput run of this GIF: each setting's margin comes from the latest ones, so that the
            host's speed, which drifts over minutes (Reports/host-speed), is the same for prediction and check."""
            print(f"margin-validation: {name}: throughput run {len(reports) + 1}", file=sys.stderr)
            reports.append(run(bench, throughput_args(gif), os.path.join(
                runs, name, "throughput" + ("" if not reports else f"-{len(reports) + 1}"))))
        for _ in range(throughput_runs):
            throughput()
        pacing.append((name, full_speed_answer(reports[0]).get("pacing_by_step"),
                       step_ratios(paced["results"][0], reports[0])))
        labels = [s["label"] for s in full_speed_answer(reports[0])["measured"]]
        for label in labels:
            recent = reports[-throughput_runs:]
            report = recent[-1]
            setting = next((s for s in full_speed_answer(report)["measured"] if s["label"] == label), None)
            policy = policy_of(label)
            smooth, rough = median_margin(recent, label)
            row = {"gif": name, "setting": label, "policy": policy, "smooth_up_to": smooth,
                   "rough_from": rough, "below": [], "above": [], "holds": ""}
            if smooth is None or rough is None or smooth * BELOW < 1:
                row["holds"] = ("not testable: " + ("no slowdown stalls it" if rough is None else
                                "stalls even at full speed" if smooth is None or smooth < 1 else
                                f"0.8× its margin is under 1× ({smooth:.2f}×)"))
                rows.append(row)
                continue
            # Each point played `plays` times, the two points in turn, so that a drift of the host's speed meets both.
            outcomes = {"below": [], "above": []}
            held = setting["outcome"]["held_frames_max"] if setting else 0
            for n in range(plays):
                for key, factor in (("below", BELOW), ("above", ABOVE)):
                    slowdown = smooth * factor
                    print(f"margin-validation: {name} · {policy} at {slowdown:.2f}× slower"
                          + (f", play {n + 1} of {plays}" if plays > 1 else ""), file=sys.stderr)
                    played = run(bench, ["--gif", gif, "--policies", policy, "--no-references", "--mode",
                                         "realtime", "--cpus", "1", "--loops", "1", "--repetitions", "1",
                                         *QUIET_SAMPLER, "--decode-slowdown", f"{slowdown:.4f}"],
                                 os.path.join(runs, name, f"{policy.replace(':', '-')}-{key}"
                                              + ("" if n == 0 else f"-{n + 1}")))
                    outcomes[key].append(outcome(played["results"][0], report, slowdown, held))
            for key in outcomes:
                row[key] = outcomes[key]
            rows.append(row)
            if label != labels[-1]:
                throughput()
    write(out, rows, pacing, commit, machine, throughput_runs, condition, plays)


def judged(row):
    """A row as the report gives it: each point's plays in one cell (with how many were smooth when more than
    one), and whether the margin holds by them all and by the first plays alone."""
    def cell(plays):
        if not plays:
            return ""
        texts = "; ".join(text for _, text in plays)
        return texts if len(plays) == 1 else f"{sum(bool(s) for s, _ in plays)} of {len(plays)} smooth: {texts}"
    if row["holds"]:
        return {**row, "below": "", "above": "", "first": ""}
    return {**row, "below": cell(row["below"]), "above": cell(row["above"]),
            "holds": "yes" if holds(row["below"], row["above"]) else "no",
            "first": "yes" if holds(row["below"][:1], row["above"][:1]) else "no"}


def write(out, rows, pacing, commit, machine, throughput_runs, condition, plays):
    rows = [judged(r) for r in rows]
    columns = ["gif", "setting", "policy", "smooth_up_to", "rough_from", "below", "above", "holds"]
    with open(os.path.join(out, "pairs.tsv"), "w") as f:
        f.write("\t".join(columns) + "\n")
        for row in rows:
            f.write("\t".join("" if row[c] is None else str(row[c]) for c in columns) + "\n")
    tested = [r for r in rows if r["holds"] in ("yes", "no")]
    held = [r for r in tested if r["holds"] == "yes"]
    first = [r for r in tested if r["first"] == "yes"]
    lines = ["# Do the answer's margins hold in real time?", "",
             f"Made by `Benchmarks/Scripts/margin_validation.sh` at commit {commit} on {machine}.", "",
             "Each setting's margin is the replay's: how much slower every decode could be before the setting first "
             "stalls or drops a frame, found by bisection with every traced cost of a throughput run (1 loop, "
             "3 repetitions) scaled"
             + ("" if throughput_runs == 1 else
                f"; here the median of {throughput_runs} such runs' margins, each bound apart (the first run's "
                "factors below; each ratio to the scaled trace is to the latest run's)")
             + ". A new throughput run follows each setting's real-time runs, and the next setting's margin comes "
             "from the latest: the host's speed drifts over minutes (`Reports/host-speed/`), so each prediction is "
             "made just before its check. Each setting with a finite margin of at least 1.25 was then played in "
             "real time on one CPU (`--cpus 1`, 1 loop, memory sampled only at frame steps: the background "
             "sampler would share the CPU with the decoder) with every decode slowed by `--decode-slowdown` to 0.8× "
             "and to 1.25× of its margin"
             + (". A margin holds when the first run is smooth and the second is not." if plays == 1 else
                f", each point played {plays} times, the two in turn. A margin holds when most plays at 0.8× are "
                "smooth and most at 1.25× are not: one play on this host meets its speed of the moment, which "
                "moves by more than the band (`Reports/host-speed/`).")
             + (" " + condition if condition else ""), "",
             f"**{len(held)} of {len(tested)} testable settings hold"
             + (f" ({100 * len(held) / len(tested):.0f}%)" if tested else "") + "**; target: at least 90%. "
             + ("" if plays == 1 else f"By the first play at each point alone, {len(first)} of {len(tested)}. ")
             + f"{len(rows) - len(tested)} settings have no finite margin to test (below).", "",
             "What pacing costs each step of a decode: the factors the throughput run's probes gave, which the "
             "replay charged, and what the real-time run's own decodes cost (window 1 at full speed, one CPU, "
             "nothing slowed) over the throughput trace, step by step:", "",
             "| GIF | probed: LZW · drawing · copy · whole | real time ÷ throughput trace: LZW · drawing · "
             "copy · whole |",
             "|---|---:|---:|"]
    def steps(values):
        return " · ".join("–" if v is None else f"{v:.2f}×" for v in values)
    lines += [f"| {name} | {steps([probed[k] for k in ('lzw', 'draw', 'copy', 'whole')]) if probed else '–'} "
              f"| {steps(real) if real else '–'} |" for name, probed, real in pacing]
    lines += ["",
             "| GIF | setting | margin (smooth up to · rough from) | at 0.8× the margin | at 1.25× | holds |",
             "|---|---|---:|---|---|---|"]
    for r in rows:
        margin = "–" if r["smooth_up_to"] is None else f"{r['smooth_up_to']:.2f}×" \
            + ("" if r["rough_from"] is None else f" · {r['rough_from']:.2f}×")
        lines.append(f"| {r['gif']} | {r['setting']} | {margin} | {r['below'] or '–'} | {r['above'] or '–'} "
                     f"| {r['holds']} |")
    lines.append("")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines[6:8]))


if __name__ == "__main__":
    main(*sys.argv[1:8])
