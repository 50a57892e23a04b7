// RUN: systole-opt %s --systole-scatter-indices-to-windows --split-input-file | FileCheck %s

// The KV-cache update as PyTorch/XLA exports it: the batch (constant 0 on a
// unit dim), head (a dynamic_iota times 1) and feature (iota) components
// are iotas along their own update dims, and the position does not vary
// along them: [1 x 4 x 8] windows at the five positions, the positions
// sliced out of the component at the window dims' first index.
// CHECK-LABEL: func.func @kv_cache
// CHECK: %[[PB:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [2, 3]
// CHECK: %[[P:.*]] = stablehlo.reshape %[[PB]] : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
// CHECK: %[[S:.*]] = stablehlo.slice %[[P]] [0:1, 0:1, 0:5, 0:1, 0:1] : (tensor<1x4x5x8x1xi64>) -> tensor<1x1x5x1x1xi64>
// CHECK: %[[I:.*]] = stablehlo.reshape %[[S]] : (tensor<1x1x5x1x1xi64>) -> tensor<5x1xi64>
// CHECK: "stablehlo.scatter"(%arg0, %[[I]], %arg2)
// CHECK-SAME: update_window_dims = [0, 1, 3], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2], index_vector_dim = 1
// CHECK: stablehlo.return %{{.*}} : tensor<f32>
// CHECK: }) : (tensor<1x4x16x8xf32>, tensor<5x1xi64>, tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32>
func.func @kv_cache(%cache: tensor<1x4x16x8xf32>, %pos: tensor<5x1xi64>, %upd: tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<1x4x5x8xi64>
  %b = stablehlo.reshape %zero : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %n = stablehlo.constant dense<4> : tensor<1xi64>
  %hi = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
  %one = stablehlo.constant dense<1> : tensor<4xi64>
  %h1 = stablehlo.multiply %hi, %one : tensor<4xi64>
  %hb = stablehlo.broadcast_in_dim %h1, dims = [1] : (tensor<4xi64>) -> tensor<1x4x5x8xi64>
  %h = stablehlo.reshape %hb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %pb = stablehlo.broadcast_in_dim %pos, dims = [2, 3] : (tensor<5x1xi64>) -> tensor<1x4x5x8xi64>
  %p = stablehlo.reshape %pb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %di = stablehlo.iota dim = 3 : tensor<1x4x5x8xi64>
  %d = stablehlo.reshape %di : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %idx = stablehlo.concatenate %b, %h, %p, %d, dim = 4 : (tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>) -> tensor<1x4x5x8x4xi64>
  %r = "stablehlo.scatter"(%cache, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %v: tensor<f32>):
    stablehlo.return %v : tensor<f32>
  }) : (tensor<1x4x16x8xf32>, tensor<1x4x5x8x4xi64>, tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32>
  return %r : tensor<1x4x16x8xf32>
}

// -----

// The feature iota runs to 7 but the operand's feature dim has 4 entries:
// the element-wise scatter skips only the out-of-bounds elements, a window
// would skip them all, so the scatter stays as it is.
// CHECK-LABEL: func.func @window_longer_than_operand
// CHECK: "stablehlo.scatter"
// CHECK-SAME: inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4
func.func @window_longer_than_operand(%cache: tensor<1x4x16x4xf32>, %pos: tensor<5x1xi64>, %upd: tensor<1x4x5x8xf32>) -> tensor<1x4x16x4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<1x4x5x8xi64>
  %b = stablehlo.reshape %zero : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %n = stablehlo.constant dense<4> : tensor<1xi64>
  %hi = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
  %one = stablehlo.constant dense<1> : tensor<4xi64>
  %h1 = stablehlo.multiply %hi, %one : tensor<4xi64>
  %hb = stablehlo.broadcast_in_dim %h1, dims = [1] : (tensor<4xi64>) -> tensor<1x4x5x8xi64>
  %h = stablehlo.reshape %hb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %pb = stablehlo.broadcast_in_dim %pos, dims = [2, 3] : (tensor<5x1xi64>) -> tensor<1x4x5x8xi64>
  %p = stablehlo.reshape %pb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %di = stablehlo.iota dim = 3 : tensor<1x4x5x8xi64>
  %d = stablehlo.reshape %di : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %idx = stablehlo.concatenate %b, %h, %p, %d, dim = 4 : (tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>) -> tensor<1x4x5x8x4xi64>
  %r = "stablehlo.scatter"(%cache, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %v: tensor<f32>):
    stablehlo.return %v : tensor<f32>
  }) : (tensor<1x4x16x4xf32>, tensor<1x4x5x8x4xi64>, tensor<1x4x5x8xf32>) -> tensor<1x4x16x4xf32>
  return %r : tensor<1x4x16x4xf32>
}

// -----

