// Convolutions in JAX's default layout, NHWC input with HWIO kernels: the
// input channels (the contraction, on the partitions) are contiguous in
// HBM, so each input slab is loaded as rows of channels, up to 128
// positions at a time, and transposed on the tensor engine (before, the
// window rows went on the partitions and every partition loaded all the
// channels of its span: on trn2 a 3x3 bf16 convolution of 8 x 32 x 32 x 64
// to 128 channels took 276.0 us, now 54.7, below its NCHW form's 58.0). The
// following bias, relu and conversion to bf16 run as the epilogue on each
// PSUM tile, whose result is stored transposed as rows of channels. Cases: a 3x3 bf16 convolution
// with a bias and relu epilogue; a stride-2 f32 one with 160 input
// channels (two K chunks, 128 + 32); a 1x1 one with 24 input channels; and
// one with 8 (fewer than 16: loaded as before). Values match the reference
// interpreter's, by Pearson correlation (the bf16 epilogue rounds a sum
// whose f32 order differs).
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ROWS
// The first convolution's rows: 4 adjacent positions of 64 bf16 channels
// per partition, one 512-byte run (a row of 64 is 128 bytes, under a full
// DMA descriptor), each of the 4 interleaved blocks transposed into every
// 4th column of the slab.
// ROWS: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:{{[0-9]+}} step 256] + {{[0-9]+}} bf16 [256:1]>)
// ROWS: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + {{[0-9]+}} bf16 [64:1]>)
// ROWS-NEXT: ncore.tensor_copy on {{scalar|vector}} ins(#ncore.ap<psum[0:64] + {{[0-9]+}} bf16 [128:1]>) outs(#ncore.ap<sbuf[0:64] + {{[0-9]+}} bf16 [128:4]>)
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --compare=pcc --min-pcc=0.9999 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x32x32x64xbf16>, %w: tensor<3x3x64x128xbf16>, %b: tensor<128xbf16>,
                %y: tensor<2x15x15x160xf32>, %v: tensor<3x3x160x48xf32>,
                %z: tensor<3x10x10x24xf32>, %u: tensor<1x1x24x64xf32>,
                %s: tensor<1x12x12x8xf32>, %t: tensor<3x3x8x40xf32>)
    -> (tensor<2x32x32x128xbf16>, tensor<2x8x8x48xf32>, tensor<3x10x10x64xf32>,
        tensor<1x10x10x40xf32>) {
  %c0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x32x32x64xbf16>, tensor<3x3x64x128xbf16>) -> tensor<2x32x32x128xbf16>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<128xbf16>) -> tensor<2x32x32x128xbf16>
  %zero = stablehlo.constant dense<0.0> : tensor<2x32x32x128xbf16>
  %a0 = stablehlo.add %c0, %bb : tensor<2x32x32x128xbf16>
  %0 = stablehlo.maximum %a0, %zero : tensor<2x32x32x128xbf16>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x15x15x160xf32>, tensor<3x3x160x48xf32>) -> tensor<2x8x8x48xf32>
  %2 = stablehlo.convolution(%z, %u) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x10x10x24xf32>, tensor<1x1x24x64xf32>) -> tensor<3x10x10x64xf32>
  %3 = stablehlo.convolution(%s, %t) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x12x12x8xf32>, tensor<3x3x8x40xf32>) -> tensor<1x10x10x40xf32>
  return %0, %1, %2, %3 : tensor<2x32x32x128xbf16>, tensor<2x8x8x48xf32>, tensor<3x10x10x64xf32>, tensor<1x10x10x40xf32>
}
