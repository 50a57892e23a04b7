// A convolution's input tiles rotate through as many SBUF slots as fit (up
// to eight), not two, so that the loads of later tiles need not wait for the
// matmuls of the tile two back. Hand-worked for this 1x1 convolution (128
// input and output channels, 64x32 f32 positions: four 512-position tiles):
// the resident weights take 128 f32 = 512 bytes per partition, and each
// input tile 512 f32 = 2048 bytes after them, so the four tiles' matmuls
// read their moving operand at 512, 2560, 4608 and 6656 (two slots would
// reuse 512 and 2560). Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f32 [128:1]>, #ncore.ap<sbuf[0:128] + 512 f32 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f32 [128:1]>, #ncore.ap<sbuf[0:128] + 2560 f32 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f32 [128:1]>, #ncore.ap<sbuf[0:128] + 4608 f32 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f32 [128:1]>, #ncore.ap<sbuf[0:128] + 6656 f32 [512:1]>)
// ISA-NOT: ncore.matmul
func.func @main(%x: tensor<1x128x64x32xf32>, %w: tensor<128x128x1x1xf32>) -> tensor<1x128x64x32xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x128x64x32xf32>, tensor<128x128x1x1xf32>) -> tensor<1x128x64x32xf32>
  return %c : tensor<1x128x64x32xf32>
}
