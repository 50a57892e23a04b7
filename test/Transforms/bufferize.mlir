// RUN: systole-opt %s --systole-bufferize | FileCheck %s

// Results become out-parameters marked `bufferize.result`, the returned
// buffer is the out-parameter itself (no copy), inputs are never written,
// and constants become memref.globals.
// CHECK: memref.global "private" constant @{{.*}} : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32> {bufferize.result})
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} ins(%[[X]], %{{.*}} : memref<4xf32>, memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %c : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
