// Floats converted to i8, i16 and ui8 saturate out of range, as XLA
// converts them (and the reference interpreter): the engines convert to 32
// bits, and a narrow buffer keeps the low bits, so 300.5 used to become 44
// in i8, and float to ui8 was rejected ("'arith.fptoui' in a linalg body
// has no NeuronCore instruction yet"); both found by a fuzzing helper.
// Values are truncated toward zero; the bf16 input is clamped in f32 (32767
// has no bf16 form). A ui8 result feeds an unsigned comparison, a wrapping
// add and a conversion back to f32 in the same kernel. Expected values by
// hand (the reference interpreter gives the same).
// RUN: systole-run %s --input=6xf32=300.5,-300.5,70000,100.7,-128.6,127.4 --input=4xbf16=40000,-40000,1232,-3 --input=4xf32=300.5,-3.5,200.7,0.4 --input=4xui8=150,200,250,255 | FileCheck %s
// CHECK: result[0]: 6xi8=[127 -128 127 100 -128 127]
// CHECK: result[1]: 4xi16=[32767 -32768 1232 -3]
// CHECK: result[2]: 4xui8=[255 0 200 0]
// CHECK: result[3]: 4xi1=[true false false false]
// CHECK: result[4]: 4xui8=[149 200 194 255]
// CHECK: result[5]: 4xf32=[255 0 200 0]
func.func @main(%a: tensor<6xf32>, %b: tensor<4xbf16>, %c: tensor<4xf32>, %d: tensor<4xui8>)
    -> (tensor<6xi8>, tensor<4xi16>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>) {
  %0 = stablehlo.convert %a : (tensor<6xf32>) -> tensor<6xi8>
  %1 = stablehlo.convert %b : (tensor<4xbf16>) -> tensor<4xi16>
  %2 = stablehlo.convert %c : (tensor<4xf32>) -> tensor<4xui8>
  %3 = stablehlo.compare GT, %2, %d, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %4 = stablehlo.add %2, %d : tensor<4xui8>
  %5 = stablehlo.convert %2 : (tensor<4xui8>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<6xi8>, tensor<4xi16>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>
}
