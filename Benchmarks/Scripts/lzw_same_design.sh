#!/usr/bin/env bash
# Builds Benchmarks/Scripts/lzw_same_design.c (the fast LZW loop in plain C, gcc -O2) and runs it on each GIF given:
# frames, pixels, codes, best time of 200 passes, Mpx/s and ns per code. Compare with `bench speed --codec fast`.
# Usage: Benchmarks/Scripts/lzw_same_design.sh FILE.gif...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/lzw" "$here/lzw_same_design.c"
for gif in "$@"; do "$work/lzw" "$gif"; done
