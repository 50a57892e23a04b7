// RUN: systole-opt %s --systole-decompose-chlo --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @square
// CHECK:         %[[R:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
// CHECK:         return %[[R]]
func.func @square(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// conj of a real tensor is the tensor; of a complex one, re - i*im.
// CHECK-LABEL: func.func @conj
// CHECK:         %[[RE:.*]] = stablehlo.real %arg1 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK:         %[[IM:.*]] = stablehlo.imag %arg1 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK:         %[[NEG:.*]] = stablehlo.negate %[[IM]] : tensor<2xf32>
// CHECK:         %[[Z:.*]] = stablehlo.complex %[[RE]], %[[NEG]] : tensor<2xcomplex<f32>>
// CHECK:         return %arg0, %[[Z]]
func.func @conj(%x: tensor<4xf32>, %z: tensor<2xcomplex<f32>>) -> (tensor<4xf32>, tensor<2xcomplex<f32>>) {
  %0 = chlo.conj %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.conj %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<4xf32>, tensor<2xcomplex<f32>>
}

// -----

// bf16 is computed in f32 and rounded once.
// CHECK-LABEL: func.func @tan_bf16
// CHECK:         %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:         %[[S:.*]] = stablehlo.sine %[[X]] : tensor<4xf32>
// CHECK:         %[[C:.*]] = stablehlo.cosine %[[X]] : tensor<4xf32>
// CHECK:         %[[T:.*]] = stablehlo.divide %[[S]], %[[C]] : tensor<4xf32>
// CHECK:         %[[R:.*]] = stablehlo.convert %[[T]] : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK:         return %[[R]]
func.func @tan_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.tan %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// top_k: stable descending sort (total order) of the values with an iota of
// indices along the last dimension, then the first k.
// CHECK-LABEL: func.func @top_k
// CHECK:         %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<3x5xi32>
// CHECK:         %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK:         ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK:           %[[GT:.*]] = stablehlo.compare  GT, %[[A]], %[[B]],  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK:           stablehlo.return %[[GT]] : tensor<i1>
// CHECK:         %[[V:.*]] = stablehlo.slice %[[S]]#0 [0:3, 0:2] : (tensor<3x5xf32>) -> tensor<3x2xf32>
// CHECK:         %[[I:.*]] = stablehlo.slice %[[S]]#1 [0:3, 0:2] : (tensor<3x5xi32>) -> tensor<3x2xi32>
// CHECK:         return %[[V]], %[[I]]
func.func @top_k(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %0:2 = chlo.top_k(%x, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

// sinh(x) = (expm1(x) - expm1(-x)) / 2, and sign(x) * (e^(|x|/2) / 2) * e^(|x|/2)
// beyond |x| = 88 where e^|x| overflows.
// CHECK-LABEL: func.func @sinh
// CHECK-DAG:     %[[M:.*]] = stablehlo.exponential_minus_one %arg0
// CHECK-DAG:     %[[NX:.*]] = stablehlo.negate %arg0
// CHECK-DAG:     %[[MN:.*]] = stablehlo.exponential_minus_one %[[NX]]
// CHECK-DAG:     %[[D:.*]] = stablehlo.subtract %[[M]], %[[MN]]
// CHECK-DAG:     %[[A:.*]] = stablehlo.abs %arg0
// CHECK-DAG:     %[[BIG:.*]] = stablehlo.compare  GT, %[[A]], %{{.*}}
// CHECK:         %[[R:.*]] = stablehlo.select %[[BIG]],
// CHECK:         return %[[R]]
// CHECK-NOT:     chlo.
func.func @sinh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @all_decomposed
// CHECK-NOT:     chlo.
// CHECK:         return
func.func @all_decomposed(%x: tensor<4xf32>, %y: tensor<4xf32>, %h: tensor<4xf16>)
    -> (tensor<4xf32>, tensor<4xf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.erfc %h : tensor<4xf16> -> tensor<4xf16>
  %2 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>
  %5 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  %6 = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>
  %7 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  %8 = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>
  %9 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf16>, tensor<4xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
      tensor<4xf32>
}
