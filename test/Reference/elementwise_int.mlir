// Integer elementwise ops on the reference interpreter: wrap-around, the
// XLA/StableHLO edge cases of divide and remainder (x / 0 = -1 (all bits set),
// x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0), shifts by >= the bit
// width, unsigned comparisons, i1 logic. Expected values computed by hand.
// RUN: systole-run --backend=reference --entry=wrap %s | FileCheck %s --check-prefix=WRAP
// RUN: systole-run --backend=reference --entry=divrem %s | FileCheck %s --check-prefix=DIVREM
// RUN: systole-run --backend=reference --entry=unsigned %s | FileCheck %s --check-prefix=UNSIGNED
// RUN: systole-run --backend=reference --entry=logic %s | FileCheck %s --check-prefix=LOGIC
// RUN: systole-run --backend=reference --entry=shifts %s | FileCheck %s --check-prefix=SHIFTS
// RUN: systole-run --backend=reference --entry=bits %s | FileCheck %s --check-prefix=BITS
// RUN: systole-run --backend=reference --entry=unary %s | FileCheck %s --check-prefix=UNARY

// WRAP: result[0]: 4xi8=[-128 -127 32 127]
// WRAP: 5 of 5 checks passed
func.func @wrap() -> tensor<4xi8> {
  %a = stablehlo.constant dense<[127, -128, 16, -128]> : tensor<4xi8>
  %b = stablehlo.constant dense<[1, 1, 16, -1]> : tensor<4xi8>
  %add = stablehlo.add %a, %b : tensor<4xi8>
  %sub = stablehlo.subtract %a, %b : tensor<4xi8>
  %mul = stablehlo.multiply %a, %b : tensor<4xi8>
  %e_add = stablehlo.constant dense<[-128, -127, 32, 127]> : tensor<4xi8>
  %e_sub = stablehlo.constant dense<[126, 127, 0, -127]> : tensor<4xi8>
  %e_mul = stablehlo.constant dense<[127, -128, 0, -128]> : tensor<4xi8>
  stablehlo.custom_call @check.expect_eq(%add, %e_add) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  stablehlo.custom_call @check.expect_eq(%sub, %e_sub) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  stablehlo.custom_call @check.expect_eq(%mul, %e_mul) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  %u = stablehlo.constant dense<[4294967295, 0]> : tensor<2xui32>
  %one = stablehlo.constant dense<1> : tensor<2xui32>
  %uadd = stablehlo.add %u, %one : tensor<2xui32>
  %usub = stablehlo.subtract %uadd, %one : tensor<2xui32>
  %e_uadd = stablehlo.constant dense<[0, 1]> : tensor<2xui32>
  %e_usub = stablehlo.constant dense<[4294967295, 0]> : tensor<2xui32>
  stablehlo.custom_call @check.expect_eq(%uadd, %e_uadd) {has_side_effect = true} : (tensor<2xui32>, tensor<2xui32>) -> ()
  stablehlo.custom_call @check.expect_eq(%usub, %e_usub) {has_side_effect = true} : (tensor<2xui32>, tensor<2xui32>) -> ()
  %r = stablehlo.add %sub, %e_sub : tensor<4xi8>
  %r2 = stablehlo.subtract %r, %e_sub : tensor<4xi8>
  %r3 = stablehlo.subtract %r2, %sub : tensor<4xi8>
  %r4 = stablehlo.add %r3, %add : tensor<4xi8>
  return %r4 : tensor<4xi8>
}

