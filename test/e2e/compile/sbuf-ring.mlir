// The SBUF slots of elementwise tiles are taken in turn from all of SBUF as
// a ring (trn2: 229376 bytes per partition), not from two alternating
// halves: a slot is reused as late as possible, so DMA loads run many tiles
// ahead of the engines. Here each tile takes three 16 KiB slots ([128 x 4096]
// f32: x, y and the sum); the fifth tile's sum does not fit before the end
// and wraps to offset 0, over the first tile's x, which `schedule` orders
// after the first tile's add. The numbers must equal the reference's.
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s
// RUN: systole-run %s --random-inputs --seed=2 --backend=reference --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// SIM: simulated: {{[0-9.]+}} us on trn2

// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 16384 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] + 32768 f32 [4096:1]>)
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 49152 f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 65536 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] + 81920 f32 [4096:1]>)
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 98304 f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 114688 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] + 131072 f32 [4096:1]>)
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 147456 f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 163840 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] + 180224 f32 [4096:1]>)
// The wrap: 212992 + 16384 = 229376 fits exactly; the next slot starts at 0.
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 196608 f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 212992 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] f32 [4096:1]>)
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] + 16384 f32 [4096:1]>, #ncore.ap<sbuf[0:128] + 32768 f32 [4096:1]>) outs(#ncore.ap<sbuf[0:128] + 49152 f32 [4096:1]>)
// CHECK-COUNT-2: ncore.tensor_tensor add
// CHECK-NOT: ncore.tensor_tensor
func.func @main(%x: tensor<1024x4096xf32>, %y: tensor<1024x4096xf32>) -> tensor<1024x4096xf32> {
  %a = stablehlo.add %x, %y : tensor<1024x4096xf32>
  return %a : tensor<1024x4096xf32>
}
