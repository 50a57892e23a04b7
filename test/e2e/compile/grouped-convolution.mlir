// Grouped convolutions (feature_group_count > 1) compiled for the
// NeuronCore, checked against the reference interpreter on the same random
// inputs: a depthwise NHWC convolution with stride and padding (MobileNet's
// layer) and two groups of four input channels in bf16.
// RUN: systole-run --backend=reference %s --entry=depthwise_nhwc --random-inputs --seed=2 --output=@%t.dw.npy --quiet
// RUN: systole-run %s --entry=depthwise_nhwc --random-inputs --seed=2 --expected-output=@%t.dw.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=groups2 --random-inputs --seed=2 --output=@%t.g2.npy --quiet
// RUN: systole-run %s --entry=groups2 --random-inputs --seed=2 --expected-output=@%t.g2.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @depthwise_nhwc(%x: tensor<2x9x9x8xf32>, %w: tensor<3x3x1x8xf32>) -> tensor<2x5x5x8xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<2x9x9x8xf32>, tensor<3x3x1x8xf32>) -> tensor<2x5x5x8xf32>
  return %r : tensor<2x5x5x8xf32>
}
func.func @groups2(%x: tensor<1x8x6x6xbf16>, %w: tensor<6x4x3x3xbf16>) -> tensor<1x6x4x4xbf16> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x6x6xbf16>, tensor<6x4x3x3xbf16>) -> tensor<1x6x4x4xbf16>
  return %r : tensor<1x6x4x4xbf16>
}
