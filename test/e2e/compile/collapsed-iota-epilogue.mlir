// An iota added to a dot_general whose free dims `simplify` collapses into
// one (systole-collapse-dot-dims): the iota's index along a merged dim
// becomes arith.divui / arith.remui of the collapsed index, which used to
// be rejected ("ncore: 'arith.divui' in a linalg body has no NeuronCore
// instruction yet"; found by a fuzzing helper). Cases: the helper's
// program, checked by hand (out[b,m,n] = a[b,n,m] + b); and a [6 x 64 x 50]
// operand contracted with a [64 x 40] one, whose result [6 x 50 x 40] spans
// 300 rows (three partition tiles), plus iotas along its first two dims,
// exactly against the reference interpreter.
// RUN: systole-run %s --entry=small --input=2x2x2xf32=1,2,3,4,5,6,7,8 --input=2x2xf32=1,0,0,1 | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: 2x2x2xf32={{\[\[\[}}1 3]{{\[}}2 4]]{{\[\[}}6 8]{{\[}}7 9]]]
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @small(%a: tensor<2x2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2x2xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2x2xf32>, tensor<2x2xf32>) -> tensor<2x2x2xf32>
  %i = stablehlo.iota dim = 0 : tensor<2x2x2xf32>
  %r = stablehlo.add %d, %i : tensor<2x2x2xf32>
  return %r : tensor<2x2x2xf32>
}

func.func @main(%a: tensor<6x64x50xf32>, %b: tensor<64x40xf32>) -> tensor<6x50x40xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x64x50xf32>, tensor<64x40xf32>) -> tensor<6x50x40xf32>
  %i0 = stablehlo.iota dim = 0 : tensor<6x50x40xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<6x50x40xi32>
  %k = stablehlo.constant dense<100> : tensor<6x50x40xi32>
  %m = stablehlo.multiply %i0, %k : tensor<6x50x40xi32>
  %s = stablehlo.add %m, %i1 : tensor<6x50x40xi32>
  %f = stablehlo.convert %s : (tensor<6x50x40xi32>) -> tensor<6x50x40xf32>
  %r = stablehlo.add %d, %f : tensor<6x50x40xf32>
  return %r : tensor<6x50x40xf32>
}
