// A KV-cache update as PyTorch/XLA exports it (`index_copy_`): every
// element scattered with a full index tuple whose batch, head and feature
// components are iotas (the head's through a dynamic_iota and a multiply,
// as the export computes it) and whose position comes from %pos. The
// `simplify` phase scatters [1 x 4 x 8] windows at the five positions
// instead (systole-scatter-indices-to-windows): 5 index rows, not 160
// tuples. Positions 16 and -1 are out of bounds, so their windows are
// skipped, as the element-wise form skips each of their elements.
// Values match the reference interpreter (which runs the element-wise
// scatter as written), exactly.
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=WINDOWS
// WINDOWS: stablehlo.scatter
// WINDOWS-SAME: update_window_dims = [0, 1, 3], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2], index_vector_dim = 1
// WINDOWS: }) : (tensor<1x4x16x8xf32>, tensor<5x1xi64>, tensor<1x4x5x8xf32>)
// RUN: systole-run --backend=reference %s --input=5xi32=3,16,9,-1,7 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --input=5xi32=3,16,9,-1,7 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%pos32: tensor<5xi32>) -> tensor<1x4x16x8xf32> {
  %ci = stablehlo.iota dim = 0 : tensor<512xf32>
  %cache = stablehlo.reshape %ci : (tensor<512xf32>) -> tensor<1x4x16x8xf32>
  %ui = stablehlo.iota dim = 0 : tensor<160xf32>
  %un = stablehlo.negate %ui : tensor<160xf32>
  %upd = stablehlo.reshape %un : (tensor<160xf32>) -> tensor<1x4x5x8xf32>
  %pos = stablehlo.convert %pos32 : (tensor<5xi32>) -> tensor<5xi64>
  %zero = stablehlo.constant dense<0> : tensor<1x4x5x8xi64>
  %b = stablehlo.reshape %zero : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %n = stablehlo.constant dense<4> : tensor<1xi64>
  %hi = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<4xi64>
  %one = stablehlo.constant dense<1> : tensor<4xi64>
  %h1 = stablehlo.multiply %hi, %one : tensor<4xi64>
  %hb = stablehlo.broadcast_in_dim %h1, dims = [1] : (tensor<4xi64>) -> tensor<1x4x5x8xi64>
  %h = stablehlo.reshape %hb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %p2 = stablehlo.reshape %pos : (tensor<5xi64>) -> tensor<5x1xi64>
  %pb = stablehlo.broadcast_in_dim %p2, dims = [2, 3] : (tensor<5x1xi64>) -> tensor<1x4x5x8xi64>
  %p = stablehlo.reshape %pb : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %di = stablehlo.iota dim = 3 : tensor<1x4x5x8xi64>
  %d = stablehlo.reshape %di : (tensor<1x4x5x8xi64>) -> tensor<1x4x5x8x1xi64>
  %idx = stablehlo.concatenate %b, %h, %p, %d, dim = 4 : (tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>, tensor<1x4x5x8x1xi64>) -> tensor<1x4x5x8x4xi64>
  %r = "stablehlo.scatter"(%cache, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    stablehlo.return %u : tensor<f32>
  }) : (tensor<1x4x16x8xf32>, tensor<1x4x5x8x4xi64>, tensor<1x4x5x8xf32>) -> tensor<1x4x16x8xf32>
  return %r : tensor<1x4x16x8xf32>
}
