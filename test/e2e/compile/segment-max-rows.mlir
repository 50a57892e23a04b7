// jax.ops.segment_max of [512 x 64] rows into 512 segments
// (a masked scatter reduction whose tile loads the updates as rows of 64
// features, the reduction outside them: TilingDecision::reductionOuter),
// segment ids (37 * i) mod 515 - 3 computed in the graph: distinct ids
// from -3 to 511, 3 segments never hit and ids -3..-1 out of bounds
// (dropped); the 512 updates span several reduction tiles. Compared with the
// reference interpreter on random data.
// RUN: systole-run --backend=reference %s --random-inputs --random-distribution=normal --seed=4 --output=@%t.max.npy --quiet
// RUN: systole-run %s --random-inputs --random-distribution=normal --seed=4 --expected-output=@%t.max.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<512x64xf32>, %u: tensor<512x64xf32>) -> tensor<512x64xf32> {
  %iota = stablehlo.iota dim = 0 : tensor<512x1xi32>
  %c37 = stablehlo.constant dense<37> : tensor<512x1xi32>
  %c515 = stablehlo.constant dense<515> : tensor<512x1xi32>
  %c3 = stablehlo.constant dense<3> : tensor<512x1xi32>
  %m = stablehlo.multiply %iota, %c37 : tensor<512x1xi32>
  %r = stablehlo.remainder %m, %c515 : tensor<512x1xi32>
  %idx = stablehlo.subtract %r, %c3 : tensor<512x1xi32>
  %max = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<512x64xf32>, tensor<512x1xi32>, tensor<512x64xf32>) -> tensor<512x64xf32>
  return %max : tensor<512x64xf32>
}
