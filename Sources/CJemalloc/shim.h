#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>

// The types of jemalloc's control functions, taken from its own declarations. MemoryProbe looks the functions up
// with dlsym instead of linking them (a sanitizer build must leave jemalloc out), and casts to these types, so a
// signature can never drift from the installed jemalloc. __typeof__ reads a declaration; it references no symbol.
typedef __typeof__(mallctl) *cjemalloc_mallctl_fn;
typedef __typeof__(mallctlnametomib) *cjemalloc_mallctlnametomib_fn;
typedef __typeof__(mallctlbymib) *cjemalloc_mallctlbymib_fn;
typedef __typeof__(nallocx) *cjemalloc_nallocx_fn;
#endif
