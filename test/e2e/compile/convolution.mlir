// Convolutions run on the tensor engine (a matmul per window position and
// input-channel chunk, accumulated in PSUM), checked against the reference
// interpreter on the same random inputs: a padded 3x3 stride-2 convolution
// with 160 input channels (two K chunks) and 136 output channels (two M
// chunks), then bias, ReLU and a 3x3 stride-2 max pool.
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// The first matmul of a PSUM group starts it; the other 2 x 9 - 1 add to it.
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] {{.*}}>, #ncore.ap<sbuf[0:128] {{.*}}>) outs(#ncore.ap<psum[0:128] f32 [{{[0-9]+}}:1]>)
// ISA-NOT: ncore.tensor_reduce
// ISA: ncore.matmul on tensor {{.*}} accumulate
// The bias add and ReLU run on each PSUM tile as it is evacuated (the
// convolution's epilogue), as one activation-engine instruction with the
// bias column: the f32 convolution result never goes to HBM. The padded
// input is channel-major in HBM (`systole-choose-hbm-layout`), so a
// matmul's moving tile spans both images: N = 2 x 8 x 8. The result tile
// goes straight into the interior of the max pool's padded input (empty-
// tensor elimination in `bufferize`: no buffer and no copy between them):
// 16 rows of 8 elements per partition, 2048 short descriptors (36 us of
// queue time), stored in eight pieces of 16 partitions.
// ISA: ncore.activation relu on scalar ins(#ncore.ap<psum[0:128] f32 [128:1]>) outs(#ncore.ap<sbuf[0:128] + [[T:[0-9]+]] f32 [128:1]>) bias(#ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 []>)
// ISA-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:16] + [[T]] f32 [128:1]>) outs(#ncore.ap<hbm[0:16 step 200] + {{[0-9]+}} f32 [2:100, 8:10, 8:1]>)
// ISA-COUNT-7: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + [[T]] f32 [128:1]>) outs(#ncore.ap<hbm[0:16 step 200]
// ISA-NOT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[{{[0-9]+}}:{{[0-9]+}}] + [[T]] f32
func.func @main(%x: tensor<2x160x15x15xf32>, %w: tensor<136x160x3x3xf32>, %b: tensor<136xf32>) -> tensor<2x136x4x4xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x160x15x15xf32>, tensor<136x160x3x3xf32>) -> tensor<2x136x8x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<136xf32>) -> tensor<2x136x8x8xf32>
  %a = stablehlo.add %c, %bb : tensor<2x136x8x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x136x8x8xf32>
  %r = stablehlo.maximum %a, %z : tensor<2x136x8x8xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%r, %ninf) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>}> ({
  ^bb0(%u: tensor<f32>, %v: tensor<f32>):
    %m = stablehlo.maximum %u, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x136x8x8xf32>, tensor<f32>) -> tensor<2x136x4x4xf32>
  return %p : tensor<2x136x4x4xf32>
}
