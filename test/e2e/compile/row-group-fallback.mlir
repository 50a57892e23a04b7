// Rows of 2048 f32 through four max-subtract stages, each followed by nine
// elementwise steps: the first row group (3 ops) fits in SBUF; the second
// (5 ops, about 80 KiB of slots per partition each) would come round the
// SBUF ring onto its own first slot, so its tiles are taken back and its ops
// emitted one by one, through HBM. Values match the reference interpreter
// either way.
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=1e-6 --atol=1e-7 --quiet | FileCheck %s --check-prefix=SIM
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<1x128x2048xf32>) -> tensor<1x128x2048xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c1 = stablehlo.constant dense<1.01> : tensor<1x128x2048xf32>
  %c2 = stablehlo.constant dense<0.25> : tensor<1x128x2048xf32>
  %m0 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<1x128x2048xf32>, tensor<f32>) -> tensor<1x128xf32>
  %b0 = stablehlo.broadcast_in_dim %m0, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<1x128x2048xf32>
  %t0_0 = stablehlo.subtract %x, %b0 : tensor<1x128x2048xf32>
  %t0_1 = stablehlo.multiply %t0_0, %c1 : tensor<1x128x2048xf32>
  %t0_2 = stablehlo.add %t0_1, %c2 : tensor<1x128x2048xf32>
  %t0_3 = stablehlo.multiply %t0_2, %c1 : tensor<1x128x2048xf32>
  %t0_4 = stablehlo.add %t0_3, %c2 : tensor<1x128x2048xf32>
  %t0_5 = stablehlo.multiply %t0_4, %c1 : tensor<1x128x2048xf32>
  %t0_6 = stablehlo.add %t0_5, %c2 : tensor<1x128x2048xf32>
  %t0_7 = stablehlo.multiply %t0_6, %c1 : tensor<1x128x2048xf32>
  %t0_8 = stablehlo.add %t0_7, %c2 : tensor<1x128x2048xf32>
  %t0_9 = stablehlo.tanh %t0_8 : tensor<1x128x2048xf32>
  %m1 = stablehlo.reduce(%t0_9 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<1x128x2048xf32>, tensor<f32>) -> tensor<1x128xf32>
  %b1 = stablehlo.broadcast_in_dim %m1, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<1x128x2048xf32>
  %t1_0 = stablehlo.subtract %t0_9, %b1 : tensor<1x128x2048xf32>
  %t1_1 = stablehlo.multiply %t1_0, %c1 : tensor<1x128x2048xf32>
  %t1_2 = stablehlo.add %t1_1, %c2 : tensor<1x128x2048xf32>
  %t1_3 = stablehlo.multiply %t1_2, %c1 : tensor<1x128x2048xf32>
  %t1_4 = stablehlo.add %t1_3, %c2 : tensor<1x128x2048xf32>
  %t1_5 = stablehlo.multiply %t1_4, %c1 : tensor<1x128x2048xf32>
  %t1_6 = stablehlo.add %t1_5, %c2 : tensor<1x128x2048xf32>
  %t1_7 = stablehlo.multiply %t1_6, %c1 : tensor<1x128x2048xf32>
  %t1_8 = stablehlo.add %t1_7, %c2 : tensor<1x128x2048xf32>
  %t1_9 = stablehlo.tanh %t1_8 : tensor<1x128x2048xf32>
  %m2 = stablehlo.reduce(%t1_9 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<1x128x2048xf32>, tensor<f32>) -> tensor<1x128xf32>
  %b2 = stablehlo.broadcast_in_dim %m2, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<1x128x2048xf32>
  %t2_0 = stablehlo.subtract %t1_9, %b2 : tensor<1x128x2048xf32>
  %t2_1 = stablehlo.multiply %t2_0, %c1 : tensor<1x128x2048xf32>
  %t2_2 = stablehlo.add %t2_1, %c2 : tensor<1x128x2048xf32>
  %t2_3 = stablehlo.multiply %t2_2, %c1 : tensor<1x128x2048xf32>
  %t2_4 = stablehlo.add %t2_3, %c2 : tensor<1x128x2048xf32>
  %t2_5 = stablehlo.multiply %t2_4, %c1 : tensor<1x128x2048xf32>
  %t2_6 = stablehlo.add %t2_5, %c2 : tensor<1x128x2048xf32>
  %t2_7 = stablehlo.multiply %t2_6, %c1 : tensor<1x128x2048xf32>
  %t2_8 = stablehlo.add %t2_7, %c2 : tensor<1x128x2048xf32>
  %t2_9 = stablehlo.tanh %t2_8 : tensor<1x128x2048xf32>
  %m3 = stablehlo.reduce(%t2_9 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<1x128x2048xf32>, tensor<f32>) -> tensor<1x128xf32>
  %b3 = stablehlo.broadcast_in_dim %m3, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<1x128x2048xf32>
  %t3_0 = stablehlo.subtract %t2_9, %b3 : tensor<1x128x2048xf32>
  %t3_1 = stablehlo.multiply %t3_0, %c1 : tensor<1x128x2048xf32>
  %t3_2 = stablehlo.add %t3_1, %c2 : tensor<1x128x2048xf32>
  %t3_3 = stablehlo.multiply %t3_2, %c1 : tensor<1x128x2048xf32>
  %t3_4 = stablehlo.add %t3_3, %c2 : tensor<1x128x2048xf32>
  %t3_5 = stablehlo.multiply %t3_4, %c1 : tensor<1x128x2048xf32>
  %t3_6 = stablehlo.add %t3_5, %c2 : tensor<1x128x2048xf32>
  %t3_7 = stablehlo.multiply %t3_6, %c1 : tensor<1x128x2048xf32>
  %t3_8 = stablehlo.add %t3_7, %c2 : tensor<1x128x2048xf32>
  %t3_9 = stablehlo.tanh %t3_8 : tensor<1x128x2048xf32>
  return %t3_9 : tensor<1x128x2048xf32>
}
