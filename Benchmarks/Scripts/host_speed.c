/* How fast this host runs the same work from one moment to the next (issue 67): times one fixed piece of work on the
 * thread's own CPU clock, COUNT times with 200 ms of sleep between, and prints each time in milliseconds on one line.
 * The work is arithmetic in registers (KIB 0) or a chase of 4,000,000 pointers through a random cycle over KIB KiB:
 * one that fits a core's own cache, one that fits only the cache a host's cores share, one that fits no cache. A
 * thread's CPU clock counts the time the work ran, so when a host's other tenants fill the shared cache the same work
 * takes longer.
 *
 * Usage: host_speed COUNT KIB */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double thread_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* A random cycle through every slot (Sattolo's shuffle), so each load depends on the last and no prefetcher helps. */
static uint32_t *random_cycle(size_t count) {
    uint32_t *next = malloc(count * sizeof *next);
    if (!next) return NULL;
    for (size_t i = 0; i < count; i++) next[i] = (uint32_t)i;
    uint64_t state = 1;
    for (size_t i = count - 1; i > 0; i--) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        size_t j = (size_t)(state >> 33) % i;
        uint32_t kept = next[i];
        next[i] = next[j];
        next[j] = kept;
    }
    return next;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: host_speed COUNT KIB\n");
        return 2;
    }
    int count = atoi(argv[1]);
    size_t slots = (size_t)atol(argv[2]) * 1024 / sizeof(uint32_t);
    uint32_t *next = slots ? random_cycle(slots) : NULL;
    if (slots && !next) {
        perror("host_speed");
        return 1;
    }
    struct timespec gap = {0, 200000000L};
    volatile uint64_t sink = 0;
    for (int n = 0; n < count; n++) {
        double start = thread_seconds();
        uint64_t x = 88172645463325252ull + (uint64_t)n;
        if (next) {
            uint32_t at = 0;
            for (int i = 0; i < 4000000; i++) at = next[at];
            x = at;
        } else {
            for (int i = 0; i < 20000000; i++) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
            }
        }
        sink += x;
        printf("%s%.1f", n ? " " : "", (thread_seconds() - start) * 1e3);
        fflush(stdout);
        nanosleep(&gap, NULL);
    }
    printf("\n");
    free(next);
    return sink == 42;
}
