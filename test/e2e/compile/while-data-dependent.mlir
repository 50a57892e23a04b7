// A loop whose condition depends on data cannot be unrolled: one error at
// the loop, none for the values it would have produced, exit code non-zero.
// RUN: not systole-compile %s -o %t.ncx 2>&1 | FileCheck %s
// CHECK: while-data-dependent.mlir:[[@LINE+3]]:8: error: ncore: a while loop whose condition the compiler cannot evaluate at every iteration (it depends on data, or is not computed in integers), or that is longer than systole-unroll-while-loops's limits (1024 iterations, 20000 ops), has no NeuronCore lowering
// CHECK-NOT: error
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.while(%a = %x) : tensor<f32>
    cond {
      %one = stablehlo.constant dense<1.0> : tensor<f32>
      %p = stablehlo.compare GT, %a, %one : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %h = stablehlo.constant dense<0.5> : tensor<f32>
      %a2 = stablehlo.multiply %a, %h : tensor<f32>
      stablehlo.return %a2 : tensor<f32>
    }
  return %r : tensor<f32>
}
