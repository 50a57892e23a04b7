// batch_norm_inference/_training/_grad, cholesky, triangular_solve and fft
// on the reference interpreter. Expected values by hand (batch_norm_grad with
// python3 fractions following the spec's formulas; inputs chosen so that
// variance + epsilon is a perfect square).
// RUN: systole-run --backend=reference --entry=batch_norm %s | FileCheck %s --check-prefix=BN
// RUN: systole-run --backend=reference --entry=cholesky_solve %s | FileCheck %s --check-prefix=CHOL
// RUN: systole-run --backend=reference --entry=fft %s | FileCheck %s --check-prefix=FFT

// BN: result[0]: 2x2xf32={{\[\[}}0 -0.3333333][2 1]]
// BN: 7 of 7 checks passed
func.func @batch_norm() -> tensor<2x2xf32> {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf32>
  %scale = stablehlo.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %var = stablehlo.constant dense<[3.0, 8.0]> : tensor<2xf32>
  // (x - mean) / sqrt(var + 1) * scale + offset, sqrt(var + 1) = [2, 3].
  %y = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.0 : f32, feature_index = 1 : i64}> : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %e_y = stablehlo.constant dense<[[0.0, 0xBEAAAAAB], [2.0, 1.0]]> : tensor<2x2xf32>
  stablehlo.custom_call @check.expect_close(%y, %e_y) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  // Training: batch mean [2, 4], biased variance [1, 4], epsilon 0.
  %t:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  %e_t = stablehlo.constant dense<[[-1.0, -1.0], [3.0, 1.0]]> : tensor<2x2xf32>
  %e_tm = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xf32>
  %e_tv = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%t#0, %e_t) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%t#1, %e_tm) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%t#2, %e_tv) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // Grad: x = [1 3 5 7] (one feature), mean 4, variance 3, epsilon 1,
  // scale 2, grad_output [1 2 0 -1].
  %gx = stablehlo.constant dense<[[1.0], [3.0], [5.0], [7.0]]> : tensor<4x1xf32>
  %gs = stablehlo.constant dense<[2.0]> : tensor<1xf32>
  %gm = stablehlo.constant dense<[4.0]> : tensor<1xf32>
  %gv = stablehlo.constant dense<[3.0]> : tensor<1xf32>
  %go = stablehlo.constant dense<[[1.0], [2.0], [0.0], [-1.0]]> : tensor<4x1xf32>
  %g:3 = "stablehlo.batch_norm_grad"(%gx, %gs, %gm, %gv, %go) <{epsilon = 1.0 : f32, feature_index = 1 : i64}> : (tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<4x1xf32>) -> (tensor<4x1xf32>, tensor<1xf32>, tensor<1xf32>)
  %e_g0 = stablehlo.constant dense<[[-1.0], [1.0], [0.0], [0.0]]> : tensor<4x1xf32>
  %e_g1 = stablehlo.constant dense<[-4.0]> : tensor<1xf32>
  %e_g2 = stablehlo.constant dense<[2.0]> : tensor<1xf32>
  stablehlo.custom_call @check.expect_almost_eq(%g#0, %e_g0) {has_side_effect = true} : (tensor<4x1xf32>, tensor<4x1xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%g#1, %e_g1) {has_side_effect = true} : (tensor<1xf32>, tensor<1xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%g#2, %e_g2) {has_side_effect = true} : (tensor<1xf32>, tensor<1xf32>) -> ()
  return %y : tensor<2x2xf32>
}

// CHOL: result[0]: 3x3xf32={{\[\[}}2 0 0][1 3 0][-1 2 1]]
// CHOL: 3 of 3 checks passed
func.func @cholesky_solve() -> tensor<3x3xf32> {
  // A = L L^T with L = [[2 0 0] [1 3 0] [-1 2 1]].
  %a = stablehlo.constant dense<[[4.0, 2.0, -2.0], [2.0, 10.0, 5.0], [-2.0, 5.0, 6.0]]> : tensor<3x3xf32>
  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  // The other triangle is implementation-defined: compare the lower one only.
  %r = stablehlo.iota dim = 0 : tensor<3x3xi32>
  %c = stablehlo.iota dim = 1 : tensor<3x3xi32>
  %low = stablehlo.compare GE, %r, %c, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
  %zero = stablehlo.constant dense<0.0> : tensor<3x3xf32>
  %lm = stablehlo.select %low, %l, %zero : tensor<3x3xi1>, tensor<3x3xf32>
  %e_l = stablehlo.constant dense<[[2.0, 0.0, 0.0], [1.0, 3.0, 0.0], [-1.0, 2.0, 1.0]]> : tensor<3x3xf32>
  stablehlo.custom_call @check.expect_close(%lm, %e_l) {has_side_effect = true} : (tensor<3x3xf32>, tensor<3x3xf32>) -> ()
  // L x = b and L^T x = b for x = [1 2 -1]; the upper triangle of the
  // operand must be ignored (filled with garbage 99).
  %lg = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 3.0, 99.0], [-1.0, 2.0, 1.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0], [7.0], [2.0]]> : tensor<3x1xf32>
  %x = "stablehlo.triangular_solve"(%lg, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  %e_x = stablehlo.constant dense<[[1.0], [2.0], [-1.0]]> : tensor<3x1xf32>
  stablehlo.custom_call @check.expect_close(%x, %e_x) {has_side_effect = true} : (tensor<3x1xf32>, tensor<3x1xf32>) -> ()
  %bt = stablehlo.constant dense<[[5.0], [4.0], [-1.0]]> : tensor<3x1xf32>
  %xt = "stablehlo.triangular_solve"(%lg, %bt) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  stablehlo.custom_call @check.expect_close(%xt, %e_x) {has_side_effect = true} : (tensor<3x1xf32>, tensor<3x1xf32>) -> ()
  return %lm : tensor<3x3xf32>
}

// FFT: result[0]: 4xcomplex<f32>=[(10,0) (-2,2)
// FFT: 4 of 4 checks passed
func.func @fft() -> tensor<4xcomplex<f32>> {
  %x = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  %f = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %e_f = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f32>>
  stablehlo.custom_call @check.expect_almost_eq(%f, %e_f) {has_side_effect = true} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> ()
  %i = stablehlo.fft %e_f, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  stablehlo.custom_call @check.expect_almost_eq(%i, %x) {has_side_effect = true} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> ()
  %r = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %rf = stablehlo.fft %r, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  %e_rf = stablehlo.constant dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
  stablehlo.custom_call @check.expect_almost_eq(%rf, %e_rf) {has_side_effect = true} : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> ()
  %ir = stablehlo.fft %e_rf, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_almost_eq(%ir, %r) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  return %f : tensor<4xcomplex<f32>>
}
