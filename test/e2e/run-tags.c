// HOTLINE_TAGS: the run's key=value tags go into the profile's TAGS section in the order
// given; the report prints them with the run and its JSON has them as the run's "tags". A
// malformed item is left out with one line on stderr naming it, a key given twice keeps its
// last value, and the program runs unchanged. Without the variable the profile has no tags.
// RUN: %clang_hotline -g %s -o %t
// RUN: rm -rf %t.d %t.plain && mkdir -p %t.d %t.plain
// RUN: env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 'HOTLINE_TAGS=dataset=imagenet-mini,batch=256,,oops,=x,note=,batch=512' %t 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %hotline report --format json %t.d/*.hotline | python3 -c "import json, sys; r = json.load(sys.stdin)['runs'][0]; print('tags', json.dumps(r['tags']))" | FileCheck %s --check-prefix=JSON
// RUN: env HOTLINE_DIR=%t.plain HOTLINE_QUIET=1 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.plain/*.hotline | FileCheck %s --check-prefix=PLAIN
// RUN: %hotline report --format json %t.plain/*.hotline | python3 -c "import json, sys; print('has tags', 'tags' in json.load(sys.stdin)['runs'][0])" | FileCheck %s --check-prefix=PLAIN-JSON
// OUT: ran
// ERR:      hotline: HOTLINE_TAGS item 'oops' is not key=value (a key, '=', a value, at most 511 bytes); left out
// ERR-NEXT: hotline: HOTLINE_TAGS item '=x' is not key=value (a key, '=', a value, at most 511 bytes); left out
// ERR-NOT:  hotline:
// TEXT: Command {{.*}}run-tags.c.tmp
// TEXT-NEXT: Tags       dataset=imagenet-mini, batch=512, note=
// JSON: tags {"dataset": "imagenet-mini", "batch": "512", "note": ""}
// PLAIN-NOT: Tags
// PLAIN-JSON: has tags False

#include <stdio.h>

int main(void) {
  puts("ran");
  return 0;
}
