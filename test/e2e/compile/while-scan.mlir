// A recurrent layer as jax.lax.scan exports it: a counter compared with a
// constant, the index wrapped for negative values, dynamic_slice of the
// inputs and dynamic_update_slice of the stacked outputs; W is loop-carried
// unchanged. `simplify` unrolls the 6 iterations (the instruction streams
// have no branches) and the indices fold to constants, so each step is a
// matmul with a tanh epilogue on the tensor engine: 6 matmuls, no loop left.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=IR
// CHECK: simulated: {{[0-9.]+}} us on trn2
// IR-NOT: stablehlo.while
// IR-COUNT-6: stablehlo.dot_general
// IR-NOT: stablehlo.dot_general
func.func @main(%h0: tensor<4x128xf32>, %w: tensor<128x128xf32>, %xs: tensor<6x4x128xf32>) -> (tensor<4x128xf32>, tensor<6x4x128xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %ys0 = stablehlo.constant dense<0.0> : tensor<6x4x128xf32>
  %r:4 = stablehlo.while(%i = %c0, %wc = %w, %h = %h0, %ys = %ys0) : tensor<i32>, tensor<128x128xf32>, tensor<4x128xf32>, tensor<6x4x128xf32>
    cond {
      %n = stablehlo.constant dense<6> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %len = stablehlo.constant dense<6> : tensor<i32>
      %neg = stablehlo.compare LT, %i, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %wrapped = stablehlo.add %i, %len : tensor<i32>
      %idx = stablehlo.select %neg, %wrapped, %i : tensor<i1>, tensor<i32>
      %x3 = stablehlo.dynamic_slice %xs, %idx, %z, %z, sizes = [1, 4, 128] : (tensor<6x4x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x128xf32>
      %x = stablehlo.reshape %x3 : (tensor<1x4x128xf32>) -> tensor<4x128xf32>
      %hw = stablehlo.dot_general %h, %wc, contracting_dims = [1] x [0] : (tensor<4x128xf32>, tensor<128x128xf32>) -> tensor<4x128xf32>
      %s = stablehlo.add %hw, %x : tensor<4x128xf32>
      %h2 = stablehlo.tanh %s : tensor<4x128xf32>
      %h3 = stablehlo.reshape %h2 : (tensor<4x128xf32>) -> tensor<1x4x128xf32>
      %ys2 = stablehlo.dynamic_update_slice %ys, %h3, %idx, %z, %z : (tensor<6x4x128xf32>, tensor<1x4x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x4x128xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i2, %wc, %h2, %ys2 : tensor<i32>, tensor<128x128xf32>, tensor<4x128xf32>, tensor<6x4x128xf32>
    }
  return %r#2, %r#3 : tensor<4x128xf32>, tensor<6x4x128xf32>
}
