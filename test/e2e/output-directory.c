// The profile goes into HOTLINE_DIR under <program>.<pid>.hotline and the path is said on
// stderr; an unwritable directory is one clear line and the exit code stays the program's.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_QUIET=0 HOTLINE_DIR=%t.d %t 2> %t.err; test $? -eq 7
// RUN: FileCheck %s --check-prefix=WRITTEN --input-file %t.err
// RUN: ls %t.d | FileCheck %s --check-prefix=NAME
// RUN: env HOTLINE_QUIET=0 HOTLINE_DIR=%t.d/missing %t 2> %t.err2; test $? -eq 7
// RUN: FileCheck %s --check-prefix=UNWRITABLE --input-file %t.err2
// RUN: env HOTLINE_QUIET=maybe HOTLINE_DIR=%t.d %t 2> %t.err3; test $? -eq 7
// RUN: FileCheck %s --check-prefix=BADVALUE --input-file %t.err3

#include <stdio.h>

int main(void) {
  puts("working");
  return 7;
}

// WRITTEN: hotline: profile written to {{.*}}.d/output-directory.c.tmp.{{[0-9]+}}.hotline
// NAME: output-directory.c.tmp.{{[0-9]+}}.hotline
// UNWRITABLE: hotline: cannot write the profile into {{.*}}missing: No such file or directory
// BADVALUE: hotline: HOTLINE_QUIET=maybe is not a boolean (use 1/0, true/false, yes/no, on/off); using 0
// BADVALUE-NEXT: hotline: profile written to
