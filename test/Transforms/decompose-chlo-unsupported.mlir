// Every chlo op without a decomposition (here: of an integer element type) is
// reported at its location, all in one run.
// RUN: systole-opt %s --systole-decompose-chlo -verify-diagnostics

// The results are returned: unused pure ops would be erased before.
func.func @integer_operands(%x: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>,
        tensor<4xf32>) {
  // expected-error @+1 {{'chlo.erf' cannot be decomposed into stablehlo: element type 'tensor<4xi32>' is not supported}}
  %0 = chlo.erf %i : tensor<4xi32> -> tensor<4xi32>
  // expected-error @+1 {{'chlo.lgamma' cannot be decomposed into stablehlo: element type 'tensor<4xi32>' is not supported}}
  %1 = chlo.lgamma %i : tensor<4xi32> -> tensor<4xi32>
  // expected-error @+1 {{'chlo.zeta' cannot be decomposed into stablehlo: element type 'tensor<4xi32>' is not supported}}
  %2 = chlo.zeta %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // expected-error @+1 {{'chlo.polygamma' cannot be decomposed into stablehlo: element type 'tensor<4xi32>' is not supported}}
  %3 = chlo.polygamma %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %4 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  %5 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
      tensor<4xf32>, tensor<4xf32>
}
