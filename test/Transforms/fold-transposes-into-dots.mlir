// RUN: systole-opt %s --systole-fold-transposes-into-dots --split-input-file | FileCheck %s

// Attention scores as PyTorch/XLA exports them: heads split off, moved
// before the tokens, merged with the batch. The dot reads both [2 x 50 x 4
// x 64] operands directly, batch dims (batch, head), and its result is
// reshaped to the [8 x 50 x 50] that the graph computed.
// CHECK-LABEL: func.func @scores
// CHECK-SAME:    (%[[Q:.*]]: tensor<2x50x256xf32>, %[[K:.*]]: tensor<2x50x256xf32>)
// CHECK-DAG:     %[[Q4:.*]] = stablehlo.reshape %[[Q]] : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
// CHECK-DAG:     %[[K4:.*]] = stablehlo.reshape %[[K]] : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
// CHECK:         %[[S:.*]] = stablehlo.dot_general %[[Q4]], %[[K4]], batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x50x4x64xf32>, tensor<2x50x4x64xf32>) -> tensor<2x4x50x50xf32>
// CHECK-NEXT:    %[[R:.*]] = stablehlo.reshape %[[S]] : (tensor<2x4x50x50xf32>) -> tensor<8x50x50xf32>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     stablehlo.transpose
func.func @scores(%q: tensor<2x50x256xf32>, %k: tensor<2x50x256xf32>) -> tensor<8x50x50xf32> {
  %q4 = stablehlo.reshape %q : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %qt = stablehlo.transpose %q4, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
  %qb = stablehlo.reshape %qt : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
  %k4 = stablehlo.reshape %k : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %kt = stablehlo.transpose %k4, dims = [0, 2, 3, 1] : (tensor<2x50x4x64xf32>) -> tensor<2x4x64x50xf32>
  %kb = stablehlo.reshape %kt : (tensor<2x4x64x50xf32>) -> tensor<8x64x50xf32>
  %s = stablehlo.dot_general %qb, %kb, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x64xf32>, tensor<8x64x50xf32>) -> tensor<8x50x50xf32>
  return %s : tensor<8x50x50xf32>
}

// -----

// Probabilities times values: the merged [8 x 50 x 50] probabilities are a
// reshape of [2 x 4 x 50 x 50], whose batch dims the values' split matches.
// CHECK-LABEL: func.func @values
// CHECK-SAME:    (%[[P:.*]]: tensor<2x4x50x50xf32>, %[[V:.*]]: tensor<2x50x256xf32>)
// CHECK:         %[[V4:.*]] = stablehlo.reshape %[[V]] : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
// CHECK:         %[[O:.*]] = stablehlo.dot_general %[[P]], %[[V4]], batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<2x4x50x50xf32>, tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
// CHECK-NEXT:    stablehlo.reshape %[[O]] : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
func.func @values(%p: tensor<2x4x50x50xf32>, %v: tensor<2x50x256xf32>) -> tensor<8x50x64xf32> {
  %pb = stablehlo.reshape %p : (tensor<2x4x50x50xf32>) -> tensor<8x50x50xf32>
  %v4 = stablehlo.reshape %v : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %vt = stablehlo.transpose %v4, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
  %vb = stablehlo.reshape %vt : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
  %o = stablehlo.dot_general %pb, %vb, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x50xf32>, tensor<8x50x64xf32>) -> tensor<8x50x64xf32>
  return %o : tensor<8x50x64xf32>
}

// -----

// One side merged from a transpose, the other not: the other side's batch
// dim is split by a reshape, and the dot reads the transpose's operand.
// CHECK-LABEL: func.func @split_other_side
// CHECK-SAME:    (%[[A:.*]]: tensor<3x2x5x7xf32>, %[[B:.*]]: tensor<6x7x4xf32>)
// CHECK:         %[[B2:.*]] = stablehlo.reshape %[[B]] : (tensor<6x7x4xf32>) -> tensor<2x3x7x4xf32>
// CHECK:         stablehlo.dot_general %[[A]], %[[B2]], batching_dims = [1, 0] x [0, 1], contracting_dims = [3] x [2] : (tensor<3x2x5x7xf32>, tensor<2x3x7x4xf32>) -> tensor<2x3x5x4xf32>
// CHECK-NOT:     stablehlo.transpose
func.func @split_other_side(%a: tensor<3x2x5x7xf32>, %b: tensor<6x7x4xf32>) -> tensor<6x5x4xf32> {
  %at = stablehlo.transpose %a, dims = [1, 0, 2, 3] : (tensor<3x2x5x7xf32>) -> tensor<2x3x5x7xf32>
  %a3 = stablehlo.reshape %at : (tensor<2x3x5x7xf32>) -> tensor<6x5x7xf32>
  %d = stablehlo.dot_general %a3, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xf32>, tensor<6x7x4xf32>) -> tensor<6x5x4xf32>
  return %d : tensor<6x5x4xf32>
}

