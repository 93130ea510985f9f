// A driver of stb_image_write and stb_image (third-party, from Debian's libstb-dev, copied
// into the test's tree as projects vendor it): writes a procedural image as PNG and BMP files,
// reads the PNGs back and checks their pixels.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#include "stb_image.h"
#include "stb_image_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: stb_roundtrip DIR\n");
    return 2;
  }
  enum { W = 192, H = 128, C = 3, IMAGES = 4 };
  unsigned char *pixels = malloc(W * H * C);
  char path[4096];
  long checksum = 0;
  for (int image = 0; image < IMAGES; ++image) {
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        for (int c = 0; c < C; ++c)
          pixels[(y * W + x) * C + c] = (unsigned char)((x * (c + 1) + y * (image + 2)) ^ (x * y >> 4));
    snprintf(path, sizeof path, "%s/image%d.png", argv[1], image);
    if (!stbi_write_png(path, W, H, C, pixels, W * C))
      return 1;
    snprintf(path, sizeof path, "%s/image%d.bmp", argv[1], image);
    if (!stbi_write_bmp(path, W, H, C, pixels))
      return 1;
    int w, h, c;
    snprintf(path, sizeof path, "%s/image%d.png", argv[1], image);
    unsigned char *back = stbi_load(path, &w, &h, &c, 0);
    if (!back || w != W || h != H || c != C || memcmp(back, pixels, W * H * C) != 0)
      return 1;
    for (int i = 0; i < W * H * C; i += 97)
      checksum += back[i];
    stbi_image_free(back);
  }
  free(pixels);
  printf("%ld\n", checksum);
  return 0;
}
