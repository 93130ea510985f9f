; count-only=NAME and skip=NAME take exact linkage names (hotline filter writes them by the
; thousand, so they are a hash set, not regexes). A count-only function keeps its entry counter
; but is never timed; a skipped one gets nothing, like an excluded one. hotline-count marks
; both at pipeline start, so copies that the optimizer makes later under other names
; (tiny.constprop.0 here, which carries the mark as a copy would) are treated the same.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<count-only=tiny;skip=unused>,hotline-functions<count-only=tiny;skip=unused>' -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<count-only=tiny;skip=unused>' -S %s | FileCheck %s --check-prefix=TIMING
; RUN: not %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<count-only=>' -S %s 2>&1 | FileCheck %s --check-prefix=EMPTY

declare void @work()

define void @tiny() {
  call void @work()
  ret void
}

define void @unused() {
  call void @work()
  ret void
}

define void @kept() {
  call void @work()
  ret void
}

define void @tiny.constprop.0() !hotline.count-only !0 {
  call void @work()
  ret void
}

define void @unused.specialized.1() !hotline.skip !0 {
  call void @work()
  ret void
}

!0 = !{}

; CHECK-LABEL: define void @tiny() !hotline.count-only
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @unused() !hotline.skip
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @kept()
; CHECK:         call void @llvm.instrprof.increment.step(
; CHECK:         call void @__hotline_enter(
; CHECK:         call void @__hotline_exit(
; CHECK-LABEL: define void @tiny.constprop.0() !hotline.count-only
; CHECK-NEXT:    call void @llvm.instrprof.increment.step(
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    ret void
; CHECK-LABEL: define void @unused.specialized.1() !hotline.skip
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    ret void

; TIMING-LABEL: define void @tiny()
; TIMING-NEXT:    call void @work()
; TIMING-NEXT:    ret void
; TIMING-LABEL: define void @unused()
; TIMING-NEXT:    call void @work()
; TIMING-NEXT:    ret void
; TIMING-LABEL: define void @kept()
; TIMING:         call void @__hotline_enter(

; EMPTY: hotline: hotline-count: option 'count-only' needs a function's linkage name, e.g. count-only=_Z4tinyi
