// Sums of bf16 and f16 data accumulate in f32 and round once
// (systole-widen-float-reductions), as XLA and the reference interpreter
// compute them. A sum over every dim of [128 x 300] is split over several
// tiles; its running value used to be kept in bf16 and rounded once per
// tile: 128 x 300 ones summed to 38144 instead of 38400 (exact in bf16:
// 150 x 2^8); found by a fuzzing helper. Cases: that sum of ones (checked
// by hand), a bf16 sum over the middle dims of [2 x 128 x 300], an f16
// product over one dim, bit for bit against the reference interpreter;
// and a bf16 sum of products (a matrix-vector product written as multiply
// and reduce, which used to be rejected: "matmul of 'bf16' x 'bf16' ->
// 'bf16' has no tensor-engine form"). That one runs on the tensor engine,
// whose products are exact where the reference rounds each to bf16 first:
// within one bf16 step of it.
// RUN: systole-run %s --entry=ones --input=bf16=1 | FileCheck %s --check-prefix=ONES
// ONES: result[0]: bf16=38400
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=products --random-inputs --seed=3 --output=@%t.ref.2.npy --quiet
// RUN: systole-run %s --entry=products --random-inputs --seed=3 --expected-output=@%t.ref.2.npy --rtol=8e-3 --atol=1e-2 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @ones(%s: tensor<bf16>) -> tensor<bf16> {
  %c = stablehlo.constant dense<0.0> : tensor<bf16>
  %x = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<bf16>) -> tensor<128x300xbf16>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<128x300xbf16>, tensor<bf16>) -> tensor<bf16>
  return %r : tensor<bf16>
}

func.func @main(%x: tensor<2x128x300xbf16>, %y: tensor<6x40xf16>) -> (tensor<2xbf16>, tensor<40xf16>) {
  %c = stablehlo.constant dense<0.0> : tensor<bf16>
  %one = stablehlo.constant dense<1.0> : tensor<f16>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x128x300xbf16>, tensor<bf16>) -> tensor<2xbf16>
  %1 = stablehlo.reduce(%y init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<6x40xf16>, tensor<f16>) -> tensor<40xf16>
  return %0, %1 : tensor<2xbf16>, tensor<40xf16>
}

func.func @products(%a: tensor<4x64xbf16>, %v: tensor<64xbf16>) -> tensor<4xbf16> {
  %c = stablehlo.constant dense<0.0> : tensor<bf16>
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<64xbf16>) -> tensor<4x64xbf16>
  %m = stablehlo.multiply %a, %vb : tensor<4x64xbf16>
  %r = stablehlo.reduce(%m init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x64xbf16>, tensor<bf16>) -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}
