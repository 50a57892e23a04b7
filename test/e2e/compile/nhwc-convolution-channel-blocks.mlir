// NHWC convolutions with more than 128 output channels (several M blocks
// of 128): each block's output tile is transposed on the tensor engine into
// its channels of one staging area in SBUF that holds all the channels of
// the tile's positions, and the last block stores them as rows of all M
// channels, one DMA descriptor per position (256 bf16 channels: 512 bytes;
// before, two of 256 bytes, each under a full descriptor and paying its
// extra cost, DESIGN section 4). Cases: a 1x1 bf16 convolution to 256
// channels; a 3x3 f32 one to 200 (blocks of 128 and 72) with a bias
// epilogue; a 1x1 one to 256 with a residual add and relu epilogue; and a
// 3x3 bf16 one to 384 (three blocks). Values match the reference
// interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=1e-2 --atol=2e-2 --quiet | FileCheck %s --check-prefix=SIM
// RUN: systole-compile %s --emit=mlir -o %t.ncore.mlir
// RUN: FileCheck %s < %t.ncore.mlir
// RUN: FileCheck %s --check-prefix=BLOCKS < %t.ncore.mlir
// SIM: simulated: {{[0-9.]+}} us on trn2
// CHECK-DAG: bf16 [256:1]>) outs(#ncore.ap<hbm[0:{{[0-9]+}} step 256] + {{[0-9]+}} bf16 [256:1]>)
// CHECK-DAG: f32 [200:1]>) outs(#ncore.ap<hbm[0:{{[0-9]+}} step 200] + {{[0-9]+}} f32 [200:1]>)
// CHECK-DAG: bf16 [384:1]>) outs(#ncore.ap<hbm[0:{{[0-9]+}} step 384] + {{[0-9]+}} bf16 [384:1]>)
// No store of one block's channels alone.
// BLOCKS-NOT: bf16 [128:1]>) outs(#ncore.ap<hbm
// BLOCKS-NOT: f32 [128:1]>) outs(#ncore.ap<hbm
// BLOCKS-NOT: f32 [72:1]>) outs(#ncore.ap<hbm
func.func @main(%x: tensor<2x10x12x64xbf16>, %w: tensor<1x1x64x256xbf16>,
                %y: tensor<1x9x9x32xf32>, %v: tensor<3x3x32x200xf32>, %b: tensor<200xf32>,
                %r: tensor<2x10x12x256xbf16>, %k: tensor<1x1x64x256xbf16>,
                %s: tensor<1x7x7x64xbf16>, %u: tensor<3x3x64x384xbf16>)
    -> (tensor<2x10x12x256xbf16>, tensor<1x9x9x200xf32>, tensor<2x10x12x256xbf16>, tensor<1x7x7x384xbf16>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x10x12x64xbf16>, tensor<1x1x64x256xbf16>) -> tensor<2x10x12x256xbf16>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x32xf32>, tensor<3x3x32x200xf32>) -> tensor<1x9x9x200xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<200xf32>) -> tensor<1x9x9x200xf32>
  %2 = stablehlo.add %1, %bb : tensor<1x9x9x200xf32>
  %3 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x10x12x64xbf16>, tensor<1x1x64x256xbf16>) -> tensor<2x10x12x256xbf16>
  %4 = stablehlo.add %3, %r : tensor<2x10x12x256xbf16>
  %c0 = stablehlo.constant dense<0.0> : tensor<2x10x12x256xbf16>
  %5 = stablehlo.maximum %4, %c0 : tensor<2x10x12x256xbf16>
  %6 = stablehlo.convolution(%s, %u) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x7x7x64xbf16>, tensor<3x3x64x384xbf16>) -> tensor<1x7x7x384xbf16>
  return %0, %2, %5, %6 : tensor<2x10x12x256xbf16>, tensor<1x9x9x200xf32>, tensor<2x10x12x256xbf16>, tensor<1x7x7x384xbf16>
}
