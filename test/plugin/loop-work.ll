; The roofline's counts after the optimizer (hotline-loop-work): every block of a loop adds its
; FLOPs and bytes to locals, vector lanes included, and the loop's exits add them to the
; loop's work sites. The vectorized loop (its metadata lost the source locations: it is joined
; by its preheader's location) and its scalar remainder are one source loop with one set of
; work sites. A loop that calls out counts the calls, and its facts name the callee.
;
; Made with clang -O2 -g -fno-unroll-loops -mllvm -force-vector-interleave=1 from:
;   void fill(char *p, int n);                                // line 1
;   void daxpy(int n, double a, const double *x, double *y) { // line 2
;     for (int i = 0; i < n; ++i)                             // line 3
;       y[i] = a * x[i] + y[i];                               // line 4
;   }
;   void rows(char *p, int n, int m) {                        // line 6
;     for (int r = 0; r < m; ++r)                             // line 7
;       fill(p, n);                                           // line 8
;   }
; with hotline-lines' site table for it added by hand at the end.
;
; RUN: %opt -load-pass-plugin %hotline_plugin -passes=hotline-loop-work -S %s -o - | FileCheck %s
; RUN: %opt -load-pass-plugin %hotline_plugin -passes='hotline-loop-work,hotline-lower-counters' -S %s -o - | FileCheck %s --check-prefix=TABLE

; Vector body: <2 x double> loads of x and y and a store to y (48 bytes), one fmuladd on two
; lanes (4 FLOPs); the scalar remainder: 24 bytes and 2 FLOPs. Both go to the same two sites.
; CHECK-LABEL: define dso_local void @daxpy(
; CHECK-DAG: [[VFLOPS:%[0-9]+]] = add i64 %hotline.sum{{[0-9]*}}.0, 4
; CHECK-DAG: [[VBYTES:%[0-9]+]] = add i64 %hotline.sum{{[0-9]*}}.0, 48
; CHECK: load <2 x double>
; CHECK: call <2 x double> @llvm.fmuladd.v2f64
; CHECK: br i1 %{{[0-9]+}}, label %[[VEXIT:[a-z0-9.]+]], label %{{[0-9]+}}, {{.*}}!llvm.loop
; CHECK: [[VEXIT]]:
; CHECK-NEXT: call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 [[FLOPS64:[0-9]+]], i64 [[VFLOPS]])
; CHECK-NEXT: call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 [[BYTES:[0-9]+]], i64 [[VBYTES]])
; CHECK-DAG: [[SFLOPS:%[0-9]+]] = add i64 %hotline.sum{{[0-9]*}}.0, 2
; CHECK-DAG: [[SBYTES:%[0-9]+]] = add i64 %hotline.sum{{[0-9]*}}.0, 24
; CHECK: call double @llvm.fmuladd.f64
; CHECK: call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 [[FLOPS64]], i64 [[SFLOPS]])
; CHECK-NEXT: call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 [[BYTES]], i64 [[SBYTES]])
; CHECK-NEXT: br label
; CHECK-NOT: alloca

