// RUN: systole-opt %s --systole-dynamic-slices-to-rows --split-input-file | FileCheck %s

// A computed start on dim 0 and a constant one on dim 1: rows
// clamp(i, 0, 6 - 2) + iota of %x [6, 5] gathered whole, then columns 1..3.
// CHECK-LABEL: func.func @slice
// CHECK-DAG: %[[LO:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[HI:.*]] = stablehlo.constant dense<4> : tensor<i32>
// CHECK-DAG: %[[I:.*]] = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<i32>
// CHECK: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[I]], %[[HI]]
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<2xi32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = []
// CHECK: %[[ROWS:.*]] = stablehlo.add %[[B]], %[[IOTA]] : tensor<2xi32>
// CHECK: %[[IDX:.*]] = stablehlo.reshape %[[ROWS]] : (tensor<2xi32>) -> tensor<2x1xi32>
// CHECK: %[[G:.*]] = "stablehlo.gather"(%{{.*}}, %[[IDX]]) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<6x5xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
// CHECK: %[[R:.*]] = stablehlo.reshape %[[G]]
// CHECK: %[[S:.*]] = stablehlo.slice %[[R]] [0:2, 1:4]
// CHECK: return %[[S]]
func.func @slice(%x: tensor<6x5xf32>, %i: tensor<i64>) -> tensor<2x3xf32> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %v = stablehlo.dynamic_slice %x, %i, %one, sizes = [2, 3] : (tensor<6x5xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %v : tensor<2x3xf32>
}

// -----

// A KV-cache write [2, 1, 4] into [2, 8, 4] at (0, p, 0): rows
// (clamp(p, 0, 7) + 0) + (0 + iota) * 8 of the cache as [16, 4], scattered
// whole, the update computation returning the update.
// CHECK-LABEL: func.func @update_rows
// CHECK: %[[ROWS:.*]] = stablehlo.reshape %arg0 : (tensor<2x8x4xf32>) -> tensor<16x4xf32>
// CHECK: stablehlo.clamp
// CHECK: stablehlo.multiply
// CHECK: %[[IDX:.*]] = stablehlo.reshape {{.*}} -> tensor<2x1xi32>
// CHECK: %[[U:.*]] = stablehlo.reshape %arg1 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[S:.*]] = "stablehlo.scatter"(%[[ROWS]], %[[IDX]], %[[U]])
// CHECK-SAME: update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1
// CHECK-SAME: unique_indices = true
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT: stablehlo.return %[[NEW]]
// CHECK: %[[R:.*]] = stablehlo.reshape %[[S]] : (tensor<16x4xf32>) -> tensor<2x8x4xf32>
// CHECK: return %[[R]]
func.func @update_rows(%cache: tensor<2x8x4xf32>, %new: tensor<2x1x4xf32>, %p: tensor<i32>) -> tensor<2x8x4xf32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.dynamic_update_slice %cache, %new, %z, %p, %z : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x4xf32>
  return %c : tensor<2x8x4xf32>
}

// -----