// DIVREM: result[0]: 8xi32=[3 -3 -3 3 -1 -2147483648 -1 0]
// DIVREM: 5 of 5 checks passed
func.func @divrem() -> tensor<8xi32> {
  %a = stablehlo.constant dense<[7, -7, 7, -7, 5, -2147483648, 0, 3]> : tensor<8xi32>
  %b = stablehlo.constant dense<[2, 2, -2, -2, 0, -1, 0, 4]> : tensor<8xi32>
  %q = stablehlo.divide %a, %b : tensor<8xi32>
  %r = stablehlo.remainder %a, %b : tensor<8xi32>
  %e_q = stablehlo.constant dense<[3, -3, -3, 3, -1, -2147483648, -1, 0]> : tensor<8xi32>
  %e_r = stablehlo.constant dense<[1, -1, 1, -1, 5, 0, 0, 3]> : tensor<8xi32>
  stablehlo.custom_call @check.expect_eq(%q, %e_q) {has_side_effect = true} : (tensor<8xi32>, tensor<8xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%r, %e_r) {has_side_effect = true} : (tensor<8xi32>, tensor<8xi32>) -> ()
  %a64 = stablehlo.constant dense<[-9223372036854775808, -9223372036854775808, 9223372036854775807]> : tensor<3xi64>
  %b64 = stablehlo.constant dense<[-1, 0, -2]> : tensor<3xi64>
  %q64 = stablehlo.divide %a64, %b64 : tensor<3xi64>
  %r64 = stablehlo.remainder %a64, %b64 : tensor<3xi64>
  %e_q64 = stablehlo.constant dense<[-9223372036854775808, -1, -4611686018427387903]> : tensor<3xi64>
  %e_r64 = stablehlo.constant dense<[0, -9223372036854775808, 1]> : tensor<3xi64>
  stablehlo.custom_call @check.expect_eq(%q64, %e_q64) {has_side_effect = true} : (tensor<3xi64>, tensor<3xi64>) -> ()
  stablehlo.custom_call @check.expect_eq(%r64, %e_r64) {has_side_effect = true} : (tensor<3xi64>, tensor<3xi64>) -> ()
  %a8 = stablehlo.constant dense<[-128, -128, 100]> : tensor<3xi8>
  %b8 = stablehlo.constant dense<[-1, 0, -7]> : tensor<3xi8>
  %q8 = stablehlo.divide %a8, %b8 : tensor<3xi8>
  %e_q8 = stablehlo.constant dense<[-128, -1, -14]> : tensor<3xi8>
  stablehlo.custom_call @check.expect_eq(%q8, %e_q8) {has_side_effect = true} : (tensor<3xi8>, tensor<3xi8>) -> ()
  return %q : tensor<8xi32>
}

// UNSIGNED: result[0]: 4xui8=[66 255 3 0]
// UNSIGNED: 6 of 6 checks passed
func.func @unsigned() -> tensor<4xui8> {
  %a = stablehlo.constant dense<[200, 255, 7, 0]> : tensor<4xui8>
  %b = stablehlo.constant dense<[3, 0, 2, 255]> : tensor<4xui8>
  %q = stablehlo.divide %a, %b : tensor<4xui8>
  %r = stablehlo.remainder %a, %b : tensor<4xui8>
  %mx = stablehlo.maximum %a, %b : tensor<4xui8>
  %mn = stablehlo.minimum %a, %b : tensor<4xui8>
  %e_q = stablehlo.constant dense<[66, 255, 3, 0]> : tensor<4xui8>
  %e_r = stablehlo.constant dense<[2, 255, 1, 0]> : tensor<4xui8>
  %e_mx = stablehlo.constant dense<[200, 255, 7, 255]> : tensor<4xui8>
  %e_mn = stablehlo.constant dense<[3, 0, 2, 0]> : tensor<4xui8>
  stablehlo.custom_call @check.expect_eq(%q, %e_q) {has_side_effect = true} : (tensor<4xui8>, tensor<4xui8>) -> ()
  stablehlo.custom_call @check.expect_eq(%r, %e_r) {has_side_effect = true} : (tensor<4xui8>, tensor<4xui8>) -> ()
  stablehlo.custom_call @check.expect_eq(%mx, %e_mx) {has_side_effect = true} : (tensor<4xui8>, tensor<4xui8>) -> ()
  stablehlo.custom_call @check.expect_eq(%mn, %e_mn) {has_side_effect = true} : (tensor<4xui8>, tensor<4xui8>) -> ()
  %a64 = stablehlo.constant dense<[18446744073709551615, 1]> : tensor<2xui64>
  %b64 = stablehlo.constant dense<[1, 9223372036854775808]> : tensor<2xui64>
  %mx64 = stablehlo.maximum %a64, %b64 : tensor<2xui64>
  %q64 = stablehlo.divide %a64, %b64 : tensor<2xui64>
  %e_mx64 = stablehlo.constant dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>
  %e_q64 = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
  stablehlo.custom_call @check.expect_eq(%mx64, %e_mx64) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%q64, %e_q64) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  return %q : tensor<4xui8>
}

