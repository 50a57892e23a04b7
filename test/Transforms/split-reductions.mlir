// RUN: systole-opt %s --systole-split-reductions --split-input-file | FileCheck %s

// jnp.argmax's value/index reduce becomes a maximumf reduction and a
// reduction of the least index whose element equals the maximum (or is
// NaN), starting from the dim size.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @argmax
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x5xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[M]]
// CHECK: %[[SIZE:.*]] = arith.constant 5 : i32
// CHECK: %[[START:.*]] = linalg.fill ins(%[[SIZE]] : i32)
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}} ins(%arg0, %[[MAX]] : tensor<3x5xf32>, tensor<3xf32>) outs(%[[START]] : tensor<3xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[E:.*]]: f32, %[[ACC:.*]]: i32):
// CHECK-NEXT: %[[SAME:.*]] = arith.cmpf oeq, %[[X]], %[[E]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[MATCH:.*]] = arith.ori %[[SAME]], %[[NAN]] : i1
// CHECK-NEXT: %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[CAND:.*]] = arith.select %[[MATCH]], %[[II]], %[[SIZE]] : i32
// CHECK-NEXT: %[[MIN:.*]] = arith.minsi %[[ACC]], %[[CAND]] : i32
// CHECK-NEXT: linalg.yield %[[MIN]] : i32
// CHECK: return %[[IDX]], %[[MAX]]
func.func @argmax(%x: tensor<3x5xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %c0 = arith.constant 0 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x5xi32>
  %iota = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 1 : index
    %c = arith.index_castui %i : index to i32
    linalg.yield %c : i32
  } -> tensor<3x5xi32>
  %v0 = tensor.empty() : tensor<3xf32>
  %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<3xf32>) -> tensor<3xf32>
  %i0 = tensor.empty() : tensor<3xi32>
  %i = linalg.fill ins(%c0 : i32) outs(%i0 : tensor<3xi32>) -> tensor<3xi32>
  %r:2 = linalg.reduce ins(%x, %iota : tensor<3x5xf32>, tensor<3x5xi32>) outs(%v, %i : tensor<3xf32>, tensor<3xi32>) dimensions = [1]
    (%in: f32, %in_1: i32, %init: f32, %init_2: i32) {
      %6 = arith.cmpf ogt, %init, %in : f32
      %7 = arith.cmpf une, %init, %init : f32
      %8 = arith.ori %6, %7 : i1
      %9 = arith.cmpf oeq, %init, %in : f32
      %10 = arith.cmpi slt, %init_2, %in_1 : i32
      %11 = arith.andi %9, %10 : i1
      %12 = arith.ori %8, %11 : i1
      %13 = arith.select %8, %init, %in : f32
      %14 = arith.select %12, %init_2, %in_1 : i32
      linalg.yield %13, %14 : f32, i32
    }
  return %r#1, %r#0 : tensor<3xi32>, tensor<3xf32>
}

// -----

// An integer argmax starting from a value other than the identity (0: ui8
// data widened to i32 by systole-widen-unsigned-reductions): where the
// maximum equals the start value, no element beat it and the index is 0.
#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @argmax_start
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<3x5xi32>)
// CHECK: arith.maxsi
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}} ins(%arg0, %[[MAX]] : tensor<3x5xi32>, tensor<3xi32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[V0:.*]] = arith.constant 0 : i32
// CHECK: %[[FIXED:.*]] = linalg.generic {{.*}} ins(%[[MAX]], %[[IDX]] : tensor<3xi32>, tensor<3xi32>)
// CHECK-NEXT: ^bb0(%[[E:.*]]: i32, %[[L:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[START:.*]] = arith.cmpi eq, %[[E]], %[[V0]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[START]], %[[ZERO]], %[[L]] : i32
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK: return %[[FIXED]], %[[MAX]]
func.func @argmax_start(%x: tensor<3x5xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x5xi32>
  %iota = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 1 : index
    %c = arith.index_castui %i : index to i32
    linalg.yield %c : i32
  } -> tensor<3x5xi32>
  %v0 = tensor.empty() : tensor<3xi32>
  %v = linalg.fill ins(%c0 : i32) outs(%v0 : tensor<3xi32>) -> tensor<3xi32>
  %i0 = tensor.empty() : tensor<3xi32>
  %i = linalg.fill ins(%c0 : i32) outs(%i0 : tensor<3xi32>) -> tensor<3xi32>
  %r:2 = linalg.reduce ins(%x, %iota : tensor<3x5xi32>, tensor<3x5xi32>) outs(%v, %i : tensor<3xi32>, tensor<3xi32>) dimensions = [1]
    (%in: i32, %in_1: i32, %init: i32, %init_2: i32) {
      %6 = arith.cmpi sgt, %init, %in : i32
      %9 = arith.cmpi eq, %init, %in : i32
      %10 = arith.cmpi slt, %init_2, %in_1 : i32
      %11 = arith.andi %9, %10 : i1
      %12 = arith.ori %6, %11 : i1
      %13 = arith.select %6, %init, %in : i32
      %14 = arith.select %12, %init_2, %in_1 : i32
      linalg.yield %13, %14 : i32, i32
    }
  return %r#1, %r#0 : tensor<3xi32>, tensor<3xi32>
}

