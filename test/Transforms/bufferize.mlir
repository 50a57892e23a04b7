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

// Two matmuls whose zero inits CSE merged into one fill: each gets its own
// fill into its own buffer, not a copy of one filled buffer.
// CHECK-LABEL: func.func @shared_zero_fill
// CHECK-NOT:     memref.copy
// CHECK:         %[[A:.*]] = memref.alloc() {{.*}} : memref<4x4xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<4x4xf32>)
// CHECK-NEXT:    linalg.matmul ins(%arg0, %arg1 : memref<4x4xf32>, memref<4x4xf32>) outs(%[[A]] : memref<4x4xf32>)
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[B:.*]] : memref<4x4xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %arg1 : memref<4x4xf32>, memref<4x4xf32>) outs(%[[B]] : memref<4x4xf32>)
// CHECK-NOT:     memref.copy
func.func @shared_zero_fill(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = linalg.matmul ins(%0, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// An input used as a destination (an in-place update) is copied first: the
// caller's buffer is never written.
// CHECK-LABEL: func.func @input_as_destination
// CHECK-SAME:    (%[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32> {bufferize.result})
// CHECK:         memref.copy %[[X]], %[[OUT]]
// CHECK:         linalg.generic {{.*}} outs(%[[OUT]] : memref<4xf32>)
func.func @input_as_destination(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%x : tensor<4xf32>) {
  ^bb0(%o: f32):
    %s = arith.addf %o, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Elementwise ops whose destinations CSE merged into one `tensor.empty`: each
// writes its own buffer (an empty per use), with no copies between them.
// CHECK-LABEL: func.func @shared_empty
// CHECK-NOT:     memref.copy
// CHECK:         %[[T:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK:         linalg.generic {{.*}} ins(%arg0 : memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[T]] : memref<4xf32>) outs(%arg1 : memref<4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @shared_empty(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%0 : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// A value returned twice and an input returned as it is: each result is
// its own out-parameter, the second and third filled by copies (upstream's
// promotion alone would erase the shared buffer twice, and crash on the
// argument).
// CHECK-LABEL: func.func @returned_twice
// CHECK-SAME:    (%[[X:.*]]: memref<4xf32>, %[[R0:.*]]: memref<4xf32> {bufferize.result}, %[[R1:.*]]: memref<4xf32> {bufferize.result}, %[[R2:.*]]: memref<4xf32> {bufferize.result})
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[R0]] : memref<4xf32>)
// CHECK:         memref.copy %[[R0]], %[[R1]]
// CHECK:         memref.copy %[[X]], %[[R2]]
// CHECK-NEXT:    return
func.func @returned_twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %a, %a, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// A pad of a computed value (the fill comes after the value in program
// order, as the linalg phase emits it): the fill moves before the value's
// `tensor.empty`, empty-tensor elimination makes the ReLU write the padded
// buffer's interior in place, and no copy of the value into the interior is
// left (CSE merges the two subviews, and the self-copy is erased).
// CHECK-LABEL: func.func @pad_in_place
// CHECK-SAME: (%[[X:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<4x5xf32> {bufferize.result})
// CHECK-NOT: memref.copy
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<4x5xf32>)
// CHECK-NEXT: %[[IN:.*]] = memref.subview %[[OUT]][1, 1] [2, 3] [1, 1]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]] : memref<2x3xf32>) outs(%[[IN]] : memref<2x3xf32, strided<[5, 1], offset: 6>>)
// CHECK-NOT: memref.copy
// CHECK: return
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @pad_in_place(%x: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  %pe = tensor.empty() : tensor<4x5xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%pe : tensor<4x5xf32>) -> tensor<4x5xf32>
  %padded = tensor.insert_slice %r into %filled[1, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x5xf32>
  return %padded : tensor<4x5xf32>
}

// A result returned through a reshape ([6 x 4] computed, [2 x 3 x 4]
// returned) is computed into the out-parameter through the inverse reshape:
// no buffer of its own and no copy. So is one returned through a collapse.
// CHECK-LABEL: func.func @reshaped_results
// CHECK-SAME:    %[[OUT0:[a-z0-9]+]]: memref<2x3x4xf32> {bufferize.result}, %[[OUT1:[a-z0-9]+]]: memref<24xf32> {bufferize.result}
// CHECK-NOT:     memref.alloc
// CHECK:         %[[C:.*]] = memref.collapse_shape %[[OUT0]] {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[C]] : memref<6x4xf32>)
// CHECK:         %[[E:.*]] = memref.expand_shape %[[OUT1]] {{\[\[}}0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[E]] : memref<6x4xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return
#idr = affine_map<(d0, d1) -> (d0, d1)>
func.func @reshaped_results(%x: tensor<6x4xf32>) -> (tensor<2x3x4xf32>, tensor<24xf32>) {
  %e = tensor.empty() : tensor<6x4xf32>
  %n = linalg.generic {indexing_maps = [#idr, #idr], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<6x4xf32>
  %r = tensor.expand_shape %n [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<6x4xf32>
  %m = linalg.generic {indexing_maps = [#idr, #idr], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6x4xf32>) outs(%e2 : tensor<6x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r2 = math.absf %a : f32
    linalg.yield %r2 : f32
  } -> tensor<6x4xf32>
  %c = tensor.collapse_shape %m [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>
  return %r, %c : tensor<2x3x4xf32>, tensor<24xf32>
}

// A concatenation outside loops: the operand a generic computes is computed
// into its slice of the result (the result's `tensor.empty` moves first in
// the function); the operand that is a slice of an input is copied.
// CHECK-LABEL: func.func @concat_in_place
// CHECK-SAME:    %[[X:[a-z0-9]+]]: memref<4x2xf32>, %[[OUT:[a-z0-9]+]]: memref<4x4xf32> {bufferize.result}
// CHECK:         %[[LEFT:.*]] = memref.subview %[[OUT]][0, 0] [4, 2] [1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<4x2xf32>) outs(%[[LEFT]] : memref<4x2xf32, strided<[4, 1]>>)
// CHECK:         %[[RIGHT:.*]] = memref.subview %[[OUT]][0, 2] [4, 2] [1, 1]
// CHECK:         memref.copy %[[X]], %[[RIGHT]]
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @concat_in_place(%x: tensor<4x2xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x2xf32>
  %n = linalg.generic {indexing_maps = [#idr, #idr], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x2xf32>
  %c = tensor.empty() : tensor<4x4xf32>
  %0 = tensor.insert_slice %n into %c[0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  %1 = tensor.insert_slice %x into %0[0, 2] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}
