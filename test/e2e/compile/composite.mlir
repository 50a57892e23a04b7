// A jax.lax.composite (an approximate GELU named for backends that know it)
// compiles through its decomposition and matches the reference, which
// evaluates the same decomposition.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = stablehlo.composite "jax.gelu" %x {composite_attributes = {approximate = true}, decomposition = @gelu_tanh, version = 1 : i32} : (tensor<128x256xf32>) -> tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}
// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
func.func private @gelu_tanh(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %c = stablehlo.constant dense<0.044715> : tensor<128x256xf32>
  %k = stablehlo.constant dense<0.7978845608> : tensor<128x256xf32>
  %h = stablehlo.constant dense<0.5> : tensor<128x256xf32>
  %one = stablehlo.constant dense<1.0> : tensor<128x256xf32>
  %x2 = stablehlo.multiply %x, %x : tensor<128x256xf32>
  %x3 = stablehlo.multiply %x2, %x : tensor<128x256xf32>
  %cx3 = stablehlo.multiply %c, %x3 : tensor<128x256xf32>
  %in = stablehlo.add %x, %cx3 : tensor<128x256xf32>
  %s = stablehlo.multiply %k, %in : tensor<128x256xf32>
  %t = stablehlo.tanh %s : tensor<128x256xf32>
  %p = stablehlo.add %one, %t : tensor<128x256xf32>
  %hx = stablehlo.multiply %h, %x : tensor<128x256xf32>
  %r = stablehlo.multiply %hx, %p : tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}
