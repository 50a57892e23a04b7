// f64 and i64 arguments, which the compiler narrows to f32 and i32 (used by
// ../narrowed-inputs.test).
func.func @main(%x: tensor<2xf64>, %n: tensor<2xi64>) -> (tensor<2xf64>, tensor<2xi64>) {
  %0 = stablehlo.add %x, %x : tensor<2xf64>
  %1 = stablehlo.add %n, %n : tensor<2xi64>
  return %0, %1 : tensor<2xf64>, tensor<2xi64>
}
