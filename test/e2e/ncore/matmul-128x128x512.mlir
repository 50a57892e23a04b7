// One 128x128x512 bf16 matmul with DMA in and out (issue 3):
//   c[128,512] = at[128(K),128(M)]^T x b[128(K),512(N)], f32 result.
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// Run on the simulator and compare with the reference interpreter on the same
// random inputs (an independent oracle: Inputs/matmul-128x128x512.ref.mlir).
// RUN: systole-run --backend=reference %S/Inputs/matmul-128x128x512.ref.mlir --random-inputs --random-distribution=normal --seed=3 --output=@%t.ref0.npy --quiet
// RUN: systole-run --backend=sim %t.ncx --random-inputs --seed=3 --expected-output=@%t.ref0.npy --rtol=1e-5 --atol=1e-4 --quiet --stats-json=%t.stats.json | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=STATS < %t.stats.json
// SIM: simulated: {{[0-9.]+}} us on trn2
// STATS: "total_ns"

// CHECK: ncore.program @main attributes {target = "trn2"}
ncore.program @matmul attributes {target = "trn2"} {
  ncore.input @at : tensor<128x128xbf16> at 0
  ncore.input @b : tensor<128x512xbf16> at 32768
  ncore.output @c : tensor<128x512xf32> at 163840
  ncore.semaphore @loaded
  ncore.semaphore @multiplied
  ncore.semaphore @evacuated

  // CHECK-COUNT-2: ncore.dma_copy {{.*}} signal(@sem0 += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>) signal(@loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 32768 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) signal(@loaded += 1)
  // CHECK-NEXT: ncore.matmul on tensor {{.*}} wait(@sem0 >= 2) signal(@sem1 += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) wait(@loaded >= 2) signal(@multiplied += 1)
  // PSUM -> SBUF evacuation on the vector engine, then DMA out.
  // CHECK-NEXT: ncore.tensor_copy on vector {{.*}} wait(@sem1 >= 1) signal(@sem2 += 1)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) wait(@multiplied >= 1) signal(@evacuated += 1)
  // CHECK-NEXT: ncore.dma_copy on dma[2] {{.*}} wait(@sem2 >= 1)
  ncore.dma_copy on dma[2] ins(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 163840 f32 [512:1]>) wait(@evacuated >= 1)
}
