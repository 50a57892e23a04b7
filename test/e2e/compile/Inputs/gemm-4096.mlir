// C[4096, 4096] = A[4096, 4096] x B[4096, 4096] in bf16 with f32 results (used by ../gemm-4096.test).
func.func @main(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}
