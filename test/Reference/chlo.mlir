// The chlo ops on the reference interpreter, f32, checked with expect_close
// (<= 3 ULP) against values computed in double precision with python3's math
// module (erf_inv by bisection on math.erf, digamma by recurrence and its
// asymptotic series, bessel_i1e by its power series) and rounded to f32.
// next_after, top_k, conj and square are checked exactly.

// RUN: systole-run --backend=reference --entry=erf %s | FileCheck %s --check-prefix=ERF
// RUN: systole-run --backend=reference --entry=erfc %s | FileCheck %s --check-prefix=ERFC
// RUN: systole-run --backend=reference --entry=erf_inv %s | FileCheck %s --check-prefix=ERF_INV
// RUN: systole-run --backend=reference --entry=tan %s | FileCheck %s --check-prefix=TAN
// RUN: systole-run --backend=reference --entry=sinh %s | FileCheck %s --check-prefix=SINH
// RUN: systole-run --backend=reference --entry=cosh %s | FileCheck %s --check-prefix=COSH
// RUN: systole-run --backend=reference --entry=asin %s | FileCheck %s --check-prefix=ASIN
// RUN: systole-run --backend=reference --entry=acos %s | FileCheck %s --check-prefix=ACOS
// RUN: systole-run --backend=reference --entry=asinh %s | FileCheck %s --check-prefix=ASINH
// RUN: systole-run --backend=reference --entry=acosh %s | FileCheck %s --check-prefix=ACOSH
// RUN: systole-run --backend=reference --entry=atan %s | FileCheck %s --check-prefix=ATAN
// RUN: systole-run --backend=reference --entry=atanh %s | FileCheck %s --check-prefix=ATANH
// RUN: systole-run --backend=reference --entry=lgamma %s | FileCheck %s --check-prefix=LGAMMA
// RUN: systole-run --backend=reference --entry=digamma %s | FileCheck %s --check-prefix=DIGAMMA
// RUN: systole-run --backend=reference --entry=bessel_i1e %s | FileCheck %s --check-prefix=BESSEL_I1E
// RUN: systole-run --backend=reference --entry=exact %s | FileCheck %s --check-prefix=EXACT

// ERF: 1 of 1 checks passed
func.func @erf() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x40600000]> : tensor<5xf32>
  %r = chlo.erf %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F053F7B, 0xBF57BB3D, 0x3F7ECD71, 0x00000000, 0x3F7FFFF4]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ERFC: 1 of 1 checks passed
func.func @erfc() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x40600000]> : tensor<5xf32>
  %r = chlo.erfc %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3EF5810A, 0x3FEBDD9F, 0x3B9947AF, 0x3F800000, 0x35477955]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ERF_INV: 1 of 1 checks passed
func.func @erf_inv() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBE800000, 0x3F666666, 0x00000000, 0x3F7D70A4]> : tensor<5xf32>
  %r = chlo.erf_inv %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3EF430FE, 0xBE66B834, 0x3F94E00A, 0x80000000, 0x3FE92332]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// TAN: 1 of 1 checks passed
func.func @tan() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x3FC00000, 0x00000000, 0x40400000]> : tensor<5xf32>
  %r = chlo.tan %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F0BDA7B, 0xBFC75923, 0x41619F6B, 0x00000000, 0xBE11F7B9]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// SINH: 1 of 1 checks passed
func.func @sinh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x3E800000]> : tensor<5xf32>
  %r = chlo.sinh %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F056680, 0xBF966CFE, 0x40681E7B, 0x00000000, 0x3E815667]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// COSH: 1 of 1 checks passed
func.func @cosh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x41200000]> : tensor<5xf32>
  %r = chlo.cosh %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F90560C, 0x3FC583AB, 0x4070C7D0, 0x3F800000, 0x462C14EF]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ASIN: 1 of 1 checks passed
func.func @asin() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x3E800000, 0x00000000, 0x3F600000]> : tensor<5xf32>
  %r = chlo.asin %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F060A92, 0xBFC90FDB, 0x3E815F4E, 0x00000000, 0x3F886033]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ACOS: 1 of 1 checks passed
func.func @acos() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x3E800000, 0x00000000, 0x3F600000]> : tensor<5xf32>
  %r = chlo.acos %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F860A92, 0x40490FDB, 0x3FA8B807, 0x3FC90FDB, 0x3F015F4E]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ASINH: 1 of 1 checks passed
func.func @asinh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x42C80000]> : tensor<5xf32>
  %r = chlo.asinh %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3EF66165, 0xBF61A1B3, 0x3FB8C90C, 0x00000000, 0x40A98C05]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ACOSH: 1 of 1 checks passed
