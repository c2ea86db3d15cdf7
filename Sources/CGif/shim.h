#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
#include <gif_lib.h>
#endif
