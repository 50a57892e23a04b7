// Ops without a lowering are all reported, each at its location with the
// reason, and the pass fails; the ops that can be lowered still are.
// RUN: systole-opt %s --systole-stablehlo-to-linalg -verify-diagnostics -split-input-file

func.func @unsupported(%x: tensor<4xf32>, %p: tensor<i1>, %z: tensor<4xcomplex<f32>>,
                       %l: tensor<2x3xf32>, %r: tensor<3x2xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' cannot be lowered to linalg: sort has no lowering to linalg yet}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'stablehlo.if' cannot be lowered to linalg: control flow has no lowering to linalg yet}}
  %1 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %0 : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  // expected-error @+1 {{'stablehlo.reduce_precision' cannot be lowered to linalg: reduce_precision has no lowering yet}}
  %2 = stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  // expected-error @+1 {{'stablehlo.negate' cannot be lowered to linalg: complex numbers are not supported}}
  %3 = stablehlo.negate %z : tensor<4xcomplex<f32>>
  %4 = stablehlo.exponential %x : tensor<4xf32>
  // expected-error @+1 {{'stablehlo.dot' cannot be lowered to linalg: composite op: run systole-simplify first}}
  %5 = stablehlo.dot %l, %r : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  // expected-error @+1 {{'stablehlo.custom_call' cannot be lowered to linalg: custom calls have no lowering}}
  %6 = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>
}

// -----

func.func @bad_region(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' cannot be lowered to linalg: its region's 'stablehlo.custom_call' cannot be lowered: it has no elementwise scalar form}}
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = stablehlo.custom_call @combine(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
