// Static activation scales from a calibration file (DESIGN section 5): an op
// is named by its index ("0") or its location ("model.py:12:3", or the name
// of a named location: "dot.7"). A calibrated scale is amax / 240 (2.5 / 240,
// 4 / 240 and 8 / 240 here); values beyond it
// saturate to +-240 before the conversion. Operands left out stay dynamic; an
// entry that names no op is a warning.
// RUN: systole-opt %s --systole-quantize=calibration=%S/Inputs/fp8-calibration.json 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN: warning: --fp8-calibration: entry '7' names no quantized op
// WARN-NOT: {{warning|note}}

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[W:.*]]: tensor<16x4xf32>, %[[V:.*]]: tensor<4x2xf32>)
// CHECK: %[[S0:.*]] = stablehlo.constant dense<0.010416667> : tensor<f32>
// CHECK: %[[B0:.*]] = stablehlo.broadcast_in_dim %[[S0]], dims = [] : (tensor<f32>) -> tensor<8x16xf32>
// CHECK: %[[D0:.*]] = stablehlo.divide %[[X]], %[[B0]] : tensor<8x16xf32>
// CHECK: %[[HI:.*]] = stablehlo.constant dense<2.400000e+02> : tensor<8x16xf32>
// CHECK: %[[LO:.*]] = stablehlo.constant dense<-2.400000e+02> : tensor<8x16xf32>
// CHECK: %[[M0:.*]] = stablehlo.maximum %[[D0]], %[[LO]]
// CHECK: %[[M1:.*]] = stablehlo.minimum %[[M0]], %[[HI]]
// CHECK: %[[XQ:.*]] = stablehlo.convert %[[M1]] : (tensor<8x16xf32>) -> tensor<8x16xf8E4M3>
// CHECK: stablehlo.reduce
// CHECK: %[[WQ:.*]] = stablehlo.convert {{.*}} : (tensor<16x4xf32>) -> tensor<16x4xf8E4M3>
// CHECK: stablehlo.dot_general %[[XQ]], %[[WQ]]
// CHECK: stablehlo.reduce
// CHECK: stablehlo.convert {{.*}} : (tensor<8x4xf32>) -> tensor<8x4xf8E4M3>
// CHECK: %[[S1:.*]] = stablehlo.constant dense<0.0166666675> : tensor<f32>
// CHECK: stablehlo.divide %[[V]], {{.*}} : tensor<4x2xf32>
// CHECK: stablehlo.convert {{.*}} : (tensor<4x2xf32>) -> tensor<4x2xf8E4M3>
// CHECK: stablehlo.dot_general {{.*}} -> tensor<8x2xf32>
// CHECK: %[[S2:.*]] = stablehlo.constant dense<0.0333333351> : tensor<f32>
// CHECK: stablehlo.broadcast_in_dim %[[S2]], dims = [] : (tensor<f32>) -> tensor<8x2xf32>
// CHECK: stablehlo.dot_general {{.*}} -> tensor<8x2xf32>
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %v: tensor<4x2xf32>) -> tensor<8x2xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.dot_general %0, %v, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32> loc("model.py":12:3)
  %2 = stablehlo.dot_general %1, %v, contracting_dims = [1] x [1] : (tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<8x4xf32> loc("dot.7")
  %3 = stablehlo.dot_general %2, %v, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %3 : tensor<8x2xf32>
}
