// f64 becomes f32 and i64 becomes i32 (the NeuronCore has neither, DESIGN
// section 3): signatures, results, region arguments and constants, with one
// warning per function; complex types, width-dependent ops and constants
// that do not fit are errors, all of them in one run.
// RUN: systole-opt %s --split-input-file --systole-narrow-types -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %[[R:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
// expected-warning @+1 {{narrowed f64 to f32 and i64 to i32 (ui64 to ui32; the NeuronCore has none of them) in 1 op: stablehlo.add}}
func.func @add(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %0 = stablehlo.add %a, %b : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Rounded to nearest even: 2^24 + 1 and 2^24 + 3 are halfway between two
// f32 values and go to the even one, 16777216 and 16777220 (printed in hex:
// 0x4B800000 and 0x4B800002; truncation would give 16777218 for the second).
// 0.1 and pi become the nearest f32 values; 3.4028235e38 is above the largest
// f32 but rounds to it; 1e-50 underflows to 0; -0, inf and NaN stay.
// CHECK-LABEL: func.func @float_constant
// CHECK-SAME:    -> (tensor<9xf32>, tensor<f32>)
// CHECK:         stablehlo.constant dense<[0x4B800000, 0x4B800002, 1.000000e-01, 3.14159274, 3.40282347E+38, 0.000000e+00, -0.000000e+00, 0x7F800000, 0x7FC00000]> : tensor<9xf32>
// CHECK:         stablehlo.constant dense<-2.500000e-01> : tensor<f32>
// expected-warning @+1 {{in 2 ops: stablehlo.constant}}
func.func @float_constant() -> (tensor<9xf64>, tensor<f64>) {
  %0 = stablehlo.constant dense<[16777217.0, 16777219.0, 0.1, 3.141592653589793, 3.4028235e38, 1.0e-50, -0.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<9xf64>
  %1 = stablehlo.constant dense<-0.25> : tensor<f64>
  return %0, %1 : tensor<9xf64>, tensor<f64>
}

// -----

// The i32 and ui32 limits fit.
// CHECK-LABEL: func.func @int_constant
// CHECK:         stablehlo.constant dense<[2147483647, -2147483648, 0, -1]> : tensor<4xi32>
// CHECK:         stablehlo.constant dense<4294967295> : tensor<ui32>
// CHECK:         stablehlo.constant dense<7> : tensor<2xi32>
// expected-warning @+1 {{in 3 ops: stablehlo.constant}}
func.func @int_constant() -> (tensor<4xi64>, tensor<ui64>, tensor<2xi64>) {
  %0 = stablehlo.constant dense<[2147483647, -2147483648, 0, -1]> : tensor<4xi64>
  %1 = stablehlo.constant dense<4294967295> : tensor<ui64>
  %2 = stablehlo.constant dense<7> : tensor<2xi64>
  return %0, %1, %2 : tensor<4xi64>, tensor<ui64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @iota_compare_select
// CHECK-SAME:    (%[[X:.*]]: tensor<8xi32>) -> tensor<8xi32>
// CHECK:         %[[I:.*]] = stablehlo.iota dim = 0 : tensor<8xi32>
// CHECK:         %[[C:.*]] = stablehlo.compare LT, %[[I]], %[[X]], SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
// CHECK:         stablehlo.select %[[C]], %[[I]], %[[X]] : tensor<8xi1>, tensor<8xi32>
// expected-warning @+1 {{in 3 ops: stablehlo.compare, stablehlo.iota, stablehlo.select}}
func.func @iota_compare_select(%x: tensor<8xi64>) -> tensor<8xi64> {
  %0 = stablehlo.iota dim = 0 : tensor<8xi64>
  %1 = stablehlo.compare LT, %0, %x, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
  %2 = stablehlo.select %1, %0, %x : tensor<8xi1>, tensor<8xi64>
  return %2 : tensor<8xi64>
}

// -----

// Converts keep their (narrowed) result type; region arguments and the ops
// of regions are narrowed (the reducer's stablehlo.add counts); bf16 and
// ui32 are left alone.
// CHECK-LABEL: func.func @convert_reduce
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xbf16>, %[[N:.*]]: tensor<ui32>) -> (tensor<2xi32>, tensor<ui32>)
// CHECK:         %[[W:.*]] = stablehlo.convert %[[X]] : (tensor<2x3xbf16>) -> tensor<2x3xf32>
// CHECK:         %[[I:.*]] = stablehlo.convert %[[W]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK:         stablehlo.reduce(%[[I]] init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
// expected-warning @+1 {{in 5 ops: stablehlo.add, stablehlo.constant, stablehlo.convert, stablehlo.reduce}}
func.func @convert_reduce(%x: tensor<2x3xbf16>, %n: tensor<ui32>) -> (tensor<2xi64>, tensor<ui32>) {
  %0 = stablehlo.convert %x : (tensor<2x3xbf16>) -> tensor<2x3xf64>
  %1 = stablehlo.convert %0 : (tensor<2x3xf64>) -> tensor<2x3xi64>
  %2 = stablehlo.constant dense<0> : tensor<i64>
  %3 = stablehlo.reduce(%1 init: %2) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  return %3, %n : tensor<2xi64>, tensor<ui32>
}

// -----

// A function without 64-bit types is left alone, without a warning.
// CHECK-LABEL: func.func @nothing
// CHECK:         stablehlo.multiply %{{.*}} : tensor<4xf32>
func.func @nothing(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.multiply %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An argument passed straight through: only the signature changes.
// CHECK-LABEL: func.func @pass_through
// CHECK-SAME:    (%{{.*}}: tensor<3xi32>) -> tensor<3xi32>
// expected-warning @+1 {{narrowed f64 to f32 and i64 to i32 (ui64 to ui32; the NeuronCore has none of them) in the signature of @pass_through}}
func.func @pass_through(%a: tensor<3xi64>) -> tensor<3xi64> {
  return %a : tensor<3xi64>
}

// -----

// The 64-bit integer types' least and largest values (the identities that
// JAX's int64 max/min reductions, argmax and cummax start from) narrow to
// the 32-bit types' least and largest.
// CHECK-LABEL: func.func @extremes
// CHECK: stablehlo.constant dense<[-2147483648, 2147483647, 5]> : tensor<3xi32>
// CHECK: stablehlo.constant dense<4294967295> : tensor<ui32>
// expected-warning @+1 {{narrowed f64 to f32 and i64 to i32}}
func.func @extremes() -> (tensor<3xi64>, tensor<ui64>) {
  %0 = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807, 5]> : tensor<3xi64>
  %1 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  return %0, %1 : tensor<3xi64>, tensor<ui64>
}

// -----

// Constants that do not fit are errors naming the value, all of them, and
// nothing is narrowed.
func.func @no_fit() -> (tensor<3xi64>, tensor<ui64>, tensor<2xf64>) {
  // expected-error @+1 {{'i64' value 4294967296 does not fit in 'i32', the NeuronCore's widest integer type; nor does 1 other element}}
  %0 = stablehlo.constant dense<[1, 4294967296, -2147483649]> : tensor<3xi64>
  // expected-error @+1 {{'ui64' value 4294967296 does not fit in 'ui32', the NeuronCore's widest integer type}}
  %1 = stablehlo.constant dense<4294967296> : tensor<ui64>
  // expected-error @+1 {{'f64' value 1.0E+300 does not fit in 'f32', the NeuronCore's widest float type (it overflows to inf)}}
  %2 = stablehlo.constant dense<[1.0, 1.0e300]> : tensor<2xf64>
  return %0, %1, %2 : tensor<3xi64>, tensor<ui64>, tensor<2xf64>
}

// -----

// Ops whose result depends on the 64-bit width cannot be narrowed.
func.func @width_dependent(%x: tensor<4xf64>, %i: tensor<4xi64>, %s: tensor<2xui64>)
    -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4x2xi32>, tensor<2xui64>, tensor<4xui64>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' cannot be narrowed to 32 bits: its result depends on the 64-bit width of its elements}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf64>) -> tensor<4xi64>
  // expected-error @+1 {{'stablehlo.count_leading_zeros' cannot be narrowed to 32 bits}}
  %1 = stablehlo.count_leading_zeros %i : tensor<4xi64>
  // expected-error @+1 {{'stablehlo.popcnt' cannot be narrowed to 32 bits}}
  %2 = stablehlo.popcnt %i : tensor<4xi64>
  // expected-error @+1 {{'stablehlo.bitcast_convert' cannot be narrowed to 32 bits}}
  %3 = stablehlo.bitcast_convert %i : (tensor<4xi64>) -> tensor<4x2xi32>
  // expected-error @+1 {{'stablehlo.rng_bit_generator' cannot be narrowed to 32 bits}}
  %4:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui64>)
  return %0, %1, %2, %3, %4#0, %4#1 : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4x2xi32>, tensor<2xui64>, tensor<4xui64>
}

// -----

// Complex numbers are rejected at every op that has them (the function's
// signature included; not the terminator, which only passes one on), in one
// run.
// expected-error @+1 {{complex numbers are not supported by the NeuronCore compiler ('func.func' has type 'tensor<4xcomplex<f32>>')}}
func.func @complex(%re: tensor<4xf32>, %im: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{complex numbers are not supported by the NeuronCore compiler ('stablehlo.complex' has type 'tensor<4xcomplex<f32>>')}}
  %0 = stablehlo.complex %re, %im : tensor<4xcomplex<f32>>
  // expected-error @+1 {{complex numbers are not supported by the NeuronCore compiler ('stablehlo.real'}}
  %1 = stablehlo.real %0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // expected-error @+1 {{complex numbers are not supported by the NeuronCore compiler ('stablehlo.constant' has type 'tensor<2xcomplex<f64>>')}}
  %2 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  return %1, %0 : tensor<4xf32>, tensor<4xcomplex<f32>>
}
