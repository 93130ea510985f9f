// Bytes moved through stdio's calls are counted at their lines and by file, exactly: a CSV of
// 2,000 rows written with fprintf, then lines with fputs and characters with fputc, read back
// whole four times, with fgets, getline, fgetc and fscanf; the program's report to stdout with
// printf and puts. hotline's bytes agree with what the program counted itself, with the files'
// sizes, and with strace's read and write system calls on the file (which stdio makes from
// inside the C library: before these hooks, such a program showed no bytes written at all).
// REQUIRES: strace
// RUN: %clang_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d strace -f -qq -o %t.strace -e trace=openat,read,write,close %t %t.d/table.csv > %t.d/report.out
// RUN: %hotline io --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/stdio_truth.py %t.json %s %t.d/report.out %t.strace %t.d/table.csv | FileCheck %s

// CHECK:      fprintf: 2000 writes, the bytes the program counted: yes
// CHECK-NEXT: fputs: 100 writes, the bytes the program counted: yes
// CHECK-NEXT: fputc: 500 writes, the bytes the program counted: yes
// CHECK-NEXT: fgets: the bytes the program counted: yes
// CHECK-NEXT: getline: the bytes the program counted: yes
// CHECK-NEXT: fgetc: the bytes the program counted: yes
// CHECK-NEXT: fscanf: the bytes the program counted: yes
// CHECK-NEXT: table.csv: written, the file's size and strace's: yes
// CHECK-NEXT: table.csv: read, 4 times the file's size and strace's: yes
// CHECK-NEXT: report.out: written, the file's size: yes

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char buffer[1024];

__attribute__((noinline)) static FILE *open_or_die(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f)
    exit(1);
  return f;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  long wrote_fprintf = 0, wrote_fputs = 0, wrote_fputc = 0;
  FILE *f = open_or_die(argv[1], "w");
  for (int i = 0; i < 2000; ++i)
    wrote_fprintf += fprintf(f, "%d,%d,row %d\n", i, i * i, i); // LINE: fprintf
  for (int i = 0; i < 100; ++i)
    if (fputs("a line from fputs\n", f) >= 0) // LINE: fputs
      wrote_fputs += (long)strlen("a line from fputs\n");
  for (int i = 0; i < 500; ++i)
    if (fputc(i == 499 ? '\n' : 'x', f) != EOF) // LINE: fputc
      ++wrote_fputc;
  fclose(f);

  long read_fgets = 0, read_getline = 0, read_fgetc = 0, read_fscanf = 0;
  f = open_or_die(argv[1], "r");
  while (fgets(buffer, sizeof buffer, f)) // LINE: fgets
    read_fgets += (long)strlen(buffer);
  fclose(f);
  f = open_or_die(argv[1], "r");
  char *line = NULL;
  size_t capacity = 0;
  ssize_t n;
  while ((n = getline(&line, &capacity, f)) > 0) // LINE: getline
    read_getline += n;
  free(line);
  fclose(f);
  f = open_or_die(argv[1], "r");
  while (fgetc(f) != EOF) // LINE: fgetc
    ++read_fgetc;
  fclose(f);
  f = open_or_die(argv[1], "r");
  while (fscanf(f, "%1023[^\n]\n", buffer) == 1) // LINE: fscanf
    ;
  read_fscanf = ftell(f);
  fclose(f);

  printf("fprintf %ld\nfputs %ld\nfputc %ld\n", wrote_fprintf, wrote_fputs, wrote_fputc);
  printf("fgets %ld\ngetline %ld\nfgetc %ld\nfscanf %ld\n", read_fgets, read_getline, read_fgetc, read_fscanf);
  puts("done");
  return 0;
}
