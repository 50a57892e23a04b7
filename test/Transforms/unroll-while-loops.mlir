// RUN: systole-opt %s --systole-unroll-while-loops --cse --split-input-file | FileCheck %s
// RUN: systole-opt %s --systole-unroll-while-loops="max-iterations=3" --cse --split-input-file | FileCheck %s --check-prefix=LIMIT

// A fori_loop: counter 0..4 compared LT with a constant; the body runs 4
// times, the counter's arithmetic folds away.
// CHECK-LABEL: func.func @fori
// CHECK-NOT: stablehlo.while
// CHECK: %[[A:.*]] = stablehlo.tanh %arg0
// CHECK-NEXT: %[[B:.*]] = stablehlo.tanh %[[A]]
// CHECK-NEXT: %[[C:.*]] = stablehlo.tanh %[[B]]
// CHECK-NEXT: %[[D:.*]] = stablehlo.tanh %[[C]]
// CHECK-NEXT: return %[[D]]
// Above the limit, the loop is left as it is.
// LIMIT-LABEL: func.func @fori
// LIMIT: stablehlo.while
// LIMIT: stablehlo.tanh
// LIMIT-NOT: stablehlo.tanh
// LIMIT: return
func.func @fori(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<4x8xf32>
    cond {
      %n = stablehlo.constant dense<4> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      %a2 = stablehlo.tanh %a : tensor<4x8xf32>
      stablehlo.return %i2, %a2 : tensor<i32>, tensor<4x8xf32>
    }
  return %r#1 : tensor<4x8xf32>
}

// -----

// A scan as JAX exports it: the index is wrapped for negative values
// (select(i < 0, i + 3, i)), then slices xs and updates ys. Every index
// becomes a constant: 0, 1, 2 in that order. The bound (3) is loop-carried.
// CHECK-LABEL: func.func @scan
// CHECK-NOT: stablehlo.while
// CHECK: %[[C0:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: stablehlo.dynamic_slice %arg1, %[[C0]], %[[C0]]
// CHECK: stablehlo.dynamic_update_slice {{.*}}, %[[C0]], %[[C0]]
// CHECK: %[[C1:.*]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK: stablehlo.dynamic_slice %arg1, %[[C1]], %[[C0]]
// CHECK: stablehlo.dynamic_update_slice {{.*}}, %[[C1]], %[[C0]]
// CHECK: %[[C2:.*]] = stablehlo.constant dense<2> : tensor<i32>
// CHECK: stablehlo.dynamic_slice %arg1, %[[C2]], %[[C0]]
// CHECK: stablehlo.dynamic_update_slice {{.*}}, %[[C2]], %[[C0]]
// CHECK-NOT: stablehlo.dynamic_slice
func.func @scan(%h0: tensor<1x8xf32>, %xs: tensor<3x8xf32>) -> (tensor<1x8xf32>, tensor<3x8xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %ys0 = stablehlo.constant dense<0.0> : tensor<3x8xf32>
  %r:4 = stablehlo.while(%i = %c0, %len = %n, %h = %h0, %ys = %ys0) : tensor<i32>, tensor<i32>, tensor<1x8xf32>, tensor<3x8xf32>
    cond {
      %p = stablehlo.compare LT, %i, %len, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %neg = stablehlo.compare LT, %i, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %wrapped = stablehlo.add %i, %len : tensor<i32>
      %idx = stablehlo.select %neg, %wrapped, %i : tensor<i1>, tensor<i32>
      %x = stablehlo.dynamic_slice %xs, %idx, %z, sizes = [1, 8] : (tensor<3x8xf32>, tensor<i32>, tensor<i32>) -> tensor<1x8xf32>
      %s = stablehlo.add %h, %x : tensor<1x8xf32>
      %h2 = stablehlo.tanh %s : tensor<1x8xf32>
      %ys2 = stablehlo.dynamic_update_slice %ys, %h2, %idx, %z : (tensor<3x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i2, %len, %h2, %ys2 : tensor<i32>, tensor<i32>, tensor<1x8xf32>, tensor<3x8xf32>
    }
  return %r#2, %r#3 : tensor<1x8xf32>, tensor<3x8xf32>
}

// -----

// A condition that depends on data (a convergence loop) does not fold: the
// loop is left, and nothing the attempt cloned remains.
// CHECK-LABEL: func.func @data_dependent
// CHECK-NEXT: %[[R:.*]] = stablehlo.while
// CHECK: stablehlo.compare GT
// CHECK: stablehlo.multiply
// CHECK: return %[[R]]
func.func @data_dependent(%x: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.while(%a = %x) : tensor<f32>
    cond {
      %one = stablehlo.constant dense<1.0> : tensor<f32>
      %p = stablehlo.compare GT, %a, %one : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %h = stablehlo.constant dense<0.5> : tensor<f32>
      %a2 = stablehlo.multiply %a, %h : tensor<f32>
      stablehlo.return %a2 : tensor<f32>
    }
  return %r : tensor<f32>
}

// -----

// Nested loops whose inner bound is the outer counter (a triangle: 0 + 1 +
// 2 = 3 inner iterations): the inner loop cannot be unrolled on its own; it
// is once the outer one is.
// CHECK-LABEL: func.func @triangle
// CHECK-NOT: stablehlo.while
// CHECK: %[[A:.*]] = stablehlo.negate %arg0
// CHECK-NEXT: %[[B:.*]] = stablehlo.negate %[[A]]
// CHECK-NEXT: %[[C:.*]] = stablehlo.negate %[[B]]
// CHECK-NEXT: return %[[C]]
func.func @triangle(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %q:2 = stablehlo.while(%j = %z, %b = %a) : tensor<i32>, tensor<2xf32>
        cond {
          %p2 = stablehlo.compare LT, %j, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %p2 : tensor<i1>
        } do {
          %one = stablehlo.constant dense<1> : tensor<i32>
          %j2 = stablehlo.add %j, %one : tensor<i32>
          %b2 = stablehlo.negate %b : tensor<2xf32>
          stablehlo.return %j2, %b2 : tensor<i32>, tensor<2xf32>
        }
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i2, %q#1 : tensor<i32>, tensor<2xf32>
    }
  return %r#1 : tensor<2xf32>
}
