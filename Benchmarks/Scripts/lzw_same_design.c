// The fast LZW decoder's loop, written once more in plain C (gcc -O2), to tell what the Swift loop costs from what the
// design costs on a machine: Benchmarks/Scripts/lzw_same_design.sh builds it and runs it on the given GIFs, printing
// nanoseconds per code (best of 200 passes over every frame). It mirrors Sources/GIFCodec/LZWDecoder.swift: the first
// code of a table alone, then runs of codes that neither widen nor fill the table and have their bits present without
// those checks, one code with every check between runs, and 16-byte copies. Not a product part: a diagnostic for
// README "Codecs", which trusts its input (run it on GIFs the project already plays, never on hostile files).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
static uint8_t *file; static size_t size;
typedef struct { size_t data; int w, h, minsize; } Frame;
static Frame frames[4096]; static int nframes;
static void index_gif(void) {
  size_t p = 6; int sw = file[p] | file[p+1] << 8, sh = file[p+2] | file[p+3]<<8; (void)sw; (void)sh;
  uint8_t packed = file[p+4]; p += 7; if (packed & 0x80) p += 3 << ((packed & 7) + 1);
  while (p < size) {
    uint8_t t = file[p++];
    if (t == 0x21) { p++; while (p < size && file[p]) p += file[p] + 1; p++; }
    else if (t == 0x2C) {
      int w = file[p+4] | file[p+5]<<8, h = file[p+6] | file[p+7]<<8; uint8_t pk = file[p+8]; p += 9;
      if (pk & 0x80) p += 3 << ((pk & 7) + 1);
      if (nframes == 4096) break;
      frames[nframes].minsize = file[p++]; frames[nframes].data = p; frames[nframes].w = w; frames[nframes].h = h; nframes++;
      while (p < size && file[p]) p += file[p] + 1; p++;
    } else break;
  }
}
static uint8_t comp[1<<24]; static uint8_t store[256 + (1<<24) + 4096 + 16]; static uint64_t table[4096];

