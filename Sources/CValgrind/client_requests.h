// Valgrind client requests, the few the measuring child needs, without a build dependency on valgrind-dev.
// The request protocol (a no-op instruction sequence that Valgrind recognises; valgrind.h, BSD-style licence)
// is implemented for x86_64 Linux only; elsewhere every request returns its default, as outside Valgrind.
#ifndef GFB_VALGRIND_CLIENT_REQUESTS_H
#define GFB_VALGRIND_CLIENT_REQUESTS_H

static inline unsigned long gfb_valgrind_request(unsigned long fallback, unsigned long request) {
#if defined(__x86_64__) && defined(__linux__)
    volatile unsigned long args[6] = {request, 0, 0, 0, 0, 0};
    volatile unsigned long result;
    __asm__ volatile("rolq $3,  %%rdi ; rolq $13, %%rdi\n\t"
                     "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                     "xchgq %%rbx,%%rbx"
                     : "=d"(result)
                     : "a"(&args[0]), "0"(fallback)
                     : "cc", "memory");
    return result;
#else
    (void)request;
    return fallback;
#endif
}

/// Non-zero when this process runs under Valgrind (VG_USERREQ__RUNNING_ON_VALGRIND).
static inline unsigned long gfb_running_on_valgrind(void) { return gfb_valgrind_request(0, 0x1001); }

/// Callgrind: zero every thread's counts (VG_USERREQ__ZERO_STATS = ('C','T') base + 1).
static inline void gfb_callgrind_zero_stats(void) {
    (void)gfb_valgrind_request(0, ((unsigned long)'C' << 24 | (unsigned long)'T' << 16) + 1);
}

/// Callgrind: write every thread's counts since the last zeroing as a numbered dump (VG_USERREQ__DUMP_STATS).
static inline void gfb_callgrind_dump_stats(void) {
    (void)gfb_valgrind_request(0, ((unsigned long)'C' << 24 | (unsigned long)'T' << 16));
}

#endif
