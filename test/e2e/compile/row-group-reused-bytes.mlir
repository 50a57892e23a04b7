// Two softmaxes in a row over 256 x 64: `place` puts the second one's
// buffers at the bytes of first ones that are dead by then (the same
// views). In the row group, a member reading the second softmax's input
// takes the member result that computed it, not an earlier member's load of
// those bytes (which held the first softmax's data), and a load is shared
// only while no member in between writes its bytes. Values match the
// reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-6 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %c = stablehlo.constant dense<3.0> : tensor<256x64xf32>
  %x0 = stablehlo.multiply %x, %c : tensor<256x64xf32>
  %m = stablehlo.reduce(%x0 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %d = stablehlo.subtract %x0, %mb : tensor<256x64xf32>
  %e = stablehlo.exponential %d : tensor<256x64xf32>
  %z = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %p = stablehlo.divide %e, %zb : tensor<256x64xf32>
  %x1 = stablehlo.multiply %p, %c : tensor<256x64xf32>
  %m1 = stablehlo.reduce(%x1 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %mb1 = stablehlo.broadcast_in_dim %m1, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %d1 = stablehlo.subtract %x1, %mb1 : tensor<256x64xf32>
  %e1 = stablehlo.exponential %d1 : tensor<256x64xf32>
  %z1 = stablehlo.reduce(%e1 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %zb1 = stablehlo.broadcast_in_dim %z1, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %p1 = stablehlo.divide %e1, %zb1 : tensor<256x64xf32>
  return %p1 : tensor<256x64xf32>
}
