// Integer ops compiled for the NeuronCore, whose engines compute in fp32:
// shifts (with amounts past the width and negative), unsigned compares on
// values that read as negative, abs of the most negative value, division
// and remainder by 0 and of min / -1 (XLA's conventions), population
// count, float -> int conversion toward zero and an integer dot_general on
// the vector engine. Expected values computed independently (Python
// integers, wrapped to the width).

// RUN: systole-run %s --entry=shifts8 --input=8xi8=1,-1,7,-128,127,-7,3,5 --input=8xi8=1,3,8,-1,7,2,0,31 | FileCheck %s --check-prefix=SHIFT8
// SHIFT8: result[0]: 8xi8=[2 -8 0 0 -128 -28 3 0]
// SHIFT8: result[1]: 8xi8=[0 -1 0 -1 0 -2 3 0]
// SHIFT8: result[2]: 8xi8=[0 31 0 0 0 62 3 0]
func.func @shifts8(%a: tensor<8xi8>, %b: tensor<8xi8>) -> (tensor<8xi8>, tensor<8xi8>, tensor<8xi8>) {
  %0 = stablehlo.shift_left %a, %b : tensor<8xi8>
  %1 = stablehlo.shift_right_arithmetic %a, %b : tensor<8xi8>
  %2 = stablehlo.shift_right_logical %a, %b : tensor<8xi8>
  return %0, %1, %2 : tensor<8xi8>, tensor<8xi8>, tensor<8xi8>
}

// RUN: systole-run %s --entry=shifts32 --input=8xi32=1,-1,7,-5,3,-3,1,100 --input=8xi32=1,31,20,2,0,33,30,7 | FileCheck %s --check-prefix=SHIFT32
// SHIFT32: result[0]: 8xi32=[2 -2147483648 7340032 -20 3 0 1073741824 12800]
// SHIFT32: result[1]: 8xi32=[0 -1 0 -2 3 -1 0 0]
func.func @shifts32(%a: tensor<8xi32>, %b: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  %0 = stablehlo.shift_left %a, %b : tensor<8xi32>
  %1 = stablehlo.shift_right_arithmetic %a, %b : tensor<8xi32>
  return %0, %1 : tensor<8xi32>, tensor<8xi32>
}

// Unsigned data as main arguments (read as 0..255) and as the bit patterns
// of signed data (bitcast_convert: -1 is 255).
// RUN: systole-run %s --entry=unsigned --input=6xi8=1,-1,-128,127,0,-2 --input=6xi8=-1,1,127,-128,0,-1 --input=4xui8=1,200,255,128 --input=4xui8=2,100,0,127 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result[0]: 6xi1=[true false false true false true]
// UNSIGNED: result[1]: 6xi1=[false true true false true false]
// UNSIGNED: result[2]: 4xui8=[1 100 0 127]
// UNSIGNED: result[3]: 4xui8=[2 200 255 128]
func.func @unsigned(%a: tensor<6xi8>, %b: tensor<6xi8>, %c: tensor<4xui8>, %d: tensor<4xui8>) -> (tensor<6xi1>, tensor<6xi1>, tensor<4xui8>, tensor<4xui8>) {
  %ua = stablehlo.bitcast_convert %a : (tensor<6xi8>) -> tensor<6xui8>
  %ub = stablehlo.bitcast_convert %b : (tensor<6xi8>) -> tensor<6xui8>
  %0 = stablehlo.compare LT, %ua, %ub, UNSIGNED : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xi1>
  %1 = stablehlo.compare GE, %ua, %ub, UNSIGNED : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xi1>
  %2 = stablehlo.minimum %c, %d : tensor<4xui8>
  %3 = stablehlo.maximum %c, %d : tensor<4xui8>
  return %0, %1, %2, %3 : tensor<6xi1>, tensor<6xi1>, tensor<4xui8>, tensor<4xui8>
}

// RUN: systole-run %s --entry=arith8 --input=9xi8=7,-7,7,-7,-128,5,0,127,-100 --input=9xi8=2,2,-2,-2,-1,0,3,10,7 --input=6xi8=-128,-127,-1,0,5,127 | FileCheck %s --check-prefix=ARITH8
// ARITH8: result[0]: 9xi8=[3 -3 -3 3 -128 -1 0 12 -14]
// ARITH8: result[1]: 9xi8=[1 -1 1 -1 0 5 0 7 -2]
// ARITH8: result[2]: 6xi8=[-128 127 1 0 5 127]
func.func @arith8(%a: tensor<9xi8>, %b: tensor<9xi8>, %c: tensor<6xi8>) -> (tensor<9xi8>, tensor<9xi8>, tensor<6xi8>) {
  %0 = stablehlo.divide %a, %b : tensor<9xi8>
  %1 = stablehlo.remainder %a, %b : tensor<9xi8>
  %2 = stablehlo.abs %c : tensor<6xi8>
  return %0, %1, %2 : tensor<9xi8>, tensor<9xi8>, tensor<6xi8>
}

