// Reductions over dims outside a parallel innermost dim, as graphs write
// them: NHWC global average pooling's sum over h and w of [8 x 14 x 14 x
// 512], a sum over tokens of [16 x 50 x 768], a bf16 max over the middle
// dim, an i32 sum, a [200 x 300 x 100] sum, and an i8 sum over the leading
// dim of [224 x 2 x 300]. The float ones whose innermost rows by their
// reduced elements exceed 16 KB put the innermost dim on the partitions
// (systole-tile) and load their tiles as rows transposed on the tensor
// engine (on trn2 the pooling sum went from 854.8 us to 17.9 us, the [200 x
// 300 x 100] one from 6139.4 to 147.3). The [200 x 300 x 100] sum and the i8
// one had failed to compile ("'ncore.tensor_scalar' op a: bytes [225088,
// 240688) of each partition are outside the 229376 bytes per partition of
// sbuf"): adding the init value, and the i8 result's low-bits wrap, covered
// the input tile's elements per partition instead of the output's. Values
// match the reference interpreter.
// RUN: systole-compile %s --compile-to=tile -o - | FileCheck %s --check-prefix=TILE
// TILE-DAG: systole.tiling = {partition = 3 : i64, tiles = array<i64: 1, 14, 14, 128>}
// TILE-DAG: systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 50, 128>}
// TILE-DAG: systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 300, 100>}
// TILE-DAG: systole.tiling = {partition = 0 : i64, tiles = array<i64: 64, 30, 136>}
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --output=@%t.ref.5.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --expected-output=@%t.ref.5.npy --rtol=1e-4 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%a: tensor<8x14x14x512xf32>, %b: tensor<16x50x768xf32>,
                %c: tensor<4x30x300xbf16>, %d: tensor<64x30x200xi32>,
                %e: tensor<200x300x100xf32>, %f: tensor<224x2x300xi8>)
    -> (tensor<8x512xf32>, tensor<16x768xf32>, tensor<4x300xbf16>, tensor<64x200xi32>, tensor<200x100xf32>, tensor<2x300xi8>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %bzero = stablehlo.constant dense<0> : tensor<i8>
  %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [1, 2] : (tensor<8x14x14x512xf32>, tensor<f32>) -> tensor<8x512xf32>
  %1 = stablehlo.reduce(%b init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x50x768xf32>, tensor<f32>) -> tensor<16x768xf32>
  %2 = stablehlo.reduce(%c init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x30x300xbf16>, tensor<bf16>) -> tensor<4x300xbf16>
  %3 = stablehlo.reduce(%d init: %izero) applies stablehlo.add across dimensions = [1] : (tensor<64x30x200xi32>, tensor<i32>) -> tensor<64x200xi32>
  %4 = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<200x300x100xf32>, tensor<f32>) -> tensor<200x100xf32>
  %5 = stablehlo.reduce(%f init: %bzero) applies stablehlo.add across dimensions = [0] : (tensor<224x2x300xi8>, tensor<i8>) -> tensor<2x300xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<8x512xf32>, tensor<16x768xf32>, tensor<4x300xbf16>, tensor<64x200xi32>, tensor<200x100xf32>, tensor<2x300xi8>
}
