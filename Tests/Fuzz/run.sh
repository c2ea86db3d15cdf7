#!/usr/bin/env bash
# Builds the fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS (default 60) from a seed
# corpus of the synthetic GIFs (small ones), the fixtures and the regression inputs; new interesting inputs go to
# Tests/Fuzz/work/corpus (not committed), crashes to Tests/Fuzz/work/ (commit them to Tests/Fuzz/regressions/).
# Usage: Tests/Fuzz/run.sh [SECONDS]   (from anywhere)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-60}
cd "$here"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product gif-fuzz >&2
fuzzer=$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)/gif-fuzz
mkdir -p work/corpus work/seeds
if [ ! -f work/seeds/.made ]; then
  (cd "$root" && swift build -c release --product bench >&2 && .build/release/bench corpus --out "$here/work/seeds/synthetic" 2>/dev/null)
  find work/seeds/synthetic -name '*.gif' -size +200k -delete
  cp "$root"/Tests/Fixtures/*.gif work/seeds/
  touch work/seeds/.made
fi
exec "$fuzzer" work/corpus work/seeds "$here/regressions" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=16384 -artifact_prefix=work/ -print_final_stats=1
