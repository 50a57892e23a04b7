// dynamic_update_slice at a computed row, two cases the row scatter must
// get right (review findings):
// - ui8 rows with values of 128 and above: the update (signless i8 after
//   the linalg phase) is moved as bytes, not converted to ui8 (which
//   saturated them to 127);
// - one row (a batch-1 KV-cache write) and one element of a rank-1 tensor:
//   a single-index scatter, written as the same row twice.
// Rows 2-3 of %x become %u (by hand: [128 200 255 1] [129 130 131 250]);
// row 3 of %c becomes %r; element 4 of %f becomes -7.
// DEFINE: %{inputs} = --input=6x4xui8=0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190,200,210,220,230 --input=2x4xui8=128,200,255,1,129,130,131,250 --input=8x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --input=1x4xf32=-1,-2,-3,-4 --input=10xf32=0,1,2,3,4,5,6,7,8,9 --input=1xf32=-7
// RUN: systole-run %s %{inputs} --input=i32=2 | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=2 --output=@%t.2.0.npy --output=@%t.2.1.npy --output=@%t.2.2.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=2 --expected-output=@%t.2.0.npy --expected-output=@%t.2.1.npy --expected-output=@%t.2.2.npy --rtol=0 --atol=0 --quiet
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=9 --output=@%t.9.0.npy --output=@%t.9.1.npy --output=@%t.9.2.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=9 --expected-output=@%t.9.0.npy --expected-output=@%t.9.1.npy --expected-output=@%t.9.2.npy --rtol=0 --atol=0 --quiet
// CHECK: result[0]: 6x4xui8={{\[\[}}0 10 20 30][40 50 60 70][128 200 255 1][129 130 131 250][160 170 180 190][200 210 220 230]]
// CHECK: result[1]: 8x4xf32={{\[\[}}0 1 2 3][4 5 6 7][8 9 10 11][-1 -2 -3 -4][16 17 18 19]
// CHECK: result[2]: 10xf32=[0 1 2 3 -7 5 6 7 8 9]
func.func @main(%x: tensor<6x4xui8>, %u: tensor<2x4xui8>, %c: tensor<8x4xf32>, %r: tensor<1x4xf32>, %f: tensor<10xf32>, %g: tensor<1xf32>, %i: tensor<i32>) -> (tensor<6x4xui8>, tensor<8x4xf32>, tensor<10xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %x2 = stablehlo.dynamic_update_slice %x, %u, %i, %z : (tensor<6x4xui8>, tensor<2x4xui8>, tensor<i32>, tensor<i32>) -> tensor<6x4xui8>
  %i1 = stablehlo.add %i, %one : tensor<i32>
  %c2 = stablehlo.dynamic_update_slice %c, %r, %i1, %z : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  %i2 = stablehlo.add %i, %two : tensor<i32>
  %f2 = stablehlo.dynamic_update_slice %f, %g, %i2 : (tensor<10xf32>, tensor<1xf32>, tensor<i32>) -> tensor<10xf32>
  return %x2, %c2, %f2 : tensor<6x4xui8>, tensor<8x4xf32>, tensor<10xf32>
}
