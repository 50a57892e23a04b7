// dot_generals as JAX and Flax export them, with several free dims on an
// operand or several contracting dims: `x @ W` of x [batch, tokens,
// features] (bf16), DenseGeneral over [heads, head dim], a batch-1 dense
// with a unit dim, and contracting dims [1, 0] x [0, 3] that need
// transposes. After `simplify` (systole-collapse-dot-dims) each has one
// free dim per operand and one contracting dim, so `systole-tile` gives it
// to the tensor engine (on trn2 the [2 x 128 x 512] x [512 x 512] bf16 dot
// alone went from 271.1 us to 8.1 us, [64 x 128 x 256] x [128 x 8 x 16 x
// 64] from 278674 us to 136 us). Values match the reference interpreter,
// which runs the dots as written.
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=DOTS
// DOTS: stablehlo.dot_general {{.*}} contracting_dims = [1] x [0] : (tensor<256x512xbf16>, tensor<512x512xbf16>) -> tensor<256x512xf32>
// DOTS: stablehlo.dot_general {{.*}} contracting_dims = [1] x [0] : (tensor<64x512xf32>, tensor<512x96xf32>) -> tensor<64x96xf32>
// DOTS: stablehlo.dot_general {{.*}} contracting_dims = [1] x [0] : (tensor<128x256xf32>, tensor<256x64xf32>) -> tensor<128x64xf32>
// DOTS: stablehlo.dot_general {{.*}} contracting_dims = [0] x [1] : (tensor<4096x64xf32>, tensor<32x4096xf32>) -> tensor<64x32xf32>
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x128x512xbf16>, %w: tensor<512x512xbf16>,
                %h: tensor<64x8x64xf32>, %wo: tensor<8x64x96xf32>,
                %u: tensor<1x128x256xf32>, %wu: tensor<256x64xf32>,
                %a: tensor<32x128x64xf32>, %b: tensor<128x4x8x32xf32>)
    -> (tensor<2x128x512xf32>, tensor<64x96xf32>, tensor<1x128x64xf32>, tensor<64x4x8xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x128x512xbf16>, tensor<512x512xbf16>) -> tensor<2x128x512xf32>
  %1 = stablehlo.dot_general %h, %wo, contracting_dims = [1, 2] x [0, 1] : (tensor<64x8x64xf32>, tensor<8x64x96xf32>) -> tensor<64x96xf32>
  %2 = stablehlo.dot_general %u, %wu, contracting_dims = [2] x [0] : (tensor<1x128x256xf32>, tensor<256x64xf32>) -> tensor<1x128x64xf32>
  %3 = stablehlo.dot_general %a, %b, contracting_dims = [1, 0] x [0, 3] : (tensor<32x128x64xf32>, tensor<128x4x8x32xf32>) -> tensor<64x4x8xf32>
  return %0, %1, %2, %3 : tensor<2x128x512xf32>, tensor<64x96xf32>, tensor<1x128x64xf32>, tensor<64x4x8xf32>
}
