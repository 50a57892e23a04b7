// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s
// In program order (reorder=false; schedule-reorder.mlir tests the list
// scheduler). The scheduled program runs on the simulator with its race
// detector on.
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-run %t.ncx --random-inputs --quiet | FileCheck %s --check-prefix=SIM

// Each stream that another waits on gets a counting semaphore that all its
// instructions increment; a consumer waits for the producer's position.
// CHECK: ncore.semaphore @tensor_done
// CHECK: ncore.semaphore @vector_done
// CHECK: ncore.semaphore @dma0_done
// CHECK: ncore.semaphore @dma1_done
// CHECK-NOT: ncore.semaphore
// Two loads on two queues; the matmul waits for both (RAW on SBUF).
// CHECK: ncore.dma_copy on dma[0] {{.*}} signal(@dma0_done += 1)
// CHECK: ncore.dma_copy on dma[1] {{.*}} signal(@dma1_done += 1)
// CHECK: ncore.matmul on tensor {{.*}} wait(@dma0_done >= 1, @dma1_done >= 1) signal(@tensor_done += 1)
// CHECK: ncore.tensor_copy on vector {{.*}} wait(@tensor_done >= 1) signal(@vector_done += 1)
// The store waits for the copy; the second load into the stationary's bytes
// waits for the matmul that read them (WAR), not for the store.
// CHECK: ncore.dma_copy on dma[2] {{.*}} wait(@vector_done >= 1)
// CHECK: ncore.dma_copy on dma[0] {{.*}} wait(@tensor_done >= 1) signal(@dma0_done += 1)
// An SBUF write by another engine to disjoint bytes needs no wait.
// CHECK: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 8192 f32 [4:1]>) value(1.000000e+00) signal(@vector_done += 1)
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.input @at : tensor<128x128xbf16> at 0
  ncore.input @b : tensor<128x512xbf16> at 32768
  ncore.output @c : tensor<128x512xf32> at 163840
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 32768 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>)
  ncore.dma_copy on dma[2] ins(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 163840 f32 [512:1]>)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 8192 f32 [4:1]>) value(1.0)
}
