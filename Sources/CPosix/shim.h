#ifndef CPOSIX_SHIM_H
#define CPOSIX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

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
/// The number of CPUs this process may run on (its affinity mask), which `--cpus` cannot exceed.
static inline int cposix_allowed_cpu_count(void) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return 0;
    return CPU_COUNT(&allowed);
}

/// Asks the kernel to send SIGKILL to the calling process when the thread that started it ends, and then checks that
/// the parent is still `expected` (it may have died before the request). Returns 0, or -1 when the parent is gone.
static inline int cposix_die_with_parent(pid_t expected) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    return getppid() == expected ? 0 : -1;
}
/// Flushes the C library's stdout buffer; returns 0, or the errno of a write that failed now or earlier (`/dev/full`,
/// a closed pipe), which `print` alone never reports.
static inline int cposix_flush_standard_output(void) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) return errno != 0 ? errno : EIO;
    return 0;
}
#endif
