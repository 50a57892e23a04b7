// The Shardy constructs real exports carry: meshes, constants and sharding
// attributes on arguments, results and ops.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

sdy.mesh @mesh = <["x"=2, "y"=1]>
sdy.mesh @ids = <["a"=4], device_ids=[3, 2, 1, 0]>
sdy.mesh @empty = <[]>
func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {?}], replicated={"y"}>}) {
  %0 = sdy.constant dense<1.500000e+00> : tensor<8x4xf32>
  %1 = sdy.constant {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", ?}]>} dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = stablehlo.add %x, %0 : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}
// CHECK:       sdy.mesh @mesh = <["x"=2, "y"=1]>
// CHECK-NEXT:  sdy.mesh @ids = <["a"=4], device_ids=[3, 2, 1, 0]>
// CHECK-NEXT:  sdy.mesh @empty = <[]>
// CHECK-NEXT:  func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {?}], replicated={"y"}>}) {
// CHECK-NEXT:    %0 = sdy.constant dense<1.500000e+00> : tensor<8x4xf32>
// CHECK-NEXT:    %1 = sdy.constant {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x", ?}]>} dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    %2 = stablehlo.add %arg0, %0 : tensor<8x4xf32>
