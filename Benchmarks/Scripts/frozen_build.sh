# shellcheck shell=bash
# Sourced by the sensitivity scripts: from the package root, builds for release and copies bench and bench-case into
# "$work/bin" (a temporary directory removed on exit), so a rebuild while a long run goes on cannot change the binary
# under test. Sets work, bench and out (Reports/gate-sensitivity, created).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=Reports/gate-sensitivity
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release >/dev/null
mkdir -p "$work/bin" "$out"
cp .build/release/bench .build/release/bench-case "$work/bin/"
# shellcheck disable=SC2034 # read by the scripts that source this file
bench="$work/bin/bench"
