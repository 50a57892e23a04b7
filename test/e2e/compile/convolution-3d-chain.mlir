// Two padded 3-D convolutions with a ReLU between and a residual add after:
// the activations are rank 5 (NCDHW), laid out channel-major in HBM
// (`systole-choose-hbm-layout`; strides checked below), the ReLU writes the
// second convolution's padded input in place, and the values match the
// reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=place -o - | FileCheck %s --check-prefix=PLACE
// PLACE: memref.alloc() {{.*}} : memref<2x4x8x10x10xf32, strided<[800, 1600, 100, 10, 1]>>
// PLACE: memref.alloc() {{.*}} : memref<2x8x8x10x10xf32, strided<[800, 1600, 100, 10, 1]>>
// PLACE-NOT: memref.copy
// PLACE: return
func.func @main(%x: tensor<2x4x6x8x8xf32>, %w: tensor<8x4x3x3x3xf32>, %w2: tensor<8x8x3x3x3xf32>) -> tensor<2x8x6x8x8xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1, 2]x[o, i, 0, 1, 2]->[b, f, 0, 1, 2], window = {stride = [1, 1, 1], pad = [[1, 1], [1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x6x8x8xf32>, tensor<8x4x3x3x3xf32>) -> tensor<2x8x6x8x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x8x6x8x8xf32>
  %r = stablehlo.maximum %c, %z : tensor<2x8x6x8x8xf32>
  %c2 = stablehlo.convolution(%r, %w2) dim_numbers = [b, f, 0, 1, 2]x[o, i, 0, 1, 2]->[b, f, 0, 1, 2], window = {stride = [1, 1, 1], pad = [[1, 1], [1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x6x8x8xf32>, tensor<8x8x3x3x3xf32>) -> tensor<2x8x6x8x8xf32>
  %a = stablehlo.add %c2, %r : tensor<2x8x6x8x8xf32>
  return %a : tensor<2x8x6x8x8xf32>
}
