; async_dma_private_tickets.ll without its wait: each work-item copies
; in[gid] into its own LDS slot tile[l] with an async LDS DMA and a mark,
; but reads the slot back (line 43) with no wait.asyncmark in between.
; Written in LLVM IR directly (clang-22 has no builtin for the async DMA and
; mark intrinsics).
;
; async-operations.txt, "Memory Consistency Model": "An asynchronous
; operation A program ordered before an overlapping memory operation X
; happens-before X only if A is completed before X", and the note: "certain
; program order edges are not automatically included in happens-before".
; No mark is completed before the read, so the copy's write of tile[l]
; (line 39) is not location-ordered before the work-item's own read of
; it (memory-model.txt, "Location Order": by program order, or by a
; visibility operation, which needs happens-before), and the LDS tile has no
; initial write (it is not an initialized global). "If no write is
; location-ordered before a read R, then R returns undef": the read is
; undefined (flag undef; no other work-item touches the slot, so no race),
; and every out[gid] is undef, whatever the ticket; next[0] = 4.
;
; launch: --grid 4 --block 1
; expect flags: undef
; expect memory: %next[0] = 4
; expect memory: %out[0] in {undef}
; expect memory: %out[1] in {undef}
; expect memory: %out[2] in {undef}
; expect memory: %out[3] in {undef}
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [2 x i32] undef, align 16

define amdgpu_kernel void @tickets(ptr addrspace(1) %in, ptr addrspace(1) %next, ptr addrspace(1) %out) !dbg !2 {
  %l = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !10
  %wg = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !11
  ; gid = wg + l (the launch's block of 1)
  %gid = add i32 %wg, %l, !dbg !12
  %g64 = zext i32 %gid to i64, !dbg !13
  ; tile[l] = in[gid], asynchronously (lane l lands 4 * l bytes past the tile)
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %g64, !dbg !14
  tail call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %src, ptr addrspace(3) @tile, i32 4, i32 0, i32 0), !dbg !15
  tail call void @llvm.amdgcn.asyncmark(), !dbg !16
  ; no wait.asyncmark: the copy may still be in flight
  %tl = getelementptr inbounds [2 x i32], ptr addrspace(3) @tile, i32 0, i32 %l, !dbg !17
  %v = load i32, ptr addrspace(3) %tl, align 4, !dbg !18
  ; a ticket from the shared counter
  %t = atomicrmw add ptr addrspace(1) %next, i32 1 syncscope("agent") monotonic, align 4, !dbg !19
  %s = add i32 %v, %t, !dbg !20
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g64, !dbg !21
  store i32 %s, ptr addrspace(1) %dst, align 4, !dbg !22
  ret void, !dbg !23
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32 immarg, i32 immarg, i32 immarg)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16 immarg)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "async_dma_private_no_wait.ll", directory: ".")
!2 = distinct !DISubprogram(name: "tickets", scope: !1, file: !1, line: 31, type: !5, scopeLine: 31, spFlags: DISPFlagDefinition, unit: !0)
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!10 = !DILocation(line: 32, column: 3, scope: !2)
!11 = !DILocation(line: 33, column: 3, scope: !2)
!12 = !DILocation(line: 35, column: 3, scope: !2)
!13 = !DILocation(line: 36, column: 3, scope: !2)
!14 = !DILocation(line: 38, column: 3, scope: !2)
!15 = !DILocation(line: 39, column: 3, scope: !2)
!16 = !DILocation(line: 40, column: 3, scope: !2)
!17 = !DILocation(line: 42, column: 3, scope: !2)
!18 = !DILocation(line: 43, column: 3, scope: !2)
!19 = !DILocation(line: 45, column: 3, scope: !2)
!20 = !DILocation(line: 46, column: 3, scope: !2)
!21 = !DILocation(line: 47, column: 3, scope: !2)
!22 = !DILocation(line: 48, column: 3, scope: !2)
!23 = !DILocation(line: 49, column: 3, scope: !2)
