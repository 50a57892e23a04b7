// cholesky decomposes in `simplify` into column steps (a dot_general with
// the columns so far, a square root, a divide); it used to be rejected ("no
// lowering to linalg is implemented for this op"). Checked by hand: [[4 2]
// [2 5]] = L L^T with L = [[2 0] [1 2]], and U = L^T for the upper form; a
// matrix that is not positive definite ([[1 2] [2 1]]) gives NaN
// everywhere, as XLA does. Then, against the reference interpreter, a
// batch of two 24 x 24 matrices x x^T + 24 I, lower and upper, and a bf16
// one.
// RUN: systole-run %s --entry=small --input=2x2xf32=4,2,2,5 --input=2x2xf32=1,2,2,1 | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: 2x2xf32={{\[\[}}2 0]{{\[}}1 2]]
// SMALL: result[1]: 2x2xf32={{\[\[}}2 1]{{\[}}0 2]]
// SMALL: result[2]: 2x2xf32={{\[\[}}nan nan]{{\[}}nan nan]]
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.r0.npy --output=@%t.r1.npy --output=@%t.r2.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.r0.npy --expected-output=@%t.r1.npy --expected-output=@%t.r2.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @small(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %u = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %n = "stablehlo.cholesky"(%b) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %l, %u, %n : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

func.func @main(%x: tensor<2x24x24xf32>, %y: tensor<16x16xbf16>) -> (tensor<2x24x24xf32>, tensor<2x24x24xf32>, tensor<16x16xbf16>) {
  %g = stablehlo.dot_general %x, %x, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x24x24xf32>, tensor<2x24x24xf32>) -> tensor<2x24x24xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x24x24xi32>
  %j = stablehlo.iota dim = 2 : tensor<2x24x24xi32>
  %d = stablehlo.compare EQ, %i, %j : (tensor<2x24x24xi32>, tensor<2x24x24xi32>) -> tensor<2x24x24xi1>
  %n = stablehlo.constant dense<24.0> : tensor<2x24x24xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x24x24xf32>
  %e = stablehlo.select %d, %n, %z : tensor<2x24x24xi1>, tensor<2x24x24xf32>
  %a = stablehlo.add %g, %e : tensor<2x24x24xf32>
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x24x24xf32>) -> tensor<2x24x24xf32>
  %u = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x24x24xf32>) -> tensor<2x24x24xf32>
  %gb = stablehlo.dot_general %y, %y, contracting_dims = [1] x [1] : (tensor<16x16xbf16>, tensor<16x16xbf16>) -> tensor<16x16xbf16>
  %i2 = stablehlo.iota dim = 0 : tensor<16x16xi32>
  %j2 = stablehlo.iota dim = 1 : tensor<16x16xi32>
  %d2 = stablehlo.compare EQ, %i2, %j2 : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
  %n2 = stablehlo.constant dense<16.0> : tensor<16x16xbf16>
  %z2 = stablehlo.constant dense<0.0> : tensor<16x16xbf16>
  %e2 = stablehlo.select %d2, %n2, %z2 : tensor<16x16xi1>, tensor<16x16xbf16>
  %b = stablehlo.add %gb, %e2 : tensor<16x16xbf16>
  %lb = "stablehlo.cholesky"(%b) {lower = true} : (tensor<16x16xbf16>) -> tensor<16x16xbf16>
  return %l, %u, %lb : tensor<2x24x24xf32>, tensor<2x24x24xf32>, tensor<16x16xbf16>
}
