/* Hold-ups after idle (issue 67): copies a 4 MiB buffer into a reused one, timed on the thread's own clock
 * (CLOCK_THREAD_CPUTIME_ID), back to back and after sleeping 10 ms and 20 ms before each, as playback paces decodes.
 * Prints, for each way, the median copy, how many copies cost more than 3x and 4x it, and the largest. No page is
 * faulted during the timed copies (the thread's minor faults are printed too): what is left is the host's.
 *
 * Usage: idle_hiccups COUNT [CONDITION [ROWS-ONLY]]   (CONDITION is appended to each way's name; a third argument
 * leaves the table's header out) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double thread_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static long minor_faults(void) {
    struct rusage usage;
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt;
}

static void copies(const char *way, int count, useconds_t pause, char *from, char *to, size_t bytes) {
    double *costs = malloc(sizeof(double) * count), *sorted = malloc(sizeof(double) * count);
    long faults = minor_faults();
    for (int i = 0; i < count; i++) {
        if (pause) usleep(pause);
        double start = thread_seconds();
        memcpy(to, from, bytes);
        from[i % bytes]++;
        costs[i] = thread_seconds() - start;
    }
    faults = minor_faults() - faults;
    memcpy(sorted, costs, sizeof(double) * count);
    qsort(sorted, count, sizeof(double), by_value);
    double median = sorted[count / 2];
    int over3 = 0, over4 = 0;
    for (int i = 0; i < count; i++) {
        over3 += costs[i] > 3 * median;
        over4 += costs[i] > 4 * median;
    }
    printf("| %s | %d | %.0f µs | %d | %d | %.0f µs (%.1f×) | %ld |\n", way, count, median * 1e6, over3, over4,
           sorted[count - 1] * 1e6, sorted[count - 1] / median, faults);
    free(costs);
    free(sorted);
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 500;
    const char *condition = argc > 2 ? argv[2] : "";
    size_t bytes = 4 << 20;
    char *from = malloc(bytes), *to = malloc(bytes);
    memset(from, 1, bytes);
    memset(to, 2, bytes);
    static const struct { const char *name; useconds_t pause; } ways[] = {
        {"back to back", 0}, {"after 10 ms of sleep each", 10000}, {"after 20 ms of sleep each", 20000}};
    if (argc <= 3) {
        printf("| copies of 4 MiB | count | median | above 3× the median | above 4× | largest | minor faults |\n");
        printf("|---|---:|---:|---:|---:|---:|---:|\n");
    }
    for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
        char way[128];
        snprintf(way, sizeof way, "%s%s", ways[i].name, condition);
        copies(way, count, ways[i].pause, from, to, bytes);
    }
    return 0;
}
