// dot_general, dot and convolution on the reference interpreter. Expected
// values computed with a direct-definition python3 implementation (integers,
// so f32 results are exact).
// RUN: systole-run --backend=reference --entry=dots %s | FileCheck %s --check-prefix=DOTS
// RUN: systole-run --backend=reference --entry=conv_stride_pad %s | FileCheck %s --check-prefix=CONV1
// RUN: systole-run --backend=reference --entry=conv_groups_dilation %s | FileCheck %s --check-prefix=CONV2
// RUN: systole-run --backend=reference --entry=conv_lhs_dilation %s | FileCheck %s --check-prefix=CONV3

// DOTS: result[0]: 2x2x2xf32=[{{\[}}[-5 -2][-32 -20]]{{\[\[}}67 88][94 124]]]
// DOTS: 4 of 4 checks passed
func.func @dots() -> tensor<2x2x2xf32> {
  %l = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %r = stablehlo.constant dense<[[[-5.0, -4.0], [-3.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]]> : tensor<2x3x2xf32>
  %d = stablehlo.dot_general %l, %r, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>
  %e_d = stablehlo.constant dense<[[[-5.0, -2.0], [-32.0, -20.0]], [[67.0, 88.0], [94.0, 124.0]]]> : tensor<2x2x2xf32>
  stablehlo.custom_call @check.expect_eq(%d, %e_d) {has_side_effect = true} : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> ()
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[[7, 8], [9, 10], [11, 12]]> : tensor<3x2xi32>
  %ab = stablehlo.dot %a, %b : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  %e_ab = stablehlo.constant dense<[[58, 64], [139, 154]]> : tensor<2x2xi32>
  stablehlo.custom_call @check.expect_eq(%ab, %e_ab) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  // Contracting over lhs dimension 0 (a transposed matrix-vector product).
  %k = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>
  %kv = stablehlo.dot_general %k, %v, contracting_dims = [0] x [0] : (tensor<3x2xf32>, tensor<3xf32>) -> tensor<2xf32>
  %e_kv = stablehlo.constant dense<[8.0, 10.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%kv, %e_kv) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // No contracting dimension: an outer product.
  %o = stablehlo.dot_general %v, %v, contracting_dims = [] x [] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  %e_o = stablehlo.constant dense<[[1.0, -1.0, 2.0], [-1.0, 1.0, -2.0], [2.0, -2.0, 4.0]]> : tensor<3x3xf32>
  stablehlo.custom_call @check.expect_eq(%o, %e_o) {has_side_effect = true} : (tensor<3x3xf32>, tensor<3x3xf32>) -> ()
  return %d : tensor<2x2x2xf32>
}

// CONV1: result[0]: 1x3x3x1xf32=[{{\[\[\[}}11][19][19]]{{\[\[}}35][67][67]]{{\[\[}}4][62][88]]]]
// CONV1: 2 of 2 checks passed
func.func @conv_stride_pad() -> tensor<1x3x3x1xf32> {
  // lhs[0][y][x][0] = 5y + x
  %i = stablehlo.iota dim = 0 : tensor<25xf32>
  %lhs = stablehlo.reshape %i : (tensor<25xf32>) -> tensor<1x5x5x1xf32>
  %rhs = stablehlo.constant dense<[[[[1.0]], [[0.0]], [[-1.0]]], [[[2.0]], [[1.0]], [[0.0]]], [[[0.0]], [[1.0]], [[1.0]]]]> : tensor<3x3x1x1xf32>
  %c = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x3x3x1xf32>
  %e = stablehlo.constant dense<[[[[11.0], [19.0], [19.0]], [[35.0], [67.0], [67.0]], [[4.0], [62.0], [88.0]]]]> : tensor<1x3x3x1xf32>
  stablehlo.custom_call @check.expect_eq(%c, %e) {has_side_effect = true} : (tensor<1x3x3x1xf32>, tensor<1x3x3x1xf32>) -> ()
  // Negative padding crops the input: pad = [[-1, 0], [0, -2]].
  %n = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[-1, 0], [0, -2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x1x1xf32>
  %e_n = stablehlo.constant dense<[[[[62.0]], [[87.0]]]]> : tensor<1x2x1x1xf32>
  stablehlo.custom_call @check.expect_eq(%n, %e_n) {has_side_effect = true} : (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) -> ()
  return %c : tensor<1x3x3x1xf32>
}

// CONV2: 1 of 1 checks passed
func.func @conv_groups_dilation() -> tensor<1x3x2x4xf32> {
  %lhs = stablehlo.constant dense<[[[[0.0, 3.0], [1.0, 2.0], [2.0, 1.0], [3.0, 0.0]], [[4.0, -1.0], [5.0, -2.0], [6.0, -3.0], [7.0, -4.0]], [[8.0, -5.0], [9.0, -6.0], [10.0, -7.0], [11.0, -8.0]], [[12.0, -9.0], [13.0, -10.0], [14.0, -11.0], [15.0, -12.0]]]]> : tensor<1x4x4x2xf32>
  %rhs = stablehlo.constant dense<[[[[1.0, -1.0, 3.0, 1.0]], [[2.0, 1.0, 6.0, 5.0]]], [[[3.0, 3.0, 9.0, 9.0]], [[4.0, 5.0, 12.0, 13.0]]]]> : tensor<2x2x1x4xf32>
  // Two feature groups (outputs 0-1 read input channel 0, 2-3 channel 1),
  // kernel dilation 2 along dimension 0, stride 2 along dimension 1.
  %c = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[0, 1], [1, 0]], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x1x4xf32>) -> tensor<1x3x2x4xf32>
  %e = stablehlo.constant dense<[[[[32.0, 40.0, -42.0, -50.0], [72.0, 78.0, -126.0, -138.0]], [[56.0, 64.0, -114.0, -122.0], [112.0, 110.0, -246.0, -250.0]], [[16.0, 8.0, -30.0, -25.0], [29.0, 1.0, -60.0, -41.0]]]]> : tensor<1x3x2x4xf32>
  stablehlo.custom_call @check.expect_eq(%c, %e) {has_side_effect = true} : (tensor<1x3x2x4xf32>, tensor<1x3x2x4xf32>) -> ()
  return %c : tensor<1x3x2x4xf32>
}

