#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
#endif
