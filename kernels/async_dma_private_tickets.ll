; Each work-item copies its element in[gid] into its workgroup's LDS slot
; with an async LDS DMA (llvm.amdgcn.global.load.async.lds), sets a mark,
; waits for it, reads the slot back and adds a ticket taken from a shared
; counter with a relaxed atomic add: out[gid] = tile[l] + ticket. Written in
; LLVM IR directly (clang-22 has no builtin for the async DMA and mark
; intrinsics). `in` is 0 everywhere (the launch's default); the LDS tile
; has no initial value.
;
; AMDGPUDMAOperations.md, "GFX9 DMA": lane l's copy lands 4 * l bytes past
; the tile, so the slot is tile[l]. async-operations.txt, "Async Mark
; Operations": wait.asyncmark(0) leaves no mark outstanding, so the copy,
; program ordered before the mark, is completed before the read; "Memory
; Consistency Model": "An asynchronous operation A program ordered before an
; overlapping memory operation X happens-before X only if A is completed
; before X": here it is, so the copy's write is location-ordered before the
; read (memory-model.txt, "Location Order") and the read returns its value,
; 0 (not undef), with no race. The read-modify-writes of next are totally
; ordered (LangRef, "atomicrmw"), so the tickets are 0 to 3 in some order:
; out is a permutation of {0, 1, 2, 3} and next[0] = 4.
;
; The symmetry of work-items (docs/semantics.md, "Symmetry of work-items")
; covers async copies: the four waves of one lane each have the same copy,
; mark and completion point, and trade places with their elements.
;
; launch: --grid 4 --block 1
; expect flags: none
; expect memory: %next[0] = 4
; expect memory: %out[0] in {0, 1, 2, 3}
; expect memory: %out[1] in {0, 1, 2, 3}
; expect memory: %out[2] in {0, 1, 2, 3}
; expect memory: %out[3] in {0, 1, 2, 3}
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
  ; the copy is completed here: no mark is outstanding
  tail call void @llvm.amdgcn.wait.asyncmark(i16 0), !dbg !17
  %tl = getelementptr inbounds [2 x i32], ptr addrspace(3) @tile, i32 0, i32 %l, !dbg !18
  %v = load i32, ptr addrspace(3) %tl, align 4, !dbg !19
  ; a ticket from the shared counter
  %t = atomicrmw add ptr addrspace(1) %next, i32 1 syncscope("agent") monotonic, align 4, !dbg !20
  %s = add i32 %v, %t, !dbg !21
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g64, !dbg !22
  store i32 %s, ptr addrspace(1) %dst, align 4, !dbg !23
  ret void, !dbg !24
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32 immarg, i32 immarg, i32 immarg)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16 immarg)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "async_dma_private_tickets.ll", directory: ".")
!2 = distinct !DISubprogram(name: "tickets", scope: !1, file: !1, line: 36, type: !5, scopeLine: 36, spFlags: DISPFlagDefinition, unit: !0)
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!10 = !DILocation(line: 37, column: 3, scope: !2)
!11 = !DILocation(line: 38, column: 3, scope: !2)
!12 = !DILocation(line: 40, column: 3, scope: !2)
!13 = !DILocation(line: 41, column: 3, scope: !2)
!14 = !DILocation(line: 43, column: 3, scope: !2)
!15 = !DILocation(line: 44, column: 3, scope: !2)
!16 = !DILocation(line: 45, column: 3, scope: !2)
!17 = !DILocation(line: 47, column: 3, scope: !2)
!18 = !DILocation(line: 48, column: 3, scope: !2)
!19 = !DILocation(line: 49, column: 3, scope: !2)
!20 = !DILocation(line: 51, column: 3, scope: !2)
!21 = !DILocation(line: 52, column: 3, scope: !2)
!22 = !DILocation(line: 53, column: 3, scope: !2)
!23 = !DILocation(line: 54, column: 3, scope: !2)
!24 = !DILocation(line: 55, column: 3, scope: !2)
