"""Summarises Benchmarks/Scripts/feed.sh's reports (feed.csv in each run folder) into Markdown with the issue's targets."""
import csv, statistics, sys, os

root = sys.argv[1]
KIB, MIB = 1024, 1024 * 1024

# Columns renamed in 0.10.0 (docs/feed.md): former name, name, factor from the former value to the new one.
RENAMED = [("allocated_peak_bytes", "jemalloc_allocated_peak_bytes", 1), ("stalls_total", "stalls", 1),
           ("dropped_total", "dropped_frames", 1), ("cpu_s", "cpu_total_s", 1),
           ("cpu_ms_per_animation_s", "cpu_per_animation_s", 0.001), ("harness_cpu_s", "cpu_harness_s", 1)]

def current_names(row):
    """A row under 0.10.0's names, whichever release wrote it: a feed.csv of 0.9 has only the former names."""
    for former, name, factor in RENAMED:
        if name not in row and row.get(former):
            value = float(row[former]) * factor
            row[name] = str(int(value)) if factor == 1 and value.is_integer() else repr(value)
    return row

def rows(run):
    path = os.path.join(root, run, "feed.csv")
    if not os.path.exists(path): return []
    return [current_names(r) for r in csv.DictReader(open(path, newline="")) if not r["failure"]]

def by_model(run):
    out = {}
    for r in rows(run): out.setdefault(r["model"], []).append(r)
    return out

def med(group, column): return statistics.median(float(r[column]) for r in group)
def worst(group, column): return max(float(r[column]) for r in group)
def mib(value): return f"{value / MIB:.1f} MiB"

print("# A feed of GIF players (Benchmarks/Scripts/feed.sh)\n")
print("Release build, this project's 2-core machine; each figure is the median of the run's repetitions (stalls and dropped")
print("frames: the worst repetition). Seed case: kingfisher-720x720x150 (150 frames, 6 s a loop), 2 loops a feed (12 s).\n")
for device in ["iphone-se-2", "iphone-15-pro"]:
    models = by_model(f"{device}-6-players")
    if not models: continue
    first = next(iter(models.values()))[0]
    print(f"## Six players on {device} ({first['pool_width']}-wide pool, {len(next(iter(models.values())))} repetitions)\n")
    print("| model | peak allocated | ÷ eager | peak RSS | held frames (Σ) | stalls (worst player) | dropped | CPU per s of animation | harness CPU | left after all left | under 100 MiB, no stall |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    eager = med(models["eager"], "jemalloc_allocated_peak_bytes") if "eager" in models else None
    for model, group in models.items():
        peak = med(group, "jemalloc_allocated_peak_bytes")
        stalls, dropped = int(worst(group, "stalls")), int(worst(group, "dropped_frames"))
        fits = peak <= 100 * MIB and stalls == 0 and dropped == 0
        ratio = f"{peak / eager:.3f}×" if eager else ""
        print(f"| {model} | {mib(peak)} | {ratio} | {mib(med(group, 'rss_peak_bytes'))} | {int(med(group, 'held_frames_max_sum'))} | "
              f"{stalls} ({int(worst(group, 'stalls_worst_player'))}) | {dropped} | {1000 * med(group, 'cpu_per_animation_s'):.1f} ms | "
              f"{100 * med(group, 'harness_share'):.2f} % | {med(group, 'retained_after_leave_bytes') / KIB:.1f} KiB | {'yes' if fits else 'no'} |")
    print()

print("## Targets\n")
print("| target | figure | met |")
print("|---|---|---|")
for device in ["iphone-se-2", "iphone-15-pro"]:
    six, one = by_model(f"{device}-6-players"), by_model(f"{device}-1-player")
    if "eager" in six and "eager" in one:
        ratio = med(six["eager"], "jemalloc_allocated_peak_bytes") / (6 * med(one["eager"], "jemalloc_allocated_peak_bytes"))
        print(f"| {device}: eager's peak grows linearly (6 players ≈ 6 × one, within 10%) | "
              f"{mib(med(six['eager'], 'jemalloc_allocated_peak_bytes'))} against 6 × {mib(med(one['eager'], 'jemalloc_allocated_peak_bytes'))} = {ratio:.3f} | "
              f"{'yes' if abs(ratio - 1) <= 0.10 else 'no'} |")
    if "eager" in six:
        eager = med(six["eager"], "jemalloc_allocated_peak_bytes")
        for model in ["windowed w=4", "kingfisher", "flanimatedimage", "ylgifimage", "sdwebimage"]:
            if model not in six: continue
            ratio = med(six[model], "jemalloc_allocated_peak_bytes") / eager
            stalls = int(worst(six[model], "stalls"))
            print(f"| {device}: {model} ≤ 0.15 × eager's peak, 6 players | {ratio:.3f}×, {stalls} stalls | {'yes' if ratio <= 0.15 else 'no'} |")
every = [r for run in os.listdir(root) if os.path.isdir(os.path.join(root, run)) for r in rows(run)]
if every:
    retained = max(abs(float(r["retained_after_leave_bytes"])) for r in every)
    print(f"| allocated returns within 256 KiB of its start after every player left (all {len(every)} feeds) | worst {retained / KIB:.1f} KiB | "
          f"{'yes' if retained <= 256 * KIB else 'no'} |")
    shares = {}
    for r in every: shares.setdefault(r["model"], []).append(float(r["harness_share"]))
    six = [r for device in ["iphone-se-2", "iphone-15-pro"] for r in rows(f"{device}-6-players")]
    if six:
        top = max(six, key=lambda r: float(r["harness_share"]))
        under = sum(1 for r in six if float(r["harness_share"]) < 0.03)
        print(f"| the harness's own CPU (display link, memory readings) under 3% of the feed's, six players | {under} of {len(six)} feeds; "
              f"worst {100 * float(top['harness_share']):.2f} % ({top['model']}, {top['device']}); median "
              f"{100 * statistics.median(float(r['harness_share']) for r in six):.2f} % | {'yes' if float(top['harness_share']) < 0.03 else 'no'} |")
    top = max(every, key=lambda r: float(r["harness_share"]))
    print(f"| the same over every feed here, one player alone included | worst {100 * float(top['harness_share']):.2f} % "
          f"({top['model']}, {top['players']} player{'s' if top['players'] != '1' else ''}, {top['device']}: the feed's CPU is one eager decode) | "
          f"{'yes' if float(top['harness_share']) < 0.03 else 'no'} |")
print()

scroll = by_model("iphone-se-2-scrolling")
if scroll:
    print("## Scrolling: six players, one leaving and one entering every second (iphone-se-2, 1 repetition)\n")
    print("| model | entrants | peak allocated | stalls | dropped | worst first frame | left after all left |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for model, group in scroll.items():
        r = group[0]
        print(f"| {model} | {r['entrants']} | {mib(float(r['jemalloc_allocated_peak_bytes']))} | {r['stalls']} | {r['dropped_frames']} | "
              f"{1000 * float(r['first_frame_worst_s']):.0f} ms | {float(r['retained_after_leave_bytes']) / KIB:.1f} KiB |")
    print()
warning = by_model("iphone-se-2-warning")
if warning:
    print("## A memory warning to six players at 6 s (iphone-se-2, 1 repetition)\n")
    print("| model | players reached | freed at once | peak allocated | stalls |")
    print("|---|---:|---:|---:|---:|")
    for model, group in warning.items():
        r = group[0]
        print(f"| {model} | {r['warning_players']} | {mib(float(r['warning_freed_bytes'] or 0))} | {mib(float(r['jemalloc_allocated_peak_bytes']))} | {r['stalls']} |")
