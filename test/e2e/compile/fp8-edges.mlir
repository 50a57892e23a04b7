// FP8 quantization at its edges, simulator against the reference interpreter
// on the quantized graph (bit-exact: K = 8), for both formats:
// - an all-zero activation (its scale is the 2^-100 floor, not 0): the
//   product is exactly 0, not NaN;
// - a weight with an all-zero column (scale 1), and a weight of tiny values
//   (near 1e-30: its scales keep them, where a plain FP8 conversion would
//   give 0): products up to about 5e-30, as in the unquantized graph;
// - static scales from a calibration file whose absmax (0.5) is below the
//   input's (about 4): values beyond it saturate to +-max instead of
//   becoming inf.
// RUN: systole-run --backend=reference --fp8=e5m2 %s --random-inputs --seed=5 --output=@%t.e5m2.0.npy --output=@%t.e5m2.1.npy --output=@%t.e5m2.2.npy --quiet
// RUN: systole-run %s --fp8=e5m2 --random-inputs --seed=5 --expected-output=@%t.e5m2.0.npy --expected-output=@%t.e5m2.1.npy --expected-output=@%t.e5m2.2.npy --rtol=0 --atol=0 --print-summary | FileCheck %s
// RUN: echo '{"1": {"lhs_amax": 0.5}}' > %t.calibration.json
// RUN: systole-run --backend=reference --fp8=e4m3 --fp8-calibration=%t.calibration.json %s --random-inputs --seed=5 --output=@%t.e4m3.0.npy --output=@%t.e4m3.1.npy --output=@%t.e4m3.2.npy --quiet
// RUN: systole-run %s --fp8=e4m3 --fp8-calibration=%t.calibration.json --random-inputs --seed=5 --expected-output=@%t.e4m3.0.npy --expected-output=@%t.e4m3.1.npy --expected-output=@%t.e4m3.2.npy --rtol=0 --atol=0 --print-summary --fp8-report 2>&1 | FileCheck %s --check-prefix=STATIC
// The zero activation's product is 0 everywhere.
// CHECK: result[0]: 64x3xf32 min=0 max=0 mean=0 nonfinite=0
// CHECK: result[1]: 64x3xf32 {{.*}} nonfinite=0
// CHECK: result[2]: 64x1xf32 min=-{{[0-9.]+}}e-30 max={{[0-9.]+}}e-30 {{.*}} nonfinite=0
// STATIC: #1 dot_general
// STATIC-NEXT: lhs: static per-tensor scale 0.00208333 (calibrated absmax 0.5)
// STATIC: result[0]: 64x3xf32 min=0 max=0 mean=0 nonfinite=0
// STATIC: result[1]: 64x3xf32 {{.*}} nonfinite=0
// STATIC: result[2]: 64x1xf32 min=-{{[0-9.]+}}e-30 max={{[0-9.]+}}e-30 {{.*}} nonfinite=0
func.func @main(%x: tensor<64x8xf32>) -> (tensor<64x3xf32>, tensor<64x3xf32>, tensor<64x1xf32>) {
  %w = stablehlo.constant dense<[[1.0, 0.0, 1.0], [-0.5, 0.0, 2.0], [0.25, 0.0, -3.0], [2.0, 0.0, 1.0], [-1.0, 0.0, 5.0], [0.125, 0.0, 0.0], [3.0, 0.0, -1.0], [-2.0, 0.0, 4.0]]> : tensor<8x3xf32>
  %tiny = stablehlo.constant dense<[[1.0e-30], [2.0e-30], [-3.0e-30], [1.0e-31], [5.0e-30], [0.0], [-1.0e-30], [4.0e-30]]> : tensor<8x1xf32>
  %c0 = stablehlo.constant dense<0.0> : tensor<64x8xf32>
  %c4 = stablehlo.constant dense<4.0> : tensor<64x8xf32>
  %zero = stablehlo.multiply %x, %c0 : tensor<64x8xf32>
  %big = stablehlo.multiply %x, %c4 : tensor<64x8xf32>
  %0 = stablehlo.dot_general %zero, %w, contracting_dims = [1] x [0] : (tensor<64x8xf32>, tensor<8x3xf32>) -> tensor<64x3xf32>
  %1 = stablehlo.dot_general %big, %w, contracting_dims = [1] x [0] : (tensor<64x8xf32>, tensor<8x3xf32>) -> tensor<64x3xf32>
  %2 = stablehlo.dot_general %x, %tiny, contracting_dims = [1] x [0] : (tensor<64x8xf32>, tensor<8x1xf32>) -> tensor<64x1xf32>
  return %0, %1, %2 : tensor<64x3xf32>, tensor<64x3xf32>, tensor<64x1xf32>
}
