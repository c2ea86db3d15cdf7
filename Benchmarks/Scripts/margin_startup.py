#!/usr/bin/env python3
"""What a library player's first decodes cost in a margin validation's real-time plays, against the replay's charge.

The replay adds a first touch (the excess of a throughput trace's leading fresh copies) to each decode that holds a
frame more than the player ever held: Kingfisher's and YLGIFImage's first eleven, FLAnimatedImage's first cache-full,
every first-loop decode of SDWebImage's pool. This reads the plays that margin_validation.py left in OUT/runs and, for
each library play with a complete trace, sets its decodes beside the charge of the latest throughput run made before
it (margin_validation.charges, times the play's slowdown): frames 1 to held-1 (the startup, where the touch is added)
and the frames after (the steady part). From them, the touch the play paid: the startup's cost beyond its charge at the
steady part's ratio, per decode and unscaled. Writes OUT/startup.md.

Usage: margin_startup.py OUT   (after margin_validation.sh has written OUT)
"""
import glob
import os
import sys

import margin_validation as validation

LIBRARIES = ("kingfisher", "flanimatedimage", "sdwebimage", "ylgifimage")


def startup_row(gif, play_folder, throughputs):
    """One play's startup against its charge, or None when it has no complete trace or no throughput run before it."""
    report = validation.load(play_folder)
    played = report["results"][0]
    real = [ns / 1e9 for ns in ((played.get("frame_costs") or {}).get("passes") or [[]])[0]]
    before = validation.made_before(throughputs, report)
    if not real or not before:
        return None
    latest = before[-1]
    answer = validation.full_speed_answer(latest)
    setting = validation.setting_played(latest, played["bench_case"])
    traced, library, reused = validation.trace_of(latest, played["bench_case"]["decoder"])
    if setting is None or not traced or len(traced[0]) != len(real) or not answer.get("pacing_by_step"):
        return None
    slowdown = played["bench_case"]["decode_slowdown"]
    charged, _, touch, _ = validation.charges(traced, answer["pacing_by_step"], library, reused)
    held = min(setting["outcome"]["held_frames_max"], len(real))
    startup = range(1, held)
    steady = range(held, len(real))
    def ratio(frames, with_touch):
        predicted = sum((charged[i] + (touch if with_touch else 0)) * slowdown for i in frames)
        return sum(real[i] for i in frames) / predicted if predicted > 0 else None
    steady_ratio = ratio(steady, False) if steady else None
    paid = None
    if steady_ratio and startup:
        beyond = sum(real[i] - charged[i] * slowdown * steady_ratio for i in startup)
        paid = beyond / len(startup) / slowdown
    name = os.path.basename(play_folder)
    return {"gif": gif, "setting": setting["label"], "play": name, "slowdown": slowdown,
            "outcome": "smooth" if played.get("stalls", 0) == 0 and played.get("dropped_frames", 0) == 0 else
            f"{played.get('stalls', 0)} stalls, {played.get('dropped_frames', 0)} dropped",
            "frames": len(startup), "startup": ratio(startup, True) if startup else None,
            "steady": steady_ratio, "touch": touch, "paid": paid}


def main(out):
    rows = []
    for gif, gif_folder, throughputs in validation.validation_runs(out):
        for play in sorted(glob.glob(os.path.join(gif_folder, "*-below*")) +
                           glob.glob(os.path.join(gif_folder, "*-above*"))):
            if os.path.basename(play).split("-")[0] in LIBRARIES and os.path.exists(
                    os.path.join(play, "results.json")):
                row = startup_row(gif, play, throughputs)
                if row:
                    rows.append(row)
    def times(value):
        return "–" if value is None else f"{value:.2f}×"
    def ms(value):
        return "–" if value is None else f"{value * 1e3:.2f} ms"
    lines = ["# A library player's first decodes in real time, against the replay's charge", "",
             validation.analysis_title(out, "margin_startup.py", "the real-time plays"), "",
             "Each library play with a complete trace, set beside the charge of the latest throughput run made "
             "before it, times the play's slowdown. The startup is frames 1 to held − 1, to each of which the "
             "replay adds a first touch; the steady part is every frame after. The touch paid is the startup's "
             "cost beyond its charge at the steady part's ratio, per decode, unscaled (SDWebImage's pool holds "
             "every frame, so it has no steady part).", "",
             "| GIF | setting | play | slowdown | outcome | startup frames | startup ÷ charge | steady ÷ charge "
             "| touch charged | touch paid |",
             "|---|---|---|---:|---|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['gif']} | {r['setting']} | {r['play']} | {r['slowdown']:.2f}× | {r['outcome']} | {r['frames']} "
              f"| {times(r['startup'])} | {times(r['steady'])} | {ms(r['touch'])} | {ms(r['paid'])} |"
              for r in rows]
    lines.append("")
    validation.write_analysis(out, "startup.md", lines)


if __name__ == "__main__":
    main(*sys.argv[1:2])
