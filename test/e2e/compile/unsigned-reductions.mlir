// ui8 reductions with an unsigned combiner (argmax and argmin as JAX emits
// them, max-pooling, a wrapping sum) run on i32 (systole-widen-unsigned-
// reductions): values of 128 and above must order above smaller ones, not
// as negative signed bytes. Expected values worked out by hand:
//   row 0: 3 200 128 200 0 255 1 255 -> argmax 5 (first 255), argmin 4,
//          sum 1042 mod 256 = 18
//   row 1: all 0                     -> argmax 0, argmin 0, sum 0
//   row 2: 127 128 129 130 126 125 255 254 -> argmax 6, argmin 5,
//          sum 1274 mod 256 = 250
//   row 3: all 255                   -> argmax 0, argmin 0, sum 2040 mod 256 = 248
// 2x2 max-pool (stride 1, init 0) of rows 0-1: 200 200 200 200 255 255 255.
// RUN: systole-run %s --input=4x8xui8=3,200,128,200,0,255,1,255,0,0,0,0,0,0,0,0,127,128,129,130,126,125,255,254,255,255,255,255,255,255,255,255 | FileCheck %s
// RUN: systole-run --backend=reference %s --input=4x8xui8=3,200,128,200,0,255,1,255,0,0,0,0,0,0,0,0,127,128,129,130,126,125,255,254,255,255,255,255,255,255,255,255 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --input=4x8xui8=3,200,128,200,0,255,1,255,0,0,0,0,0,0,0,0,127,128,129,130,126,125,255,254,255,255,255,255,255,255,255,255 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=0 --atol=0 --quiet
// CHECK: result[0]: 4xi32=[5 0 6 0]
// CHECK: result[1]: 4xi32=[4 0 5 0]
// CHECK: result[2]: 3x7xui8={{\[\[}}200 200 200 200 255 255 255]
// CHECK: result[3]: 4xui8=[18 0 250 248]
func.func @main(%x: tensor<4x8xui8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<3x7xui8>, tensor<4xui8>) {
  %iota = stablehlo.iota dim = 1 : tensor<4x8xi32>
  %u0 = stablehlo.constant dense<0> : tensor<ui8>
  %umax = stablehlo.constant dense<255> : tensor<ui8>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %amax:2 = stablehlo.reduce(%x init: %u0), (%iota init: %i0) across dimensions = [1] : (tensor<4x8xui8>, tensor<4x8xi32>, tensor<ui8>, tensor<i32>) -> (tensor<4xui8>, tensor<4xi32>)
   reducer(%a: tensor<ui8>, %b: tensor<ui8>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %ne = stablehlo.compare NE, %a, %a, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %better = stablehlo.or %gt, %ne : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %lt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<ui8>
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<ui8>, tensor<i32>
  }
  %amin:2 = stablehlo.reduce(%x init: %umax), (%iota init: %i0) across dimensions = [1] : (tensor<4x8xui8>, tensor<4x8xi32>, tensor<ui8>, tensor<i32>) -> (tensor<4xui8>, tensor<4xi32>)
   reducer(%a: tensor<ui8>, %b: tensor<ui8>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %lt = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %ne = stablehlo.compare NE, %a, %a, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %better = stablehlo.or %lt, %ne : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %ilt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %ilt : tensor<i1>
    %keep = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<ui8>
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<ui8>, tensor<i32>
  }
  %pool = "stablehlo.reduce_window"(%x, %u0) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %m = stablehlo.maximum %a, %b : tensor<ui8>
    stablehlo.return %m : tensor<ui8>
  }) : (tensor<4x8xui8>, tensor<ui8>) -> tensor<3x7xui8>
  %sum = stablehlo.reduce(%x init: %u0) applies stablehlo.add across dimensions = [1] : (tensor<4x8xui8>, tensor<ui8>) -> tensor<4xui8>
  return %amax#1, %amin#1, %pool, %sum : tensor<4xi32>, tensor<4xi32>, tensor<3x7xui8>, tensor<4xui8>
}
