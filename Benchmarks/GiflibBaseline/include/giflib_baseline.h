#ifndef GIFLIB_BASELINE_H
#define GIFLIB_BASELINE_H
#include <stddef.h>
#include <stdint.h>

/// The speed floor for the benchmark: a straightforward C loop over giflib's DGifGetLine that composites
/// every frame of a GIF held in memory into one RGBA canvas (disposal 0-3, transparency, interlace, clipping).
/// Returns the number of frames composited, or -1 when giflib fails to open the data.
/// `checksum` receives a sum over the canvas after each frame, so the work cannot be optimised away.
long giflib_baseline_decode(const uint8_t *data, size_t size, uint64_t *checksum);

#endif