// A partial row (columns 2..3 of 5): the rows are gathered, updated at the
// static offset 2, and scattered back.
// CHECK-LABEL: func.func @update_partial
// CHECK: %[[G:.*]] = "stablehlo.gather"
// CHECK: %[[W:.*]] = stablehlo.reshape %[[G]] : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK: %[[DUS:.*]] = stablehlo.dynamic_update_slice %[[W]], %arg1, %{{.*}}, %{{.*}} : (tensor<3x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x5xf32>
// CHECK: %[[U:.*]] = stablehlo.reshape %[[DUS]]
// CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %[[U]])
func.func @update_partial(%x: tensor<6x5xf32>, %u: tensor<3x2xf32>, %p: tensor<i32>) -> tensor<6x5xf32> {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %c = stablehlo.dynamic_update_slice %x, %u, %p, %two : (tensor<6x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<6x5xf32>
  return %c : tensor<6x5xf32>
}

// -----

// Constant starts (a static slice after lowering) and computed ui32 starts
// (values of 2^31 and above would not convert to i32) are left unchanged.
// CHECK-LABEL: func.func @unchanged
// CHECK: stablehlo.dynamic_slice %arg0, %{{.*}}, %{{.*}}, sizes = [2, 3]
// CHECK: stablehlo.dynamic_slice %arg0, %arg1, %{{.*}}, sizes = [2, 3]
// CHECK-NOT: gather
func.func @unchanged(%x: tensor<6x5xf32>, %u: tensor<ui32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %v = stablehlo.dynamic_slice %x, %one, %one, sizes = [2, 3] : (tensor<6x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %uone = stablehlo.constant dense<1> : tensor<ui32>
  %w = stablehlo.dynamic_slice %x, %u, %uone, sizes = [2, 3] : (tensor<6x5xf32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3xf32>
  return %v, %w : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// One row: indices and update written twice (the same values), so the
// scatter is a loop the `ncore` phase lowers; not unique.
// CHECK-LABEL: func.func @update_one_row
// CHECK: %[[IDX:.*]] = stablehlo.reshape {{.*}} -> tensor<1x1xi32>
// CHECK: %[[U:.*]] = stablehlo.reshape %arg1 : (tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK: %[[I2:.*]] = stablehlo.concatenate %[[IDX]], %[[IDX]], dim = 0 : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<2x1xi32>
// CHECK: %[[U2:.*]] = stablehlo.concatenate %[[U]], %[[U]], dim = 0 : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK: "stablehlo.scatter"(%{{.*}}, %[[I2]], %[[U2]])
// CHECK-SAME: unique_indices = false
func.func @update_one_row(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %p: tensor<i32>) -> tensor<8x4xf32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.dynamic_update_slice %cache, %row, %p, %z : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// Computed ui8 starts convert to i32 by value, then clamp.
// CHECK-LABEL: func.func @unsigned_narrow
// CHECK: %[[S:.*]] = stablehlo.convert %arg1 : (tensor<ui8>) -> tensor<i32>
// CHECK: stablehlo.clamp %{{.*}}, %[[S]], %{{.*}} : tensor<i32>
// CHECK: "stablehlo.gather"
// CHECK-NOT: dynamic_slice
func.func @unsigned_narrow(%x: tensor<6x5xf32>, %u: tensor<ui8>) -> tensor<2x5xf32> {
  %z = stablehlo.constant dense<0> : tensor<ui8>
  %w = stablehlo.dynamic_slice %x, %u, %z, sizes = [2, 5] : (tensor<6x5xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x5xf32>
  return %w : tensor<2x5xf32>
}

// -----

// A computed start of a dim the window spans whole is 0: the window is
// static (one row of 190 x 387 elements would not fit on chip).
// CHECK-LABEL: func.func @whole_dim
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: stablehlo.dynamic_update_slice %arg0, %arg1, %[[Z]], %{{.*}}, %{{.*}} :
// CHECK-NOT: scatter
func.func @whole_dim(%x: tensor<1x190x387xf16>, %u: tensor<1x11x250xf16>, %p: tensor<i32>) -> tensor<1x190x387xf16> {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %w = stablehlo.dynamic_update_slice %x, %u, %p, %c, %c : (tensor<1x190x387xf16>, tensor<1x11x250xf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x190x387xf16>
  return %w : tensor<1x190x387xf16>
}

// -----

// Two computed starts on [8192 x 4096]: 2^25 rows of one element, past
// what the engines' i32 arithmetic indexes exactly. The slice is split: the
// 4 rows at the clamped row start are gathered whole (8192 row indices),
// then the 8 columns at the clamped column start are gathered out of those
// [4 x 4096] (16384 one-element rows).
// CHECK-LABEL: func.func @two_starts_past_2_24
// CHECK: %[[RI:.*]] = stablehlo.reshape %{{.*}} : (tensor<4xi32>) -> tensor<4x1xi32>
// CHECK: %[[ROWS:.*]] = "stablehlo.gather"(%{{.*}}, %[[RI]])
// CHECK-SAME: slice_sizes = array<i64: 1, 4096>
// CHECK-SAME: (tensor<8192x4096xf32>, tensor<4x1xi32>) -> tensor<4x4096xf32>
// CHECK: %[[HI:.*]] = stablehlo.constant dense<4088> : tensor<i32>
// CHECK: stablehlo.clamp %{{.*}}, %arg2, %[[HI]]
// CHECK: %[[FLAT:.*]] = stablehlo.reshape %{{.*}} : (tensor<4x4096xf32>) -> tensor<16384xf32>
// CHECK: "stablehlo.gather"
// CHECK-SAME: -> tensor<32xf32>
// CHECK-NOT: dynamic_slice
func.func @two_starts_past_2_24(%x: tensor<8192x4096xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x8xf32> {
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [4, 8] : (tensor<8192x4096xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// The update at two computed starts on [8192 x 4096]: the 4 rows at the
// row start are gathered whole, their 8 columns at the column start
// scattered as one-element rows of the [4 x 4096] window, and the window's
// rows scattered back.
// CHECK-LABEL: func.func @update_past_2_24
// CHECK: "stablehlo.gather"
// CHECK-SAME: (tensor<8192x4096xf32>, tensor<4x1xi32>) -> tensor<4x4096xf32>
// CHECK: "stablehlo.scatter"
// CHECK: }) : (tensor<16384xf32>, tensor<32x1xi32>, tensor<32xf32>) -> tensor<16384xf32>
// CHECK: "stablehlo.scatter"
// CHECK: }) : (tensor<8192x4096xf32>, tensor<4x1xi32>, tensor<4x4096xf32>) -> tensor<8192x4096xf32>
// CHECK-NOT: dynamic_update_slice
// CHECK-NOT: dynamic_slice
func.func @update_past_2_24(%x: tensor<8192x4096xf32>, %u: tensor<4x8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<8192x4096xf32> {
  %r = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<8192x4096xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8192x4096xf32>
  return %r : tensor<8192x4096xf32>
}
