// Float elementwise ops on the reference interpreter: IEEE special values
// (NaN propagation, -0.0, inf), round-to-nearest-even ties of results in f32,
// bf16 and f16, the rounding ops, fmod-style remainder. Expected values by
// hand (hex are IEEE bit patterns: 0x7FC00000 NaN, 0x7F800000 inf,
// 0xFF800000 -inf, 0x80000000 -0.0).
// RUN: systole-run --backend=reference --entry=arith %s | FileCheck %s --check-prefix=ARITH
// RUN: systole-run --backend=reference --entry=ties %s | FileCheck %s --check-prefix=TIES
// RUN: systole-run --backend=reference --entry=maxmin %s | FileCheck %s --check-prefix=MAXMIN
// RUN: systole-run --backend=reference --entry=rem %s | FileCheck %s --check-prefix=REM
// RUN: systole-run --backend=reference --entry=rounding %s | FileCheck %s --check-prefix=ROUNDING
// RUN: systole-run --backend=reference --entry=unary %s | FileCheck %s --check-prefix=UNARY
// RUN: systole-run --backend=reference --entry=special %s | FileCheck %s --check-prefix=SPECIAL

// ARITH: result[0]: 6xf32=[1.75 -4 inf 3 nan -0]
// ARITH: 5 of 5 checks passed
func.func @arith() -> tensor<6xf32> {
  %a = stablehlo.constant dense<[1.5, -2.0, 0x7F800000, 3.0, 0x7F800000, 0x80000000]> : tensor<6xf32>
  %b = stablehlo.constant dense<[0.25, -2.0, 1.0, 0.0, 0xFF800000, 0x80000000]> : tensor<6xf32>
  %add = stablehlo.add %a, %b : tensor<6xf32>
  %sub = stablehlo.subtract %a, %b : tensor<6xf32>
  %mul = stablehlo.multiply %a, %b : tensor<6xf32>
  %div = stablehlo.divide %a, %b : tensor<6xf32>
  %e_add = stablehlo.constant dense<[1.75, -4.0, 0x7F800000, 3.0, 0x7FC00000, 0x80000000]> : tensor<6xf32>
  %e_sub = stablehlo.constant dense<[1.25, 0.0, 0x7F800000, 3.0, 0x7F800000, 0.0]> : tensor<6xf32>
  %e_mul = stablehlo.constant dense<[0.375, 4.0, 0x7F800000, 0.0, 0xFF800000, 0.0]> : tensor<6xf32>
  %e_div = stablehlo.constant dense<[6.0, 1.0, 0x7F800000, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
  stablehlo.custom_call @check.expect_eq(%add, %e_add) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%sub, %e_sub) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%mul, %e_mul) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%div, %e_div) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  // f64: 0.1 + 0.2 = 0.30000000000000004 (0x3FD3333333333334); 1 / -inf = -0.
  %c = stablehlo.constant dense<[0x3FB999999999999A, 1.0]> : tensor<2xf64>
  %d = stablehlo.constant dense<[0x3FC999999999999A, 0xFFF0000000000000]> : tensor<2xf64>
  %s64 = stablehlo.add %c, %d : tensor<2xf64>
  %q64 = stablehlo.divide %c, %d : tensor<2xf64>
  %e_64 = stablehlo.constant dense<[0x3FD3333333333334, 0x8000000000000000]> : tensor<2xf64>
  %sq = stablehlo.slice %s64 [0:1] : (tensor<2xf64>) -> tensor<1xf64>
  %qq = stablehlo.slice %q64 [1:2] : (tensor<2xf64>) -> tensor<1xf64>
  %r64 = stablehlo.concatenate %sq, %qq, dim = 0 : (tensor<1xf64>, tensor<1xf64>) -> tensor<2xf64>
  stablehlo.custom_call @check.expect_eq(%r64, %e_64) {has_side_effect = true} : (tensor<2xf64>, tensor<2xf64>) -> ()
  return %add : tensor<6xf32>
}

