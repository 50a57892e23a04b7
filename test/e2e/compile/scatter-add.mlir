// Scatter-add (`x.at[i].add(u)`, an embedding gradient) compiled for the
// NeuronCore: each chunk of up to 128 update rows is one DMA scatter that
// adds into its rows (`accumulate`), in update order, skipping
// out-of-bounds windows.
//
// Hand-worked: rows 1 and 3 receive updates (row 1 twice: 1+7, 2+8, 3+9);
// indices 7 and -1 are outside the 5 rows and skipped.
// RUN: systole-run %s --entry=main --input=5x3xf32=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --input=5x1xi32=1,3,1,7,-1 --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 | FileCheck %s --check-prefix=ROWS
// ROWS: result[0]: 5x3xf32={{\[\[}}1 1 1][9 11 13][1 1 1][5 6 7][1 1 1]]
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.scatter on dma[{{[0-9]+}}] {{.*}} skip_oob accumulate
//
// 300 updates into 10 rows (three chunks, many duplicates) in f32 and 200
// into 6 bf16 rows, where each add rounds to bf16 in turn: equal, with no
// tolerance, to the reference interpreter's sequential updates.
// RUN: systole-run --backend=reference %s --entry=embedding_grad --random-inputs --seed=4 --output=@%t.f32.npy --quiet
// RUN: systole-run %s --entry=embedding_grad --random-inputs --seed=4 --expected-output=@%t.f32.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=bf16_rows --random-inputs --seed=4 --output=@%t.bf16.npy --quiet
// RUN: systole-run %s --entry=bf16_rows --random-inputs --seed=4 --expected-output=@%t.bf16.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
//
// An integer scatter-add does not use the DMA (it adds in fp32 and would
// saturate where StableHLO's add wraps): `simplify` makes it a masked
// reduction (scatter-combiners.mlir). Index 1 twice: 2 + 5 + 6.
// RUN: systole-run %s --entry=int_add --input=4xi32=1,2,3,4 --input=2x1xi32=1,1 --input=2xi32=5,6 | FileCheck %s --check-prefix=INT
// INT: result[0]: 4xi32=[1 13 3 4]
// Windows of 2 in a dim of 4 as well: 2 + 5 + 7 and 3 + 6 + 8. A scatter
// that combines with xor (no NeuronCore reduction) is an error at the op.
// RUN: systole-run %s --entry=int_add_pairs --input=4xi32=1,2,3,4 --input=2x1xi32=1,1 --input=2x2xi32=5,6,7,8 | FileCheck %s --check-prefix=PAIRS
// PAIRS: result[0]: 4xi32=[1 14 17 4]
// RUN: not systole-run %s --entry=int_xor --input=4xi32=1,2,3,4 --input=2x1xi32=1,1 --input=2xi32=5,6 2>&1 | FileCheck %s --check-prefix=XOR
// XOR: scatter-add.mlir:[[@LINE+35]]:8: error: ncore: 'scf.for' has no NeuronCore lowering (a scatter whose update computation is neither the update nor a float add of it
func.func @int_add(%t: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2xi32>) -> tensor<4xi32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %s : tensor<4xi32>
}
func.func @int_add_pairs(%t: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2x2xi32>) -> tensor<4xi32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4xi32>, tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<4xi32>
  return %s : tensor<4xi32>
}
// Constant starts, all in bounds (the bounds check folds away): three
// [2 x 1] windows of the [2 x 1 x 3] updates into column 2 of
// [[1 2 3] [4 5 6]]: 3 + 10 + 20 + 30 and 6 + 40 + 50 + 60. This was "a
// scatter body without its bounds check"; against the reference too.
// RUN: systole-run %s --entry=const_starts --input=2x3xf32=1,2,3,4,5,6 --input=2x1x3xf32=10,20,30,40,50,60 | FileCheck %s --check-prefix=CONST
// CONST: result[0]: 2x3xf32={{\[\[}}1 2 63]{{\[}}4 5 156]]
// RUN: systole-run --backend=reference %s --entry=const_starts --random-inputs --seed=5 --output=@%t.c.npy --quiet
// RUN: systole-run %s --entry=const_starts --random-inputs --seed=5 --expected-output=@%t.c.npy --rtol=0 --atol=0 --quiet | FileCheck %s
func.func @const_starts(%x: tensor<2x3xf32>, %u: tensor<2x1x3xf32>) -> tensor<2x3xf32> {
  %c = stablehlo.constant dense<2> : tensor<1x3x1xi32>
  %s = "stablehlo.scatter"(%x, %c, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x3x1xi32>, tensor<2x1x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
func.func @int_xor(%t: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2xi32>) -> tensor<4xi32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.xor %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %s : tensor<4xi32>
}
func.func @main(%t: tensor<5x3xf32>, %i: tensor<5x1xi32>, %u: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %s : tensor<5x3xf32>
}
func.func @embedding_grad(%t: tensor<10x16xf32>, %i: tensor<300xi32>, %u: tensor<300x16xf32>) -> tensor<10x16xf32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<10x16xf32>, tensor<300xi32>, tensor<300x16xf32>) -> tensor<10x16xf32>
  return %s : tensor<10x16xf32>
}
func.func @bf16_rows(%t: tensor<6x4xbf16>, %i: tensor<200x1xi32>, %u: tensor<200x4xbf16>) -> tensor<6x4xbf16> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %c = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %c : tensor<bf16>
  }) : (tensor<6x4xbf16>, tensor<200x1xi32>, tensor<200x4xbf16>) -> tensor<6x4xbf16>
  return %s : tensor<6x4xbf16>
}
