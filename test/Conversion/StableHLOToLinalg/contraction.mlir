// RUN: systole-opt %s --systole-stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<4x16xf32>)
// CHECK:         %[[M:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[F]] : tensor<4x16xf32>)
// CHECK:         return %[[M]]
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// bf16 accumulates in f32 (as in PSUM) and is rounded once.
// CHECK: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_matmul_bf16
// CHECK:         %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x16xf32>)
// CHECK:         %[[M:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xbf16>, tensor<2x8x16xbf16>) outs(%[[F]] : tensor<2x4x16xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[ID3]]], {{.*}} ins(%[[M]] : tensor<2x4x16xf32>) outs(%{{.*}} : tensor<2x4x16xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[R]]
func.func @batch_matmul_bf16(%a: tensor<2x4x8xbf16>, %b: tensor<2x8x16xbf16>) -> tensor<2x4x16xbf16> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xbf16>, tensor<2x8x16xbf16>) -> tensor<2x4x16xbf16>
  return %0 : tensor<2x4x16xbf16>
}

// -----

// Two batch dims and a transposed right-hand side: a contraction generic.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @attention_scores
// CHECK:         linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @attention_scores(%q: tensor<1x2x5x8xf32>, %k: tensor<1x2x7x8xf32>) -> tensor<1x2x5x7xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<1x2x5x8xf32>, tensor<1x2x7x8xf32>) -> tensor<1x2x5x7xf32>
  return %0 : tensor<1x2x5x7xf32>
}

// -----

// NCHW/OIHW: the named op; padding is a fill and an insert_slice.
// CHECK-LABEL: func.func @conv_nchw
// CHECK:         %[[PADV:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x11x11xf32>)
// CHECK:         %[[PAD:.*]] = tensor.insert_slice %arg0 into %[[PADV]][0, 0, 1, 1] [2, 3, 9, 9] [1, 1, 1, 1]
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x5x5xf32>)
// CHECK:         linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[PAD]], %arg1 : tensor<2x3x11x11xf32>, tensor<4x3x3x3xf32>) outs(%[[ACC]] : tensor<2x4x5x5xf32>)
func.func @conv_nchw(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x5x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x5x5xf32>
  return %0 : tensor<2x4x5x5xf32>
}

// -----

// CHECK-LABEL: func.func @conv_nhwc
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x1xf32>, tensor<3x3x1x2xf32>)
func.func @conv_nhwc(%x: tensor<1x8x8x1xf32>, %w: tensor<3x3x1x2xf32>) -> tensor<1x4x6x2xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x1xf32>, tensor<3x3x1x2xf32>) -> tensor<1x4x6x2xf32>
  return %0 : tensor<1x4x6x2xf32>
}

// -----

// Feature groups: the input's feature dim and the kernel's and result's
// output feature dims are expanded to (groups, features / groups), the
// group a parallel loop (d1) that all three read; the result is collapsed
// back.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d5, d6, d7)>
// CHECK-DAG: #[[O:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @conv_grouped
// CHECK:         %[[X:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6]
// CHECK:         %[[W:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2], [3], [4]] output_shape [2, 2, 2, 3, 3]
// CHECK:         %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<1x2x2x4x4xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[K]], #[[O]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X]], %[[W]] : {{.*}}) outs(%[[INIT]] : {{.*}})
// CHECK:         tensor.collapse_shape %[[R]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x2x2x4x4xf32> into tensor<1x4x4x4xf32>
func.func @conv_grouped(%x: tensor<1x4x6x6xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x6x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Another layout (channels first in the kernel: [i, o, 0, 1]) with stride.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 * 2 + d5, d3 * 2 + d6, d4)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
// CHECK-LABEL: func.func @conv_other_layout
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[K]], #{{.*}}]
func.func @conv_other_layout(%x: tensor<1x7x7x3xf32>, %w: tensor<3x5x3x3xf32>) -> tensor<1x5x3x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x7x7x3xf32>, tensor<3x5x3x3xf32>) -> tensor<1x5x3x3xf32>
  return %0 : tensor<1x5x3x3xf32>
}

// -----

// Transposed convolution: lhs_dilation is interior zero padding of the input
// (an insert_slice with stride 2); window_reversal reverses the kernel.
// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, -d2 + 2, d3)>
// CHECK-LABEL: func.func @conv_transposed
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x11x5xf32>)
// CHECK:         %[[IN:.*]] = tensor.insert_slice %arg0 into %[[Z]][0, 0, 1, 1] [1, 1, 5, 3] [1, 1, 2, 1]
// CHECK:         %[[K:.*]] = linalg.generic {indexing_maps = [#[[REV]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x1x3x3xf32>)
// CHECK:         linalg.conv_2d_nchw_fchw {{.*}} ins(%[[IN]], %[[K]] : tensor<1x1x11x5xf32>, tensor<2x1x3x3xf32>)
func.func @conv_transposed(%x: tensor<1x1x5x3xf32>, %w: tensor<2x1x3x3xf32>) -> tensor<1x2x9x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]], lhs_dilate = [2, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5x3xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x9x3xf32>
  return %0 : tensor<1x2x9x3xf32>
}

// -----

// An integer dot_general stays a generic even in matmul form: named matmuls
// are the tensor engine's, which multiplies floats only; the vector engine
// runs this one.
// CHECK-LABEL: func.func @dot_int
// CHECK-NOT:     linalg.matmul
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3xi8>, tensor<3x4xi8>)
// CHECK:           arith.extsi
// CHECK:           arith.muli
// CHECK:           arith.addi
func.func @dot_int(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>) -> tensor<2x4xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}
