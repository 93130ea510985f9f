; At the end of hotline's passes the module's sites become a constant table (demangled name, linkage name, file, line,
; kind; the texts as offsets from the table's start, which the linker resolves: no pointer for the loader to relocate) inside a __hotline_module record that a priority-101 constructor registers and a
; destructor unregisters. Without debug info the file is the module's source file, line 0.
; When something is timed, the record also points at one untimed byte per site, all 0 (the
; runtime sets a site's byte to stop timing it); when nothing is, that pointer is null.
; The record's last field, how the module was built, is null: opt -passes= runs no compiler
; pipeline to tell the -O level (build-description.c).
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,hotline-lower-counters -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-count,hotline-lower-counters -S %s | FileCheck %s --check-prefix=COUNTED-ONLY
; COUNTED-ONLY-NOT: __hotline.untimed
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count,hotline-functions<min-instructions=0>,hotline-lower-counters' -S %s | FileCheck %s --check-prefix=TIMED

source_filename = "/src/app.cpp"

; CHECK-DAG: @__hotline.module = internal global %struct.__hotline_module { i32 11, i32 3, ptr @__hotline.sites, ptr @[[SRC:__hotline.str.[0-9]+]], ptr null, i32 2097152, i32 0, ptr null, i32 0, ptr @__start_hotline_library_code, ptr @__stop_hotline_library_code, ptr null }
; TIMED-DAG: @__hotline.module = internal global %struct.__hotline_module { i32 11, i32 3, ptr @__hotline.sites, ptr @{{__hotline.str.[0-9]+}}, ptr @__hotline.untimed, i32 2097152, i32 0, ptr null, i32 0, ptr @__start_hotline_library_code, ptr @__stop_hotline_library_code, ptr null }
; TIMED-DAG: @__hotline.untimed = internal global [3 x i8] zeroinitializer
; TIMED-NOT: __hotline.untimed.placeholder
; The linker's bounds of the section of functions from system headers (system-headers.ll).
; CHECK-DAG: @__start_hotline_library_code = extern_weak hidden constant i8
; CHECK-DAG: @__stop_hotline_library_code = extern_weak hidden constant i8
; CHECK-DAG: @[[SRC]] = private unnamed_addr constant [13 x i8] c"/src/app.cpp\00"
; CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__hotline.module_ctor, ptr null }]
; CHECK-DAG: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__hotline.module_dtor, ptr null }]
; CHECK-DAG: @__hotline.sites = private constant [3 x %struct.__hotline_site] [%struct.__hotline_site { i64 sub (i64 ptrtoint (ptr @[[PLAIN:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[PLAIN]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[SRC]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 0, i32 1, i32 0, i32 0, i32 0, i32 -1, i32 0, i64 sub (i64 ptrtoint (ptr @[[EMPTY:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)) }, %struct.__hotline_site { i64 sub (i64 ptrtoint (ptr @[[DEMANGLED:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[MANGLED:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[SRC]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 0, i32 1, i32 0, i32 1, i32 1, i32 -1, i32 0, i64 sub (i64 ptrtoint (ptr @[[EMPTY]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)) }, %struct.__hotline_site { i64 sub (i64 ptrtoint (ptr @[[WITHDBG:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[WITHDBG]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @[[FILE:__hotline.str.[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 42, i32 1, i32 0, i32 2, i32 2, i32 -1, i32 0, i64 sub (i64 ptrtoint (ptr @[[EMPTY]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)) }]
; CHECK-DAG: @[[EMPTY]] = private unnamed_addr constant [1 x i8] zeroinitializer
; CHECK-DAG: @[[PLAIN]] = private unnamed_addr constant [6 x i8] c"plain\00"
; CHECK-DAG: @[[DEMANGLED]] = private unnamed_addr constant [29 x i8] c"ns::Widget::resize(int, int)\00"
; CHECK-DAG: @[[MANGLED]] = private unnamed_addr constant [24 x i8] c"_ZN2ns6Widget6resizeEii\00"
; CHECK-DAG: @[[WITHDBG]] = private unnamed_addr constant [10 x i8] c"with_line\00"
; CHECK-DAG: @[[FILE]] = private unnamed_addr constant [20 x i8] c"/src/include/util.h\00"

; CHECK-LABEL: define internal void @__hotline.module_ctor()
; CHECK:         call void @__hotline_register_module(ptr @__hotline.module)
; CHECK-LABEL: define internal void @__hotline.module_dtor()
; CHECK:         call void @__hotline_unregister_module(ptr @__hotline.module)

define void @plain() {
  ret void
}

define void @_ZN2ns6Widget6resizeEii(ptr %this, i32 %w, i32 %h) {
  ret void
}

define void @with_line() !dbg !5 {
  ret void
}

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "app.cpp", directory: "/src")
!3 = !DIFile(filename: "include/util.h", directory: "/src")
!4 = !DISubroutineType(types: !{null})
!5 = distinct !DISubprogram(name: "with_line", scope: !3, file: !3, line: 42, type: !4, unit: !1, spFlags: DISPFlagDefinition)
