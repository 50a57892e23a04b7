// A cached [P x 1] column is reloaded once the SBUF ring may come round to
// its slot: here each tile ([128 x 2048] f32: x, x * scale, + shift, and
// the two columns) takes about 24.7 KiB of the 224 KiB ring, and a channel
// block's next tile comes 8 tiles (about 197 KiB) later, past the reuse
// limit (SBUF minus twice a tile, about 175 KiB). So every tile loads its
// two columns (16 tiles x 2 columns x 3 pieces), and the values stay exact.
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'ins(#ncore.ap<hbm\[0:4[23] step 1\] + [0-9]* f32 \[\]>)' | FileCheck %s --check-prefix=COUNT
// RUN: systole-run --backend=reference %s --random-inputs --seed=6 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=6 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// COUNT: 96
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x1024x2048xf32>, %s: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<2x1024x2048xf32> {
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<1024xf32>) -> tensor<2x1024x2048xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xf32>) -> tensor<2x1024x2048xf32>
  %m = stablehlo.multiply %x, %sb : tensor<2x1024x2048xf32>
  %a = stablehlo.add %m, %bb : tensor<2x1024x2048xf32>
  return %a : tensor<2x1024x2048xf32>
}
