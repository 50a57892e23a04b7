// Scatters with input_batching_dims (what jax.vmap of `x.at[i].set(u)` and
// `.add(u)` exports) were rejected ("input_batching_dims are not
// supported"); `simplify` now gives each batching dim an iota index
// component. By hand: row b of [4 x 8] (0..31) gets u[b] at column i[b];
// column 9 is out of bounds and row 1 is left.
// RUN: systole-run %s --entry=vmapped_set --input=4x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --input=4x1xi32=2,9,0,7 --input=4xf32=-1,-2,-3,-4 | FileCheck %s --check-prefix=SET
// SET: result[0]: 4x8xf32={{\[\[}}0 1 -1 3 4 5 6 7]{{\[}}8 9 10 11 12 13 14 15]{{\[}}-3 17 18 19 20 21 22 23]{{\[}}24 25 26 27 28 29 30 -4]]
// Windows of 6 added per (batch, index) with an implicit index vector dim,
// two index components in reverse operand order, and ui8 indices under a
// batch of 300 (widened to i32), against the reference interpreter:
// RUN: systole-run --backend=reference %s --entry=windows_add --random-inputs --seed=3 --output=@%t.w.npy --quiet
// RUN: systole-run %s --entry=windows_add --random-inputs --seed=3 --expected-output=@%t.w.npy --rtol=1e-6 --atol=1e-6 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=two_components --random-inputs --seed=4 --output=@%t.c.npy --quiet
// RUN: systole-run %s --entry=two_components --random-inputs --seed=4 --expected-output=@%t.c.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=ui8_large_batch --random-inputs --seed=5 --output=@%t.u.npy --quiet
// RUN: systole-run %s --entry=ui8_large_batch --random-inputs --seed=5 --expected-output=@%t.u.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// And an index vector dim before the batching dim (index_vector_dim 0),
// two batching dims paired out of order, and batching with update windows:
// RUN: systole-run --backend=reference %s --entry=ivd0 --random-inputs --seed=8 --output=@%t.i.npy --quiet
// RUN: systole-run %s --entry=ivd0 --random-inputs --seed=8 --expected-output=@%t.i.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=two_batching_dims --random-inputs --seed=9 --output=@%t.t.npy --quiet
// RUN: systole-run %s --entry=two_batching_dims --random-inputs --seed=9 --expected-output=@%t.t.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=batched_windows --random-inputs --seed=10 --output=@%t.b.npy --quiet
// RUN: systole-run %s --entry=batched_windows --random-inputs --seed=10 --expected-output=@%t.b.npy --rtol=1e-6 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @vmapped_set(%x: tensor<4x8xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<4x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @windows_add(%x: tensor<5x3x6xf32>, %i: tensor<2x3xi32>, %u: tensor<2x3x6xf32>) -> tensor<5x3x6xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3x6xf32>, tensor<2x3xi32>, tensor<2x3x6xf32>) -> tensor<5x3x6xf32>
  return %r : tensor<5x3x6xf32>
}

func.func @two_components(%x: tensor<3x4x5xf32>, %i: tensor<3x2xi32>, %u: tensor<3xf32>) -> tensor<3x4x5xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x4x5xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<3x4x5xf32>
  return %r : tensor<3x4x5xf32>
}

func.func @ui8_large_batch(%x: tensor<300x8xf32>, %i: tensor<300x1xui8>, %u: tensor<300xf32>) -> tensor<300x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<300x8xf32>, tensor<300x1xui8>, tensor<300xf32>) -> tensor<300x8xf32>
  return %r : tensor<300x8xf32>
}

func.func @ivd0(%x: tensor<3x6xf32>, %i: tensor<1x3xi32>, %u: tensor<3xf32>) -> tensor<3x6xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x6xf32>, tensor<1x3xi32>, tensor<3xf32>) -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

func.func @two_batching_dims(%x: tensor<2x3x5xf32>, %i: tensor<3x2x4x1xi32>, %u: tensor<3x2x4xf32>) -> tensor<2x3x5xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3x5xf32>, tensor<3x2x4x1xi32>, tensor<3x2x4xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

func.func @batched_windows(%x: tensor<4x6x3xf32>, %i: tensor<2x4xi32>, %u: tensor<2x4x3xf32>) -> tensor<4x6x3xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6x3xf32>, tensor<2x4xi32>, tensor<2x4x3xf32>) -> tensor<4x6x3xf32>
  return %r : tensor<4x6x3xf32>
}
