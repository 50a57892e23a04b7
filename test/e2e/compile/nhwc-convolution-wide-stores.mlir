// NHWC convolutions with more than two blocks of 128 output channels
// stored transposed as rows of channels: a tile's stores used to be emitted
// after the next tile's input transposes, by which time the third M block
// had reused the first one's output slot, and channels 256 and up landed on
// channels 0 and up (found by a review helper's fuzzing). With several M
// blocks a tile now stores each block at once. Cases: OHWI weights with 384
// output channels, and 257 channels whose result is returned beside a bias
// add (so no epilogue takes it). Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%a0: tensor<1x4x4x8xf32>, %a1: tensor<384x1x1x8xf32>,
                %x: tensor<2x6x6x24xf32>, %w: tensor<3x3x24x257xf32>, %b: tensor<257xf32>)
    -> (tensor<1x4x4x384xf32>, tensor<2x6x6x257xf32>, tensor<2x6x6x257xf32>) {
  %0 = stablehlo.convolution(%a0, %a1) dim_numbers = [b, 0, 1, f]x[o, 0, 1, i]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x8xf32>, tensor<384x1x1x8xf32>) -> tensor<1x4x4x384xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x24xf32>, tensor<3x3x24x257xf32>) -> tensor<2x6x6x257xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<257xf32>) -> tensor<2x6x6x257xf32>
  %2 = stablehlo.add %1, %bb : tensor<2x6x6x257xf32>
  return %0, %2, %1 : tensor<1x4x4x384xf32>, tensor<2x6x6x257xf32>, tensor<2x6x6x257xf32>
}