// The position varies along the feature dim (a [5 x 8] input broadcast over
// batch and heads): not a window along it, so the scatter stays.
// CHECK-LABEL: func.func @position_varies_along_window
// CHECK: "stablehlo.scatter"
// CHECK-SAME: inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4
func.func @position_varies_along_window(%cache: tensor<1x4x16x8xf32>, %pos: tensor<5x8xi64>, %upd: tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<1x4x5x8xi64>
  %b = stablehlo.reshape %zero : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %n = stablehlo.constant dense<4> : tensor<1xi64>
  %hi = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
  %one = stablehlo.constant dense<1> : tensor<4xi64>
  %h1 = stablehlo.multiply %hi, %one : tensor<4xi64>
  %hb = stablehlo.broadcast_in_dim %h1, dims = [1] : (tensor<4xi64>) -> tensor<1x4x5x8xi64>
  %h = stablehlo.reshape %hb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %pb = stablehlo.broadcast_in_dim %pos, dims = [2, 3] : (tensor<5x8xi64>) -> tensor<1x4x5x8xi64>
  %p = stablehlo.reshape %pb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %di = stablehlo.iota dim = 3 : tensor<1x4x5x8xi64>
  %d = stablehlo.reshape %di : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %idx = stablehlo.concatenate %b, %h, %p, %d, dim = 4 : (tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>) -> tensor<1x4x5x8x4xi64>
  %r = "stablehlo.scatter"(%cache, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %v: tensor<f32>):
    stablehlo.return %v : tensor<f32>
  }) : (tensor<1x4x16x8xf32>, tensor<1x4x5x8x4xi64>, tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32>
  return %r : tensor<1x4x16x8xf32>
}

// -----

// Index components of widths 1, 2 and 0 along the index vector dim (they
// add up to the rank, but are not one component per dim): the scatter stays
// (the review's reproducer wrote 24 of 40 elements wrongly before).
// CHECK-LABEL: func.func @components_of_other_widths
// CHECK: "stablehlo.scatter"
// CHECK-SAME: inserted_window_dims = [0, 1, 2], scatter_dims_to_operand_dims = [0, 1, 2], index_vector_dim = 3
func.func @components_of_other_widths(%op: tensor<2x5x4xf32>, %q: tensor<3x2xi64>, %upd: tensor<2x3x4xf32>) -> tensor<2x5x4xf32> {
  %x0 = stablehlo.iota dim = 0 : tensor<2x3x4x1xi64>
  %x1 = stablehlo.broadcast_in_dim %q, dims = [1, 3] : (tensor<3x2xi64>) -> tensor<2x3x4x2xi64>
  %x2 = stablehlo.iota dim = 0 : tensor<2x3x4x0xi64>
  %idx = stablehlo.concatenate %x0, %x1, %x2, dim = 3 : (tensor<2x3x4x1xi64>, tensor<2x3x4x2xi64>, tensor<2x3x4x0xi64>) -> tensor<2x3x4x3xi64>
  %r = "stablehlo.scatter"(%op, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2], scatter_dims_to_operand_dims = [0, 1, 2], index_vector_dim = 3>, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %u: tensor<f32>):
    %s = stablehlo.add %x, %u : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x5x4xf32>, tensor<2x3x4x3xi64>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  return %r : tensor<2x5x4xf32>
}

// -----

// Empty updates: nothing to scatter, left alone (an empty component would
// pass as an iota of any dim).
// CHECK-LABEL: func.func @empty_updates
// CHECK: "stablehlo.scatter"
// CHECK-SAME: inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2
func.func @empty_updates(%op: tensor<2x3xf32>, %pos: tensor<5xi64>, %upd: tensor<0x5xf32>) -> tensor<2x3xf32> {
  %z = stablehlo.iota dim = 0 : tensor<0x5x1xi64>
  %pb = stablehlo.broadcast_in_dim %pos, dims = [1] : (tensor<5xi64>) -> tensor<0x5xi64>
  %p = stablehlo.reshape %pb : (tensor<0x5xi64>) -> tensor<0x5x1xi64>
  %idx = stablehlo.concatenate %z, %p, dim = 2 : (tensor<0x5x1xi64>, tensor<0x5x1xi64>) -> tensor<0x5x2xi64>
  %r = "stablehlo.scatter"(%op, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %u: tensor<f32>):
    stablehlo.return %u : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<0x5x2xi64>, tensor<0x5xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// One update window (x.at[i].set(row)): a second, out-of-bounds copy (index
// -1, which the spec skips) keeps the lowering's loop over windows.
// CHECK-LABEL: func.func @single_window
// CHECK: %[[I:.*]] = stablehlo.reshape %arg1 : (tensor<1xi32>) -> tensor<1x1xi32>
// CHECK: %[[OUT:.*]] = stablehlo.constant dense<-1> : tensor<1x1xi32>
// CHECK: %[[I2:.*]] = stablehlo.concatenate %[[I]], %[[OUT]], dim = 0 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<2x1xi32>
// CHECK: %[[U:.*]] = stablehlo.reshape %arg2 : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK: %[[U2:.*]] = stablehlo.concatenate %[[U]], %[[U]], dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK: "stablehlo.scatter"(%arg0, %[[I2]], %[[U2]]) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}>
func.func @single_window(%x: tensor<4x3xf32>, %i: tensor<1xi32>, %u: tensor<3xf32>) -> tensor<4x3xf32> {
  %s = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<1xi32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

// -----

// A ui8 index into a dim of 256 or more has no out-of-bounds value: left.
// CHECK-LABEL: func.func @single_window_u8
// CHECK-NOT: concatenate
// CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2)
func.func @single_window_u8(%x: tensor<300xi32>, %i: tensor<ui8>, %u: tensor<i32>) -> tensor<300xi32> {
  %s = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<300xi32>, tensor<ui8>, tensor<i32>) -> tensor<300xi32>
  return %s : tensor<300xi32>
}
