// The masked softmax of an attention block (sdy_llama_attention_prefill):
// rows that the mask leaves all -inf give 0, found by any(x != -inf) per row
// (compared in f64 by the export, narrowed to f32). `fuse` computes that
// test as max(x) != -inf with the softmax's own max: one compare per row
// instead of a compare, a not and an or-reduction over every score (the
// attention block: 4695.5 -> 3825.4 us, its softmax being vector-bound).
// The guard's select per element then becomes two per row (below).
//
// Hand-worked rows: all -inf (masked: 0), half -inf, a NaN (NaN != -inf:
// not masked, and the NaN spreads), plain values. The reference interpreter
// gives the same.
// RUN: systole-run %s --input=1x1x4x4xf32=-inf,-inf,-inf,-inf,0,-inf,0,-inf,nan,1,2,3,1,1,1,1 | FileCheck %s --check-prefix=HAND
// RUN: systole-run --backend=reference %s --input=1x1x4x4xf32=-inf,-inf,-inf,-inf,0,-inf,0,-inf,nan,1,2,3,1,1,1,1 | FileCheck %s --check-prefix=HAND
// HAND: result[0]: 1x1x4x4xf32={{\[\[\[\[}}0 0 0 0][0.5 0 0.5 0][nan nan nan nan][0.25 0.25 0.25 0.25]]]]
//
// Two reductions (the max and the sum: rows of 4 are too short to fold the
// sum into the exp activation), and the guard per row
// (systole-fold-softmax-row-guard): on the max's [4 x 1] column, m != -inf
// picks the max or 0 that the exp subtracts (its activation's bias, the
// negated column), and the sum or 1 that the division divides by; no
// select over the row's elements (2N vector cycles per tile before).
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=ISA
// RUN: systole-compile %s --emit=mlir -o - | grep -c 'ncore.tensor_reduce' | FileCheck %s --check-prefix=COUNT
// ISA: ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:4] f32 [4:1]>) outs(#ncore.ap<sbuf[0:4] + [[MAX:[0-9]+]] f32 []>)
// ISA: ncore.tensor_scalar ne(0xFF800000 : f32) on vector ins(#ncore.ap<sbuf[0:4] + [[MAX]] f32 []>) outs(#ncore.ap<sbuf[0:4] + [[ANY:[0-9]+]] i1 []>)
// ISA: ncore.select on vector ins(#ncore.ap<sbuf[0:4] + [[ANY]] i1 []>, #ncore.ap<sbuf[0:4] + [[MAX]] f32 []>, #ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 []>) outs(#ncore.ap<sbuf[0:4] + [[ROWMAX:[0-9]+]] f32 []>)
// ISA: ncore.tensor_scalar mul(-1.000000e+00 : f32) on vector ins(#ncore.ap<sbuf[0:4] + [[ROWMAX]] f32 []>) outs(#ncore.ap<sbuf[0:4] + [[BIAS:[0-9]+]] f32 []>)
// ISA: ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:4] f32 [4:1]>) outs(#ncore.ap<sbuf[0:4] + [[EXP:[0-9]+]] f32 [4:1]>) bias(#ncore.ap<sbuf[0:4] + [[BIAS]] f32 []>)
// ISA: ncore.select on vector ins(#ncore.ap<sbuf[0:4] + {{[0-9]+}} i1 []>, #ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 []>, #ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 []>) outs(#ncore.ap<sbuf[0:4] + [[ROWSUM:[0-9]+]] f32 []>)
// ISA: ncore.tensor_scalar div(#ncore.ap<sbuf[0:4] + [[ROWSUM]] f32 []>) on vector ins(#ncore.ap<sbuf[0:4] + [[EXP]] f32 [4:1]>)
// ISA-NOT: ncore.select
// COUNT: 2
func.func @main(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  %0 = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1x4x4xf32>
  %2 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<1x1x4x4xf64>
  %8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %10 = stablehlo.constant dense<false> : tensor<i1>
  %60 = stablehlo.convert %x : (tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf64>
  %61 = stablehlo.compare  EQ, %60, %3 : (tensor<1x1x4x4xf64>, tensor<1x1x4x4xf64>) -> tensor<1x1x4x4xi1>
  %62 = stablehlo.not %61 : tensor<1x1x4x4xi1>
  %63 = stablehlo.reduce(%62 init: %10) across dimensions = [3] : (tensor<1x1x4x4xi1>, tensor<i1>) -> tensor<1x1x4xi1>
   reducer(%arg8: tensor<i1>, %arg9: tensor<i1>)  {
    %96 = stablehlo.constant dense<true> : tensor<i1>
    %97 = stablehlo.constant dense<false> : tensor<i1>
    %98 = stablehlo.or %arg8, %arg9 : tensor<i1>
    %99 = stablehlo.select %98, %96, %97 : tensor<i1>, tensor<i1>
    stablehlo.return %99 : tensor<i1>
  }
  %64 = stablehlo.reshape %63 : (tensor<1x1x4xi1>) -> tensor<1x1x4x1xi1>
  %65 = stablehlo.not %64 : tensor<1x1x4x1xi1>
  %66 = stablehlo.reshape %65 : (tensor<1x1x4x1xi1>) -> tensor<1x1x4xi1>
  %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<1x1x4xi1>) -> tensor<1x1x4x4xi1>
  %68 = stablehlo.reduce(%x init: %8) applies stablehlo.maximum across dimensions = [3] : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x4xf32>
  %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<1x1x4x4xf32>
  %70 = stablehlo.subtract %x, %69 : tensor<1x1x4x4xf32>
  %71 = stablehlo.exponential %70 : tensor<1x1x4x4xf32>
  %72 = stablehlo.reduce(%71 init: %9) applies stablehlo.add across dimensions = [3] : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x4xf32>
  %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<1x1x4x4xf32>
  %74 = stablehlo.divide %71, %73 : tensor<1x1x4x4xf32>
  %75 = stablehlo.select %67, %1, %74 : tensor<1x1x4x4xi1>, tensor<1x1x4x4xf32>
  return %75 : tensor<1x1x4x4xf32>
}
