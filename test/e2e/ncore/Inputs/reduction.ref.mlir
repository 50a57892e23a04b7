// Reference for ../reduction.mlir: m[p, j] = max_i x[p, j, i], total[j] = sum_p m[p, j].
func.func @main(%x: tensor<128x4x128xf32>) -> (tensor<128x4xf32>, tensor<4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<128x4x128xf32>, tensor<f32>) -> tensor<128x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %t = stablehlo.reduce(%m init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<128x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %m, %t : tensor<128x4xf32>, tensor<4xf32>
}
