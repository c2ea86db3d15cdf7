#!/usr/bin/env bash
# The fast LZW codec against giflib's (issue 15), every figure from this one script: writes to OUT (default
# Reports/codec-speed)
#   lzw-synthetic-real.md   bench speed over the synthetic corpus and the real GIFs in Tests/Fixtures
#   lzw-shared.md           bench speed over every GIF of ../shared/corpus (when present; unplayable ones skipped)
#   summary.md              medians and minimums of fast ÷ giflib (LZW only), the default suite's wall time with each
#                           codec (three runs each, median), and the windowed decoder's CPU per loop on the seed case
# Usage: Benchmarks/Scripts/codec_comparison.sh .build/release/bench [OUT]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
bench=$(realpath "$1")
out=${2:-Reports/codec-speed}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

made="Made by \`Benchmarks/Scripts/codec_comparison.sh\` at commit $report_commit on $(date -u +%Y-%m-%d), release build, $report_machine."
"$bench" speed --corpus all >"$out/lzw-synthetic-real.md" 2>/dev/null
printf '\n%s\n' "$made" >>"$out/lzw-synthetic-real.md"
if [ -d "$root/../shared/corpus" ]; then
  args=()
  for gif in "$root"/../shared/corpus/*.gif; do args+=(--gif "$gif"); done
  "$bench" speed "${args[@]}" >"$out/lzw-shared.md" 2>"$work/shared.err" || true
  printf '\n%s\n' "$made" >>"$out/lzw-shared.md"
  grep 'skipped' "$work/shared.err" | sed 's/^speed: /- /' >"$out/lzw-shared-skipped.txt" || true
fi

# The default suite, timed end to end, three times per codec (median).
for codec in fast giflib; do
  for run in 1 2 3; do
    start=$(date +%s.%N)
    "$bench" run --codec "$codec" --out "$work/suite-$codec-$run" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$codec $(echo "$end - $start" | bc)" >>"$work/walls.txt"
  done
done

python3 - "$out" "$work" "$report_commit" <<'PY'
import csv, json, statistics, sys, re, os
out, work, commit = sys.argv[1], sys.argv[2], sys.argv[3]
def ratios(path):
    if not os.path.exists(path): return []
    rows = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 9 and cells[0] not in ('gif', '---'):
            rows.append((cells[0], float(cells[8])))
        if line.strip() == '': break
    return rows
# The shared corpus holds Tests/Fixtures' real GIFs too: each GIF counts once, its shared-corpus row winning.
rows = dict(ratios(os.path.join(out, 'lzw-synthetic-real.md')))
rows.update(dict(ratios(os.path.join(out, 'lzw-shared.md'))))
rows = sorted(rows.items())
walls = {}
for line in open(os.path.join(work, 'walls.txt')):
    codec, seconds = line.split(); walls.setdefault(codec, []).append(float(seconds))
def cpu_per_loop(codec, decoder):
    values = []
    for run in (1, 2, 3):
        for row in csv.DictReader(open(os.path.join(work, f'suite-{codec}-{run}', 'results.csv'))):
            if row['gif'] == 'kingfisher-720x720x150' and row['decoder'] == decoder and row['status'] == 'ok':
                values.append(float(row['cpu_total_s']) / int(row['loops']))
    return statistics.median(values)
with open(os.path.join(out, 'summary.md'), 'w') as f:
    f.write('# Fast LZW against giflib: summary\n\nMade by `Benchmarks/Scripts/codec_comparison.sh .build/release/bench` at commit ' + commit + ' (release build).\n\n')
    values = sorted(r for _, r in rows)
    f.write(f'- LZW only, fast ÷ giflib over {len(values)} GIFs (the synthetic corpus and every playable GIF of ../shared/corpus, those of Tests/Fixtures among them): median {statistics.median(values):.2f}×, '
            f'minimum {values[0]:.2f}× ({min(rows, key=lambda r: r[1])[0]}), maximum {values[-1]:.2f}×; '
            f'{sum(1 for v in values if v >= 10)} at 10× or more, {sum(1 for v in values if v < 4)} under 4×.\n')
    for codec in ('fast', 'giflib'):
        f.write(f'- Default suite (`bench run --codec {codec}`), wall time, median of 3: {statistics.median(walls[codec]):.1f} s '
                f'(runs: {", ".join(f"{w:.1f}" for w in walls[codec])}).\n')
    f.write(f'- Default suite wall time, fast ÷ giflib: {statistics.median(walls["fast"]) / statistics.median(walls["giflib"]):.2f}×.\n')
    for decoder in ('eager', 'windowed'):
        fast, giflib = cpu_per_loop('fast', decoder), cpu_per_loop('giflib', decoder)
        f.write(f'- Seed case (kingfisher-720x720x150), {decoder}, CPU per loop (3 loops, median of 9 rows): fast {fast*1e3:.1f} ms, '
                f'giflib {giflib*1e3:.1f} ms, fast ÷ giflib {fast/giflib:.2f}×.\n')
PY
cat "$out/summary.md"
