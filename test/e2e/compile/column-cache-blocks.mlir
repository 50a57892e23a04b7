// An epilogue's per-channel columns stay in its column cache, one slot per
// M block: a 1x1 convolution of 512 output channels (4 M blocks) over 16
// images of 64 positions, two N panels of 512 (8 images each, their rows
// loaded packed), visits the M blocks once per panel, and each of its two
// columns is loaded once per M block (4 x 2 columns x 3 DMA pieces = 24
// loads; two slots per column reloaded them for every tile: 48). The
// values equal the reference interpreter's exactly.
// RUN: systole-compile %s --compile-to=ncore -o - | grep -c 'ins(#ncore.ap<hbm\[0:4[23] step 1\] + [0-9]* bf16 \[\]>)' | FileCheck %s --check-prefix=COUNT
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// COUNT: 24
// One matmul per tile, four per panel: from the second panel's first on,
// the tiles read the columns the first panel loaded.
// CHECK-COUNT-5: ncore.matmul on tensor
// CHECK-NOT: ins(#ncore.ap<hbm[0:4{{[23]}} step 1]
// SIM: simulated:
func.func @main(%x: tensor<16x128x8x8xbf16>, %w: tensor<512x128x1x1xbf16>, %mean: tensor<512xbf16>, %scale: tensor<512xbf16>) -> tensor<16x512x8x8xbf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<16x128x8x8xbf16>, tensor<512x128x1x1xbf16>) -> tensor<16x512x8x8xbf16>
  %1 = stablehlo.broadcast_in_dim %mean, dims = [1] : (tensor<512xbf16>) -> tensor<16x512x8x8xbf16>
  %2 = stablehlo.subtract %0, %1 : tensor<16x512x8x8xbf16>
  %3 = stablehlo.broadcast_in_dim %scale, dims = [1] : (tensor<512xbf16>) -> tensor<16x512x8x8xbf16>
  %4 = stablehlo.multiply %2, %3 : tensor<16x512x8x8xbf16>
  return %4 : tensor<16x512x8x8xbf16>
}
