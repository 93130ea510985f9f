; Every defined function gets an exact per-thread entry counter at its start, after the
; entry block's allocas and the stores of its arguments into them; declarations get nothing. Until the optimizer has run the counter is
; a marker (one llvm.instrprof.increment.step naming the module record, which the inliner
; costs nothing, so that it inlines as in the plain build, marked as touching only memory the
; program cannot see, so the optimizer moves the program's loads and stores across it); hotline-lower-counters turns it into the
; per-thread increment.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count -S %s | FileCheck %s --check-prefix=MARKER
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,hotline-lower-counters -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<exclude=^caller$>' -S %s | FileCheck %s --check-prefix=EXCLUDED
; EXCLUDED-LABEL: define void @caller(
; EXCLUDED-NEXT:    call void @external()

; MARKER-LABEL: define i32 @leaf(
; MARKER-NEXT:    %slot = alloca i32
; MARKER-NEXT:    store i32 %x, ptr %slot
; MARKER-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 0, i64 1) #[[MARKER:[0-9]+]]
; MARKER-LABEL: define void @caller(
; MARKER-NEXT:    call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 1, i64 1) #[[MARKER]]
; MARKER: attributes #[[MARKER]] = { nounwind willreturn memory(inaccessiblemem: readwrite) "call-inline-cost"="0" }

target triple = "x86_64-unknown-linux-gnu"

declare void @external()

define i32 @leaf(i32 %x) {
  %slot = alloca i32
  store i32 %x, ptr %slot
  %v = load i32, ptr %slot
  ret i32 %v
}

; A thread's first count finds no counter array: the function then jumps (a tail call) to a
; cold copy of its signature, which creates the array and calls the function again from the
; start, so the function itself needs no stack frame for the runtime's call.
; CHECK-LABEL: define i32 @leaf(
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    store i32 %x, ptr %slot
; CHECK-NEXT:    %[[TLS:.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_thread_counters)
; CHECK-NEXT:    %hotline.counters = load ptr, ptr %[[TLS]]
; CHECK-NEXT:    %[[NULL:.*]] = icmp eq ptr %hotline.counters, null
; CHECK-NEXT:    br i1 %[[NULL]], label %[[FIRST:.*]], label %[[COUNT:.*]], !prof
; CHECK:       [[FIRST]]:
; CHECK-NEXT:    %[[AGAIN:.*]] = tail call i32 @__hotline.first_count.leaf(i32 %x)
; CHECK-NEXT:    ret i32 %[[AGAIN]]
; CHECK:       [[COUNT]]:
; CHECK-NEXT:    %hotline.site_base = load i32, ptr getelementptr inbounds {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    %[[BASE:.*]] = zext i32 %hotline.site_base to i64
; CHECK-NEXT:    %hotline.module_counters = getelementptr inbounds i64, ptr %hotline.counters, i64 %[[BASE]]
; CHECK-NEXT:    %[[SLOT:.*]] = getelementptr inbounds i64, ptr %hotline.module_counters, i64 0
; CHECK-NEXT:    %hotline.count = load i64, ptr %[[SLOT]]
; CHECK-NEXT:    %[[NEW:.*]] = add i64 %hotline.count, 1
; CHECK-NEXT:    store i64 %[[NEW]], ptr %[[SLOT]]
; CHECK-NEXT:    %v = load i32, ptr %slot

define void @caller() {
  call void @external()
  call void @external()
  ret void
}

; The second function counts into the module's second slot.
; CHECK-LABEL: define void @caller(
; CHECK:         getelementptr inbounds i64, ptr %hotline.module_counters, i64 1
; CHECK:         call void @external()

; Once the inliner has copied a callee's counter into its caller, it counts into the callee's
; slot. Here both copies are always bumped together with the caller's own counter: one
; increment (the caller's) stands for all three, and the module's implied counts tell the
; runtime that the callee's count includes the caller's twice.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,always-inline,hotline-lower-counters -S %s | FileCheck %s --check-prefix=INLINED
define internal void @tiny() alwaysinline {
  ret void
}
define void @uses_tiny() {
  call void @tiny()
  call void @tiny()
  ret void
}
; INLINED:          @__hotline.module = internal global %struct.__hotline_module { {{.*}}, ptr @__hotline.implied_counts, i32 2, ptr @__start_hotline_library_code, ptr @__stop_hotline_library_code, ptr null }
; INLINED:          @__hotline.implied_counts = private constant [2 x %struct.__hotline_implied_count] [%struct.__hotline_implied_count { i32 2, i32 3 }, %struct.__hotline_implied_count { i32 2, i32 3 }]
; INLINED-LABEL:    define void @uses_tiny(
; INLINED-COUNT-1:  @llvm.threadlocal.address
; INLINED:          getelementptr inbounds i64, ptr %hotline.module_counters, i64 3
; INLINED-NEXT:     load
; INLINED-NEXT:     add
; INLINED-NEXT:     store
; INLINED-NEXT:     ret void

; A variadic function cannot pass its arguments on, so it calls the runtime in place.
define i32 @variadic(i32 %n, ...) {
  ret i32 %n
}
; CHECK-LABEL: define i32 @variadic(
; CHECK:         br i1 %{{.*}}, label %[[VINIT:.*]], label %[[VCOUNT:.*]], !prof
; CHECK:       [[VINIT]]:
; CHECK-NEXT:    %hotline.counters.init = call preserve_mostcc ptr @__hotline_thread_counters_init()
; CHECK-NEXT:    br label %[[VCOUNT]]
; CHECK:       [[VCOUNT]]:
; CHECK-NEXT:    %hotline.counters.ready = phi ptr [ %hotline.counters, %{{.*}} ], [ %hotline.counters.init, %[[VINIT]] ]

; Unoptimized code (optnone, -O0) keeps a value that one block computes for another in a
; stack slot: there the entry only makes sure the thread has its array (no thunk, which would
; keep the arguments), and each increment reads the array and the module's base where it is.
define i32 @unoptimized(i32 %x) noinline optnone {
  %slot = alloca i32
  store i32 %x, ptr %slot
  %v = load i32, ptr %slot
  ret i32 %v
}
; CHECK-LABEL: define i32 @unoptimized(
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    store i32 %x, ptr %slot
; CHECK-NEXT:    %[[TLS:.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_thread_counters)
; CHECK-NEXT:    %hotline.counters = load ptr, ptr %[[TLS]]
; CHECK-NEXT:    %[[NULL:.*]] = icmp eq ptr %hotline.counters, null
; CHECK-NEXT:    br i1 %[[NULL]], label %[[INIT:.*]], label %[[COUNT:.*]], !prof
; CHECK:       [[INIT]]:
; CHECK-NEXT:    call preserve_mostcc ptr @__hotline_thread_counters_init()
; CHECK-NEXT:    br label %[[COUNT]]
; CHECK:       [[COUNT]]:
; CHECK-NEXT:    %[[TLS2:.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_thread_counters)
; CHECK-NEXT:    %[[COUNTERS:.*]] = load ptr, ptr %[[TLS2]]
; CHECK-NEXT:    %hotline.site_base = load i32, ptr getelementptr inbounds {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    %[[BASE:.*]] = zext i32 %hotline.site_base to i64
; CHECK-NEXT:    %hotline.module_counters = getelementptr inbounds i64, ptr %[[COUNTERS]], i64 %[[BASE]]
; CHECK-NEXT:    %[[SLOT:.*]] = getelementptr inbounds i64, ptr %hotline.module_counters, i64 {{[0-9]+}}
; CHECK-NEXT:    %hotline.count = load i64, ptr %[[SLOT]]
; CHECK-NEXT:    %[[NEW:.*]] = add i64 %hotline.count, 1
; CHECK-NEXT:    store i64 %[[NEW]], ptr %[[SLOT]]
; CHECK-NEXT:    %v = load i32, ptr %slot

; The cold copy: the runtime's call (preserve_most, so it saves what it uses), then the
; function again with the same arguments.
; CHECK:       define internal i32 @__hotline.first_count.leaf(i32 %0) #[[THUNK:[0-9]+]] {
; CHECK-NEXT:    call preserve_mostcc ptr @__hotline_thread_counters_init()
; CHECK-NEXT:    %[[R:.*]] = tail call i32 @leaf(i32 %0)
; CHECK-NEXT:    ret i32 %[[R]]

; CHECK: declare preserve_mostcc ptr @__hotline_thread_counters_init() #[[NOUNWIND:[0-9]+]]
; CHECK-DAG: attributes #[[THUNK]] = { cold minsize noinline optsize }
; CHECK-DAG: attributes #[[NOUNWIND]] = { nounwind }
