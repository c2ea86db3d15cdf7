# shellcheck shell=bash
# Sourced by every script that writes a committed report: a report names the code it measured, so it is made from a
# committed tree. Refuses (exit 2) when the package's code has uncommitted changes, unless ALLOW_DIRTY=1; sets
# report_commit to the commit (12 hex digits, with -dirty when allowed to be made from a changed tree).
clean_tree_root=$(git -C "$(dirname "${BASH_SOURCE[0]}")/../.." rev-parse --show-toplevel)
if [ -n "$(git -C "$clean_tree_root" status --porcelain -- Package.swift Plugins Sources Benchmarks Tests)" ]; then
  if [ "${ALLOW_DIRTY:-}" != 1 ]; then
    echo "$(basename "$0"): the code has uncommitted changes, so the report could name no commit; commit them, or set ALLOW_DIRTY=1 (the report then says -dirty)" >&2
    exit 2
  fi
fi
# Only the code counts: a report written into Reports/ before this one does not make the code "dirty".
report_commit=$(git -C "$clean_tree_root" rev-parse --short=12 HEAD)
if [ -n "$(git -C "$clean_tree_root" status --porcelain -- Package.swift Plugins Sources Benchmarks Tests)" ]; then report_commit="$report_commit-dirty"; fi
export report_commit
# The machine, as every report names it: the CPU model and how many cores.
report_machine="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
export report_machine
