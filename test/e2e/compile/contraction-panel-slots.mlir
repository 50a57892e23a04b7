// B panels and A^T slots rotate through SBUF slots over batch indices, so
// that the next batch index's panel and rows load while the tensor engine
// multiplies this one's (an attention block of short sequences has one
// [50-row] tile per head). Hand-worked, f32, five heads:
// - The QK^T matmul (not in a row group here): KB = 1, N = 50 (rounded to
//   a 512-column panel, 2048 bytes per partition); its operand blocks (four
//   panels, four A^T slots of 512 bytes, four row slots of 256 bytes, four
//   result slots of 2048 bytes) take 19456 bytes from the SBUF ring at 0:
//   panels at 0, 2048, 4096, 6144, A^T slots from 8192; head 4 reuses
//   panel 0 and A^T slot 0.
// - The PV matmul ends the softmax's row group (a TailContraction): its
//   region sits at the top of SBUF (229376 bytes per partition): five V
//   panels (one per head, at most eight) of 32 f32 (128 bytes) from 226176,
//   four A^T slots of 512 bytes from 226816, four result slots of 128 bytes
//   (3200 bytes in all); the five heads take panels 0-4 and A^T slots 0, 1,
//   2, 3, 0.
// Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 8192 f32 [50:1]>, #ncore.ap<sbuf[0:64] f32 [50:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 8704 f32 [50:1]>, #ncore.ap<sbuf[0:64] + 2048 f32 [50:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 9216 f32 [50:1]>, #ncore.ap<sbuf[0:64] + 4096 f32 [50:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 9728 f32 [50:1]>, #ncore.ap<sbuf[0:64] + 6144 f32 [50:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:64] + 8192 f32 [50:1]>, #ncore.ap<sbuf[0:64] f32 [50:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:50] + 226816 f32 [50:1]>, #ncore.ap<sbuf[0:50] + 226176 f32 [32:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:50] + 227328 f32 [50:1]>, #ncore.ap<sbuf[0:50] + 226304 f32 [32:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:50] + 227840 f32 [50:1]>, #ncore.ap<sbuf[0:50] + 226432 f32 [32:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:50] + 228352 f32 [50:1]>, #ncore.ap<sbuf[0:50] + 226560 f32 [32:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:50] + 226816 f32 [50:1]>, #ncore.ap<sbuf[0:50] + 226688 f32 [32:1]>)
// ISA-NOT: ncore.matmul
func.func @main(%q: tensor<1x5x50x64xf32>, %kt: tensor<1x5x64x50xf32>, %v: tensor<1x5x50x32xf32>) -> tensor<1x5x50x32xf32> {
  %s = stablehlo.dot_general %q, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<1x5x50x64xf32>, tensor<1x5x64x50xf32>) -> tensor<1x5x50x50xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<1x5x50x50xf32>, tensor<f32>) -> tensor<1x5x50xf32>
  %mx = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<1x5x50xf32>) -> tensor<1x5x50x50xf32>
  %d = stablehlo.subtract %s, %mx : tensor<1x5x50x50xf32>
  %e = stablehlo.exponential %d : tensor<1x5x50x50xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<1x5x50x50xf32>, tensor<f32>) -> tensor<1x5x50xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<1x5x50xf32>) -> tensor<1x5x50x50xf32>
  %p = stablehlo.divide %e, %sb : tensor<1x5x50x50xf32>
  %o = stablehlo.dot_general %p, %v, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<1x5x50x50xf32>, tensor<1x5x50x32xf32>) -> tensor<1x5x50x32xf32>
  return %o : tensor<1x5x50x32xf32>
}
