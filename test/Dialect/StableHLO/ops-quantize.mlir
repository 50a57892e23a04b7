// uniform_quantize / uniform_dequantize round trip. systole-opt does not
// register the `quant` dialect, so the quantized element type is read as an
// opaque type of an unregistered dialect.
// RUN: systole-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: systole-opt --allow-unregistered-dialect %s | systole-opt --allow-unregistered-dialect | FileCheck %s
// RUN: systole-opt --allow-unregistered-dialect -mlir-print-op-generic %s | systole-opt --allow-unregistered-dialect | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt --allow-unregistered-dialect %s > %t.pretty && systole-opt --allow-unregistered-dialect %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt --allow-unregistered-dialect -mlir-print-op-generic %s | systole-opt --allow-unregistered-dialect > %t.generic && diff %t.pretty %t.generic

func.func @quantize(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
// CHECK-LABEL: func.func @quantize(
// CHECK-NEXT:    %0 = stablehlo.uniform_quantize %arg0 : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    %1 = stablehlo.uniform_dequantize %0 : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<8xf32>
