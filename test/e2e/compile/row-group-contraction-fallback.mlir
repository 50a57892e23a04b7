// A row group whose contraction must not run tile by tile with it: the
// softmax's sum, which the division after the PV matmul reads (so it is
// stored), gets bytes of Q from `place` (Q dies at the QK^T matmul), and
// storing it for early tiles would overwrite Q rows that later tiles'
// matmuls still read. The group then runs without the contraction: the
// QK^T matmul keeps its mask epilogue and stores the scores (24 stores into
// their buffer at 786432, of 108 stores in all), and the softmax after it
// loads them. Values match the reference interpreter.
// RUN: systole-compile %s --compile-to=place --emit=mlir -o - | FileCheck %s --check-prefix=PLACE
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm' | FileCheck %s --check-prefix=STORES
// RUN: systole-run --backend=reference %s --random-inputs --seed=5 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=5 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s --check-prefix=SIM
// Q at 1835008, the scores at 786432, then the max and the sum [2 x 256]
// within Q's bytes.
// PLACE: memref.alloc() {alignment = 64 : i64, systole.hbm_address = 1835008 : i64} : memref<2x256x64xf32>
// PLACE: memref.alloc() {alignment = 64 : i64, systole.hbm_address = 786432 : i64} : memref<2x256x256xf32>
// PLACE: memref.alloc() {alignment = 64 : i64, systole.hbm_address = 1835008 : i64} : memref<2x256xf32>
// PLACE: memref.alloc() {alignment = 64 : i64, systole.hbm_address = 1837056 : i64} : memref<2x256xf32>
// STORES: 108
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x256x64xf32>, %y: tensor<2x256x64xf32>, %v: tensor<2x256x64xf32>, %mask: tensor<256x256xf32>) -> (tensor<2x256x64xf32>) {
  %two = stablehlo.constant dense<2.0> : tensor<2x256x64xf32>
  %q = stablehlo.multiply %x, %two : tensor<2x256x64xf32>
  %k = stablehlo.multiply %y, %two : tensor<2x256x64xf32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x256x64xf32>, tensor<2x256x64xf32>) -> tensor<2x256x256xf32>
  %mb = stablehlo.broadcast_in_dim %mask, dims = [1, 2] : (tensor<256x256xf32>) -> tensor<2x256x256xf32>
  %x2 = stablehlo.add %s, %mb : tensor<2x256x256xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x2 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x256x256xf32>, tensor<f32>) -> tensor<2x256xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x256xf32>
  %d = stablehlo.subtract %x2, %mx : tensor<2x256x256xf32>
  %e = stablehlo.exponential %d : tensor<2x256x256xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x256x256xf32>, tensor<f32>) -> tensor<2x256xf32>
  %o = stablehlo.dot_general %e, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x256x256xf32>, tensor<2x256x64xf32>) -> tensor<2x256x64xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x256xf32>) -> tensor<2x256x64xf32>
  %r = stablehlo.divide %o, %sb : tensor<2x256x64xf32>
  return %r : tensor<2x256x64xf32>
}
