// stablehlo.composite (spec: composite) as jax.lax.composite and
// torch_xla's composites export it: pretty and generic forms, default
// attributes (empty composite_attributes, version 0) elided.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// RUN: systole-opt %s > %t.pretty && systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic
// The `input` phase replaces a composite by its decomposition, inlined.
// RUN: systole-opt %s --systole-input | FileCheck %s --check-prefix=INPUT

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %0 = stablehlo.composite "my.gelu" %arg0 {composite_attributes = {approximate = false}, decomposition = @gelu_impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1:2 = stablehlo.composite "my.split" %0, %arg1 {decomposition = @split_impl} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// INPUT-LABEL: func.func @main
// INPUT-NEXT: %[[T:.*]] = stablehlo.tanh %arg0
// INPUT-NEXT: %[[A:.*]] = stablehlo.add %[[T]], %arg1
// INPUT-NEXT: %[[S:.*]] = stablehlo.subtract %[[T]], %arg1
// INPUT-NEXT: return %[[A]], %[[S]]
// INPUT-NOT: func.func private
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.composite "my.gelu" %x {composite_attributes = {approximate = false}, decomposition = @gelu_impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %1:2 = "stablehlo.composite"(%0, %y) <{name = "my.split", decomposition = @split_impl, version = 0 : i32, composite_attributes = {}}> : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %1#0, %1#1 : tensor<4xf32>, tensor<4xf32>
}
func.func private @gelu_impl(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.tanh %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @split_impl(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.subtract %a, %b : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
