// reduce (multi-input argmax), reduce_window (padding, strides, dilation),
// select_and_scatter (overlapping windows) and sort (multi-operand, stable,
// TOTALORDER) on the reference interpreter. Expected values by hand.
// RUN: systole-run --backend=reference --entry=reduce %s | FileCheck %s --check-prefix=REDUCE
// RUN: systole-run --backend=reference --entry=reduce_bf16 %s | FileCheck %s --check-prefix=BF16
// RUN: systole-run --backend=reference --entry=reduce_window %s | FileCheck %s --check-prefix=WINDOW
// RUN: systole-run --backend=reference --entry=select_and_scatter %s | FileCheck %s --check-prefix=SAS
// RUN: systole-run --backend=reference --entry=sort %s | FileCheck %s --check-prefix=SORT

// REDUCE: result[0]: 2xf32=[7 2]
// REDUCE: result[1]: 2xi32=[1 2]
// REDUCE: 4 of 4 checks passed
func.func @reduce() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = stablehlo.constant dense<[[3.0, 7.0, 7.0, 1.0], [-1.0, -5.0, 2.0, 2.0]]> : tensor<2x4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  // argmax along dimension 1, ties to the smaller index.
  %r:2 = "stablehlo.reduce"(%v, %i, %ninf, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lti = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lti : tensor<i1>
    %takea = stablehlo.or %gt, %tie : tensor<i1>
    %m = stablehlo.select %takea, %a, %b : tensor<i1>, tensor<f32>
    %mi = stablehlo.select %takea, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
  }) : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  %e_v = stablehlo.constant dense<[7.0, 2.0]> : tensor<2xf32>
  %e_i = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%r#0, %e_v) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%r#1, %e_i) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
  // Sum over both dimensions of a 3x4 iota (0 + ... + 11 = 66), with init 100.
  %x = stablehlo.iota dim = 0 : tensor<12xi32>
  %x2 = stablehlo.reshape %x : (tensor<12xi32>) -> tensor<3x4xi32>
  %hundred = stablehlo.constant dense<100> : tensor<i32>
  %s = stablehlo.reduce(%x2 init: %hundred) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<i32>
  %e_s = stablehlo.constant dense<166> : tensor<i32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  // Column sums: [12, 15, 18, 21].
  %z = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.reduce(%x2 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4xi32>
  %e_c = stablehlo.constant dense<[12, 15, 18, 21]> : tensor<4xi32>
  stablehlo.custom_call @check.expect_eq(%c, %e_c) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// WINDOW: result[0]: 2x2xf32={{\[\[}}5 7][13 15]]
// WINDOW: 3 of 3 checks passed
func.func @reduce_window() -> tensor<2x2xf32> {
  %i = stablehlo.iota dim = 0 : tensor<16xf32>
  %x = stablehlo.reshape %i : (tensor<16xf32>) -> tensor<4x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %mx = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %mx : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  %e_m = stablehlo.constant dense<[[5.0, 7.0], [13.0, 15.0]]> : tensor<2x2xf32>
  stablehlo.custom_call @check.expect_eq(%m, %e_m) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  // Sum, window 3, stride 2, padding 1 on each side: [0 1 2 3 4 5 0] -> [3 9 9].
  %y = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %s = "stablehlo.reduce_window"(%y, %zero) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %sum : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  %e_s = stablehlo.constant dense<[3, 9, 9]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  // Window 2 with window dilation 2: pairs (0,2) (1,3) (2,4) -> [4 6 8].
  %d = "stablehlo.reduce_window"(%y, %zero) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %sum : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  %e_d = stablehlo.constant dense<[4, 6, 8]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%d, %e_d) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return %m : tensor<2x2xf32>
}

