// Shape ops on the reference interpreter: constant, iota, broadcast_in_dim,
// reshape, transpose, slice (strided), dynamic_slice and dynamic_update_slice
// (start indices clamped to [0, dim - size] per the spec), concatenate, pad
// (negative edge and interior padding), reverse. Expected values by hand.
// RUN: systole-run --backend=reference --entry=iota_broadcast %s | FileCheck %s --check-prefix=IOTA
// RUN: systole-run --backend=reference --entry=reshape_transpose %s | FileCheck %s --check-prefix=TRANSPOSE
// RUN: systole-run --backend=reference --entry=slices %s | FileCheck %s --check-prefix=SLICES
// RUN: systole-run --backend=reference --entry=dynamic %s | FileCheck %s --check-prefix=DYNAMIC
// RUN: systole-run --backend=reference --entry=concat_pad_reverse %s | FileCheck %s --check-prefix=PAD

// IOTA: result[0]: 2x3xi32={{\[\[}}0 1 2][0 1 2]]
// IOTA: result[1]: 3x2xf32={{\[\[}}0 0][1 1][2 2]]
// IOTA: 5 of 5 checks passed
func.func @iota_broadcast() -> (tensor<2x3xi32>, tensor<3x2xf32>) {
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %e_i = stablehlo.constant dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%i, %e_i) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  %f = stablehlo.iota dim = 0 : tensor<3x2xf32>
  %e_f = stablehlo.constant dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]> : tensor<3x2xf32>
  stablehlo.custom_call @check.expect_eq(%f, %e_f) {has_side_effect = true} : (tensor<3x2xf32>, tensor<3x2xf32>) -> ()
  %v = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  %e_b = stablehlo.constant dense<[[7, 8, 9], [7, 8, 9]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%b, %e_b) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  // Size-1 dimensions expand; operand dim 0 -> result dim 2, dim 1 -> dim 0.
  %w = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %bw = stablehlo.broadcast_in_dim %w, dims = [2, 0] : (tensor<2x1xi32>) -> tensor<3x1x2xi32>
  %e_bw = stablehlo.constant dense<[[[1, 2]], [[1, 2]], [[1, 2]]]> : tensor<3x1x2xi32>
  stablehlo.custom_call @check.expect_eq(%bw, %e_bw) {has_side_effect = true} : (tensor<3x1x2xi32>, tensor<3x1x2xi32>) -> ()
  %s = stablehlo.constant dense<1.5> : tensor<bf16>
  %bs = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<bf16>) -> tensor<2x2xbf16>
  %e_bs = stablehlo.constant dense<1.5> : tensor<2x2xbf16>
  stablehlo.custom_call @check.expect_eq(%bs, %e_bs) {has_side_effect = true} : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> ()
  return %i, %f : tensor<2x3xi32>, tensor<3x2xf32>
}

// TRANSPOSE: result[0]: 3x2x2xi32=[{{\[}}[0 3][6 9]]{{\[\[}}1 4][7 10]]{{\[\[}}2 5][8 11]]]
// TRANSPOSE: 4 of 4 checks passed
func.func @reshape_transpose() -> tensor<3x2x2xi32> {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %e_r = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  stablehlo.custom_call @check.expect_eq(%r, %e_r) {has_side_effect = true} : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()
  %r0 = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<6x1xi32>
  %e_r0 = stablehlo.constant dense<[[1], [2], [3], [4], [5], [6]]> : tensor<6x1xi32>
  stablehlo.custom_call @check.expect_eq(%r0, %e_r0) {has_side_effect = true} : (tensor<6x1xi32>, tensor<6x1xi32>) -> ()
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %e_t = stablehlo.constant dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  stablehlo.custom_call @check.expect_eq(%t, %e_t) {has_side_effect = true} : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()
  // y[i][j][k] = 6i + 3j + k; result[k][i][j] = y[i][j][k].
  %y = stablehlo.iota dim = 0 : tensor<12xi32>
  %y3 = stablehlo.reshape %y : (tensor<12xi32>) -> tensor<2x2x3xi32>
  %t3 = stablehlo.transpose %y3, dims = [2, 0, 1] : (tensor<2x2x3xi32>) -> tensor<3x2x2xi32>
  %e_t3 = stablehlo.constant dense<[[[0, 3], [6, 9]], [[1, 4], [7, 10]], [[2, 5], [8, 11]]]> : tensor<3x2x2xi32>
  stablehlo.custom_call @check.expect_eq(%t3, %e_t3) {has_side_effect = true} : (tensor<3x2x2xi32>, tensor<3x2x2xi32>) -> ()
  return %t3 : tensor<3x2x2xi32>
}

