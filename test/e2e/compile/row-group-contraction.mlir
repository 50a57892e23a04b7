// A row group whose first member is a matmul's evacuation epilogue reads
// the matmul's rows straight from PSUM: for each [128 rows x 640] tile
// (one batch index), the tensor engine computes the scores block (K = 160:
// two K blocks; N = 640: two PSUM banks, the second one part full), the
// epilogue scales them and adds the mask, and the softmax's max, exp, sum
// and division follow in SBUF. The scores never go to HBM: only the
// probabilities are stored, 96 DMA stores (12 tiles of [128 or 72 rows x
// 640], each split among 8 queues; 216 when the scores went to HBM and
// back, 55.4 -> 45.3 us), and HBM is read for A^T (direct: Q is given
// [batch x K x M]), the B panel once per batch index and the mask. f32
// operands over two batch loops [2 x 3]; M = 200 leaves a 72-row edge
// block. Values match the reference interpreter (to f32 rounding: its
// matmul sums in another order; the same elements differ when the scores
// go through HBM).
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'ncore.matmul' | FileCheck %s --check-prefix=MATMULS
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-7 --quiet | FileCheck %s --check-prefix=SIM
// The epilogue reads the block's two banks as one [640] row of PSUM.
// CHECK: ncore.matmul on tensor ins({{.*}}) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
// CHECK: ncore.matmul on tensor ins({{.*}}) outs(#ncore.ap<psum[0:128] + 2048 f32 [128:1]>)
// CHECK: ins(#ncore.ap<psum[0:128] f32 [640:1]>
// CHECK: ncore.tensor_reduce max
// STORES: 96
// 6 batch indices x 2 row blocks x 2 column blocks x 2 K blocks.
// MATMULS: 48
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%qt: tensor<2x3x160x200xf32>, %kt: tensor<2x3x160x640xf32>, %mask: tensor<200x640xf32>) -> tensor<2x3x200x640xf32> {
  %s = stablehlo.dot_general %qt, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2] : (tensor<2x3x160x200xf32>, tensor<2x3x160x640xf32>) -> tensor<2x3x200x640xf32>
  %c = stablehlo.constant dense<0.125> : tensor<2x3x200x640xf32>
  %scaled = stablehlo.multiply %s, %c : tensor<2x3x200x640xf32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [2, 3] : (tensor<200x640xf32>) -> tensor<2x3x200x640xf32>
  %x = stablehlo.add %scaled, %mb : tensor<2x3x200x640xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x200x640xf32>, tensor<f32>) -> tensor<2x3x200xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<2x3x200xf32>) -> tensor<2x3x200x640xf32>
  %d = stablehlo.subtract %x, %mx : tensor<2x3x200x640xf32>
  %e = stablehlo.exponential %d : tensor<2x3x200x640xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<2x3x200x640xf32>, tensor<f32>) -> tensor<2x3x200xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x3x200xf32>) -> tensor<2x3x200x640xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x3x200x640xf32>
  return %p : tensor<2x3x200x640xf32>
}
