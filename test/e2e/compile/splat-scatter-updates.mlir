// A scatter or dynamic_update_slice whose update is a splat constant
// (`zeros.at[idx].add(1.0)`, a bincount; `lax.dynamic_update_slice(x,
// zeros, ...)`) was rejected ("a scatter body that does not copy one update
// window": the window sliced from the constant folded into a constant); the
// `linalg` lowering now fills the update into a tensor. By hand: the counts
// of 1, 3, 3, 7, 0, 3 in 8 bins; two rows zeroed at row 3 and at row 5
// (clamped to 4); a ui8 200 written at 3 of 5 positions (one out of bounds).
// RUN: systole-run %s --entry=bincount --input=6x1xi32=1,3,3,7,0,3 | FileCheck %s --check-prefix=COUNT
// COUNT: result[0]: 8xf32=[1 1 0 3 0 0 0 1]
// RUN: systole-run %s --entry=zero_rows --input=6x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=i32=3 | FileCheck %s --check-prefix=ROW3
// ROW3: result[0]: 6x4xf32={{\[\[}}1 2 3 4]{{\[}}5 6 7 8]{{\[}}9 10 11 12]{{\[}}0 0 0 0]{{\[}}0 0 0 0]{{\[}}21 22 23 24]]
// RUN: systole-run %s --entry=zero_rows --input=6x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=i32=5 | FileCheck %s --check-prefix=ROW5
// ROW5: result[0]: 6x4xf32={{\[\[}}1 2 3 4]{{\[}}5 6 7 8]{{\[}}9 10 11 12]{{\[}}13 14 15 16]{{\[}}0 0 0 0]{{\[}}0 0 0 0]]
// RUN: systole-run %s --entry=set_u8 --input=3x1xi32=4,0,5 | FileCheck %s --check-prefix=U8
// U8: result[0]: 5xui8=[200 1 2 3 200]
// And a bf16 splat added into [64 x 16] rows, against the reference:
// RUN: systole-run --backend=reference %s --entry=add_bf16 --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --entry=add_bf16 --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @bincount(%idx: tensor<6x1xi32>) -> tensor<8xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<6xf32>
  %r = "stablehlo.scatter"(%z, %idx, %one) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xf32>, tensor<6x1xi32>, tensor<6xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @zero_rows(%x: tensor<6x4xf32>, %i: tensor<i32>) -> tensor<6x4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<2x4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %x, %z, %i, %c : (tensor<6x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

func.func @set_u8(%idx: tensor<3x1xi32>) -> tensor<5xui8> {
  %x = stablehlo.iota dim = 0 : tensor<5xui8>
  %v = stablehlo.constant dense<200> : tensor<3xui8>
  %r = "stablehlo.scatter"(%x, %idx, %v) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    stablehlo.return %b : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5xui8>, tensor<3x1xi32>, tensor<3xui8>) -> tensor<5xui8>
  return %r : tensor<5xui8>
}

func.func @add_bf16(%x: tensor<64x16xbf16>, %idx: tensor<40x1xi32>) -> tensor<64x16xbf16> {
  %v = stablehlo.constant dense<0.375> : tensor<40x16xbf16>
  %r = "stablehlo.scatter"(%x, %idx, %v) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<64x16xbf16>, tensor<40x1xi32>, tensor<40x16xbf16>) -> tensor<64x16xbf16>
  return %r : tensor<64x16xbf16>
}
