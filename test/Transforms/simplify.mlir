// The `simplify` phase as one pipeline: canonicalize, CSE, chlo and
// composite decompositions, canonicalize, CSE.
// RUN: systole-opt %s --systole-simplify | FileCheck %s

// The two erf decompositions share their constants and their ops (CSE);
// the unused gelu branch is removed; the dot becomes a dot_general.
// CHECK-LABEL: func.func @gelu_and_dot
// CHECK-COUNT-1: stablehlo.abs
// CHECK-NOT:     stablehlo.abs
// CHECK-NOT:     stablehlo.dot %
// CHECK:         stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0]
// CHECK-NOT:     chlo.
// CHECK:         return %[[ERF:.*]], %[[ERF]], %{{.*}} : tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>
func.func @gelu_and_dot(%x: tensor<4xf32>, %a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>) {
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
  %3 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %3 : tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>
}
