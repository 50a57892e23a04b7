// stablehlo.logistic computes 1 / (1 + exp(-x)) in f32 and rounds once into
// its element type, as the reference interpreter does for bf16; the scalar
// engine's sigmoid computes those same fp32 operations in one instruction,
// reading the bf16 input and writing the bf16 result. Rounding after each
// step (exp, + 1, /) had made 9906 of 32768 random bf16 values differ from
// the reference by one or two ulps. The same formula written as separate
// bf16 ops (%b) rounds after each of them, as the graph says: it keeps its
// instructions, and its values differ from %a's (0.82 against 0.816 at 1.5;
// 0.000124 against 0.000123 at -9). An f32 logistic is one sigmoid too.
// Values equal the reference's exactly, at zeros, infinities, a NaN, an f32
// subnormal and where exp overflows.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.activation sigmoid on scalar ins(#ncore.ap<sbuf[0:12] bf16 []>) outs(#ncore.ap<sbuf[0:12] + {{[0-9]+}} bf16 []>)
// ISA: ncore.activation exp on scalar
// ISA: ncore.activation sigmoid on scalar ins(#ncore.ap<sbuf[0:12] + {{[0-9]+}} f32 []>) outs(#ncore.ap<sbuf[0:12] + {{[0-9]+}} f32 []>)
// ISA-NOT: ncore.activation sigmoid
// RUN: systole-run --backend=reference %s --input=12xbf16=0,-0,0.3,-0.3,1.5,-2.75,9,-9,100,-100,inf,-inf --input=12xf32=0,-0,0.3,-0.3,1e-40,-2.75,17,-17,100,-100,inf,nan --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy | FileCheck %s --check-prefix=REF
// REF: result[0]: 12xbf16=[0.5 0.5 0.574 0.426 0.816 0.06 1 0.000123 1 0 1 0]
// REF: result[1]: 12xbf16=[0.5 0.5 0.574 0.426 0.82 0.06 1 0.000124 1 0 1 0]
// REF: result[2]: 12xf32=[0.5 0.5 0.5744425 0.4255575 0.5 0.060086653 1 4.1399378e-08 1 0 1 nan]
// RUN: systole-run %s --input=12xbf16=0,-0,0.3,-0.3,1.5,-2.75,9,-9,100,-100,inf,-inf --input=12xf32=0,-0,0.3,-0.3,1e-40,-2.75,17,-17,100,-100,inf,nan --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<12xbf16>, %y: tensor<12xf32>) -> (tensor<12xbf16>, tensor<12xbf16>, tensor<12xf32>) {
  %a = stablehlo.logistic %x : tensor<12xbf16>
  %one = stablehlo.constant dense<1.0> : tensor<12xbf16>
  %n = stablehlo.negate %x : tensor<12xbf16>
  %e = stablehlo.exponential %n : tensor<12xbf16>
  %d = stablehlo.add %one, %e : tensor<12xbf16>
  %b = stablehlo.divide %one, %d : tensor<12xbf16>
  %c = stablehlo.logistic %y : tensor<12xf32>
  return %a, %b, %c : tensor<12xbf16>, tensor<12xbf16>, tensor<12xf32>
}
