#ifndef CPOSIX_SHIM_H
#define CPOSIX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>

/// Names the calling thread as /proc/self/task/<tid>/comm and debuggers show it (at most 15 bytes are kept).
static inline int cposix_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
#endif
