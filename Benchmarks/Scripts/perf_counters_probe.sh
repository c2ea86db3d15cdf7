#!/usr/bin/env bash
# Whether this host gives a process its hardware counters (issue 48): opens instructions, cycles, cache misses and
# branch misses for itself with perf_event_open(2), as a gate would beside its CPU clocks, and prints one Markdown
# line per counter: counted, or the kernel's reason. Writes Reports/page-faults/perf-counters.md.
#   perf_counters_probe.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/probe.c" <<'C'
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void) {
    struct { const char *name; uint64_t config; } counters[] = {
        {"instructions", PERF_COUNT_HW_INSTRUCTIONS}, {"cycles", PERF_COUNT_HW_CPU_CYCLES},
        {"cache misses", PERF_COUNT_HW_CACHE_MISSES}, {"branch misses", PERF_COUNT_HW_BRANCH_MISSES}};
    for (unsigned i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        struct perf_event_attr attr;
        memset(&attr, 0, sizeof attr);
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_HARDWARE;
        attr.config = counters[i].config;
        attr.disabled = 1;
        attr.exclude_kernel = 1;
        attr.exclude_hv = 1;
        int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
        if (fd < 0) { printf("| %s | not available: %s (errno %d) |\n", counters[i].name, strerror(errno), errno); continue; }
        ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
        volatile uint64_t sum = 0;
        for (uint64_t k = 0; k < 10000000; k++) sum += k;
        ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
        uint64_t value = 0;
        if (read(fd, &value, sizeof value) != sizeof value) value = 0;
        printf("| %s | counted: %llu over a loop of 10,000,000 additions |\n", counters[i].name, (unsigned long long)value);
        close(fd);
    }
    return 0;
}
C
cc -O1 -o "$work/probe" "$work/probe.c"
{
  echo "# Hardware counters on this host"
  echo
  echo "Made by \`Benchmarks/Scripts/perf_counters_probe.sh\` at commit $report_commit, on $report_machine, kernel $(uname -r),"
  echo "perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid). Each counter is opened for the probe itself, user space"
  echo "only, with perf_event_open(2), as a gate would open it beside its CPU clocks."
  echo
  echo "| counter | result |"
  echo "|---|---|"
  "$work/probe"
  echo
  echo "Where a counter is not available the gate has CPU clocks, the kernel's counts (minor faults) and Callgrind's"
  echo "instruction counts; it opens no hardware counter."
} >Reports/page-faults/perf-counters.md
cat Reports/page-faults/perf-counters.md
