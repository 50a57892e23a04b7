// Every chlo op without a decomposition is reported at its location, all in
// one run.
// RUN: systole-opt %s --systole-decompose-chlo -verify-diagnostics

// The results are returned: unused pure ops would be erased before.
func.func @special_functions(%x: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  // expected-error @+1 {{'chlo.lgamma' cannot be decomposed into stablehlo: no decomposition of this special function is implemented}}
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.digamma' cannot be decomposed into stablehlo}}
  %1 = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.bessel_i1e' cannot be decomposed into stablehlo}}
  %2 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.erf_inv' cannot be decomposed into stablehlo}}
  %3 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.zeta' cannot be decomposed into stablehlo}}
  %4 = chlo.zeta %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.polygamma' cannot be decomposed into stablehlo}}
  %5 = chlo.polygamma %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{'chlo.erf' cannot be decomposed into stablehlo: element type 'tensor<4xi32>' is not supported}}
  %6 = chlo.erf %i : tensor<4xi32> -> tensor<4xi32>
  %7 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}
