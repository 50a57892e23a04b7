// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-run %t.ncx --random-inputs --quiet | FileCheck %s --check-prefix=SIM

// In program order (reorder=false; schedule-reorder.mlir tests the list
// scheduler). The tensor engine reads one stationary three times; only the newest read
// of a region is remembered (the older ones are covered by it), and the
// load that overwrites the stationary waits for the last of them. Waits a
// stream's earlier waits imply are left out: the later matmuls wait for
// nothing, the fourth not for dma[1] again. A load into half of the
// stationary's partitions waits for the last read, and not for the load it
// overwrites, which that read had waited for.
// CHECK: ncore.dma_copy on dma[0] {{.*}} signal(@dma0_done += 1)
// CHECK: ncore.dma_copy on dma[1] {{.*}} signal(@dma1_done += 1)
// CHECK: ncore.matmul on tensor {{.*}} wait(@dma0_done >= 1, @dma1_done >= 1) signal(@tensor_done += 1)
// CHECK: ncore.matmul on tensor {{.*}}outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) signal(@tensor_done += 1)
// CHECK: ncore.matmul on tensor {{.*}}outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) signal(@tensor_done += 1)
// CHECK: ncore.dma_copy on dma[0] {{.*}} wait(@tensor_done >= 3) signal(@dma0_done += 1)
// CHECK: ncore.matmul on tensor {{.*}} wait(@dma0_done >= 2) signal(@tensor_done += 1)
// CHECK: ncore.dma_copy on dma[1] {{.*}} outs(#ncore.ap<sbuf[0:64] bf16 [128:1]>) wait(@tensor_done >= 4) signal
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.input @at : tensor<128x128xbf16> at 0
  ncore.input @b : tensor<128x512xbf16> at 32768
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 32768 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:64 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:64] bf16 [128:1]>)
}
