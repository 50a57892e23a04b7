// convert, bitcast_convert and reduce_precision on the reference interpreter.
// float -> int truncates toward zero and saturates at the type's range, NaN
// gives 0 (XLA's semantics); int -> float and float -> narrower float round to
// nearest even; any -> i1 is `x != 0` and i1 -> any is 0/1 (StableHLO spec,
// convert). int -> int wraps (two's complement). Expected values by hand.
// RUN: systole-run --backend=reference --entry=float_to_int %s | FileCheck %s --check-prefix=F2I
// RUN: systole-run --backend=reference --entry=int_to_float %s | FileCheck %s --check-prefix=I2F
// RUN: systole-run --backend=reference --entry=float_to_float %s | FileCheck %s --check-prefix=F2F
// RUN: systole-run --backend=reference --entry=int_to_int %s | FileCheck %s --check-prefix=I2I
// RUN: systole-run --backend=reference --entry=bitcast %s | FileCheck %s --check-prefix=BITCAST
// RUN: systole-run --backend=reference --entry=reduce_precision %s | FileCheck %s --check-prefix=RP

// F2I: result[0]: 8xi32=[2 -2 2147483647 -2147483648 0 2147483647 -2147483648 2147483520]
// F2I: 3 of 3 checks passed
func.func @float_to_int() -> tensor<8xi32> {
  %x = stablehlo.constant dense<[2.9, -2.9, 1.0e10, -1.0e10, 0x7FC00000, 0x7F800000, 0xFF800000, 2147483520.0]> : tensor<8xf32>
  %r = stablehlo.convert %x : (tensor<8xf32>) -> tensor<8xi32>
  %e = stablehlo.constant dense<[2, -2, 2147483647, -2147483648, 0, 2147483647, -2147483648, 2147483520]> : tensor<8xi32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<8xi32>, tensor<8xi32>) -> ()
  %y = stablehlo.constant dense<[-1.5, 255.9, 300.0, 0.9, 127.5]> : tensor<5xf32>
  %u8 = stablehlo.convert %y : (tensor<5xf32>) -> tensor<5xui8>
  %e_u8 = stablehlo.constant dense<[0, 255, 255, 0, 127]> : tensor<5xui8>
  stablehlo.custom_call @check.expect_eq(%u8, %e_u8) {has_side_effect = true} : (tensor<5xui8>, tensor<5xui8>) -> ()
  %z = stablehlo.constant dense<[127.9, -128.9, -129.0, 0x8000]> : tensor<4xbf16>
  %i8 = stablehlo.convert %z : (tensor<4xbf16>) -> tensor<4xi8>
  %e_i8 = stablehlo.constant dense<[127, -128, -128, 0]> : tensor<4xi8>
  stablehlo.custom_call @check.expect_eq(%i8, %e_i8) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  return %r : tensor<8xi32>
}

// I2F: result[0]: 4xf32=[16777216 16777220 2147483648 -16777216]
// I2F: 4 of 4 checks passed
func.func @int_to_float() -> tensor<4xf32> {
  // 2^24 + 1 -> 2^24 (tie to even), 2^24 + 3 -> 2^24 + 4, INT_MAX -> 2^31.
  %x = stablehlo.constant dense<[16777217, 16777219, 2147483647, -16777217]> : tensor<4xi32>
  %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
  %e = stablehlo.constant dense<[0x4B800000, 0x4B800002, 0x4F000000, 0xCB800000]> : tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %u = stablehlo.constant dense<[4294967295, 0]> : tensor<2xui32>
  %uf = stablehlo.convert %u : (tensor<2xui32>) -> tensor<2xf32>
  %e_uf = stablehlo.constant dense<[0x4F800000, 0.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%uf, %e_uf) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // i32 -> bf16: 257 -> 256 (tie to even), 259 -> 260, -32769 -> -32768.
  %b = stablehlo.constant dense<[257, 259, -32769]> : tensor<3xi32>
  %bf = stablehlo.convert %b : (tensor<3xi32>) -> tensor<3xbf16>
  %e_bf = stablehlo.constant dense<[256.0, 260.0, -32768.0]> : tensor<3xbf16>
  stablehlo.custom_call @check.expect_eq(%bf, %e_bf) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %pf = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xf32>
  %e_pf = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%pf, %e_pf) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %r : tensor<4xf32>
}

