// Reference for ../gemm-generator.test: out[M=256, N=512] = lhsT[K=512, M]^T x rhs[K, N].
func.func @main(%lhsT: tensor<512x256xbf16>, %rhs: tensor<512x512xbf16>) -> tensor<256x512xf32> {
  %c = stablehlo.dot_general %lhsT, %rhs, contracting_dims = [0] x [0] : (tensor<512x256xbf16>, tensor<512x512xbf16>) -> tensor<256x512xf32>
  return %c : tensor<256x512xf32>
}
