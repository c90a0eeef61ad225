; The double-buffered async LDS DMA pipeline of async_dma_pipeline.ll fed
; through a buffer resource: llvm.amdgcn.make.buffer.rsrc over %in (stride
; 0, 16 bytes, flags 0) and llvm.amdgcn.raw.ptr.buffer.load.async.lds with
; voffset 4 * L (stage 0) and 8 + 4 * L (stage 1), in LLVM IR: clang-22
; has no builtin for the async buffer form or the marks. Two lanes clear
; both tiles and synchronize; each issues the stage-0 copy and a mark, the
; stage-1 copy and a mark, waits until at most 1 mark is outstanding,
; synchronizes and reads the other lane's element of tile 0; then waits
; for every mark, synchronizes and reads tile 1.
;
; async-operations.txt, "Async Mark Operations": wait.asyncmark(1) leaves
; only the second mark outstanding, so the first mark, and the stage-0 copy
; program ordered before it, are completed; "An asynchronous operation A
; program ordered before an overlapping memory operation X happens-before X
; only if A is completed before X" - completed before the release fence of
; the barrier, the copy is ordered before the other lane's read of tile 0
; (memory-model.txt, "Fence Synchronization"; execution-synchronization.txt,
; "Barriers"). wait.asyncmark(0) does the same for the stage-1 copy before
; the third barrier. The clearing stores are program ordered before the
; copies ("A memory operation X program ordered before an overlapping
; asynchronous operation A happens-before A"), so each read sees the copy's
; value (the .async buffer forms "behave exactly like their non-async
; counterparts", completed at the marks). No race; out[L] = in[1 - L] +
; in[3 - L]: in = {1, 2, 3, 4} gives out = {6, 4}.
;
; launch: --grid 1 --block 2 --arg %in=i32[4] --arg %out=i32[2] --init %in[0]=1 --init %in[1]=2 --init %in[2]=3 --init %in[3]=4
; expect flags: none
; expect memory: %out[0] = 6
; expect memory: %out[1] = 4
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [2 x [2 x i32]] undef, align 16

define amdgpu_kernel void @pipeline(ptr addrspace(1) %in, ptr addrspace(1) %out) !dbg !2 {
  %l = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !10
  %r = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 0, i64 16, i32 0), !dbg !11
  ; tile[0][l] = 0; tile[1][l] = 0; __syncthreads();
  %t0l = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 0, i32 %l, !dbg !12
  store i32 0, ptr addrspace(3) %t0l, align 4, !dbg !13
  %t1l = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 1, i32 %l, !dbg !14
  store i32 0, ptr addrspace(3) %t1l, align 4, !dbg !15
  fence syncscope("workgroup") release, !dbg !16
  tail call void @llvm.amdgcn.s.barrier(), !dbg !17
  fence syncscope("workgroup") acquire, !dbg !18
  ; stage 0: async copy of in[l] (voffset 4 * l) into tile[0][l], then a mark
  %v0 = shl i32 %l, 2, !dbg !19
  tail call void @llvm.amdgcn.raw.ptr.buffer.load.async.lds(ptr addrspace(8) %r, ptr addrspace(3) @tile, i32 4, i32 %v0, i32 0, i32 0, i32 0), !dbg !20
  tail call void @llvm.amdgcn.asyncmark(), !dbg !21
  ; stage 1 prefetched: async copy of in[2 + l] into tile[1][l], then a mark
  %v1 = add i32 %v0, 8, !dbg !22
  ; (voffset 8 + 4 * l: stage 1 is bytes 8..16 of the resource)
  %tile1 = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 1, !dbg !24
  tail call void @llvm.amdgcn.raw.ptr.buffer.load.async.lds(ptr addrspace(8) %r, ptr addrspace(3) %tile1, i32 4, i32 %v1, i32 0, i32 0, i32 0), !dbg !25
  tail call void @llvm.amdgcn.asyncmark(), !dbg !26
  ; stage 0 complete (at most the stage-1 mark outstanding), then the barrier
  tail call void @llvm.amdgcn.wait.asyncmark(i16 1), !dbg !27
  fence syncscope("workgroup") release, !dbg !28
  tail call void @llvm.amdgcn.s.barrier(), !dbg !29
  fence syncscope("workgroup") acquire, !dbg !30
  %o = sub i32 1, %l, !dbg !31
  %r0p = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 0, i32 %o, !dbg !32
  %r0 = load i32, ptr addrspace(3) %r0p, align 4, !dbg !33
  ; stage 1 complete, then the barrier
  tail call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !34
  fence syncscope("workgroup") release, !dbg !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !36
  fence syncscope("workgroup") acquire, !dbg !37
  %r1p = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 1, i32 %o, !dbg !38
  %r1 = load i32, ptr addrspace(3) %r1p, align 4, !dbg !39
  %acc = add i32 %r0, %r1, !dbg !40
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %l, !dbg !41
  store i32 %acc, ptr addrspace(1) %dst, align 4, !dbg !42
  ret void, !dbg !43
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.async.lds(ptr addrspace(8), ptr addrspace(3), i32 immarg, i32, i32, i32 immarg, i32 immarg)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16 immarg)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "buffer_async_dma_pipeline.ll", directory: ".")
!2 = distinct !DISubprogram(name: "pipeline", scope: !1, file: !1, line: 34, type: !5, scopeLine: 34, spFlags: DISPFlagDefinition, unit: !0)
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!10 = !DILocation(line: 35, column: 3, scope: !2)
!11 = !DILocation(line: 36, column: 3, scope: !2)
!12 = !DILocation(line: 38, column: 3, scope: !2)
!13 = !DILocation(line: 39, column: 3, scope: !2)
!14 = !DILocation(line: 40, column: 3, scope: !2)
!15 = !DILocation(line: 41, column: 3, scope: !2)
!16 = !DILocation(line: 42, column: 3, scope: !2)
!17 = !DILocation(line: 43, column: 3, scope: !2)
!18 = !DILocation(line: 44, column: 3, scope: !2)
!19 = !DILocation(line: 46, column: 3, scope: !2)
!20 = !DILocation(line: 47, column: 3, scope: !2)
!21 = !DILocation(line: 48, column: 3, scope: !2)
!22 = !DILocation(line: 50, column: 3, scope: !2)
!23 = !DILocation(line: 51, column: 3, scope: !2)
!24 = !DILocation(line: 52, column: 3, scope: !2)
!25 = !DILocation(line: 53, column: 3, scope: !2)
!26 = !DILocation(line: 54, column: 3, scope: !2)
!27 = !DILocation(line: 56, column: 3, scope: !2)
!28 = !DILocation(line: 57, column: 3, scope: !2)
!29 = !DILocation(line: 58, column: 3, scope: !2)
!30 = !DILocation(line: 59, column: 3, scope: !2)
!31 = !DILocation(line: 60, column: 3, scope: !2)
!32 = !DILocation(line: 61, column: 3, scope: !2)
!33 = !DILocation(line: 62, column: 3, scope: !2)
!34 = !DILocation(line: 64, column: 3, scope: !2)
!35 = !DILocation(line: 65, column: 3, scope: !2)
!36 = !DILocation(line: 66, column: 3, scope: !2)
!37 = !DILocation(line: 67, column: 3, scope: !2)
!38 = !DILocation(line: 68, column: 3, scope: !2)
!39 = !DILocation(line: 69, column: 3, scope: !2)
!40 = !DILocation(line: 70, column: 3, scope: !2)
!41 = !DILocation(line: 71, column: 3, scope: !2)
!42 = !DILocation(line: 72, column: 3, scope: !2)
!43 = !DILocation(line: 73, column: 3, scope: !2)
