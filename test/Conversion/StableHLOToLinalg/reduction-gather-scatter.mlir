// RUN: systole-opt %s --systole-stablehlo-to-linalg --split-input-file | FileCheck %s

// A runtime init value is broadcast from its rank-0 tensor (`ncore` fills
// with constants only).
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @reduce_sum
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg1 : tensor<f32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         %[[R:.*]] = linalg.reduce { arith.addf } ins(%arg0 : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>) dimensions = [1]
// CHECK:         return %[[R]]
func.func @reduce_sum(%x: tensor<4x8xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Max pool: pad with the init value, then a generic over (output, window)
// whose window extent comes from a shape-only operand.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0 + d4, d1 + d5, d2 * 2 + d6, d3 * 2 + d7)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d4, d5, d6, d7)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @reduce_window_max
// CHECK:         %[[C:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK:         %[[I:.*]] = tensor.extract %[[C]][] : tensor<f32>
// CHECK:         %[[PF:.*]] = linalg.fill ins(%[[I]] : f32) outs(%{{.*}} : tensor<1x1x7x7xf32>)
// CHECK:         %[[P:.*]] = tensor.insert_slice %arg0 into %[[PF]][0, 0, 1, 1] [1, 1, 6, 6] [1, 1, 1, 1]
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%[[I]] : f32) outs(%{{.*}} : tensor<1x1x3x3xf32>)
// CHECK:         %[[W:.*]] = tensor.empty() : tensor<1x1x3x3xi1>
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%[[P]], %[[W]] : tensor<1x1x7x7xf32>, tensor<1x1x3x3xi1>) outs(%[[ACC]] : tensor<1x1x3x3xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: i1, %[[A:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[A]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
func.func @reduce_window_max(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>, padding = dense<[[0, 0], [0, 0], [1, 0], [1, 0]]> : tensor<4x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x1x6x6xf32>, tensor<f32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// Embedding lookup: a generic over the result reading the table with
// tensor.extract at the clamped row.
// CHECK-LABEL: func.func @gather_rows
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x4xf32>)
// CHECK:           %[[B0:.*]] = linalg.index 0 : index
// CHECK:           %[[B1:.*]] = linalg.index 1 : index
// CHECK:           %[[OFF:.*]] = linalg.index 2 : index
// CHECK:           %[[ID:.*]] = tensor.extract %arg1[%[[B0]], %[[B1]]] : tensor<1x3xi64>
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[ID]] : i64 to index
// CHECK:           %[[C9:.*]] = arith.constant 9 : index
// CHECK:           %[[LO:.*]] = arith.maxsi %[[IDX]], %{{.*}} : index
// CHECK:           %[[ROW:.*]] = arith.minsi %[[LO]], %[[C9]] : index
// CHECK:           %[[COL:.*]] = arith.addi %{{.*}}, %[[OFF]] : index
// CHECK:           %[[V:.*]] = tensor.extract %arg0[%[[ROW]], %[[COL]]] : tensor<10x4xf32>
// CHECK:           linalg.yield %[[V]] : f32
func.func @gather_rows(%table: tensor<10x4xf32>, %ids: tensor<1x3xi64>) -> tensor<1x3x4xf32> {
  %0 = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<1x3xi64>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}

// -----

// KV-cache update: a loop over the update rows; a row is inserted when its
// window is in bounds, skipped otherwise.
// CHECK-LABEL: func.func @scatter_update
// CHECK:         %[[R:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CUR:.*]] = %arg0) -> (tensor<8x4xf32>) {
// CHECK:           %[[RAW:.*]] = tensor.extract %arg1[%[[IV]], %{{.*}}] : tensor<2x1xi32>
// CHECK:           %[[ROW:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[GE:.*]] = arith.cmpi sge, %[[ROW]]
// CHECK:           %[[LE:.*]] = arith.cmpi sle, %[[ROW]]
// CHECK:           %[[IF:.*]] = scf.if %{{.*}} -> (tensor<8x4xf32>) {
// CHECK:             %[[U:.*]] = tensor.extract_slice %arg2[%[[IV]], 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
// CHECK:             %[[INS:.*]] = tensor.insert_slice %[[U]] into %[[CUR]][%[[ROW]], %{{.*}}] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
// CHECK:             scf.yield %[[INS]]
// CHECK:           } else {
// CHECK:             scf.yield %[[CUR]]
// CHECK:           scf.yield %[[IF]]
// CHECK:         return %[[R]]
func.func @scatter_update(%cache: tensor<8x4xf32>, %idx: tensor<2x1xi32>, %upd: tensor<2x4xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.scatter"(%cache, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<8x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// sort: ranks (i32) by a reduction over j with the comparator as the body
// (ties broken by position: stable), then one reduction per operand that
// adds the element whose rank is the position to the identity (-0.0 for
// floats, 0 for integers).
// CHECK-DAG: #[[AT_I:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[AT_J:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @sort_pairs
// CHECK:         %[[RANK:.*]] = linalg.generic {indexing_maps = [#[[AT_I]], #[[AT_I]], #[[AT_J]], #[[AT_J]], #[[AT_I]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1, %arg0, %arg1 : {{.*}}) outs(%{{.*}} : tensor<2x4xi32>)
// CHECK:         ^bb0(%[[XI:.*]]: f32, %{{.*}}: i32, %[[XJ:.*]]: f32, %{{.*}}: i32, %[[ACC:.*]]: i32):
// CHECK:           %[[JI:.*]] = arith.cmpf olt, %[[XJ]], %[[XI]] : f32
// CHECK:           %[[IJ:.*]] = arith.cmpf olt, %[[XI]], %[[XJ]] : f32
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK:           %[[J:.*]] = linalg.index 2 : index
// CHECK:           %[[JLT:.*]] = arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK:           %[[NOT:.*]] = arith.xori %[[IJ]], %{{.*}} : i1
// CHECK:           %[[TIE:.*]] = arith.andi %[[JLT]], %[[NOT]] : i1
// CHECK:           %[[BEFORE:.*]] = arith.ori %[[JI]], %[[TIE]] : i1
// CHECK:           %[[ONE:.*]] = arith.extui %[[BEFORE]] : i1 to i32
// CHECK:           arith.addi %[[ACC]], %[[ONE]] : i32
// CHECK:         %[[NZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:         %[[S0:.*]] = linalg.generic {indexing_maps = [#[[AT_J]], #[[AT_J]], #[[AT_I]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[RANK]], %arg0 : {{.*}})
// CHECK:           %[[P:.*]] = linalg.index 1 : index
// CHECK:           %[[P32:.*]] = arith.index_cast %[[P]] : index to i32
// CHECK:           %[[HIT:.*]] = arith.cmpi eq, %{{.*}}, %[[P32]] : i32
// CHECK:           %[[X:.*]] = arith.select %[[HIT]], %{{.*}}, %[[NZERO]] : f32
// CHECK:           arith.addf %{{.*}}, %[[X]] : f32
// CHECK:         %[[S1:.*]] = linalg.generic {indexing_maps = [#[[AT_J]], #[[AT_J]], #[[AT_I]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[RANK]], %arg1 : {{.*}})
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:           arith.addi
// CHECK:         return %[[S0]], %[[S1]]
func.func @sort_pairs(%k: tensor<2x4xf32>, %v: tensor<2x4xi32>) -> (tensor<2x4xf32>, tensor<2x4xi32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi32>
}