// -----

// A transposed operand next to a merged one: the transpose folds into the
// dot as it is, and the merged batch dim stays merged (splitting it would
// hide the transpose behind a reshape, and expose none).
// CHECK-LABEL: func.func @transpose_beside_merged
// CHECK-SAME:    (%[[Q:.*]]: tensor<2x4x50x64xf32>, %[[K:.*]]: tensor<8x50x64xf32>)
// CHECK:         %[[QB:.*]] = stablehlo.reshape %[[Q]] : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
// CHECK-NEXT:    %[[S:.*]] = stablehlo.dot_general %[[QB]], %[[K]], batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x50x64xf32>, tensor<8x50x64xf32>) -> tensor<8x50x50xf32>
// CHECK-NEXT:    return %[[S]]
func.func @transpose_beside_merged(%q: tensor<2x4x50x64xf32>, %k: tensor<8x50x64xf32>) -> tensor<8x50x50xf32> {
  %qb = stablehlo.reshape %q : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
  %kt = stablehlo.transpose %k, dims = [0, 2, 1] : (tensor<8x50x64xf32>) -> tensor<8x64x50xf32>
  %s = stablehlo.dot_general %qb, %kt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x64xf32>, tensor<8x64x50xf32>) -> tensor<8x50x50xf32>
  return %s : tensor<8x50x50xf32>
}

// -----

// A projection of [batch * tokens, features] rows: the merged dim is a free
// dim (the tensor engine's M), left alone; so is a transpose that would
// swap two free dims (the result's layout), batch dims the two sides
// merge from different splits, and a merged batch dim with no transpose
// behind it.
// CHECK-LABEL: func.func @left_alone
// CHECK:         stablehlo.reshape
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<100x64xf32>, tensor<64x32xf32>) -> tensor<100x32xf32>
// CHECK:         stablehlo.transpose
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<5x3x7xf32>, tensor<7x4xf32>) -> tensor<5x3x4xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<8x5x7xf32>, tensor<8x7x4xf32>) -> tensor<8x5x4xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<6x5x7xf32>, tensor<6x7x4xf32>) -> tensor<6x5x4xf32>
func.func @left_alone(%x: tensor<2x50x64xf32>, %w: tensor<64x32xf32>, %y: tensor<3x5x7xf32>, %u: tensor<7x4xf32>, %a: tensor<2x4x5x7xf32>, %b: tensor<4x2x7x4xf32>, %c: tensor<2x3x5x7xf32>, %e: tensor<6x7x4xf32>) -> (tensor<100x32xf32>, tensor<5x3x4xf32>, tensor<8x5x4xf32>, tensor<6x5x4xf32>) {
  %x2 = stablehlo.reshape %x : (tensor<2x50x64xf32>) -> tensor<100x64xf32>
  %p = stablehlo.dot_general %x2, %w, contracting_dims = [1] x [0] : (tensor<100x64xf32>, tensor<64x32xf32>) -> tensor<100x32xf32>
  %yt = stablehlo.transpose %y, dims = [1, 0, 2] : (tensor<3x5x7xf32>) -> tensor<5x3x7xf32>
  %q = stablehlo.dot_general %yt, %u, contracting_dims = [2] x [0] : (tensor<5x3x7xf32>, tensor<7x4xf32>) -> tensor<5x3x4xf32>
  %a3 = stablehlo.reshape %a : (tensor<2x4x5x7xf32>) -> tensor<8x5x7xf32>
  %b3 = stablehlo.reshape %b : (tensor<4x2x7x4xf32>) -> tensor<8x7x4xf32>
  %r = stablehlo.dot_general %a3, %b3, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x5x7xf32>, tensor<8x7x4xf32>) -> tensor<8x5x4xf32>
  %c3 = stablehlo.reshape %c : (tensor<2x3x5x7xf32>) -> tensor<6x5x7xf32>
  %t = stablehlo.dot_general %c3, %e, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xf32>, tensor<6x7x4xf32>) -> tensor<6x5x4xf32>
  return %p, %q, %r, %t : tensor<100x32xf32>, tensor<5x3x4xf32>, tensor<8x5x4xf32>, tensor<6x5x4xf32>
}
