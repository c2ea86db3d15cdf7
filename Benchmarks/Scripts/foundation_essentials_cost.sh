#!/usr/bin/env bash
# What taking FoundationEssentials's JSONEncoder/JSONDecoder would cost the measuring child (issue 49, "One JSON
# codec"): bench-case is built twice from a scratch export of HEAD, as committed and with a start that encodes and
# decodes one Codable value through FoundationEssentials (statically linked, as the child links the Swift runtime),
# and each binary's size and start RSS (the kernel's peak for a run that stops at its first argument check, the median of
# 21 runs by /usr/bin/time) are printed as Markdown.
#
#   Benchmarks/Scripts/foundation_essentials_cost.sh > Reports/child-codec/foundation-essentials.md
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git -C "$root" archive HEAD | tar -x -C "$scratch"
commit=$(git -C "$root" rev-parse --short=12 HEAD)
if [ -n "$(git -C "$root" status --porcelain)" ]; then commit="$commit-dirty"; fi

measure() {
  local label=$1 binary="$scratch/.build/release/bench-case" peaks=()
  for _ in $(seq 21); do
    /usr/bin/time -f %M -o "$scratch/peak" "$binary" >/dev/null 2>&1 || true
    peaks+=("$(tail -1 "$scratch/peak")")
  done
  local median
  median=$(printf '%s\n' "${peaks[@]}" | sort -n | sed -n 11p)
  printf '| %s | %.2f MiB | %.2f MiB |\n' "$label" "$(echo "$(stat -c %s "$binary") / 1048576" | bc -l)" \
    "$(echo "$median / 1024" | bc -l)"
}

echo "building bench-case as committed" >&2
(cd "$scratch" && swift build -c release --product bench-case >/dev/null)
as_committed=$(measure "as committed (JSONWriter/JSONReader)")
python3 - "$scratch/Benchmarks/bench-case/main.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
text = text.replace("import BenchCore\n", "import BenchCore\nimport FoundationEssentials\n", 1)
text = text.replace("exit(ChildEntry.run(", """struct CodecProbe: Codable { var frames: [Int]; var gif: String }
let probe = try! JSONEncoder().encode(CodecProbe(frames: [1, 2, 3], gif: "seed.gif"))
if (try? JSONDecoder().decode(CodecProbe.self, from: probe))?.gif != "seed.gif" { exit(3) }
exit(ChildEntry.run(""", 1)
open(path, "w").write(text)
PY
# FoundationEssentials's static archive needs its two helpers named after it, which -static-stdlib does not add.
sed -i 's/\.unsafeFlags(\["-static-stdlib"\])/.unsafeFlags(["-static-stdlib", "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims"])/' \
  "$scratch/Package.swift"
grep -q -- '-l_FoundationCShims' "$scratch/Package.swift" || { echo "the bench-case linker settings were not found" >&2; exit 1; }
echo "building bench-case with FoundationEssentials's JSON codec" >&2
(cd "$scratch" && swift build -c release --product bench-case >/dev/null)
with_essentials=$(measure "with FoundationEssentials's JSONEncoder/JSONDecoder")
foundation=$(ldd "$scratch/.build/release/bench-case" | grep -ci foundation || true)

echo "# The measuring child with FoundationEssentials's JSON codec"
echo
echo "Made by \`Benchmarks/Scripts/foundation_essentials_cost.sh\` at commit $commit on a release build. Start RSS is the"
echo "kernel's peak RSS (\`/usr/bin/time -f %M\`) of bench-case run with no arguments (it stops at its argument check),"
echo "the median of 21 runs; the second binary encodes and decodes one Codable value first. Shared Foundation libraries"
echo "in the second binary (ldd): $foundation."
echo
echo "| bench-case | binary | start RSS |"
echo "| --- | ---: | ---: |"
echo "$as_committed"
echo "$with_essentials"
