// Conversions fold into the instructions next to them: a float ALU op reads
// its bf16 operands directly (the engines widen exactly as they load), and
// the instruction whose f32 result is rounded to bf16 writes bf16 itself
// (one rounding either way). The chain below is two instructions per tile
// and no tensor_copy; its values match the reference interpreter exactly.
// An extf whose value is also returned keeps its copy (the store reads f32).
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: systole-run --backend=reference %s --random-inputs --seed=4 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=4 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s --check-prefix=SIM
// CHECK-LABEL: ncore.program @main
// CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128]{{.*}} bf16 [256:1]>, #ncore.ap<sbuf[0:128]{{.*}} bf16 [256:1]>) outs(#ncore.ap<sbuf[0:128]{{.*}} f32 [256:1]>)
// CHECK: {{ncore.tensor_scalar mul\(2.000000e\+00 : f32\) on vector|ncore.activation identity on scalar}} ins(#ncore.ap<sbuf[0:128]{{.*}} f32 [256:1]>) outs(#ncore.ap<sbuf[0:128]{{.*}} bf16 [256:1]>){{( scale\(2.000000e\+00 : f32\) bias\(.*\))?}}{{$}}
// CHECK: ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128]{{.*}} bf16 [256:1]>) outs(#ncore.ap<sbuf[0:128]{{.*}} f32 [256:1]>)
// SIM: simulated: {{[0-9.]+}} us on trn2
func.func @main(%a: tensor<128x256xbf16>, %b: tensor<128x256xbf16>, %c: tensor<128x256xbf16>) -> (tensor<128x256xbf16>, tensor<128x256xf32>) {
  %af = stablehlo.convert %a : (tensor<128x256xbf16>) -> tensor<128x256xf32>
  %bf = stablehlo.convert %b : (tensor<128x256xbf16>) -> tensor<128x256xf32>
  %s = stablehlo.add %af, %bf : tensor<128x256xf32>
  %two = stablehlo.constant dense<2.0> : tensor<128x256xf32>
  %m = stablehlo.multiply %s, %two : tensor<128x256xf32>
  %r = stablehlo.convert %m : (tensor<128x256xf32>) -> tensor<128x256xbf16>
  %cf = stablehlo.convert %c : (tensor<128x256xbf16>) -> tensor<128x256xf32>
  return %r, %cf : tensor<128x256xbf16>, tensor<128x256xf32>
}
