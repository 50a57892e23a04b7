// Reference for ../activation.mlir: y = silu(2 x + bias) as bf16, rowsum = sum_f y.
func.func @main(%x: tensor<128x256xf32>, %bias: tensor<128xf32>) -> (tensor<128x256xbf16>, tensor<128xf32>) {
  %two = stablehlo.constant dense<2.0> : tensor<128x256xf32>
  %0 = stablehlo.multiply %x, %two : tensor<128x256xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [0] : (tensor<128xf32>) -> tensor<128x256xf32>
  %z = stablehlo.add %0, %1 : tensor<128x256xf32>
  %s = stablehlo.logistic %z : tensor<128x256xf32>
  %silu = stablehlo.multiply %z, %s : tensor<128x256xf32>
  %y = stablehlo.convert %silu : (tensor<128x256xf32>) -> tensor<128x256xbf16>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%silu init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
  return %y, %sum : tensor<128x256xbf16>, tensor<128xf32>
}
