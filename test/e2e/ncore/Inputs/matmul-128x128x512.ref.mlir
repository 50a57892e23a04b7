// Reference for ../matmul-128x128x512.mlir: c = at^T x b, f32 result.
func.func @main(%at: tensor<128x128xbf16>, %b: tensor<128x512xbf16>) -> tensor<128x512xf32> {
  %c = stablehlo.dot_general %at, %b, contracting_dims = [0] x [0] : (tensor<128x128xbf16>, tensor<128x512xbf16>) -> tensor<128x512xf32>
  return %c : tensor<128x512xf32>
}
