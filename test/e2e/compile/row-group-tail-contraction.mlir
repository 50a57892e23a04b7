// A row group that ends in a contraction: an attention head's PV matmul
// runs tile by tile with the softmax that computes its probabilities. For
// each [128 (or 72) rows x 640] tile of one batch index, after the softmax
// the tensor engine transposes the probabilities' five [rows x 128] column
// blocks into A^T blocks and multiplies them with V's panel (loaded once
// per batch index) into a PSUM bank after the scores' four; the [rows x 96]
// result is copied out and stored. The probabilities never go to HBM (no
// store of 640-element rows; 222 -> 126 stores, 51.9 -> 39.3 us). V's
// scaling comes after the softmax in the program: the `fuse` phase moves it
// above the scores' matmul (systole-adjoin-contraction-producers), so that
// the PV matmul follows the division. f32 over two batch loops [2 x 3];
// M = 200 leaves a 72-row edge block. Values match the reference
// interpreter (to f32 rounding: the sums run in another order).
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm.*f32 \[96:1\]' | FileCheck %s --check-prefix=STORES
// RUN: systole-compile %s --emit=mlir -o - | not grep 'dma_copy.*outs(#ncore.ap<hbm[^>]*\[640:1\]'
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-7 --quiet | FileCheck %s --check-prefix=SIM
// The first tile's tail: five transposes of the probabilities' column
// blocks, then five accumulating matmuls into PSUM bank 4.
// CHECK: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 [128:1]>)
// CHECK-COUNT-4: ncore.transpose on tensor
// CHECK: ncore.matmul on tensor ins({{.*}} f32 [128:1]>, {{.*}} f32 [96:1]>) outs(#ncore.ap<psum[0:128] + 8192 f32 [96:1]>)
// CHECK-COUNT-4: ncore.matmul on tensor ins({{.*}}) outs(#ncore.ap<psum[0:128] + 8192 f32 [96:1]>) accumulate
// 6 batch indices x 2 row blocks, each store split in 4 pieces.
// STORES: 48
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%q: tensor<2x3x200x64xf32>, %kt: tensor<2x3x64x640xf32>, %mask: tensor<200x640xf32>, %v: tensor<2x3x640x96xf32>) -> tensor<2x3x200x96xf32> {
  %s = stablehlo.dot_general %q, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x200x64xf32>, tensor<2x3x64x640xf32>) -> tensor<2x3x200x640xf32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [2, 3] : (tensor<200x640xf32>) -> tensor<2x3x200x640xf32>
  %x = stablehlo.add %s, %mb : tensor<2x3x200x640xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x200x640xf32>, tensor<f32>) -> tensor<2x3x200xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<2x3x200xf32>) -> tensor<2x3x200x640xf32>
  %d = stablehlo.subtract %x, %mx : tensor<2x3x200x640xf32>
  %e = stablehlo.exponential %d : tensor<2x3x200x640xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<2x3x200x640xf32>, tensor<f32>) -> tensor<2x3x200xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x3x200xf32>) -> tensor<2x3x200x640xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x3x200x640xf32>
  %h = stablehlo.constant dense<0.5> : tensor<2x3x640x96xf32>
  %vs = stablehlo.multiply %v, %h : tensor<2x3x640x96xf32>
  %o = stablehlo.dot_general %p, %vs, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x200x640xf32>, tensor<2x3x640x96xf32>) -> tensor<2x3x200x96xf32>
  return %o : tensor<2x3x200x96xf32>
}
