// Elementwise ops that expand to several instructions (floor, remainder)
// after a matmul: the epilogue's SBUF arena counts their temporaries (it
// was sized one slot per body op, and the compile failed with an internal
// error). Checked against the reference interpreter.
// RUN: systole-run --backend=reference %s --entry=floor_after_matmul --random-inputs --seed=3 --output=@%t.floor.npy --quiet
// RUN: systole-run %s --entry=floor_after_matmul --random-inputs --seed=3 --expected-output=@%t.floor.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=remainder_after_matmul --random-inputs --seed=3 --output=@%t.rem.npy --quiet
// RUN: systole-run %s --entry=remainder_after_matmul --random-inputs --seed=3 --expected-output=@%t.rem.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
//
// A max-reduction of x + a per-row bias compiles with no diagnostics (the
// check for a bias add followed by a ReLU looked up the reduction's running
// value, and printed a spurious error).
// RUN: systole-run %s --entry=max_of_biased --random-inputs --seed=3 --quiet 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: error
// QUIET: simulated: {{[0-9.]+}} us on trn2
func.func @floor_after_matmul(%a: tensor<128x64xf32>, %b: tensor<64x512xf32>) -> tensor<128x512xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x512xf32>) -> tensor<128x512xf32>
  %r = stablehlo.floor %c : tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
func.func @remainder_after_matmul(%a: tensor<128x64xf32>, %b: tensor<64x512xf32>, %d: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x512xf32>) -> tensor<128x512xf32>
  %r = stablehlo.remainder %c, %d : tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
func.func @max_of_biased(%x: tensor<128x64xf32>, %b: tensor<128xf32>) -> tensor<128xf32> {
  %bb = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<128xf32>) -> tensor<128x64xf32>
  %y = stablehlo.add %x, %bb : tensor<128x64xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%y init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<128x64xf32>, tensor<f32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}
