; A timed function calls __hotline_enter at entry and __hotline_exit on every way out that
; returns to its caller: each return, before a musttail call, and on unwinding (calls that may
; throw become invokes with a cleanup pad; catch-only pads become cleanups). A call that never
; returns (exit) leaves the call open: the runtime ends it where control lands.
; Enter is called when the site's untimed byte is 0 (the runtime sets it to stop timing a
; site), with the site id and the call's key, the address of its return address. Each exit
; computes the key and the site id again and calls __hotline_exit when the thread's innermost
; open call may be this one (__hotline_open_call_key <= key): nothing of the entry is kept
; across the body, so timing adds nothing to the frame; the runtime ends the call only if it
; finds it open, so enter and exit stay paired.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0>' -S %s | FileCheck %s
; On other targets the key is the frame address.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0>' -S %s | FileCheck %s --check-prefix=OTHER
; OTHER-LABEL: define i32 @two_returns(
; OTHER:         %hotline.key = call ptr @llvm.frameaddress.p0(i32 0)
; OTHER:         call void @__hotline_enter(i32 %hotline.site, ptr %hotline.key)
; OTHER: declare void @__hotline_enter(i32, ptr)
; On x86-64 (and AArch64) both are preserve_most, as the runtime defines them (abi.h): the
; timed function needs no callee-saved registers for its values around them.

declare void @work()
declare void @exit(i32) noreturn nounwind
declare i32 @target(i32)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define i32 @two_returns(i1 %c) nounwind {
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-LABEL: define i32 @two_returns(
; CHECK:         %hotline.untimed = load atomic i8, ptr {{.*}}@__hotline.untimed.placeholder{{.*}} monotonic, align 1
; CHECK-NEXT:    %hotline.timed = icmp eq i8 %hotline.untimed, 0
; CHECK-NEXT:    br i1 %hotline.timed, label %hotline.enter, label %[[BODY:[0-9]+]]
; CHECK:       hotline.enter:
; CHECK-NEXT:    %hotline.key = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    %hotline.site_base = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    %hotline.site = add i32 %hotline.site_base, [[ID:[0-9]+]]
; CHECK-NEXT:    call preserve_mostcc void @__hotline_enter(i32 %hotline.site, ptr %hotline.key)
; CHECK-NEXT:    br label %[[BODY]]
; CHECK:       a:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT_A:hotline.exit[0-9]*]], label %[[RET_A:[0-9]+]]
; CHECK:       [[EXIT_A]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], [[ID]]
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RET_A]]
; CHECK:       [[RET_A]]:
; CHECK-NEXT:    ret i32 1
; CHECK:       b:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT_B:hotline.exit[0-9]*]], label %[[RET_B:[0-9]+]]
; CHECK:       [[EXIT_B]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], [[ID]]
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RET_B]]
; CHECK:       [[RET_B]]:
; CHECK-NEXT:    ret i32 2

define i32 @tail(i32 %x) nounwind {
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @tail(
; CHECK:         call preserve_mostcc void @__hotline_enter(i32 %hotline.site, ptr %hotline.key)
; CHECK-NEXT:    br label %[[BODY:[0-9]+]]
; CHECK:       [[BODY]]:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT:hotline.exit[0-9]*]], label %[[CALL:[0-9]+]]
; CHECK:       [[EXIT]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], {{[0-9]+}}
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[CALL]]
; CHECK:       [[CALL]]:
; CHECK-NEXT:    %r = musttail call i32 @target(i32 %x)
; CHECK-NEXT:    ret i32 %r

define void @dies(i1 %c) nounwind {
  br i1 %c, label %die, label %live
die:
  call void @exit(i32 3)
  unreachable
live:
  ret void
}

; CHECK-LABEL: define void @dies(
; CHECK:       die:
; CHECK-NEXT:    call void @exit(i32 3)
; CHECK-NEXT:    unreachable
; CHECK:       live:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT_LIVE:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT_LIVE]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], {{[0-9]+}}
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RET]]
; CHECK:       [[RET]]:
; CHECK-NEXT:    ret void

