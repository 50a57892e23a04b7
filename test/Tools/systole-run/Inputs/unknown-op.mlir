func.func @main() -> tensor<f32> {
  %0 = stablehlo.frobnicate : tensor<f32>
  return %0 : tensor<f32>
}
