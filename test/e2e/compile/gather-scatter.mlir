// Gathers (embedding lookups) and scatters (KV-cache updates) compiled for
// trn2 and run on the simulator, against values worked out by hand from the
// spec: gather clamps each start index into the operand, scatter skips an
// update window that is out of bounds and overwrites the others.
// RUN: systole-run %s --input=4x2xf32=0,1,10,11,20,21,30,31 --input=5xi32=2,0,7,-1,3 --input=6x2xf32=0,0,0,0,0,0,0,0,0,0,0,0 --input=3x1xi32=4,-1,1 --input=3x2xf32=1,2,3,4,5,6 --expected-output=5x2xf32=20,21,0,1,30,31,0,1,30,31 --expected-output=6x2xf32=0,0,5,6,0,0,0,0,1,2,0,0 | FileCheck %s
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// ISA: ncore.gather on dma[{{[0-9]+}}]
// ISA-SAME: rows(4) row_stride(2)
// ISA: ncore.scatter on dma[{{[0-9]+}}]
// ISA-SAME: rows(11) row_stride(1) skip_oob
func.func @main(%table: tensor<4x2xf32>, %ids: tensor<5xi32>, %cache: tensor<6x2xf32>, %pos: tensor<3x1xi32>, %new: tensor<3x2xf32>) -> (tensor<5x2xf32>, tensor<6x2xf32>) {
  %g = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<4x2xf32>, tensor<5xi32>) -> tensor<5x2xf32>
  %s = "stablehlo.scatter"(%cache, %pos, %new) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %upd: tensor<f32>):
    stablehlo.return %upd : tensor<f32>
  }) : (tensor<6x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  return %g, %s : tensor<5x2xf32>, tensor<6x2xf32>
}
