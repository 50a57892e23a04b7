// Bad input is reported as `file:line:col: error: ...` with a non-zero exit,
// never a crash (`not` fails on a crash).
// RUN: rm -rf %t && split-file %s %t
// RUN: not systole-opt %t/truncated.mlir 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: not systole-opt %t/truncated-region.mlir 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: not systole-opt %t/unknown-op.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not systole-opt %t/type-error.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not systole-opt %t/verifier.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not systole-opt %t/bad-attribute.mlir 2>&1 | FileCheck %s --check-prefix=ATTR

// TRUNCATED: truncated.mlir:2:44: error: expected operation name in quotes
// REGION: truncated-region.mlir:3:44: error: expected operation name in quotes
// UNKNOWN: unknown-op.mlir:2:8: error: custom op 'stablehlo.foo' is unknown
// TYPE: type-error.mlir:2:22: error: use of value '%x' expects different type than prior uses: 'tensor<3xf32>' vs 'tensor<2xf32>'
// VERIFY: verifier.mlir:2:8: error: 'stablehlo.reshape' op operand has 2 elements, result has 3
// ATTR: bad-attribute.mlir:2:81: error: unknown field 'contracting'

//--- truncated.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<2xf32>
//--- truncated-region.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
//--- unknown-op.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.foo %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
//--- type-error.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<3xf32>
  return %0 : tensor<2xf32>
}
//--- verifier.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {
  %0 = stablehlo.reshape %x : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
//--- bad-attribute.mlir
func.func @main(%x: tensor<3xf32>) -> tensor<f32> {
  %0 = "stablehlo.dot_general"(%x, %x) <{dot_dimension_numbers = #stablehlo.dot<contracting = [0]>}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
