; Functions defined in system headers that have no loop (the standard library's accessors
; and wrappers, inlined everywhere) are not instrumented; those with a loop are, and so is
; everything outside the system directories. The clang plugin names the compiler's system
; include directories; here system-header-dir= does. system-headers instruments them all.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include>' -S %s | FileCheck %s --check-prefixes=CHECK,SKIPPED
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/lib/../include/>' -S %s | FileCheck %s --check-prefixes=CHECK,SKIPPED
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include;system-headers>' -S %s | FileCheck %s --check-prefixes=CHECK,COUNTED
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count' -S %s | FileCheck %s --check-prefixes=CHECK,COUNTED
; The file being compiled is not a header, even in a system directory (googletest names its
; source root with -isystem).
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include;system-header-dir=/src>' -S %s | FileCheck %s --check-prefixes=CHECK,SKIPPED
; A directory that only starts like one is not it.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/inc>' -S %s | FileCheck %s --check-prefixes=CHECK,COUNTED
; Every function from a system header, instrumented or not, goes into the section
; hotline_library_code (on ELF), so that the runtime places an allocation made in it at the
; program's line that called it (abi.h); one that the source put in a section keeps it.
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include>' -S %s | FileCheck %s --check-prefix=SECTION
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include;system-headers>' -S %s | FileCheck %s --check-prefix=SECTION
; SECTION: define i32 @accessor(ptr %v) section "hotline_library_code" !dbg
; SECTION: define i32 @sum(ptr %v, i32 %n) section "hotline_library_code" !dbg
; SECTION: define i32 @app(ptr %v) !dbg
; SECTION: define i32 @placed(ptr %v) section "mine" !dbg
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count' -S %s | FileCheck %s --check-prefix=NO-SECTION
; RUN: sed 's/x86_64-unknown-linux-gnu/x86_64-apple-macosx/' %s | %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include>' -S | FileCheck %s --check-prefix=NO-SECTION
; Nor in GPU device code, which the runtime never runs (AMDGPU's objects are ELF too).
; RUN: sed 's/x86_64-unknown-linux-gnu/amdgcn-amd-amdhsa/' %s | %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include>' -S | FileCheck %s --check-prefix=NO-SECTION
; RUN: sed 's/x86_64-unknown-linux-gnu/nvptx64-nvidia-cuda/' %s | %opt -load-pass-plugin %hotline_plugin -passes='hotline-count<system-header-dir=/sys/include>' -S | FileCheck %s --check-prefix=NO-SECTION
; NO-SECTION-NOT: hotline_library_code

target triple = "x86_64-unknown-linux-gnu"

; An accessor in /sys/include/vector.h (named relative to the compilation directory /sys).
define i32 @accessor(ptr %v) !dbg !10 {
  %x = load i32, ptr %v
  ret i32 %x
}
; CHECK-LABEL: define i32 @accessor(
; SKIPPED-NEXT:  %x = load i32
; COUNTED-NEXT:  call void @llvm.instrprof.increment.step

; A loop in the same header.
define i32 @sum(ptr %v, i32 %n) !dbg !11 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %next
}
; CHECK-LABEL: define i32 @sum(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.instrprof.increment.step

; The program's own function, in /src/app.c.
define i32 @app(ptr %v) !dbg !12 {
  %x = load i32, ptr %v
  ret i32 %x
}
; CHECK-LABEL: define i32 @app(
; CHECK-NEXT:    call void @llvm.instrprof.increment.step

; A header's function with a section of its own.
define i32 @placed(ptr %v) section "mine" !dbg !13 {
  %x = load i32, ptr %v
  ret i32 %x
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !3, emissionKind: FullDebug)
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DIFile(filename: "/src/app.c", directory: "/src")
!4 = !DIFile(filename: "include/vector.h", directory: "/sys")
!5 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "accessor", scope: !4, file: !4, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!11 = distinct !DISubprogram(name: "sum", scope: !4, file: !4, line: 5, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!12 = distinct !DISubprogram(name: "app", scope: !3, file: !3, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!13 = distinct !DISubprogram(name: "placed", scope: !4, file: !4, line: 9, type: !5, spFlags: DISPFlagDefinition, unit: !0)
