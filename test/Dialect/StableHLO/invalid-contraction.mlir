// Verifier and parser errors of dot, dot_general and convolution (dimension
// numbers, window attributes, group counts, result shapes).
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @dot_rank(%x: tensor<2x3x4xf32>, %y: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot' op operands must be vectors or matrices}}
  %0 = stablehlo.dot %x, %y : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dot_contracting(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot' op contracting dimensions differ: 3 vs 4}}
  %0 = stablehlo.dot %x, %y : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @dot_result(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot' op result shape must be [2, 5], got 'tensor<5x2xf32>'}}
  %0 = stablehlo.dot %x, %y : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return
}

// -----

func.func @dot_precision(%x: tensor<3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot' op precision_config must have 0 or 2 entries}}
  %0 = stablehlo.dot %x, %x, precision = [DEFAULT] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @precision_keyword(%x: tensor<3xf32>) -> () {
  // expected-error @+1 {{unknown precision FASTEST}}
  %0 = stablehlo.dot %x, %x, precision = [DEFAULT, FASTEST] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @dg_batch_count(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs and rhs need the same number of batching dimensions}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x2x5xf32>
  return
}

// -----

func.func @dg_contract_count(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs and rhs need the same number of contracting dimensions}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @dg_lhs_range(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op lhs dimension 3 is out of range [0, 3)}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dg_rhs_twice(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op rhs dimension 0 appears twice}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dg_batch_size(%x: tensor<2x3x4xf32>, %y: tensor<3x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op batching dimension sizes differ: 2 vs 3}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dg_contract_size(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op contracting dimension sizes differ: 3 vs 4}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @dg_result(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op result shape must be [2, 3, 5], got 'tensor<2x5x3xf32>'}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @dg_precision(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.dot_general' op precision_config must have 0 or 2 entries}}
  %0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, HIGH, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @conv_rank(%x: tensor<8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op lhs, rhs and result must have rank 4}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_spatial(%x: tensor<1x8x3xf32>, %w: tensor<3x16x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op dimension numbers disagree on the number of spatial dimensions}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x3xf32>, tensor<3x16x3xf32>) -> tensor<1x6x16xf32>
  return
}

// -----

func.func @conv_groups_positive(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op group counts must be positive}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_groups_both(%x: tensor<2x8x8x4xf32>, %w: tensor<3x3x2x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op feature_group_count and batch_group_count cannot both exceed 1}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x2x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_features(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x2x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op input features (3) / feature_group_count (1) must equal the kernel input features (2)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x2x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_batch_groups(%x: tensor<3x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op input batch (3) must be a multiple of batch_group_count (2)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_out_groups(%x: tensor<1x8x8x6xf32>, %w: tensor<3x3x3x15xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op kernel output features (15) must be a multiple of both group counts}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x6xf32>, tensor<3x3x3x15xf32>) -> tensor<1x6x6x15xf32>
  return
}

// -----

func.func @conv_strides_count(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides needs 2 entries}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_strides_positive(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides entries must be positive}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_lhs_dilation(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op lhs_dilation needs 2 entries}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_rhs_dilation(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op rhs_dilation entries must be positive}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [-1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_reversal(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op window_reversal needs 2 entries}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_padding(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op padding must have shape [2, 2]}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_result(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op result shape must be [1, 4, 3, 16], got 'tensor<1x6x6x16xf32>'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 3], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_result_features(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op result shape must be [1, 6, 6, 16], got 'tensor<1x6x6x8xf32>'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

func.func @conv_raw_range(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op input dimension 4 is out of range [0, 4)}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_raw_twice(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op kernel dimension 1 appears twice}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_raw_output(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{'stablehlo.convolution' op output dimension 0 appears twice}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 0, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @window_pad_pairs(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{expected [low, high] padding pairs}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @window_bool(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{expected a boolean}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false, maybe]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @window_key(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{unknown window attribute 'stride_size'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride_size = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @layout_negative(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{negative spatial dimension}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, -1, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @layout_twice(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{spatial dimension 0 appears twice}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @layout_letter(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{unexpected dimension 'o' (expected 'b', 'f' or a spatial index)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, o]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @layout_missing(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{layout must name 'i' and 'o'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, 2, i]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @layout_gap(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{spatial dimensions are not contiguous}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 2, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_raw_field(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{unknown field 'input_batch'}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch = 0>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_raw_duplicate(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{duplicate field 'input_batch_dimension'}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_batch_dimension = 1, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @conv_raw_duplicate_list(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> () {
  // expected-error @+1 {{duplicate field 'kernel_spatial_dimensions'}}
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], kernel_spatial_dimensions = [1, 0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return
}
