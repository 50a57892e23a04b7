// argmax and argmin as XLA's client library builds them (TensorFlow's
// tf.argmax and PyTorch/XLA's torch.argmax export this comparator: "greater
// or equal keeps the accumulator; equal values take the lesser index"),
// which used to be rejected ("ncore: linalg ops with 2 results are not
// supported yet"). Checked by hand, ties included: the first index of the
// extremum. Rows [1 3 3 2], [5 5 5 5], [-1 -2 -1 -3]: argmax 1 0 0, argmin
// 0 0 3; i32 rows [7 9 9 1], [4 4 2 2]: argmax 1 0.
// RUN: systole-run %s --input=3x4xf32=1,3,3,2,5,5,5,5,-1,-2,-1,-3 --input=2x4xi32=7,9,9,1,4,4,2,2 | FileCheck %s --check-prefix=HAND
// HAND: result[0]: 3xi32=[1 0 0]
// HAND: result[1]: 3xi32=[0 0 3]
// HAND: result[2]: 2xi32=[1 0]
// JAX's comparator without its NaN clause ("greater wins; ties keep the
// lower index"), which some exporters write, on the same rows:
// RUN: systole-run %s --entry=no_nan_clause --input=3x4xf32=1,3,3,2,5,5,5,5,-1,-2,-1,-3 | FileCheck %s --check-prefix=NONAN
// NONAN: result[0]: 3xi32=[1 0 0]
// And over 1000 random elements per row, against the reference interpreter:
// RUN: systole-run --backend=reference %s --entry=wide --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --entry=wide --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<3x4xf32>, %n: tensor<2x4xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<2xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %max:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %z) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %ge = stablehlo.compare GE, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %ge, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %ge, %ai, %ci : tensor<i1>, tensor<i32>
    %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %t = stablehlo.minimum %ai, %ci : tensor<i32>
    %k = stablehlo.select %eq, %t, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  %min:2 = stablehlo.reduce(%x init: %inf), (%iota init: %z) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %le = stablehlo.compare LE, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %le, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %le, %ai, %ci : tensor<i1>, tensor<i32>
    %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %t = stablehlo.minimum %ai, %ci : tensor<i32>
    %k = stablehlo.select %eq, %t, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  %niota = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %imin = stablehlo.constant dense<-2147483648> : tensor<i32>
  %imax:2 = stablehlo.reduce(%n init: %imin), (%niota init: %z) across dimensions = [1] : (tensor<2x4xi32>, tensor<2x4xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
   reducer(%a: tensor<i32>, %c: tensor<i32>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %ge = stablehlo.compare GE, %a, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %v = stablehlo.select %ge, %a, %c : tensor<i1>, tensor<i32>
    %j = stablehlo.select %ge, %ai, %ci : tensor<i1>, tensor<i32>
    %eq = stablehlo.compare EQ, %a, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %t = stablehlo.minimum %ai, %ci : tensor<i32>
    %k = stablehlo.select %eq, %t, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<i32>, tensor<i32>
  }
  return %max#1, %min#1, %imax#1 : tensor<3xi32>, tensor<3xi32>, tensor<2xi32>
}

func.func @wide(%x: tensor<200x1000xbf16>) -> tensor<200xi32> {
  %iota = stablehlo.iota dim = 1 : tensor<200x1000xi32>
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %z) across dimensions = [1] : (tensor<200x1000xbf16>, tensor<200x1000xi32>, tensor<bf16>, tensor<i32>) -> (tensor<200xbf16>, tensor<200xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%ai: tensor<i32>, %ci: tensor<i32>) {
    %ge = stablehlo.compare GE, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %v = stablehlo.select %ge, %a, %c : tensor<i1>, tensor<bf16>
    %j = stablehlo.select %ge, %ai, %ci : tensor<i1>, tensor<i32>
    %eq = stablehlo.compare EQ, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %t = stablehlo.minimum %ai, %ci : tensor<i32>
    %k = stablehlo.select %eq, %t, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<bf16>, tensor<i32>
  }
  return %r#1 : tensor<200xi32>
}

func.func @no_nan_clause(%x: tensor<3x4xf32>) -> tensor<3xi32> {
  %iota = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %z) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %i, %j, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %k = stablehlo.select %keep, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<3xi32>
}
