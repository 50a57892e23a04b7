// A tail contraction whose epilogue reads a per-batch column (the PV
// result scaled by one value per batch index, broadcast): the epilogue's
// arena, with its column cache, must lie in the tail's region at the top of
// SBUF, where the members' ring does not reach. (Its first slot was placed
// in the ring: the next tile's members overwrote the cached column, and
// 142746 of the 288000 results were wrong.) Eight tiles of up to 128 rows
// per batch index, each scaled as it leaves PSUM by one activation that
// takes the column as its scale. Values match the reference interpreter.
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s --check-prefix=SIM
// CHECK: ncore.activation identity on scalar ins(#ncore.ap<psum[0:128] f32 [96:1]>) outs(#ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 [96:1]>) scale(#ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 []>)
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%s: tensor<3x1000x300xf32>, %v: tensor<3x300x96xf32>, %hs: tensor<3xf32>) -> tensor<3x1000x96xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<3x1000x300xf32>, tensor<f32>) -> tensor<3x1000xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<3x1000xf32>) -> tensor<3x1000x300xf32>
  %d = stablehlo.subtract %s, %mx : tensor<3x1000x300xf32>
  %e = stablehlo.exponential %d : tensor<3x1000x300xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<3x1000x300xf32>, tensor<f32>) -> tensor<3x1000xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<3x1000xf32>) -> tensor<3x1000x300xf32>
  %p = stablehlo.divide %e, %sb : tensor<3x1000x300xf32>
  %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x1000x300xf32>, tensor<3x300x96xf32>) -> tensor<3x1000x96xf32>
  %hb = stablehlo.broadcast_in_dim %hs, dims = [0] : (tensor<3xf32>) -> tensor<3x1000x96xf32>
  %os = stablehlo.multiply %o, %hb : tensor<3x1000x96xf32>
  return %os : tensor<3x1000x96xf32>
}