// Results are rounded to nearest, ties to even, in the result type.
// TIES: result[0]: 3xbf16=[1 1.016 3.03]
// TIES: 5 of 5 checks passed
func.func @ties() -> tensor<3xbf16> {
  // f32: 1 + 2^-24 -> 1; 1 + 3*2^-24 -> 1 + 2^-22; (1 + 2^-23) * (1 + 2^-23) -> 1 + 2^-22.
  %a = stablehlo.constant dense<[0x3F800000, 0x3F800000]> : tensor<2xf32>
  %b = stablehlo.constant dense<[0x33800000, 0x34400000]> : tensor<2xf32>
  %s = stablehlo.add %a, %b : tensor<2xf32>
  %e_s = stablehlo.constant dense<[0x3F800000, 0x3F800002]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %m1 = stablehlo.constant dense<0x3F800001> : tensor<f32>
  %m = stablehlo.multiply %m1, %m1 : tensor<f32>
  %e_m = stablehlo.constant dense<0x3F800002> : tensor<f32>
  stablehlo.custom_call @check.expect_eq(%m, %e_m) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  // bf16: 1 + 2^-8 -> 1; 1 + 3*2^-8 -> 1 + 2^-6; 3 * (1 + 2^-7) = 3.0234375 -> 3.03125.
  %x = stablehlo.constant dense<[0x3F80, 0x3F80, 0x4040]> : tensor<3xbf16>
  %y = stablehlo.constant dense<[0x3B80, 0x3C40, 0x3F81]> : tensor<3xbf16>
  %bs = stablehlo.add %x, %y : tensor<3xbf16>
  %bm = stablehlo.multiply %x, %y : tensor<3xbf16>
  %sel = stablehlo.constant dense<[true, true, false]> : tensor<3xi1>
  %bsel = stablehlo.select %sel, %bs, %bm : tensor<3xi1>, tensor<3xbf16>
  %e_b = stablehlo.constant dense<[0x3F80, 0x3F82, 0x4042]> : tensor<3xbf16>
  stablehlo.custom_call @check.expect_eq(%bsel, %e_b) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  // f16: 2048 + 1 -> 2048; 2048 + 3 -> 2052; 65504 + 16 -> inf (tie to even);
  // 65504 + 8 -> 65504; 2^-24 * 0.5 -> 0 (tie to even, smallest subnormal).
  %h = stablehlo.constant dense<[2048.0, 2048.0, 65504.0, 65504.0, 0x0001]> : tensor<5xf16>
  %k = stablehlo.constant dense<[1.0, 3.0, 16.0, 8.0, 0.5]> : tensor<5xf16>
  %hs = stablehlo.add %h, %k : tensor<5xf16>
  %hm = stablehlo.multiply %h, %k : tensor<5xf16>
  %hsel = stablehlo.constant dense<[true, true, true, true, false]> : tensor<5xi1>
  %hr = stablehlo.select %hsel, %hs, %hm : tensor<5xi1>, tensor<5xf16>
  %e_h = stablehlo.constant dense<[2048.0, 2052.0, 0x7C00, 65504.0, 0.0]> : tensor<5xf16>
  stablehlo.custom_call @check.expect_eq(%hr, %e_h) {has_side_effect = true} : (tensor<5xf16>, tensor<5xf16>) -> ()
  // f16 subnormal: 3 * 2^-24 * 0.5 = 1.5 * 2^-24 -> 2 * 2^-24 (tie to even).
  %sub3 = stablehlo.constant dense<0x0003> : tensor<f16>
  %half = stablehlo.constant dense<0.5> : tensor<f16>
  %sm = stablehlo.multiply %sub3, %half : tensor<f16>
  %e_sm = stablehlo.constant dense<0x0002> : tensor<f16>
  stablehlo.custom_call @check.expect_eq(%sm, %e_sm) {has_side_effect = true} : (tensor<f16>, tensor<f16>) -> ()
  return %bsel : tensor<3xbf16>
}

// maximum/minimum propagate NaN and order -0.0 < +0.0.
// MAXMIN: result[0]: 6xf32=[nan nan 0 1 2 -inf]
// MAXMIN: 3 of 3 checks passed
func.func @maxmin() -> tensor<6xf32> {
  %a = stablehlo.constant dense<[0x7FC00000, 1.0, 0x80000000, 0xFF800000, 2.0, 0xFF800000]> : tensor<6xf32>
  %b = stablehlo.constant dense<[1.0, 0x7FC00000, 0.0, 1.0, -3.0, 0xFF800000]> : tensor<6xf32>
  %mx = stablehlo.maximum %a, %b : tensor<6xf32>
  %mn = stablehlo.minimum %a, %b : tensor<6xf32>
  %e_mx = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 0.0, 1.0, 2.0, 0xFF800000]> : tensor<6xf32>
  %e_mn = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 0x80000000, 0xFF800000, -3.0, 0xFF800000]> : tensor<6xf32>
  stablehlo.custom_call @check.expect_eq(%mx, %e_mx) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%mn, %e_mn) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  // Same with min first argument -0.0 the other way round.
  %c = stablehlo.constant dense<[0.0, 0x80000000]> : tensor<2xf32>
  %d = stablehlo.constant dense<[0x80000000, 0.0]> : tensor<2xf32>
  %mn2 = stablehlo.minimum %c, %d : tensor<2xf32>
  %e_mn2 = stablehlo.constant dense<[0x80000000, 0x80000000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%mn2, %e_mn2) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %mx : tensor<6xf32>
}

