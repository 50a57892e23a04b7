// A batched matmul (attention scores: 2 x 3 heads of [5 x 8] x [8 x 7])
// followed by a scale and a mask shared by the heads: the elementwise op runs
// on each head's PSUM tile as it is evacuated (one batch index per tile),
// checked against the reference interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=7 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=7 --expected-output=@%t.ref.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// Six heads, each a matmul into PSUM and a multiply reading that PSUM tile
// (on the vector engine, or on the scalar engine as identity with scale
// 0.125 and a -0 bias column).
// ISA-COUNT-6: {{ncore.tensor_scalar mul\(1.250000e-01 : f32\) on vector ins\(#ncore.ap<psum\[0:5\]|ncore.activation identity on scalar ins\(#ncore.ap<psum\[0:5\].* scale\(1.250000e-01 : f32\)}}
// ISA-NOT: {{ncore.tensor_scalar mul|scale\(}}
func.func @main(%q: tensor<2x3x5x8xf32>, %k: tensor<2x3x8x7xf32>, %mask: tensor<5x7xf32>) -> tensor<2x3x5x7xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x5x8xf32>, tensor<2x3x8x7xf32>) -> tensor<2x3x5x7xf32>
  %c = stablehlo.constant dense<0.125> : tensor<2x3x5x7xf32>
  %m = stablehlo.multiply %s, %c : tensor<2x3x5x7xf32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [2, 3] : (tensor<5x7xf32>) -> tensor<2x3x5x7xf32>
  %r = stablehlo.add %m, %mb : tensor<2x3x5x7xf32>
  return %r : tensor<2x3x5x7xf32>
}
