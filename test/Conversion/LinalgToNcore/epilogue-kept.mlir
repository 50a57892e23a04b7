// RUN: systole-opt %s --systole-pipeline=input..ncore | FileCheck %s --check-prefix=KEEP
// When the product is a result too, it is not fused: the evacuation copies
// it to SBUF and to HBM, and the bias add is its own kernel reading it back.
// KEEP-LABEL: ncore.program @main
// KEEP: ncore.matmul
// KEEP-NEXT: ncore.tensor_copy on {{vector|scalar}} ins(#ncore.ap<psum[0:4] f32 [32:1]>)
// KEEP-NEXT: ncore.dma_copy
// KEEP: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf
module {
  func.func @main(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x32xf32>
    return %0, %2 : tensor<4x32xf32>, tensor<4x32xf32>
  }
}
