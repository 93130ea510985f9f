; A timed function calls __hotline_enter at entry and __hotline_exit on every way out that
; returns to its caller: each return, before a musttail call, and on unwinding (calls that may
; throw become invokes with a cleanup pad; catch-only pads become cleanups). A call that never
; returns (exit) leaves the call open: the runtime ends it where control lands.
; Both calls depend on one decision taken at entry: the site's untimed byte was 0 (the
; runtime sets it to stop timing a site), so enter and exit stay paired.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0>' -S %s | FileCheck %s
; On x86-64 (and AArch64) both are preserve_most, as the runtime defines them (abi.h): the
; timed function needs no callee-saved registers for its values around them.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin %hotline_plugin -passes='hotline-functions<min-instructions=0>' -S %s | FileCheck %s --check-prefix=X86
; X86-LABEL: define i32 @two_returns(
; X86:         call preserve_mostcc void @__hotline_enter(i32 %hotline.site)
; X86:         call preserve_mostcc void @__hotline_exit(i32 %hotline.site)
; X86: declare preserve_mostcc void @__hotline_enter(i32)
; X86: declare preserve_mostcc void @__hotline_exit(i32)

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
; CHECK:         %hotline.site = add i32 %hotline.site_base, [[ID:[0-9]+]]
; CHECK-NEXT:    %hotline.untimed = load atomic i8, ptr {{.*}}@__hotline.untimed.placeholder{{.*}} monotonic, align 1
; CHECK-NEXT:    %hotline.timed = icmp eq i8 %hotline.untimed, 0
; CHECK-NEXT:    br i1 %hotline.timed, label %hotline.enter, label %[[BODY:[0-9]+]]
; CHECK:       hotline.enter:
; CHECK-NEXT:    call void @__hotline_enter(i32 %hotline.site)
; CHECK-NEXT:    br label %[[BODY]]
; CHECK:       a:
; CHECK-NEXT:    br i1 %hotline.timed, label %[[EXIT_A:hotline.exit[0-9]*]], label %[[RET_A:[0-9]+]]
; CHECK:       [[EXIT_A]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
; CHECK-NEXT:    br label %[[RET_A]]
; CHECK:       [[RET_A]]:
; CHECK-NEXT:    ret i32 1
; CHECK:       b:
; CHECK-NEXT:    br i1 %hotline.timed, label %[[EXIT_B:hotline.exit[0-9]*]], label %[[RET_B:[0-9]+]]
; CHECK:       [[EXIT_B]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
; CHECK-NEXT:    br label %[[RET_B]]
; CHECK:       [[RET_B]]:
; CHECK-NEXT:    ret i32 2

define i32 @tail(i32 %x) nounwind {
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @tail(
; CHECK:         call void @__hotline_enter(i32 %hotline.site)
; CHECK:       hotline.exit:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
; CHECK-NEXT:    br label %[[CALL:[0-9]+]]
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
; CHECK-NEXT:    br i1 %hotline.timed, label %[[EXIT_LIVE:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT_LIVE]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
; CHECK-NEXT:    br label %[[RET]]
; CHECK:       [[RET]]:
; CHECK-NEXT:    ret void

define void @may_throw() personality ptr @__gxx_personality_v0 {
  call void @work()
  ret void
}

; CHECK-LABEL: define void @may_throw() personality ptr @__gxx_personality_v0
; CHECK:         call void @__hotline_enter(i32 %hotline.site)
; CHECK:         invoke void @work()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %hotline.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    br i1 %hotline.timed, label %[[EXIT:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
; CHECK:       [[RET]]:
; CHECK-NEXT:    ret void
; CHECK:       hotline.cleanup:
; CHECK-NEXT:    %cleanup.lpad = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    br i1 %hotline.timed, label %[[UNWIND_EXIT:hotline.exit[0-9]*]], label %[[RESUME:[0-9]+]]
; CHECK:       [[UNWIND_EXIT]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
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
; CHECK-NEXT:    br i1 %hotline.timed, label %[[EXIT:hotline.exit[0-9]*]], label %[[RET:[0-9]+]]
; CHECK:       [[EXIT]]:
; CHECK-NEXT:    call void @__hotline_exit(i32 %hotline.site)
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

; CHECK: declare void @__hotline_enter(i32) #[[NOUNWIND:[0-9]+]]
; CHECK: declare void @__hotline_exit(i32) #[[NOUNWIND]]