// F2F: result[0]: 6xbf16=[1 1.016 1.01 nan inf -0]
// F2F: 5 of 5 checks passed
func.func @float_to_float() -> tensor<6xbf16> {
  // f32 -> bf16: 1 + 2^-8 (tie) -> 1, 1 + 3*2^-8 (tie) -> 1 + 2^-6,
  // 1 + 2^-8 + 2^-23 -> 1 + 2^-7, NaN, FLT_MAX -> inf, -0.
  %x = stablehlo.constant dense<[0x3F808000, 0x3F818000, 0x3F808001, 0x7FC00000, 0x7F7FFFFF, 0x80000000]> : tensor<6xf32>
  %r = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xbf16>
  %e = stablehlo.constant dense<[0x3F80, 0x3F82, 0x3F81, 0x7FC0, 0x7F80, 0x8000]> : tensor<6xbf16>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<6xbf16>, tensor<6xbf16>) -> ()
  // f32 -> f16: 65520 -> inf (tie to even), 65519 -> 65504, 2^-25 -> 0 (tie),
  // 3*2^-25 -> 2^-23 (tie, subnormal), -1e-8 -> -0.
  %y = stablehlo.constant dense<[65520.0, 65519.0, 0x33000000, 0x33C00000, -1.0e-8]> : tensor<5xf32>
  %h = stablehlo.convert %y : (tensor<5xf32>) -> tensor<5xf16>
  %e_h = stablehlo.constant dense<[0x7C00, 0x7BFF, 0x0000, 0x0002, 0x8000]> : tensor<5xf16>
  stablehlo.custom_call @check.expect_eq(%h, %e_h) {has_side_effect = true} : (tensor<5xf16>, tensor<5xf16>) -> ()
  // f16 -> f32 is exact: smallest subnormal 2^-24, max 65504.
  %s = stablehlo.constant dense<[0x0001, 0x7BFF]> : tensor<2xf16>
  %sf = stablehlo.convert %s : (tensor<2xf16>) -> tensor<2xf32>
  %e_sf = stablehlo.constant dense<[0x33800000, 65504.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%sf, %e_sf) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // f64 -> f32: 1 + 2^-24 (tie) -> 1, 1 + 3*2^-24 (tie) -> 1 + 2^-22, 1e300 -> inf.
  %d = stablehlo.constant dense<[0x3FF0000010000000, 0x3FF0000030000000, 1.0e300]> : tensor<3xf64>
  %df = stablehlo.convert %d : (tensor<3xf64>) -> tensor<3xf32>
  %e_df = stablehlo.constant dense<[0x3F800000, 0x3F800002, 0x7F800000]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%df, %e_df) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  // any float -> i1 is x != 0: 0.5 and NaN are true, -0.0 is false.
  %q = stablehlo.constant dense<[0.0, 0x80000000, 0.5, 2.0, 0x7FC00000]> : tensor<5xf32>
  %qb = stablehlo.convert %q : (tensor<5xf32>) -> tensor<5xi1>
  %e_qb = stablehlo.constant dense<[false, false, true, true, true]> : tensor<5xi1>
  stablehlo.custom_call @check.expect_eq(%qb, %e_qb) {has_side_effect = true} : (tensor<5xi1>, tensor<5xi1>) -> ()
  return %r : tensor<6xbf16>
}

