; Every defined function gets an exact per-thread entry counter at its start, after the
; entry block's allocas; declarations get nothing.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count -S %s | FileCheck %s

declare void @external()

define i32 @leaf(i32 %x) {
  %slot = alloca i32
  store i32 %x, ptr %slot
  %v = load i32, ptr %slot
  ret i32 %v
}

; CHECK-LABEL: define i32 @leaf(
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    %[[TLS:.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_thread_counters)
; CHECK-NEXT:    %hotline.counters = load ptr, ptr %[[TLS]]
; CHECK-NEXT:    %[[NULL:.*]] = icmp eq ptr %hotline.counters, null
; CHECK-NEXT:    br i1 %[[NULL]], label %[[INIT:.*]], label %[[COUNT:.*]], !prof
; CHECK:       [[INIT]]:
; CHECK-NEXT:    %hotline.counters.init = call ptr @__hotline_thread_counters_init()
; CHECK-NEXT:    br label %[[COUNT]]
; CHECK:       [[COUNT]]:
; CHECK-NEXT:    %hotline.counters.ready = phi ptr [ %hotline.counters, %{{.*}} ], [ %hotline.counters.init, %[[INIT]] ]
; CHECK-NEXT:    %hotline.site_base = load i32, ptr getelementptr inbounds {{.*}}@__hotline.module, i32 0, i32 4)
; CHECK-NEXT:    %hotline.site = add i32 %hotline.site_base, 0
; CHECK-NEXT:    %[[IDX:.*]] = zext i32 %hotline.site to i64
; CHECK-NEXT:    %[[SLOT:.*]] = getelementptr inbounds i64, ptr %hotline.counters.ready, i64 %[[IDX]]
; CHECK-NEXT:    %hotline.count = load i64, ptr %[[SLOT]]
; CHECK-NEXT:    %[[NEW:.*]] = add i64 %hotline.count, 1
; CHECK-NEXT:    store i64 %[[NEW]], ptr %[[SLOT]]
; CHECK-NEXT:    store i32 %x, ptr %slot

define void @caller() {
  call void @external()
  ret void
}

; The second function counts into the module's second slot.
; CHECK-LABEL: define void @caller(
; CHECK:         %hotline.site = add i32 %hotline.site_base, 1
; CHECK:         call void @external()

; CHECK: declare ptr @__hotline_thread_counters_init() #[[NOUNWIND:[0-9]+]]
; CHECK: attributes #[[NOUNWIND]] = { nounwind }
