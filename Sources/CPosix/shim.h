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
#endif
