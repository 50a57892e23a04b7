// RUN: systole-opt %s --systole-scatters-as-masked-reductions --split-input-file | FileCheck %s

// segment_max: [6 x 3] update rows into [5 x 3] at the rows the indices
// give. The masked tensor is [5 x 3 x 6] (operand dims, then the update's
// scatter dim): an update where its index is in [0, 4] and equals the row,
// -inf elsewhere, reduced over the updates and combined with the operand.
// CHECK-LABEL: func.func @segment_max
// CHECK: %[[S:.*]] = stablehlo.reshape %{{.*}} : (tensor<6x1xi32>) -> tensor<6xi32>
// CHECK: %[[HI:.*]] = stablehlo.constant dense<4> : tensor<6xi32>
// CHECK: %[[LE:.*]] = stablehlo.compare {{ *}}LE, %[[S]], %[[HI]]
// CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<6xi32>
// CHECK: %[[GE:.*]] = stablehlo.compare {{ *}}GE, %[[S]], %[[ZERO]]
// CHECK: %[[OK:.*]] = stablehlo.and %[[GE]], %[[LE]] : tensor<6xi1>
// CHECK: %[[OKB:.*]] = stablehlo.broadcast_in_dim %[[OK]], dims = [2] : (tensor<6xi1>) -> tensor<5x3x6xi1>
// CHECK: %[[ROW:.*]] = stablehlo.iota dim = 0 : tensor<5x3x6xi32>
// CHECK: %[[SB:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [2] : (tensor<6xi32>) -> tensor<5x3x6xi32>
// CHECK: %[[EQ:.*]] = stablehlo.compare {{ *}}EQ, %[[ROW]], %[[SB]]
// CHECK: %[[COV:.*]] = stablehlo.and %[[OKB]], %[[EQ]] : tensor<5x3x6xi1>
// CHECK: %[[U:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [2, 1] : (tensor<6x3xf32>) -> tensor<5x3x6xf32>
// CHECK: %[[NEGINFS:.*]] = stablehlo.constant dense<0xFF800000> : tensor<5x3x6xf32>
// CHECK: %[[M:.*]] = stablehlo.select %[[COV]], %[[U]], %[[NEGINFS]]
// CHECK: %[[NEGINF:.*]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK: %[[R:.*]] = stablehlo.reduce(%[[M]] init: %[[NEGINF]]) applies stablehlo.maximum across dimensions = [2] : (tensor<5x3x6xf32>, tensor<f32>) -> tensor<5x3xf32>
// CHECK: %[[OUT:.*]] = stablehlo.maximum %arg0, %[[R]] : tensor<5x3xf32>
// CHECK: return %[[OUT]]
// CHECK-NOT: stablehlo.scatter
func.func @segment_max(%x: tensor<5x3xf32>, %idx: tensor<6x1xi32>, %u: tensor<6x3xf32>) -> tensor<5x3xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x3xf32>, tensor<6x1xi32>, tensor<6x3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

