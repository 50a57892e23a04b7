// reduce_precision compiled for the NeuronCore (the `simplify` phase turns
// it into conversions through bf16 or f16 and selects), checked element by
// element, with no tolerance, against the reference interpreter's
// bit-manipulation implementation on the same inputs.
//
// Every f16 bit pattern (an iota bitcast to f16) in four formats. Its 15
// elementwise ops are one row group, whose later members may write over the
// HBM bytes of results only the group reads. A member's truncf of an
// earlier member's result must not narrow that member's last instruction
// (22780 elements differed when it did: the other members read the result
// as f32).
// RUN: systole-run --backend=reference %s --entry=all_f16 --output=@%t.f16.0.npy --output=@%t.f16.1.npy --output=@%t.f16.2.npy --output=@%t.f16.3.npy --quiet
// RUN: systole-run %s --entry=all_f16 --expected-output=@%t.f16.0.npy --expected-output=@%t.f16.1.npy --expected-output=@%t.f16.2.npy --expected-output=@%t.f16.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @all_f16() -> (tensor<65536xf16>, tensor<65536xf16>, tensor<65536xf16>, tensor<65536xf16>) {
  %i = stablehlo.iota dim = 0 : tensor<65536xi32>
  %n = stablehlo.convert %i : (tensor<65536xi32>) -> tensor<65536xi16>
  %x = stablehlo.bitcast_convert %n : (tensor<65536xi16>) -> tensor<65536xf16>
  %a = stablehlo.reduce_precision %x, format = e5m7 : tensor<65536xf16>
  %b = stablehlo.reduce_precision %x, format = e4m7 : tensor<65536xf16>
  %c = stablehlo.reduce_precision %x, format = e5m10 : tensor<65536xf16>
  %d = stablehlo.reduce_precision %x, format = e3m10 : tensor<65536xf16>
  return %a, %b, %c, %d : tensor<65536xf16>, tensor<65536xf16>, tensor<65536xf16>, tensor<65536xf16>
}

// f32 edges: bf16 ties (1 + 2^-8 rounds down to even, 1 + 3 * 2^-8 up),
// f16's underflow threshold 2^-14 - 2^-26 (rounds up to 2^-14; the float
// below it flushes to zero), overflow at 65520, an f32 subnormal, the
// largest f32, NaN, inf, -0 and 0.1.
// RUN: systole-run --backend=reference %s --entry=edges_f32 --input=14xf32=1.00390625,1.01171875,6.102025508880615e-05,6.1020251450827345e-05,-6.102025508880615e-05,65519.98828125,65520.0,-65520.0,9.99994610111476e-41,3.4028234663852886e+38,nan,inf,-0.0,0.10000000149011612 --output=@%t.f32.0.npy --output=@%t.f32.1.npy --output=@%t.f32.2.npy --output=@%t.f32.3.npy --quiet
// RUN: systole-run %s --entry=edges_f32 --input=14xf32=1.00390625,1.01171875,6.102025508880615e-05,6.1020251450827345e-05,-6.102025508880615e-05,65519.98828125,65520.0,-65520.0,9.99994610111476e-41,3.4028234663852886e+38,nan,inf,-0.0,0.10000000149011612 --expected-output=@%t.f32.0.npy --expected-output=@%t.f32.1.npy --expected-output=@%t.f32.2.npy --expected-output=@%t.f32.3.npy --rtol=0 --atol=0 | FileCheck %s --check-prefix=F32
// Expected values worked by hand: e5m10 keeps 10 fraction bits (65519.99
// rounds to 65504, 65520 ties to 65536 = inf, 0.1 becomes 1638/1024 * 2^-4),
// e8m7 rounds to bf16 (the subnormal keeps bf16's 2^-133 grid; the largest
// f32 rounds up to inf), e5m7 adds e5's range to that, e8m23 is the identity.
// F32: result[0]: 14xf32=[1.0039062 1.0117188 6.1035156e-05 0 -6.1035156e-05 65504 inf -inf 0 inf nan inf -0 0.099975586]
// F32: result[1]: 14xf32=[1 1.015625 6.1035156e-05 6.1035156e-05 -6.1035156e-05 65536 65536 -65536 9.1835e-41 inf nan inf -0 0.100097656]
// F32: result[2]: 14xf32=[1 1.015625 6.1035156e-05 6.1035156e-05 -6.1035156e-05 inf inf -inf 0 inf nan inf -0 0.100097656]
// F32: result[3]: 14xf32=[1.0039062 1.0117188 6.1020255e-05 6.102025e-05 -6.1020255e-05 65519.99 65520 -65520 1e-40 3.4028235e+38 nan inf -0 0.1]
func.func @edges_f32(%x: tensor<14xf32>) -> (tensor<14xf32>, tensor<14xf32>, tensor<14xf32>, tensor<14xf32>) {
  %a = stablehlo.reduce_precision %x, format = e5m10 : tensor<14xf32>
  %b = stablehlo.reduce_precision %x, format = e8m7 : tensor<14xf32>
  %c = stablehlo.reduce_precision %x, format = e5m7 : tensor<14xf32>
  %d = stablehlo.reduce_precision %x, format = e8m23 : tensor<14xf32>
  return %a, %b, %c, %d : tensor<14xf32>, tensor<14xf32>, tensor<14xf32>, tensor<14xf32>
}
