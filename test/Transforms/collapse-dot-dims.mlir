// RUN: systole-opt %s --systole-collapse-dot-dims --split-input-file | FileCheck %s

// JAX's `x @ W` of x [batch, tokens, features]: the free dims batch and
// tokens are adjacent, so a reshape merges them into the tensor engine's M
// and the result is reshaped back; nothing is transposed.
// CHECK-LABEL: func.func @dense
// CHECK-SAME:    (%[[X:.*]]: tensor<2x128x512xbf16>, %[[W:.*]]: tensor<512x256xbf16>)
// CHECK:         %[[X2:.*]] = stablehlo.reshape %[[X]] : (tensor<2x128x512xbf16>) -> tensor<256x512xbf16>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.dot_general %[[X2]], %[[W]], contracting_dims = [1] x [0] : (tensor<256x512xbf16>, tensor<512x256xbf16>) -> tensor<256x256xf32>
// CHECK-NEXT:    %[[R:.*]] = stablehlo.reshape %[[D]] : (tensor<256x256xf32>) -> tensor<2x128x256xf32>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     stablehlo.transpose
func.func @dense(%x: tensor<2x128x512xbf16>, %w: tensor<512x256xbf16>) -> tensor<2x128x256xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x128x512xbf16>, tensor<512x256xbf16>) -> tensor<2x128x256xf32>
  return %d : tensor<2x128x256xf32>
}

// -----

// Flax DenseGeneral over [heads, head dim]: two contracting dims, adjacent
// and in the same order on both sides, merge into one K of 512; the rhs's
// two free dims likewise into one N.
// CHECK-LABEL: func.func @dense_general
// CHECK-SAME:    (%[[X:.*]]: tensor<128x8x64xf32>, %[[W:.*]]: tensor<8x64x4x32xf32>)
// CHECK-DAG:     %[[X2:.*]] = stablehlo.reshape %[[X]] : (tensor<128x8x64xf32>) -> tensor<128x512xf32>
// CHECK-DAG:     %[[W2:.*]] = stablehlo.reshape %[[W]] : (tensor<8x64x4x32xf32>) -> tensor<512x128xf32>
// CHECK:         %[[D:.*]] = stablehlo.dot_general %[[X2]], %[[W2]], contracting_dims = [1] x [0] : (tensor<128x512xf32>, tensor<512x128xf32>) -> tensor<128x128xf32>
// CHECK-NEXT:    stablehlo.reshape %[[D]] : (tensor<128x128xf32>) -> tensor<128x4x32xf32>
// CHECK-NOT:     stablehlo.transpose
func.func @dense_general(%x: tensor<128x8x64xf32>, %w: tensor<8x64x4x32xf32>) -> tensor<128x4x32xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1, 2] x [0, 1] : (tensor<128x8x64xf32>, tensor<8x64x4x32xf32>) -> tensor<128x4x32xf32>
  return %d : tensor<128x4x32xf32>
}

// -----

// Unit dims merge wherever they are, batch dims stay where they are, and a
// K-major lhs ([K x M] per batch index) keeps its layout.
// CHECK-LABEL: func.func @units_and_batch
// CHECK-SAME:    (%[[A:.*]]: tensor<4x64x1x50xf32>, %[[B:.*]]: tensor<4x64x1x30xf32>)
// CHECK-DAG:     %[[A2:.*]] = stablehlo.reshape %[[A]] : (tensor<4x64x1x50xf32>) -> tensor<4x64x50xf32>
// CHECK-DAG:     %[[B2:.*]] = stablehlo.reshape %[[B]] : (tensor<4x64x1x30xf32>) -> tensor<4x64x30xf32>
// CHECK:         %[[D:.*]] = stablehlo.dot_general %[[A2]], %[[B2]], batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<4x64x50xf32>, tensor<4x64x30xf32>) -> tensor<4x50x30xf32>
// CHECK-NEXT:    stablehlo.reshape %[[D]] : (tensor<4x50x30xf32>) -> tensor<4x1x50x1x30xf32>
func.func @units_and_batch(%a: tensor<4x64x1x50xf32>, %b: tensor<4x64x1x30xf32>) -> tensor<4x1x50x1x30xf32> {
  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<4x64x1x50xf32>, tensor<4x64x1x30xf32>) -> tensor<4x1x50x1x30xf32>
  return %d : tensor<4x1x50x1x30xf32>
}

// -----

