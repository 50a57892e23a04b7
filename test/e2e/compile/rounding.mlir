// floor, ceil, round_nearest_afz and round_nearest_even compiled for the
// NeuronCore (no activation function rounds: an RNE float -> i32 conversion
// plus corrections), on ties, signed zeros, 0.49999997 (where x + 0.5 would
// round up), 2^23 - 0.5, values past 2^23, infinities and NaN. Expected
// values by hand from the spec; the printed results also show zero signs.
// RUN: systole-run %s --input=16xf32=-2.5,-1.5,-0.5,-0.3,-0.0,0.0,0.3,0.5,1.5,2.5,0.49999997,8388607.5,16777216,inf,-inf,nan | FileCheck %s
// CHECK: result[0]: 16xf32=[-3 -2 -1 -1 -0 0 0 0 1 2 0 8388607 16777216 inf -inf nan]
// CHECK: result[1]: 16xf32=[-2 -1 -0 -0 -0 0 1 1 2 3 1 8388608 16777216 inf -inf nan]
// CHECK: result[2]: 16xf32=[-3 -2 -1 -0 -0 0 0 1 2 3 0 8388608 16777216 inf -inf nan]
// CHECK: result[3]: 16xf32=[-2 -2 -0 -0 -0 0 0 0 2 2 0 8388608 16777216 inf -inf nan]
// CHECK: simulated:
func.func @main(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %0 = stablehlo.floor %x : tensor<16xf32>
  %1 = stablehlo.ceil %x : tensor<16xf32>
  %2 = stablehlo.round_nearest_afz %x : tensor<16xf32>
  %3 = stablehlo.round_nearest_even %x : tensor<16xf32>
  return %0, %1, %2, %3 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
