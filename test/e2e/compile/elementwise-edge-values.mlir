// Elementwise edge cases a fuzzing helper found wrong, each checked by hand
// (and the reference interpreter agrees):
// - 8-bit integer results wrap before the next op reads them, not only
//   when stored: 127 * 127 shifted right by 1 is (1 << 8 wraps to) 0, not
//   -128 (i8); 200 - 100 on ui8 data is 100 <= 100, true; f16 200 -> ui8
//   is the pattern of -56, so an arithmetic shift by 1 gives 228; an i8
//   iota past 127 wraps (126 127 -128 -127: the last two below 0).
// - sign(NaN) is NaN and is_finite(NaN) false (the unordered and ordered
//   float compares they lower to now keep their NaN cases).
// - maximum(+0, -0) is +0 and minimum(+0, -0) is -0 (IEEE 754-2019, the
//   ALU's max and min).
// - chlo.acosh below 1 is NaN, also where its log1p argument rounds to -1
//   or above (x = -4596.4, -1e8, -3e38 gave -inf, 0, inf).
// - sign and abs of ui8 (accepted, though the spec names signed types):
//   1 for nonzero, and the value itself.
// RUN: systole-run %s --entry=narrow_wrap --input=6xi8=3,12,16,-20,100,127 --input=6xi8=0,0,0,1,0,1 --input=4xui8=1,5,200,3 --input=4xui8=2,3,100,250 --input=6xf16=200,255,128,127,130,240 --input=6xui8=1,7,3,1,8,2 | FileCheck %s --check-prefix=WRAP
// WRAP: result[0]: 6xi8=[9 -112 0 -56 16 0]
// WRAP: result[1]: 4xi1=[false true true true]
// WRAP: result[2]: 6xui8=[228 255 240 63 255 252]
// WRAP: result[3]: 4xi1=[false false true true]
// RUN: systole-run %s --entry=float_edges --input=4xf32=0x7FC00000,0x7F800000,-2,0 --input=2xf32=0.0,-0.0 --input=2xf32=-0.0,0.0 --input=6xf32=-1.5,-3000,-4596.4,-1e8,-3e38,0.5 | FileCheck %s --check-prefix=FLOAT
// FLOAT: result[0]: 4xf32=[nan 1 -1 0]
// FLOAT: result[1]: 4xi1=[false false true true]
// FLOAT: result[2]: 2xf32=[0 0]
// FLOAT: result[3]: 2xf32=[-0 -0]
// FLOAT: result[4]: 6xf32=[nan nan nan nan nan nan]
// RUN: systole-run %s --entry=unsigned_sign_abs --input=6xui8=0,1,127,128,200,255 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result[0]: 6xui8=[0 1 1 1 1 1]
// UNSIGNED: result[1]: 6xui8=[0 1 127 128 200 255]
// count_leading_zeros (i8, i32) and ui8 divide and remainder, which were
// rejected ("'math.ctlz'", "'arith.divui'" has no NeuronCore instruction):
// x / 0 is all ones and x % 0 is x, as XLA defines them.
// RUN: systole-run %s --entry=integer_ops --input=6xi8=0,1,127,-1,16,64 --input=5xi32=0,1,65535,-5,1024 --input=4xui8=200,255,7,100 --input=4xui8=3,16,0,200 | FileCheck %s --check-prefix=INT
// INT: result[0]: 6xi8=[8 7 1 0 3 1]
// INT: result[1]: 5xi32=[32 31 16 0 21]
// INT: result[2]: 4xui8=[66 15 255 0]
// INT: result[3]: 4xui8=[2 15 7 100]
// Then stablehlo.tan (was rejected: "'math.tan' has no NeuronCore
// instruction") and an i8 iota of 1000 compared with random data, against
// the reference interpreter:
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=1e-5 --atol=1e-6 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @narrow_wrap(%x: tensor<6xi8>, %s: tensor<6xi8>, %a: tensor<4xui8>, %b: tensor<4xui8>, %h: tensor<6xf16>, %t: tensor<6xui8>) -> (tensor<6xi8>, tensor<4xi1>, tensor<6xui8>, tensor<4xi1>) {
  %0 = stablehlo.multiply %x, %x : tensor<6xi8>
  %1 = stablehlo.shift_right_arithmetic %0, %s : tensor<6xi8>
  %2 = stablehlo.subtract %a, %b : tensor<4xui8>
  %3 = stablehlo.compare LE, %2, %b, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %4 = stablehlo.convert %h : (tensor<6xf16>) -> tensor<6xui8>
  %5 = stablehlo.shift_right_arithmetic %4, %t : tensor<6xui8>
  %i = stablehlo.iota dim = 0 : tensor<300xi8>
  %w = stablehlo.slice %i [126:130] : (tensor<300xi8>) -> tensor<4xi8>
  %z = stablehlo.constant dense<0> : tensor<4xi8>
  %6 = stablehlo.compare LT, %w, %z, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  return %1, %3, %5, %6 : tensor<6xi8>, tensor<4xi1>, tensor<6xui8>, tensor<4xi1>
}
func.func @float_edges(%x: tensor<4xf32>, %p: tensor<2xf32>, %q: tensor<2xf32>, %n: tensor<6xf32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<2xf32>, tensor<2xf32>, tensor<6xf32>) {
  %0 = stablehlo.sign %x : tensor<4xf32>
  %1 = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.maximum %p, %q : tensor<2xf32>
  %3 = stablehlo.minimum %p, %q : tensor<2xf32>
  %4 = chlo.acosh %n : tensor<6xf32> -> tensor<6xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi1>, tensor<2xf32>, tensor<2xf32>, tensor<6xf32>
}
func.func @unsigned_sign_abs(%x: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xui8>) {
  %0 = stablehlo.sign %x : tensor<6xui8>
  %1 = stablehlo.abs %x : tensor<6xui8>
  return %0, %1 : tensor<6xui8>, tensor<6xui8>
}
func.func @integer_ops(%a: tensor<6xi8>, %b: tensor<5xi32>, %x: tensor<4xui8>, %y: tensor<4xui8>) -> (tensor<6xi8>, tensor<5xi32>, tensor<4xui8>, tensor<4xui8>) {
  %0 = stablehlo.count_leading_zeros %a : tensor<6xi8>
  %1 = stablehlo.count_leading_zeros %b : tensor<5xi32>
  %2 = stablehlo.divide %x, %y : tensor<4xui8>
  %3 = stablehlo.remainder %x, %y : tensor<4xui8>
  return %0, %1, %2, %3 : tensor<6xi8>, tensor<5xi32>, tensor<4xui8>, tensor<4xui8>
}
func.func @main(%x: tensor<5x40xf32>, %a: tensor<1000xi8>) -> (tensor<5x40xf32>, tensor<1000xi1>) {
  %0 = stablehlo.tan %x : tensor<5x40xf32>
  %i = stablehlo.iota dim = 0 : tensor<1000xi8>
  %1 = stablehlo.compare GE, %i, %a, SIGNED : (tensor<1000xi8>, tensor<1000xi8>) -> tensor<1000xi1>
  return %0, %1 : tensor<5x40xf32>, tensor<1000xi1>
}
