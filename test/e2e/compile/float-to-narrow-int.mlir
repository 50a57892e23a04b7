// Floats converted to i8 and i16 saturate out of range, as XLA converts
// them (and the reference interpreter): the engines convert to 32 bits,
// and a narrow buffer keeps the low bits, so 300.5 used to become 44 in
// i8 (found by a fuzzing helper). Values are truncated toward zero; the
// bf16 input is clamped in f32 (32767 has no bf16 form). Expected values
// by hand.
// RUN: systole-run %s --input=6xf32=300.5,-300.5,70000,100.7,-128.6,127.4 --input=4xbf16=40000,-40000,1232,-3 | FileCheck %s
// CHECK: result[0]: 6xi8=[127 -128 127 100 -128 127]
// CHECK: result[1]: 4xi16=[32767 -32768 1232 -3]
func.func @main(%a: tensor<6xf32>, %b: tensor<4xbf16>) -> (tensor<6xi8>, tensor<4xi16>) {
  %0 = stablehlo.convert %a : (tensor<6xf32>) -> tensor<6xi8>
  %1 = stablehlo.convert %b : (tensor<4xbf16>) -> tensor<4xi16>
  return %0, %1 : tensor<6xi8>, tensor<4xi16>
}