// remainder on floats has the sign of the dividend (C fmod).
// REM: result[0]: 8xf32=[1.5 -1.5 1.5 nan nan 3 -0 0.25]
// REM: 1 of 1 checks passed
func.func @rem() -> tensor<8xf32> {
  %a = stablehlo.constant dense<[5.5, -5.5, 5.5, 1.0, 0x7F800000, 3.0, 0x80000000, 10.25]> : tensor<8xf32>
  %b = stablehlo.constant dense<[2.0, 2.0, -2.0, 0.0, 1.0, 0x7F800000, 1.0, 0.5]> : tensor<8xf32>
  %r = stablehlo.remainder %a, %b : tensor<8xf32>
  %e = stablehlo.constant dense<[1.5, -1.5, 1.5, 0x7FC00000, 0x7FC00000, 3.0, 0x80000000, 0.25]> : tensor<8xf32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<8xf32>, tensor<8xf32>) -> ()
  return %r : tensor<8xf32>
}

// ROUNDING: result[0]: 8xf32=[0 2 2 -0 -2 2 -0 -3]
// ROUNDING: 4 of 4 checks passed
func.func @rounding() -> tensor<8xf32> {
  %x = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 2.4, 0x80000000, -2.75]> : tensor<8xf32>
  %ne = stablehlo.round_nearest_even %x : tensor<8xf32>
  %afz = stablehlo.round_nearest_afz %x : tensor<8xf32>
  %fl = stablehlo.floor %x : tensor<8xf32>
  %ce = stablehlo.ceil %x : tensor<8xf32>
  %e_ne = stablehlo.constant dense<[0.0, 2.0, 2.0, 0x80000000, -2.0, 2.0, 0x80000000, -3.0]> : tensor<8xf32>
  %e_afz = stablehlo.constant dense<[1.0, 2.0, 3.0, -1.0, -3.0, 2.0, 0x80000000, -3.0]> : tensor<8xf32>
  %e_fl = stablehlo.constant dense<[0.0, 1.0, 2.0, -1.0, -3.0, 2.0, 0x80000000, -3.0]> : tensor<8xf32>
  %e_ce = stablehlo.constant dense<[1.0, 2.0, 3.0, 0x80000000, -2.0, 3.0, 0x80000000, -2.0]> : tensor<8xf32>
  stablehlo.custom_call @check.expect_eq(%ne, %e_ne) {has_side_effect = true} : (tensor<8xf32>, tensor<8xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%afz, %e_afz) {has_side_effect = true} : (tensor<8xf32>, tensor<8xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%fl, %e_fl) {has_side_effect = true} : (tensor<8xf32>, tensor<8xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%ce, %e_ce) {has_side_effect = true} : (tensor<8xf32>, tensor<8xf32>) -> ()
  return %ne : tensor<8xf32>
}

