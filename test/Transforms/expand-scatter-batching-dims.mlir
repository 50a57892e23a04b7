// RUN: systole-opt %s --systole-expand-scatter-batching-dims --split-input-file | FileCheck %s

// jax.vmap of `x.at[i].set(u)`: one element per batch row. The batch row
// gets an iota component (dim 0 of the [4 x 1] indices), placed first as it
// addresses operand dim 0, and becomes an inserted window dim.
// CHECK-LABEL: func.func @vmapped_set
// CHECK: %[[B:.*]] = stablehlo.iota dim = 0 : tensor<4x1xi32>
// CHECK: %[[I:.*]] = stablehlo.concatenate %[[B]], %arg1, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
// CHECK: "stablehlo.scatter"(%arg0, %[[I]], %arg2)
// CHECK-SAME: indices_are_sorted = false
// CHECK-SAME: scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>
// CHECK-SAME: unique_indices = true
// CHECK-NOT: batching_dims
func.func @vmapped_set(%x: tensor<4x8xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<4x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// An implicit index vector dim (index_vector_dim = rank 2) becomes an
// explicit one; the batch dim of the input is 1 and pairs with dim 1 of the
// indices; the update windows of 6 elements stay.
// CHECK-LABEL: func.func @implicit_index_vector
// CHECK: %[[R:.*]] = stablehlo.reshape %arg1 : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
// CHECK: %[[B:.*]] = stablehlo.iota dim = 1 : tensor<2x3x1xi32>
// CHECK: %[[I:.*]] = stablehlo.concatenate %[[R]], %[[B]], dim = 2 : (tensor<2x3x1xi32>, tensor<2x3x1xi32>) -> tensor<2x3x2xi32>
// CHECK: "stablehlo.scatter"(%arg0, %[[I]], %arg2)
// CHECK-SAME: update_window_dims = [2], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 2>
func.func @implicit_index_vector(%x: tensor<5x3x6xf32>, %i: tensor<2x3xi32>, %u: tensor<2x3x6xf32>) -> tensor<5x3x6xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3x6xf32>, tensor<2x3xi32>, tensor<2x3x6xf32>) -> tensor<5x3x6xf32>
  return %r : tensor<5x3x6xf32>
}

// -----

// Two index components that address operand dims 2 and 1, in that order, and
// a batching dim 0: the components are sliced out and concatenated in the
// order of their operand dims (0, 1, 2).
// CHECK-LABEL: func.func @components_in_operand_order
// CHECK-DAG: %[[C0:.*]] = stablehlo.slice %arg1 [0:3, 0:1] : (tensor<3x2xi32>) -> tensor<3x1xi32>
// CHECK-DAG: %[[C1:.*]] = stablehlo.slice %arg1 [0:3, 1:2] : (tensor<3x2xi32>) -> tensor<3x1xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.iota dim = 0 : tensor<3x1xi32>
// CHECK: %[[I:.*]] = stablehlo.concatenate %[[B]], %[[C1]], %[[C0]], dim = 1 : (tensor<3x1xi32>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x3xi32>
// CHECK: "stablehlo.scatter"(%arg0, %[[I]], %arg2)
// CHECK-SAME: inserted_window_dims = [0, 1, 2], scatter_dims_to_operand_dims = [0, 1, 2], index_vector_dim = 1>
func.func @components_in_operand_order(%x: tensor<3x4x5xf32>, %i: tensor<3x2xi32>, %u: tensor<3xf32>) -> tensor<3x4x5xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x4x5xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<3x4x5xf32>
  return %r : tensor<3x4x5xf32>
}

// -----

// ui8 indices hold batch coordinates up to 255: a batch of 4 keeps them, a
// batch of 300 converts the indices to i32 first.
// CHECK-LABEL: func.func @ui8_small_batch
// CHECK-NOT: stablehlo.convert
// CHECK: stablehlo.iota dim = 0 : tensor<4x1xui8>
// CHECK: stablehlo.concatenate {{.*}} -> tensor<4x2xui8>
// CHECK-LABEL: func.func @ui8_large_batch
// CHECK: %[[W:.*]] = stablehlo.convert %arg1 : (tensor<300x1xui8>) -> tensor<300x1xi32>
// CHECK: %[[B:.*]] = stablehlo.iota dim = 0 : tensor<300x1xi32>
// CHECK: stablehlo.concatenate %[[B]], %[[W]], dim = 1 : (tensor<300x1xi32>, tensor<300x1xi32>) -> tensor<300x2xi32>
func.func @ui8_small_batch(%x: tensor<4x8xf32>, %i: tensor<4x1xui8>, %u: tensor<4xf32>) -> tensor<4x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x1xui8>, tensor<4xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @ui8_large_batch(%x: tensor<300x8xf32>, %i: tensor<300x1xui8>, %u: tensor<300xf32>) -> tensor<300x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<300x8xf32>, tensor<300x1xui8>, tensor<300xf32>) -> tensor<300x8xf32>
  return %r : tensor<300x8xf32>
}

// -----

// Without batching dims the scatter is left as it is.
// CHECK-LABEL: func.func @no_batching
// CHECK-NOT: stablehlo.iota
// CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2)
// CHECK-SAME: indices_are_sorted = true
func.func @no_batching(%x: tensor<8xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
