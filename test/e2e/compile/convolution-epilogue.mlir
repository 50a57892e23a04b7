// Convolution epilogues, checked against the reference interpreter on the
// same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=5 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=5 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
//
// The first result is a ReLU of the first convolution written channels-last
// (a transpose): its innermost loop would store one element per DMA
// descriptor from a PSUM tile, so it is not fused; the convolution's result
// is evacuated as it is, and the ReLU is a kernel of its own (on the vector
// or the scalar engine, whichever is less loaded).
// ISA: ncore.matmul
// ISA: ncore.tensor_copy on {{vector|scalar}} ins(#ncore.ap<psum
// ISA: {{ncore.tensor_scalar max\(0.000000e\+00 : f32\) on vector|ncore.activation relu on scalar}} ins(#ncore.ap<sbuf
//
// The second convolution (batch 2 and a 5x5 output per image in one PSUM
// tile: three free loops) is followed by x * scale + shift per channel,
// fused: the multiply reads the PSUM tile; it and the add of the shift
// column each go to whichever of the vector and scalar engines is less
// loaded (on the scalar engine, x * scale with a -0 bias column).
// ISA: ncore.matmul
// ISA: {{ncore.tensor_scalar mul\(#ncore.ap<sbuf\[0:12\] \+ [0-9]+ f32 \[\]>\) on vector|ncore.activation identity on scalar}} ins(#ncore.ap<psum[0:12]
// ISA-NEXT: {{ncore.tensor_scalar add\(#ncore.ap<sbuf\[0:12\] \+ [0-9]+ f32 \[\]>\) on vector|ncore.activation identity on scalar .* bias\(#ncore.ap<sbuf\[0:12\] \+ [0-9]+ f32 \[\]>\)}}
func.func @main(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %y: tensor<2x4x7x7xf32>, %v: tensor<12x4x3x3xf32>, %s: tensor<12xf32>, %t: tensor<12xf32>) -> (tensor<1x6x6x8xf32>, tensor<2x12x5x5xf32>) {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  %ct = stablehlo.transpose %c, dims = [0, 2, 3, 1] : (tensor<1x8x6x6xf32>) -> tensor<1x6x6x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<1x6x6x8xf32>
  %r = stablehlo.maximum %ct, %z : tensor<1x6x6x8xf32>
  %d = stablehlo.convolution(%y, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x7x7xf32>, tensor<12x4x3x3xf32>) -> tensor<2x12x5x5xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<12xf32>) -> tensor<2x12x5x5xf32>
  %tb = stablehlo.broadcast_in_dim %t, dims = [1] : (tensor<12xf32>) -> tensor<2x12x5x5xf32>
  %m = stablehlo.multiply %d, %sb : tensor<2x12x5x5xf32>
  %a = stablehlo.add %m, %tb : tensor<2x12x5x5xf32>
  return %r, %a : tensor<1x6x6x8xf32>, tensor<2x12x5x5xf32>
}
