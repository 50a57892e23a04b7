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

// -----

// ui32 has no wider type: a maximum is the signed maximum of the values
// from 2^31 up (negative in their signed form) where there are any, else of
// all; the init value is combined last. A minimum from 2^32 - 1 (its
// identity) is the signed minimum of the values below 2^31 where there are
// any, else of all, with nothing to combine. A sum is left unchanged (it
// wraps alike in either form).
// CHECK-LABEL: func.func @max32
// CHECK: %[[X:.*]] = stablehlo.bitcast_convert %arg0 : (tensor<4x8xui32>) -> tensor<4x8xi32>
// CHECK: %[[IMAX:.*]] = stablehlo.constant dense<2147483647> : tensor<i32>
// CHECK: %[[LOW:.*]] = stablehlo.reduce(%[[X]] init: %[[IMAX]]) applies stablehlo.minimum across dimensions = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
// CHECK: %[[NEG:.*]] = stablehlo.compare LT, %[[X]]
// CHECK: %[[ONLYNEG:.*]] = stablehlo.select %[[NEG]], %[[X]]
// CHECK: %[[IMIN:.*]] = stablehlo.constant dense<-2147483648> : tensor<i32>
// CHECK: %[[TOPNEG:.*]] = stablehlo.reduce(%[[ONLYNEG]] init: %[[IMIN]]) applies stablehlo.maximum
// CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %[[TOP:.*]] = stablehlo.reduce(%[[X]] init: %[[ZERO]]) applies stablehlo.maximum
// CHECK: %[[ANYNEG:.*]] = stablehlo.compare LT, %[[LOW]]
// CHECK: %[[S:.*]] = stablehlo.select %[[ANYNEG]], %[[TOPNEG]], %[[TOP]] : tensor<4xi1>, tensor<4xi32>
// CHECK: %[[U:.*]] = stablehlo.bitcast_convert %[[S]] : (tensor<4xi32>) -> tensor<4xui32>
// CHECK: %[[I:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
// CHECK: %[[R:.*]] = stablehlo.maximum %[[U]], %[[I]] : tensor<4xui32>
// CHECK: return %[[R]]
func.func @max32(%x: tensor<4x8xui32>, %init: tensor<ui32>) -> tensor<4xui32> {
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xui32>, tensor<ui32>) -> tensor<4xui32>
  return %r : tensor<4xui32>
}
// CHECK-LABEL: func.func @min32
// CHECK: %[[X:.*]] = stablehlo.bitcast_convert %arg0 : (tensor<8xui32>) -> tensor<8xi32>
// CHECK: %[[HIGH:.*]] = stablehlo.reduce(%[[X]] init: %{{.*}}) applies stablehlo.maximum
// CHECK: %[[NONNEG:.*]] = stablehlo.compare GE, %[[X]]
// CHECK: %[[ONLYNONNEG:.*]] = stablehlo.select %[[NONNEG]], %[[X]]
// CHECK: %[[LOWNONNEG:.*]] = stablehlo.reduce(%[[ONLYNONNEG]] init: %{{.*}}) applies stablehlo.minimum
// CHECK: %[[ONES:.*]] = stablehlo.constant dense<-1> : tensor<i32>
// CHECK: %[[LOW:.*]] = stablehlo.reduce(%[[X]] init: %[[ONES]]) applies stablehlo.minimum
// CHECK: %[[ANYNONNEG:.*]] = stablehlo.compare GE, %[[HIGH]]
// CHECK: %[[S:.*]] = stablehlo.select %[[ANYNONNEG]], %[[LOWNONNEG]], %[[LOW]] : tensor<i1>, tensor<i32>
// CHECK: %[[U:.*]] = stablehlo.bitcast_convert %[[S]] : (tensor<i32>) -> tensor<ui32>
// CHECK-NEXT: return %[[U]]
func.func @min32(%x: tensor<8xui32>) -> tensor<ui32> {
  %c = stablehlo.constant dense<4294967295> : tensor<ui32>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.minimum across dimensions = [0] : (tensor<8xui32>, tensor<ui32>) -> tensor<ui32>
  return %r : tensor<ui32>
}
// CHECK-LABEL: func.func @add32
// CHECK-NOT: bitcast_convert
// CHECK: applies stablehlo.add {{.*}} -> tensor<ui32>
func.func @add32(%x: tensor<8xui32>) -> tensor<ui32> {
  %c = stablehlo.constant dense<0> : tensor<ui32>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<8xui32>, tensor<ui32>) -> tensor<ui32>
  return %r : tensor<ui32>
}
