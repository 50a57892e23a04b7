// Verifier and parser errors of constants, generators and shape ops.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @constant_type() -> () {
  // expected-error @+1 {{'stablehlo.constant' op value type 'tensor<f32>' differs from the result type 'tensor<f64>'}}
  %0 = "stablehlo.constant"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f64>
  return
}

// -----

func.func @constant_not_elements() -> () {
  // expected-error @+1 {{expected a tensor constant}}
  %0 = stablehlo.constant 1.0 : f32
  return
}

// -----

func.func @iota_dim() -> () {
  // expected-error @+1 {{'stablehlo.iota' op iota_dimension 2 is out of range for rank 2}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xi32>
  return
}

// -----

func.func @iota_negative() -> () {
  // expected-error @+1 {{'stablehlo.iota' op iota_dimension -1 is out of range for rank 1}}
  %0 = stablehlo.iota dim = -1 : tensor<3xi32>
  return
}

// -----

func.func @dynamic_iota_dim(%s: tensor<2xi64>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op iota_dimension 5 is out of range for rank 2}}
  %0 = stablehlo.dynamic_iota %s, dim = 5 : (tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_iota_shape(%s: tensor<3xi64>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op output_shape must be a 1-d tensor of 2 elements}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @rng_bit_state(%s: tensor<2xui64>) -> () {
  // expected-error @+1 {{'stablehlo.rng_bit_generator' op initial_state and output_state types differ}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @broadcast_in_dim_count(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast_dimensions has 1 entries, operand rank is 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_range(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_twice(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op broadcast dimension 1 appears twice}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_type(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op operand and result element types differ}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @broadcast_in_dim_size(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast_in_dim' op operand dimension 1 of size 3 cannot broadcast to result dimension 2 of size 4}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x4xf32>
  return
}

// -----

func.func @broadcast_sizes(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.broadcast' op result type must be broadcast_sizes followed by the operand shape}}
  %0 = stablehlo.broadcast %x, sizes = [3] : (tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reshape' op operand has 6 elements, result has 8}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @reshape_type(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reshape' op operand and result element types differ}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @transpose_count(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.transpose' op permutation has 1 entries, operand rank is 2}}
  %0 = stablehlo.transpose %x, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_twice(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.transpose' op permutation entry 0 appears twice}}
  %0 = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_rank(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.transpose' op result must have rank 2, got 'tensor<3xf32>'}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @transpose_type(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.transpose' op operand and result element types differ}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @transpose_shape(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.transpose' op result dimension 0 must be 3, got 2}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_count(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.slice' op start, limit and strides need 2 entries each}}
  %0 = stablehlo.slice %x [0:2] : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_rank(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.slice' op result must have rank 2, got 'tensor<2xf32>'}}
  %0 = stablehlo.slice %x [0:2, 0:1] : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_limit(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.slice' op dimension 1: need 0 <= start (0) <= limit (4) <= size (3)}}
  %0 = stablehlo.slice %x [0:2, 0:4] : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @slice_stride(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.slice' op dimension 0: stride must be positive}}
  %0 = stablehlo.slice %x [0:2:0, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_shape(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.slice' op result dimension 1 must be 2, got 3}}
  %0 = stablehlo.slice %x [0:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_slice_count(%x: tensor<2x3xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op need 2 start indices and slice sizes}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [1, 1] : (tensor<2x3xf32>, tensor<i32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @dynamic_slice_size(%x: tensor<2x3xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op slice size 4 of dimension 1 exceeds 3}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 4] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @dynamic_slice_result(%x: tensor<2x3xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op result shape must equal slice_sizes}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @dus_count(%x: tensor<2x3xf32>, %u: tensor<1x1xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op need 2 start indices}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dus_rank(%x: tensor<2x3xf32>, %u: tensor<1xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op update rank must equal operand rank}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dus_size(%x: tensor<2x3xf32>, %u: tensor<3x1xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op update dimension 0 exceeds operand}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<3x1xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dus_result(%x: tensor<2x3xf32>, %u: tensor<1x1xf32>, %i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.dynamic_update_slice' op result type must equal the operand type}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @concatenate_empty() -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op needs at least one input}}
  %0 = "stablehlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<2xf32>
  return
}

// -----

func.func @concatenate_dim(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op dimension 2 is out of range}}
  %0 = stablehlo.concatenate %x, %x, dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_types(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op inputs must have the same rank and element type}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_shapes(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op inputs differ in dimension 1}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_rank(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op result must have rank 2, got 'tensor<12xf32>'}}
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<12xf32>
  return
}

// -----

func.func @concatenate_result(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.concatenate' op result dimension 1 must be 6}}
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @pad_value(%x: tensor<2x3xf32>, %p: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.pad' op padding_value must be a scalar of the operand's element type}}
  %0 = stablehlo.pad %x, %p, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_count(%x: tensor<2x3xf32>, %p: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.pad' op padding needs 2 entries per list}}
  %0 = stablehlo.pad %x, %p, low = [0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_rank(%x: tensor<2x3xf32>, %p: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.pad' op result must have rank 2, got 'tensor<6xf32>'}}
  %0 = stablehlo.pad %x, %p, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<6xf32>
  return
}

// -----

func.func @pad_interior(%x: tensor<2x3xf32>, %p: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.pad' op interior padding must be non-negative}}
  %0 = stablehlo.pad %x, %p, low = [0, 0], high = [0, 0], interior = [-1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @pad_result(%x: tensor<2x3xf32>, %p: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.pad' op result dimension 0 must be 5, got 4}}
  %0 = stablehlo.pad %x, %p, low = [1, 0], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @reverse_dims(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reverse' op dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.reverse %x, dims = [2] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_twice(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reverse' op dimension 1 appears twice}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @tuple_type(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.tuple' op tuple type must list the operand types}}
  %0 = "stablehlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<3xf32>>
  return
}

// -----

func.func @tuple_pretty(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{expected a tuple type}}
  %0 = stablehlo.tuple %x : tensor<2xf32>
  return
}

// -----

func.func @gte_index(%t: tuple<tensor<2xf32>>) -> () {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op index 1 is out of range}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return
}

// -----

func.func @gte_negative(%t: tuple<tensor<2xf32>>) -> () {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op index -1 is out of range}}
  %0 = stablehlo.get_tuple_element %t[-1] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return
}

// -----

func.func @gte_type(%t: tuple<tensor<2xf32>, tensor<i32>>) -> () {
  // expected-error @+1 {{'stablehlo.get_tuple_element' op result type must be 'tensor<i32>'}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  return
}
