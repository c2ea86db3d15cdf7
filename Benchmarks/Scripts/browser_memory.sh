#!/usr/bin/env bash
# What do real browsers hold while they play a GIF? (issue 69) Debian's Chromium and Firefox ESR, headless, each load a
# page with the seed GIF (kingfisher-720x720x150), a page with a small one (sticker-240x240x60) and the same page
# without a GIF, three times each; browser_memory.py reads every process of the browser from /proc (proportional set
# size and CPU time) for 16 s, and sets the GIF's cost, page with GIF less page without, beside what this package's
# chromium and firefox models hold for the same GIFs. Writes Reports/browser-memory/.
#
# Usage: Benchmarks/Scripts/browser_memory.sh   (repository root; about 5 minutes; installs nothing: it needs
# `apt-get install chromium firefox-esr` first, and says so when either is missing)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
for browser in chromium firefox-esr; do
    command -v "$browser" >/dev/null || { echo "browser_memory.sh: $browser is not installed (apt-get install chromium firefox-esr)" >&2; exit 2; }
done
swift build -c release --product bench >/dev/null
bench=.build/release/bench
out=Reports/browser-memory
runs=$out/runs
rm -rf "$runs"
mkdir -p "$runs/gifs"
"$bench" corpus --out "$runs/gifs" >/dev/null
# The models' prediction: each GIF played by the two models, in throughput mode, two loops; Chromium's discardable
# memory as a desktop's (512 MB).
"$bench" run --gif "$runs/gifs/kingfisher-720x720x150.gif" --gif "$runs/gifs/sticker-240x240x60.gif" \
    --policies chromium:cache=512,firefox --no-references --loops 2 --repetitions 3 --out "$runs/models" >/dev/null
python3 "$(dirname "${BASH_SOURCE[0]}")/browser_memory.py" "$runs" "$out" "$report_commit" "$report_machine" \
    "$(chromium --version)" "$(firefox-esr --version)"
