// Scatters that combine with maximum, minimum or multiply, or add integers
// (JAX's `x.at[i].max(v)`, `segment_max`, `jnp.bincount` on ints), were
// rejected ("a scatter whose update computation is neither the update nor
// a float add of it"); `simplify` now makes them masked reductions over the
// updates. By hand: rows 0, 2, 2 and 9 (out of bounds) of [3 x 2] maxed
// with (5, -5), (1, 7), (2, 8) and (9, 9); an i32 bincount of
// 1, 3, 3, 4, 0, 3, -1 into 5 bins, starting from 10 each; ui8 adds that
// wrap (250 + 3 + 4 = 257 -> 1).
// RUN: systole-run %s --entry=segment_max --input=3x2xf32=0,0,1,1,2,2 --input=4x1xi32=0,2,2,9 --input=4x2xf32=5,-5,1,7,2,8,9,9 | FileCheck %s --check-prefix=SEGMAX
// SEGMAX: result[0]: 3x2xf32={{\[\[}}5 0]{{\[}}1 1]{{\[}}2 8]]
// RUN: systole-run %s --entry=bincount --input=7xi32=1,3,3,4,0,3,-1 | FileCheck %s --check-prefix=COUNT
// COUNT: result[0]: 5xi32=[11 11 10 13 11]
// RUN: systole-run %s --entry=ui8_add --input=3xui8=250,7,9 --input=2x1xi32=0,0 --input=2xui8=3,4 | FileCheck %s --check-prefix=WRAP
// WRAP: result[0]: 3xui8=[1 7 9]
// A constant scatter-add of zeros into a constant: the masked reduction
// folds to its init, -3 (the corpus's scatter_add_int32_1_int32_2), and an
// i64 maximum, whose identity is narrowed with the data to i32's least.
// RUN: systole-run %s --entry=add_zeros | FileCheck %s --check-prefix=ZEROS
// ZEROS: result[0]: 1xi32=[-3]
// RUN: systole-run %s --entry=i64_max --input=3xi64=5,-7,9 --input=2x1xi32=1,1 --input=2xi64=-9,-2 2>&1 | FileCheck %s --check-prefix=I64
// I64: result[0]: 3xi32=[5 -2 9]
// Windows shorter than their dim: pairs maxed into 8 zeros at 0, 3, 4
// and 7 (out of bounds: the pair would end at 8): (1, 2) at 0; (5, 3) at 3
// and (4, 9) at 4 overlap at 4, max(3, 4).
// RUN: systole-run %s --entry=pairs --input=8xf32=0,0,0,0,0,0,0,0 --input=4x1xi32=0,3,4,7 --input=4x2xf32=1,2,5,3,4,9,8,8 | FileCheck %s --check-prefix=PAIRS
// PAIRS: result[0]: 8xf32=[1 2 0 5 4 9 0 0]
// RUN: systole-run --backend=reference %s --entry=blocks --random-inputs --seed=7 --output=@%t.e.npy --quiet
// RUN: systole-run %s --entry=blocks --random-inputs --seed=7 --expected-output=@%t.e.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// A float product multiplies the operand first, then the updates in
// order: 1e-30 * 1e30 * 1e30 is 1e30 (1e-30 * (1e30 * 1e30) would be inf).
// RUN: systole-run %s --entry=mul_order --input=2xf32=1e-30,1 --input=2x1xi32=0,0 --input=2xf32=1e30,1e30 | FileCheck %s --check-prefix=ORDER
// ORDER: result[0]: 2xf32=[1e+30 1]
// An empty index vector addresses the window at 0; one update is applied
// once (it was applied twice: 21, 201): 1 + 10, 1 + 100.
// RUN: systole-run %s --entry=no_index --input=6xf32=1,1,1,1,1,1 --input=0xi32= --input=2xf32=10,100 | FileCheck %s --check-prefix=NOINDEX
// NOINDEX: result[0]: 6xf32=[11 101 1 1 1 1]
// Updates that are the combiner's identity (a ui8 max of zeros) leave the
// operand as it is.
// RUN: systole-run %s --entry=max_of_zeros --input=3xui8=200,0,7 --input=2x1xi32=0,2 | FileCheck %s --check-prefix=IDENTITY
// IDENTITY: result[0]: 3xui8=[200 0 7]
// A ui8 product that wraps while it stays below 2^24 (integer products
// past that are inexact, as every integer product on the engines' fp32):
// 3 * 2^7 * 3 * 3 = 3456, 128 mod 256; and complex numbers have no
// NeuronCore type: an error at the op.
// RUN: systole-run %s --entry=i8_mul --input=2xui8=3,5 --input=4x1xi32=0,1,0,0 --input=4xui8=128,7,3,3 | FileCheck %s --check-prefix=IMUL
// IMUL: result[0]: 2xui8=[128 35]
// RUN: not systole-run %s --entry=complex_max --random-inputs 2>&1 | FileCheck %s --check-prefix=COMPLEX
// COMPLEX: error: complex numbers are not supported by the NeuronCore compiler
// Against the reference interpreter: bf16 minimum and f32 multiply of
// elements addressed by two index components, i8 maximum, and a vmapped
// (batched) scatter-max of rows:
// RUN: systole-run --backend=reference %s --entry=bf16_min --random-inputs --seed=3 --output=@%t.a.npy --quiet
// RUN: systole-run %s --entry=bf16_min --random-inputs --seed=3 --expected-output=@%t.a.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=f32_mul --random-inputs --seed=4 --output=@%t.b.npy --quiet
// RUN: systole-run %s --entry=f32_mul --random-inputs --seed=4 --expected-output=@%t.b.npy --rtol=1e-6 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=i8_max --random-inputs --seed=5 --output=@%t.c.npy --quiet
// RUN: systole-run %s --entry=i8_max --random-inputs --seed=5 --expected-output=@%t.c.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=vmapped_max --random-inputs --seed=6 --output=@%t.d.npy --quiet
// RUN: systole-run %s --entry=vmapped_max --random-inputs --seed=6 --expected-output=@%t.d.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @segment_max(%x: tensor<3x2xf32>, %idx: tensor<4x1xi32>, %u: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x2xf32>, tensor<4x1xi32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