// I2I: result[0]: 4xi8=[44 127 -56 -1]
// I2I: 4 of 4 checks passed
func.func @int_to_int() -> tensor<4xi8> {
  %x = stablehlo.constant dense<[300, -129, 200, 255]> : tensor<4xi32>
  %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xi8>
  %e = stablehlo.constant dense<[44, 127, -56, -1]> : tensor<4xi8>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  %s = stablehlo.constant dense<[-1, 5]> : tensor<2xi8>
  %su = stablehlo.convert %s : (tensor<2xi8>) -> tensor<2xui32>
  %e_su = stablehlo.constant dense<[4294967295, 5]> : tensor<2xui32>
  stablehlo.custom_call @check.expect_eq(%su, %e_su) {has_side_effect = true} : (tensor<2xui32>, tensor<2xui32>) -> ()
  %u = stablehlo.constant dense<[255, 128]> : tensor<2xui8>
  %ui = stablehlo.convert %u : (tensor<2xui8>) -> tensor<2xi64>
  %e_ui = stablehlo.constant dense<[255, 128]> : tensor<2xi64>
  stablehlo.custom_call @check.expect_eq(%ui, %e_ui) {has_side_effect = true} : (tensor<2xi64>, tensor<2xi64>) -> ()
  // any int -> i1 is x != 0 (2 is true, not its low bit).
  %b = stablehlo.constant dense<[0, 2, -1, 1]> : tensor<4xi32>
  %bb = stablehlo.convert %b : (tensor<4xi32>) -> tensor<4xi1>
  %e_bb = stablehlo.constant dense<[false, true, true, true]> : tensor<4xi1>
  stablehlo.custom_call @check.expect_eq(%bb, %e_bb) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  return %r : tensor<4xi8>
}

// BITCAST: result[0]: 3xi32=[1065353216 -1071644672 -2147483648]
// BITCAST: 4 of 4 checks passed
func.func @bitcast() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1.0, -2.5, 0x80000000]> : tensor<3xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<3xi32>
  %e = stablehlo.constant dense<[1065353216, -1071644672, -2147483648]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %i = stablehlo.constant dense<[2139095040, -4194304]> : tensor<2xi32>
  %f = stablehlo.bitcast_convert %i : (tensor<2xi32>) -> tensor<2xf32>
  %e_f = stablehlo.constant dense<[0x7F800000, 0xFFC00000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%f, %e_f) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %h = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf16>
  %hi = stablehlo.bitcast_convert %h : (tensor<2xf16>) -> tensor<2xi16>
  %e_hi = stablehlo.constant dense<[15360, -16384]> : tensor<2xi16>
  stablehlo.custom_call @check.expect_eq(%hi, %e_hi) {has_side_effect = true} : (tensor<2xi16>, tensor<2xi16>) -> ()
  %s = stablehlo.constant dense<[-1, -9223372036854775808]> : tensor<2xi64>
  %su = stablehlo.bitcast_convert %s : (tensor<2xi64>) -> tensor<2xui64>
  %e_su = stablehlo.constant dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>
  stablehlo.custom_call @check.expect_eq(%su, %e_su) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  return %r : tensor<3xi32>
}

// RP: result[0]: 5xf32=[1 1.015625 1.0078125 inf nan]
// RP: 2 of 2 checks passed
func.func @reduce_precision() -> tensor<5xf32> {
  // To bf16's format (8, 7): ties to even, FLT_MAX overflows to inf.
  %x = stablehlo.constant dense<[0x3F808000, 0x3F818000, 0x3F808001, 0x7F7FFFFF, 0x7FC00000]> : tensor<5xf32>
  %r = stablehlo.reduce_precision %x, format = e8m7 : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F800000, 0x3F820000, 0x3F810000, 0x7F800000, 0x7FC00000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // To f16's format (5, 10): 65520 -> inf, 65504 stays, 1 + 2^-11 -> 1,
  // 1 + 3*2^-11 -> 1 + 2^-9, -70000 -> -inf.
  %y = stablehlo.constant dense<[65520.0, 65504.0, 0x3F801000, 0x3F803000, -70000.0]> : tensor<5xf32>
  %ry = stablehlo.reduce_precision %y, format = e5m10 : tensor<5xf32>
  %e_y = stablehlo.constant dense<[0x7F800000, 65504.0, 1.0, 0x3F804000, 0xFF800000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%ry, %e_y) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}
