// An elementwise kernel outside an epilogue loads a per-partition operand
// (a [P x 1] column: here the per-channel scale and shift of an NCHW
// tensor, 2 channel blocks x 4 batch indices = 8 tiles) once per channel
// block: later tiles read it from the SBUF ring slot where the first load
// left it, as long as the ring has not come round to it. Each column is
// 128 rows of 4 B (2 us of DMA descriptors), loaded in 3 pieces, so the
// kernel has 2 x 2 x 3 = 12 column loads instead of 48.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'ins(#ncore.ap<hbm\[0:4[23] step 1\] + [0-9]* f32 \[\]>)' | FileCheck %s --check-prefix=COUNT
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// COUNT: 12
// SIM: simulated: {{[0-9.]+}} us on trn2

// Each tile reads the scale column (a tensor_scalar operand on the vector
// engine, or the activation's scale on the scalar engine) and then the
// shift column (a tensor_scalar add, or the activation's bias) of its
// channel block from the same two slots.
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S0:[0-9]+]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B0:[0-9]+]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S1:[0-9]+]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B1:[0-9]+]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S0]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B0]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S1]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B1]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S0]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B0]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S1]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B1]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S0]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B0]] f32 []>)
// CHECK: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + [[S1]] f32 []>)
// CHECK: {{add\(|identity on scalar ins.*\) bias\(}}#ncore.ap<sbuf[0:128] + [[B1]] f32 []>)
// CHECK-NOT: {{mul\(|scale\(}}#ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 []>)
func.func @main(%x: tensor<4x256x49xf32>, %s: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<4x256x49xf32> {
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<256xf32>) -> tensor<4x256x49xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<4x256x49xf32>
  %m = stablehlo.multiply %x, %sb : tensor<4x256x49xf32>
  %a = stablehlo.add %m, %bb : tensor<4x256x49xf32>
  return %a : tensor<4x256x49xf32>
}
