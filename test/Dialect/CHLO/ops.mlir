// Round trip of every chlo op.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @unary(%x: tensor<2x3xf32>, %z: tensor<2xcomplex<f32>>) -> () {
  %0 = chlo.acos %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = chlo.acosh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = chlo.asin %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = chlo.asinh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %4 = chlo.atan %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %5 = chlo.atanh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %6 = chlo.bessel_i1e %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %7 = chlo.conj %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %8 = chlo.cosh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %9 = chlo.sinh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %10 = chlo.tan %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %11 = chlo.digamma %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %12 = chlo.erf %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %13 = chlo.erfc %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %14 = chlo.erf_inv %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %15 = chlo.lgamma %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %16 = chlo.square %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}
// CHECK-LABEL: func.func @unary(
// CHECK-NEXT:    %0 = chlo.acos %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = chlo.acosh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = chlo.asin %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = chlo.asinh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %4 = chlo.atan %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = chlo.atanh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %6 = chlo.bessel_i1e %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %7 = chlo.conj %arg1 : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %8 = chlo.cosh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %9 = chlo.sinh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %10 = chlo.tan %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %11 = chlo.digamma %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %12 = chlo.erf %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %13 = chlo.erfc %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %14 = chlo.erf_inv %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %15 = chlo.lgamma %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %16 = chlo.square %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>

func.func @binary(%x: tensor<4xf32>, %y: tensor<4xf32>, %k: tensor<2x5xbf16>) -> () {
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.zeta %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %3:2 = chlo.top_k(%k, k = 3) : tensor<2x5xbf16> -> (tensor<2x3xbf16>, tensor<2x3xi32>)
  %4:2 = "chlo.top_k"(%x) <{k = 4 : i64}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>)
  return
}
// CHECK-LABEL: func.func @binary(
// CHECK-NEXT:    %0 = chlo.next_after %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT:    %1 = chlo.polygamma %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT:    %2 = chlo.zeta %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT:    %values, %indices = chlo.top_k(%arg2, k = 3) : tensor<2x5xbf16> -> (tensor<2x3xbf16>, tensor<2x3xi32>)
// CHECK-NEXT:    %values_0, %indices_1 = chlo.top_k(%arg0, k = 4) : tensor<4xf32> -> (tensor<4xf32>, tensor<4xi32>)
