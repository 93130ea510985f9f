// A plugin built with the plugin and the shared runtime, for plugin-host-local-runtime.c: it
// allocates 10 blocks of 100 bytes at one line and writes 64 bytes to a file at another, and
// hands the host one block of 200 bytes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int plugin_work(const char *path) {
  char *blocks[10];
  for (int i = 0; i < 10; ++i)
    blocks[i] = malloc(100); // 10 allocations of 100 bytes
  FILE *f = fopen(path, "w");
  if (!f)
    return 1;
  char line[64];
  memset(line, 'x', sizeof line);
  fwrite(line, 1, sizeof line, f); // 64 bytes
  fclose(f);
  for (int i = 0; i < 10; ++i)
    free(blocks[i]);
  return 0;
}

void *plugin_block(void) {
  return malloc(200); // one block of 200 bytes, which the host frees
}
