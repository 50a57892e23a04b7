// bitcast_convert between 16-bit types on the NeuronCore reinterprets the
// SBUF bytes (no instruction); integer arithmetic on the bits is exact in
// the engines' fp32. 1.0 (0x3F80) + 1 ulp is 0x3F81 = 1.0078125; -2.0
// (0xC000) + 1 is 0xC001 = -2.015625 (printed to 3 digits: 1.01, -2.02).
// RUN: systole-run %s --input=2xbf16=1.0,-2.0 | FileCheck %s
// CHECK: result[0]: 2xi16=[16256 -16384]
// CHECK: result[1]: 2xbf16=[1.01 -2.02]
func.func @main(%x: tensor<2xbf16>) -> (tensor<2xi16>, tensor<2xbf16>) {
  %b = stablehlo.bitcast_convert %x : (tensor<2xbf16>) -> tensor<2xi16>
  %one = stablehlo.constant dense<1> : tensor<2xi16>
  %n = stablehlo.add %b, %one : tensor<2xi16>
  %y = stablehlo.bitcast_convert %n : (tensor<2xi16>) -> tensor<2xbf16>
  return %b, %y : tensor<2xi16>, tensor<2xbf16>
}