// RUN: systole-run %s --entry=popcount --input=5xi8=-1,-128,127,85,0 --input=5xi32=-1,-2147483648,16777215,0,12345 | FileCheck %s --check-prefix=POPCNT
// POPCNT: result[0]: 5xi8=[8 1 7 4 0]
// POPCNT: result[1]: 5xi32=[32 1 24 0 6]
func.func @popcount(%a: tensor<5xi8>, %b: tensor<5xi32>) -> (tensor<5xi8>, tensor<5xi32>) {
  %0 = stablehlo.popcnt %a : tensor<5xi8>
  %1 = stablehlo.popcnt %b : tensor<5xi32>
  return %0, %1 : tensor<5xi8>, tensor<5xi32>
}

// RUN: systole-run %s --entry=convert --input=8xf32=2.7,-2.7,0.5,-0.5,-0.0,100.99,-100.99,16777216 | FileCheck %s --check-prefix=CONVERT
// CONVERT: result[0]: 8xi32=[2 -2 0 0 0 100 -100 16777216]
func.func @convert(%a: tensor<8xf32>) -> tensor<8xi32> {
  %0 = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// RUN: systole-run %s --entry=dot --input=2x3xi8=1,-2,3,4,5,-6 --input=3x2xi8=7,8,-9,10,11,-12 | FileCheck %s --check-prefix=DOT
// DOT: result[0]: 2x2xi32={{\[\[}}58 -48][-83 154]]
func.func @dot(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>) -> tensor<2x2xi32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// Edges a review found: ui8 arguments against ui8 constants (both must be
// in one form: compare, maximum), a 16-bit pattern of a negative half
// through bitcast, atan2 of a -0 column (the sign survives materializing
// it), and a logical shift of a constant.
// RUN: systole-run %s --entry=edges --input=4xui8=200,250,10,0 --input=3xi16=-17408,15360,-1 --input=2x3xf32=-1,-2,3,-0,1,-5 --input=4xi8=1,3,7,0 | FileCheck %s --check-prefix=EDGES
// EDGES: result[0]: 4xi1=[true false false false]
// EDGES: result[1]: 4xi1=[false false true true]
// EDGES: result[2]: 4xui8=[200 250 200 200]
// EDGES: result[3]: 3xf16=[-1 1 nan]
// EDGES: result[4]: 2x3xf32={{\[\[}}-3.1415927 -3.1415927 -0][-3.1415927 -0 -3.1415927]]
// EDGES: result[5]: 4xi8=[64 16 1 -128]
func.func @edges(%x: tensor<4xui8>, %h: tensor<3xi16>, %r: tensor<2x3xf32>, %b: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<3xf16>, tensor<2x3xf32>, tensor<4xi8>) {
  %c = stablehlo.constant dense<200> : tensor<4xui8>
  %0 = stablehlo.compare EQ, %x, %c, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %1 = stablehlo.compare LT, %x, %c, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %2 = stablehlo.maximum %x, %c : tensor<4xui8>
  %3 = stablehlo.bitcast_convert %h : (tensor<3xi16>) -> tensor<3xf16>
  %z = stablehlo.constant dense<-0.0> : tensor<2xf32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.atan2 %zb, %r : tensor<2x3xf32>
  %k = stablehlo.constant dense<-128> : tensor<4xi8>
  %5 = stablehlo.shift_right_logical %k, %b : tensor<4xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<3xf16>, tensor<2x3xf32>, tensor<4xi8>
}

// Integer narrowing keeps the low bits (XLA's convert wraps; a copy into
// the narrower tile would saturate): 70000 = 65536 + 4464 = 273 * 256 + 112,
// -32769 = -65536 + 32767, -129 = -256 + 127, 200 - 256 = -56. The i8 and
// ui8 converts are one op after CSE (same bits), and one value is returned
// twice; an input is returned as it is.
// RUN: systole-run %s --entry=narrowing --input=6xi32=32768,65535,-32769,200,-129,70000 | FileCheck %s --check-prefix=NARROW
// NARROW: result[0]: 6xi16=[-32768 -1 32767 200 -129 4464]
// NARROW: result[1]: 6xi8=[0 -1 -1 -56 127 112]
// NARROW: result[2]: 6xui8=[0 255 255 200 127 112]
// NARROW: result[3]: 6xi8=[0 -1 -1 -56 127 112]
// NARROW: result[4]: 6xi32=[32768 65535 -32769 200 -129 70000]
func.func @narrowing(%x: tensor<6xi32>) -> (tensor<6xi16>, tensor<6xi8>, tensor<6xui8>, tensor<6xi8>, tensor<6xi32>) {
  %a = stablehlo.convert %x : (tensor<6xi32>) -> tensor<6xi16>
  %b = stablehlo.convert %x : (tensor<6xi32>) -> tensor<6xi8>
  %c = stablehlo.convert %x : (tensor<6xi32>) -> tensor<6xui8>
  return %a, %b, %c, %b, %x : tensor<6xi16>, tensor<6xi8>, tensor<6xui8>, tensor<6xi8>, tensor<6xi32>
}

// Integer to bool is `!= 0` (it failed to compile: the zero constant had
// the result's type).
// RUN: systole-run %s --entry=to_bool --input=4xi32=0,5,-1,65536 | FileCheck %s --check-prefix=BOOL
// BOOL: result[0]: 4xi1=[false true true true]
func.func @to_bool(%x: tensor<4xi32>) -> tensor<4xi1> {
  %0 = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
