// RUN: systole-opt %s --systole-pipeline=input..ncore | FileCheck %s

// A dense layer with bias and ReLU, then a row softmax, lowered to NeuronCore
// instructions (no synchronisation yet: that is the `schedule` phase).
// CHECK-LABEL: ncore.program @main attributes {target = "trn2"}
// CHECK: ncore.input @arg0 : tensor<4x16xf32> at 0
// CHECK: ncore.input @arg1 : tensor<16x32xf32> at 256
// CHECK: ncore.input @arg2 : tensor<32xf32> at 2304
// CHECK: ncore.output @result0 : tensor<4x32xf32> at 2432
// CHECK-NOT: ncore.memset
// The matmul: B panel [K=16, N=32], A [M=4, K=16] rows, a tensor-engine
// transpose to A^T [16, 4] in PSUM, copied to SBUF, then the matmul into a
// PSUM bank (the zero fill before it needs no add).
// CHECK: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:16 step 32] + 256 f32 [32:1]>) outs(#ncore.ap<sbuf[0:16] f32 [32:1]>)
// CHECK: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:4 step 16] f32 [16:1]>) outs(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 [16:1]>)
// CHECK: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 [16:1]>) outs(#ncore.ap<psum[0:16] + 12288 f32 [4:1]>)
// CHECK: ncore.tensor_copy on {{vector|scalar}} ins(#ncore.ap<psum[0:16] + 12288 f32 [4:1]>)
// CHECK: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:16] + {{[0-9]+}} f32 [4:1]>, #ncore.ap<sbuf[0:16] f32 [32:1]>) outs(#ncore.ap<psum[0:4] f32 [32:1]>)
// CHECK-NOT: accumulate
// The evacuation is the bias add (the bias broadcast along the partitions:
// step 0, not printed) and the ReLU, reading the accumulator in PSUM: the
// product never goes to HBM, and no separate kernel reads it back.
// CHECK-NEXT: ncore.dma_copy {{.*}} ins(#ncore.ap<hbm[0:4] + 2304 f32 [32:1]>) outs(#ncore.ap<sbuf[0:4] + [[BIAS:[0-9]+]] f32 [32:1]>)
// CHECK-NEXT: ncore.tensor_tensor add on vector ins(#ncore.ap<psum[0:4] f32 [32:1]>, #ncore.ap<sbuf[0:4] + [[BIAS]] f32 [32:1]>) outs(#ncore.ap<sbuf[0:4] + [[SUM:[0-9]+]] f32 [32:1]>)
// CHECK-NEXT: {{ncore.tensor_scalar max\(0.000000e\+00 : f32\) on vector|ncore.activation relu on scalar}} ins(#ncore.ap<sbuf[0:4] + [[SUM]] f32 [32:1]>) outs(#ncore.ap<sbuf[0:4] + [[OUT:[0-9]+]] f32 [32:1]>)
// CHECK-NEXT: ncore.dma_copy {{.*}} ins(#ncore.ap<sbuf[0:4] + [[OUT]] f32 [32:1]>) outs(#ncore.ap<hbm[0:4 step 32] + 2432 f32 [32:1]>)
// CHECK-NOT: ncore.dma_copy
module {
  func.func @main(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x32xf32>
    %z = stablehlo.constant dense<0.0> : tensor<4x32xf32>
    %3 = stablehlo.maximum %2, %z : tensor<4x32xf32>
    return %3 : tensor<4x32xf32>
  }
}

