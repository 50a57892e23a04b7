// A contraction with an empty result ([4 x 0]) compiles without a word and
// runs to an empty result (a layout probe used to print an error about the
// empty buffer and then compile on, exiting 0), with and without --fp8.
// RUN: systole-compile %s -o %t.ncx 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: systole-run %t.ncx --random-inputs --seed=1 | FileCheck %s
// RUN: systole-run %s --fp8=e4m3 --random-inputs --seed=1 | FileCheck %s
// QUIET-NOT: error
// CHECK: result[0]: 4x0xf32={{\[\[}}][][][]]
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x0xf32> {
  %w = stablehlo.constant dense<> : tensor<3x0xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x0xf32>) -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}
