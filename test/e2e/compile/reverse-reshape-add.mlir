// A reversed tensor reshaped and added: `fuse` collapses an elementwise
// producer of a collapse_shape into its users only when its maps are loops
// (a reverse reads `3 - d0`, which upstream's collapsing cannot take): the
// reverse stays a 3-D op and the values equal the reference's.
// RUN: systole-compile %s --compile-to=fuse -o - | FileCheck %s --check-prefix=LINALG
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// LINALG: affine_map<(d0, d1, d2) -> (-d0 + 3, d1, d2)>
// LINALG: linalg.generic {{.*}} ins(%arg0 : tensor<4x8x16xf32>) outs(%{{.*}} : tensor<4x8x16xf32>)
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<4x8x16xf32>, %y: tensor<4x128xf32>) -> tensor<4x128xf32> {
  %r = stablehlo.reverse %x, dims = [0] : tensor<4x8x16xf32>
  %c = stablehlo.reshape %r : (tensor<4x8x16xf32>) -> tensor<4x128xf32>
  %s = stablehlo.add %c, %y : tensor<4x128xf32>
  return %s : tensor<4x128xf32>
}
