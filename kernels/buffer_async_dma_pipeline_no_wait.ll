; The buffer-fed async LDS DMA pipeline of buffer_async_dma_pipeline.ll
; (llvm.amdgcn.raw.ptr.buffer.load.async.lds) with its first wait missing:
; no wait.asyncmark(1) before the barrier that precedes the reads of tile
; 0. Written in LLVM IR (clang-22 has no builtin for these intrinsics).
;
; async-operations.txt, "Memory Consistency Model": "An asynchronous
; operation A program ordered before an overlapping memory operation X
; happens-before X only if A is completed before X", and the note: "certain
; program order edges are not automatically included in happens-before".
; At the second barrier no mark is completed, so lane 1's stage-0 copy into
; tile[0][1] (line 40) is not ordered before lane 0's read of it after
; the barrier (line 54); the read may see the copy's write, which is not
; location-ordered before it (memory-model.txt, the read rules): a race on
; the LDS buffer, and the read returns undef, so out is undef. The reads of
; tile 1 come after wait.asyncmark(0), which completes both copies, and a
; barrier: they do not race.
;
; launch: --grid 1 --block 2 --arg %in=i32[4] --arg %out=i32[2] --init %in[0]=1 --init %in[1]=2 --init %in[2]=3 --init %in[3]=4
; expect flags: race
; expect race: 54 40
; expect memory: %out[0] in {undef}
; expect memory: %out[1] in {undef}
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
  ; the wait for stage 0 is missing here: straight to the barrier
  fence syncscope("workgroup") release, !dbg !27
  tail call void @llvm.amdgcn.s.barrier(), !dbg !28
  fence syncscope("workgroup") acquire, !dbg !29
  %o = sub i32 1, %l, !dbg !30
  %r0p = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 0, i32 %o, !dbg !31
  %r0 = load i32, ptr addrspace(3) %r0p, align 4, !dbg !32
  ; stage 1 complete, then the barrier
  tail call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !33
  fence syncscope("workgroup") release, !dbg !34
  tail call void @llvm.amdgcn.s.barrier(), !dbg !35
  fence syncscope("workgroup") acquire, !dbg !36
  %r1p = getelementptr inbounds [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 1, i32 %o, !dbg !37
  %r1 = load i32, ptr addrspace(3) %r1p, align 4, !dbg !38
  %acc = add i32 %r0, %r1, !dbg !39
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %l, !dbg !40
  store i32 %acc, ptr addrspace(1) %dst, align 4, !dbg !41
  ret void, !dbg !42
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
!1 = !DIFile(filename: "buffer_async_dma_pipeline_no_wait.ll", directory: ".")
!2 = distinct !DISubprogram(name: "pipeline", scope: !1, file: !1, line: 27, type: !5, scopeLine: 27, spFlags: DISPFlagDefinition, unit: !0)
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!10 = !DILocation(line: 28, column: 3, scope: !2)
!11 = !DILocation(line: 29, column: 3, scope: !2)
!12 = !DILocation(line: 31, column: 3, scope: !2)
!13 = !DILocation(line: 32, column: 3, scope: !2)
!14 = !DILocation(line: 33, column: 3, scope: !2)
!15 = !DILocation(line: 34, column: 3, scope: !2)
!16 = !DILocation(line: 35, column: 3, scope: !2)
!17 = !DILocation(line: 36, column: 3, scope: !2)
!18 = !DILocation(line: 37, column: 3, scope: !2)
!19 = !DILocation(line: 39, column: 3, scope: !2)
!20 = !DILocation(line: 40, column: 3, scope: !2)
!21 = !DILocation(line: 41, column: 3, scope: !2)
!22 = !DILocation(line: 43, column: 3, scope: !2)
!23 = !DILocation(line: 44, column: 3, scope: !2)
!24 = !DILocation(line: 45, column: 3, scope: !2)
!25 = !DILocation(line: 46, column: 3, scope: !2)
!26 = !DILocation(line: 47, column: 3, scope: !2)
!27 = !DILocation(line: 49, column: 3, scope: !2)
!28 = !DILocation(line: 50, column: 3, scope: !2)
!29 = !DILocation(line: 51, column: 3, scope: !2)
!30 = !DILocation(line: 52, column: 3, scope: !2)
!31 = !DILocation(line: 53, column: 3, scope: !2)
!32 = !DILocation(line: 54, column: 3, scope: !2)
!33 = !DILocation(line: 56, column: 3, scope: !2)
!34 = !DILocation(line: 57, column: 3, scope: !2)
!35 = !DILocation(line: 58, column: 3, scope: !2)
!36 = !DILocation(line: 59, column: 3, scope: !2)
!37 = !DILocation(line: 60, column: 3, scope: !2)
!38 = !DILocation(line: 61, column: 3, scope: !2)
!39 = !DILocation(line: 62, column: 3, scope: !2)
!40 = !DILocation(line: 63, column: 3, scope: !2)
!41 = !DILocation(line: 64, column: 3, scope: !2)
!42 = !DILocation(line: 65, column: 3, scope: !2)
