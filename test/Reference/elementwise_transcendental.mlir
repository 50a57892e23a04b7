// Transcendental float ops on f32, checked with expect_close (<= 3 ULP)
// against values computed in double precision with python3's math module
// and rounded to f32 (bit patterns written as hex).

// RUN: systole-run --backend=reference --entry=exponential %s | FileCheck %s --check-prefix=EXPONENTIAL
// RUN: systole-run --backend=reference --entry=exponential_minus_one %s | FileCheck %s --check-prefix=EXPONENTIAL_MINUS_ONE
// RUN: systole-run --backend=reference --entry=log %s | FileCheck %s --check-prefix=LOG
// RUN: systole-run --backend=reference --entry=log_plus_one %s | FileCheck %s --check-prefix=LOG_PLUS_ONE
// RUN: systole-run --backend=reference --entry=logistic %s | FileCheck %s --check-prefix=LOGISTIC
// RUN: systole-run --backend=reference --entry=tanh %s | FileCheck %s --check-prefix=TANH
// RUN: systole-run --backend=reference --entry=sine %s | FileCheck %s --check-prefix=SINE
// RUN: systole-run --backend=reference --entry=cosine %s | FileCheck %s --check-prefix=COSINE
// RUN: systole-run --backend=reference --entry=tan %s | FileCheck %s --check-prefix=TAN
// RUN: systole-run --backend=reference --entry=cbrt %s | FileCheck %s --check-prefix=CBRT
// RUN: systole-run --backend=reference --entry=rsqrt %s | FileCheck %s --check-prefix=RSQRT

// EXPONENTIAL: 1 of 1 checks passed
func.func @exponential() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x00000000, 0x3F800000, 0xBF800000, 0x3F000000, 0xC0200000]> : tensor<5xf32>
  %r = stablehlo.exponential %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F800000, 0x402DF854, 0x3EBC5AB2, 0x3FD3094C, 0x3DA81C2E]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// EXPONENTIAL_MINUS_ONE: 1 of 1 checks passed
func.func @exponential_minus_one() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x37800000, 0x3F800000, 0xBF800000, 0x3F000000, 0xC0200000]> : tensor<5xf32>
  %r = stablehlo.exponential_minus_one %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x37800040, 0x3FDBF0A9, 0xBF21D2A7, 0x3F261299, 0xBF6AFC7A]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// LOG: 1 of 1 checks passed
func.func @log() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x40000000, 0x41200000, 0x3F000000, 0x3F800000, 0x40400000]> : tensor<5xf32>
  %r = stablehlo.log %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F317218, 0x40135D8E, 0xBF317218, 0x00000000, 0x3F8C9F54]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// LOG_PLUS_ONE: 1 of 1 checks passed
func.func @log_plus_one() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x37800000, 0x3F800000, 0xBF000000, 0x00000000, 0x40E00000]> : tensor<5xf32>
  %r = stablehlo.log_plus_one %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x377FFF80, 0x3F317218, 0xBF317218, 0x00000000, 0x40051592]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// LOGISTIC: 1 of 1 checks passed
func.func @logistic() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F800000, 0xC0400000, 0x41A00000, 0x00000000, 0x3E800000]> : tensor<5xf32>
  %r = stablehlo.logistic %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F3B26A8, 0x3D4241A2, 0x3F800000, 0x3F000000, 0x3F0FEACD]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// TANH: 1 of 1 checks passed
func.func @tanh() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F000000, 0xC0000000, 0x3A800000, 0x00000000, 0x41200000]> : tensor<5xf32>
  %r = stablehlo.tanh %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3EEC9A9F, 0xBF76CA83, 0x3A7FFFFB, 0x00000000, 0x3F800000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// SINE: 1 of 1 checks passed
func.func @sine() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F800000, 0xC0000000, 0x40400000, 0x00000000, 0x42C80000]> : tensor<5xf32>
  %r = stablehlo.sine %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F576AA4, 0xBF68C7B7, 0x3E1081C3, 0x00000000, 0xBF01A12E]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// COSINE: 1 of 1 checks passed
func.func @cosine() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F800000, 0xC0000000, 0x40400000, 0x00000000, 0x42C80000]> : tensor<5xf32>
  %r = stablehlo.cosine %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F0A5140, 0xBED51133, 0xBF7D7026, 0x3F800000, 0x3F5CC0EE]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// TAN: 1 of 1 checks passed
func.func @tan() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x3F800000, 0xC0000000, 0x40400000, 0x00000000, 0x3F000000]> : tensor<5xf32>
  %r = stablehlo.tan %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3FC75923, 0x400BD7B1, 0xBE11F7B9, 0x00000000, 0x3F0BDA7B]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// CBRT: 1 of 1 checks passed
func.func @cbrt() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x40000000, 0xC1000000, 0x41D80000, 0x3B000000, 0xBF000000]> : tensor<5xf32>
  %r = stablehlo.cbrt %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3FA14518, 0xC0000000, 0x40400000, 0x3E000000, 0xBF4B2FF5]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}

// RSQRT: 1 of 1 checks passed
func.func @rsqrt() -> tensor<5xf32> {
  %x = stablehlo.constant dense<[0x40000000, 0x40800000, 0x3E800000, 0x40400000, 0x42C80000]> : tensor<5xf32>
  %r = stablehlo.rsqrt %x : tensor<5xf32>
  %e = stablehlo.constant dense<[0x3F3504F3, 0x3F000000, 0x40000000, 0x3F13CD3A, 0x3DCCCCCD]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_close(%r, %e) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  return %r : tensor<5xf32>
}
