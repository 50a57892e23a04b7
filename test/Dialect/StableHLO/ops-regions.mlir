// Round trip of the ops with regions: reduce (compact `applies` form and the
// `reducer` form with two inputs), while (`cond`/`do`), if, case, map, sort,
// reduce_window and select_and_scatter (generic form only).
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @regions(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>, %c: tensor<f32>, %ci: tensor<i32>, %p: tensor<i1>, %n: tensor<i64>) -> () {
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %ci) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %m = stablehlo.maximum %a, %b : tensor<f32>
      %mi = stablehlo.maximum %ai, %bi : tensor<i32>
      stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
  %1 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.while(%iterArg = %n) : tensor<i64>
   cond {
    %k = stablehlo.constant dense<10> : tensor<i64>
    %lt = stablehlo.compare LT, %iterArg, %k, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %s = stablehlo.add %iterArg, %one : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }
  %3:2 = stablehlo.while(%iterArg = %n, %iterArg_0 = %x) : tensor<i64>, tensor<2x3xf32> attributes {mhlo.frontend_attributes = {x = "y"}}
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<i64>, tensor<2x3xf32>
  }
  %4 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2x3xf32>
  }, {
    %neg = stablehlo.negate %x : tensor<2x3xf32>
    stablehlo.return %neg : tensor<2x3xf32>
  }) : (tensor<i1>) -> tensor<2x3xf32>
  %5:2 = "stablehlo.case"(%ci) ({
    stablehlo.return %x, %c : tensor<2x3xf32>, tensor<f32>
  }, {
    stablehlo.return %x, %c : tensor<2x3xf32>, tensor<f32>
  }, {
    stablehlo.return %x, %c : tensor<2x3xf32>, tensor<f32>
  }) : (tensor<i32>) -> (tensor<2x3xf32>, tensor<f32>)
  %6 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %7:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %ai: tensor<i32>, %bi: tensor<i32>):
    %lt = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %8 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  %9 = "stablehlo.select_and_scatter"(%x, %8, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}
// CHECK-LABEL: func.func @regions(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i1>, %arg5: tensor<i64>) {
// CHECK-NEXT: %0:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT:  reducer(%arg6: tensor<f32>, %arg8: tensor<f32>) (%arg7: tensor<i32>, %arg9: tensor<i32>) {
// CHECK-NEXT:   %10 = stablehlo.maximum %arg6, %arg8 : tensor<f32>
// CHECK-NEXT:   %11 = stablehlo.maximum %arg7, %arg9 : tensor<i32>
// CHECK-NEXT:   stablehlo.return %10, %11 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %2 = stablehlo.while(%arg6 = %arg5) : tensor<i64>
// CHECK-NEXT:  cond {
// CHECK-NEXT:   %10 = stablehlo.constant dense<10> : tensor<i64>
// CHECK-NEXT:   %11 = stablehlo.compare  LT, %arg6, %10,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:   stablehlo.return %11 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT:   %10 = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT:   %11 = stablehlo.add %arg6, %10 : tensor<i64>
// CHECK-NEXT:   stablehlo.return %11 : tensor<i64>
// CHECK-NEXT: }
// CHECK-NEXT: %3:2 = stablehlo.while(%arg6 = %arg5, %arg7 = %arg0) : tensor<i64>, tensor<2x3xf32> attributes {mhlo.frontend_attributes = {x = "y"}}
// CHECK-NEXT:  cond {
// CHECK-NEXT:   stablehlo.return %arg4 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT:   stablehlo.return %arg6, %arg7 : tensor<i64>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %4 = "stablehlo.if"(%arg4) ({
// CHECK-NEXT:   stablehlo.return %arg0 : tensor<2x3xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT:   %10 = stablehlo.negate %arg0 : tensor<2x3xf32>
// CHECK-NEXT:   stablehlo.return %10 : tensor<2x3xf32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<2x3xf32>
// CHECK-NEXT: %5:2 = "stablehlo.case"(%arg3) ({
// CHECK-NEXT:   stablehlo.return %arg0, %arg2 : tensor<2x3xf32>, tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT:   stablehlo.return %arg0, %arg2 : tensor<2x3xf32>, tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT:   stablehlo.return %arg0, %arg2 : tensor<2x3xf32>, tensor<f32>
// CHECK-NEXT: }) : (tensor<i32>) -> (tensor<2x3xf32>, tensor<f32>)
// CHECK-NEXT: %6 = "stablehlo.map"(%arg0, %arg0) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
// CHECK-NEXT:   %10 = stablehlo.multiply %arg6, %arg7 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %10 : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %7:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>, %arg8: tensor<i32>, %arg9: tensor<i32>):
// CHECK-NEXT:   %10 = stablehlo.compare  GT, %arg6, %arg7,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:   stablehlo.return %10 : tensor<i1>
// CHECK-NEXT: }) : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
// CHECK-NEXT: %8 = "stablehlo.reduce_window"(%arg0, %arg2) <{base_dilations = array<i64: 1, 1>, padding = dense<{{\[\[}}0, 0], [0, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
// CHECK-NEXT:   %10 = stablehlo.maximum %arg6, %arg7 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %10 : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
// CHECK-NEXT: %9 = "stablehlo.select_and_scatter"(%arg0, %8, %arg2) <{padding = dense<{{\[\[}}0, 0], [0, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
// CHECK-NEXT:   %10 = stablehlo.compare  GE, %arg6, %arg7 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:   stablehlo.return %10 : tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
// CHECK-NEXT:   %10 = stablehlo.add %arg6, %arg7 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %10 : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: return

// A reduce whose body is not a single binary op prints the reducer form even
// with one input.
func.func @reduce_long_body(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      %t = stablehlo.abs %s : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }
  return %0 : tensor<f32>
}
// CHECK-LABEL: func.func @reduce_long_body(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:  reducer(%arg2: tensor<f32>, %arg3: tensor<f32>) {
// CHECK-NEXT:   %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:   %2 = stablehlo.abs %1 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %2 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<f32>

// A while without loop-carried values.
func.func @while_empty(%p: tensor<i1>) -> () {
  stablehlo.while() cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return
  }
  return
}
// CHECK-LABEL: func.func @while_empty(%arg0: tensor<i1>) {
// CHECK-NEXT: stablehlo.while()
// CHECK-NEXT:  cond {
// CHECK-NEXT:   stablehlo.return %arg0 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT:   stablehlo.return 
// CHECK-NEXT: }
// CHECK-NEXT: return
