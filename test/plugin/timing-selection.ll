; What is worth timing: functions that call, loop, or have at least min-instructions
; instructions on their paths that return. Small leaves are left alone (their time is their
; caller's), and so are small leaves whose only call is on an error path that never returns
; (a failed check that throws or aborts); a function with no path that returns (a main that
; ends in exit) is judged on all its blocks. The include/exclude lists match demangled or
; linkage names.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-functions -S %s | FileCheck %s --check-prefixes=CHECK,DEFAULT
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0>' -S %s | FileCheck %s --check-prefixes=CHECK,ALL
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0;include=^ns::>' -S %s | FileCheck %s --check-prefix=INCLUDE
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0;exclude=loops|_ZN2ns>' -S %s | FileCheck %s --check-prefix=EXCLUDE

declare void @work()

define i32 @small_leaf(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define void @calls() {
  call void @work()
  ret void
}

define void @loops(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @_ZN2ns4leafEv() {
  ret void
}

declare void @fail() noreturn

define i32 @checked_leaf(i32 %x) {
entry:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %error, label %ok
error:
  call void @fail()
  unreachable
ok:
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @checked_caller(i32 %x) {
entry:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %error, label %ok
error:
  call void @fail()
  unreachable
ok:
  call void @work()
  ret i32 %x
}

define void @dies() {
  call void @work()
  call void @fail()
  unreachable
}

; Counter markers are hotline's, not the function's body: a leaf as small as @small_leaf that
; line mode gave a counter per block (30 here, past min-instructions) is still only counted.
@__hotline.counter_marker = private constant i8 0
declare void @llvm.instrprof.increment.step(ptr, i64, i32, i32, i64)

define i32 @leaf_with_counters(i32 %x) {
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 0, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 1, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 2, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 3, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 4, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 5, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 6, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 7, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 8, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 9, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 10, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 11, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 12, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 13, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 14, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 15, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 16, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 17, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 18, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 19, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 20, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 21, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 22, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 23, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 24, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 25, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 26, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 27, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 28, i64 1)
  call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 29, i64 1)
  %y = add i32 %x, 1
  ret i32 %y
}

; DEFAULT-LABEL: define i32 @small_leaf(
; DEFAULT-NOT:     __hotline_enter
; DEFAULT:         ret i32
; ALL-LABEL:     define i32 @small_leaf(
; ALL:             call void @__hotline_enter
; CHECK-LABEL:   define void @calls(
; CHECK:           call void @__hotline_enter
; CHECK-LABEL:   define void @loops(
; CHECK:           call void @__hotline_enter
; DEFAULT-LABEL: define void @_ZN2ns4leafEv(
; DEFAULT-NOT:     __hotline_enter
; DEFAULT:         ret void
; ALL-LABEL:     define void @_ZN2ns4leafEv(
; ALL:             call void @__hotline_enter
; DEFAULT-LABEL: define i32 @checked_leaf(
; DEFAULT-NOT:     __hotline_enter
; DEFAULT:         ret i32
; ALL-LABEL:     define i32 @checked_leaf(
; ALL:             call void @__hotline_enter
; CHECK-LABEL:   define i32 @checked_caller(
; CHECK:           call void @__hotline_enter
; CHECK-LABEL:   define void @dies(
; CHECK:           call void @__hotline_enter
; DEFAULT-LABEL: define i32 @leaf_with_counters(
; DEFAULT-NOT:     __hotline_enter
; DEFAULT:         ret i32
; ALL-LABEL:     define i32 @leaf_with_counters(
; ALL:             call void @__hotline_enter

; INCLUDE-LABEL: define i32 @small_leaf(
; INCLUDE-NOT:     __hotline
; INCLUDE-LABEL: define void @_ZN2ns4leafEv(
; INCLUDE:         %hotline.site_base = load
; INCLUDE-NEXT:    %hotline.site = add i32 %hotline.site_base, 0
; INCLUDE-NEXT:    call void @__hotline_enter

; EXCLUDE-LABEL: define void @calls(
; EXCLUDE:         call void @__hotline_enter
; EXCLUDE-LABEL: define void @loops(
; EXCLUDE-NOT:     __hotline
; EXCLUDE-LABEL: define void @_ZN2ns4leafEv(
; EXCLUDE-NOT:     __hotline
; EXCLUDE:       }
