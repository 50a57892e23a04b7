// log_plus_one and exponential_minus_one on the NeuronCore (Kahan's forms
// over the log and exp activations), against the reference interpreter
// (std::log1p / std::expm1 in double, rounded once) to 2e-6 relative, on
// values where the naive log(1 + x) and exp(x) - 1 lose every digit, and on
// the specials.
// RUN: systole-run --backend=reference %s --input=14xf32=0,-0.0,1e-10,-1e-10,1e-3,-1e-3,0.5,1,-0.5,-1,20,-20,inf,nan --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --input=14xf32=0,-0.0,1e-10,-1e-10,1e-3,-1e-3,0.5,1,-0.5,-1,20,-20,inf,nan --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=2e-6 --atol=0 | FileCheck %s
// Signed zeros, tiny values, -1 -> -inf, -20 -> -1 and the specials exactly:
// CHECK: result[0]: 14xf32=[0 -0 1e-10 -1e-10 {{[^a-z]*}} -inf {{[0-9.]+}} nan inf nan]
// CHECK: result[1]: 14xf32=[0 -0 1e-10 -1e-10 {{[^a-z]*}} -1 inf nan]
func.func @main(%x: tensor<14xf32>) -> (tensor<14xf32>, tensor<14xf32>) {
  %0 = stablehlo.log_plus_one %x : tensor<14xf32>
  %1 = stablehlo.exponential_minus_one %x : tensor<14xf32>
  return %0, %1 : tensor<14xf32>, tensor<14xf32>
}
