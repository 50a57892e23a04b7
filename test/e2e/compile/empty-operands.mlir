// Ops that read a tensor of zero elements and still produce data, computed
// as the StableHLO spec defines them on empty inputs (they used to stop
// compilation with "buffer layout of 'memref<2x0xf32>' is not static"): a
// dot_general over an empty contracting dim is zeros, a reduce over an
// empty dim its init value, a pad of an empty operand its padding value, a
// concatenate without its empty inputs, a dynamic_update_slice of an empty
// update its operand. The expected values follow from the spec alone.
// RUN: systole-run %s --input=2x0xf32= --input=0x3xf32= --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s
// RUN: systole-run --backend=reference %s --input=2x0xf32= --input=0x3xf32= --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s
// CHECK: result[0]: 2x3xf32={{\[\[}}0 0 0][0 0 0]]
// CHECK: result[1]: 2xi32={{\[}}7 7]
// CHECK: result[2]: 3x2xf32={{\[\[}}1.5 1.5][1.5 1.5][1.5 1.5]]
// CHECK: result[3]: 2x3xf32={{\[\[}}2 4 6][8 10 12]]
// CHECK: result[4]: 2x3xf32={{\[\[}}1 2 3][4 5 6]]
// CHECK: result[5]: 2x0xf32={{\[\[}}][]]
func.func @main(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>, %c: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2xi32>, tensor<3x2xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x0xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  %ai = stablehlo.convert %a : (tensor<2x0xf32>) -> tensor<2x0xi32>
  %seven = stablehlo.constant dense<7> : tensor<i32>
  %1 = stablehlo.reduce(%ai init: %seven) applies stablehlo.maximum across dimensions = [1] : (tensor<2x0xi32>, tensor<i32>) -> tensor<2xi32>
  %pv = stablehlo.constant dense<1.5> : tensor<f32>
  %2 = stablehlo.pad %a, %pv, low = [0, 1], high = [1, 1], interior = [0, 0] : (tensor<2x0xf32>, tensor<f32>) -> tensor<3x2xf32>
  %cat = stablehlo.concatenate %a, %c, %a, dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>, tensor<2x0xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.add %cat, %c : tensor<2x3xf32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %4 = stablehlo.dynamic_update_slice %c, %b, %i, %i : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %5 = stablehlo.exponential %a : tensor<2x0xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2xi32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x0xf32>
}