// -----

// jnp.argmin on integers: minsi, an integer equality, no NaN test.

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @argmin_int
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i8
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i8
// CHECK-NOT: cmpf
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i32
func.func @argmin_int(%x: tensor<6xi8>) -> tensor<i32> {
  %c0 = arith.constant 0 : i32
  %max = arith.constant 127 : i8
  %e = tensor.empty() : tensor<6xi32>
  %iota = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e : tensor<6xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<6xi32>
  %v0 = tensor.empty() : tensor<i8>
  %v = linalg.fill ins(%max : i8) outs(%v0 : tensor<i8>) -> tensor<i8>
  %i0 = tensor.empty() : tensor<i32>
  %i = linalg.fill ins(%c0 : i32) outs(%i0 : tensor<i32>) -> tensor<i32>
  %r:2 = linalg.reduce ins(%x, %iota : tensor<6xi8>, tensor<6xi32>) outs(%v, %i : tensor<i8>, tensor<i32>) dimensions = [0]
    (%in: i8, %in_1: i32, %init: i8, %init_2: i32) {
      %6 = arith.cmpi slt, %init, %in : i8
      %9 = arith.cmpi eq, %init, %in : i8
      %10 = arith.cmpi slt, %init_2, %in_1 : i32
      %11 = arith.andi %9, %10 : i1
      %12 = arith.ori %6, %11 : i1
      %13 = arith.select %6, %init, %in : i8
      %14 = arith.select %12, %init_2, %in_1 : i32
      linalg.yield %13, %14 : i8, i32
    }
  return %r#1 : tensor<i32>
}

// -----

// Independent results: one generic each, with only the body ops its yield
// needs.

