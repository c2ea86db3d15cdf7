#ifndef CPOSIX_SHIM_H
#define CPOSIX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>

/// Names the calling thread as /proc/self/task/<tid>/comm and debuggers show it (at most 15 bytes are kept).
static inline int cposix_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

/// Puts the calling thread in the SCHED_IDLE class: it runs only on a core with nothing else to do,
/// so an observer thread never preempts the work it observes.
static inline int cposix_make_current_thread_idle(void) {
    struct sched_param param = { 0 };
    return pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
}

/// Pins the calling thread (and the threads it creates later) to the first `count` CPUs of its current mask.
/// Returns 0, or an errno value.
static inline int cposix_pin_current_thread_to_first_cpus(int count) {
    cpu_set_t allowed, chosen;
    CPU_ZERO(&chosen);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return 1;
    int taken = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && taken < count; cpu++) {
        if (CPU_ISSET(cpu, &allowed)) { CPU_SET(cpu, &chosen); taken++; }
    }
    if (taken == 0) return 22;
    return sched_setaffinity(0, sizeof(chosen), &chosen) == 0 ? 0 : 1;
}
#endif