; rows: one call per iteration, nothing else; the sum stays in a register across the call, as
; line mode's block counters do, and only the loop's exit adds it to the counter.
; CHECK-LABEL: define dso_local void @rows(
; CHECK: [[SUM:%hotline.sum[0-9.]*]] = phi i64 [ 0, %{{[0-9]+}} ], [ [[CALLS:%[0-9]+]], %{{[0-9]+}} ]
; CHECK: [[CALLS]] = add i64 [[SUM]], 1
; CHECK-NEXT: tail call void @fill(
; CHECK-NOT: instrprof
; CHECK: .hotline:
; CHECK-NEXT: call void @llvm.instrprof.increment.step(ptr @__hotline.counter_marker, i64 29395943403646565, i32 1, i32 6, i64 [[CALLS]])

; The table: the loops' facts, then the work sites (kind 7 FLOPS64, 8 BYTES, 9 CALLS), each
; naming its loop (1 and 3) in `loop`.
; TABLE: @__hotline.sites = private constant [7 x %struct.__hotline_site] [
; TABLE-SAME: i32 3, i32 3, i32 3, i32 1, i32 0, i32 -1, i32 0, i64 sub (i64 ptrtoint (ptr @__hotline.str.{{[0-9]+}} to i64), i64 ptrtoint (ptr @__hotline.sites to i64)) }
; TABLE-SAME: i32 7, i32 3, i32 3, i32 3, i32 2, i32 -1, i32 0, i64 sub (i64 ptrtoint (ptr @__hotline.str.[[CALLS_FILL:[0-9]+]] to i64), i64 ptrtoint (ptr @__hotline.sites to i64)) }
; TABLE-SAME: i32 3, i32 {{7|8}}, i32 3, i32 4, i32 0, i32 1,
; TABLE-SAME: i32 3, i32 {{7|8}}, i32 3, i32 5, i32 0, i32 1,
; TABLE-SAME: i32 7, i32 9, i32 3, i32 6, i32 2, i32 3,
; TABLE: @__hotline.str.[[CALLS_FILL]] = private unnamed_addr constant [11 x i8] c"calls fill\00"

; ModuleID = 'lw.c'
source_filename = "lw.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @daxpy(i32 noundef %0, double noundef %1, ptr noundef readonly nocapture %2, ptr noundef nocapture %3) local_unnamed_addr #0 !dbg !14 {
    #dbg_value(i32 %0, !23, !DIExpression(), !29)
    #dbg_value(double %1, !24, !DIExpression(), !29)
    #dbg_value(ptr %2, !25, !DIExpression(), !29)
    #dbg_value(ptr %3, !26, !DIExpression(), !29)
    #dbg_value(i32 0, !27, !DIExpression(), !30)
  %5 = icmp sgt i32 %0, 0, !dbg !31
  br i1 %5, label %6, label %33, !dbg !33

6:                                                ; preds = %4
  %7 = zext nneg i32 %0 to i64, !dbg !34
  %8 = icmp ult i32 %0, 6, !dbg !35
  br i1 %8, label %31, label %9, !dbg !35

9:                                                ; preds = %6
  %10 = shl nuw nsw i64 %7, 3, !dbg !35
  %11 = getelementptr i8, ptr %3, i64 %10, !dbg !35
  %12 = getelementptr i8, ptr %2, i64 %10, !dbg !35
  %13 = icmp ult ptr %3, %12, !dbg !35
  %14 = icmp ult ptr %2, %11, !dbg !35
  %15 = and i1 %13, %14, !dbg !35
  br i1 %15, label %31, label %16, !dbg !36

16:                                               ; preds = %9
  %17 = and i64 %7, 2147483646
  %18 = insertelement <2 x double> poison, double %1, i64 0
  %19 = shufflevector <2 x double> %18, <2 x double> poison, <2 x i32> zeroinitializer
  br label %20, !dbg !36

20:                                               ; preds = %20, %16
  %21 = phi i64 [ 0, %16 ], [ %27, %20 ], !dbg !36
  %22 = getelementptr inbounds nuw double, ptr %2, i64 %21, !dbg !37
  %23 = load <2 x double>, ptr %22, align 8, !dbg !37, !tbaa !38, !alias.scope !40
  %24 = getelementptr inbounds nuw double, ptr %3, i64 %21, !dbg !43
  %25 = load <2 x double>, ptr %24, align 8, !dbg !43, !tbaa !38, !alias.scope !44, !noalias !40
  %26 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %19, <2 x double> %23, <2 x double> %25), !dbg !46
  store <2 x double> %26, ptr %24, align 8, !dbg !47, !tbaa !38, !alias.scope !44, !noalias !40
  %27 = add nuw i64 %21, 2, !dbg !36
  %28 = icmp eq i64 %27, %17, !dbg !48
  br i1 %28, label %29, label %20, !dbg !48, !llvm.loop !49

29:                                               ; preds = %20
  %30 = icmp eq i64 %17, %7, !dbg !48
  br i1 %30, label %33, label %31, !dbg !48

31:                                               ; preds = %9, %6, %29
  %32 = phi i64 [ 0, %9 ], [ 0, %6 ], [ %17, %29 ]
  br label %34, !dbg !35