func.func @acosh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F800000, 0x3FC00000, 0x40000000, 0x41200000, 0x42C80000]> : tensor<5xf32>
  %r = chlo.acosh %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x00000000, 0x3F766165, 0x3FA89214, 0x403F90F7, 0x40A98B9C]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ATAN: 1 of 1 checks passed
func.func @atan() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x42C80000]> : tensor<5xf32>
  %r = chlo.atan %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3EED6338, 0xBF490FDB, 0x3F8DB70D, 0x00000000, 0x3FC7C82F]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// ATANH: 1 of 1 checks passed
func.func @atanh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF400000, 0x3E000000, 0x00000000, 0x3F700000]> : tensor<5xf32>
  %r = chlo.atanh %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F0C9F54, 0xBF791395, 0x3E00AC49, 0x00000000, 0x3FDBC672]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// LGAMMA: 1 of 1 checks passed
func.func @lgamma() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0x3F800000, 0x40200000, 0x41200000, 0xBF000000]> : tensor<5xf32>
  %r = chlo.lgamma %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F128682, 0x00000000, 0x3E91C1F4, 0x414CD449, 0x3FA1FC4D]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// DIGAMMA: 1 of 1 checks passed
func.func @digamma() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0x3F800000, 0x40000000, 0x40600000, 0x41200000]> : tensor<5xf32>
  %r = chlo.digamma %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0xBFFB544C, 0xBF13C468, 0x3ED87730, 0x3F8D343D, 0x40101CB7]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// BESSEL_I1E: 1 of 1 checks passed
func.func @bessel_i1e() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xBF800000, 0x40000000, 0x00000000, 0x41200000]> : tensor<5xf32>
  %r = chlo.bessel_i1e %x : tensor<5xf32> -> tensor<5xf32>
  %e = stablehlo.constant dense<[0x3E202CC6, 0xBE54E678, 0x3E5C6F8D, 0x00000000, 0x3DF85892]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// EXACT: result[0]: 3xf32=[5 4 3]
// EXACT: result[1]: 3xi32=[4 2 0]
// EXACT: 7 of 7 checks passed
func.func @exact() -> (tensor<3xf32>, tensor<3xi32>) {
  // next_after: 1 -> 2 is 1 + 2^-23, 1 -> 0 is 1 - 2^-24, 0 -> -1 is the
  // smallest negative subnormal, x -> x is x, NaN propagates.
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, 3.0, 0x7FC00000]> : tensor<5xf32>
  %y = stablehlo.constant dense<[2.0, 0.0, -1.0, 3.0, 1.0]> : tensor<5xf32>
  %n = chlo.next_after %x, %y : tensor<5xf32>, tensor<5xf32> -> tensor<5xf32>
  %e_n = stablehlo.constant dense<[0x3F800001, 0x3F7FFFFF, 0x80000001, 3.0, 0x7FC00000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%n, %e_n) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // top_k: largest first; among equal values the lower index first.
  %v = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.0, 5.0]> : tensor<5xf32>
  %t:2 = chlo.top_k(%v, k = 3) : tensor<5xf32> -> (tensor<3xf32>, tensor<3xi32>)
  %e_tv = stablehlo.constant dense<[5.0, 4.0, 3.0]> : tensor<3xf32>
  %e_ti = stablehlo.constant dense<[4, 2, 0]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%t#0, %e_tv) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%t#1, %e_ti) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  %w = stablehlo.constant dense<[[2, 7, 7, 1], [0, 0, 9, 0]]> : tensor<2x4xi32>
  %u:2 = chlo.top_k(%w, k = 2) : tensor<2x4xi32> -> (tensor<2x2xi32>, tensor<2x2xi32>)
  %e_uv = stablehlo.constant dense<[[7, 7], [9, 0]]> : tensor<2x2xi32>
  %e_ui = stablehlo.constant dense<[[1, 2], [2, 0]]> : tensor<2x2xi32>
  stablehlo.custom_call @check.expect_eq(%u#0, %e_uv) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%u#1, %e_ui) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  %z = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 0.0)]> : tensor<2xcomplex<f32>>
  %c = chlo.conj %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %e_c = stablehlo.constant dense<[(1.0, -2.0), (-3.0, 0x80000000)]> : tensor<2xcomplex<f32>>
  stablehlo.custom_call @check.expect_eq(%c, %e_c) {has_side_effect = true} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> ()
  %s = stablehlo.constant dense<[-3.0, 0.5, 1.0e20]> : tensor<3xf32>
  %sq = chlo.square %s : tensor<3xf32> -> tensor<3xf32>
  %e_sq = stablehlo.constant dense<[9.0, 0.25, 0x7F800000]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%sq, %e_sq) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %t#0, %t#1 : tensor<3xf32>, tensor<3xi32>
}