static inline void cp16(uint8_t *d, const uint8_t *s){__uint128_t v; memcpy(&v,s,16); memcpy(d,&v,16);}
static long decode(Frame *f, long *codesOut) {
  size_t p = f->data, n = 0; while (p < size && file[p]) { memcpy(comp + n, file + p + 1, file[p]); n += file[p]; p += file[p] + 1; }
  memset(comp + n, 0, 8);
  uint8_t *out = store; int ms = f->minsize, clear = 1 << ms, eoi = clear + 1;
  for (int c = 0; c < clear; c++) table[c] = (uint64_t)c | 1ull << 32; table[clear] = 0; table[eoi] = 0;
  long total = (long)n * 8, bit = 0, codes = 0, pos = 0, limit = (long)f->w * f->h;
  int rb, next; long max1;
  long prevStart, prevLen;
restart:
  rb = ms + 1; max1 = 1L << rb; next = eoi + 1; prevStart = -1; prevLen = 0;
  // first code after clear (or at start): no table add
  for (;;) {
    if (pos >= limit) goto done;
    if (bit + rb > total) goto done;
    uint64_t word; memcpy(&word, comp + (bit >> 3), 8);
    int code = (int)((word >> (bit & 7)) & ((1ull << rb) - 1)); bit += rb; codes++;
    // runningCode after this read = eoi+2; bump if > max1 (only when ms tiny)
    if (eoi + 2 > max1 && rb < 12) { max1 <<= 1; rb++; }
    if (code == clear) goto restart;
    if (code == eoi) goto done;
    if (code >= clear) goto done; // not in table
    out[256 + pos] = (uint8_t)code; prevStart = 256 + pos; prevLen = 1; pos += 1; break;
  }
  // main loop: every code adds an entry while next <= 4095. runningCode after read = next + 2 (pre-add) capped at 4097
  for (;;) {
    // threshold: slow path when next+2 > max1 (bump) or next > 4095
    long safe = (total - bit) / 12;  // codes readable without bits check
    long thr = max1 - 1; if (thr > 4096) thr = 4096;  // codes that neither widen nor fill the table
    if (safe > 0 && next < thr) {
      long m = safe; if (thr - next < m) m = thr - next;
      // run up to m codes, each adds an entry (next increments), no width/bits checks
      while (m-- > 0) {
        if (pos >= limit) goto done;
        uint64_t word; memcpy(&word, comp + (bit >> 3), 8);
        int code = (int)((word >> (bit & 7)) & ((1ull << rb) - 1)); bit += rb; codes++;
        long start = 256 + pos, len; uint64_t e;
        if (code < next && ((e = table[code]) >> 32)) {
          len = (long)(e >> 32); uint8_t *s = out + (e & 0xffffffff), *d = out + start;
          cp16(d, s); if (len > 16) { long o = 16; do { cp16(d+o, s+o); o += 16; } while (o < len); }
        } else if (code == clear) { goto restart; }
        else if (code == eoi) goto done;
        else if (code == next) {
          uint8_t *s = out + prevStart, *d = out + start;
          cp16(d, s); if (prevLen > 16) { long o = 16; do { cp16(d+o, s+o); o += 16; } while (o < prevLen); }
          out[start + prevLen] = out[prevStart]; len = prevLen + 1;
        } else goto done;
        table[next] = (uint64_t)prevStart | (uint64_t)(prevLen + 1) << 32; next++;
        prevStart = start; prevLen = len; pos += len;
      }
      continue;
    }
    // slow path: one code with full checks (giflib semantics)
    if (pos >= limit) goto done;
    if (bit + rb > total) goto done;
    uint64_t word; memcpy(&word, comp + (bit >> 3), 8);
    int code = (int)((word >> (bit & 7)) & ((1ull << rb) - 1)); bit += rb; codes++;
    { long rc = next + 2; if (rc > 4097) rc = 4097; if (rc > max1 && rb < 12) { max1 <<= 1; rb++; } }
    long start = 256 + pos, len; uint64_t e;
    if (code < next && ((e = table[code]) >> 32)) {
      len = (long)(e >> 32); uint8_t *s = out + (e & 0xffffffff), *d = out + start;
      cp16(d, s); if (len > 16) { long o = 16; do { cp16(d+o, s+o); o += 16; } while (o < len); }
    } else if (code == clear) goto restart;
    else if (code == eoi) goto done;
    else if (code == next && next <= 4095) {
      uint8_t *s = out + prevStart, *d = out + start;
      cp16(d, s); if (prevLen > 16) { long o = 16; do { cp16(d+o, s+o); o += 16; } while (o < prevLen); }
      out[start + prevLen] = out[prevStart]; len = prevLen + 1;
    } else goto done;
    if (next <= 4095) { table[next] = (uint64_t)prevStart | (uint64_t)(prevLen + 1) << 32; next++; }
    prevStart = start; prevLen = len; pos += len;
  }
done:
  if (pos > limit) pos = limit;
  *codesOut += codes; return pos;
}
int main(int argc, char **argv) {
  for (int i = 0; i < 256; i++) store[i] = i;
  FILE *fp = fopen(argv[1], "rb"); fseek(fp, 0, SEEK_END); size = ftell(fp); rewind(fp); file = malloc(size + 16); fread(file, 1, size, fp); fclose(fp);
  index_gif();
  struct timespec a, b; long pixels = 0, codes = 0; int runs = 0; double best = 1e9;
  for (runs = 0; runs < 200; runs++) {
    clock_gettime(CLOCK_MONOTONIC, &a); long px = 0, cd = 0;
    for (int i = 0; i < nframes; i++) px += decode(&frames[i], &cd);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9; if (t < best) best = t; pixels = px; codes = cd;
  }
  printf("%s: %d frames, %ld px, %ld codes, best %.3f ms, %.1f Mpx/s, %.2f ns/code\n", argv[1], nframes, pixels, codes, best * 1e3, pixels / best / 1e6, best * 1e9 / codes);
}
