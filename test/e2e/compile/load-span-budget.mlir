// Load spans (one contiguous DMA run per partition, gathered on chip) are
// optional slots: they may only use the room a tile has beyond what
// `systole-tile` budgeted for it. Eight stride-4 slices of x times a
// per-channel column: tiles are [1 x 128 x 2 x 600] f32, 72 bytes per free
// element (10 operands and 8 multiplies, 4 bytes each). Full tiles' rows are
// spans of 2 x 2408 elements (19 KiB, over the 16 KiB span limit): plain
// DMAs. The edge tiles along dim 2 (one row) would take 8 spans of 2397
// elements (9600 bytes aligned) on top of 600 x 72 = 43200 planned bytes;
// half of trn2's SBUF (114688) leaves room for 7 (67200 bytes), and the
// eighth slice is a plain DMA. Before, the compile failed with "the tile
// needs more than 114688 bytes". 2 batch indices x 7 spans x 8 DMA pieces
// (16 partitions each) = 112 span loads.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'f32 \[2397:1\]>) outs' | FileCheck %s --check-prefix=SPANS
// CHECK: simulated: {{[0-9.]+}} us on trn2
// SPANS: {{^}}112{{$}}
func.func @main(%x: tensor<2x128x3x2408xf32>, %s: tensor<128xf32>) -> tensor<2x128x3x600xf32> {
  %x0 = stablehlo.slice %x [0:2, 0:128, 0:3, 0:2397:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x1 = stablehlo.slice %x [0:2, 0:128, 0:3, 1:2398:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x2 = stablehlo.slice %x [0:2, 0:128, 0:3, 2:2399:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x3 = stablehlo.slice %x [0:2, 0:128, 0:3, 3:2400:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x4 = stablehlo.slice %x [0:2, 0:128, 0:3, 4:2401:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x5 = stablehlo.slice %x [0:2, 0:128, 0:3, 5:2402:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x6 = stablehlo.slice %x [0:2, 0:128, 0:3, 6:2403:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %x7 = stablehlo.slice %x [0:2, 0:128, 0:3, 7:2404:4] : (tensor<2x128x3x2408xf32>) -> tensor<2x128x3x600xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<128xf32>) -> tensor<2x128x3x600xf32>
  %m0 = stablehlo.multiply %sb, %x0 : tensor<2x128x3x600xf32>
  %m1 = stablehlo.multiply %m0, %x1 : tensor<2x128x3x600xf32>
  %m2 = stablehlo.multiply %m1, %x2 : tensor<2x128x3x600xf32>
  %m3 = stablehlo.multiply %m2, %x3 : tensor<2x128x3x600xf32>
  %m4 = stablehlo.multiply %m3, %x4 : tensor<2x128x3x600xf32>
  %m5 = stablehlo.multiply %m4, %x5 : tensor<2x128x3x600xf32>
  %m6 = stablehlo.multiply %m5, %x6 : tensor<2x128x3x600xf32>
  %m7 = stablehlo.multiply %m6, %x7 : tensor<2x128x3x600xf32>
  return %m7 : tensor<2x128x3x600xf32>
}
