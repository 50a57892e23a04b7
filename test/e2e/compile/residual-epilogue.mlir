// A ResNet block's end with a downsampling shortcut: two convolutions,
// each followed by batch norm, then their sum and ReLU. The elementwise op
// reads both convolution results and eight per-channel columns; it runs as
// the second convolution's evacuation epilogue (its arena is sized by what
// the tiles take: columns and what the body computes from them alone take
// 64 bytes, not a tile), so that convolution's f32 result never goes to
// HBM. The per-channel math (rsqrt(var + eps) * gamma, twice) runs for the
// first tile of each channel block only. Values match the reference
// interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=6 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=6 --expected-output=@%t.ref.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// Four stored tiles: the first convolution's result (f32, 512 positions per
// tile, two tiles) and the block's, each [32 x 512] f32 (64 KiB, 2.85 us of
// queue time) in three pieces; two rsqrt in all (one channel block).
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// STORES: 12
// ISA-COUNT-2: ncore.activation rsqrt
// ISA-NOT: ncore.activation rsqrt
func.func @main(%x: tensor<4x16x16x16xf32>, %w1: tensor<32x16x1x1xf32>, %w2: tensor<32x16x1x1xf32>,
                %m1: tensor<32xf32>, %v1: tensor<32xf32>, %g1: tensor<32xf32>, %b1: tensor<32xf32>,
                %m2: tensor<32xf32>, %v2: tensor<32xf32>, %g2: tensor<32xf32>, %b2: tensor<32xf32>) -> tensor<4x32x16x16xf32> {
  %c1 = stablehlo.convolution(%x, %w1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x16x16x16xf32>, tensor<32x16x1x1xf32>) -> tensor<4x32x16x16xf32>
  %c2 = stablehlo.convolution(%x, %w2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x16x16x16xf32>, tensor<32x16x1x1xf32>) -> tensor<4x32x16x16xf32>
  %n1 = "stablehlo.batch_norm_inference"(%c1, %g1, %b1, %m1, %v1) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<4x32x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<4x32x16x16xf32>
  %n2 = "stablehlo.batch_norm_inference"(%c2, %g2, %b2, %m2, %v2) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<4x32x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<4x32x16x16xf32>
  %s = stablehlo.add %n1, %n2 : tensor<4x32x16x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x32x16x16xf32>
  %r = stablehlo.maximum %s, %z : tensor<4x32x16x16xf32>
  return %r : tensor<4x32x16x16xf32>
}
