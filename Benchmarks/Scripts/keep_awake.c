/* Keeps one CPU from idling (issue 67): spins at SCHED_IDLE priority on the CPU given, so it runs only when nothing
 * else wants that CPU and yields to any thread that wakes. On this project's virtual machines a CPU that idles is
 * handed back to the host, and a thread woken on it now and then runs milliseconds late on its own clock
 * (Reports/idle-hiccups/); kept busy, it is not. Runs until killed.
 *
 * Usage: keep_awake CPU */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: keep_awake CPU\n");
        return 2;
    }
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(atoi(argv[1]), &cpus);
    struct sched_param none = {0};
    if (sched_setaffinity(0, sizeof cpus, &cpus) != 0 || sched_setscheduler(0, SCHED_IDLE, &none) != 0) {
        perror("keep_awake");
        return 1;
    }
    for (;;) __asm__ volatile("pause");
}
