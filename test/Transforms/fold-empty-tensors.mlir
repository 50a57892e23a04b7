// RUN: systole-opt %s --systole-fold-empty-tensors --split-input-file | FileCheck %s

// A dot_general over an empty contracting dim is zeros; an elementwise op
// on an empty tensor is an empty constant.
// CHECK-LABEL: func.func @contraction
// CHECK-DAG:     %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG:     %[[E:.*]] = stablehlo.constant dense<> : tensor<2x0xf32>
// CHECK-NOT:     stablehlo.dot_general
// CHECK-NOT:     stablehlo.exponential
// CHECK:         return %[[Z]], %[[E]]
func.func @contraction(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>) -> (tensor<2x3xf32>, tensor<2x0xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.exponential %a : tensor<2x0xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x0xf32>
}

// -----

// Integer `dot` and a convolution with no input features: zeros.
// CHECK-LABEL: func.func @zeros
// CHECK-DAG:     stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG:     stablehlo.constant dense<0.000000e+00> : tensor<1x2x3x3xf32>
// CHECK-NOT:     stablehlo.dot
// CHECK-NOT:     stablehlo.convolution
func.func @zeros(%a: tensor<4x0xi32>, %b: tensor<0xi32>, %x: tensor<1x0x5x5xf32>, %w: tensor<2x0x3x3xf32>) -> (tensor<4xi32>, tensor<1x2x3x3xf32>) {
  %0 = stablehlo.dot %a, %b : (tensor<4x0xi32>, tensor<0xi32>) -> tensor<4xi32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x0x5x5xf32>, tensor<2x0x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %0, %1 : tensor<4xi32>, tensor<1x2x3x3xf32>
}

// -----

// A variadic reduce over an empty dim: each result is its init value.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME:    (%[[X:.*]]: tensor<3x0xf32>, %[[I:.*]]: tensor<3x0xi32>, %[[X0:.*]]: tensor<f32>, %[[I0:.*]]: tensor<i32>)
// CHECK-DAG:     %[[A:.*]] = stablehlo.broadcast_in_dim %[[X0]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK-DAG:     %[[B:.*]] = stablehlo.broadcast_in_dim %[[I0]], dims = [] : (tensor<i32>) -> tensor<3xi32>
// CHECK-NOT:     stablehlo.reduce
// CHECK:         return %[[A]], %[[B]]
func.func @reduce(%x: tensor<3x0xf32>, %i: tensor<3x0xi32>, %x0: tensor<f32>, %i0: tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0:2 = stablehlo.reduce(%x init: %x0), (%i init: %i0) across dimensions = [1] : (tensor<3x0xf32>, tensor<3x0xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %m = stablehlo.maximum %a, %c : tensor<f32>
    %n = stablehlo.minimum %b, %d : tensor<i32>
    stablehlo.return %m, %n : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

// A pad of an empty operand is all padding; a concatenate drops its empty
// inputs (down to the one input left).
// CHECK-LABEL: func.func @pad_concatenate
// CHECK-SAME:    (%[[A:.*]]: tensor<2x0xf32>, %[[C:.*]]: tensor<2x3xf32>, %[[D:.*]]: tensor<2x4xf32>, %[[P:.*]]: tensor<f32>)
// CHECK-DAG:     %[[PAD:.*]] = stablehlo.broadcast_in_dim %[[P]], dims = [] : (tensor<f32>) -> tensor<3x2xf32>
// CHECK-DAG:     %[[CAT:.*]] = stablehlo.concatenate %[[C]], %[[D]], dim = 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
// CHECK:         return %[[PAD]], %[[CAT]], %[[C]]
func.func @pad_concatenate(%a: tensor<2x0xf32>, %c: tensor<2x3xf32>, %d: tensor<2x4xf32>, %p: tensor<f32>) -> (tensor<3x2xf32>, tensor<2x7xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.pad %a, %p, low = [0, 1], high = [1, 1], interior = [0, 0] : (tensor<2x0xf32>, tensor<f32>) -> tensor<3x2xf32>
  %1 = stablehlo.concatenate %a, %c, %a, %d, dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>, tensor<2x0xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %2 = stablehlo.concatenate %c, %a, dim = 1 : (tensor<2x3xf32>, tensor<2x0xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<2x7xf32>, tensor<2x3xf32>
}

// -----

// No updates leave the operand.
// CHECK-LABEL: func.func @updates
// CHECK-SAME:    (%[[O:.*]]: tensor<4x3xf32>
// CHECK-NOT:     stablehlo.dynamic_update_slice
// CHECK-NOT:     stablehlo.scatter
// CHECK:         return %[[O]], %[[O]]
func.func @updates(%o: tensor<4x3xf32>, %u: tensor<0x3xf32>, %i: tensor<i32>, %idx: tensor<0x1xi32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = stablehlo.dynamic_update_slice %o, %u, %i, %i : (tensor<4x3xf32>, tensor<0x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  %1 = "stablehlo.scatter"(%o, %idx, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x3xf32>, tensor<0x1xi32>, tensor<0x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// Non-empty operands, and an op with side effects: unchanged.
// CHECK-LABEL: func.func @unchanged
// CHECK:         stablehlo.dot_general
// CHECK:         stablehlo.custom_call @check.expect_close
func.func @unchanged(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>, %e: tensor<2x0xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  stablehlo.custom_call @check.expect_close(%e, %e) {has_side_effect = true} : (tensor<2x0xf32>, tensor<2x0xf32>) -> ()
  return %0 : tensor<2x3xf32>
}
