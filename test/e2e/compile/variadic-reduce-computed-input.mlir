// A variadic reduce whose inputs are computed (x + x) and whose results are
// independent (a max and a min) splits into two reductions that each keep
// both inputs; the `fuse` phase once crashed asking MLIR whether the max
// (over one input of two) was a contraction. Values exactly as the
// reference's.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<2x4xi32>, %y: tensor<2x4xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %x2 = stablehlo.add %x, %x : tensor<2x4xi32>
  %r:2 = stablehlo.reduce(%x2 init: %i0), (%y init: %i0) across dimensions = [1] : (tensor<2x4xi32>, tensor<2x4xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
   reducer(%a: tensor<i32>, %b: tensor<i32>) (%ay: tensor<i32>, %by: tensor<i32>) {
    %m = stablehlo.maximum %a, %b : tensor<i32>
    %my = stablehlo.minimum %ay, %by : tensor<i32>
    stablehlo.return %m, %my : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}
