// Contractions whose operands differ in element type, as JAX exports
// `x.astype(bf16) @ w` against f32 weights: a bf16 x f32 batched
// dot_general (it failed the ncore.matmul verifier), an f32 x f16 one with
// a bf16 result and a bf16 image convolved with f32 weights. `simplify`
// (systole-widen-mixed-contractions) converts the narrower operand to the
// wider type, exactly, so the results are the reference interpreter's up
// to f32 summation order. bf16 x f16 and f8E4M3 x bf16 run on the tensor
// engine as they are.
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=WIDEN
// WIDEN-DAG: stablehlo.convert {{.*}} : (tensor<4x64x128xbf16>) -> tensor<4x64x128xf32>
// WIDEN-DAG: stablehlo.convert {{.*}} : (tensor<128x96xf16>) -> tensor<128x96xf32>
// WIDEN-DAG: stablehlo.convert {{.*}} : (tensor<2x8x10x10xbf16>) -> tensor<2x8x10x10xf32>
// WIDEN-NOT: stablehlo.convert
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%a: tensor<4x64x128xbf16>, %b: tensor<128x96xf32>,
                %x: tensor<64x128xf32>, %y: tensor<128x96xf16>,
                %img: tensor<2x8x10x10xbf16>, %w: tensor<16x8x3x3xf32>,
                %p: tensor<64x128xbf16>, %q: tensor<64x128xf8E4M3>, %r: tensor<128x96xbf16>)
    -> (tensor<4x64x96xf32>, tensor<64x96xbf16>, tensor<2x16x8x8xf32>,
        tensor<64x96xf32>, tensor<64x96xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<4x64x128xbf16>, tensor<128x96xf32>) -> tensor<4x64x96xf32>
  %1 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x96xf16>) -> tensor<64x96xbf16>
  %2 = stablehlo.convolution(%img, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x10x10xbf16>, tensor<16x8x3x3xf32>) -> tensor<2x16x8x8xf32>
  %3 = stablehlo.dot_general %p, %y, contracting_dims = [1] x [0] : (tensor<64x128xbf16>, tensor<128x96xf16>) -> tensor<64x96xf32>
  %4 = stablehlo.dot_general %q, %r, contracting_dims = [1] x [0] : (tensor<64x128xf8E4M3>, tensor<128x96xbf16>) -> tensor<64x96xf32>
  return %0, %1, %2, %3, %4 : tensor<4x64x96xf32>, tensor<64x96xbf16>, tensor<2x16x8x8xf32>, tensor<64x96xf32>, tensor<64x96xf32>
}
