// A convolution followed by batch norm (as PyTorch/XLA exports it: the
// per-channel factor rsqrt(var + eps) * gamma spelled on broadcasts) and
// ReLU, fused into the convolution's PSUM evacuation, checked against the
// reference interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
//
// The four per-channel columns are loaded once for both PSUM tiles of the
// 16 channels (the epilogue's column cache); the per-channel math stays on
// [16 x 1] columns (rsqrt included) and runs once, for the first tile: the
// second reads its results from the derived-column cache. The bias add and
// ReLU are one activation-engine instruction.
// ISA-COUNT-4: ins(#ncore.ap<hbm[0:16 step 1] + {{[0-9]+}} f32 []>)
// ISA: ncore.activation rsqrt on scalar ins(#ncore.ap<sbuf[0:16] + {{[0-9]+}} f32 []>) outs(#ncore.ap<sbuf[0:16] + {{[0-9]+}} f32 []>)
// ISA: {{ncore.activation relu on scalar|ncore.tensor_scalar max\(0.000000e\+00 : f32\) on vector}}
// ISA-NOT: hbm[0:16 step 1]
// ISA-NOT: rsqrt
// ISA: {{ncore.activation relu on scalar|ncore.tensor_scalar max\(0.000000e\+00 : f32\) on vector}}
// ISA-NOT: hbm[0:16 step 1]
// ISA-NOT: rsqrt
func.func @main(%x: tensor<4x8x18x18xf32>, %w: tensor<16x8x3x3xf32>, %mean: tensor<16xf32>, %var: tensor<16xf32>, %gamma: tensor<16xf32>, %beta: tensor<16xf32>) -> tensor<4x16x16x16xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x8x18x18xf32>, tensor<16x8x3x3xf32>) -> tensor<4x16x16x16xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<16xf32>
  %ve = stablehlo.add %var, %eps : tensor<16xf32>
  %vb = stablehlo.broadcast_in_dim %ve, dims = [1] : (tensor<16xf32>) -> tensor<4x16x16x16xf32>
  %r = stablehlo.rsqrt %vb : tensor<4x16x16x16xf32>
  %gb = stablehlo.broadcast_in_dim %gamma, dims = [1] : (tensor<16xf32>) -> tensor<4x16x16x16xf32>
  %f = stablehlo.multiply %r, %gb : tensor<4x16x16x16xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [1] : (tensor<16xf32>) -> tensor<4x16x16x16xf32>
  %xc = stablehlo.subtract %c, %mb : tensor<4x16x16x16xf32>
  %y = stablehlo.multiply %xc, %f : tensor<4x16x16x16xf32>
  %bb = stablehlo.broadcast_in_dim %beta, dims = [1] : (tensor<16xf32>) -> tensor<4x16x16x16xf32>
  %z = stablehlo.add %y, %bb : tensor<4x16x16x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x16x16x16xf32>
  %o = stablehlo.maximum %z, %zero : tensor<4x16x16x16xf32>
  return %o : tensor<4x16x16x16xf32>
}
