#!/usr/bin/env bash
# Sweeps the settings users change in the libraries' players, in real time on a small device, and writes each run's
# report to Reports/library-settings/<setting>/ and their Answer tables to Reports/library-settings/README.md:
#   - Kingfisher's framePreloadCount 2…12 on the seed case (kingfisher-720x720x150), the issue's command;
#   - FLAnimatedImage's frameCacheSizeMax 1…5 on sticker-240x240x60 (13.2 MB decoded: a cache of 5 by default);
#   - SDWebImage's maxBufferSize at 1, 4, 16 and 64 frames' bytes on the seed case.
# Usage: Benchmarks/Scripts/library_settings.sh [REPETITIONS]   (repository root; release build; run it alone)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
repetitions="${1:-3}"
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/library-settings
common=(--device iphone-se-2 --mode realtime --repetitions "$repetitions")
frame=$((720 * 720 * 4))
"$bench" run --gif kingfisher-720x720x150 --policies kingfisher:preload=2..12 "${common[@]}" --out "$out/kingfisher-preload" >&2
"$bench" run --gif sticker-240x240x60 --policies flanimatedimage:cache-max=1..5,flanimatedimage "${common[@]}" \
    --out "$out/flanimatedimage-cache-max" >&2
"$bench" run --gif kingfisher-720x720x150 "${common[@]}" --out "$out/sdwebimage-max-buffer" \
    --policies "sdwebimage:max-buffer=$frame,sdwebimage:max-buffer=$((4 * frame)),sdwebimage:max-buffer=$((16 * frame)),sdwebimage:max-buffer=$((64 * frame)),sdwebimage" >&2
{
    echo "# Tuning the libraries' players (Benchmarks/Scripts/library_settings.sh)"
    echo
    echo "Made at commit $report_commit on $report_machine, release build, $repetitions repetitions per setting, in real time"
    echo "on iphone-se-2 (its memory sizes SDWebImage's automatic pool; its 60 Hz paces the display). Each section is the"
    echo "Answer table of that run's results.md; the tables below it in each folder hold every setting's figures."
    for setting in kingfisher-preload flanimatedimage-cache-max sdwebimage-max-buffer; do
        echo
        echo "## $setting"
        echo
        grep -m1 '^| command |' "$out/$setting/results.md" | sed -E 's/^[|] command [|] (.*) [|]$/\1/'
        awk '/^## Answer/ { on = 1; next } (/^## / || /^Medians over repetitions/) && on { exit } on' "$out/$setting/results.md"
    done
} > "$out/README.md"
echo "wrote $out/README.md" >&2
