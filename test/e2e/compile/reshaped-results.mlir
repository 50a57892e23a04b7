// Results returned through reshapes are computed into the out-parameters
// through the inverse reshapes (`bufferize`): no copy kernel at the end, and
// the values equal the reference's, for an expanded, a collapsed and an
// unreshaped result.
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*ins(#ncore.ap<hbm' | FileCheck %s --check-prefix=LOADS
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// 19 loads and 18 stores; with the copies, 423 and 422 (the two copy
// kernels moved the reshaped results through SBUF in short rows); 29 and 28
// before the elementwise kernels took several consecutive rows per
// partition (widened-rows.mlir).
// LOADS: 19
// STORES: 18
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<256x64xf32>, %w: tensor<64x96xf32>) -> (tensor<2x128x96xf32>, tensor<16384xf32>, tensor<256x96xf32>) {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x64xf32>, tensor<64x96xf32>) -> tensor<256x96xf32>
  %r = stablehlo.reshape %y : (tensor<256x96xf32>) -> tensor<2x128x96xf32>
  %t = stablehlo.tanh %x : tensor<256x64xf32>
  %c = stablehlo.reshape %t : (tensor<256x64xf32>) -> tensor<16384xf32>
  %e = stablehlo.exponential %y : tensor<256x96xf32>
  return %r, %c, %e : tensor<2x128x96xf32>, tensor<16384xf32>, tensor<256x96xf32>
}