// CHECK-LABEL: func.func @independent
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: i32, %[[A:.*]]: f32):
// CHECK-NEXT: arith.maximumf %[[A]], %{{.*}} : f32
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %[[B:.*]]: i32, %[[C:.*]]: i32):
// CHECK-NEXT: arith.minsi %[[C]], %[[B]] : i32
// CHECK-NEXT: linalg.yield
func.func @independent(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>, %a: tensor<3xf32>, %b: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %r:2 = linalg.reduce ins(%x, %y : tensor<2x3xf32>, tensor<2x3xi32>) outs(%a, %b : tensor<3xf32>, tensor<3xi32>) dimensions = [0]
    (%in: f32, %in_1: i32, %init: f32, %init_2: i32) {
      %m = arith.maximumf %init, %in : f32
      %n = arith.minsi %init_2, %in_1 : i32
      linalg.yield %m, %n : f32, i32
    }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

// select_and_gather_add's pair: "keep the running value while it is <= the
// element" picks both results. Four ops: the minimum, its first position
// (linearized over the reduced loops), the payload there (a sum with -0.0),
// and the starting payload where the starting value is the minimum.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @paired
// CHECK:       %[[E:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK:         arith.minimumf
// CHECK:       %[[POS:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1, %[[E]] : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2xi32>)
// CHECK:         arith.cmpf oeq
// CHECK:         arith.cmpf uno
// CHECK:         linalg.index 1
// CHECK:         arith.minsi
// CHECK:       %[[PAY:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1, %[[POS]] : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xi32>)
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:         arith.addf
// CHECK:       %[[R:.*]] = linalg.generic {{.*}} ins(%[[E]], %[[POS]], %[[PAY]] : tensor<2xf32>, tensor<2xi32>, tensor<2xf32>)
// CHECK:         %[[START:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK:         arith.select %[[START]]
// CHECK:       return %[[R]]
func.func @paired(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> tensor<2xf32> {
  %inf = arith.constant 0x7F800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %a = linalg.fill ins(%inf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %b = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = linalg.generic {indexing_maps = [#map, #map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<2x4xf32>, tensor<2x4xf32>) outs(%a, %b : tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32, %out_2: f32):
    %c = arith.cmpf ole, %out, %in : f32
    %s = arith.select %c, %out, %in : f32
    %t = arith.select %c, %out_2, %in_1 : f32
    linalg.yield %s, %t : f32, f32
  } -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}

// -----

// The same pair starting from values that are not constants, and so
// unknown: generalized, still two results; `ncore` reports it.

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @paired_unknown_start
// CHECK: %{{.*}}:2 = linalg.generic
func.func @paired_unknown_start(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r:2 = linalg.generic {indexing_maps = [#map, #map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<2x4xf32>, tensor<2x4xf32>) outs(%a, %b : tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32, %out_2: f32):
    %c = arith.cmpf ole, %out, %in : f32
    %s = arith.select %c, %out, %in : f32
    %t = arith.select %c, %out_2, %in_1 : f32
    linalg.yield %s, %t : f32, f32
  } -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}

// -----

// XLA's client-library ArgMax (TensorFlow's and PyTorch/XLA's argmax):
// "greater or equal keeps the accumulator; equal values take the lesser
// index" becomes the same two reductions.
#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @xla_argmax
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x5xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[OUT]], %[[IN]] : f32
// CHECK: %[[IDX:.*]] = linalg.generic {{.*}} ins(%arg0, %[[MAX]] : tensor<3x5xf32>, tensor<3xf32>)
// CHECK: arith.minsi
// CHECK: return %[[IDX]]
func.func @xla_argmax(%x: tensor<3x5xf32>) -> tensor<3xi32> {
  %c0 = arith.constant 0 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x5xi32>
  %iota = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 1 : index
    %c = arith.index_castui %i : index to i32
    linalg.yield %c : i32
  } -> tensor<3x5xi32>
  %v0 = tensor.empty() : tensor<3xf32>
  %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<3xf32>) -> tensor<3xf32>
  %i0 = tensor.empty() : tensor<3xi32>
  %i = linalg.fill ins(%c0 : i32) outs(%i0 : tensor<3xi32>) -> tensor<3xi32>
  %r:2 = linalg.reduce ins(%x, %iota : tensor<3x5xf32>, tensor<3x5xi32>) outs(%v, %i : tensor<3xf32>, tensor<3xi32>) dimensions = [1]
    (%in: f32, %in_1: i32, %init: f32, %init_2: i32) {
      %6 = arith.cmpf oge, %init, %in : f32
      %7 = arith.select %6, %init, %in : f32
      %8 = arith.select %6, %init_2, %in_1 : i32
      %9 = arith.cmpf oeq, %init, %in : f32
      %10 = arith.minsi %init_2, %in_1 : i32
      %11 = arith.select %9, %10, %8 : i32
      linalg.yield %7, %11 : f32, i32
    }
  return %r#1 : tensor<3xi32>
}

// -----

// "Less or equal" (argmin) with an inner select that keeps x's index
// where the accumulator wins is not XLA's comparator: left as it is (a
// two-result generic, which `ncore` reports).
#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @not_xla_argmin
// CHECK: %{{.*}}:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xi32>)
func.func @not_xla_argmin(%x: tensor<3x5xf32>) -> tensor<3xi32> {
  %c0 = arith.constant 0 : i32
  %inf = arith.constant 0x7F800000 : f32
  %e = tensor.empty() : tensor<3x5xi32>
  %iota = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x5xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 1 : index
    %c = arith.index_castui %i : index to i32
    linalg.yield %c : i32
  } -> tensor<3x5xi32>
  %v0 = tensor.empty() : tensor<3xf32>
  %v = linalg.fill ins(%inf : f32) outs(%v0 : tensor<3xf32>) -> tensor<3xf32>
  %i0 = tensor.empty() : tensor<3xi32>
  %i = linalg.fill ins(%c0 : i32) outs(%i0 : tensor<3xi32>) -> tensor<3xi32>
  %r:2 = linalg.reduce ins(%x, %iota : tensor<3x5xf32>, tensor<3x5xi32>) outs(%v, %i : tensor<3xf32>, tensor<3xi32>) dimensions = [1]
    (%in: f32, %in_1: i32, %init: f32, %init_2: i32) {
      %6 = arith.cmpf ole, %init, %in : f32
      %7 = arith.select %6, %init, %in : f32
      %8 = arith.select %6, %in_1, %init_2 : i32
      %9 = arith.cmpf oeq, %init, %in : f32
      %10 = arith.minsi %init_2, %in_1 : i32
      %11 = arith.select %9, %10, %8 : i32
      linalg.yield %7, %11 : f32, i32
    }
  return %r#1 : tensor<3xi32>
}
