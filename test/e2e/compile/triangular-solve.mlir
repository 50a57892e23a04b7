// triangular_solve, decomposed in `simplify` into substitution steps (a
// slice, a dot_general, a subtract and a divide per row), for every
// combination of left_side, lower, transpose_a and unit_diagonal, and a
// batched bf16 solve (in f32, rounded once). The diagonally dominant %a
// keeps the systems well conditioned, so the simulator's f32 dot products
// (summed in another order than the reference's double loop) agree to
// 1e-5.
// DEFINE: %{inputs} = --input=4x4xf32=4,1,-2,0.5,0.5,3,1,-1,-1,2,5,0.25,0.75,-0.5,1,2 --input=4x3xf32=1,2,3,4,5,6,-1,0.5,2,3,-2,1 --input=3x4xf32=1,-1,2,0.5,3,0.25,-2,1,0.5,4,1,-3
// RUN: systole-run --backend=reference %s %{inputs} --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --output=@%t.ref.5.npy --output=@%t.ref.6.npy --output=@%t.ref.7.npy --output=@%t.ref.8.npy --quiet
// RUN: systole-run %s %{inputs} --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --expected-output=@%t.ref.5.npy --expected-output=@%t.ref.6.npy --expected-output=@%t.ref.7.npy --expected-output=@%t.ref.8.npy --rtol=1e-5 --atol=1e-5 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=IR
// CHECK: simulated: {{[0-9.]+}} us on trn2
// IR-NOT: triangular_solve
func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x3xf32>, %c: tensor<3x4xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4x3xbf16>) {
  %l = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %u = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %lt = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %uu = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %rl = "stablehlo.triangular_solve"(%a, %c) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %ru = "stablehlo.triangular_solve"(%a, %c) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}> : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %rlt = "stablehlo.triangular_solve"(%a, %c) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %rut = "stablehlo.triangular_solve"(%a, %c) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %a2 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %ab = stablehlo.convert %a2 : (tensor<2x4x4xf32>) -> tensor<2x4x4xbf16>
  %b2 = stablehlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
  %bn = stablehlo.negate %b2 : tensor<2x4x3xf32>
  %bb = stablehlo.convert %bn : (tensor<2x4x3xf32>) -> tensor<2x4x3xbf16>
  %bat = "stablehlo.triangular_solve"(%ab, %bb) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x4x4xbf16>, tensor<2x4x3xbf16>) -> tensor<2x4x3xbf16>
  return %l, %u, %lt, %uu, %rl, %ru, %rlt, %rut, %bat : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4x3xbf16>
}