// CONV3: result[0]: 2x7x1x3xi32=
// CONV3: 1 of 1 checks passed
func.func @conv_lhs_dilation() -> tensor<2x7x1x3xi32> {
  %lhs = stablehlo.constant dense<[[[[1, 11]], [[2, 12]], [[3, 13]]], [[[2, 12]], [[4, 14]], [[6, 16]]]]> : tensor<2x3x1x2xi32>
  %rhs = stablehlo.constant dense<[[[[0, 1, 2], [-1, 0, 1]]], [[[1, 2, 3], [0, 1, 2]]], [[[2, 3, 4], [1, 2, 3]]]]> : tensor<3x1x2x3xi32>
  // Input dilation 2 (a transposed convolution), padding 2 on both sides.
  %c = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 2], [0, 0]], lhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x1x2xi32>, tensor<3x1x2x3xi32>) -> tensor<2x7x1x3xi32>
  %e = stablehlo.constant dense<[[[[13, 25, 37]], [[1, 13, 25]], [[5, 31, 57]], [[2, 16, 30]], [[7, 37, 67]], [[3, 19, 35]], [[-13, 3, 19]]], [[[16, 30, 44]], [[2, 16, 30]], [[10, 42, 74]], [[4, 22, 40]], [[14, 54, 94]], [[6, 28, 50]], [[-16, 6, 28]]]]> : tensor<2x7x1x3xi32>
  stablehlo.custom_call @check.expect_eq(%c, %e) {has_side_effect = true} : (tensor<2x7x1x3xi32>, tensor<2x7x1x3xi32>) -> ()
  return %c : tensor<2x7x1x3xi32>
}
