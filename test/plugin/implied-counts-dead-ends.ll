; A stretch joins the code after a check whose failure leads to a dead end: a path on which
; the function never returns and never comes back to the stretch (it calls a function that
; exits or throws). The dead end starts by correcting the counts the stretch's increments so
; far stood for or left out, so that every count stays exact.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,always-inline,hotline-lower-counters -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

declare void @die() noreturn
declare void @external()

; Sites: a 0, b 1, c 2, then the callers 3-6.
define internal void @a() alwaysinline {
  ret void
}
define internal void @b() alwaysinline {
  ret void
}
define internal void @c() alwaysinline {
  ret void
}

; CHECK: @__hotline.implied_counts = private constant [4 x %struct.__hotline_implied_count] [
; checked: the caller's increment (3) stands for a's and for b's after the check (a, also
; inlined in retries_forever, has more increments and is offered later).
; CHECK-SAME: %struct.__hotline_implied_count { i32 0, i32 3 }, %struct.__hotline_implied_count { i32 1, i32 3 },
; checked_twice: the caller's (4) stands for c's, bumped once before the check and once after.
; CHECK-SAME: %struct.__hotline_implied_count { i32 2, i32 4 }, %struct.__hotline_implied_count { i32 2, i32 4 }]

; On the way to @die, a's increment (dropped) happened and b's (dropped) did not, while the
; caller's was bumped and stands for both: a's count is right (+1 - 1), b's is one too many
; (-1).
define void @checked(i1 %bad) {
entry:
  call void @a()
  br i1 %bad, label %fail, label %ok
fail:
  call void @die()
  unreachable
ok:
  call void @b()
  ret void
}
; CHECK-LABEL: define void @checked(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 3
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:       fail:
; CHECK-NEXT:    [[B:%.*]] = getelementptr inbounds i64, ptr %hotline.module_counters, i64 1
; CHECK-NEXT:    [[OLD:%.*]] = load i64, ptr [[B]]
; CHECK-NEXT:    [[NEW:%.*]] = add i64 [[OLD]], -1
; CHECK-NEXT:    store i64 [[NEW]], ptr [[B]]
; CHECK-NEXT:    call void @die()
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:         ret void

; c before the check (happened, dropped: +1) and after it (did not happen), both standing on
; the caller's increment, which counts for two of c's (-2): c is one too many (-1).
define void @checked_twice(i1 %bad) {
entry:
  call void @c()
  br i1 %bad, label %fail, label %ok
fail:
  call void @die()
  unreachable
ok:
  call void @c()
  ret void
}
; CHECK-LABEL: define void @checked_twice(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 4
; CHECK-NOT:     getelementptr inbounds i64, ptr %hotline.module_counters
; CHECK:       fail:
; CHECK-NEXT:    [[C:%.*]] = getelementptr inbounds i64, ptr %hotline.module_counters, i64 2
; CHECK-NEXT:    [[OLD:%.*]] = load i64, ptr [[C]]
; CHECK-NEXT:    [[NEW:%.*]] = add i64 [[OLD]], -1
; CHECK-NEXT:    store i64 [[NEW]], ptr [[C]]
; CHECK-NEXT:    call void @die()
; CHECK:         ret void

; The other way returns early: no dead end, b keeps its own increment.
define void @early_return(i1 %c) {
entry:
  br i1 %c, label %out, label %more
out:
  ret void
more:
  call void @b()
  ret void
}
; CHECK-LABEL: define void @early_return(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 5
; CHECK:       more:
; CHECK-NEXT:    getelementptr inbounds i64, ptr %hotline.module_counters, i64 1
; CHECK:         ret void

; The failing way goes back to the loop's header, before the check: no dead end, even though
; the function never returns; nothing is corrected.
define void @retries_forever(i1 %c) {
entry:
  br label %head
head:
  call void @a()
  br i1 %c, label %retry, label %next
retry:
  call void @external()
  br label %head
next:
  call void @b()
  br label %head
}
; CHECK-LABEL: define void @retries_forever(
; CHECK-NOT:     add i64 %{{.*}}, -
; CHECK:         call void @external()
; CHECK-NOT:     add i64 %{{.*}}, -
; CHECK:       {{^}}}
