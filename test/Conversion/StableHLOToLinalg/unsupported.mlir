// Ops without a lowering are all reported, each at its location with the
// reason, and the pass fails; the ops that can be lowered still are.
// RUN: systole-opt %s --systole-stablehlo-to-linalg -verify-diagnostics -split-input-file

func.func @unsupported(%x: tensor<4xf32>, %z: tensor<4xcomplex<f32>>,
                       %l: tensor<2x3xf32>, %r: tensor<3x2xf32>,
                       %sq: tensor<4x4xf32>, %lo: tensor<f32>, %hi: tensor<f32>,
                       %shape: tensor<1xi64>)
    -> (tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.cholesky' cannot be lowered to linalg: no lowering to linalg is implemented for this op}}
  %0 = stablehlo.cholesky %sq, lower = true : tensor<4x4xf32>
  // expected-error @+1 {{'stablehlo.rng' cannot be lowered to linalg: random number generation is not supported}}
  %1 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  // expected-error @+1 {{'stablehlo.reduce_precision' cannot be lowered to linalg: reduce_precision is lowered only on f32, f16 and bf16 with 7, 10 or all mantissa bits, which the `simplify` phase rewrites}}
  %2 = stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  // expected-error @+1 {{'stablehlo.negate' cannot be lowered to linalg: complex numbers are not supported}}
  %3 = stablehlo.negate %z : tensor<4xcomplex<f32>>
  %4 = stablehlo.exponential %x : tensor<4xf32>
  // expected-error @+1 {{'stablehlo.dot' cannot be lowered to linalg: composite op: run systole-simplify first}}
  %5 = stablehlo.dot %l, %r : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  // expected-error @+1 {{'stablehlo.custom_call' cannot be lowered to linalg: custom calls have no lowering}}
  %6 = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>
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

// -----

// `simplify` unrolls select_and_scatter up to 64 window positions; a
// larger window reaches this phase and is reported.
func.func @select_and_scatter_large_window(%x: tensor<65xf32>, %g: tensor<1xf32>, %i: tensor<f32>) -> tensor<65xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' cannot be lowered to linalg: select_and_scatter is lowered only with static shapes and a window of at most 64 positions, which the `simplify` phase unrolls}}
  %r = "stablehlo.select_and_scatter"(%x, %g, %i) <{window_dimensions = array<i64: 65>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<65xf32>, tensor<1xf32>, tensor<f32>) -> tensor<65xf32>
  return %r : tensor<65xf32>
}
