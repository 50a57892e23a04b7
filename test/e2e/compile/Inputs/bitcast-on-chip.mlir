// Bitcasts that are not byte copies (used by ../bitcast-copies.mlir).
func.func @main(%s: tensor<f32>, %a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> (tensor<2x3xui32>, tensor<4x4xi32>) {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  // The bits of a broadcast scalar.
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x3xf32>) -> tensor<2x3xui32>
  %2 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  // The bits of a matmul's result, fused into its PSUM evacuation.
  %3 = stablehlo.bitcast_convert %2 : (tensor<4x4xf32>) -> tensor<4x4xi32>
  return %1, %3 : tensor<2x3xui32>, tensor<4x4xi32>
}
