// Reductions: the row maxima of x[128, 4, 128] over the innermost dim, then
// their total over partitions and columns:
//   m[p, j] = max_i x[p, j, i];  total[0, j] = sum_p m[p, j].
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// Run on the simulator and compare with the reference interpreter on the same
// random inputs (an independent oracle: Inputs/reduction.ref.mlir).
// RUN: systole-run --backend=reference %S/Inputs/reduction.ref.mlir --random-inputs --random-distribution=normal --seed=3 --output=@%t.ref0.npy --output=@%t.ref1.npy --quiet
// RUN: systole-run --backend=sim %t.ncx --random-inputs --seed=3 --expected-output=@%t.ref0.npy --expected-output=@%t.ref1.npy --rtol=1e-5 --atol=1e-4 --quiet --stats-json=%t.stats.json | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=STATS < %t.stats.json
// SIM: simulated: {{[0-9.]+}} us on trn2
// STATS: "total_ns"

ncore.program @reduction attributes {target = "trn2"} {
  ncore.input @x : tensor<128x4x128xf32> at 0
  ncore.output @m : tensor<128x4xf32> at 262144
  ncore.output @total : tensor<4xf32> at 264192
  ncore.semaphore @loaded
  ncore.semaphore @reduced
  ncore.semaphore @summed

  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) signal(@loaded += 1)
  // CHECK: ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>) wait(@sem0 >= 1) signal(@sem1 += 1)
  ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>) wait(@loaded >= 1) signal(@reduced += 1)
  // CHECK: ncore.partition_reduce add on gpsimd ins(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>) outs(#ncore.ap<sbuf[0:1] + 4096 f32 [4:1]>) wait(@sem1 >= 1) signal(@sem2 += 1)
  ncore.partition_reduce add on gpsimd ins(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>) outs(#ncore.ap<sbuf[0:1] + 4096 f32 [4:1]>) wait(@reduced >= 1) signal(@summed += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>) outs(#ncore.ap<hbm[0:128 step 4] + 262144 f32 [4:1]>) wait(@reduced >= 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:1] + 4096 f32 [4:1]>) outs(#ncore.ap<hbm[0:1] + 264192 f32 [4:1]>) wait(@summed >= 1)
}
