# shellcheck shell=bash
# Sourced by a script whose measurements a CPU's idling would disturb (issue 67): builds keep_awake.c and starts one
# on every CPU, each spinning at SCHED_IDLE priority (it takes no time any other thread wants), and stops them when
# the script exits. Sets keep_awake_note, the sentence a report says it with.
keep_awake_work=$(mktemp -d)
gcc -O2 -o "$keep_awake_work/keep_awake" "$(dirname "${BASH_SOURCE[0]}")/keep_awake.c"
keep_awake_pids=()
for ((cpu = 0; cpu < $(nproc); cpu++)); do
  "$keep_awake_work/keep_awake" "$cpu" &
  keep_awake_pids+=($!)
done
trap 'kill "${keep_awake_pids[@]}" 2>/dev/null; rm -rf "$keep_awake_work"' EXIT
# shellcheck disable=SC2034 # read by the script that sources this one
keep_awake_note="Every CPU was kept from idling by \`Benchmarks/Scripts/keep_awake.c\`, a spinner at SCHED_IDLE priority that takes no time another thread wants: an idle CPU of this virtual machine is handed back to the host, and a thread woken on it now and then runs milliseconds late (\`Reports/idle-hiccups/\`)."