// LOGIC: result[0]: 4xi1=[false true true false]
// LOGIC: 8 of 8 checks passed
func.func @logic() -> tensor<4xi1> {
  %a = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %b = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %and = stablehlo.and %a, %b : tensor<4xi1>
  %or = stablehlo.or %a, %b : tensor<4xi1>
  %xor = stablehlo.xor %a, %b : tensor<4xi1>
  %not = stablehlo.not %a : tensor<4xi1>
  %e_and = stablehlo.constant dense<[false, false, false, true]> : tensor<4xi1>
  %e_or = stablehlo.constant dense<[false, true, true, true]> : tensor<4xi1>
  %e_xor = stablehlo.constant dense<[false, true, true, false]> : tensor<4xi1>
  %e_not = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  stablehlo.custom_call @check.expect_eq(%and, %e_and) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%or, %e_or) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%xor, %e_xor) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  stablehlo.custom_call @check.expect_eq(%not, %e_not) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  %x = stablehlo.constant dense<[12, -1, 0]> : tensor<3xi32>
  %y = stablehlo.constant dense<[10, 255, -1]> : tensor<3xi32>
  %iand = stablehlo.and %x, %y : tensor<3xi32>
  %ior = stablehlo.or %x, %y : tensor<3xi32>
  %ixor = stablehlo.xor %x, %y : tensor<3xi32>
  %inot = stablehlo.not %x : tensor<3xi32>
  %e_iand = stablehlo.constant dense<[8, 255, 0]> : tensor<3xi32>
  %e_ior = stablehlo.constant dense<[14, -1, -1]> : tensor<3xi32>
  %e_ixor = stablehlo.constant dense<[6, -256, -1]> : tensor<3xi32>
  %e_inot = stablehlo.constant dense<[-13, 0, -1]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%iand, %e_iand) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%ior, %e_ior) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%ixor, %e_ixor) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %u = stablehlo.constant dense<[0, 170]> : tensor<2xui8>
  %unot = stablehlo.not %u : tensor<2xui8>
  %e_unot = stablehlo.constant dense<[255, 85]> : tensor<2xui8>
  stablehlo.custom_call @check.expect_eq(%unot, %e_unot) {has_side_effect = true} : (tensor<2xui8>, tensor<2xui8>) -> ()
  return %xor : tensor<4xi1>
}

// SHIFTS: result[0]: 5xi8=[8 -128 0 -2 0]
// SHIFTS: 5 of 5 checks passed
func.func @shifts() -> tensor<5xi8> {
  %a = stablehlo.constant dense<[1, 1, 1, -1, 1]> : tensor<5xi8>
  %s = stablehlo.constant dense<[3, 7, 8, 1, 9]> : tensor<5xi8>
  %shl = stablehlo.shift_left %a, %s : tensor<5xi8>
  %e_shl = stablehlo.constant dense<[8, -128, 0, -2, 0]> : tensor<5xi8>
  stablehlo.custom_call @check.expect_eq(%shl, %e_shl) {has_side_effect = true} : (tensor<5xi8>, tensor<5xi8>) -> ()
  %b = stablehlo.constant dense<[-128, -1, 64, -1, 16]> : tensor<5xi8>
  %t = stablehlo.constant dense<[7, 4, 8, 9, 2]> : tensor<5xi8>
  %shrl = stablehlo.shift_right_logical %b, %t : tensor<5xi8>
  %e_shrl = stablehlo.constant dense<[1, 15, 0, 0, 4]> : tensor<5xi8>
  stablehlo.custom_call @check.expect_eq(%shrl, %e_shrl) {has_side_effect = true} : (tensor<5xi8>, tensor<5xi8>) -> ()
  %c = stablehlo.constant dense<[-128, -1, 64, -128, 127]> : tensor<5xi8>
  %w = stablehlo.constant dense<[7, 4, 8, 9, 100]> : tensor<5xi8>
  %shra = stablehlo.shift_right_arithmetic %c, %w : tensor<5xi8>
  %e_shra = stablehlo.constant dense<[-1, -1, 0, -1, 0]> : tensor<5xi8>
  stablehlo.custom_call @check.expect_eq(%shra, %e_shra) {has_side_effect = true} : (tensor<5xi8>, tensor<5xi8>) -> ()
  %d = stablehlo.constant dense<[1, -2147483648, -2147483648]> : tensor<3xi32>
  %v = stablehlo.constant dense<[31, 31, 32]> : tensor<3xi32>
  %shl32 = stablehlo.shift_left %d, %v : tensor<3xi32>
  %shrl32 = stablehlo.shift_right_logical %d, %v : tensor<3xi32>
  %e_shl32 = stablehlo.constant dense<[-2147483648, 0, 0]> : tensor<3xi32>
  %e_shrl32 = stablehlo.constant dense<[0, 1, 0]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%shl32, %e_shl32) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%shrl32, %e_shrl32) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return %shl : tensor<5xi8>
}

