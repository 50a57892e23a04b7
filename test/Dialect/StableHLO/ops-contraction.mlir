// Round trip of dot, dot_general and convolution, with every spelling of
// their attributes: `contracting_dims = [..] x [..]` and `#stablehlo.dot<..>`,
// `precision = [..]` and `[#stablehlo<precision ..>]`, the
// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` layout, `#stablehlo.conv<..>`
// and `#stablehlo.conv<raw ..>`, and the `window = {..}` attributes.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @conv(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>, %xn: tensor<1x3x8x8xf32>, %wn: tensor<16x3x3x3xf32>) -> () {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  %1 = stablehlo.convolution(%xn, %wn) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  %2 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  %3 = "stablehlo.convolution"(%xn, %wn) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  return
}
// CHECK-LABEL: func.func @conv(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x16xf32>, %arg2: tensor<1x3x8x8xf32>, %arg3: tensor<16x3x3x3xf32>) {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = {{\[\[}}1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
// CHECK-NEXT: %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
// CHECK-NEXT: %2 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
// CHECK-NEXT: %3 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
// CHECK-NEXT: return
func.func @dots(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %v: tensor<4xf32>, %m: tensor<4x5xf32>) -> () {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.dot_general %v, %m, contracting_dims = [0] x [0] : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  %3 = stablehlo.dot %v, %m, precision = [HIGH, HIGH] : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  %4 = stablehlo.dot %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %5 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %6 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4x2x4x5xf32>
  return
}
// CHECK-LABEL: func.func @dots(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x5xf32>) {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %1 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %2 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [0] x [0] : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
// CHECK-NEXT: %3 = stablehlo.dot %arg2, %arg3, precision = [HIGH, HIGH] : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
// CHECK-NEXT: %4 = stablehlo.dot %arg2, %arg2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
// CHECK-NEXT: %5 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %6 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4x2x4x5xf32>
// CHECK-NEXT: return

// Grouped, dilated (transposed) and 1-d convolutions; `reverse` also
// accepts 0/1.
func.func @conv_groups(%x: tensor<2x4x10xf32>, %w: tensor<2x3x6xf32>, %b: tensor<4x2x5xf32>, %wb: tensor<2x3x4xf32>) -> () {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[i, 0, o]->[b, f, 0], window = {stride = [3], pad = [[2, 1]], rhs_dilate = [2], reverse = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x10xf32>, tensor<2x3x6xf32>) -> tensor<2x6x3xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[i, 0, o]->[b, 0, f], window = {lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x10xf32>, tensor<2x3x6xf32>) -> tensor<2x17x6xf32>
  %2 = stablehlo.convolution(%b, %wb) dim_numbers = [b, f, 0]x[i, 0, o]->[b, f, 0], window = {stride = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x2x5xf32>, tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return
}
// CHECK-LABEL: func.func @conv_groups(%arg0: tensor<2x4x10xf32>, %arg1: tensor<2x3x6xf32>, %arg2: tensor<4x2x5xf32>, %arg3: tensor<2x3x4xf32>) {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[i, 0, o]->[b, f, 0], window = {stride = [3], pad = {{\[\[}}2, 1]], rhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x10xf32>, tensor<2x3x6xf32>) -> tensor<2x6x3xf32>
// CHECK-NEXT: %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[i, 0, o]->[b, 0, f], window = {lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x10xf32>, tensor<2x3x6xf32>) -> tensor<2x17x6xf32>
// CHECK-NEXT: %2 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0]x[i, 0, o]->[b, f, 0], window = {stride = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x2x5xf32>, tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: return