33:                                               ; preds = %34, %29, %4
  ret void, !dbg !54

34:                                               ; preds = %31, %34
  %35 = phi i64 [ %41, %34 ], [ %32, %31 ]
    #dbg_value(i64 %35, !27, !DIExpression(), !30)
  %36 = getelementptr inbounds nuw double, ptr %2, i64 %35, !dbg !37
  %37 = load double, ptr %36, align 8, !dbg !37, !tbaa !38
  %38 = getelementptr inbounds nuw double, ptr %3, i64 %35, !dbg !43
  %39 = load double, ptr %38, align 8, !dbg !43, !tbaa !38
  %40 = tail call double @llvm.fmuladd.f64(double %1, double %37, double %39), !dbg !46
  store double %40, ptr %38, align 8, !dbg !47, !tbaa !38
  %41 = add nuw nsw i64 %35, 1, !dbg !36
    #dbg_value(i64 %41, !27, !DIExpression(), !30)
  %42 = icmp eq i64 %41, %7, !dbg !34
  br i1 %42, label %33, label %34, !dbg !48, !llvm.loop !55
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: nounwind uwtable
define dso_local void @rows(ptr noundef %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #2 !dbg !57 {
    #dbg_value(ptr %0, !63, !DIExpression(), !68)
    #dbg_value(i32 %1, !64, !DIExpression(), !68)
    #dbg_value(i32 %2, !65, !DIExpression(), !68)
    #dbg_value(i32 0, !66, !DIExpression(), !69)
  %4 = icmp sgt i32 %2, 0, !dbg !70
  br i1 %4, label %6, label %5, !dbg !72

5:                                                ; preds = %6, %3
  ret void, !dbg !73

6:                                                ; preds = %3, %6
  %7 = phi i32 [ %8, %6 ], [ 0, %3 ]
    #dbg_value(i32 %7, !66, !DIExpression(), !69)
  tail call void @fill(ptr noundef %0, i32 noundef %1) #5, !dbg !74
  %8 = add nuw nsw i32 %7, 1, !dbg !75
    #dbg_value(i32 %8, !66, !DIExpression(), !69)
  %9 = icmp eq i32 %8, %2, !dbg !76
  br i1 %9, label %5, label %6, !dbg !77, !llvm.loop !78
}

