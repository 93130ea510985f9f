// Call-heavy C: stb_image_write encodes procedural images as PNG and JPEG into memory through
// a write callback (a function pointer), stb_image decodes them back. stb is Debian's
// libstb-dev, vendored into the build folder by bench/run, so it is the program's own code.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#include "stb_image.h"
#include "stb_image_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  unsigned char *data;
  size_t size, capacity;
} Buffer;

static void append(void *context, void *bytes, int n) {
  Buffer *b = context;
  if (b->size + n > b->capacity) {
    b->capacity = (b->size + n) * 2;
    b->data = realloc(b->data, b->capacity);
  }
  memcpy(b->data + b->size, bytes, n);
  b->size += n;
}

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 1;
  enum { W = 320, H = 240, C = 3 };
  unsigned char *pixels = malloc(W * H * C);
  unsigned long checksum = 0;
  for (int image = 0; image < 4 * scale; ++image) {
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        for (int c = 0; c < C; ++c)
          pixels[(y * W + x) * C + c] = (unsigned char)((x * (c + 1) + y * (image + 2)) ^ (x * y >> 4));
    Buffer png = {0}, jpg = {0};
    if (!stbi_write_png_to_func(append, &png, W, H, C, pixels, W * C) ||
        !stbi_write_jpg_to_func(append, &jpg, W, H, C, pixels, 90))
      return 1;
    int w, h, c;
    unsigned char *back = stbi_load_from_memory(png.data, (int)png.size, &w, &h, &c, 0);
    if (!back || w != W || h != H || c != C || memcmp(back, pixels, W * H * C) != 0)
      return 1;
    stbi_image_free(back);
    back = stbi_load_from_memory(jpg.data, (int)jpg.size, &w, &h, &c, 0);
    if (!back || w != W || h != H)
      return 1;
    for (int i = 0; i < W * H * C; i += 61)
      checksum += back[i];
    checksum += png.size + jpg.size;
    stbi_image_free(back);
    free(png.data);
    free(jpg.data);
  }
  free(pixels);
  printf("%lu\n", checksum);
  return 0;
}
