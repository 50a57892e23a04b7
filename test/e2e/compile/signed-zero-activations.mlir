// sqrt and rsqrt of -0 on the activation engine, which has no bias here:
// IEEE gives sqrt(-0) = -0 and rsqrt(-0) = 1 / -0 = -inf, as the reference
// interpreter does. The simulator's activation added an implicit +0 bias,
// which made the -0 input +0 (sqrt 0, rsqrt +inf); it now computes
// f(src * scale) exactly when there is no bias.
// RUN: systole-run %s --input=4xf32=-0,0,4,-1 | FileCheck %s
// RUN: systole-run --backend=reference %s --input=4xf32=-0,0,4,-1 | FileCheck %s
// CHECK: result[0]: 4xf32=[-inf inf 0.5 nan]
// CHECK: result[1]: 4xf32=[-0 0 2 nan]
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = stablehlo.rsqrt %x : tensor<4xf32>
  %s = stablehlo.sqrt %x : tensor<4xf32>
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}
