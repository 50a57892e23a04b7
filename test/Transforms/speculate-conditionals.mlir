// RUN: systole-opt %s --systole-speculate-conditionals --split-input-file | FileCheck %s

// if: both branches inlined, one select per result on the predicate.
// CHECK-LABEL: func.func @if_data
// CHECK-NOT: stablehlo.if
// CHECK-DAG: %[[F:.*]] = stablehlo.negate %arg1
// CHECK-DAG: %[[T:.*]] = stablehlo.exponential %arg1
// CHECK: %[[R:.*]] = stablehlo.select %arg0, %[[T]], %[[F]]
// CHECK: return %[[R]]
func.func @if_data(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %b = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %b : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A constant predicate inlines only the taken branch.
// CHECK-LABEL: func.func @if_constant
// CHECK-NOT: stablehlo.exponential
// CHECK-NOT: stablehlo.select
// CHECK: %[[B:.*]] = stablehlo.negate %arg0
// CHECK: return %[[B]]
func.func @if_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %a = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %b = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %b : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// case with three branches: the last one is the default; branches 1 and 0
// are selected on index == 1 and index == 0, in that order, so branch 0
// wins over the others only for index 0.
// CHECK-LABEL: func.func @case_data
// CHECK: %[[B2:.*]] = stablehlo.abs %arg1
// CHECK: %[[B1:.*]] = stablehlo.multiply %arg1, %arg1
// CHECK: %[[C1:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK: %[[P1:.*]] = stablehlo.compare EQ, %arg0, %[[C1]]
// CHECK: %[[S1:.*]] = stablehlo.select %[[P1]], %[[B1]], %[[B2]]
// CHECK: %[[B0:.*]] = stablehlo.negate %arg1
// CHECK: %[[C0:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %[[P0:.*]] = stablehlo.compare EQ, %arg0, %[[C0]]
// CHECK: %[[S0:.*]] = stablehlo.select %[[P0]], %[[B0]], %[[S1]]
// CHECK: return %[[S0]]
func.func @case_data(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %b = stablehlo.multiply %x, %x : tensor<4xf32>
    stablehlo.return %b : tensor<4xf32>
  }, {
    %c = stablehlo.abs %x : tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A constant index out of range takes the last branch.
// CHECK-LABEL: func.func @case_out_of_range
// CHECK-NOT: stablehlo.negate
// CHECK: %[[B:.*]] = stablehlo.abs %arg0
// CHECK: return %[[B]]
func.func @case_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  %i = stablehlo.constant dense<5> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %c = stablehlo.abs %x : tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A branch with a side effect is not run speculatively: left unchanged.
// CHECK-LABEL: func.func @side_effect
// CHECK: stablehlo.if
// CHECK: stablehlo.custom_call @host_print
func.func @side_effect(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "stablehlo.if"(%p) ({
    stablehlo.custom_call @host_print(%x) {has_side_effect = true} : (tensor<4xf32>) -> ()
    stablehlo.return %x : tensor<4xf32>
  }, {
    %b = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %b : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
