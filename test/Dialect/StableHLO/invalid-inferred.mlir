// Declared result types that pass the op's own verifier but differ from the
// type the spec determines (InferTypeOpInterface, StableHLOTypeInference.cpp).
// MLIR reports each as "inferred type(s) ... are incompatible" followed by
// "failed to infer returned types".
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @slice_element_type(%x: tensor<10xf32>) -> () {
  // expected-error @+2 {{'stablehlo.slice' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{'stablehlo.slice' op failed to infer returned types}}
  %0 = stablehlo.slice %x [1:8:3] : (tensor<10xf32>) -> tensor<3xf16>
  return
}

// -----

func.func @pad_element_type(%x: tensor<2x3xf32>, %s: tensor<f32>) -> () {
  // expected-error @+2 {{'stablehlo.pad' op inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x4xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %x, %s, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xi32>
  return
}

// -----

func.func @concatenate_element_type(%x: tensor<2x3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.concatenate' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf64>
  return
}

// -----

func.func @dynamic_slice_element_type(%x: tensor<2x3xf32>, %i: tensor<i32>) -> () {
  // expected-error @+2 {{'stablehlo.dynamic_slice' op inferred type(s) 'tensor<1x2xf32>' are incompatible with return type(s) of operation 'tensor<1x2xbf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xbf16>
  return
}

// -----

func.func @get_dimension_size_type(%x: tensor<2x3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.get_dimension_size' op inferred type(s) 'tensor<i32>' are incompatible with return type(s) of operation 'tensor<i64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i64>
  return
}

// -----

func.func @replica_id_type() -> () {
  // expected-error @+2 {{'stablehlo.replica_id' op inferred type(s) 'tensor<ui32>' are incompatible with return type(s) of operation 'tensor<i32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.replica_id : tensor<i32>
  return
}

// -----

func.func @reduce_element_type(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+2 {{'stablehlo.reduce' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf64>
  return
}

// -----

func.func @reduce_window_element_type(%x: tensor<4x6xf32>, %c: tensor<f32>) -> () {
  // expected-error @+2 {{'stablehlo.reduce_window' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf16>
  return
}

// -----

func.func @map_element_type(%x: tensor<2x3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.map' op inferred type(s) 'tensor<2x3xi1>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %m : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_training_stats(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.batch_norm_training' op inferred type(s) 'tensor<2x3x4xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3x4xf32>', 'tensor<4xf32>', 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_inference_type(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.batch_norm_inference' op inferred type(s) 'tensor<2x3x4xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @triangular_solve_type(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>) -> () {
  // expected-error @+2 {{'stablehlo.triangular_solve' op inferred type(s) 'tensor<2x4x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x4xf32>
  return
}

// -----

func.func @rfft_length(%r: tensor<8xf32>) -> () {
  // expected-error @+2 {{'stablehlo.fft' op inferred type(s) 'tensor<5xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<8xcomplex<f32>>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

// The element type of a contraction is free (here bf16 accumulated into
// f32): only the shape is inferred and compared.
func.func @dot_general_element_type_is_free(%a: tensor<2x3xbf16>, %b: tensor<3x4xbf16>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @uniform_dequantize_expressed_type(%x: tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> () {
  // expected-error @+2 {{'stablehlo.uniform_dequantize' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<8xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<8xf16>
  return
}

// -----

func.func @uniform_dequantize_not_quantized(%x: tensor<8xi8>) -> () {
  // expected-error @+2 {{'stablehlo.uniform_dequantize' op cannot infer the result type: operand is not a tensor of a quantized type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<8xi8>) -> tensor<8xf32>
  return
}
