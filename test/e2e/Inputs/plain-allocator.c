// An uninstrumented library that plugin-host-local-runtime.c opens after the plugin is closed:
// its allocations reach the C library through its own table of imported functions.
#include <stdlib.h>

void *volatile g_plain_last; // the blocks are used: the compiler keeps their allocations

int plain_allocate(int n) {
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    g_plain_last = malloc(48); // n allocations of 48 bytes
    kept += g_plain_last != NULL;
    free(g_plain_last);
  }
  return kept;
}
