#!/usr/bin/env bash
# The answer for the browsers' and Android's players on the seed case (issue 69): `bench run --gif
# kingfisher-720x720x150 --policies webkit,chromium,firefox,glide,fresco,android`, its Answer section kept as
# Reports/platform-players/README.md (the run's own folder is removed).
#
# Usage: Benchmarks/Scripts/platform_players.sh   (repository root; about 20 s)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
swift build -c release --product bench >/dev/null
out=Reports/platform-players
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
policies=webkit,chromium,firefox,glide,fresco,android
.build/release/bench run --gif kingfisher-720x720x150 --policies "$policies" --out "$work/run" --quiet >/dev/null
{
    echo "# The browsers' and Android's players on the seed case"
    echo
    echo "Made by \`Benchmarks/Scripts/platform_players.sh\` at commit $report_commit on $report_machine:"
    echo "\`bench run --gif kingfisher-720x720x150 --policies $policies\`, its Answer section as the run wrote it."
    echo
    sed -n '/^## Answer/,/^## /p' "$work/run/results.md" | sed '$d' | sed '1d'
} > "$out/README.md"
