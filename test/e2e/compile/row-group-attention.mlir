// Attention with a causal mask and a fully masked row (row 5: every score
// -inf, so the any(score != -inf) guard selects 0 instead of 0/0), as
// PyTorch's scaled_dot_product_attention exports it. The scores' matmul
// adds the mask as its evacuation epilogue; the softmax after it (max,
// exp(x - max), the any() guard, sum, division and select) is one row
// group: each [128 rows x 256] tile of scores is loaded once and only the
// probabilities are stored, no [P x 1] max, sum or guard column (36 column
// stores and 292 loads op by op, 124 with the row group; 100 now that the
// mask itself, iota, compares and select, is computed in the scores'
// epilogue instead of in a kernel of its own). The probabilities are
// stored over the scores' own bytes (`place` reuses them), each tile after
// reading them. The guard is two selects per row on [128 x 1] columns
// (systole-fold-softmax-row-guard: the max the exp subtracts, the sum the
// division divides by), not a select over every score. The scores' matmul
// itself is now the group's first step: each tile's scores go from PSUM
// through the mask epilogue into the softmax, never to HBM (76 loads, 56
// stores instead of 80; 72 loads since an elementwise kernel takes several
// consecutive rows per partition, widened-rows.mlir). The PV matmul ends
// the group (row-group-tail-contraction.mlir): each tile's probabilities
// are transposed on the tensor engine and multiplied with V on chip, never
// stored (48 loads, 22 stores instead of 46; 21.2 -> 16.5 us). Values
// match the reference interpreter.
// The scores' matmul keeps its operand blocks at the top of SBUF (229376
// bytes per partition): two K panels (one per batch index) of 256 bf16
// (512 bytes) and a 128-byte row slot each (K is k-contiguous: loaded as
// rows, transposed) from 226560, then four A^T slots of 256 bytes from
// 227840 that the four tiles use in turn, so that the next tiles' loads
// need not wait for this one's matmuls.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=SLOTS
// SLOTS: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 227840 bf16 [128:1]>, #ncore.ap<sbuf[0:64] + 226560 bf16 [256:1]>)
// SLOTS: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 228096 bf16 [128:1]>, #ncore.ap<sbuf[0:64] + 226560 bf16 [256:1]>)
// SLOTS: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 228352 bf16 [128:1]>, #ncore.ap<sbuf[0:64] + 227200 bf16 [256:1]>)
// SLOTS: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 228608 bf16 [128:1]>, #ncore.ap<sbuf[0:64] + 227200 bf16 [256:1]>)
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=COLUMNS
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=SELECT
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*ins(#ncore.ap<hbm' | FileCheck %s --check-prefix=LOADS
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s --check-prefix=SIM
// COLUMNS: ncore.tensor_reduce max
// COLUMNS-NOT: outs(#ncore.ap<hbm{{[^>]*}} {{f32|i1}} []>)
// LOADS: 48
// SELECT: ncore.select on vector ins(#ncore.ap<sbuf[0:128] + {{[0-9]+}} i1 []>, #ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 []>, #ncore.ap<sbuf[0:128] + {{[0-9]+}} f32 []>)
// SELECT-NOT: ncore.select on vector ins(#ncore.ap<sbuf[0:128] + {{[0-9]+}} i1 [256:0]>
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%q: tensor<2x256x64xbf16>, %k: tensor<2x256x64xbf16>, %v: tensor<2x256x64xbf16>) -> tensor<2x256x64xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x256x64xbf16>, tensor<2x256x64xbf16>) -> tensor<2x256x256xf32>
  %row = stablehlo.iota dim = 0 : tensor<256x256xi32>
  %col = stablehlo.iota dim = 1 : tensor<256x256xi32>
  %c5 = stablehlo.constant dense<5> : tensor<256x256xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<256x256xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<256x256xf32>
  %future = stablehlo.compare GT, %col, %row, SIGNED : (tensor<256x256xi32>, tensor<256x256xi32>) -> tensor<256x256xi1>
  %row5 = stablehlo.compare EQ, %row, %c5, SIGNED : (tensor<256x256xi32>, tensor<256x256xi32>) -> tensor<256x256xi1>
  %masked = stablehlo.or %future, %row5 : tensor<256x256xi1>
  %mask = stablehlo.select %masked, %ninf, %zero : tensor<256x256xi1>, tensor<256x256xf32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [1, 2] : (tensor<256x256xf32>) -> tensor<2x256x256xf32>
  %s2 = stablehlo.add %s, %mb : tensor<2x256x256xf32>
  %ninf0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero0 = stablehlo.constant dense<0.0> : tensor<f32>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %m = stablehlo.reduce(%s2 init: %ninf0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x256x256xf32>, tensor<f32>) -> tensor<2x256xf32>
  %mbb = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x256xf32>
  %d = stablehlo.subtract %s2, %mbb : tensor<2x256x256xf32>
  %e = stablehlo.exponential %d : tensor<2x256x256xf32>
  %ninfb = stablehlo.broadcast_in_dim %ninf0, dims = [] : (tensor<f32>) -> tensor<2x256x256xf32>
  %live = stablehlo.compare NE, %s2, %ninfb, FLOAT : (tensor<2x256x256xf32>, tensor<2x256x256xf32>) -> tensor<2x256x256xi1>
  %any = stablehlo.reduce(%live init: %false) applies stablehlo.or across dimensions = [2] : (tensor<2x256x256xi1>, tensor<i1>) -> tensor<2x256xi1>
  %sum = stablehlo.reduce(%e init: %zero0) applies stablehlo.add across dimensions = [2] : (tensor<2x256x256xf32>, tensor<f32>) -> tensor<2x256xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x256xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x256x256xf32>
  %anyb = stablehlo.broadcast_in_dim %any, dims = [0, 1] : (tensor<2x256xi1>) -> tensor<2x256x256xi1>
  %zb = stablehlo.broadcast_in_dim %zero0, dims = [] : (tensor<f32>) -> tensor<2x256x256xf32>
  %ps = stablehlo.select %anyb, %p, %zb : tensor<2x256x256xi1>, tensor<2x256x256xf32>
  %vf = stablehlo.convert %v : (tensor<2x256x64xbf16>) -> tensor<2x256x64xf32>
  %o = stablehlo.dot_general %ps, %vf, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x256x256xf32>, tensor<2x256x64xf32>) -> tensor<2x256x64xf32>
  return %o : tensor<2x256x64xf32>
}
