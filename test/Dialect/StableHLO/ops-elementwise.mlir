// Round trip of the elementwise ops: pretty form, reprinted pretty form, and
// generic form read back, all print the same program.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @unary_float(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  %1 = stablehlo.cbrt %0 : tensor<2x3xf32>
  %2 = stablehlo.ceil %1 : tensor<2x3xf32>
  %3 = stablehlo.cosine %2 : tensor<2x3xf32>
  %4 = stablehlo.exponential %3 : tensor<2x3xf32>
  %5 = stablehlo.exponential_minus_one %4 : tensor<2x3xf32>
  %6 = stablehlo.floor %5 : tensor<2x3xf32>
  %7 = stablehlo.log %6 : tensor<2x3xf32>
  %8 = stablehlo.log_plus_one %7 : tensor<2x3xf32>
  %9 = stablehlo.logistic %8 : tensor<2x3xf32>
  %10 = stablehlo.negate %9 : tensor<2x3xf32>
  %11 = stablehlo.round_nearest_afz %10 : tensor<2x3xf32>
  %12 = stablehlo.round_nearest_even %11 : tensor<2x3xf32>
  %13 = stablehlo.rsqrt %12 : tensor<2x3xf32>
  %14 = stablehlo.sign %13 : tensor<2x3xf32>
  %15 = stablehlo.sine %14 : tensor<2x3xf32>
  %16 = stablehlo.sqrt %15 : tensor<2x3xf32>
  %17 = stablehlo.tan %16 : tensor<2x3xf32>
  %18 = stablehlo.tanh %17 : tensor<2x3xf32>
  return %18 : tensor<2x3xf32>
}
// CHECK-LABEL: func.func @unary_float(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = stablehlo.abs %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.cbrt %0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.ceil %1 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.cosine %2 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.exponential %3 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.exponential_minus_one %4 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.floor %5 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.log %6 : tensor<2x3xf32>
// CHECK-NEXT:    %8 = stablehlo.log_plus_one %7 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = stablehlo.logistic %8 : tensor<2x3xf32>
// CHECK-NEXT:    %10 = stablehlo.negate %9 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = stablehlo.round_nearest_afz %10 : tensor<2x3xf32>
// CHECK-NEXT:    %12 = stablehlo.round_nearest_even %11 : tensor<2x3xf32>
// CHECK-NEXT:    %13 = stablehlo.rsqrt %12 : tensor<2x3xf32>
// CHECK-NEXT:    %14 = stablehlo.sign %13 : tensor<2x3xf32>
// CHECK-NEXT:    %15 = stablehlo.sine %14 : tensor<2x3xf32>
// CHECK-NEXT:    %16 = stablehlo.sqrt %15 : tensor<2x3xf32>
// CHECK-NEXT:    %17 = stablehlo.tan %16 : tensor<2x3xf32>
// CHECK-NEXT:    %18 = stablehlo.tanh %17 : tensor<2x3xf32>
// CHECK-NEXT:    return %18 : tensor<2x3xf32>

func.func @unary_int(%x: tensor<4xi32>, %b: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi1>) {
  %0 = stablehlo.count_leading_zeros %x : tensor<4xi32>
  %1 = stablehlo.popcnt %0 : tensor<4xi32>
  %2 = stablehlo.not %1 : tensor<4xi32>
  %3 = stablehlo.abs %2 : tensor<4xi32>
  %4 = stablehlo.negate %3 : tensor<4xi32>
  %5 = stablehlo.sign %4 : tensor<4xi32>
  %6 = stablehlo.not %b : tensor<4xi1>
  return %5, %6 : tensor<4xi32>, tensor<4xi1>
}
// CHECK-LABEL: func.func @unary_int(
// CHECK-NEXT:    %0 = stablehlo.count_leading_zeros %arg0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.popcnt %0 : tensor<4xi32>
// CHECK-NEXT:    %2 = stablehlo.not %1 : tensor<4xi32>
// CHECK-NEXT:    %3 = stablehlo.abs %2 : tensor<4xi32>
// CHECK-NEXT:    %4 = stablehlo.negate %3 : tensor<4xi32>
// CHECK-NEXT:    %5 = stablehlo.sign %4 : tensor<4xi32>
// CHECK-NEXT:    %6 = stablehlo.not %arg1 : tensor<4xi1>

