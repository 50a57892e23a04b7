// stablehlo.case and stablehlo.if on data (jax.lax.switch and jax.lax.cond):
// `simplify` runs every branch and selects the results (the instruction
// streams have no branches). Five case ops take indices 0, 1, 2, -1 and 7
// from %k: branches 0, 1, 2, then the last branch for both out-of-range
// indices (spec: case). Two ifs take k[0] < k[1] (true) and k[1] < k[0]
// (false). Values are compared with the reference interpreter, which runs
// only the taken branch.
// RUN: systole-run --backend=reference %s --input=5xi32=0,1,2,-1,7 --input=2x3xf32=0.5,-1,2,0.25,-0.75,1.5 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --output=@%t.ref.5.npy --output=@%t.ref.6.npy --quiet
// RUN: systole-run %s --input=5xi32=0,1,2,-1,7 --input=2x3xf32=0.5,-1,2,0.25,-0.75,1.5 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --expected-output=@%t.ref.5.npy --expected-output=@%t.ref.6.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=IR
// CHECK: simulated: {{[0-9.]+}} us on trn2
// IR-NOT: stablehlo.case
// IR-NOT: stablehlo.if
// IR: stablehlo.select
func.func @pick(%i: tensor<i32>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.negate %x : tensor<2x3xf32>
    stablehlo.return %a : tensor<2x3xf32>
  }, {
    %b = stablehlo.multiply %x, %x : tensor<2x3xf32>
    stablehlo.return %b : tensor<2x3xf32>
  }, {
    %c = stablehlo.abs %x : tensor<2x3xf32>
    stablehlo.return %c : tensor<2x3xf32>
  }) : (tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @main(%k: tensor<5xi32>, %x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %s0 = stablehlo.slice %k [0:1] : (tensor<5xi32>) -> tensor<1xi32>
  %s1 = stablehlo.slice %k [1:2] : (tensor<5xi32>) -> tensor<1xi32>
  %s2 = stablehlo.slice %k [2:3] : (tensor<5xi32>) -> tensor<1xi32>
  %s3 = stablehlo.slice %k [3:4] : (tensor<5xi32>) -> tensor<1xi32>
  %s4 = stablehlo.slice %k [4:5] : (tensor<5xi32>) -> tensor<1xi32>
  %k0 = stablehlo.reshape %s0 : (tensor<1xi32>) -> tensor<i32>
  %k1 = stablehlo.reshape %s1 : (tensor<1xi32>) -> tensor<i32>
  %k2 = stablehlo.reshape %s2 : (tensor<1xi32>) -> tensor<i32>
  %k3 = stablehlo.reshape %s3 : (tensor<1xi32>) -> tensor<i32>
  %k4 = stablehlo.reshape %s4 : (tensor<1xi32>) -> tensor<i32>
  %r0 = func.call @pick(%k0, %x) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r1 = func.call @pick(%k1, %x) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r2 = func.call @pick(%k2, %x) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r3 = func.call @pick(%k3, %x) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r4 = func.call @pick(%k4, %x) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %lt = stablehlo.compare LT, %k0, %k1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %gt = stablehlo.compare LT, %k1, %k0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %t = "stablehlo.if"(%lt) ({
    %a = stablehlo.exponential %x : tensor<2x3xf32>
    stablehlo.return %a : tensor<2x3xf32>
  }, {
    %b = stablehlo.negate %x : tensor<2x3xf32>
    stablehlo.return %b : tensor<2x3xf32>
  }) : (tensor<i1>) -> tensor<2x3xf32>
  %f = "stablehlo.if"(%gt) ({
    %a = stablehlo.exponential %x : tensor<2x3xf32>
    stablehlo.return %a : tensor<2x3xf32>
  }, {
    %b = stablehlo.negate %x : tensor<2x3xf32>
    stablehlo.return %b : tensor<2x3xf32>
  }) : (tensor<i1>) -> tensor<2x3xf32>
  return %r0, %r1, %r2, %r3, %r4, %t, %f : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
