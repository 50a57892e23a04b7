// ui8 values of 128 and above through intermediate buffers (which the
// linalg phase types as signless i8) and scatters (review findings): they
// used to saturate at 127 when stored, and to 0 when an i8 buffer was copied
// to a ui8 result. Now every store into a narrow buffer keeps the low bits
// and i8/ui8 tiles are stored as bytes. By hand, with %x[i] = 10 i:
//   result 0: (2x reversed along dim 0) + x: row 0 = 2 x[5] + x[0] =
//             [400 430 460 490] mod 256 = [144 174 204 234];
//   result 1: 2x with rows 1 and 4 replaced by %u: row 1 = [128 200 255 1];
//   result 2/3: a variadic reduce (sum and max) of the rows of 2x:
//             row 0 sum 2 (0+10+20+30) = 120, max 60.
// DEFINE: %{inputs} = --input=6x4xui8=0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190,200,210,220,230 --input=2x4xui8=128,200,255,1,129,130,131,250 --input=2x1xi32=1,4
// RUN: systole-run %s %{inputs} | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s %{inputs} --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=0 --atol=0 --quiet
// CHECK: result[0]: 6x4xui8={{\[\[}}144 174 204 234]
// CHECK: result[1]: 6x4xui8={{\[\[}}0 20 40 60][128 200 255 1]
// CHECK: result[2]: 6xui8=[120
// CHECK: result[3]: 6xui8=[60
func.func @main(%x: tensor<6x4xui8>, %u: tensor<2x4xui8>, %idx: tensor<2x1xi32>) -> (tensor<6x4xui8>, tensor<6x4xui8>, tensor<6xui8>, tensor<6xui8>) {
  %x2 = stablehlo.add %x, %x : tensor<6x4xui8>
  %y = stablehlo.transpose %x2, dims = [1, 0] : (tensor<6x4xui8>) -> tensor<4x6xui8>
  %r = stablehlo.reverse %y, dims = [1] : tensor<4x6xui8>
  %z = stablehlo.transpose %r, dims = [1, 0] : (tensor<4x6xui8>) -> tensor<6x4xui8>
  %o = stablehlo.add %z, %x : tensor<6x4xui8>
  %s = "stablehlo.scatter"(%x2, %idx, %u) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    stablehlo.return %b : tensor<ui8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6x4xui8>, tensor<2x1xi32>, tensor<2x4xui8>) -> tensor<6x4xui8>
  %u0 = stablehlo.constant dense<0> : tensor<ui8>
  %m:2 = stablehlo.reduce(%x2 init: %u0), (%x2 init: %u0) across dimensions = [1] : (tensor<6x4xui8>, tensor<6x4xui8>, tensor<ui8>, tensor<ui8>) -> (tensor<6xui8>, tensor<6xui8>)
   reducer(%a: tensor<ui8>, %b: tensor<ui8>) (%c: tensor<ui8>, %d: tensor<ui8>) {
    %sum = stablehlo.add %a, %b : tensor<ui8>
    %max = stablehlo.maximum %c, %d : tensor<ui8>
    stablehlo.return %sum, %max : tensor<ui8>, tensor<ui8>
  }
  return %o, %s, %m#0, %m#1 : tensor<6x4xui8>, tensor<6x4xui8>, tensor<6xui8>, tensor<6xui8>
}