// Ops whose result element type differs from the operand's print the
// functional type.
func.func @unary_type_changing(%x: tensor<3xf32>, %z: tensor<3xcomplex<f64>>) -> () {
  %0 = stablehlo.is_finite %x : (tensor<3xf32>) -> tensor<3xi1>
  %1 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xbf16>
  %2 = stablehlo.convert %x : tensor<3xf32>
  %3 = stablehlo.real %z : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %4 = stablehlo.imag %z : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %5 = stablehlo.abs %z : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %6 = stablehlo.exponential %z : tensor<3xcomplex<f64>>
  %7 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf8E4M3FN>
  return
}
// CHECK-LABEL: func.func @unary_type_changing(
// CHECK-NEXT:    %0 = stablehlo.is_finite %arg0 : (tensor<3xf32>) -> tensor<3xi1>
// CHECK-NEXT:    %1 = stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK-NEXT:    %2 = stablehlo.convert %arg0 : tensor<3xf32>
// CHECK-NEXT:    %3 = stablehlo.real %arg1 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
// CHECK-NEXT:    %4 = stablehlo.imag %arg1 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
// CHECK-NEXT:    %5 = stablehlo.abs %arg1 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
// CHECK-NEXT:    %6 = stablehlo.exponential %arg1 : tensor<3xcomplex<f64>>
// CHECK-NEXT:    %7 = stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xf8E4M3FN>

func.func @binary(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %y : tensor<2xf32>
  %1 = stablehlo.atan2 %0, %y : tensor<2xf32>
  %2 = stablehlo.divide %1, %y : tensor<2xf32>
  %3 = stablehlo.maximum %2, %y : tensor<2xf32>
  %4 = stablehlo.minimum %3, %y : tensor<2xf32>
  %5 = stablehlo.multiply %4, %y : tensor<2xf32>
  %6 = stablehlo.power %5, %y : tensor<2xf32>
  %7 = stablehlo.remainder %6, %y : tensor<2xf32>
  %8 = stablehlo.subtract %7, %y : tensor<2xf32>
  return %8 : tensor<2xf32>
}
// CHECK-LABEL: func.func @binary(
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.atan2 %0, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.divide %1, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %3 = stablehlo.maximum %2, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %4 = stablehlo.minimum %3, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %5 = stablehlo.multiply %4, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %6 = stablehlo.power %5, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %7 = stablehlo.remainder %6, %arg1 : tensor<2xf32>
// CHECK-NEXT:    %8 = stablehlo.subtract %7, %arg1 : tensor<2xf32>

func.func @binary_int(%x: tensor<2xui8>, %y: tensor<2xui8>, %p: tensor<2xi1>) -> () {
  %0 = stablehlo.and %x, %y : tensor<2xui8>
  %1 = stablehlo.or %0, %y : tensor<2xui8>
  %2 = stablehlo.xor %1, %y : tensor<2xui8>
  %3 = stablehlo.shift_left %2, %y : tensor<2xui8>
  %4 = stablehlo.shift_right_arithmetic %3, %y : tensor<2xui8>
  %5 = stablehlo.shift_right_logical %4, %y : tensor<2xui8>
  %6 = stablehlo.and %p, %p : tensor<2xi1>
  %7 = stablehlo.or %p, %6 : tensor<2xi1>
  %8 = stablehlo.xor %p, %7 : tensor<2xi1>
  return
}
// CHECK-LABEL: func.func @binary_int(
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %1 = stablehlo.or %0, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %2 = stablehlo.xor %1, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %3 = stablehlo.shift_left %2, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %4 = stablehlo.shift_right_arithmetic %3, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %5 = stablehlo.shift_right_logical %4, %arg1 : tensor<2xui8>
// CHECK-NEXT:    %6 = stablehlo.and %arg2, %arg2 : tensor<2xi1>
// CHECK-NEXT:    %7 = stablehlo.or %arg2, %6 : tensor<2xi1>
// CHECK-NEXT:    %8 = stablehlo.xor %arg2, %7 : tensor<2xi1>

