// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s
// In program order (reorder=false; schedule-reorder.mlir tests the list
// scheduler). The scheduled program runs on the simulator with its race
// detector on.
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-run %t.ncx --random-inputs --quiet | FileCheck %s --check-prefix=SIM

// HBM accesses are rows (one per partition, `step` elements apart): stores
// of [P x 64] tiles into the columns [0, 64) and [64, 128) of a row-major
// [128 x 128] result interleave within one byte extent but share no byte,
// so the second store does not wait for the first (a byte-extent test made
// every store of a kernel wait for the one before it).
// CHECK: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [64:1]>) {{.*}} signal(@vector_done += 1)
// CHECK: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 256 f32 [64:1]>) {{.*}} signal(@vector_done += 1)
// CHECK: ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<hbm[0:128 step 128] f32 [64:1]>) wait(@vector_done >= 1) signal(@dma0_done += 1)
// CHECK: ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:128] + 256 f32 [64:1]>) outs(#ncore.ap<hbm[0:128 step 128] + 256 f32 [64:1]>) wait(@vector_done >= 2) signal
// A store to rows that do meet the first store's (columns [32, 96)) waits
// for it, as does a load of one row that crosses it.
// CHECK: ncore.dma_copy on dma[2] {{.*}} outs(#ncore.ap<hbm[0:128 step 128] + 128 f32 [64:1]>) wait(@dma0_done >= 1, @dma1_done >= 1)
// CHECK: ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:1 step 1] + 51200 f32 [128:1]>) {{.*}} wait(@dma2_done >= 1)
// A load of column 127 of every row (a row set with another stride shape:
// rows of one element) waits only for what wrote that column.
// CHECK: ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 128] + 508 f32 []>) {{.*}} wait(@dma1_done >= 1)
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.output @c : tensor<128x128xf32> at 0
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [64:1]>) value(1.0)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 256 f32 [64:1]>) value(2.0)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<hbm[0:128 step 128] f32 [64:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:128] + 256 f32 [64:1]>) outs(#ncore.ap<hbm[0:128 step 128] + 256 f32 [64:1]>)
  ncore.dma_copy on dma[2] ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<hbm[0:128 step 128] + 128 f32 [64:1]>)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:1 step 1] + 51200 f32 [128:1]>) outs(#ncore.ap<sbuf[0:1] + 1024 f32 [128:1]>)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 128] + 508 f32 []>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)
}
