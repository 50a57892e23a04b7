// A scatter of exactly one update window, JAX's `x.at[i].set(row)` and
// `.add(...)` with a scalar index, was rejected ("ncore: 'memref.load' has
// no NeuronCore lowering yet", a bare guarded insert; 63 programs of a
// fuzzing helper); `simplify` now adds an out-of-bounds copy of the window,
// which the spec skips. By hand: row 2 of [4 x 3] set to (-1, -2, -3); an
// index of 7 is out of bounds and changes nothing; a ui8 index of 150 into
// 200 elements (the out-of-bounds copy at 200).
// RUN: systole-run %s --entry=set_row --input=4x3xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi32=2 --input=3xf32=-1,-2,-3 | FileCheck %s --check-prefix=SET
// SET: result[0]: 4x3xf32={{\[\[}}0 1 2]{{\[}}3 4 5]{{\[}}-1 -2 -3]{{\[}}9 10 11]]
// RUN: systole-run %s --entry=set_row --input=4x3xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi32=7 --input=3xf32=-1,-2,-3 | FileCheck %s --check-prefix=SKIP
// SKIP: result[0]: 4x3xf32={{\[\[}}0 1 2]{{\[}}3 4 5]{{\[}}6 7 8]{{\[}}9 10 11]]
// RUN: systole-run %s --entry=set_u8 --input=ui8=150 --input=i32=-7 | FileCheck %s --check-prefix=U8
// U8: result[0]: 3xi32=[149 -7 151]
// And a [2 x 3] block added at (i, :, j) of [300 x 8 x 6], against the
// reference interpreter:
// RUN: systole-run --backend=reference %s --entry=add_block --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --entry=add_block --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @set_row(%x: tensor<4x3xf32>, %i: tensor<1xi32>, %u: tensor<3xf32>) -> tensor<4x3xf32> {
  %s = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<1xi32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>
}

func.func @add_block(%x: tensor<300x8x6xf32>, %i: tensor<1x2xi32>, %u: tensor<1x2x3xf32>) -> tensor<300x8x6xf32> {
  %s = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 2], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<300x8x6xf32>, tensor<1x2xi32>, tensor<1x2x3xf32>) -> tensor<300x8x6xf32>
  return %s : tensor<300x8x6xf32>
}

func.func @set_u8(%i: tensor<ui8>, %u: tensor<i32>) -> tensor<3xi32> {
  %x = stablehlo.iota dim = 0 : tensor<200xi32>
  %s = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<200xi32>, tensor<ui8>, tensor<i32>) -> tensor<200xi32>
  %r = stablehlo.slice %s [149:152] : (tensor<200xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}
