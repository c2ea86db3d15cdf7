#!/usr/bin/env bash
# Plants each fault the paired gate's tests guard against, one at a time, in this work tree (which must be clean: each
# file is restored from git afterwards, and on any exit), runs the tests said to guard it, and expects them to fail; a
# fault that survives, or one that does not build, is reported and the script exits 1. Usage: from a clean tree,
# Tests/Scripts/paired_gate_mutations.sh (about 10 minutes: an incremental build and a test run per fault).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then echo "paired_gate_mutations.sh: needs a clean tree (it restores files from git)" >&2; exit 2; fi
copy=$PWD
trap 'git checkout -q -- Sources' EXIT
survived=0
log=$(mktemp)
# plant FILE OLD NEW FILTER: replaces the literal OLD (which must occur) by NEW, runs FILTER, restores the file.
plant() {
  local file=$copy/$1 old=$2 new=$3 filter=$4
  OLD=$old NEW=$new python3 -c 'import os,sys; p=sys.argv[1]; s=open(p).read(); o=os.environ["OLD"]; assert o in s, "not found: "+o; open(p,"w").write(s.replace(o,os.environ["NEW"],1))' "$file"
  if ! (cd "$copy" && swift build -c release >"$log" 2>&1); then
    echo "BROKEN:   $1: '$old' → '$new' does not compile; a mutation must build"; survived=1
  elif (cd "$copy" && swift test -c release --disable-testable-imports --filter "$filter" >"$log" 2>&1); then
    echo "SURVIVED: $1: '$old' → '$new' ($filter passed)"; survived=1
  else
    echo "killed:   $1: '$old' → '$new' ($filter failed: $(grep -c '^✘ Test' "$log") tests)"
  fi
  git checkout -q -- "$1"
}
plant Sources/BenchVerdicts/PairedJudge.swift 'paired.interval.lower > band ?' 'paired.interval.upper > band ?' 'PairedGateTests/pairedTimes'
plant Sources/BenchVerdicts/StudentT.swift 'if degrees <= table.count { return table[degrees - 1] }' 'if degrees <= table.count { return z }' 'PairedGateTests/intervalCoverage'
plant Sources/BenchVerdicts/PairedJudge.swift 'let change = after / before - 1' 'let change = before / after - 1' 'PairedGateTests/plantedInstructions'
plant Sources/BenchVerdicts/Gate.swift 'if strict {' 'if false {' 'PairedGateTests/unjudged'
plant Sources/BenchRunning/RunMetadata.swift 'guard let plan = metadata.plan else { return [] }' 'guard let plan = metadata.plan, plan.cases < 0 else { return [] }' 'PairedGateTests/planShortfall'
# shellcheck disable=SC2016 # Swift source, not shell: nothing to expand
plant Sources/BenchRunning/Baseline/ReportValidation.swift 'if let planted = results.first(where: { !$0.benchCase.identity.planted.isEmpty }) {' 'if let planted = results.first(where: { _ in false }) {' 'PairedGateTests/plantedBaseline'
plant Sources/PairedRunning/BaseBuild.swift 'guard outcome.exitStatus == 0, !commit.isEmpty else {' 'guard true else {' 'PairedGateTests/refusals'
exit $survived
