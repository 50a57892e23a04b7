// select_and_scatter (max-pool gradients) compiled for the NeuronCore: the
// `simplify` phase unrolls it over the window's positions. The integer
// cases' expected values are worked by hand from the spec: the first
// maximum (GE) or minimum (LE) of each window is selected, padding is never
// selected (a window of padding only drops its source value), and the
// source values add onto init_value.
// RUN: systole-run %s --entry=first_max --input=6xi32=3,1,3,0,2,2 --input=3xi32=10,20,30 | FileCheck %s --check-prefix=MAX
// MAX: result[0]: 6xi32=[11 1 21 1 31 1]
// RUN: systole-run %s --entry=first_min --input=6xi32=-1,-5,-5,4,-2,-3 --input=3xi32=10,20,30 | FileCheck %s --check-prefix=MIN
// MIN: result[0]: 6xi32=[1 31 1 1 1 31]
// RUN: systole-run %s --entry=padding_only_window --input=3xi32=5,7,7 --input=4xi32=100,1,2,4 | FileCheck %s --check-prefix=PAD
// PAD: result[0]: 3xi32=[1 6 0]
//
// A 3x3, stride-2, padding-1 max pool's gradient on NCHW data, checked
// against the reference interpreter on the same random inputs.
// RUN: systole-run --backend=reference %s --entry=max_grad --random-inputs --seed=3 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --entry=max_grad --random-inputs --seed=3 --expected-output=@%t.ref.npy --rtol=1e-6 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @max_grad(%x: tensor<2x3x7x7xf32>, %g: tensor<2x3x4x4xf32>) -> tensor<2x3x7x7xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3x7x7xf32>, tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<2x3x7x7xf32>
  return %r : tensor<2x3x7x7xf32>
}
func.func @first_max(%x: tensor<6xi32>, %g: tensor<3xi32>) -> tensor<6xi32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %g, %one) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<6xi32>, tensor<3xi32>, tensor<i32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}
func.func @first_min(%x: tensor<6xi32>, %g: tensor<3xi32>) -> tensor<6xi32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %g, %one) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare LE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<6xi32>, tensor<3xi32>, tensor<i32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}
func.func @padding_only_window(%x: tensor<3xi32>, %g: tensor<4xi32>) -> tensor<3xi32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %g, %zero) <{window_dimensions = array<i64: 2>, padding = dense<[[2, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3xi32>, tensor<4xi32>, tensor<i32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}
