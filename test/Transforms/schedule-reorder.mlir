// RUN: systole-opt %s --systole-schedule | FileCheck %s
// RUN: systole-opt %s --systole-schedule | FileCheck %s --check-prefix=WAR
// RUN: systole-opt %s --systole-schedule | FileCheck %s --check-prefix=QUEUE
// RUN: systole-opt %s --systole-schedule=reorder=false | FileCheck %s --check-prefix=ORDER
// The reordered program runs on the simulator with its race detector on and
// computes what the program order computes.
// RUN: systole-opt %s --systole-schedule | systole-translate --ncore-to-ncx -o %t.ncx
// RUN: systole-opt %s --systole-schedule=reorder=false | systole-translate --ncore-to-ncx -o %t.order.ncx
// RUN: systole-run %t.ncx --random-inputs --seed=3 --quiet --output=@%t.bin | FileCheck %s --check-prefix=SIM
// RUN: systole-run %t.order.ncx --random-inputs --seed=3 --quiet --output=@%t.order.bin
// RUN: cmp %t.bin %t.order.bin

// Two tiles, each loaded, copied on the vector engine, exponentiated on the
// scalar engine, copied again on the vector engine and stored. In program
// order the vector engine finishes tile 0 (waiting for the scalar engine)
// before it starts tile 1; list-scheduled, it copies tile 1 while the
// scalar engine works on tile 0.
// CHECK: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>)
// CHECK: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 16384 f32 [512:1]>)
// CHECK: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>)
// CHECK: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 20480 f32 [512:1]>)
// ORDER: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>)
// ORDER: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>)
// ORDER: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 16384 f32 [512:1]>)
// ORDER: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 20480 f32 [512:1]>)

// Conflicts on one stream keep their order too: the memset of 2.0 writes
// the bytes that the add before it reads (WAR on the vector engine), so it
// stays after the add, which waits for a load; the memset of 3.0 conflicts
// with nothing and goes first.
// WAR: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) value(1.000000e+00)
// WAR: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 40960 f32 [512:1]>) value(3.000000e+00)
// WAR: ncore.tensor_tensor add on vector
// WAR: ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) value(2.000000e+00)
// The DMA queues are alike: each transfer goes to the queue free first
// (the lowest-numbered of those free together), whatever queue the program
// named. The three loads, on queues 0, 2 and 4 in the program, take 0, 1
// and 2; the stores the next free ones.
// QUEUE: ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] f32 [512:1]>)
// QUEUE: ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 262144 f32 [512:1]>)
// QUEUE: ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 524288 f32 [512:1]>)
// QUEUE: ncore.dma_copy on dma[3] ins(#ncore.ap<sbuf[0:128] + 26624 f32 [512:1]>)
// SIM: simulated:
ncore.program @main attributes {target = "trn2"} {
  ncore.input @x : tensor<3x128x512xf32> at 0
  ncore.output @y : tensor<3x128x512xf32> at 1048576
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) value(1.0)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>)
  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 6144 f32 [512:1]>)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:128] + 6144 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 1048576 f32 [512:1]>)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 262144 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 16384 f32 [512:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 16384 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 18432 f32 [512:1]>)
  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] + 18432 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 20480 f32 [512:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 20480 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 22528 f32 [512:1]>)
  ncore.dma_copy on dma[3] ins(#ncore.ap<sbuf[0:128] + 22528 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 1310720 f32 [512:1]>)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 512] + 524288 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 24576 f32 [512:1]>)
  ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 24576 f32 [512:1]>, #ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 26624 f32 [512:1]>)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) value(2.0)
  ncore.dma_copy on dma[5] ins(#ncore.ap<sbuf[0:128] + 26624 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 1572864 f32 [512:1]>)
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 40960 f32 [512:1]>) value(3.0)
}
