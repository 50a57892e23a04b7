// RUN: systole-opt %s --systole-widen-float-reductions --split-input-file | FileCheck %s

// A bf16 sum over every dim: the input converted to f32, the constant init
// widened in place, the body on f32, the result rounded back once.
// CHECK-LABEL: func.func @sum
// CHECK-DAG: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<128x300xbf16>) -> tensor<128x300xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK: %[[R:.*]] = stablehlo.reduce(%[[X]] init: %[[I]]) applies stablehlo.add across dimensions = [0, 1] : (tensor<128x300xf32>, tensor<f32>) -> tensor<f32>
// CHECK: %[[N:.*]] = stablehlo.convert %[[R]] : (tensor<f32>) -> tensor<bf16>
// CHECK: return %[[N]]
func.func @sum(%x: tensor<128x300xbf16>) -> tensor<bf16> {
  %c = stablehlo.constant dense<0.5> : tensor<bf16>
  %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<128x300xbf16>, tensor<bf16>) -> tensor<bf16>
  return %r : tensor<bf16>
}

// -----

// An f16 product with an init that is not a constant (converted), the
// multiply's operands swapped.
// CHECK-LABEL: func.func @product
// CHECK-DAG: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4x6xf16>) -> tensor<4x6xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.convert %arg1 : (tensor<f16>) -> tensor<f32>
// CHECK: %[[R:.*]] = stablehlo.reduce(%[[X]] init: %[[I]]) across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<f32>
// CHECK: stablehlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xf16>
func.func @product(%x: tensor<4x6xf16>, %c: tensor<f16>) -> tensor<4xf16> {
  %r = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x6xf16>, tensor<f16>) -> tensor<4xf16>
   reducer(%a: tensor<f16>, %b: tensor<f16>) {
    %m = stablehlo.multiply %b, %a : tensor<f16>
    stablehlo.return %m : tensor<f16>
  }
  return %r : tensor<4xf16>
}

// -----

// Left alone: a max (exact in any width), an f32 sum, a body of two ops,
// and a reduce_window (it rounds per step, as JAX's cumulative sums do).
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: stablehlo.convert
// CHECK: return
func.func @unchanged(%x: tensor<4x6xbf16>, %y: tensor<4x6xf32>)
    -> (tensor<4xbf16>, tensor<4xf32>, tensor<4xbf16>, tensor<4x6xbf16>) {
  %c = stablehlo.constant dense<0.0> : tensor<bf16>
  %f = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %1 = stablehlo.reduce(%y init: %f) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x6xbf16>, tensor<bf16>) -> tensor<4xbf16>
   reducer(%a: tensor<bf16>, %b: tensor<bf16>) {
    %s = stablehlo.add %a, %b : tensor<bf16>
    %t = stablehlo.abs %s : tensor<bf16>
    stablehlo.return %t : tensor<bf16>
  }
  %3 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<4x6xbf16>, tensor<bf16>) -> tensor<4x6xbf16>
  return %0, %1, %2, %3 : tensor<4xbf16>, tensor<4xf32>, tensor<4xbf16>, tensor<4x6xbf16>
}
