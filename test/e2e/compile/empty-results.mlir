// A result with no elements (a pad with negative edges, as JAX exports for
// slicing everything away) next to an ordinary one: nothing is computed
// for it, and its zero-byte HBM region may share an address with the next
// buffer.
// RUN: systole-run %s --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s
// CHECK: result[0]: 2x0xf32={{\[\[}}][]]
// CHECK: result[1]: 2x3xf32={{\[\[}}2 4 6][8 10 12]]
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x0xf32>, tensor<2x3xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %x, %zero, low = [0, -2], high = [0, -3], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x0xf32>
  %1 = stablehlo.add %x, %x : tensor<2x3xf32>
  return %0, %1 : tensor<2x0xf32>, tensor<2x3xf32>
}
