; Counters that are always bumped together share one increment. After inlining, a function's
; entry counter and the entry counters of the functions inlined into it often run together;
; hotline-lower-counters then keeps one increment and records, in the module's implied counts,
; that the dropped counter's count includes the kept one's ({ counter, implied_by }). The
; runtime adds them up, so every count stays exact. A stretch of code joins the next only
; when nothing between them may stop execution from reaching it exactly once.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,always-inline,hotline-lower-counters -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

declare void @external()
declare i32 @setjmp(ptr) returns_twice

; Sites, in order: the callees a-f are 0-5, the callers 6-10.
define internal void @a() alwaysinline {
  ret void
}
define internal void @b() alwaysinline {
  ret void
}
define internal void @c() alwaysinline {
  ret void
}
define internal void @d() alwaysinline {
  ret void
}
define internal void @e() alwaysinline {
  ret void
}
define internal void @f() alwaysinline {
  ret void
}

; CHECK: @__hotline.module = internal global %struct.__hotline_module { {{.*}}, ptr @__hotline.implied_counts, i32 8, ptr @__start_hotline_library_code, ptr @__stop_hotline_library_code, ptr null }
; CHECK: @__hotline.implied_counts = private constant [8 x %struct.__hotline_implied_count] [
; The caller of a, before the call that may throw, is counted by a's increment (of the
; counters bumped together, the one with the fewest increments is offered first to stand for
; the others; ties go to the lower id).
; CHECK-SAME: { i32 6, i32 0 },
; The caller of c, across an if/else with nothing in it that may stop, by c's.
; CHECK-SAME: { i32 7, i32 2 },
; f, inlined twice where its caller runs once: twice the caller's count.
; CHECK-SAME: { i32 5, i32 10 }, %struct.__hotline_implied_count { i32 5, i32 10 },
; The caller of k and m, and m, on either side of an inline asm statement: k's count.
; CHECK-SAME: { i32 16, i32 14 }, %struct.__hotline_implied_count { i32 15, i32 14 },
; h, bumped four times in a loop body that bumps g twice: twice g's count.
; CHECK-SAME: { i32 12, i32 11 }, %struct.__hotline_implied_count { i32 12, i32 11 }]

; @external may throw or never return, so b's stretch is not the caller's.
define void @across_a_call() {
  call void @a()
  call void @external()
  call void @b()
  ret void
}
; CHECK-LABEL: define void @across_a_call(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 0
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:         call void @external()
; CHECK-NEXT:    getelementptr inbounds i64, ptr %hotline.module_counters, i64 1
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:         ret void

; The join after the if/else runs exactly once for each entry.
define void @after_if_else(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr %p
  br label %join
else:
  store i32 2, ptr %p
  br label %join
join:
  call void @c()
  ret void
}
; CHECK-LABEL: define void @after_if_else(
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:       join:
; CHECK-NEXT:    getelementptr inbounds i64, ptr %hotline.module_counters, i64 2
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:         ret void

; One side of the if calls something that may throw: d keeps its own increment.
define void @after_a_call_in_an_if(i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  call void @external()
  br label %join
join:
  call void @d()
  ret void
}
; CHECK-LABEL: define void @after_a_call_in_an_if(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 8
; CHECK:         call void @external()
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 3
; CHECK:         ret void

; A loop in between: the code after it runs once per entry, but is not joined across a cycle
; (it might never end).
define void @after_a_loop(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @e()
  ret void
}
; CHECK-LABEL: define void @after_a_loop(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 9
; CHECK:       exit:
; CHECK-NEXT:    getelementptr inbounds i64, ptr %hotline.module_counters, i64 4
; CHECK:         ret void

; setjmp may return twice: what follows it is not counted with what precedes it.
define void @after_setjmp(ptr %buf) {
  call void @f()
  call void @f()
  %r = call i32 @setjmp(ptr %buf)
  call void @e()
  ret void
}
; CHECK-LABEL: define void @after_setjmp(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 10
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters, i64 5
; CHECK:         call i32 @setjmp(
; CHECK-NEXT:    getelementptr inbounds i64, ptr %hotline.module_counters, i64 4
; CHECK:         ret void

define internal void @g() alwaysinline {
  ret void
}
define internal void @h() alwaysinline {
  ret void
}

; A loop body unrolled twice repeats its increments: g's counter (site 11) is bumped twice in
; each iteration and h's (12) four times, so g's count stands for h's twice.
define void @unrolled(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @g()
  call void @h()
  call void @h()
  call void @g()
  call void @h()
  call void @h()
  %next = add i32 %i, 2
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: define void @unrolled(
; CHECK:       loop:
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 11
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters, i64 12
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 11
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters, i64 12
; CHECK:         ret void

define internal void @k() alwaysinline {
  ret void
}
define internal void @m() alwaysinline {
  ret void
}

; An inline asm statement is taken to go on (Eigen puts an asm comment in every step of its
; kernels): k's count (site 14) stands for its caller's (16) and m's (15) across it.
define void @across_asm() {
  call void @k()
  call void asm sideeffect "# a comment", ""()
  call void @m()
  ret void
}
; CHECK-LABEL: define void @across_asm(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 14
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:         ret void
