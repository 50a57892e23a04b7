// A DMA is split by partitions over several queues by its queue time
// (DESIGN section 4 on trn2: bytes / 23 B/ns, plus 16 ns per descriptor when
// the contiguous runs average under 512 B). Loads and stores go in pieces of
// about 1 us, at most 8. The counts below are worked out by hand from those
// rules.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: systole-run %s --random-inputs --seed=5 --backend=reference --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --quiet
// RUN: systole-run %s --random-inputs --seed=5 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --rtol=1e-6 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// SIM: simulated: {{[0-9.]+}} us on trn2

// [128 x 64] f32, rows of 256 B: a load of 32 KiB / 23 = 1425 ns plus
// 128 x 16 = 2048 ns of descriptors is 4 pieces, and so is the store.
// CHECK: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:32 step 64] f32 [64:1]>) outs(#ncore.ap<sbuf[0:32] f32 [64:1]>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:32 step 64] + 8192 f32 [64:1]>) outs(#ncore.ap<sbuf[32:64] f32 [64:1]>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:32 step 64] + 16384 f32 [64:1]>) outs(#ncore.ap<sbuf[64:96] f32 [64:1]>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:32 step 64] + 24576 f32 [64:1]>) outs(#ncore.ap<sbuf[96:128] f32 [64:1]>)
// CHECK-NEXT: ncore.activation exp
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:32] + {{[0-9]+}} f32 [64:1]>) outs(#ncore.ap<hbm[0:32 step 64]
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[32:64] + {{[0-9]+}} f32 [64:1]>) outs(#ncore.ap<hbm[0:32 step 64]
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[64:96] + {{[0-9]+}} f32 [64:1]>) outs(#ncore.ap<hbm[0:32 step 64]
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[96:128] + {{[0-9]+}} f32 [64:1]>) outs(#ncore.ap<hbm[0:32 step 64]
// [128 x 1024] f32, 512 KiB in rows of 4 KiB: 22.8 us each way, 8 pieces of
// 16 partitions (the most).
// CHECK-COUNT-8: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:16 step 1024] + {{[0-9]+}} f32 [1024:1]>) outs(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} f32 [1024:1]>)
// CHECK-NEXT: ncore.tensor_scalar mul(-1.000000e+00 : f32)
// CHECK-COUNT-8: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + {{[0-9]+}} f32 [1024:1]>) outs(#ncore.ap<hbm[0:16 step 1024]
// [4 x 4] f32, 64 B in rows of 16 B (67 ns): one piece each way.
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:4 step 4] + {{[0-9]+}} f32 [4:1]>) outs(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 [4:1]>)
// CHECK-NEXT: ncore.activation abs
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 [4:1]>) outs(#ncore.ap<hbm[0:4 step 4]
// CHECK-NEXT: }
func.func @main(%x: tensor<128x64xf32>, %y: tensor<128x1024xf32>, %z: tensor<4x4xf32>) -> (tensor<128x64xf32>, tensor<128x1024xf32>, tensor<4x4xf32>) {
  %a = stablehlo.exponential %x : tensor<128x64xf32>
  %b = stablehlo.negate %y : tensor<128x1024xf32>
  %c = stablehlo.abs %z : tensor<4x4xf32>
  return %a, %b, %c : tensor<128x64xf32>, tensor<128x1024xf32>, tensor<4x4xf32>
}
