// ui32 division and remainder on the unsigned values (exact while they stay
// below 2^24; XLA's x / 0 = all ones, x % 0 = x), and a gather whose ui32
// indices from 2^31 up (negative in their signed form) clamp to the last
// start as the out-of-range indices they are, not to 0. By hand:
//   a = 7 100 16777215 5 0 4294967290, b = 2 0 3 0 9 0
//   a / b = 3 4294967295 5592405 4294967295 0 4294967295;
//   a % b = 1 100 0 5 0 4294967290 (x % 0 = x at any x)
//   x = 0..7 gathered at 4294967295 3 2147483648 -> 7 3 7
// RUN: systole-run %s --input=6xui32=7,100,16777215,5,0,4294967290 --input=6xui32=2,0,3,0,9,0 --input=8xf32=0,1,2,3,4,5,6,7 --input=3x1xui32=4294967295,3,2147483648 | FileCheck %s
// CHECK: result[0]: 6xui32=[3 4294967295 5592405 4294967295 0 4294967295]
// CHECK: result[1]: 6xui32=[1 100 0 5 0 4294967290]
// CHECK: result[2]: 3xf32=[7 3 7]
func.func @main(%a: tensor<6xui32>, %b: tensor<6xui32>, %x: tensor<8xf32>, %g: tensor<3x1xui32>) -> (tensor<6xui32>, tensor<6xui32>, tensor<3xf32>) {
  %0 = stablehlo.divide %a, %b : tensor<6xui32>
  %1 = stablehlo.remainder %a, %b : tensor<6xui32>
  %2 = "stablehlo.gather"(%x, %g) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<8xf32>, tensor<3x1xui32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<6xui32>, tensor<6xui32>, tensor<3xf32>
}
