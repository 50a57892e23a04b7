// Attention scores as torch-xla exports them: a batched matmul over
// [batch*heads] = 24, reshaped to [2 x 12 x 50 x 50] for the softmax. The
// softmax's elementwise ops run over the collapsed [24 x 50 x 50] dims
// (`fuse` folds the reshape into them), and so do its two reductions now:
// all four have the same loop ranges and form one row group, so the max
// and the sum stay in SBUF instead of going to HBM as [50 x 1] columns and
// being loaded back (384 -> 240 HBM loads, 71.1 -> 62.0 us; CLIP ViT-B/32,
// whose 12 layers each have this softmax: 3752 -> 3469 us). Bufferization
// gives the sum the max's buffer; the group takes both (the last writer
// feeds the division), and the bf16 result may take the bytes of the f32
// scores as no tile writes bytes a later tile reads: 192 loads, 144 stores
// (the max and the exp go to HBM no more), 56.8 us. The result, returned
// through a reshape, is written into the output directly (`bufferize`), not
// copied there at the end: 144 loads, 96 stores, 54.5 us.
// RUN: systole-compile %s --compile-to=fuse -o - | FileCheck %s --check-prefix=LINALG
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*ins(#ncore.ap<hbm' | FileCheck %s --check-prefix=LOADS
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// LINALG-COUNT-2: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<24x50x50xf32>) outs(%{{.*}} : tensor<24x50xf32>)
// LINALG-NOT: tensor<2x12x50x50xf32>
// LOADS: 144
// STORES: 96
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%q: tensor<24x50x64xbf16>, %k: tensor<24x64x50xbf16>) -> tensor<2x12x50x50xbf16> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<24x50x64xbf16>, tensor<24x64x50xbf16>) -> tensor<24x50x50xf32>
  %x = stablehlo.reshape %s : (tensor<24x50x50xf32>) -> tensor<2x12x50x50xf32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<2x12x50x50xf32>, tensor<f32>) -> tensor<2x12x50xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<2x12x50xf32>) -> tensor<2x12x50x50xf32>
  %d = stablehlo.subtract %x, %mb : tensor<2x12x50x50xf32>
  %e = stablehlo.exponential %d : tensor<2x12x50x50xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<2x12x50x50xf32>, tensor<f32>) -> tensor<2x12x50xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x12x50xf32>) -> tensor<2x12x50x50xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x12x50x50xf32>
  %c = stablehlo.convert %p : (tensor<2x12x50x50xf32>) -> tensor<2x12x50x50xbf16>
  return %c : tensor<2x12x50x50xbf16>
}
