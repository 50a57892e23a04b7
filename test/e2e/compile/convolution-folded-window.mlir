// Convolutions with few input channels fold window rows into the
// contraction: ResNet's stem (3 channels, a 7x7 window, stride 2, padding
// 3) puts (channel, window row) pairs on 21 partitions, each loading its
// own input span, and takes 7 matmuls per PSUM tile (one per window
// column) instead of 49 of 3 rows; a 3x3 convolution of 32 channels folds
// its rows too (96 partitions, 3 matmuls). Values match the reference
// interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// The stem: the transposed weights hold (channel, row) pairs in partition
// order, read from each output channel's [3 x 7 x 7] row with strides 49
// and 7 (one transpose per window column); its one PSUM tile takes 7
// matmuls of 21 rows.
// ISA-COUNT-7: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:16] + {{[0-9]+}} f32 [21:7]>) outs(#ncore.ap<psum[0:21]
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:21] f32 [16:1]>, #ncore.ap<sbuf[0:21] {{.*}}>) outs(#ncore.ap<psum[0:16]
// ISA-COUNT-6: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:21] {{.*}} accumulate
// ISA-NOT: ncore.matmul
// The 3x3 convolution: (row, channel) pairs on 96 partitions (the larger
// range innermost: one DMA run per window row), 3 matmuls per PSUM tile.
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:8] + {{[0-9]+}} f32 [3:3, 32:9]>) outs(#ncore.ap<psum[0:96]
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:96] f32 [8:1]>, #ncore.ap<sbuf[0:96] {{.*}}>) outs(#ncore.ap<psum[0:8]
// ISA-COUNT-2: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:96] {{.*}} accumulate
// ISA-NOT: ncore.matmul
func.func @main(%x: tensor<2x3x32x32xf32>, %w: tensor<16x3x7x7xf32>, %y: tensor<2x32x10x10xf32>, %v: tensor<8x32x3x3xf32>) -> (tensor<2x16x16x16xf32>, tensor<2x8x8x8xf32>) {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x32x32xf32>, tensor<16x3x7x7xf32>) -> tensor<2x16x16x16xf32>
  %d = stablehlo.convolution(%y, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x32x10x10xf32>, tensor<8x32x3x3xf32>) -> tensor<2x8x8x8xf32>
  return %c, %d : tensor<2x16x16x16xf32>, tensor<2x8x8x8xf32>
}
