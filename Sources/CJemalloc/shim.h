#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>
#endif