// Contracting dims [1, 0] x [0, 3]: the rhs's are not adjacent in either
// order, and in the lhs's order (rhs dims 3, 0) its transpose would move
// its contiguous dim 3 off the innermost place (an element-granular read),
// so the pairs take the rhs's order: the rhs is transposed to [free,
// contracting], its dim 3 still innermost, and the lhs, whose contracting
// dims are then out of order, to [contracting, free] (K-major, as the
// tensor engine reads a stationary operand).
// CHECK-LABEL: func.func @transposed
// CHECK-SAME:    (%[[A:.*]]: tensor<6x8x7xf32>, %[[B:.*]]: tensor<8x3x4x6xf32>)
// CHECK:         %[[AT:.*]] = stablehlo.transpose %[[A]], dims = [1, 0, 2] : (tensor<6x8x7xf32>) -> tensor<8x6x7xf32>
// CHECK-NEXT:    %[[A2:.*]] = stablehlo.reshape %[[AT]] : (tensor<8x6x7xf32>) -> tensor<48x7xf32>
// CHECK-NEXT:    %[[BT:.*]] = stablehlo.transpose %[[B]], dims = [1, 2, 0, 3] : (tensor<8x3x4x6xf32>) -> tensor<3x4x8x6xf32>
// CHECK-NEXT:    %[[B2:.*]] = stablehlo.reshape %[[BT]] : (tensor<3x4x8x6xf32>) -> tensor<12x48xf32>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.dot_general %[[A2]], %[[B2]], contracting_dims = [0] x [1] : (tensor<48x7xf32>, tensor<12x48xf32>) -> tensor<7x12xf32>
// CHECK-NEXT:    stablehlo.reshape %[[D]] : (tensor<7x12xf32>) -> tensor<7x3x4xf32>
func.func @transposed(%a: tensor<6x8x7xf32>, %b: tensor<8x3x4x6xf32>) -> tensor<7x3x4xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1, 0] x [0, 3] : (tensor<6x8x7xf32>, tensor<8x3x4x6xf32>) -> tensor<7x3x4xf32>
  return %d : tensor<7x3x4xf32>
}

// -----

// Left alone: one free dim per operand and one contracting dim already (a
// batched matmul, a matrix-vector product), an integer dot and a bf16 x f32
// one (no tensor-engine form: the vector engine's), an outer product (no
// contracting dim), and a short contraction (K 16) against a vector, which
// the vector engine does faster as written.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     stablehlo.reshape
// CHECK-NOT:     stablehlo.transpose
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<8x50x64xf32>, tensor<8x64x40xf32>) -> tensor<8x50x40xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<64x50xf32>, tensor<64xf32>) -> tensor<50xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<2x3x4xi32>, tensor<4x5xi32>) -> tensor<2x3x5xi32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<2x3x64xbf16>, tensor<64x5xf32>) -> tensor<2x3x5xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<2x3xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
// CHECK:         stablehlo.dot_general {{.*}} : (tensor<4x512x16xf32>, tensor<16xf32>) -> tensor<4x512xf32>
func.func @left_alone(%a: tensor<8x50x64xf32>, %b: tensor<8x64x40xf32>, %m: tensor<64x50xf32>, %v: tensor<64xf32>, %i: tensor<2x3x4xi32>, %j: tensor<4x5xi32>, %h: tensor<2x3x64xbf16>, %g: tensor<64x5xf32>, %p: tensor<2x3xf32>, %q: tensor<5xf32>, %x: tensor<4x512x16xf32>, %y: tensor<16xf32>) -> (tensor<8x50x40xf32>, tensor<50xf32>, tensor<2x3x5xi32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<4x512xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x64xf32>, tensor<8x64x40xf32>) -> tensor<8x50x40xf32>
  %1 = stablehlo.dot_general %m, %v, contracting_dims = [0] x [0] : (tensor<64x50xf32>, tensor<64xf32>) -> tensor<50xf32>
  %2 = stablehlo.dot_general %i, %j, contracting_dims = [2] x [0] : (tensor<2x3x4xi32>, tensor<4x5xi32>) -> tensor<2x3x5xi32>
  %3 = stablehlo.dot_general %h, %g, contracting_dims = [2] x [0] : (tensor<2x3x64xbf16>, tensor<64x5xf32>) -> tensor<2x3x5xf32>
  %4 = stablehlo.dot_general %p, %q, contracting_dims = [] x [] : (tensor<2x3xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  %5 = stablehlo.dot_general %x, %y, contracting_dims = [2] x [0] : (tensor<4x512x16xf32>, tensor<16xf32>) -> tensor<4x512xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<8x50x40xf32>, tensor<50xf32>, tensor<2x3x5xi32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<4x512xf32>
}