declare !dbg !81 void @fill(ptr noundef, i32 noundef) local_unnamed_addr #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x double> @llvm.fmuladd.v2f64(<2 x double>, <2 x double>, <2 x double>) #4

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}
; The sites hotline-lines numbered at pipeline start, before the loop was vectorized: the
; functions (0 and 2) and their source loops (1: lines 3:3-4:26, 3: lines 7:3-8:14).
!hotline.sites = !{!900, !901, !902, !903}
!llvm.errno.tbaa = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "lw.c", directory: "/tmp/lw", checksumkind: CSK_MD5, checksum: "a3b8ca49f92add1cd3639d2ad36bfb10")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = distinct !DISubprogram(name: "daxpy", scope: !1, file: !1, line: 2, type: !15, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !22)
!15 = !DISubroutineType(types: !16)
!16 = !{null, !17, !18, !19, !21}
!17 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!18 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!19 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!20 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !18)
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!22 = !{!23, !24, !25, !26, !27}
!23 = !DILocalVariable(name: "n", arg: 1, scope: !14, file: !1, line: 2, type: !17)
!24 = !DILocalVariable(name: "a", arg: 2, scope: !14, file: !1, line: 2, type: !18)
!25 = !DILocalVariable(name: "x", arg: 3, scope: !14, file: !1, line: 2, type: !19)
!26 = !DILocalVariable(name: "y", arg: 4, scope: !14, file: !1, line: 2, type: !21)
!27 = !DILocalVariable(name: "i", scope: !28, file: !1, line: 3, type: !17)
!28 = distinct !DILexicalBlock(scope: !14, file: !1, line: 3, column: 3)
!29 = !DILocation(line: 0, scope: !14)
!30 = !DILocation(line: 0, scope: !28)
!31 = !DILocation(line: 3, column: 21, scope: !32)
!32 = distinct !DILexicalBlock(scope: !28, file: !1, line: 3, column: 3)
!33 = !DILocation(line: 3, column: 3, scope: !28)
!34 = !DILocation(line: 3, column: 21, scope: !32)
!35 = !DILocation(line: 3, column: 3, scope: !28)
!36 = !DILocation(line: 3, column: 26, scope: !32)
!37 = !DILocation(line: 4, column: 16, scope: !32)
!38 = !{!39, !39, i64 0}
!39 = !{!"double", !12, i64 0}
!40 = !{!41}
!41 = distinct !{!41, !42}
!42 = distinct !{!42, !"LVerDomain"}
!43 = !DILocation(line: 4, column: 23, scope: !32)
!44 = !{!45}
!45 = distinct !{!45, !42}
!46 = !DILocation(line: 4, column: 21, scope: !32)
!47 = !DILocation(line: 4, column: 10, scope: !32)
!48 = !DILocation(line: 3, column: 3, scope: !28)
!49 = distinct !{!49, !50, !51, !52, !53}
!50 = !{!"llvm.loop.mustprogress"}
!51 = !{!"llvm.loop.unroll.disable"}
!52 = !{!"llvm.loop.isvectorized", i32 1}
!53 = !{!"llvm.loop.unroll.runtime.disable"}
!54 = !DILocation(line: 5, column: 1, scope: !14)
!55 = distinct !{!55, !35, !56, !50, !51, !52}
!56 = !DILocation(line: 4, column: 26, scope: !28)
!57 = distinct !DISubprogram(name: "rows", scope: !1, file: !1, line: 6, type: !58, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !62)
!58 = !DISubroutineType(types: !59)
!59 = !{null, !60, !17, !17}
!60 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !61, size: 64)
!61 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!62 = !{!63, !64, !65, !66}
!63 = !DILocalVariable(name: "p", arg: 1, scope: !57, file: !1, line: 6, type: !60)
!64 = !DILocalVariable(name: "n", arg: 2, scope: !57, file: !1, line: 6, type: !17)
!65 = !DILocalVariable(name: "m", arg: 3, scope: !57, file: !1, line: 6, type: !17)
!66 = !DILocalVariable(name: "r", scope: !67, file: !1, line: 7, type: !17)
!67 = distinct !DILexicalBlock(scope: !57, file: !1, line: 7, column: 3)
!68 = !DILocation(line: 0, scope: !57)
!69 = !DILocation(line: 0, scope: !67)
!70 = !DILocation(line: 7, column: 21, scope: !71)
!71 = distinct !DILexicalBlock(scope: !67, file: !1, line: 7, column: 3)
!72 = !DILocation(line: 7, column: 3, scope: !67)
!73 = !DILocation(line: 9, column: 1, scope: !57)
!74 = !DILocation(line: 8, column: 5, scope: !71)
!75 = !DILocation(line: 7, column: 26, scope: !71)
!76 = !DILocation(line: 7, column: 21, scope: !71)
!77 = !DILocation(line: 7, column: 3, scope: !67)
!78 = distinct !{!78, !79, !80, !50, !51}
!79 = !DILocation(line: 7, column: 3, scope: !67)
!80 = !DILocation(line: 8, column: 14, scope: !67)
!81 = !DISubprogram(name: "fill", scope: !1, file: !1, line: 1, type: !82, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!82 = !DISubroutineType(types: !83)
!83 = !{null, !60, !17}
!900 = !{!"daxpy", !"daxpy", !"/tmp/lw/lw.c", i32 2, i32 1, i32 0, i32 0, i32 0, i32 -1, i32 0, i32 0, i32 0}
!901 = !{!"daxpy", !"daxpy", !"/tmp/lw/lw.c", i32 3, i32 3, i32 3, i32 1, i32 0, i32 -1, i32 4, i32 26, i32 0}
!902 = !{!"rows", !"rows", !"/tmp/lw/lw.c", i32 6, i32 1, i32 0, i32 2, i32 2, i32 -1, i32 0, i32 0, i32 0}
!903 = !{!"rows", !"rows", !"/tmp/lw/lw.c", i32 7, i32 3, i32 3, i32 3, i32 2, i32 -1, i32 8, i32 14, i32 0}
