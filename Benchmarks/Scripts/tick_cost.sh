#!/usr/bin/env bash
# What one display-link wake-up costs on this machine, without any Swift: a C loop sleeping to absolute 60 Hz
# deadlines with clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) for 5 s, then its own thread CPU time per tick.
# The floor of `bench feed`'s harness cost. Usage: Benchmarks/Scripts/tick_cost.sh (needs a C compiler)
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/tick.c" <<'C'
#include <stdio.h>
#include <time.h>
int main(void) {
    struct timespec next, spent;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (int tick = 0; tick < 300; tick++) {
        next.tv_nsec += 16666667;
        if (next.tv_nsec >= 1000000000) { next.tv_nsec -= 1000000000; next.tv_sec++; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spent);
    double seconds = spent.tv_sec + spent.tv_nsec / 1e9;
    printf("300 ticks at 60 Hz: %.2f ms of CPU, %.1f us a tick\n", seconds * 1e3, seconds / 300 * 1e6);
    return 0;
}
C
cc -O2 -o "$work/tick" "$work/tick.c"
"$work/tick"
