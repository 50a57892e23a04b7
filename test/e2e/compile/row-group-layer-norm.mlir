// A layer norm over rows of 384 (200 rows: a tile of 128 and an edge tile
// of 72): mean, centering, variance and normalization with scale and shift
// are one row group. x is loaded once per tile, the mean and the variance
// stay in SBUF as [P x 1] columns, and only y is stored (78 loads, 196 op
// by op; 26 stores: per batch index a [128 x 384] f32 tile, 8.5 us of queue
// time, in 8 pieces, the most, and a [72 x 384] one, 4.8 us, in 5).
// Values match the reference interpreter.
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*ins(#ncore.ap<hbm' | FileCheck %s --check-prefix=LOADS
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=1e-6 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// STORES: 26
// LOADS: 78
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x200x384xf32>, %g: tensor<384xf32>, %b: tensor<384xf32>) -> tensor<2x200x384xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<384.0> : tensor<2x200xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2x200xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x200x384xf32>, tensor<f32>) -> tensor<2x200xf32>
  %mean = stablehlo.divide %s, %n : tensor<2x200xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<2x200xf32>) -> tensor<2x200x384xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x200x384xf32>
  %sq = stablehlo.multiply %c, %c : tensor<2x200x384xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x200x384xf32>, tensor<f32>) -> tensor<2x200xf32>
  %var = stablehlo.divide %ss, %n : tensor<2x200xf32>
  %ve = stablehlo.add %var, %eps : tensor<2x200xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x200xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<2x200xf32>) -> tensor<2x200x384xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [2] : (tensor<384xf32>) -> tensor<2x200x384xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<384xf32>) -> tensor<2x200x384xf32>
  %y0 = stablehlo.multiply %c, %rb : tensor<2x200x384xf32>
  %y1 = stablehlo.multiply %y0, %gb : tensor<2x200x384xf32>
  %y = stablehlo.add %y1, %bb : tensor<2x200x384xf32>
  return %y : tensor<2x200x384xf32>
}
