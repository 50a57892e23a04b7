// Batch norm on its own (no convolution before it) over NCHW data: the
// kernel's tiles are [32 channels x 256 positions], one per image, and its
// per-channel factor rsqrt(var + eps) * gamma is a [32 x 1] column computed
// from the loaded columns alone. The first tile computes it; the next
// three read it from its SBUF ring slot, as they read the loaded columns
// (it was computed four times, with two cross-engine hops each). Values
// match the reference interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --random-inputs --seed=7 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=7 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// ISA: ncore.activation rsqrt on scalar ins(#ncore.ap<sbuf[0:32] + {{[0-9]+}} f32 []>)
// ISA-NOT: rsqrt
// The mean subtraction of every tile (on the vector engine, or on the
// scalar engine as identity with the negated mean as bias).
// ISA-COUNT-3: {{ncore.tensor_scalar sub|ncore.activation identity on scalar ins\(#ncore.ap<sbuf\[0:32\] \+ [0-9]+ f32 \[256:1\]>\) outs\(.*\) bias}}
// ISA-NOT: rsqrt
func.func @main(%x: tensor<4x32x16x16xf32>, %m: tensor<32xf32>, %v: tensor<32xf32>, %g: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<4x32x16x16xf32> {
  %n = "stablehlo.batch_norm_inference"(%x, %g, %b, %m, %v) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<4x32x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<4x32x16x16xf32>
  return %n : tensor<4x32x16x16xf32>
}