// The identities: +inf for a float minimum, the largest i8 for an i8
// minimum, 0 for a ui8 maximum, 1 for a float multiply (which reduces the
// operand first, then the updates in order), 0 for an integer add, true
// for an i1 and; the combiner is kept (here with its operands swapped).
// CHECK-LABEL: func.func @f32_min
// CHECK: stablehlo.constant dense<0x7F800000> : tensor<f32>
// CHECK: stablehlo.reduce{{.*}}applies stablehlo.minimum
// CHECK-LABEL: func.func @i8_min
// CHECK: stablehlo.constant dense<127> : tensor<i8>
// CHECK-LABEL: func.func @ui8_max
// CHECK: stablehlo.constant dense<0> : tensor<ui8>
// CHECK: stablehlo.reduce{{.*}}applies stablehlo.maximum
// CHECK-LABEL: func.func @bf16_mul
// CHECK: %[[M:.*]] = stablehlo.select
// CHECK: %[[X:.*]] = stablehlo.reshape %arg0 : (tensor<8xbf16>) -> tensor<8x1xbf16>
// CHECK: %[[C:.*]] = stablehlo.concatenate %[[X]], %{{.*}}, dim = 1 : (tensor<8x1xbf16>, tensor<8x4xbf16>) -> tensor<8x5xbf16>
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
// CHECK: %[[R:.*]] = stablehlo.reduce(%[[C]] init: %[[ONE]]) applies stablehlo.multiply across dimensions = [1]
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @i32_add
// CHECK: stablehlo.constant dense<0> : tensor<i32>
// CHECK: stablehlo.reduce{{.*}}applies stablehlo.add
// CHECK-LABEL: func.func @i1_and
// CHECK: stablehlo.constant dense<true> : tensor<i1>
// CHECK: stablehlo.reduce{{.*}}applies stablehlo.and
func.func @f32_min(%x: tensor<8xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.minimum %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @i8_min(%x: tensor<8xi8>, %i: tensor<4x1xi32>, %u: tensor<4xi8>) -> tensor<8xi8> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.minimum %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xi8>, tensor<4x1xi32>, tensor<4xi8>) -> tensor<8xi8>
  return %r : tensor<8xi8>
}
func.func @ui8_max(%x: tensor<8xui8>, %i: tensor<4x1xi32>, %u: tensor<4xui8>) -> tensor<8xui8> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.maximum %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xui8>, tensor<4x1xi32>, tensor<4xui8>) -> tensor<8xui8>
  return %r : tensor<8xui8>
}
func.func @bf16_mul(%x: tensor<8xbf16>, %i: tensor<4x1xi32>, %u: tensor<4xbf16>) -> tensor<8xbf16> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.multiply %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xbf16>, tensor<4x1xi32>, tensor<4xbf16>) -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}
func.func @i32_add(%x: tensor<8xi32>, %i: tensor<4x1xi32>, %u: tensor<4xi32>) -> tensor<8xi32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @i1_and(%x: tensor<8xi1>, %i: tensor<4x1xi32>, %u: tensor<4xi1>) -> tensor<8xi1> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.and %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xi1>, tensor<4x1xi32>, tensor<4xi1>) -> tensor<8xi1>
  return %r : tensor<8xi1>
}

// -----

// Left for the DMA scatter: a float add and an overwrite. Left as
// rejected: an i32 xor (no xor reduction).
// CHECK-LABEL: func.func @f32_add
// CHECK: stablehlo.scatter
// CHECK-LABEL: func.func @overwrite
// CHECK: stablehlo.scatter
// CHECK-LABEL: func.func @i32_xor
// CHECK: stablehlo.scatter
// Windows of 2 in a dim of 8 get a window offset dim after the update's
// scatter dim: p is covered where p == start + offset, starts in [0, 6].
// CHECK-LABEL: func.func @partial_window
// CHECK: %[[S:.*]] = stablehlo.reshape %{{.*}} : (tensor<4x1xi32>) -> tensor<4xi32>
// CHECK: %[[HI:.*]] = stablehlo.constant dense<6> : tensor<4xi32>
// CHECK: stablehlo.compare {{ *}}LE, %[[S]], %[[HI]]
// CHECK: %[[P:.*]] = stablehlo.iota dim = 0 : tensor<8x4x2xi32>
// CHECK: %[[SB:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<4xi32>) -> tensor<8x4x2xi32>
// CHECK: %[[OFF:.*]] = stablehlo.iota dim = 2 : tensor<8x4x2xi32>
// CHECK: %[[AT:.*]] = stablehlo.add %[[SB]], %[[OFF]]
// CHECK: stablehlo.compare {{ *}}EQ, %[[P]], %[[AT]]
// CHECK: stablehlo.broadcast_in_dim %arg2, dims = [1, 2] : (tensor<4x2xf32>) -> tensor<8x4x2xf32>
// CHECK: stablehlo.reduce{{.*}}applies stablehlo.maximum across dimensions = [1, 2] : (tensor<8x4x2xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NOT: stablehlo.scatter
func.func @f32_add(%x: tensor<8xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @overwrite(%x: tensor<8xi32>, %i: tensor<4x1xi32>, %u: tensor<4xi32>) -> tensor<8xi32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @i32_xor(%x: tensor<8xi32>, %i: tensor<4x1xi32>, %u: tensor<4xi32>) -> tensor<8xi32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.xor %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @partial_window(%x: tensor<8xf32>, %i: tensor<4x1xi32>, %u: tensor<4x2xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xf32>, tensor<4x1xi32>, tensor<4x2xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
