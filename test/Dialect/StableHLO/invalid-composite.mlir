// Verifier errors of stablehlo.composite: the decomposition must be a
// function of the module with the op's type and a body, other than the
// function the composite is in.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.composite' op decomposition @nowhere is not a function of the module}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @nowhere} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.composite' op has type '(tensor<4xf32>) -> tensor<4xf32>' but its decomposition @impl has type '(tensor<4xf32>) -> tensor<4xf16>'}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @impl} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @impl(%x: tensor<4xf32>) -> tensor<4xf16> {
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @bodiless(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.composite' op decomposition @external has no body}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @external} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @external(%x: tensor<4xf32>) -> tensor<4xf32>

// -----

func.func @recursive(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.composite' op decomposition @recursive is the function the composite is in}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @recursive} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
