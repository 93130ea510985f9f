// HOTLINE_HELP=1 prints the runtime's list of options, which is defined once (runtime.cpp,
// kRuntimeOptions): each with its type, default, accepted values, the value in force where
// it differs, and what it does. The doc's table must name the same variables with the same
// defaults and values. Bad values are refused with one line each, naming the variable and the
// values accepted, and the program runs unchanged.
// RUN: %clang_hotline -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env -u HOTLINE_QUIET HOTLINE_HELP=1 HOTLINE_DIR=%t.d %t 2> %t.help | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=HELP < %t.help
// RUN: python3 %S/Inputs/runtime_options_table.py %t.help %S/../../docs/runtime-options.md | FileCheck %s --check-prefix=DOC
// RUN: env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 HOTLINE_SAMPLE_HZ=99999 HOTLINE_LIVE_MS=5 HOTLINE_TRACE_EVENTS=0 \
// RUN:   HOTLINE_STOP_TIMING_AFTER=-3 HOTLINE_MEMORY=maybe %t 2>&1 | FileCheck %s --check-prefix=BAD
// OUT: running
// HELP: hotline: runtime options (docs/runtime-options.md): name type, default, values[, now]: what it does
// HELP-NEXT: hotline:   HOTLINE_DIR text, default ., values any, now {{.*}}.d: the directory the profile is written into
// HELP-NEXT: hotline:   HOTLINE_QUIET boolean, default 0, values 0/1: no 'profile written' line on stderr
// HELP-NEXT: hotline:   HOTLINE_STOP_TIMING_AFTER count, default 1000, values >=0: {{.+}}
// HELP:      hotline:   HOTLINE_SAMPLE_HZ count, default 1000, values 0-20000: line mode: {{.+}}
// HELP:      hotline:   HOTLINE_HELP boolean, default 0, values 0/1, now 1: print this list at start
// DOC: 28 options; the doc agrees
// BAD: hotline: HOTLINE_STOP_TIMING_AFTER=-3 is not a non-negative integer; using 1000
// BAD-NEXT: hotline: HOTLINE_SAMPLE_HZ=99999 is above the limit of 20000 samples per second; using 20000
// BAD-NEXT: hotline: HOTLINE_MEMORY=maybe is not a boolean (use 1/0, true/false, yes/no, on/off); using 1
// BAD-NEXT: hotline: HOTLINE_TRACE_EVENTS=0 is not between 1 and 50000000 events per thread; using 250000
// BAD-NEXT: hotline: HOTLINE_LIVE_MS=5 is not between 10 and 3600000 milliseconds; using 1000
// BAD-NEXT: running

#include <stdio.h>

int main(void) {
  puts("running");
  return 0;
}