define void @may_throw() personality ptr @__gxx_personality_v0 {
  call void @work()
  ret void
}

; CHECK-LABEL: define void @may_throw() personality ptr @__gxx_personality_v0
; CHECK:         call preserve_mostcc void @__hotline_enter(i32 %hotline.site, ptr %hotline.key)
; CHECK:         invoke void @work()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %hotline.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], {{[0-9]+}}
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RET]]
; CHECK:       [[RET]]:
; CHECK-NEXT:    ret void
; CHECK:       hotline.cleanup:
; CHECK-NEXT:    %cleanup.lpad = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[UNWIND_EXIT:hotline.exit[0-9]*]], label %[[RESUME:[0-9]+]]
; CHECK:       [[UNWIND_EXIT]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], {{[0-9]+}}
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RESUME]]
; CHECK:       [[RESUME]]:
; CHECK-NEXT:    resume { ptr, i32 } %cleanup.lpad

define void @catches_some() personality ptr @__gxx_personality_v0 {
  invoke void @work() to label %done unwind label %pad
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %e = extractvalue { ptr, i32 } %lp, 0
  %x = call ptr @__cxa_begin_catch(ptr %e) nounwind
  call void @__cxa_end_catch() nounwind
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @catches_some()
; CHECK:       pad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:            catch ptr null
; CHECK:       done:
; CHECK-NEXT:    [[SLOT:%[0-9]+]] = call ptr @llvm.threadlocal.address.p0(ptr @__hotline_open_call_key)
; CHECK-NEXT:    [[OPEN:%hotline.open_key[0-9]*]] = load ptr, ptr [[SLOT]], align 8
; CHECK-NEXT:    [[KEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    [[MAY:%hotline.may_be_open[0-9]*]] = icmp ule ptr [[OPEN]], [[KEY]]
; CHECK-NEXT:    br i1 [[MAY]], label %[[EXIT:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT]]:
; CHECK-NEXT:    [[BASE:%hotline.site_base[0-9]*]] = load i32, ptr getelementptr {{.*}}@__hotline.module, i32 0, i32 5)
; CHECK-NEXT:    [[SITE:%hotline.site[0-9]*]] = add i32 [[BASE]], {{[0-9]+}}
; CHECK-NEXT:    [[CALLKEY:%hotline.key[0-9]*]] = call ptr @llvm.addressofreturnaddress.p0()
; CHECK-NEXT:    call preserve_mostcc void @__hotline_exit(i32 [[SITE]], ptr [[CALLKEY]])
; CHECK-NEXT:    br label %[[RET]]
; CHECK:       [[RET]]:
; CHECK-NEXT:    ret void

; Each setjmp is bracketed by the depth of open calls and a resume at that depth, which ends
; the calls a longjmp skipped when it returns the second time; in functions not timed too.
declare i32 @_setjmp(ptr) returns_twice nounwind
declare void @use(i32)

define void @catches_jumps(ptr %env) {
  %r = call i32 @_setjmp(ptr %env)
  call void @use(i32 %r)
  ret void
}

; CHECK-LABEL: define void @catches_jumps(
; CHECK:         %hotline.depth = call i32 @__hotline_open_depth()
; CHECK-NEXT:    %r = call i32 @_setjmp(ptr %env)
; CHECK-NEXT:    call void @__hotline_resume_at_depth(i32 %hotline.depth)
; CHECK-NEXT:    invoke void @use(i32 %r)

; CHECK: declare ptr @llvm.addressofreturnaddress.p0()
; CHECK: declare preserve_mostcc void @__hotline_enter(i32, ptr) #[[NOUNWIND:[0-9]+]]
; CHECK: declare preserve_mostcc void @__hotline_exit(i32, ptr) #[[NOUNWIND]]

