// RUN: systole-opt %s --systole-widen-unsigned-reductions --split-input-file | FileCheck %s

// ui8 max-pooling: the operand converted to i32, the constant init widened
// in place, the body on i32, the result converted back.
// CHECK-LABEL: func.func @pool
// CHECK-DAG: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4x6xui8>) -> tensor<4x6xi32>
// CHECK-DAG: %[[I:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK: %[[W:.*]] = "stablehlo.reduce_window"(%[[X]], %[[I]])
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK: stablehlo.maximum {{.*}} : tensor<i32>
// CHECK: (tensor<4x6xi32>, tensor<i32>) -> tensor<3x5xi32>
// CHECK: %[[R:.*]] = stablehlo.convert %[[W]] : (tensor<3x5xi32>) -> tensor<3x5xui8>
// CHECK: return %[[R]]
func.func @pool(%x: tensor<4x6xui8>) -> tensor<3x5xui8> {
  %c = stablehlo.constant dense<1> : tensor<ui8>
  %r = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %m = stablehlo.maximum %a, %b : tensor<ui8>
    stablehlo.return %m : tensor<ui8>
  }) : (tensor<4x6xui8>, tensor<ui8>) -> tensor<3x5xui8>
  return %r : tensor<3x5xui8>
}

// -----

// argmax: the ui8 value operand is widened and its UNSIGNED comparisons
// become SIGNED; the i32 index operand is unchanged.
// CHECK-LABEL: func.func @argmax
// CHECK: stablehlo.reduce
// CHECK-SAME: (tensor<15xi32>, tensor<15xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
// CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NOT: UNSIGNED
// CHECK: return
func.func @argmax(%arg0: tensor<15xui8>) -> tensor<i32> {
  %0 = stablehlo.iota dim = 0 : tensor<15xi32>
  %c = stablehlo.constant dense<0> : tensor<ui8>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<15xui8>, tensor<15xi32>, tensor<ui8>, tensor<i32>) -> (tensor<ui8>, tensor<i32>)
   reducer(%arg1: tensor<ui8>, %arg3: tensor<ui8>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %9 = stablehlo.select %2, %arg1, %arg3 : tensor<i1>, tensor<ui8>
    %10 = stablehlo.select %2, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %9, %10 : tensor<ui8>, tensor<i32>
  }
  return %1#1 : tensor<i32>
}

// -----

// A body with an op that does not commute with truncation (division) is
// left unchanged; so are signed reductions.
// CHECK-LABEL: func.func @divide
// CHECK-NOT: stablehlo.convert
// CHECK: applies stablehlo.divide {{.*}} -> tensor<ui8>
// CHECK-LABEL: func.func @signed
// CHECK-NOT: stablehlo.convert
// CHECK: return
func.func @divide(%x: tensor<8xui8>) -> tensor<ui8> {
  %c = stablehlo.constant dense<1> : tensor<ui8>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.divide across dimensions = [0] : (tensor<8xui8>, tensor<ui8>) -> tensor<ui8>
  return %r : tensor<ui8>
}
func.func @signed(%x: tensor<8xi8>) -> tensor<i8> {
  %c = stablehlo.constant dense<0> : tensor<i8>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<8xi8>, tensor<i8>) -> tensor<i8>
  return %r : tensor<i8>
}
