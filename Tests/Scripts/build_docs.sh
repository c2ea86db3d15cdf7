#!/usr/bin/env bash
# The API documentation (issue 70): the DocC catalogs of GIFFrameBench and the two modules it re-exports, which a
# player author touches (FrameDecoders, GIFCodec), each built with the toolchain's docc from its public symbol graph,
# failing on any warning (a link that does not resolve, a topic that names no symbol). Reads the modules of a release
# build (run `swift build -c release` first) and writes a static site per module to OUT (default .build/docs):
#   Tests/Scripts/build_docs.sh [OUT]
# Open it with any static file server, e.g. `python3 -m http.server -d .build/docs/GIFFrameBench`, then
# http://localhost:8000/documentation/gifframebench/ (DocC's path is the module's name in lower case).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/docs}
build=.build/release
[ -d "$build/Modules" ] || { echo "docs: $build/Modules is missing; run 'swift build -c release' first" >&2; exit 2; }
mkdir -p "$out"
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
includes=(-I "$build/Modules")
for library in CGif CJemalloc CWebP CPosix CValgrind; do includes+=(-I "Sources/$library"); done
for map in "$build"/*.build/module.modulemap; do includes+=(-Xcc "-fmodule-map-file=$map"); done
for module in GIFFrameBench FrameDecoders GIFCodec; do
  mkdir -p "$graphs/$module"
  swift symbolgraph-extract -module-name "$module" "${includes[@]}" -target "$(uname -m)-unknown-linux-gnu" \
    -minimum-access-level public -output-dir "$graphs/$module"
  # Only the module's own graph and its extensions of others: a graph named Other@Module.symbols.json documents Other.
  rm -f "$graphs/$module"/*@*.symbols.json
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.gif-frame-bench.$module" \
    --output-path "$out/$module" --warnings-as-errors >"$graphs/$module.log" 2>&1 \
    || { cat "$graphs/$module.log" >&2; echo "docs: $module's catalog has warnings (above)" >&2; exit 1; }
  echo "docs: $module built in $out/$module"
done
