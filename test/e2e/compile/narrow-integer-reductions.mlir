// 8- and 16-bit integer sums and products wrap (spec: add and multiply on
// integers, modulo 2^width); the engines hold them in i32 tiles, exact below
// 2^24, and the result keeps its low bits before the store, which would
// otherwise saturate (a ui8 sum of 4 x 100 came out 255). By hand:
//   i8  [100 100 100 100]: sum 400 = 144 mod 256 -> -112; product 10^8
//       is beyond 2^24 and not used. [3 5 7 11]: product 1155 = 131 -> -125.
//   i8  [-128 -1 5 3]: sum -121; product 1920 = 128 mod 256 -> -128.
//   ui8 [3 5 7 11]: product 131; [255 2 1 1]: product 510 -> 254;
//       sums 26 and 259 -> 3.
//   i16 [30000 x 4]: sum 120000 = 54464 mod 65536 -> -11072;
//       [-32768 -1 0 1]: sum -32768.
// DEFINE: %{inputs} = --input=2x4xi8=100,100,100,100,-128,-1,5,3 --input=2x4xi8=3,5,7,11,-128,-1,5,3 --input=2x4xui8=3,5,7,11,255,2,1,1 --input=2x4xi16=30000,30000,30000,30000,-32768,-1,0,1
// RUN: systole-run %s %{inputs} | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --quiet
// RUN: systole-run %s %{inputs} --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --rtol=0 --atol=0 --quiet
// CHECK: result[0]: 2xi8=[-112 -121]
// CHECK: result[1]: 2xi8=[-125 -128]
// CHECK: result[2]: 2xui8=[131 254]
// CHECK: result[3]: 2xui8=[26 3]
// CHECK: result[4]: 2xi16=[-11072 -32768]
func.func @main(%a: tensor<2x4xi8>, %p: tensor<2x4xi8>, %b: tensor<2x4xui8>, %c: tensor<2x4xi16>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi16>) {
  %z8 = stablehlo.constant dense<0> : tensor<i8>
  %o8 = stablehlo.constant dense<1> : tensor<i8>
  %zu = stablehlo.constant dense<0> : tensor<ui8>
  %ou = stablehlo.constant dense<1> : tensor<ui8>
  %z16 = stablehlo.constant dense<0> : tensor<i16>
  %s8 = stablehlo.reduce(%a init: %z8) applies stablehlo.add across dimensions = [1] : (tensor<2x4xi8>, tensor<i8>) -> tensor<2xi8>
  %m8 = stablehlo.reduce(%p init: %o8) applies stablehlo.multiply across dimensions = [1] : (tensor<2x4xi8>, tensor<i8>) -> tensor<2xi8>
  %mu = stablehlo.reduce(%b init: %ou) applies stablehlo.multiply across dimensions = [1] : (tensor<2x4xui8>, tensor<ui8>) -> tensor<2xui8>
  %su = stablehlo.reduce(%b init: %zu) applies stablehlo.add across dimensions = [1] : (tensor<2x4xui8>, tensor<ui8>) -> tensor<2xui8>
  %s16 = stablehlo.reduce(%c init: %z16) applies stablehlo.add across dimensions = [1] : (tensor<2x4xi16>, tensor<i16>) -> tensor<2xi16>
  return %s8, %m8, %mu, %su, %s16 : tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi16>
}
