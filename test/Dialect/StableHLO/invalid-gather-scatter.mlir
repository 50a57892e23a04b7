// Verifier errors of gather and scatter (spec constraints on dimension
// numbers and shapes, batching dimensions included).
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @g_sizes_count(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op slice_sizes needs 2 entries}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_size_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op slice size 5 of dimension 1 is out of range}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @g_ivd(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op index_vector_dim is out of range}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_collapsed(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op collapsed_slice_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_map_twice(%x: tensor<5x4xf32>, %i: tensor<2x2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map entry 0 appears twice}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_obd_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims entry 7 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [7], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_collapsed_size(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op collapsed dimension 0 must have slice size 0 or 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_map_count(%x: tensor<5x4xf32>, %i: tensor<2x2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op start_index_map has 1 entries, the index vector has 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_batching_len(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op operand_batching_dims and start_indices_batching_dims differ in length}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @g_sbd_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op start_indices_batching_dims entry 4 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [4], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @g_batch_collapsed(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op dimension 0 is both collapsed and a batching dimension}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @g_batch_ivd(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op index_vector_dim 1 cannot be a batching dimension}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @g_batch_sizes(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op batching dimension sizes differ: 4 vs 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @g_batch_slice(%x: tensor<2x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op batching dimension 0 must have slice size 0 or 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<2x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_offset_count(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims has 2 entries, the slice keeps 1 dimensions}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4x1xf32>
  return
}

// -----

func.func @g_offset_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @g_offset_sorted(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op offset_dims must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x1x4xf32>
  return
}

// -----

func.func @g_result_shape(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op result shape must be [2, 4], got 'tensor<4x2xf32>'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @g_result_type(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.gather' op result element type must be 'f32'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf16>
  return
}

// -----

func.func @s_ivd(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op index_vector_dim is out of range}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_inserted(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op inserted_window_dims entry 3 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [3], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_to_operand(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims entry 0 appears twice}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_result(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op result 0 type must equal input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf16>
  return
}

// -----

func.func @s_batching_len(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op input_batching_dims and scatter_indices_batching_dims differ in length}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_ibd_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op input_batching_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_sbd_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_indices_batching_dims entry 5 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [5], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_map_count(%x: tensor<5x4xf32>, %i: tensor<2x2xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op scatter_dims_to_operand_dims has 1 entries, the index vector has 2}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x2xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_window_count(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4x1xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims has 2 entries, the input keeps 1 window dimensions}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4x1xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_window_range(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_window_sorted(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_window_dims must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4x5xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_update_rank(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4x1xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update 0 must have rank 2, got 'tensor<2x4x1xf32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4x1xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_update_type(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf16>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update 0 element type must equal input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf16>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_update_window(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update 0 dimension 1 of size 5 does not fit}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_update_batch(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<3x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update 0 dimension 0 of size 3 does not fit}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_body_args(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation needs 2 arguments}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_body_arg_types(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f32>', 'tensor<4xf32>')}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<4xf32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_body_return(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op update_computation must return 1 values of types ('tensor<f32>'), got ('tensor<i32>')}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.constant dense<0> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @s_no_inputs(%i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op needs as many updates and results as inputs}}
  "stablehlo.scatter"(%i) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 1>}> ({
    stablehlo.return
  }) : (tensor<2x1xi32>) -> ()
  return
}

// -----

func.func @s_input_shapes(%x: tensor<5x4xf32>, %y: tensor<4x5xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.scatter' op inputs must have the same shape}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<5x4xf32>, tensor<4x5xf32>, tensor<2x1xi32>, tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<5x4xf32>, tensor<4x5xf32>)
  return
}
