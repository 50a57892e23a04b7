// batch_norm_inference as XLA's BatchNormExpander and the reference
// interpreter compute it: the per-channel factor scale * rsqrt(variance +
// eps) and shift offset - mean * factor, then x * factor + shift, in f32
// for a bf16 operand with one rounding to bf16 at the end. The bf16 result
// equals the reference interpreter's bit for bit (it had differed in 17871
// of 50176 elements when `simplify` decomposed it into bf16 ops rounding
// after each step); the f32 one within an f32 ulp. The per-channel values
// widened to f32 stay [P x 1] columns (an `arith.extf` of a column had
// been spread to a full tile, which overran an epilogue's SBUF arena:
// "internal error: an evacuation epilogue needs more than its ... bytes").
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.bf16.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.bf16.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=f32 --random-inputs --seed=1 --output=@%t.ref.f32.npy --quiet
// RUN: systole-run %s --entry=f32 --random-inputs --seed=1 --expected-output=@%t.ref.f32.npy --rtol=1e-6 --atol=1e-6 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=epilogue --random-inputs --seed=1 --output=@%t.ref.epi.npy --quiet
// RUN: systole-run %s --entry=epilogue --random-inputs --seed=1 --expected-output=@%t.ref.epi.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<4x64x14x14xbf16>, %s: tensor<64xbf16>, %o: tensor<64xbf16>, %m: tensor<64xbf16>, %v: tensor<64xbf16>) -> tensor<4x64x14x14xbf16> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<4x64x14x14xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) -> tensor<4x64x14x14xbf16>
  return %0 : tensor<4x64x14x14xbf16>
}

func.func @f32(%y: tensor<2x10x48xf32>, %s: tensor<48xf32>, %o: tensor<48xf32>, %m: tensor<48xf32>, %v: tensor<48xf32>) -> tensor<2x10x48xf32> {
  %0 = "stablehlo.batch_norm_inference"(%y, %s, %o, %m, %v) <{epsilon = 1.0e-3 : f32, feature_index = 2 : i64}> : (tensor<2x10x48xf32>, tensor<48xf32>, tensor<48xf32>, tensor<48xf32>, tensor<48xf32>) -> tensor<2x10x48xf32>
  return %0 : tensor<2x10x48xf32>
}

// A convolution whose epilogue reads four bf16 per-channel vectors widened
// to f32.
func.func @epilogue(%x: tensor<8x256x28x28xf32>, %w: tensor<256x256x1x1xf32>, %b0: tensor<256xbf16>, %b1: tensor<256xbf16>, %b2: tensor<256xbf16>, %b3: tensor<256xbf16>) -> tensor<8x256x28x28xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x256x28x28xf32>, tensor<256x256x1x1xf32>) -> tensor<8x256x28x28xf32>
  %f0 = stablehlo.convert %b0 : (tensor<256xbf16>) -> tensor<256xf32>
  %f1 = stablehlo.convert %b1 : (tensor<256xbf16>) -> tensor<256xf32>
  %f2 = stablehlo.convert %b2 : (tensor<256xbf16>) -> tensor<256xf32>
  %f3 = stablehlo.convert %b3 : (tensor<256xbf16>) -> tensor<256xf32>
  %s0 = stablehlo.multiply %f0, %f1 : tensor<256xf32>
  %s1 = stablehlo.add %f2, %f3 : tensor<256xf32>
  %g0 = stablehlo.broadcast_in_dim %s0, dims = [1] : (tensor<256xf32>) -> tensor<8x256x28x28xf32>
  %g1 = stablehlo.broadcast_in_dim %s1, dims = [1] : (tensor<256xf32>) -> tensor<8x256x28x28xf32>
  %m = stablehlo.multiply %c, %g0 : tensor<8x256x28x28xf32>
  %y = stablehlo.add %m, %g1 : tensor<8x256x28x28xf32>
  return %y : tensor<8x256x28x28xf32>
}
