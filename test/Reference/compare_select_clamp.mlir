// compare (FLOAT, TOTALORDER, SIGNED, UNSIGNED), select and clamp on the
// reference interpreter. FLOAT comparisons with NaN are false except NE;
// -0.0 == +0.0. TOTALORDER orders -NaN < -inf < ... < -0.0 < +0.0 < ... <
// inf < +NaN and compares NaNs by their bits. Expected values by hand.
// RUN: systole-run --backend=reference --entry=compare_float %s | FileCheck %s --check-prefix=FLOAT
// RUN: systole-run --backend=reference --entry=compare_totalorder %s | FileCheck %s --check-prefix=TOTAL
// RUN: systole-run --backend=reference --entry=compare_int %s | FileCheck %s --check-prefix=INT
// RUN: systole-run --backend=reference --entry=select_clamp %s | FileCheck %s --check-prefix=SELECT

// FLOAT: result[0]: 5xi1=[false false false true false]
// FLOAT: 6 of 6 checks passed
func.func @compare_float() -> tensor<5xi1> {
  %a = stablehlo.constant dense<[0x7FC00000, 1.0, 0x80000000, 1.0, 0xFF800000]> : tensor<5xf32>
  %b = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 0.0, 2.0, 0xFF800000]> : tensor<5xf32>
  %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %ne = stablehlo.compare NE, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %lt = stablehlo.compare LT, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %le = stablehlo.compare LE, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %e_eq = stablehlo.constant dense<[false, false, true, false, true]> : tensor<5xi1>
  %e_ne = stablehlo.constant dense<[true, true, false, true, false]> : tensor<5xi1>
  %e_lt = stablehlo.constant dense<[false, false, false, true, false]> : tensor<5xi1>
  %e_le = stablehlo.constant dense<[false, false, true, true, true]> : tensor<5xi1>
  %e_gt = stablehlo.constant dense<[false, false, false, false, false]> : tensor<5xi1>
  %e_ge = stablehlo.constant dense<[false, false, true, false, true]> : tensor<5xi1>
  stablehlo.custom_call @check.expect_eq(%eq, %e_eq) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%ne, %e_ne) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%lt, %e_lt) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%le, %e_le) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%gt, %e_gt) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%ge, %e_ge) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  return %lt : tensor<5xi1>
}

