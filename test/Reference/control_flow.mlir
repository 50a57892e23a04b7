// while, if, case (out-of-range index runs the last branch, per the spec),
// map, tuple/get_tuple_element and optimization_barrier on the reference
// interpreter. Expected values by hand.
// RUN: systole-run --backend=reference --entry=loops %s | FileCheck %s --check-prefix=WHILE
// RUN: systole-run --backend=reference --entry=branches %s | FileCheck %s --check-prefix=BRANCH
// RUN: systole-run --backend=reference --entry=misc %s | FileCheck %s --check-prefix=MISC

// WHILE: result[0]: i32=120
// WHILE: 3 of 3 checks passed
func.func @loops() -> tensor<i32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  // 5! by counting i from 1 to 5.
  %r:2 = stablehlo.while(%i = %one, %acc = %one) : tensor<i32>, tensor<i32>
    cond {
    %c = stablehlo.compare LE, %i, %five, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %m = stablehlo.multiply %acc, %i : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n, %m : tensor<i32>, tensor<i32>
  }
  %e_f = stablehlo.constant dense<120> : tensor<i32>
  %e_i = stablehlo.constant dense<6> : tensor<i32>
  stablehlo.custom_call @check.expect_eq(%r#1, %e_f) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%r#0, %e_i) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  // A loop whose condition is false at once returns its operands.
  %v = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %w = stablehlo.while(%x = %v) : tensor<2xf32>
    cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %y = stablehlo.add %x, %x : tensor<2xf32>
    stablehlo.return %y : tensor<2xf32>
  }
  stablehlo.custom_call @check.expect_eq(%w, %v) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %r#1 : tensor<i32>
}

// BRANCH: result[0]: i32=30
// BRANCH: 5 of 5 checks passed
func.func @branches() -> tensor<i32> {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<10> : tensor<i32>
  %b = stablehlo.constant dense<20> : tensor<i32>
  %it = "stablehlo.if"(%t) ({
    stablehlo.return %a : tensor<i32>
  }, {
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  %if = "stablehlo.if"(%f) ({
    stablehlo.return %a : tensor<i32>
  }, {
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  %e_it = stablehlo.constant dense<10> : tensor<i32>
  %e_if = stablehlo.constant dense<30> : tensor<i32>
  stablehlo.custom_call @check.expect_eq(%it, %e_it) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%if, %e_if) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  %i1 = stablehlo.constant dense<1> : tensor<i32>
  %i7 = stablehlo.constant dense<7> : tensor<i32>
  %im = stablehlo.constant dense<-1> : tensor<i32>
  %c1 = "stablehlo.case"(%i1) ({
    stablehlo.return %a : tensor<i32>
  }, {
    stablehlo.return %b : tensor<i32>
  }, {
    %n = stablehlo.negate %a : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %c7 = "stablehlo.case"(%i7) ({
    stablehlo.return %a : tensor<i32>
  }, {
    stablehlo.return %b : tensor<i32>
  }, {
    %n = stablehlo.negate %a : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %cm = "stablehlo.case"(%im) ({
    stablehlo.return %a : tensor<i32>
  }, {
    stablehlo.return %b : tensor<i32>
  }, {
    %n = stablehlo.negate %a : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %e_c1 = stablehlo.constant dense<20> : tensor<i32>
  %e_last = stablehlo.constant dense<-10> : tensor<i32>
  stablehlo.custom_call @check.expect_eq(%c1, %e_c1) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%c7, %e_last) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%cm, %e_last) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  return %if : tensor<i32>
}

// MISC: result[0]: 3xf32=[3 10 -6]
// MISC: 4 of 4 checks passed
func.func @misc() -> tensor<3xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, -3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[2.0, 4.0, 1.0]> : tensor<3xf32>
  // map computes x * y + x elementwise: [3, 10, -6].
  %m = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.multiply %a, %b : tensor<f32>
    %q = stablehlo.add %p, %a : tensor<f32>
    stablehlo.return %q : tensor<f32>
  }) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %e_m = stablehlo.constant dense<[3.0, 10.0, -6.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%m, %e_m) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  %k = stablehlo.constant dense<7> : tensor<i32>
  %tup = stablehlo.tuple %x, %k : tuple<tensor<3xf32>, tensor<i32>>
  %nested = stablehlo.tuple %tup, %y : tuple<tuple<tensor<3xf32>, tensor<i32>>, tensor<3xf32>>
  %inner = stablehlo.get_tuple_element %nested[0] : (tuple<tuple<tensor<3xf32>, tensor<i32>>, tensor<3xf32>>) -> tuple<tensor<3xf32>, tensor<i32>>
  %gk = stablehlo.get_tuple_element %inner[1] : (tuple<tensor<3xf32>, tensor<i32>>) -> tensor<i32>
  %gy = stablehlo.get_tuple_element %nested[1] : (tuple<tuple<tensor<3xf32>, tensor<i32>>, tensor<3xf32>>) -> tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%gk, %k) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%gy, %y) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  %o:2 = stablehlo.optimization_barrier %x, %y : tensor<3xf32>, tensor<3xf32>
  %s = stablehlo.add %o#0, %o#1 : tensor<3xf32>
  %e_s = stablehlo.constant dense<[3.0, 6.0, -2.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_eq(%s, %e_s) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %m : tensor<3xf32>
}