// SLICES: result[0]: 2x2xi32={{\[\[}}1 3][9 11]]
// SLICES: 3 of 3 checks passed
func.func @slices() -> tensor<2x2xi32> {
  %x = stablehlo.iota dim = 0 : tensor<10xi32>
  %s = stablehlo.slice %x [1:9:3] : (tensor<10xi32>) -> tensor<3xi32>
  %e_s = stablehlo.constant dense<[1, 4, 7]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %y = stablehlo.iota dim = 0 : tensor<12xi32>
  %y2 = stablehlo.reshape %y : (tensor<12xi32>) -> tensor<3x4xi32>
  %s2 = stablehlo.slice %y2 [0:3:2, 1:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  %e_s2 = stablehlo.constant dense<[[1, 3], [9, 11]]> : tensor<2x2xi32>
  stablehlo.custom_call @check.expect_eq(%s2, %e_s2) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  %s3 = stablehlo.slice %y2 [2:3, 0:4:3] : (tensor<3x4xi32>) -> tensor<1x2xi32>
  %e_s3 = stablehlo.constant dense<[[8, 11]]> : tensor<1x2xi32>
  stablehlo.custom_call @check.expect_eq(%s3, %e_s3) {has_side_effect = true} : (tensor<1x2xi32>, tensor<1x2xi32>) -> ()
  return %s2 : tensor<2x2xi32>
}

// DYNAMIC: result[0]: 4xi32=[6 7 8 9]
// DYNAMIC: 6 of 6 checks passed
func.func @dynamic() -> tensor<4xi32> {
  %x = stablehlo.iota dim = 0 : tensor<10xi32>
  %c8 = stablehlo.constant dense<8> : tensor<i32>
  %cm3 = stablehlo.constant dense<-3> : tensor<i32>
  // start 8 with size 4 is clamped to 6; start -3 to 0.
  %d = stablehlo.dynamic_slice %x, %c8, sizes = [4] : (tensor<10xi32>, tensor<i32>) -> tensor<4xi32>
  %e_d = stablehlo.constant dense<[6, 7, 8, 9]> : tensor<4xi32>
  stablehlo.custom_call @check.expect_eq(%d, %e_d) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()
  %d2 = stablehlo.dynamic_slice %x, %cm3, sizes = [4] : (tensor<10xi32>, tensor<i32>) -> tensor<4xi32>
  %e_d2 = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  stablehlo.custom_call @check.expect_eq(%d2, %e_d2) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()
  // 2-D: starts (2, -1) with sizes (2, 2) on 3x4 are clamped to (1, 0).
  %y = stablehlo.iota dim = 0 : tensor<12xi32>
  %y2 = stablehlo.reshape %y : (tensor<12xi32>) -> tensor<3x4xi32>
  %c2 = stablehlo.constant dense<2> : tensor<i64>
  %cm1 = stablehlo.constant dense<-1> : tensor<i64>
  %d3 = stablehlo.dynamic_slice %y2, %c2, %cm1, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  %e_d3 = stablehlo.constant dense<[[4, 5], [8, 9]]> : tensor<2x2xi32>
  stablehlo.custom_call @check.expect_eq(%d3, %e_d3) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  // dynamic_update_slice: start 4 for a 3-element update in 5 is clamped to 2.
  %z = stablehlo.constant dense<0> : tensor<5xi32>
  %u = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %cm1i = stablehlo.constant dense<-1> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %up = stablehlo.dynamic_update_slice %z, %u, %c4 : (tensor<5xi32>, tensor<3xi32>, tensor<i32>) -> tensor<5xi32>
  %e_up = stablehlo.constant dense<[0, 0, 7, 8, 9]> : tensor<5xi32>
  stablehlo.custom_call @check.expect_eq(%up, %e_up) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()
  %up2 = stablehlo.dynamic_update_slice %z, %u, %cm1i : (tensor<5xi32>, tensor<3xi32>, tensor<i32>) -> tensor<5xi32>
  %e_up2 = stablehlo.constant dense<[7, 8, 9, 0, 0]> : tensor<5xi32>
  stablehlo.custom_call @check.expect_eq(%up2, %e_up2) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()
  %up3 = stablehlo.dynamic_update_slice %z, %u, %c1 : (tensor<5xi32>, tensor<3xi32>, tensor<i32>) -> tensor<5xi32>
  %e_up3 = stablehlo.constant dense<[0, 7, 8, 9, 0]> : tensor<5xi32>
  stablehlo.custom_call @check.expect_eq(%up3, %e_up3) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()
  return %d : tensor<4xi32>
}

// PAD: result[0]: 4x2xi32={{\[\[}}9 9][2 9][9 9][4 9]]
// PAD: 6 of 6 checks passed
func.func @concat_pad_reverse() -> tensor<4x2xi32> {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5], [6]]> : tensor<2x1xi32>
  %c = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %e_c = stablehlo.constant dense<[[1, 2, 5], [3, 4, 6]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%c, %e_c) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  %c0 = stablehlo.concatenate %a, %a, %a, dim = 0 : (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<6x2xi32>
  %e_c0 = stablehlo.constant dense<[[1, 2], [3, 4], [1, 2], [3, 4], [1, 2], [3, 4]]> : tensor<6x2xi32>
  stablehlo.custom_call @check.expect_eq(%c0, %e_c0) {has_side_effect = true} : (tensor<6x2xi32>, tensor<6x2xi32>) -> ()
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %x, %zero, low = [1], high = [2], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<8xi32>
  %e_p = stablehlo.constant dense<[0, 1, 0, 2, 0, 3, 0, 0]> : tensor<8xi32>
  stablehlo.custom_call @check.expect_eq(%p, %e_p) {has_side_effect = true} : (tensor<8xi32>, tensor<8xi32>) -> ()
  // Negative edge padding removes elements after interior padding.
  %pn = stablehlo.pad %x, %zero, low = [-1], high = [-1], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %e_pn = stablehlo.constant dense<[0, 2, 0]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%pn, %e_pn) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %nine = stablehlo.constant dense<9> : tensor<i32>
  %p2 = stablehlo.pad %a, %nine, low = [1, -1], high = [0, 1], interior = [1, 0] : (tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  %e_p2 = stablehlo.constant dense<[[9, 9], [2, 9], [9, 9], [4, 9]]> : tensor<4x2xi32>
  stablehlo.custom_call @check.expect_eq(%p2, %e_p2) {has_side_effect = true} : (tensor<4x2xi32>, tensor<4x2xi32>) -> ()
  %r = stablehlo.reverse %c, dims = [0, 1] : tensor<2x3xi32>
  %e_r = stablehlo.constant dense<[[6, 4, 3], [5, 2, 1]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%r, %e_r) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  return %p2 : tensor<4x2xi32>
}
