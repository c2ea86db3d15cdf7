#!/usr/bin/env bash
# What an allocation and its free cost under jemalloc, by size, when asked for as Swift's `allocate` asks on Linux
# (`posix_memalign` with 16-byte alignment) and as `malloc` (issue 33). jemalloc 5.3 serves an aligned request over its
# largest small size (14 KiB) from the arena, past its thread cache; `malloc` takes sizes up to the thread cache's limit
# (32 KiB) from that cache. A decoder allocates its 32 KiB LZW table, and a small GIF's canvas and frames, at every
# decode, which is why GIFCodec's `Malloc` allocates them with `malloc`.
#
# Prints a Markdown table: per size, ns per allocation and free, best of 5 runs of 200,000 rounds of 4 allocations,
# a write to each, and 4 frees, in a C program linked with the jemalloc the project uses.
#
#   Benchmarks/Scripts/allocation_paths.sh > Reports/codec-speed/allocation-paths.md
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/clean_tree.sh"
command -v gcc >/dev/null || { echo "allocation_paths: gcc is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/paths.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <jemalloc/jemalloc.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
enum { ROUNDS = 200000, PER = 4, RUNS = 5 };
static double run(size_t size, int aligned) {
  double best = 1e9;
  for (int r = 0; r < RUNS; r++) {
    void* p[PER];
    double start = now();
    for (int i = 0; i < ROUNDS; i++) {
      for (int k = 0; k < PER; k++) {
        if (aligned) { if (posix_memalign(&p[k], 16, size)) return -1; } else if (!(p[k] = malloc(size))) return -1;
      }
      for (int k = 0; k < PER; k++) ((volatile char*)p[k])[0] = 1;
      for (int k = 0; k < PER; k++) free(p[k]);
    }
    double ns = (now() - start) / (ROUNDS * PER) * 1e9;
    if (ns < best) best = ns;
  }
  return best;
}
int main(void) {
  unsigned bins; size_t largest_small, tcache_max, length = sizeof(unsigned);
  char name[64];
  if (mallctl("arenas.nbins", &bins, &length, NULL, 0)) return 1;
  snprintf(name, sizeof name, "arenas.bin.%u.size", bins - 1);
  length = sizeof(size_t);
  if (mallctl(name, &largest_small, &length, NULL, 0) || mallctl("arenas.tcache_max", &tcache_max, &length, NULL, 0)) return 1;
  printf("jemalloc's largest small size: %zu KiB; its thread cache holds sizes up to %zu KiB (mallctl arenas.bin.%u.size, arenas.tcache_max).\n\n",
         largest_small >> 10, tcache_max >> 10, bins - 1);
  printf("| size | posix_memalign(16), as Swift's `allocate` on Linux | malloc |\n|---:|---:|---:|\n");
  const size_t kib[] = {4, 14, 16, 20, 32, 40, 300};
  for (size_t s = 0; s < sizeof kib / sizeof *kib; s++)
    printf("| %zu KiB | %.0f ns | %.0f ns |\n", kib[s], run(kib[s] << 10, 1), run(kib[s] << 10, 0));
  return 0;
}
C
gcc -O2 -o "$work/paths" "$work/paths.c" -ljemalloc
echo "# What an allocation costs, by the path that asks for it"
echo
echo "Made by \`Benchmarks/Scripts/allocation_paths.sh\` at commit $report_commit on $report_machine, with Debian's jemalloc" \
  "($(dpkg-query -W -f='${Version}' libjemalloc2 2>/dev/null || echo "version unknown")). Each figure is ns per allocation" \
  "and its free, the best of 5 runs of 200,000 rounds (4 allocations, a write to each, 4 frees)."
echo
"$work/paths"
