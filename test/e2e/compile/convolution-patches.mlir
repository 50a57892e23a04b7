// A patch embedding: a 16 x 16 window at stride 16 over 3 channels, 256
// output channels, two images. The window rows fold into the contraction
// ((channel, row) pairs on 48 partitions); each partition then reads one
// input row in 16, which its input slab loads packed: per image and output
// row one run of 64 elements (the 4 windows' columns), [2 x 4 x 64] = 512
// elements per partition, instead of one contiguous span of 15424 elements
// over both images (a DMA cost of 48 x 512 x 4 B / 23 B/ns + 384 runs x 16
// ns = 10.4 us, against 48 x 15424 x 4 / 23 = 129 us). The matmuls read the
// slab as 32 positions 16 elements apart.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// The kernel's rows (768 elements of 4 bytes each) stage in two slots in
// turn, 3072 bytes apart: the second 128 output channels load while the
// first are transposed.
// ISA: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:16 step 768] + {{[0-9]+}} f32 [768:1]>) outs(#ncore.ap<sbuf[0:16] + 40960 f32 [768:1]>)
// ISA: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:16 step 768] + {{[0-9]+}} f32 [768:1]>) outs(#ncore.ap<sbuf[0:16] + 44032 f32 [768:1]>)
// The input slab, then the first matmul reading it:
// ISA: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:4 step 64] f32 [2:12288, 4:1024, 64:1]>) outs(#ncore.ap<sbuf[0:4] + [[SLAB:[0-9]+]] f32 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:48] f32 [128:1]>, #ncore.ap<sbuf[0:48] + [[SLAB]] f32 [32:16]>) outs(#ncore.ap<psum[0:128] f32 [32:1]>)
// Values match the reference interpreter on the same random inputs; the
// simulator's race detector checks the stores of the two images' channels,
// which interleave in HBM.
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x3x64x64xf32>, %w: tensor<256x3x16x16xf32>) -> tensor<2x256x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [16, 16]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x64x64xf32>, tensor<256x3x16x16xf32>) -> tensor<2x256x4x4xf32>
  return %0 : tensor<2x256x4x4xf32>
}
