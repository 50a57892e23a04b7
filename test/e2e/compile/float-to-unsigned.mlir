// float -> unsigned `convert` as XLA (and the reference interpreter) does
// it: toward zero, saturated to [0, 2^w - 1], NaN to 0; the result then
// feeds unsigned comparisons and wrapping adds in the same kernel, where
// ui16 values from 2^15 up and ui32 values from 2^31 up are held in their
// signed form. Expected values worked out by hand.
// RUN: systole-run %s --input=6xf32=-3.5,nan,inf,-inf,5e9,255.9 | FileCheck %s --check-prefix=EDGES
// EDGES: result[0]: 6xui32=[0 0 4294967295 0 4294967295 255]
// EDGES: result[1]: 6xui16=[0 0 65535 0 65535 255]
// EDGES: result[2]: 6xui8=[0 0 255 0 255 255]
// EDGES: result[3]: 6xi32=[-3 0 2147483647 -2147483648 2147483647 255]
// 65535 + 40000 wraps to 39999; 3e9 and 2^31 are ui32 values past 2^31.
// RUN: systole-run %s --input=6xf32=3e9,2147483648,2147483520,65535.5,32768,-0.5 | FileCheck %s --check-prefix=LARGE
// LARGE: result[0]: 6xui32=[3000000000 2147483648 2147483520 65535 32768 0]
// LARGE: result[1]: 6xui16=[65535 65535 65535 65535 32768 0]
// LARGE: result[2]: 6xui8=[255 255 255 255 255 0]
// LARGE: result[3]: 6xi32=[2147483647 2147483647 2147483520 65535 32768 0]
// LARGE: result[4]: 6xi1=[true true true true false false]
// LARGE: result[5]: 6xui16=[39999 39999 39999 39999 7232 40000]
// LARGE: result[6]: 6xi1=[true false false false false false]
// RUN: systole-run --backend=reference %s --input=6xf32=3e9,2147483648,2147483520,65535.5,32768,-0.5 --output=@%t.0.npy --output=@%t.1.npy --output=@%t.2.npy --output=@%t.3.npy --output=@%t.4.npy --output=@%t.5.npy --output=@%t.6.npy --quiet
// RUN: systole-run %s --input=6xf32=3e9,2147483648,2147483520,65535.5,32768,-0.5 --expected-output=@%t.0.npy --expected-output=@%t.1.npy --expected-output=@%t.2.npy --expected-output=@%t.3.npy --expected-output=@%t.4.npy --expected-output=@%t.5.npy --expected-output=@%t.6.npy --rtol=0 --atol=0 --quiet
func.func @main(%x: tensor<6xf32>) -> (tensor<6xui32>, tensor<6xui16>, tensor<6xui8>, tensor<6xi32>, tensor<6xi1>, tensor<6xui16>, tensor<6xi1>) {
  %0 = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xui32>
  %1 = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xui16>
  %2 = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xui8>
  %3 = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xi32>
  %c16 = stablehlo.constant dense<40000> : tensor<6xui16>
  %4 = stablehlo.compare GT, %1, %c16, UNSIGNED : (tensor<6xui16>, tensor<6xui16>) -> tensor<6xi1>
  %5 = stablehlo.add %1, %c16 : tensor<6xui16>
  %c32 = stablehlo.constant dense<2500000000> : tensor<6xui32>
  %6 = stablehlo.compare GE, %0, %c32, UNSIGNED : (tensor<6xui32>, tensor<6xui32>) -> tensor<6xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xui32>, tensor<6xui16>, tensor<6xui8>, tensor<6xi32>, tensor<6xi1>, tensor<6xui16>, tensor<6xi1>
}
