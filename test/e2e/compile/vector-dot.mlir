// A dot product of two vectors (a rank-0 result: the linalg phase built a
// null result map for it and crashed) compiles and matches the reference.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<f32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<64xf32>, tensor<64xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
