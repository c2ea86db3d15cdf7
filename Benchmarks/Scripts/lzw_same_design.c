// The fast LZW decoder's loop, written once more in plain C (gcc -O2), to tell what the Swift loop costs from what the
// design costs on a machine: Benchmarks/Scripts/lzw_same_design.sh builds it and runs it on the given GIFs, printing
// nanoseconds per code (best of 200 passes over every frame). Not a product part: a diagnostic for README "Codecs",
// which trusts its input (run it on GIFs the project already plays, never on hostile files).
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
static long decode(Frame *f, long *codesOut) {
  size_t p = f->data, n = 0; while (p < size && file[p]) { memcpy(comp + n, file + p + 1, file[p]); n += file[p]; p += file[p] + 1; }
  memset(comp + n, 0, 8);
  uint8_t *out = store; int clear = 1 << f->minsize, eoi = clear + 1;
  for (int c = 0; c < clear; c++) table[c] = (uint64_t)c | 1ull << 32; table[clear] = 0; table[eoi] = 0;
  long total = (long)n * 8, bit = 0; int rb = f->minsize + 1, max1 = 1 << rb, rc = eoi + 1, next = eoi + 1;
  long prevStart = -1, prevLen = 0, pos = 0, limit = (long)f->w * f->h, codes = 0;
  while (pos < limit) {
    if (bit + rb > total) break;
    uint64_t word; memcpy(&word, comp + (bit >> 3), 8);
    int code = (int)((word >> (bit & 7)) & ((1ull << rb) - 1)); bit += rb; codes++;
    if (rc < 4097) { rc++; if (rc > max1 && rb < 12) { max1 <<= 1; rb++; } }
    long start = 256 + pos, len; uint64_t e;
    if (code < next && ((e = table[code]) >> 32)) {
      len = (long)(e >> 32); uint8_t *s = out + (e & 0xffffffff), *d = out + start;
      uint64_t v0, v1; memcpy(&v0, s, 8); memcpy(&v1, s + 8, 8); memcpy(d, &v0, 8); memcpy(d + 8, &v1, 8);
      if (len > 16) { long o = 16; do { uint64_t v; memcpy(&v, s + o, 8); memcpy(d + o, &v, 8); o += 8; } while (o < len); }
    } else if (code == clear) { rb = f->minsize + 1; max1 = 1 << rb; rc = eoi + 1; next = eoi + 1; prevStart = -1; continue; }
    else if (code == eoi) break;
    else if (code == next && prevStart >= 0) {
      uint8_t *s = out + prevStart, *d = out + start;
      uint64_t v0, v1; memcpy(&v0, s, 8); memcpy(&v1, s + 8, 8); memcpy(d, &v0, 8); memcpy(d + 8, &v1, 8);
      if (prevLen > 16) { long o = 16; do { uint64_t v; memcpy(&v, s + o, 8); memcpy(d + o, &v, 8); o += 8; } while (o < prevLen); }
      out[start + prevLen] = out[prevStart]; len = prevLen + 1;
    } else break;
    if (prevStart >= 0 && next <= 4095) { table[next] = (uint64_t)prevStart | (uint64_t)(prevLen + 1) << 32; next++; }
    prevStart = start; prevLen = len; pos += len;
  }
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
