// `remainder` of floats (C's fmod, the sign of the dividend) compiled for
// the NeuronCore, exactly: |a| reduced by |b| * 2^k over the type's whole
// exponent gap, each subtraction exact.
//
// f32 edges, expected values from Python's math.fmod on the same f32
// values: the largest float by the smallest subnormal (0), a subnormal
// result, a zero dividend keeping its sign, inf and 0 giving NaN, an
// infinite divisor giving the dividend, large quotients.
// RUN: systole-run %s --entry=edges_f32 --input=12xf32=3.4028235e38,-3.4028235e38,1e-45,7.5,-7.5,-0.0,inf,5,5,1e30,16777217,0.1 --input=12xf32=1e-45,3e-39,3.4028235e38,2,2,3,2,0,inf,3.1,0.3,nan | FileCheck %s --check-prefix=F32
// F32: result[0]: 12xf32=[0 -2.290619e-39 1e-45 1.5 -1.5 -0 nan nan 5 0.67567205 0.03333336 nan]
//
// Every f16 value by seven divisors (the largest and smallest f16, 0, inf
// and NaN among them), and random bf16 pairs, equal to the reference
// interpreter with no tolerance.
// RUN: systole-run --backend=reference %s --entry=all_f16 --input=7xf16=1.5,-0.375,65504,5.9604645e-08,0,inf,nan --output=@%t.f16.npy --quiet
// RUN: systole-run %s --entry=all_f16 --input=7xf16=1.5,-0.375,65504,5.9604645e-08,0,inf,nan --expected-output=@%t.f16.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s --entry=bf16 --random-inputs --seed=7 --output=@%t.bf16.npy --quiet
// RUN: systole-run %s --entry=bf16 --random-inputs --seed=7 --expected-output=@%t.bf16.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @all_f16(%b: tensor<7xf16>) -> tensor<7x65536xf16> {
  %i = stablehlo.iota dim = 0 : tensor<65536xi32>
  %n = stablehlo.convert %i : (tensor<65536xi32>) -> tensor<65536xi16>
  %x = stablehlo.bitcast_convert %n : (tensor<65536xi16>) -> tensor<65536xf16>
  %xb = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<65536xf16>) -> tensor<7x65536xf16>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<7xf16>) -> tensor<7x65536xf16>
  %r = stablehlo.remainder %xb, %bb : tensor<7x65536xf16>
  return %r : tensor<7x65536xf16>
}
func.func @edges_f32(%a: tensor<12xf32>, %b: tensor<12xf32>) -> tensor<12xf32> {
  %r = stablehlo.remainder %a, %b : tensor<12xf32>
  return %r : tensor<12xf32>
}
func.func @bf16(%a: tensor<16x64xbf16>, %b: tensor<16x64xbf16>) -> tensor<16x64xbf16> {
  %s = stablehlo.constant dense<1000.0> : tensor<16x64xbf16>
  %big = stablehlo.multiply %a, %s : tensor<16x64xbf16>
  %r = stablehlo.remainder %big, %b : tensor<16x64xbf16>
  return %r : tensor<16x64xbf16>
}
