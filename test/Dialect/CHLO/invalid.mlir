// Every verifier error of chlo.top_k.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @rank0(%x: tensor<f32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op operand must have rank >= 1}}
  %0:2 = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @k_too_large(%x: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op k = 6 exceeds the last dimension (5)}}
  %0:2 = chlo.top_k(%x, k = 6) : tensor<2x5xf32> -> (tensor<2x6xf32>, tensor<2x6xi32>)
  return
}

// -----

func.func @k_negative(%x: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op k = -1 exceeds the last dimension (5)}}
  %0:2 = "chlo.top_k"(%x) <{k = -1 : i64}> : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xi32>)
  return
}

// -----

func.func @wrong_shape(%x: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op values and indices must have the operand shape with the last dimension k}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<2x5xf32> -> (tensor<2x2xf32>, tensor<2x3xi32>)
  return
}

// -----

func.func @values_type(%x: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op values must have the operand element type}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<2x5xf32> -> (tensor<2x2xf16>, tensor<2x2xi32>)
  return
}

// -----

func.func @indices_type(%x: tensor<2x5xf32>) -> () {
  // expected-error @+1 {{'chlo.top_k' op indices must be i32}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<2x5xf32> -> (tensor<2x2xf32>, tensor<2x2xi64>)
  return
}
