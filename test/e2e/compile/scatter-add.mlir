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
// An integer scatter-add is an error at the op: the DMA adds in fp32 and
// would saturate where StableHLO's add wraps.
// RUN: not systole-run %s --entry=int_add --input=4xi32=1,2,3,4 --input=2x1xi32=1,1 --input=2xi32=5,6 2>&1 | FileCheck %s --check-prefix=INT
// INT: scatter-add.mlir:[[@LINE+2]]:8: error: ncore: 'scf.for' has no NeuronCore lowering (a scatter whose update computation is neither the update nor a float add of it
func.func @int_add(%t: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2xi32>) -> tensor<4xi32> {
  %s = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
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
