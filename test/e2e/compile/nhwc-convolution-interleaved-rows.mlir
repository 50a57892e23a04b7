// NHWC convolutions whose rows of channels are shorter than a full DMA
// descriptor (512 bytes; DESIGN section 4, `dma_copy`) move J adjacent
// positions per partition as one run.
// Stores: the output tile's positions are transposed in J interleaved
// blocks (block j takes every J-th position from j), side by side in SBUF,
// and each innermost row of the output is one DMA. Cases: a 1x1 bf16
// convolution with 64 channels into a contiguous result (runs of 4
// positions, 256 channels per partition); the same into the padded input of
// the next convolution, through a ReLU epilogue (rows of 20 positions: 5
// partitions each); f32 with 64 channels (rows of 14: J = 2, 7
// partitions); rows of 17 positions (prime, too wide to group: one
// position per partition, as before).
// Loads (ChannelRows): the input rows of 64 bf16 channels load 4 adjacent
// positions per partition where 4 divides the slab's chunk of positions
// (nhwc-convolution-rows.mlir), else the most that do: a 20 x 9 image,
// padded to 22 x 11 = 242 positions, loads 2 per partition.
// Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --rtol=1e-2 --atol=2e-2 --quiet | FileCheck %s --check-prefix=SIM
// RUN: systole-compile %s --emit=mlir -o %t.ncore.mlir
// RUN: FileCheck %s < %t.ncore.mlir
// RUN: FileCheck %s --check-prefix=ROWS < %t.ncore.mlir
// SIM: simulated: {{[0-9.]+}} us on trn2
// CHECK-DAG: ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} bf16 [256:1]>) outs(#ncore.ap<hbm[0:40 step 256] + {{[0-9]+}} bf16 [256:1]>)
// CHECK-DAG: ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} bf16 [256:1]>) outs(#ncore.ap<hbm[0:5 step 256] + {{[0-9]+}} bf16 [256:1]>)
// CHECK-DAG: ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} f32 [128:1]>) outs(#ncore.ap<hbm[0:7 step 128] + {{[0-9]+}} f32 [128:1]>)
// CHECK-DAG: ins(#ncore.ap<sbuf[0:17] + {{[0-9]+}} bf16 [64:1]>) outs(#ncore.ap<hbm[0:17 step 64] + {{[0-9]+}} bf16 [64:1]>)
// CHECK-DAG: ins(#ncore.ap<hbm[0:{{[0-9]+}} step 128] + {{[0-9]+}} bf16 [128:1]>) outs(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} bf16 [128:1]>)
// The 64-channel bf16 results never store 128-byte rows of 20 or 14.
// ROWS-NOT: bf16 [64:1]>) outs(#ncore.ap<hbm[0:20 step 64]
// ROWS-NOT: f32 [64:1]>) outs(#ncore.ap<hbm[0:14 step 64]
func.func @main(%x: tensor<2x12x20x64xbf16>, %w: tensor<1x1x64x64xbf16>,
                %x2: tensor<1x10x20x32xbf16>, %w1: tensor<1x1x32x64xbf16>, %w2: tensor<3x3x64x8xbf16>,
                %y: tensor<1x14x14x32xf32>, %v1: tensor<1x1x32x64xf32>, %v2: tensor<3x3x64x8xf32>,
                %z: tensor<1x17x17x16xbf16>, %u1: tensor<1x1x16x64xbf16>, %u2: tensor<3x3x64x8xbf16>,
                %e: tensor<1x20x9x64xbf16>, %k: tensor<3x3x64x8xbf16>)
    -> (tensor<2x12x20x64xbf16>, tensor<1x10x20x8xbf16>, tensor<1x14x14x8xf32>, tensor<1x17x17x8xbf16>,
        tensor<1x20x9x8xbf16>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x12x20x64xbf16>, tensor<1x1x64x64xbf16>) -> tensor<2x12x20x64xbf16>
  %c0 = stablehlo.constant dense<0.0> : tensor<1x10x20x64xbf16>
  %1 = stablehlo.convolution(%x2, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x10x20x32xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x10x20x64xbf16>
  %2 = stablehlo.maximum %1, %c0 : tensor<1x10x20x64xbf16>
  %3 = stablehlo.convolution(%2, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x10x20x64xbf16>, tensor<3x3x64x8xbf16>) -> tensor<1x10x20x8xbf16>
  %4 = stablehlo.convolution(%y, %v1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x32xf32>, tensor<1x1x32x64xf32>) -> tensor<1x14x14x64xf32>
  %5 = stablehlo.convolution(%4, %v2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x64xf32>, tensor<3x3x64x8xf32>) -> tensor<1x14x14x8xf32>
  %6 = stablehlo.convolution(%z, %u1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x17x17x16xbf16>, tensor<1x1x16x64xbf16>) -> tensor<1x17x17x64xbf16>
  %7 = stablehlo.convolution(%6, %u2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x17x17x64xbf16>, tensor<3x3x64x8xbf16>) -> tensor<1x17x17x8xbf16>
  %8 = stablehlo.convolution(%e, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x20x9x64xbf16>, tensor<3x3x64x8xbf16>) -> tensor<1x20x9x8xbf16>
  return %0, %3, %5, %7, %8 : tensor<2x12x20x64xbf16>, tensor<1x10x20x8xbf16>, tensor<1x14x14x8xf32>, tensor<1x17x17x8xbf16>, tensor<1x20x9x8xbf16>
}
