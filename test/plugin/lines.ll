; Line mode at pipeline start (hotline-lines): one counter per basic block, one LINE site per
; source line of a block, one LOOP site per loop with its iteration and max-trip sites. Blocks
; inside a loop count in locals that every exit of the loop adds to the thread's counters;
; every exit (the loop's condition, and the `return` from its body) records the trips and the
; partial last iteration when it leaves from the body. This loop is innermost and calls
; nothing, so it is not timed (the e2e tests cover timed loops).
;
; Made from this C source with clang -O2 -g -Xclang -disable-llvm-passes:
;   int find(const int *a, int n, int key) {     // line 1
;     for (int i = 0; i < n; ++i) {              // line 2
;       if (a[i] == key)                         // line 3
;         return i;                              // line 4
;     }
;     return -1;                                 // line 6
;   }
;
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count,hotline-lines<lines>,hotline-lower-counters' -S %s -o - | FileCheck %s
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-count,hotline-lines' -S %s -o - | FileCheck %s --check-prefix=OFF

; The module is marked as built in line mode.
; CHECK: @__hotline.module = internal global %struct.__hotline_module { i32 11, i32 {{[0-9]+}}, ptr @__hotline.sites, ptr @{{[^,]+}}, ptr null, i32 {{[0-9]+}}, i32 1, ptr @__hotline.implied_counts, i32 2, ptr @__start_hotline_library_code, ptr @__stop_hotline_library_code, ptr null }
; Sites: 0 the function, 1-3 the loop (entries, iterations, max trips), then lines.
; CHECK: @__hotline.sites = private constant [{{[0-9]+}} x %struct.__hotline_site] [
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 1, i32 1, i32 0, i32 0, i32 0, i32 -1,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 3, i32 3, i32 1, i32 0, i32 -1,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 4, i32 3, i32 2, i32 0, i32 1,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 5, i32 3, i32 3, i32 0, i32 1,
; The loop's header block (the condition on line 2) is counted by its first line site and is
; inside the loop (site 1).
; Line 2's blocks (the entry's `i = 0`, the condition, the loop's exit, `++i`)
; carry the discriminators add-discriminators gives them, as -fprofile-sample-use will.
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 2, i32 12, i32 4, i32 0, i32 -1, i32 0,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 2, i32 {{[0-9]+}}, i32 [[HEADER:[0-9]+]], i32 0, i32 1, i32 1,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 2, i32 3, i32 6, i32 0, i32 -1, i32 2,
; CHECK-SAME: { i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i64 sub (i64 ptrtoint (ptr @{{[^ ]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)), i32 2, i32 2, i32 26, i32 10, i32 0, i32 1, i32 3,
; The entry block (site 4, its first line) and the loop's entries (site 1) are always counted
; with the function's entry (site 0): that one increment stands for all three.
; CHECK: @__hotline.implied_counts = private constant [2 x %struct.__hotline_implied_count] [%struct.__hotline_implied_count { i32 4, i32 0 }, %struct.__hotline_implied_count { i32 1, i32 0 }]

; CHECK-LABEL: define {{.*}}i32 @find(
; The backedge adds one trip.
; CHECK: [[BACK:%.*]] = load i64, ptr %hotline.trips
; CHECK-NEXT: add i64 [[BACK]], 1
; The loop's entry is counted by the function's entry counter (above).
; CHECK-NOT: getelementptr inbounds i64, ptr %hotline.module_counters, i64 1{{$}}
; CHECK-NOT: @__hotline_enter(
; Inside the loop, the header's counter is a local: no store to the counters in the loop.
; CHECK: [[LOCAL:%.*]] = add i64 %{{.*}}, 1
; Exit through the condition: trips as counted, no partial iteration; the local block counters
; are added to the thread's counters.
; CHECK: [[TRIPS:%.*]] = load i64, ptr %hotline.trips
; CHECK-NEXT: store i1 false, ptr %hotline.loop.active
; CHECK: add i64 %{{.*}}, [[TRIPS]]
; CHECK: call i64 @llvm.umax.i64(i64 %{{.*}}, i64 [[TRIPS]])
; Exit through the return on line 4: the iteration it left from counts.
; CHECK: [[TRIPS2:%.*]] = load i64, ptr %hotline.trips
; CHECK-NEXT: [[PARTIAL:%.*]] = add i64 [[TRIPS2]], 1
; CHECK: add i64 %{{.*}}, [[PARTIAL]]
; CHECK: call i64 @llvm.umax.i64(i64 %{{.*}}, i64 [[PARTIAL]])
; CHECK-NOT: @__hotline_exit(
; CHECK: ret i32

; Without the option nothing but the entry counter is added.
; OFF-LABEL: define {{.*}} @find(
; OFF: call void @llvm.instrprof.increment.step({{.*}}, i32 0, i64 1)
; OFF-NOT: hotline.trips
; OFF-NOT: call void @llvm.instrprof.increment.step


source_filename = "lines-ir.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local i32 @find(ptr noundef %0, i32 noundef %1, i32 noundef %2) #0 !dbg !13 {
  %4 = alloca i32, align 4
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store ptr %0, ptr %5, align 8, !tbaa !25
    #dbg_declare(ptr %5, !20, !DIExpression(), !28)
  store i32 %1, ptr %6, align 4, !tbaa !9
    #dbg_declare(ptr %6, !21, !DIExpression(), !29)
  store i32 %2, ptr %7, align 4, !tbaa !9
    #dbg_declare(ptr %7, !22, !DIExpression(), !30)
    #dbg_declare(ptr %8, !23, !DIExpression(), !32)
  store i32 0, ptr %8, align 4, !dbg !33, !tbaa !9
  br label %10, !dbg !31

10:                                               ; preds = %26, %3
  %11 = load i32, ptr %8, align 4, !dbg !34, !tbaa !9
  %12 = load i32, ptr %6, align 4, !dbg !36, !tbaa !9
  %13 = icmp slt i32 %11, %12, !dbg !37
  br i1 %13, label %15, label %14, !dbg !38

14:                                               ; preds = %10
  store i32 2, ptr %9, align 4
  br label %29, !dbg !39

15:                                               ; preds = %10
  %16 = load ptr, ptr %5, align 8, !dbg !40, !tbaa !25
  %17 = load i32, ptr %8, align 4, !dbg !43, !tbaa !9
  %18 = sext i32 %17 to i64, !dbg !40
  %19 = getelementptr inbounds i32, ptr %16, i64 %18, !dbg !40
  %20 = load i32, ptr %19, align 4, !dbg !40, !tbaa !9
  %21 = load i32, ptr %7, align 4, !dbg !44, !tbaa !9
  %22 = icmp eq i32 %20, %21, !dbg !45
  br i1 %22, label %23, label %25, !dbg !46

23:                                               ; preds = %15
  %24 = load i32, ptr %8, align 4, !dbg !47, !tbaa !9
  store i32 %24, ptr %4, align 4, !dbg !48
  store i32 1, ptr %9, align 4
  br label %29, !dbg !48

25:                                               ; preds = %15
  br label %26, !dbg !49

26:                                               ; preds = %25
  %27 = load i32, ptr %8, align 4, !dbg !50, !tbaa !9
  %28 = add nsw i32 %27, 1, !dbg !51
  store i32 %28, ptr %8, align 4, !dbg !52, !tbaa !9
  br label %10, !dbg !53, !llvm.loop !54

29:                                               ; preds = %23, %14
  %30 = load i32, ptr %9, align 4
  switch i32 %30, label %34 [
    i32 2, label %31
    i32 1, label %32
  ]

31:                                               ; preds = %29
  store i32 -1, ptr %4, align 4, !dbg !57
  br label %32, !dbg !57

32:                                               ; preds = %31, %29
  %33 = load i32, ptr %4, align 4, !dbg !58
  ret i32 %33, !dbg !59

34:                                               ; preds = %29
  unreachable
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}
!llvm.errno.tbaa = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "lines-ir.c", directory: "/src", checksumkind: CSK_MD5, checksum: "6f2ba1afee9e50e4478affad428aa24d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = distinct !DISubprogram(name: "find", scope: !1, file: !1, line: 1, type: !14, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !19)
!14 = !DISubroutineType(types: !15)
!15 = !{!16, !17, !16, !16}
!16 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !16)
!19 = !{!20, !21, !22, !23}
!20 = !DILocalVariable(name: "a", arg: 1, scope: !13, file: !1, line: 1, type: !17)
!21 = !DILocalVariable(name: "n", arg: 2, scope: !13, file: !1, line: 1, type: !16)
!22 = !DILocalVariable(name: "key", arg: 3, scope: !13, file: !1, line: 1, type: !16)
!23 = !DILocalVariable(name: "i", scope: !24, file: !1, line: 2, type: !16)
!24 = distinct !DILexicalBlock(scope: !13, file: !1, line: 2, column: 3)
!25 = !{!26, !26, i64 0}
!26 = !{!"p1 int", !27, i64 0}
!27 = !{!"any pointer", !11, i64 0}
!28 = !DILocation(line: 1, column: 21, scope: !13)
!29 = !DILocation(line: 1, column: 28, scope: !13)
!30 = !DILocation(line: 1, column: 35, scope: !13)
!31 = !DILocation(line: 2, column: 8, scope: !24)
!32 = !DILocation(line: 2, column: 12, scope: !24)
!33 = !DILocation(line: 2, column: 12, scope: !24)
!34 = !DILocation(line: 2, column: 19, scope: !35)
!35 = distinct !DILexicalBlock(scope: !24, file: !1, line: 2, column: 3)
!36 = !DILocation(line: 2, column: 23, scope: !35)
!37 = !DILocation(line: 2, column: 21, scope: !35)
!38 = !DILocation(line: 2, column: 3, scope: !24)
!39 = !DILocation(line: 2, column: 3, scope: !24)
!40 = !DILocation(line: 3, column: 9, scope: !41)
!41 = distinct !DILexicalBlock(scope: !42, file: !1, line: 3, column: 9)
!42 = distinct !DILexicalBlock(scope: !35, file: !1, line: 2, column: 31)
!43 = !DILocation(line: 3, column: 11, scope: !41)
!44 = !DILocation(line: 3, column: 17, scope: !41)
!45 = !DILocation(line: 3, column: 14, scope: !41)
!46 = !DILocation(line: 3, column: 14, scope: !41)
!47 = !DILocation(line: 4, column: 14, scope: !41)
!48 = !DILocation(line: 4, column: 7, scope: !41)
!49 = !DILocation(line: 5, column: 3, scope: !42)
!50 = !DILocation(line: 2, column: 26, scope: !35)
!51 = !DILocation(line: 2, column: 26, scope: !35)
!52 = !DILocation(line: 2, column: 26, scope: !35)
!53 = !DILocation(line: 2, column: 3, scope: !35)
!54 = distinct !{!54, !39, !55, !56}
!55 = !DILocation(line: 5, column: 3, scope: !24)
!56 = !{!"llvm.loop.mustprogress"}
!57 = !DILocation(line: 6, column: 3, scope: !13)
!58 = !DILocation(line: 7, column: 1, scope: !13)
!59 = !DILocation(line: 7, column: 1, scope: !13)