// TOTAL: result[0]: 6xi1=[true true true true false false]
// TOTAL: 2 of 2 checks passed
func.func @compare_totalorder() -> tensor<6xi1> {
  // -0 < +0, -NaN < -inf, inf < +NaN, -1 < -0, +NaN < -NaN is false, 1 < 1 false.
  %a = stablehlo.constant dense<[0x80000000, 0xFFC00000, 0x7F800000, -1.0, 0x7FC00000, 1.0]> : tensor<6xf32>
  %b = stablehlo.constant dense<[0.0, 0xFF800000, 0x7FC00000, 0x80000000, 0xFFC00000, 1.0]> : tensor<6xf32>
  %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %e_lt = stablehlo.constant dense<[true, true, true, true, false, false]> : tensor<6xi1>
  stablehlo.custom_call @check.expect_eq(%lt, %e_lt) {has_side_effect = true} : (tensor<6xi1>, tensor<6xi1>) -> ()
  // EQ: -0 != +0, NaN == NaN (same bits), +NaN != -NaN.
  %c = stablehlo.constant dense<[0x80000000, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
  %d = stablehlo.constant dense<[0.0, 0x7FC00000, 0xFFC00000]> : tensor<3xf32>
  %eq = stablehlo.compare EQ, %c, %d, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %e_eq = stablehlo.constant dense<[false, true, false]> : tensor<3xi1>
  stablehlo.custom_call @check.expect_eq(%eq, %e_eq) {has_side_effect = true} : (tensor<3xi1>, tensor<3xi1>) -> ()
  return %lt : tensor<6xi1>
}

// INT: result[0]: 3xi1=[true false true]
// INT: 4 of 4 checks passed
func.func @compare_int() -> tensor<3xi1> {
  %a = stablehlo.constant dense<[-1, 5, -2147483648]> : tensor<3xi32>
  %b = stablehlo.constant dense<[1, 5, 2147483647]> : tensor<3xi32>
  %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %ge = stablehlo.compare GE, %a, %b, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %e_lt = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %e_ge = stablehlo.constant dense<[false, true, false]> : tensor<3xi1>
  stablehlo.custom_call @check.expect_eq(%lt, %e_lt) {has_side_effect = true} : (tensor<3xi1>, tensor<3xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%ge, %e_ge) {has_side_effect = true} : (tensor<3xi1>, tensor<3xi1>) -> ()
  %u = stablehlo.constant dense<[4294967295, 5, 2147483648]> : tensor<3xui32>
  %v = stablehlo.constant dense<[1, 5, 2147483647]> : tensor<3xui32>
  %ult = stablehlo.compare LT, %u, %v, UNSIGNED : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xi1>
  %e_ult = stablehlo.constant dense<[false, false, false]> : tensor<3xi1>
  stablehlo.custom_call @check.expect_eq(%ult, %e_ult) {has_side_effect = true} : (tensor<3xi1>, tensor<3xi1>) -> ()
  %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %q = stablehlo.constant dense<[false, false, true]> : tensor<3xi1>
  %pgt = stablehlo.compare GT, %p, %q, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %e_pgt = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  stablehlo.custom_call @check.expect_eq(%pgt, %e_pgt) {has_side_effect = true} : (tensor<3xi1>, tensor<3xi1>) -> ()
  return %e_lt : tensor<3xi1>
}

// SELECT: result[0]: 2x2xf32={{\[\[}}1 20][30 4]]
// SELECT: 5 of 5 checks passed
func.func @select_clamp() -> tensor<2x2xf32> {
  %p = stablehlo.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[10.0, 20.0], [30.0, 40.0]]> : tensor<2x2xf32>
  %s = stablehlo.select %p, %a, %b : tensor<2x2xi1>, tensor<2x2xf32>
  %e_s = stablehlo.constant dense<[[1.0, 20.0], [30.0, 4.0]]> : tensor<2x2xf32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  // A scalar predicate selects whole tensors.
  %f = stablehlo.constant dense<false> : tensor<i1>
  %sb = stablehlo.select %f, %a, %b : tensor<i1>, tensor<2x2xf32>
  stablehlo.custom_call @check.expect_eq(%sb, %b) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  // clamp(min, x, max) = min(max(x, min), max); scalar bounds; NaN propagates.
  %lo = stablehlo.constant dense<-1.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %x = stablehlo.constant dense<[-5.0, 0.5, 7.0, 0x7FC00000, 0x80000000]> : tensor<5xf32>
  %c = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  %e_c = stablehlo.constant dense<[-1.0, 0.5, 1.0, 0x7FC00000, 0x80000000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%c, %e_c) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // Elementwise bounds on unsigned integers.
  %ulo = stablehlo.constant dense<[10, 10, 0]> : tensor<3xui8>
  %ux = stablehlo.constant dense<[5, 200, 255]> : tensor<3xui8>
  %uhi = stablehlo.constant dense<[20, 150, 128]> : tensor<3xui8>
  %uc = stablehlo.clamp %ulo, %ux, %uhi : tensor<3xui8>
  %e_uc = stablehlo.constant dense<[10, 150, 128]> : tensor<3xui8>
  stablehlo.custom_call @check.expect_eq(%uc, %e_uc) {has_side_effect = true} : (tensor<3xui8>, tensor<3xui8>) -> ()
  // Signed i32 clamp.
  %ilo = stablehlo.constant dense<-3> : tensor<i32>
  %ihi = stablehlo.constant dense<3> : tensor<i32>
  %ix = stablehlo.constant dense<[-2147483648, 2, 2147483647]> : tensor<3xi32>
  %ic = stablehlo.clamp %ilo, %ix, %ihi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %e_ic = stablehlo.constant dense<[-3, 2, 3]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%ic, %e_ic) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return %s : tensor<2x2xf32>
}
