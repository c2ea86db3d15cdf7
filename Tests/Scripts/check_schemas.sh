#!/usr/bin/env bash
# The report schemas and the export formats, checked with check-jsonschema (PyPI): docs/results.schema.json and
# docs/feed.schema.json must be what `bench schema` prints; docs/players/*.json must be player files
# (docs/player.schema.json); every committed report, and a fresh run (with a player file) and feed, must
# validate against them; the fresh exports must validate against github-action-benchmark's and Bencher's formats
# (Tests/Schemas). CI runs it; exit 1 on the first file that does not validate.
#   Tests/Scripts/check_schemas.sh [BENCH]   (default .build/release/bench)
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=$(realpath "${1:-.build/release/bench}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
diff -u docs/results.schema.json <("$bench" schema results) || { echo "schemas: docs/results.schema.json is not what 'bench schema results' prints" >&2; exit 1; }
diff -u docs/feed.schema.json <("$bench" schema feed) || { echo "schemas: docs/feed.schema.json is not what 'bench schema feed' prints" >&2; exit 1; }
mapfile -t reports < <(git ls-files Reports | grep -E '/(results|baseline|candidate|base)\.json$|^Reports/baseline\.json$')
mapfile -t feeds < <(git ls-files Reports | grep -E '/feed\.json$')
# A raw report kept gzipped (Benchmarks/Scripts/compact_reports.py) is checked unpacked.
mkdir -p "$work/unpacked"
while IFS= read -r packed; do
  unpacked="$work/unpacked/$(echo "${packed%.gz}" | tr / _)"
  gzip -dc "$packed" > "$unpacked"
  case "$packed" in
    */feed.json.gz) feeds+=("$unpacked") ;;
    *) reports+=("$unpacked") ;;
  esac
done < <(git ls-files Reports | grep -E '/(results|baseline|candidate|base|feed)\.json\.gz$')
check-jsonschema --schemafile docs/results.schema.json "${reports[@]}"
check-jsonschema --schemafile docs/feed.schema.json "${feeds[@]}"
check-jsonschema --schemafile docs/player.schema.json docs/players/*.json
"$bench" corpus --out "$work/corpus" >/dev/null 2>&1
gif="$work/corpus/emoji-64x64x24.gif"
"$bench" run --gif "$gif" --quick --repetitions 2 --out "$work/run" --decoders eager,windowed,indexed --player-file docs/players/sdwebimage.json \
  --export-github-benchmark "$work/run-github.json" --export-bmf "$work/run-bmf.json" >/dev/null 2>&1
"$bench" feed --gif "$gif" --loops 1 --players 2 --policies eager,windowed --out "$work/feed" \
  --export-github-benchmark "$work/feed-github.json" --export-bmf "$work/feed-bmf.json" >/dev/null 2>&1
check-jsonschema --schemafile docs/results.schema.json "$work/run/results.json"
check-jsonschema --schemafile docs/feed.schema.json "$work/feed/feed.json"
check-jsonschema --schemafile Tests/Schemas/github-action-benchmark-custom.schema.json "$work/run-github.json" "$work/feed-github.json"
check-jsonschema --schemafile Tests/Schemas/bencher-bmf.schema.json "$work/run-bmf.json" "$work/feed-bmf.json"
echo "schemas: ${#reports[@]} committed reports, ${#feeds[@]} committed feeds, a fresh run and feed and their four exports valid"