func.func @bincount(%idx: tensor<7xi32>) -> tensor<5xi32> {
  %z = stablehlo.constant dense<10> : tensor<5xi32>
  %one = stablehlo.constant dense<1> : tensor<7xi32>
  %r = "stablehlo.scatter"(%z, %idx, %one) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5xi32>, tensor<7xi32>, tensor<7xi32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}

func.func @ui8_add(%x: tensor<3xui8>, %idx: tensor<2x1xi32>, %u: tensor<2xui8>) -> tensor<3xui8> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xui8>, tensor<2x1xi32>, tensor<2xui8>) -> tensor<3xui8>
  return %r : tensor<3xui8>
}

func.func @bf16_min(%x: tensor<6x8xbf16>, %idx: tensor<10x2xi32>, %u: tensor<10xbf16>) -> tensor<6x8xbf16> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.minimum %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 1>} : (tensor<6x8xbf16>, tensor<10x2xi32>, tensor<10xbf16>) -> tensor<6x8xbf16>
  return %r : tensor<6x8xbf16>
}

func.func @f32_mul(%x: tensor<6x8xf32>, %idx: tensor<10x2xi32>, %u: tensor<10xf32>) -> tensor<6x8xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<6x8xf32>, tensor<10x2xi32>, tensor<10xf32>) -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

func.func @i8_max(%x: tensor<8x4xi8>, %idx: tensor<12x1xi32>, %u: tensor<12x4xi8>) -> tensor<8x4xi8> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.maximum %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x4xi8>, tensor<12x1xi32>, tensor<12x4xi8>) -> tensor<8x4xi8>
  return %r : tensor<8x4xi8>
}

func.func @vmapped_max(%x: tensor<3x6x4xf32>, %idx: tensor<3x5x1xi32>, %u: tensor<3x5x4xf32>) -> tensor<3x6x4xf32> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<3x6x4xf32>, tensor<3x5x1xi32>, tensor<3x5x4xf32>) -> tensor<3x6x4xf32>
  return %r : tensor<3x6x4xf32>
}

func.func @add_zeros() -> tensor<1xi32> {
  %c = stablehlo.constant dense<0> : tensor<2x1xi64>
  %x = stablehlo.constant dense<-3> : tensor<1xi32>
  %u = stablehlo.constant dense<0> : tensor<2xi32>
  %r = "stablehlo.scatter"(%x, %c, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<1xi32>, tensor<2x1xi64>, tensor<2xi32>) -> tensor<1xi32>
  return %r : tensor<1xi32>
}

func.func @i64_max(%x: tensor<3xi64>, %idx: tensor<2x1xi32>, %u: tensor<2xi64>) -> tensor<3xi64> {
  %r = "stablehlo.scatter"(%x, %idx, %u) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.maximum %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xi64>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<3xi64>
  return %r : tensor<3xi64>
}

func.func @pairs(%x: tensor<8xf32>, %i: tensor<4x1xi32>, %u: tensor<4x2xf32>) -> tensor<8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8xf32>, tensor<4x1xi32>, tensor<4x2xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @blocks(%x: tensor<6x5x4xi32>, %i: tensor<3x2xi32>, %u: tensor<2x3x3x2xi32>) -> tensor<6x5x4xi32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 2, 3], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 1>} : (tensor<6x5x4xi32>, tensor<3x2xi32>, tensor<2x3x3x2xi32>) -> tensor<6x5x4xi32>
  return %r : tensor<6x5x4xi32>
}

func.func @mul_order(%x: tensor<2xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @no_index(%x: tensor<6xf32>, %i: tensor<0xi32>, %u: tensor<2xf32>) -> tensor<6xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [], index_vector_dim = 0>} : (tensor<6xf32>, tensor<0xi32>, tensor<2xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

func.func @max_of_zeros(%x: tensor<3xui8>, %i: tensor<2x1xi32>) -> tensor<3xui8> {
  %u = stablehlo.constant dense<0> : tensor<2xui8>
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.maximum %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xui8>, tensor<2x1xi32>, tensor<2xui8>) -> tensor<3xui8>
  return %r : tensor<3xui8>
}

func.func @i8_mul(%x: tensor<2xui8>, %i: tensor<4x1xi32>, %u: tensor<4xui8>) -> tensor<2xui8> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.multiply %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xui8>, tensor<4x1xi32>, tensor<4xui8>) -> tensor<2xui8>
  return %r : tensor<2xui8>
}

func.func @complex_max(%x: tensor<2xcomplex<f32>>, %i: tensor<2x1xi32>, %u: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.multiply %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xcomplex<f32>>, tensor<2x1xi32>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}
