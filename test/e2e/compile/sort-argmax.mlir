// Sorts and multi-result reductions compiled for the NeuronCore (through
// systole-split-reductions): the f32 total order (signed zeros, infinities,
// NaN; no integer arithmetic on the bit patterns), a stable two-operand
// sort, JAX's argmax/argmin comparator (first index of the extremum, NaN
// wins) and a variadic reduce of independent reductions. Expected values
// by hand from the spec.

// RUN: systole-run %s --entry=sort_total --input=8xf32=1,-0,nan,-inf,0,-1,inf,-0 | FileCheck %s --check-prefix=TOTAL
// TOTAL: result[0]: 8xf32=[-inf -1 -0 -0 0 1 inf nan]
func.func @sort_total(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Keys with ties keep their order (stable); the values follow. Descending
// on rows of a 2x4.
// RUN: systole-run %s --entry=sort_pairs --input=2x4xi32=3,1,3,2,-5,7,7,0 --input=2x4xf32=10,11,12,13,20,21,22,23 | FileCheck %s --check-prefix=PAIRS
// PAIRS: result[0]: 2x4xi32={{\[\[}}3 3 2 1][7 7 0 -5]]
// PAIRS: result[1]: 2x4xf32={{\[\[}}10 12 13 11][21 22 23 20]]
func.func @sort_pairs(%k: tensor<2x4xi32>, %v: tensor<2x4xf32>) -> (tensor<2x4xi32>, tensor<2x4xf32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<2x4xi32>, tensor<2x4xf32>) -> (tensor<2x4xi32>, tensor<2x4xf32>)
  return %0#0, %0#1 : tensor<2x4xi32>, tensor<2x4xf32>
}

// jnp.argmax's reduce: row 0 has a tie (first index wins), row 1 a NaN
// (the first NaN wins), row 2 is all -inf (index 0).
// RUN: systole-run %s --entry=argmax --input=3x5xf32=1,7,3,7,0,2,nan,9,nan,1,-inf,-inf,-inf,-inf,-inf | FileCheck %s --check-prefix=ARGMAX
// ARGMAX: result[0]: 3xi32=[1 1 0]
// ARGMAX: result[1]: 3xf32=[7 nan -inf]
func.func @argmax(%x: tensor<3x5xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %iota = stablehlo.iota dim = 1 : tensor<3x5xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [1] : (tensor<3x5xf32>, tensor<3x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %better = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %i, %j, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<f32>
    %k = stablehlo.select %keep, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %r#1, %r#0 : tensor<3xi32>, tensor<3xf32>
}

// jnp.argmin on integers.
// RUN: systole-run %s --entry=argmin --input=6xi8=5,-3,8,-3,-2,0 | FileCheck %s --check-prefix=ARGMIN
// ARGMIN: result[0]: i32=1
func.func @argmin(%x: tensor<6xi8>) -> tensor<i32> {
  %iota = stablehlo.iota dim = 0 : tensor<6xi32>
  %max = stablehlo.constant dense<127> : tensor<i8>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %max), (%iota init: %zero) across dimensions = [0] : (tensor<6xi8>, tensor<6xi32>, tensor<i8>, tensor<i32>) -> (tensor<i8>, tensor<i32>)
   reducer(%a: tensor<i8>, %b: tensor<i8>) (%i: tensor<i32>, %j: tensor<i32>) {
    %better = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %lt = stablehlo.compare LT, %i, %j, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<i8>
    %k = stablehlo.select %keep, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<i8>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// Two independent reductions in one reduce.
// RUN: systole-run %s --entry=variadic --input=2x3xf32=1,5,-2,4,0,3 --input=2x3xi32=7,-1,3,2,9,-4 | FileCheck %s --check-prefix=VARIADIC
// VARIADIC: result[0]: 3xf32=[4 5 3]
// VARIADIC: result[1]: 3xi32=[2 -1 -4]
func.func @variadic(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %big = stablehlo.constant dense<2147483647> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%y init: %big) across dimensions = [0] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
    %m = stablehlo.maximum %a, %b : tensor<f32>
    %n = stablehlo.minimum %i, %j : tensor<i32>
    stablehlo.return %m, %n : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}

// Every direction of the f32 total order, on both backends: signed zeros
// differ, NaN equals NaN and is above inf.
// RUN: systole-run %s --entry=total_compare --input=8xf32=-0,0,nan,nan,-inf,1,-1,inf --input=8xf32=0,-0,nan,1,-0,1,-2,nan | FileCheck %s --check-prefix=CMP
// RUN: systole-run %s --backend=reference --entry=total_compare --input=8xf32=-0,0,nan,nan,-inf,1,-1,inf --input=8xf32=0,-0,nan,1,-0,1,-2,nan | FileCheck %s --check-prefix=CMP
// CMP: result[0]: 8xi1=[true false false false true false false true]
// CMP: result[1]: 8xi1=[false false true false false true false false]
// CMP: result[2]: 8xi1=[false true true true false true true false]
// CMP: result[3]: 8xi1=[true true false true true false true true]
// CMP: result[4]: 8xi1=[true false true false true true false true]
// CMP: result[5]: 8xi1=[false true false true false false true false]
func.func @total_compare(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %eq = stablehlo.compare EQ, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %ge = stablehlo.compare GE, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %ne = stablehlo.compare NE, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %le = stablehlo.compare LE, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %gt = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  return %lt, %eq, %ge, %ne, %le, %gt : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// select_and_gather_add's pair reduction (a reduce_window of (value,
// payload) keeping the running pair while its value is <=): the payload of
// the first minimum of each 2x2 window, ties included, and the starting
// payload (0) for a window of +inf, the starting value.
// RUN: systole-run %s --entry=gather_pair --input=4x6xf32=3,1,5,2,2,9,4,1,0,2,7,8,inf,inf,1,6,5,4,inf,inf,2,3,3,1 --input=4x6xf32=0,1,2,3,4,5,10,11,12,13,14,15,20,21,22,23,24,25,30,31,32,33,34,35 | FileCheck %s --check-prefix=PAIR
// RUN: systole-run %s --backend=reference --entry=gather_pair --input=4x6xf32=3,1,5,2,2,9,4,1,0,2,7,8,inf,inf,1,6,5,4,inf,inf,2,3,3,1 --input=4x6xf32=0,1,2,3,4,5,10,11,12,13,14,15,20,21,22,23,24,25,30,31,32,33,34,35 | FileCheck %s --check-prefix=PAIR
// PAIR: result[0]: 2x2xf32={{\[\[}}1 2][inf 3]]
// PAIR: result[1]: 2x2xf32={{\[\[}}1 3][0 33]]
func.func @gather_pair(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r:2 = "stablehlo.reduce_window"(%x, %y, %inf, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %le = stablehlo.compare LE, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %le, %a, %c : tensor<i1>, tensor<f32>
    %p = stablehlo.select %le, %b, %d : tensor<i1>, tensor<f32>
    stablehlo.return %v, %p : tensor<f32>, tensor<f32>
  }) : (tensor<4x6xf32>, tensor<4x6xf32>, tensor<f32>, tensor<f32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %r#0, %r#1 : tensor<2x2xf32>, tensor<2x2xf32>
}