// UNARY: result[0]: 5xf32=[-1 0 -0 nan 1]
// UNARY: 7 of 7 checks passed
func.func @unary() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[-3.0, 0.0, 0x80000000, 0x7FC00000, 5.0]> : tensor<5xf32>
  %sign = stablehlo.sign %x : tensor<5xf32>
  %abs = stablehlo.abs %x : tensor<5xf32>
  %neg = stablehlo.negate %x : tensor<5xf32>
  %e_sign = stablehlo.constant dense<[-1.0, 0.0, 0x80000000, 0x7FC00000, 1.0]> : tensor<5xf32>
  %e_abs = stablehlo.constant dense<[3.0, 0.0, 0.0, 0x7FC00000, 5.0]> : tensor<5xf32>
  %e_neg = stablehlo.constant dense<[3.0, 0x80000000, 0.0, 0x7FC00000, -5.0]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%sign, %e_sign) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%abs, %e_abs) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%neg, %e_neg) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  %y = stablehlo.constant dense<[4.0, 0x80000000, -1.0, 0x7F800000, 0.0]> : tensor<5xf32>
  %sqrt = stablehlo.sqrt %y : tensor<5xf32>
  %rsqrt = stablehlo.rsqrt %y : tensor<5xf32>
  %e_sqrt = stablehlo.constant dense<[2.0, 0x80000000, 0x7FC00000, 0x7F800000, 0.0]> : tensor<5xf32>
  %e_rsqrt = stablehlo.constant dense<[0.5, 0xFF800000, 0x7FC00000, 0.0, 0x7F800000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%sqrt, %e_sqrt) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%rsqrt, %e_rsqrt) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // sqrt(2) in f32 is 0x3FB504F3 (correctly rounded).
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %s2 = stablehlo.sqrt %two : tensor<f32>
  %e_s2 = stablehlo.constant dense<0x3FB504F3> : tensor<f32>
  stablehlo.custom_call @check.expect_eq(%s2, %e_s2) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  %u = stablehlo.constant dense<[0x7FC0, -1.5]> : tensor<2xbf16>
  %nu = stablehlo.negate %u : tensor<2xbf16>
  %au = stablehlo.abs %nu : tensor<2xbf16>
  %e_au = stablehlo.constant dense<[0x7FC0, 1.5]> : tensor<2xbf16>
  stablehlo.custom_call @check.expect_eq(%au, %e_au) {has_side_effect = true} : (tensor<2xbf16>, tensor<2xbf16>) -> ()
  return %sign : tensor<5xf32>
}

// SPECIAL: result[0]: 4xi1=[true false false false]
// SPECIAL: 6 of 6 checks passed
func.func @special() -> tensor<4xi1> {
  %x = stablehlo.constant dense<[1.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
  %fin = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  %e_fin = stablehlo.constant dense<[true, false, false, false]> : tensor<4xi1>
  stablehlo.custom_call @check.expect_eq(%fin, %e_fin) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  // log(0) = -inf, log(-1) = NaN, exp(-inf) = 0, exp(inf) = inf, log1p(-1) = -inf, tanh(-inf) = -1.
  %z = stablehlo.constant dense<[0.0, -1.0]> : tensor<2xf32>
  %lz = stablehlo.log %z : tensor<2xf32>
  %e_lz = stablehlo.constant dense<[0xFF800000, 0x7FC00000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%lz, %e_lz) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %i = stablehlo.constant dense<[0xFF800000, 0x7F800000]> : tensor<2xf32>
  %ei = stablehlo.exponential %i : tensor<2xf32>
  %e_ei = stablehlo.constant dense<[0.0, 0x7F800000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%ei, %e_ei) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %ti = stablehlo.tanh %i : tensor<2xf32>
  %e_ti = stablehlo.constant dense<[-1.0, 1.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%ti, %e_ti) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // atan2(y, x): (1, 1) = pi/4, (+0, -1) = pi, (-0, -1) = -pi, (+0, +0) = +0, (-0, +1) = -0.
  %ay = stablehlo.constant dense<[1.0, 0.0, 0x80000000, 0.0, 0x80000000]> : tensor<5xf32>
  %ax = stablehlo.constant dense<[1.0, -1.0, -1.0, 0.0, 1.0]> : tensor<5xf32>
  %at = stablehlo.atan2 %ay, %ax : tensor<5xf32>
  %e_at = stablehlo.constant dense<[0x3F490FDB, 0x40490FDB, 0xC0490FDB, 0.0, 0x80000000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%at, %e_at) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // power: 2^10, (-8)^(1/3) = NaN, 0^0 = 1, 2^-1, (-2)^3, inf^-1 = 0.
  %pb = stablehlo.constant dense<[2.0, -8.0, 0.0, 2.0, -2.0, 0x7F800000]> : tensor<6xf32>
  %pe = stablehlo.constant dense<[10.0, 0x3EAAAAAB, 0.0, -1.0, 3.0, -1.0]> : tensor<6xf32>
  %pw = stablehlo.power %pb, %pe : tensor<6xf32>
  %e_pw = stablehlo.constant dense<[1024.0, 0x7FC00000, 1.0, 0.5, -8.0, 0.0]> : tensor<6xf32>
  stablehlo.custom_call @check.expect_eq(%pw, %e_pw) {has_side_effect = true} : (tensor<6xf32>, tensor<6xf32>) -> ()
  return %fin : tensor<4xi1>
}
