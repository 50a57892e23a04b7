// i1 reductions that start from `true` inside row groups: all(x > -2) per
// row (about a quarter of the rows of 64 normal values are all above -2)
// and any(x > 5) starting from true (true for every row), each feeding a
// select. A reduction in a row group combines its tile's result with the
// value of the fill it absorbed; `true` is 1 on the engines, not the -1 of
// its sign extension (min(x, -1) made every `all` true, and max(x, -1) made
// the `or` forget its start). Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<256x64xf32>) -> (tensor<256xi1>, tensor<256xi1>, tensor<256x64xf32>, tensor<256x64xf32>) {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %z = stablehlo.constant dense<0.0> : tensor<256x64xf32>
  %m2 = stablehlo.constant dense<-2.0> : tensor<256x64xf32>
  %p5 = stablehlo.constant dense<5.0> : tensor<256x64xf32>
  %gt = stablehlo.compare GT, %x, %m2 : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xi1>
  %all = stablehlo.reduce(%gt init: %t) applies stablehlo.and across dimensions = [1] : (tensor<256x64xi1>, tensor<i1>) -> tensor<256xi1>
  %allb = stablehlo.broadcast_in_dim %all, dims = [0] : (tensor<256xi1>) -> tensor<256x64xi1>
  %r = stablehlo.select %allb, %x, %z : tensor<256x64xi1>, tensor<256x64xf32>
  %big = stablehlo.compare GT, %x, %p5 : (tensor<256x64xf32>, tensor<256x64xf32>) -> tensor<256x64xi1>
  %any = stablehlo.reduce(%big init: %t) applies stablehlo.or across dimensions = [1] : (tensor<256x64xi1>, tensor<i1>) -> tensor<256xi1>
  %anyb = stablehlo.broadcast_in_dim %any, dims = [0] : (tensor<256xi1>) -> tensor<256x64xi1>
  %s = stablehlo.select %anyb, %x, %z : tensor<256x64xi1>, tensor<256x64xf32>
  return %all, %any, %r, %s : tensor<256xi1>, tensor<256xi1>, tensor<256x64xf32>, tensor<256x64xf32>
}
