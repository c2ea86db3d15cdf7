#include "giflib_baseline.h"
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const uint8_t *data; size_t size, pos; } reader_t;

static int read_memory(GifFileType *gif, GifByteType *out, int length) {
    reader_t *r = (reader_t *)gif->UserData;
    size_t n = r->size - r->pos < (size_t)length ? r->size - r->pos : (size_t)length;
    memcpy(out, r->data + r->pos, n);
    r->pos += n;
    return (int)n;
}

long giflib_baseline_decode(const uint8_t *data, size_t size, uint64_t *checksum) {
    reader_t reader = { data, size, 0 };
    int error = 0;
    GifFileType *gif = DGifOpen(&reader, read_memory, &error);
    if (!gif) return -1;
    const int W = gif->SWidth, H = gif->SHeight;
    uint32_t *canvas = calloc((size_t)W * H, 4), *saved = calloc((size_t)W * H, 4);
    uint8_t *line = malloc(65536);
    uint32_t table[256];
    int disposal = 0, transparent = -1, prev_disposal = 0, px = 0, py = 0, pw = 0, ph = 0;
    long frames = 0;
    uint64_t sum = 0;
    GifRecordType type;
    while (DGifGetRecordType(gif, &type) == GIF_OK && type != TERMINATE_RECORD_TYPE) {
        if (type == EXTENSION_RECORD_TYPE) {
            int code; GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) != GIF_OK) break;
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4) {
                disposal = (ext[1] >> 2) & 7;
                transparent = (ext[1] & 1) ? ext[4] : -1;
            }
            while (ext && DGifGetExtensionNext(gif, &ext) == GIF_OK && ext) {}
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageHeader(gif) != GIF_OK) break;
            if (prev_disposal == 2) {
                for (int y = py; y < py + ph && y < H; y++)
                    for (int x = px; x < px + pw && x < W; x++) canvas[y * W + x] = 0;
            } else if (prev_disposal == 3 || prev_disposal == 4) {
                memcpy(canvas, saved, (size_t)W * H * 4);
            }
            if (disposal == 3 || disposal == 4) memcpy(saved, canvas, (size_t)W * H * 4);
            ColorMapObject *map = gif->Image.ColorMap ? gif->Image.ColorMap : gif->SColorMap;
            for (int i = 0; i < 256; i++) table[i] = 0xFF000000u;
            for (int i = 0; map && i < map->ColorCount && i < 256; i++)
                table[i] = map->Colors[i].Red | map->Colors[i].Green << 8 | map->Colors[i].Blue << 16 | 0xFF000000u;
            const int left = gif->Image.Left, top = gif->Image.Top, fw = gif->Image.Width, fh = gif->Image.Height;
            static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
            int pass = 0, row = 0, ok = 1;
            for (int i = 0; i < fh && ok; i++) {
                int y = row;
                if (gif->Image.Interlace) {
                    row += steps[pass];
                    while (pass < 3 && row >= fh) row = starts[++pass];
                } else {
                    row++;
                }
                if (fw > 65536 || DGifGetLine(gif, line, fw) != GIF_OK) { ok = 0; break; }
                y += top;
                if (y >= H) continue;
                uint32_t *dst = canvas + (size_t)y * W;
                for (int x = 0; x < fw && left + x < W; x++)
                    if (line[x] != transparent) dst[left + x] = table[line[x]];
            }
            sum += canvas[(frames * 7919) % ((size_t)W * H)];
            frames++;
            prev_disposal = disposal; px = left; py = top; pw = fw; ph = fh;
            disposal = 0; transparent = -1;
            if (!ok) break;
        }
    }
    DGifCloseFile(gif, &error);
    free(canvas); free(saved); free(line);
    *checksum = sum;
    return frames;
}
