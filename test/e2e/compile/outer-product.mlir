// A dot_general with no contracting dimensions (an outer product, batched or
// not, and a product of two scalars) is one multiply per result element: it
// compiles (the linalg phase built an accumulation into a zero fill with no
// reduction loop, which the `ncore` phase rejects) and matches the
// reference interpreter.
// RUN: systole-opt %s --systole-pipeline=input..linalg | FileCheck %s --check-prefix=LINALG
// LINALG-LABEL: func.func @outer(
// LINALG-NEXT: tensor.empty() : tensor<300x200xf32>
// LINALG-NEXT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// LINALG-NEXT: ^bb0
// LINALG-NEXT: arith.mulf
// LINALG-NEXT: linalg.yield
//
// RUN: systole-run --backend=reference %s --entry=outer --random-inputs --seed=1 --output=@%t.outer.npy --quiet
// RUN: systole-run %s --entry=outer --random-inputs --seed=1 --expected-output=@%t.outer.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=batched_bf16 --random-inputs --seed=2 --output=@%t.batched.npy --quiet
// RUN: systole-run %s --entry=batched_bf16 --random-inputs --seed=2 --expected-output=@%t.batched.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=scalars --random-inputs --seed=3 --output=@%t.scalars.npy --quiet
// RUN: systole-run %s --entry=scalars --random-inputs --seed=3 --expected-output=@%t.scalars.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=ints --random-inputs --seed=4 --output=@%t.ints.npy --quiet
// RUN: systole-run %s --entry=ints --random-inputs --seed=4 --expected-output=@%t.ints.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
//
// Hand-worked: [1, -2] x [3, 0.5, -0]: the -0 products stay -0 (an
// accumulation from +0 would give +0).
// RUN: systole-run %s --entry=outer_small --input=2xf32=1,-2 --input=3xf32=3,0.5,-0 | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: 2x3xf32={{\[\[}}3 0.5 -0][-6 -1 0]]
func.func @outer(%a: tensor<300xf32>, %b: tensor<200xf32>) -> tensor<300x200xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<300xf32>, tensor<200xf32>) -> tensor<300x200xf32>
  return %0 : tensor<300x200xf32>
}
func.func @outer_small(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @batched_bf16(%a: tensor<4x130x3xbf16>, %b: tensor<4x70xbf16>) -> tensor<4x130x3x70xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<4x130x3xbf16>, tensor<4x70xbf16>) -> tensor<4x130x3x70xf32>
  return %0 : tensor<4x130x3x70xf32>
}
func.func @scalars(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @ints(%a: tensor<5x2xi32>, %b: tensor<7xi32>) -> tensor<5x2x7xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<5x2xi32>, tensor<7xi32>) -> tensor<5x2x7xi32>
  return %0 : tensor<5x2x7xi32>
}
