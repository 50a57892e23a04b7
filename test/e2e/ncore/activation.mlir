// An activation with a per-partition bias and an add-reduction:
//   y[p, f] = silu(2 * x[p, f] + bias[p]),  rowsum[p] = sum_f y[p, f].
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// Run on the simulator and compare with the reference interpreter on the same
// random inputs (an independent oracle: Inputs/activation.ref.mlir).
// RUN: systole-run --backend=reference %S/Inputs/activation.ref.mlir --random-inputs --random-distribution=normal --seed=3 --output=@%t.ref0.npy --output=@%t.ref1.npy --quiet
// RUN: systole-run --backend=sim %t.ncx --random-inputs --seed=3 --expected-output=@%t.ref0.npy --expected-output=@%t.ref1.npy --rtol=1e-2 --atol=1e-2 --quiet --stats-json=%t.stats.json | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=STATS < %t.stats.json
// SIM: simulated: {{[0-9.]+}} us on trn2
// STATS: "total_ns"

ncore.program @activation attributes {target = "trn2"} {
  ncore.input @x : tensor<128x256xf32> at 0
  ncore.input @bias : tensor<128xf32> at 131072
  ncore.output @y : tensor<128x256xbf16> at 131584
  ncore.output @rowsum : tensor<128xf32> at 197120
  ncore.semaphore @loaded
  ncore.semaphore @done

  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 256] f32 [256:1]>) outs(#ncore.ap<sbuf[0:128] f32 [256:1]>) signal(@loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 1] + 131072 f32 []>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 []>) signal(@loaded += 1)
  // CHECK: ncore.activation silu on scalar ins(#ncore.ap<sbuf[0:128] f32 [256:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 bf16 [256:1]>) scale(2.000000e+00 : f32) bias(#ncore.ap<sbuf[0:128] + 1024 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 1028 f32 []>) wait(@sem0 >= 2) signal(@sem1 += 2)
  ncore.activation silu on scalar ins(#ncore.ap<sbuf[0:128] f32 [256:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 bf16 [256:1]>) scale(2.0 : f32) bias(#ncore.ap<sbuf[0:128] + 1024 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 1028 f32 []>) wait(@loaded >= 2) signal(@done += 2)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:128] + 2048 bf16 [256:1]>) outs(#ncore.ap<hbm[0:128 step 256] + 131584 bf16 [256:1]>) wait(@done >= 2)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:128] + 1028 f32 []>) outs(#ncore.ap<hbm[0:128 step 1] + 197120 f32 []>) wait(@done >= 2)
}
