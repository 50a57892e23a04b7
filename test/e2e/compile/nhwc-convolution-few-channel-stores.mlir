// An NHWC convolution with few output channels (12: too few for stores
// transposed as rows of channels) stores each [channels x positions] tile
// one element per descriptor. Its store is split along the outermost free
// dim (here the 3 images) into pieces of disjoint bytes on their own DMA
// queues: split by partitions, every piece spanned the whole tile's bytes
// and `schedule` ran them one after another (on trn2 this program took
// 107.3 us that way, 74.5 before the session's NHWC changes, 41.0 now;
// found by a review helper's fuzzing). Values match the reference
// interpreter.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA-COUNT-3: outs(#ncore.ap<hbm[0:12 step 1] + {{[0-9]+}} f32 [14:{{[0-9]+}}, 11:12]>)
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --compare=pcc --min-pcc=0.9999 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<3x15x12x256xbf16>, %w: tensor<2x2x256x12xbf16>) -> tensor<3x14x11x12xbf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x15x12x256xbf16>, tensor<2x2x256x12xbf16>) -> tensor<3x14x11x12xbf16>
  return %0 : tensor<3x14x11x12xbf16>
}
