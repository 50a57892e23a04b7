// Convolutions with batch_group_count > 1 (the weight gradient of a grouped
// or depthwise convolution, as JAX's training graphs export it) split in
// `simplify` into one convolution per batch group, concatenated along the
// output features (the spec's definition); they used to be rejected
// ("batch_group_count > 1 is not supported"). Against the reference
// interpreter: two groups in f32, and a depthwise weight gradient in bf16
// (32 groups of one channel, 4 images of 10 x 10, a 3 x 3 window).
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.r0.npy --output=@%t.r1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.r0.npy --expected-output=@%t.r1.npy --rtol=8e-3 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x5x5x8xf32>, %w: tensor<3x3x8x8xf32>, %a: tensor<4x10x10x32xbf16>, %dy: tensor<4x10x10x32xbf16>) -> (tensor<1x3x3x8xf32>, tensor<3x3x1x32xbf16>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x5x5x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x3x3x8xf32>
  %1 = stablehlo.convolution(%a, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 32 : i64, feature_group_count = 1 : i64} : (tensor<4x10x10x32xbf16>, tensor<4x10x10x32xbf16>) -> tensor<3x3x1x32xbf16>
  return %0, %1 : tensor<1x3x3x8xf32>, tensor<3x3x1x32xbf16>
}
