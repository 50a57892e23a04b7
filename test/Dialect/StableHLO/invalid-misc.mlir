// Verifier errors of batch normalisation, cholesky and triangular_solve, and
// parser errors of the structured attributes.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @bn_inference_index(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op feature_index 2 is out of range}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-05 : f32, feature_index = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @bn_inference_scale(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op scale, offset, mean and variance must be 1-d tensors of 3 elements}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %m, %s) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @bn_training_index(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op feature_index -1 is out of range}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.0e-05 : f32, feature_index = -1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @bn_training_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf16>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op scale, offset, mean and variance must be 1-d tensors of 3 elements}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @bn_grad_index(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op feature_index 5 is out of range}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 1.0e-05 : f32, feature_index = 5 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @bn_grad_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %v: tensor<1x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op scale, offset, mean and variance must be 1-d tensors of 3 elements}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %v, %x) <{epsilon = 1.0e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @cholesky_square(%a: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.cholesky' op a must be a batch of square matrices, got 'tensor<2x3xf32>'}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x3xf32>
  return
}

// -----

func.func @cholesky_int(%a: tensor<3x3xi32>) -> () {
  // expected-error @+1 {{'stablehlo.cholesky' op a must be a float or complex tensor, got 'tensor<3x3xi32>'}}
  %0 = stablehlo.cholesky %a : tensor<3x3xi32>
  return
}

// -----

func.func @trsolve_square(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a must be a batch of square matrices}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @trsolve_rank(%a: tensor<3x3xf32>, %b: tensor<2x3x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a and b must have the same rank}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return
}

// -----

func.func @trsolve_transpose(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op transpose_a must not be TRANSPOSE_INVALID}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @trsolve_element_types(%a: tensor<3x3xf32>, %b: tensor<3x2xf64>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a and b must have the same element type, got 'f32' and 'f64'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return
}

// -----

func.func @trsolve_int(%a: tensor<3x3xi32>, %b: tensor<3x2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op a must be a float or complex tensor, got 'tensor<3x3xi32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @trsolve_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op batch dimension 0 differs: a has 2, b has 4}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
  return
}

// -----

func.func @trsolve_left(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op b dimension 0 must be 3 (the size of a, left_side = true), got 2}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @trsolve_right(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.triangular_solve' op b dimension 1 must be 3 (the size of a, left_side = false), got 2}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

// Both sides with a batch dimension verify.
func.func @trsolve_ok(%a: tensor<2x3x3xf32>, %l: tensor<2x3x5xf32>, %r: tensor<2x5x3xf32>) -> () {
  %0 = "stablehlo.triangular_solve"(%a, %l) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %1 = "stablehlo.triangular_solve"(%a, %r) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @dot_unknown_field(%x: tensor<3xf32>) -> () {
  // expected-error @+1 {{unknown field 'lhs_contracting_dims'}}
  %0 = "stablehlo.dot_general"(%x, %x) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dims = [0]>}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @gather_duplicate_field(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{duplicate field 'offset_dims'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @scatter_unknown_field(%x: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{unknown field 'window_dims'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<window_dims = [1]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @channel_unknown_field(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{unknown field 'id'}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<0> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<id = 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @alias_duplicate_field(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{duplicate field 'operand_index'}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<operand_index = 0, operand_index = 1>]} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