func.func @complex(%re: tensor<2xf32>, %im: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
  %1 = stablehlo.complex %re, %im : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  return %1 : tensor<2xcomplex<f32>>
}
// CHECK-LABEL: func.func @complex(
// CHECK-NEXT:    %0 = stablehlo.complex %arg0, %arg1 : tensor<2xcomplex<f32>>
// CHECK-NEXT:    %1 = stablehlo.complex %arg0, %arg1 : tensor<2xcomplex<f32>>

func.func @compare(%x: tensor<2xf32>, %i: tensor<2xi32>, %u: tensor<2xui32>) -> () {
  %0 = stablehlo.compare EQ, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = stablehlo.compare NE, %x, %x, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %2 = stablehlo.compare GE, %x, %x, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %3 = stablehlo.compare  GT, %i, %i,  SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %4 = stablehlo.compare LE, %u, %u, UNSIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  %5 = stablehlo.compare LT, %i, %i, NOTYPE : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return
}
// CHECK-LABEL: func.func @compare(
// CHECK-NEXT:    %0 = stablehlo.compare  EQ, %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %1 = stablehlo.compare  NE, %arg0, %arg0,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %2 = stablehlo.compare  GE, %arg0, %arg0,  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %3 = stablehlo.compare  GT, %arg1, %arg1,  SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-NEXT:    %4 = stablehlo.compare  LE, %arg2, %arg2,  UNSIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
// CHECK-NEXT:    %5 = stablehlo.compare  LT, %arg1, %arg1,  NOTYPE : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>

func.func @select_clamp(%p: tensor<2x3xi1>, %s: tensor<i1>, %x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %lo: tensor<f32>) -> () {
  %0 = stablehlo.select %p, %x, %y : tensor<2x3xi1>, tensor<2x3xf32>
  %1 = stablehlo.select %s, %x, %y : tensor<i1>, tensor<2x3xf32>
  %2 = stablehlo.select %p, %x, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.clamp %x, %y, %x : tensor<2x3xf32>
  %4 = stablehlo.clamp %lo, %y, %lo : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}
// CHECK-LABEL: func.func @select_clamp(
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg2, %arg3 : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.select %arg1, %arg2, %arg3 : tensor<i1>, tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.select %arg0, %arg2, %arg3 : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.clamp %arg2, %arg3, %arg2 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.clamp %arg4, %arg3, %arg4 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>

func.func @bitcast_and_precision(%x: tensor<2xf32>, %h: tensor<2x2xf16>) -> () {
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2xi32>
  %1 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x4xui8>
  %2 = stablehlo.bitcast_convert %h : (tensor<2x2xf16>) -> tensor<2xf32>
  %3 = stablehlo.reduce_precision %x, format = e5m10 : tensor<2xf32>
  %4 = stablehlo.reduce_precision %x, format = e8m7 : tensor<2xf32>
  return
}
// CHECK-LABEL: func.func @bitcast_and_precision(
// CHECK-NEXT:    %0 = stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
// CHECK-NEXT:    %1 = stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2x4xui8>
// CHECK-NEXT:    %2 = stablehlo.bitcast_convert %arg1 : (tensor<2x2xf16>) -> tensor<2xf32>
// CHECK-NEXT:    %3 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2xf32>
// CHECK-NEXT:    %4 = stablehlo.reduce_precision %arg0, format = e8m7 : tensor<2xf32>
