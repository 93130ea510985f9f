; Counters bumped together in a loop share one sum (hotline-loop-counters): a and b, inlined
; into the same step of the loop with nothing between them that may stop execution, are
; counted from one sum, added to both counters wherever it is added (before the call inside
; the loop, and at the exit). c, bumped after a call that may throw or never return, keeps a
; sum of its own: at the call, a's and b's counts are one further than c's.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,always-inline,hotline-loop-counters -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

declare void @external()

define internal void @a() alwaysinline {
  ret void
}
define internal void @b() alwaysinline {
  ret void
}
define internal void @c() alwaysinline {
  ret void
}

define void @loop(i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  call void @a()
  call void @b()
  call void @external()
  call void @c()
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}
; Sites: a 0, b 1, c 2, loop 3.
; CHECK-LABEL: define void @loop(
; CHECK:       body:
; CHECK-NEXT:    %[[SUMC:[^ ]+]] = phi i64
; CHECK-NEXT:    %i = phi i64
; CHECK-NEXT:    %[[AB:[0-9]+]] = add i64 0, 1
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 0, i64 %[[AB]])
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 1, i64 %[[AB]])
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 2, i64 %[[SUMC]])
; CHECK-NEXT:    call void @external()
; CHECK-NEXT:    %[[C:[0-9]+]] = add i64 0, 1
; CHECK-NOT:     add i64 0, 1
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 0, i64 0)
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 1, i64 0)
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 {{[0-9]+}}, i32 1, i32 2, i64 %[[C]])
