// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s
// In program order (reorder=false). The scheduled program runs on the
// simulator with its race detector on.
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-run %t.ncx --random-inputs --quiet | FileCheck %s --check-prefix=SIM

// An HBM access's rows run along its dim of the largest stride, a free dim
// as well as the partitions. A [16 x 16] f32 result in NHWC order (positions
// 64 bytes apart, channels 4): a store of channels [0, 8) from 8
// partitions (one channel each, 4 bytes apart) and of channels [8, 16)
// interleave within one byte extent; along the partitions each store's
// rows join up over it, but along the positions they are [0, 32) + 64 i and
// [32, 64) + 64 i, and share no byte: the second store does not wait for
// the first (an NHWC convolution's stores of its output channel blocks had
// run one after another).
// CHECK: ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:8] f32 [16:1]>) outs(#ncore.ap<hbm[0:8 step 1] f32 [16:16]>) wait(@vector_done >= 1) signal(@dma0_done += 1)
// CHECK: ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:8] + 64 f32 [16:1]>) outs(#ncore.ap<hbm[0:8 step 1] + 32 f32 [16:16]>) wait(@vector_done >= 2) signal(@dma1_done += 1)
// A load of position 3's channels [4, 12) meets both.
// CHECK: ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:1 step 1] + 208 f32 [8:1]>) {{.*}} wait(@dma0_done >= 1, @dma1_done >= 1){{$}}
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.output @c : tensor<16x16xf32> at 0
  ncore.memset on vector outs(#ncore.ap<sbuf[0:8] f32 [16:1]>) value(1.0)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:8] + 64 f32 [16:1]>) value(2.0)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:8] f32 [16:1]>) outs(#ncore.ap<hbm[0:8 step 1] f32 [16:16]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:8] + 64 f32 [16:1]>) outs(#ncore.ap<hbm[0:8 step 1] + 32 f32 [16:16]>)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:1 step 1] + 208 f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] + 1024 f32 [8:1]>)
}
