// Self-attention over 4 heads as PyTorch/XLA exports it (CLIP's
// eager_attention_forward): each of q, k and v is reshaped to [2 x 50 x 4 x
// 64], transposed to put the heads before the tokens (k to [.. x 64 x 50]),
// and merged to [8 x ...] for the batched matmuls; the output is split,
// transposed back and reshaped. After `simplify`
// (systole-fold-transposes-into-dots) both matmuls read the [2 x 50 x 4 x
// 64] operands directly with batch dims (batch, head): only the output's
// transpose is left (17.6 -> 9.0 us). Values match the reference
// interpreter, which runs the graph as written.
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=DOTS
// DOTS-NOT: stablehlo.transpose
// DOTS: stablehlo.dot_general {{.*}}, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x50x4x64xf32>, tensor<2x50x4x64xf32>) -> tensor<2x4x50x50xf32>
// DOTS: stablehlo.dot_general {{.*}}, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<2x4x50x50xf32>, tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
// DOTS: stablehlo.transpose {{.*}} : (tensor<2x4x50x64xf32>) -> tensor<2x50x4x64xf32>
// DOTS-NOT: stablehlo.transpose
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%q: tensor<2x50x256xf32>, %k: tensor<2x50x256xf32>, %v: tensor<2x50x256xf32>) -> tensor<2x50x256xf32> {
  %cst = stablehlo.constant dense<1.250000e-01> : tensor<2x4x50x50xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %q4 = stablehlo.reshape %q : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %qt = stablehlo.transpose %q4, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
  %qb = stablehlo.reshape %qt : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
  %k4 = stablehlo.reshape %k : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %kt = stablehlo.transpose %k4, dims = [0, 2, 3, 1] : (tensor<2x50x4x64xf32>) -> tensor<2x4x64x50xf32>
  %kb = stablehlo.reshape %kt : (tensor<2x4x64x50xf32>) -> tensor<8x64x50xf32>
  %s = stablehlo.dot_general %qb, %kb, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x64xf32>, tensor<8x64x50xf32>) -> tensor<8x50x50xf32>
  %s4 = stablehlo.reshape %s : (tensor<8x50x50xf32>) -> tensor<2x4x50x50xf32>
  %sm = stablehlo.multiply %s4, %cst : tensor<2x4x50x50xf32>
  %sf = stablehlo.convert %sm : (tensor<2x4x50x50xf32>) -> tensor<2x4x50x50xf32>
  %mx = stablehlo.reduce(%sf init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x50x50xf32>, tensor<f32>) -> tensor<2x4x50xf32>
  %mxb = stablehlo.broadcast_in_dim %mx, dims = [0, 1, 2] : (tensor<2x4x50xf32>) -> tensor<2x4x50x50xf32>
  %d = stablehlo.subtract %sf, %mxb : tensor<2x4x50x50xf32>
  %e = stablehlo.exponential %d : tensor<2x4x50x50xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<2x4x50x50xf32>, tensor<f32>) -> tensor<2x4x50xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x4x50xf32>) -> tensor<2x4x50x50xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x4x50x50xf32>
  %pb = stablehlo.convert %p : (tensor<2x4x50x50xf32>) -> tensor<2x4x50x50xf32>
  %pbb = stablehlo.reshape %pb : (tensor<2x4x50x50xf32>) -> tensor<8x50x50xf32>
  %v4 = stablehlo.reshape %v : (tensor<2x50x256xf32>) -> tensor<2x50x4x64xf32>
  %vt = stablehlo.transpose %v4, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
  %vb = stablehlo.reshape %vt : (tensor<2x4x50x64xf32>) -> tensor<8x50x64xf32>
  %o = stablehlo.dot_general %pbb, %vb, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x50x50xf32>, tensor<8x50x64xf32>) -> tensor<8x50x64xf32>
  %o4 = stablehlo.reshape %o : (tensor<8x50x64xf32>) -> tensor<2x4x50x64xf32>
  %ot = stablehlo.transpose %o4, dims = [0, 2, 1, 3] : (tensor<2x4x50x64xf32>) -> tensor<2x50x4x64xf32>
  %r = stablehlo.reshape %ot : (tensor<2x50x4x64xf32>) -> tensor<2x50x256xf32>
  return %r : tensor<2x50x256xf32>
}