// SAS: result[0]: 4xf32=[0 10 20 0]
// SAS: 3 of 3 checks passed
func.func @select_and_scatter() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[1.0, 5.0, 3.0, 2.0]> : tensor<4xf32>
  %src = stablehlo.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  %e = stablehlo.constant dense<[0.0, 10.0, 20.0, 0.0]> : tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%r, %e) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  // Overlapping windows (size 2, stride 1) both select 5: 3 + 4 lands there.
  %y = stablehlo.constant dense<[1.0, 5.0, 3.0]> : tensor<3xf32>
  %src2 = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %r2 = "stablehlo.select_and_scatter"(%y, %src2, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
  %e2 = stablehlo.constant dense<[0.0, 7.0, 0.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%r2, %e2) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  // Padding 1 on the left, window 2 stride 2 over [1 5 3] -> windows
  // (pad,1) (5,3): the padding never wins; min-selection picks 1 and 3.
  %src3 = stablehlo.constant dense<[6.0, 8.0]> : tensor<2xf32>
  %r3 = "stablehlo.select_and_scatter"(%y, %src3, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %le = stablehlo.compare LE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %le : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
  %e3 = stablehlo.constant dense<[6.0, 0.0, 8.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%r3, %e3) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %r : tensor<4xf32>
}

// SORT: result[0]: 5xi32=[1 1 2 3 3]
// SORT: result[1]: 5xi32=[1 3 2 0 4]
// SORT: 4 of 4 checks passed
func.func @sort() -> (tensor<5xi32>, tensor<5xi32>) {
  %k = stablehlo.constant dense<[3, 1, 2, 1, 3]> : tensor<5xi32>
  %v = stablehlo.iota dim = 0 : tensor<5xi32>
  %s:2 = "stablehlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>)
  %e_k = stablehlo.constant dense<[1, 1, 2, 3, 3]> : tensor<5xi32>
  %e_v = stablehlo.constant dense<[1, 3, 2, 0, 4]> : tensor<5xi32>
  stablehlo.custom_call @check.expect_eq(%s#0, %e_k) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()
  stablehlo.custom_call @check.expect_eq(%s#1, %e_v) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()
  // TOTALORDER ascending: -inf < -0 < +0 < 2 < NaN.
  %f = stablehlo.constant dense<[2.0, 0x7FC00000, 0.0, 0x80000000, 0xFF800000]> : tensor<5xf32>
  %sf = "stablehlo.sort"(%f) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<5xf32>) -> tensor<5xf32>
  %e_f = stablehlo.constant dense<[0xFF800000, 0x80000000, 0.0, 2.0, 0x7FC00000]> : tensor<5xf32>
  stablehlo.custom_call @check.expect_eq(%sf, %e_f) {has_side_effect = true} : (tensor<5xf32>, tensor<5xf32>) -> ()
  // Descending along dimension 0 of a 3x2 matrix, column by column.
  %m = stablehlo.constant dense<[[1, 6], [3, 4], [2, 5]]> : tensor<3x2xi32>
  %sm = "stablehlo.sort"(%m) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<3x2xi32>) -> tensor<3x2xi32>
  %e_m = stablehlo.constant dense<[[3, 6], [2, 5], [1, 4]]> : tensor<3x2xi32>
  stablehlo.custom_call @check.expect_eq(%sm, %e_m) {has_side_effect = true} : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()
  return %s#0, %s#1 : tensor<5xi32>, tensor<5xi32>
}

// A bf16 `reduce` accumulates in f32 and rounds once (as XLA does): 1 plus
// 256 terms of 2^-8 is 2. Rounding to bf16 per step would stay at 1, since
// 1 + 2^-8 is a tie that rounds to even. A bf16 `reduce_window` rounds per
// step (JAX's cumsum), so the same window sums to 1.
// BF16: result[0]: bf16=2
// BF16: result[1]: 1xbf16=[1]
func.func @reduce_bf16() -> (tensor<bf16>, tensor<1xbf16>) {
  %one = stablehlo.constant dense<1.0> : tensor<1xbf16>
  %eps = stablehlo.constant dense<0.00390625> : tensor<256xbf16>
  %v = stablehlo.concatenate %one, %eps, dim = 0 : (tensor<1xbf16>, tensor<256xbf16>) -> tensor<257xbf16>
  %zero = stablehlo.constant dense<0.0> : tensor<bf16>
  %s = stablehlo.reduce(%v init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<257xbf16>, tensor<bf16>) -> tensor<bf16>
  %w = "stablehlo.reduce_window"(%v, %zero) <{window_dimensions = array<i64: 257>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %t = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %t : tensor<bf16>
  }) : (tensor<257xbf16>, tensor<bf16>) -> tensor<1xbf16>
  return %s, %w : tensor<bf16>, tensor<1xbf16>
}
