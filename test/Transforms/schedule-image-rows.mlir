// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s
// In program order (reorder=false). The scheduled program runs on the
// simulator with its race detector on.
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-run %t.ncx --random-inputs --quiet | FileCheck %s --check-prefix=SIM

// An HBM access whose outermost free dim has a few indices is also seen as
// that many copies of the rows of its other dims. A [2 x 8 x 16] f32 result
// (images 512 bytes apart, channels 64): the stores of channels [0, 4) and
// [4, 8) of both images interleave within one byte extent, and each one's
// rows (partitions, 64 bytes apart) join up over its whole extent, but at
// each image they are rows [0, 256) + 512 i and [256, 512) + 512 i: they
// share no byte, so the second store does not wait for the first (a
// convolution's [channels x positions] tiles of a batch of two were
// stored one after the other).
// CHECK: ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:4] f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] f32 [2:128, 16:1]>) wait(@vector_done >= 1) signal(@dma0_done += 1)
// CHECK: ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:4] + 128 f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] + 256 f32 [2:128, 16:1]>) wait(@vector_done >= 2) signal(@dma1_done += 1)
// A store of channels [2, 6) meets both.
// CHECK: ncore.dma_copy on dma[2] {{.*}} outs(#ncore.ap<hbm[0:4 step 16] + 128 f32 [2:128, 16:1]>) wait(@dma0_done >= 1, @dma1_done >= 1)
// A load of channel 1 of image 1 (bytes [576, 640)) lies within the
// extent of that store, between its rows at image 0 and image 1: it waits
// for the first store only.
// CHECK: ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:1 step 1] + 576 f32 [16:1]>) {{.*}} wait(@dma0_done >= 1) signal(@dma3_done += 1)
// A load of channel 2 of image 1 waits for the store of [2, 6).
// CHECK: ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:1 step 1] + 640 f32 [16:1]>) {{.*}} wait(@dma2_done >= 1) signal(@dma4_done += 1)
// A second store of channels [0, 4) waits for the two loads that read
// them. Its rows at image 1 cover the first load's bytes, so that record is
// dropped; a store into channel 1 of image 1 (from the bytes that load
// wrote) still waits for it, through the second store.
// CHECK: ncore.dma_copy on dma[5] {{.*}} outs(#ncore.ap<hbm[0:4 step 16] f32 [2:128, 16:1]>) wait(@dma3_done >= 1, @dma4_done >= 1) signal(@dma5_done += 1)
// CHECK: ncore.dma_copy on dma[6] {{.*}} outs(#ncore.ap<hbm[0:1 step 1] + 576 f32 [16:1]>) wait(@dma5_done >= 1){{$}}
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.output @c : tensor<2x8x16xf32> at 0
  ncore.memset on vector outs(#ncore.ap<sbuf[0:4] f32 [32:1]>) value(1.0)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:4] + 128 f32 [32:1]>) value(2.0)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:4] f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] f32 [2:128, 16:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:4] + 128 f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] + 256 f32 [2:128, 16:1]>)
  ncore.dma_copy on dma[2] ins(#ncore.ap<sbuf[0:4] f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] + 128 f32 [2:128, 16:1]>)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:1 step 1] + 576 f32 [16:1]>) outs(#ncore.ap<sbuf[0:1] + 1024 f32 [16:1]>)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:1 step 1] + 640 f32 [16:1]>) outs(#ncore.ap<sbuf[0:1] + 2048 f32 [16:1]>)
  ncore.dma_copy on dma[5] ins(#ncore.ap<sbuf[0:4] f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 16] f32 [2:128, 16:1]>)
  ncore.dma_copy on dma[6] ins(#ncore.ap<sbuf[0:1] + 1024 f32 [16:1]>) outs(#ncore.ap<hbm[0:1 step 1] + 576 f32 [16:1]>)
}
