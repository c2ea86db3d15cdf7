# shellcheck shell=bash
# Sourced by a script whose measurements a CPU's idling would disturb (issue 67): builds keep_awake.c into
# $keep_awake_work (a scratch folder the sourcing script may also use) and gives two functions. keep_awake_start
# all|CPU... starts a spinner at SCHED_IDLE priority (it takes no time any other thread wants) on every CPU or on each
# CPU given; keep_awake_stop stops every one started, and may be called again. The script's exit stops them and
# removes the folder. Sets keep_awake_note, the sentence a report says it with.
keep_awake_work=$(mktemp -d)
gcc -O2 -o "$keep_awake_work/keep_awake" "$(dirname "${BASH_SOURCE[0]}")/keep_awake.c"
keep_awake_pids=()
keep_awake_start() {
  local cpus=("$@") cpu
  if [ "${cpus[0]:-all}" = all ]; then mapfile -t cpus < <(seq 0 $(($(nproc) - 1))); fi
  for cpu in "${cpus[@]}"; do
    "$keep_awake_work/keep_awake" "$cpu" &
    keep_awake_pids+=($!)
  done
}
keep_awake_stop() {
  [ ${#keep_awake_pids[@]} -eq 0 ] || kill "${keep_awake_pids[@]}" 2>/dev/null || true
  keep_awake_pids=()
}
trap 'keep_awake_stop; rm -rf "$keep_awake_work"' EXIT
# shellcheck disable=SC2034 # read by the script that sources this one
keep_awake_note="Every CPU was kept from idling by \`Benchmarks/Scripts/keep_awake.c\`, a spinner at SCHED_IDLE priority that takes no time another thread wants: an idle CPU of this virtual machine is handed back to the host, and a thread woken on it now and then runs milliseconds late (\`Reports/idle-hiccups/\`)."
