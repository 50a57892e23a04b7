// JAX's int64 max and min reductions (and argmax, cummax, scatter-max)
// start from the 64-bit type's least or largest value, which did not fit in
// 32 bits ("'i64' value -9223372036854775808 does not fit in 'i32'"); the
// `linalg` phase now narrows those extremes to the 32-bit type's, as it
// narrows the data. By hand: max and min of (-5, -9, -2), and the max of no
// elements, which is the init: i32's least.
// RUN: systole-run %s --input=3xi64=-5,-9,-2 2>&1 | FileCheck %s
// CHECK: warning: narrowed f64 to f32 and i64 to i32
// CHECK: result[0]: i32=-2
// CHECK: result[1]: i32=-9
// CHECK: result[2]: i32=-2147483648
func.func @main(%x: tensor<3xi64>) -> (tensor<i64>, tensor<i64>, tensor<i64>) {
  %lo = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %hi = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %max = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %min = stablehlo.reduce(%x init: %hi) applies stablehlo.minimum across dimensions = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %e = stablehlo.slice %x [0:0] : (tensor<3xi64>) -> tensor<0xi64>
  %none = stablehlo.reduce(%e init: %lo) applies stablehlo.maximum across dimensions = [0] : (tensor<0xi64>, tensor<i64>) -> tensor<i64>
  return %max, %min, %none : tensor<i64>, tensor<i64>, tensor<i64>
}