// BITS: result[0]: 4xi8=[0 8 3 1]
// BITS: 3 of 3 checks passed
func.func @bits() -> tensor<4xi8> {
  %a = stablehlo.constant dense<[0, -1, 7, -128]> : tensor<4xi8>
  %pop = stablehlo.popcnt %a : tensor<4xi8>
  %e_pop = stablehlo.constant dense<[0, 8, 3, 1]> : tensor<4xi8>
  stablehlo.custom_call @check.expect_eq(%pop, %e_pop) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  %b = stablehlo.constant dense<[0, -1, 1, 16]> : tensor<4xi8>
  %clz = stablehlo.count_leading_zeros %b : tensor<4xi8>
  %e_clz = stablehlo.constant dense<[8, 0, 7, 3]> : tensor<4xi8>
  stablehlo.custom_call @check.expect_eq(%clz, %e_clz) {has_side_effect = true} : (tensor<4xi8>, tensor<4xi8>) -> ()
  %c = stablehlo.constant dense<[0, 1, 4294967295]> : tensor<3xui32>
  %clz32 = stablehlo.count_leading_zeros %c : tensor<3xui32>
  %e_clz32 = stablehlo.constant dense<[32, 31, 0]> : tensor<3xui32>
  stablehlo.custom_call @check.expect_eq(%clz32, %e_clz32) {has_side_effect = true} : (tensor<3xui32>, tensor<3xui32>) -> ()
  return %pop : tensor<4xi8>
}

// UNARY: result[0]: 3xi32=[5 0 -2147483648]
// UNARY: 6 of 6 checks passed
func.func @unary() -> tensor<3xi32> {
  %a = stablehlo.constant dense<[-5, 0, -2147483648]> : tensor<3xi32>
  %abs = stablehlo.abs %a : tensor<3xi32>
  %neg = stablehlo.negate %a : tensor<3xi32>
  %sign = stablehlo.sign %a : tensor<3xi32>
  %e_abs = stablehlo.constant dense<[5, 0, -2147483648]> : tensor<3xi32>
  %e_neg = stablehlo.constant dense<[5, 0, -2147483648]> : tensor<3xi32>
  %e_sign = stablehlo.constant dense<[-1, 0, -1]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%abs, %e_abs) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%neg, %e_neg) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%sign, %e_sign) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %x = stablehlo.constant dense<[2, -2, 3, 2, 1, -1, -1, 0, 2]> : tensor<9xi32>
  %y = stablehlo.constant dense<[10, 3, 0, -1, -5, -3, 4, 0, 31]> : tensor<9xi32>
  %pow = stablehlo.power %x, %y : tensor<9xi32>
  %e_pow = stablehlo.constant dense<[1024, -8, 1, 0, 1, -1, 1, 1, -2147483648]> : tensor<9xi32>
  stablehlo.custom_call @check.expect_eq(%pow, %e_pow) {has_side_effect = true} : (tensor<9xi32>, tensor<9xi32>) -> ()
  %m = stablehlo.constant dense<[-1, 5]> : tensor<2xi8>
  %n = stablehlo.constant dense<[1, -128]> : tensor<2xi8>
  %mx = stablehlo.maximum %m, %n : tensor<2xi8>
  %mn = stablehlo.minimum %m, %n : tensor<2xi8>
  %e_mx = stablehlo.constant dense<[1, 5]> : tensor<2xi8>
  %e_mn = stablehlo.constant dense<[-1, -128]> : tensor<2xi8>
  stablehlo.custom_call @check.expect_eq(%mx, %e_mx) {has_side_effect = true} : (tensor<2xi8>, tensor<2xi8>) -> ()
  stablehlo.custom_call @check.expect_eq(%mn, %e_mn) {has_side_effect = true} : (tensor<2xi8>, tensor<2xi8>) -> ()
  return %abs : tensor<3xi32>
}
