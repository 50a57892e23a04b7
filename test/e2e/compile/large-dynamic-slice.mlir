// A dynamic_slice with two computed starts on [4096 x 4097] (more than 2^24
// elements, which the engines' fp32 cannot index exactly) was an internal
// error ("buffer layout of 'memref<2x3xf32, strided<[4097, 1], offset: ?>>'
// is not static"); `simplify` now gathers the whole rows at the row start,
// then the columns out of those. By hand on the row and column iotas:
// rows 4000-4001 and columns 4095 (clamped to 4094) to 4096; then rows 5000
// (clamped to 4094) and columns -3 (clamped to 0).
// RUN: systole-run %s --input=i32=4000 --input=i32=4095 | FileCheck %s --check-prefix=IN
// IN: result[0]: 2x3xf32={{\[\[}}4000 4000 4000]{{\[}}4001 4001 4001]]
// IN: result[1]: 2x3xf32={{\[\[}}4094 4095 4096]{{\[}}4094 4095 4096]]
// RUN: systole-run %s --input=i32=5000 --input=i32=-3 | FileCheck %s --check-prefix=CLAMPED
// CLAMPED: result[0]: 2x3xf32={{\[\[}}4094 4094 4094]{{\[}}4095 4095 4095]]
// CLAMPED: result[1]: 2x3xf32={{\[\[}}0 1 2]{{\[}}0 1 2]]
// The same for dynamic_update_slice: the 2 rows at the row start are read
// whole, updated at the column start, and written back. Rows 4000-4001
// (columns clamped to 4094-4096), then rows 4001-4002 at columns 4092-4094,
// of the row iota, seen through a static [4 x 6] slice around them:
// RUN: systole-run %s --entry=update --input=2x3xf32=-1,-2,-3,-4,-5,-6 --input=i32=4000 --input=i32=4095 | FileCheck %s --check-prefix=UPDATE
// UPDATE: result[0]: 4x6xf32={{\[\[}}3999 3999 3999 3999 3999 3999]{{\[}}4000 4000 4000 -1 -2 -3]{{\[}}4001 4001 4001 -4 -5 -6]{{\[}}4002 4002 4002 4002 4002 4002]]
// RUN: systole-run %s --entry=update --input=2x3xf32=-1,-2,-3,-4,-5,-6 --input=i32=4001 --input=i32=4092 | FileCheck %s --check-prefix=UPDATE2
// UPDATE2: result[0]: 4x6xf32={{\[\[}}3999 3999 3999 3999 3999 3999]{{\[}}4000 4000 4000 4000 4000 4000]{{\[}}4001 -1 -2 -3 4001 4001]{{\[}}4002 -4 -5 -6 4002 4002]]
func.func @main(%i: tensor<i32>, %j: tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = stablehlo.iota dim = 0 : tensor<4096x4097xf32>
  %c = stablehlo.iota dim = 1 : tensor<4096x4097xf32>
  %a = stablehlo.dynamic_slice %r, %i, %j, sizes = [2, 3] : (tensor<4096x4097xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %b = stablehlo.dynamic_slice %c, %i, %j, sizes = [2, 3] : (tensor<4096x4097xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @update(%u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x6xf32> {
  %r = stablehlo.iota dim = 0 : tensor<4096x4097xf32>
  %w = stablehlo.dynamic_update_slice %r, %u, %i, %j : (tensor<4096x4097xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4096x4097xf32>
  %s = stablehlo.slice %w [3999:4003, 4091:4097] : (tensor<4096x4097xf32>) -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}
