// RUN: systole-opt %s --systole-decompose-composites --split-input-file | FileCheck %s

// batch_norm_inference: the per-feature factor scale * rsqrt(variance + eps)
// is computed on the 1-D operands, then broadcast along feature_index.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[O:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK:         %[[EPS:.*]] = stablehlo.constant dense<1.000000e-03> : tensor<3xf32>
// CHECK:         %[[VE:.*]] = stablehlo.add %[[V]], %[[EPS]] : tensor<3xf32>
// CHECK:         %[[INV:.*]] = stablehlo.rsqrt %[[VE]] : tensor<3xf32>
// CHECK:         %[[F:.*]] = stablehlo.multiply %[[S]], %[[INV]] : tensor<3xf32>
// CHECK:         %[[MB:.*]] = stablehlo.broadcast_in_dim %[[M]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[C:.*]] = stablehlo.subtract %[[X]], %[[MB]] : tensor<2x3x4xf32>
// CHECK:         %[[FB:.*]] = stablehlo.broadcast_in_dim %[[F]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[P:.*]] = stablehlo.multiply %[[C]], %[[FB]] : tensor<2x3x4xf32>
// CHECK:         %[[OB:.*]] = stablehlo.broadcast_in_dim %[[O]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[R:.*]] = stablehlo.add %[[P]], %[[OB]] : tensor<2x3x4xf32>
// CHECK:         return %[[R]]
// CHECK-NOT:     batch_norm_inference
func.func @batch_norm(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>,
                      %mean: tensor<3xf32>, %var: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}>
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @dot_matrix
// CHECK:         stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_matrix(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @dot_vector
// CHECK:         stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
func.func @dot_vector(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  %0 = stablehlo.dot %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// clamp with scalar bounds: broadcast, then maximum with the lower bound and
// minimum with the upper one.
// CHECK-LABEL: func.func @clamp_scalar
// CHECK:         %[[LO:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[HI:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[M:.*]] = stablehlo.maximum %arg1, %[[LO]] : tensor<4xf32>
// CHECK:         %[[R:.*]] = stablehlo.minimum %[[M]], %[[HI]] : tensor<4xf32>
// CHECK:         return %[[R]]
func.func @clamp_scalar(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @clamp_tensor
// CHECK-NOT:     broadcast_in_dim
// CHECK:         %[[M:.*]] = stablehlo.maximum %arg1, %arg0 : tensor<4xi32>
// CHECK:         stablehlo.minimum %[[M]], %arg2 : tensor<4xi32>
func.func @clamp_tensor(%lo: tensor<4xi32>, %x: tensor<4xi32>, %hi: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.clamp %lo, %x, %hi : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// logistic is kept: it is one activation-engine instruction.
// CHECK-LABEL: func.func @logistic
// CHECK:         stablehlo.logistic
func.func @logistic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.logistic %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
