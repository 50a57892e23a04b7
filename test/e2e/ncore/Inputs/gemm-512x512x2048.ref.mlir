// Reference for ../gemm-512x512x2048.mlir: c = at^T x b, f32 result.
func.func @main(%at: tensor<2048x512xbf16>, %b: tensor<2048x512xbf16>) -> tensor<512x512xf32> {
  %c = stablehlo.dot_general %at, %b, contracting_dims = [0] x [0] : (tensor<2048x512xbf16>, tensor<2048x512xbf16>) -> tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}
