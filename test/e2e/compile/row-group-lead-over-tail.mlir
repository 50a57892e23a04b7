// A matmul that could end one row group or start the next: its A is the
// result of a two-member group (x - max(x) per row), and its scaled result
// is a softmax's input. Row groups are found twice: the matmul leads the
// softmax's group (its scores never reach HBM; A is stored, 8 stores of
// 64-element rows, and the probabilities, 16 of 384) rather than ending the
// group before it (A kept on chip, but the scores stored: 32 stores of
// 384-element rows; 12.875 against 12.621 us). Values match the reference
// interpreter.
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm[^>]* f32 \[64:1\]' | FileCheck %s --check-prefix=A
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'dma_copy.*outs(#ncore.ap<hbm[^>]* f32 \[384:1\]' | FileCheck %s --check-prefix=P
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-7 --quiet | FileCheck %s --check-prefix=SIM
// A: 8
// P: 16
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<256x64xf32>, %w: tensor<64x384xf32>) -> tensor<256x384xf32> {
  %ninf0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %xm = stablehlo.reduce(%x init: %ninf0) applies stablehlo.maximum across dimensions = [1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<256xf32>
  %xmb = stablehlo.broadcast_in_dim %xm, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %b = stablehlo.subtract %x, %xmb : tensor<256x64xf32>
  %s = stablehlo.dot_general %b, %w, contracting_dims = [1] x [0] : (tensor<256x64xf32>, tensor<64x384xf32>) -> tensor<256x384xf32>
  %c = stablehlo.constant dense<0.125> : tensor<256x384xf32>
  %x2 = stablehlo.multiply %s, %c : tensor<256x384xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x2 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<256x384xf32>, tensor<f32>) -> tensor<256xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x384xf32>
  %d = stablehlo.subtract %x2, %mx : tensor<256x384xf32>
  %e = stablehlo.exponential %d : tensor<256x384xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x384xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<256xf32>) -> tensor<256x384xf32>
  %p = stablehlo.divide %e, %sb : tensor<256x384xf32>
  return %p : tensor<256x384xf32>
}
