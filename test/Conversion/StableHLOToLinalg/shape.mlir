// RUN: systole-opt %s --systole-stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         linalg.broadcast ins(%arg0 : tensor<3xf32>) outs(%[[E]] : tensor<2x3xf32>) dimensions = [0]
func.func @broadcast_in_dim(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Expanding unit dimensions are collapsed away first.
// CHECK-LABEL: func.func @broadcast_unit
// CHECK:         %[[C:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
// CHECK:         linalg.broadcast ins(%[[C]] : tensor<3xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) dimensions = [0, 1]
func.func @broadcast_unit(%x: tensor<1x3xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// Only unit dimensions added, in order: a reshape, no copy. An operand dim of
// size 1 that stays 1 is not an expansion.
// CHECK-LABEL: func.func @broadcast_adds_unit_dims
// CHECK-NOT:     linalg.
// CHECK:         tensor.expand_shape %arg0 {{\[}}[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
// CHECK:         tensor.expand_shape %arg1 {{\[}}[0], [1, 2, 3]] output_shape [1, 1, 1, 5] : tensor<1x5xf32> into tensor<1x1x1x5xf32>
// CHECK:         tensor.expand_shape %arg2 [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
// CHECK-NOT:     linalg.
// CHECK:         return
func.func @broadcast_adds_unit_dims(%x: tensor<128xf32>, %y: tensor<1x5xf32>, %z: tensor<ui32>)
    -> (tensor<128x1xf32>, tensor<1x1x1x5xf32>, tensor<1x1xui32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
  %1 = stablehlo.broadcast_in_dim %y, dims = [2, 3] : (tensor<1x5xf32>) -> tensor<1x1x1x5xf32>
  %2 = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<ui32>) -> tensor<1x1xui32>
  return %0, %1, %2 : tensor<128x1xf32>, tensor<1x1x1x5xf32>, tensor<1x1xui32>
}

// -----

// Out of order, or a size-1 dim that expands: not a reshape.
// CHECK-LABEL: func.func @broadcast_unit_dims_not_reshape
// CHECK:         linalg.generic
// CHECK:         linalg.broadcast
func.func @broadcast_unit_dims_not_reshape(%x: tensor<1x3xf32>, %y: tensor<1xf32>)
    -> (tensor<3x1xf32>, tensor<4x1xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<1x3xf32>) -> tensor<3x1xf32>
  %1 = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<1xf32>) -> tensor<4x1xf32>
  return %0, %1 : tensor<3x1xf32>, tensor<4x1xf32>
}

// -----

// Out-of-order dimensions: a generic whose input map permutes.
// CHECK: #[[PERM:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @broadcast_permuted
// CHECK:         linalg.generic {indexing_maps = [#[[PERM]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x3xf32>)
func.func @broadcast_permuted(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshapes
// CHECK:         tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK:         tensor.expand_shape %arg0 {{\[}}[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
// No reassociation for 2x3x4 -> 4x6: through 24 elements.
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK:         tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 6] : tensor<24xf32> into tensor<4x6xf32>
// CHECK:         tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @reshapes(%x: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<f32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<2x3x2x2xf32>
  %2 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %c = stablehlo.constant dense<1.0> : tensor<1x1xf32>
  %3 = stablehlo.reshape %c : (tensor<1x1xf32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK:         linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK:         tensor.extract_slice %arg0[1, 2] [3, 2] [2, 1] : tensor<8x6xf32> to tensor<3x2xf32>
func.func @slice(%x: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.slice %x [1:7:2, 2:4] : (tensor<8x6xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x8xf32>
// CHECK:         %[[A:.*]] = tensor.insert_slice %arg0 into %[[E]][0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x8xf32>
// CHECK:         %[[B:.*]] = tensor.insert_slice %arg1 into %[[A]][0, 3] [2, 5] [1, 1] : tensor<2x5xf32> into tensor<2x8xf32>
// CHECK:         return %[[B]]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// Broadcast the (runtime) padding value, insert with interior strides, cut
// the negative edge.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @pad
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<f32>) outs(%{{.*}} : tensor<5x5xf32>)
// CHECK:         %[[I:.*]] = tensor.insert_slice %arg0 into %[[F]][1, 0] [2, 3] [1, 2] : tensor<2x3xf32> into tensor<5x5xf32>
// CHECK:         tensor.extract_slice %[[I]][0, 1] [5, 4] [1, 1] : tensor<5x5xf32> to tensor<5x4xf32>
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x4xf32> {
  %0 = stablehlo.pad %x, %v, low = [1, -1], high = [2, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// A constant padding value fills.
// CHECK-LABEL: func.func @pad_constant
// CHECK:         %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK:         %[[V:.*]] = tensor.extract %[[C]][] : tensor<f32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK:         tensor.insert_slice %arg0 into %[[F]][1, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x3xf32>
func.func @pad_constant(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %x, %v, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Start indices are clamped to [0, dim - size].
// CHECK-LABEL: func.func @dynamic_slice
// CHECK:         %[[I:.*]] = tensor.extract %arg1[] : tensor<i64>
// CHECK:         %[[II:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[MX:.*]] = arith.maxsi %[[II]], %[[C0]] : index
// CHECK:         %[[S0:.*]] = arith.minsi %[[MX]], %[[C6]] : index
// CHECK:         tensor.extract %arg2[] : tensor<i32>
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[S1:.*]] = arith.minsi %{{.*}}, %[[C3]] : index
// CHECK:         tensor.extract_slice %arg0[%[[S0]], %[[S1]]] [2, 3] [1, 1] : tensor<8x6xf32> to tensor<2x3xf32>
func.func @dynamic_slice(%x: tensor<8x6xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<8x6xf32>, tensor<i64>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK:         %[[S0:.*]] = arith.minsi
// CHECK:         %[[S1:.*]] = arith.minsi
// CHECK:         tensor.insert_slice %arg1 into %arg0[%[[S0]], %[[S1]]] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x6xf32>
func.func @dynamic_update_slice(%x: tensor<8x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<8x6xf32> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<8x6xf32>, tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// CHECK: #[[REV:.*]] = affine_map<(d0, d1) -> (-d0 + 3, d1)>
// CHECK-LABEL: func.func @reverse
// CHECK:         linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
func.func @reverse(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.reverse %x, dims = [0] : tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
