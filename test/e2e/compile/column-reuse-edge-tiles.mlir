// Column reuse with edge tiles larger than full ones (review finding): the
// select's bf16 operands are stride-4 slices, loaded as spans only in the
// one-row edge tiles along dim 2 (19 rows, 2 per tile), which so take 1.6x
// the SBUF of a full tile. Edge tiles do not reuse cached columns (the
// reuse limit is computed from the full tiles); the compile once failed
// with "internal error: a cached SBUF column would be overwritten".
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%z: tensor<128x1792xf32>, %x: tensor<1x128x19x5848xbf16>, %s: tensor<128xbf16>) -> (tensor<128x1792xf32>, tensor<1x128x19x1462xbf16>) {
  %y = stablehlo.exponential %z : tensor<128x1792xf32>
  %x0 = stablehlo.slice %x [0:1, 0:128, 0:19, 0:5845:4] : (tensor<1x128x19x5848xbf16>) -> tensor<1x128x19x1462xbf16>
  %x1 = stablehlo.slice %x [0:1, 0:128, 0:19, 1:5846:4] : (tensor<1x128x19x5848xbf16>) -> tensor<1x128x19x1462xbf16>
  %zz = stablehlo.constant dense<0.0> : tensor<128xbf16>
  %p = stablehlo.compare GT, %s, %zz : (tensor<128xbf16>, tensor<128xbf16>) -> tensor<128xi1>
  %pb = stablehlo.broadcast_in_dim %p, dims = [1] : (tensor<128xi1>) -> tensor<1x128x19x1462xi1>
  %v = stablehlo.select %pb, %x0, %x1 : tensor<1x128x19x1462xi1>, tensor<1x128x19x1462xbf16>
  return %y, %v : tensor<128x1792xf32>, tensor<1x128x19x1462xbf16>
}
