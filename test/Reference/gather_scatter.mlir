// gather and scatter on the reference interpreter. gather clamps start
// indices so the slice fits; scatter skips updates whose index is out of
// bounds (StableHLO spec). Expected values by hand.
// RUN: systole-run --backend=reference --entry=gather %s | FileCheck %s --check-prefix=GATHER
// RUN: systole-run --backend=reference --entry=scatter %s | FileCheck %s --check-prefix=SCATTER

// GATHER: result[0]: 2x3xi32={{\[\[}}6 7 8][0 1 2]]
// GATHER: 3 of 3 checks passed
func.func @gather() -> tensor<2x3xi32> {
  // x[i][j] = 3i + j
  %i9 = stablehlo.iota dim = 0 : tensor<9xi32>
  %x = stablehlo.reshape %i9 : (tensor<9xi32>) -> tensor<3x3xi32>
  %rows = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %g = "stablehlo.gather"(%x, %rows) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<3x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %e_g = stablehlo.constant dense<[[6, 7, 8], [0, 1, 2]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%g, %e_g) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  // 2x2 windows at (1, 1) and at (2, -1), the latter clamped to (1, 0).
  %starts = stablehlo.constant dense<[[1, 1], [2, -1]]> : tensor<2x2xi64>
  %w = "stablehlo.gather"(%x, %starts) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}> : (tensor<3x3xi32>, tensor<2x2xi64>) -> tensor<2x2x2xi32>
  %e_w = stablehlo.constant dense<[[[4, 5], [7, 8]], [[3, 4], [6, 7]]]> : tensor<2x2x2xi32>
  stablehlo.custom_call @check.expect_eq(%w, %e_w) {has_side_effect = true} : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> ()
  // Batching dimensions: batch 0 takes column 2, batch 1 column 0.
  %b = stablehlo.constant dense<[[10.0, 11.0, 12.0], [20.0, 21.0, 22.0]]> : tensor<2x3xf32>
  %bi = stablehlo.constant dense<[[[2]], [[0]]]> : tensor<2x1x1xi32>
  %bg = "stablehlo.gather"(%b, %bi) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<2x3xf32>, tensor<2x1x1xi32>) -> tensor<2x1xf32>
  %e_bg = stablehlo.constant dense<[[12.0], [20.0]]> : tensor<2x1xf32>
  stablehlo.custom_call @check.expect_eq(%bg, %e_bg) {has_side_effect = true} : (tensor<2x1xf32>, tensor<2x1xf32>) -> ()
  return %g : tensor<2x3xi32>
}

// SCATTER: result[0]: 4x2xf32={{\[\[}}10 10][16 18][10 10][13 14]]
// SCATTER: 3 of 3 checks passed
func.func @scatter() -> tensor<4x2xf32> {
  %x = stablehlo.constant dense<10.0> : tensor<4x2xf32>
  %idx = stablehlo.constant dense<[[1], [3], [1]]> : tensor<3x1xi32>
  %upd = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  // Duplicate index 1 accumulates through the combiner.
  %s = "stablehlo.scatter"(%x, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %e_s = stablehlo.constant dense<[[10.0, 10.0], [16.0, 18.0], [10.0, 10.0], [13.0, 14.0]]> : tensor<4x2xf32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<4x2xf32>, tensor<4x2xf32>) -> ()
  // Out-of-bounds indices (4 and -1) are skipped; the combiner replaces.
  %idx2 = stablehlo.constant dense<[[0], [4], [-1], [2]]> : tensor<4x1xi32>
  %upd2 = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %r = "stablehlo.scatter"(%x, %idx2, %upd2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<4x1xi32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %e_r = stablehlo.constant dense<[[1.0, 2.0], [10.0, 10.0], [7.0, 8.0], [10.0, 10.0]]> : tensor<4x2xf32>
  stablehlo.custom_call @check.expect_eq(%r, %e_r) {has_side_effect = true} : (tensor<4x2xf32>, tensor<4x2xf32>) -> ()
  // A window that would run past the end is skipped entirely (start 2 with
  // a 1x2 window on a 3-wide row, full index (0, 2..3) is out of bounds);
  // integer max combiner.
  %y = stablehlo.constant dense<[[1, 9, 1], [5, 5, 5]]> : tensor<2x3xi32>
  %idx3 = stablehlo.constant dense<[[0, 0], [1, 1], [0, 2]]> : tensor<3x2xi32>
  %upd3 = stablehlo.constant dense<[[[4, 4]], [[2, 8]], [[7, 7]]]> : tensor<3x1x2xi32>
  %m = "stablehlo.scatter"(%y, %idx3, %upd3) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %mx = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %mx : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<3x2xi32>, tensor<3x1x2xi32>) -> tensor<2x3xi32>
  %e_m = stablehlo.constant dense<[[4, 9, 1], [5, 5, 8]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%m, %e_m) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  return %s : tensor<4x2xf32>
}
