// RUN: systole-opt %s --systole-widen-mixed-contractions --split-input-file | FileCheck %s

// bf16 x f32: the bf16 lhs is converted to f32.
// CHECK-LABEL: func.func @bf16_lhs
// CHECK-SAME:    (%[[A:.*]]: tensor<4x64x128xbf16>, %[[B:.*]]: tensor<128x96xf32>)
// CHECK:         %[[W:.*]] = stablehlo.convert %[[A]] : (tensor<4x64x128xbf16>) -> tensor<4x64x128xf32>
// CHECK-NEXT:    stablehlo.dot_general %[[W]], %[[B]], contracting_dims = [2] x [0] : (tensor<4x64x128xf32>, tensor<128x96xf32>) -> tensor<4x64x96xf32>
func.func @bf16_lhs(%a: tensor<4x64x128xbf16>, %b: tensor<128x96xf32>) -> tensor<4x64x96xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<4x64x128xbf16>, tensor<128x96xf32>) -> tensor<4x64x96xf32>
  return %0 : tensor<4x64x96xf32>
}

// -----

// f32 x f16 `dot` with an f16 result: the f16 rhs is converted; the result
// type stays.
// CHECK-LABEL: func.func @f16_rhs
// CHECK-SAME:    (%[[A:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<16xf16>)
// CHECK:         %[[W:.*]] = stablehlo.convert %[[B]] : (tensor<16xf16>) -> tensor<16xf32>
// CHECK-NEXT:    stablehlo.dot %[[A]], %[[W]] : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf16>
func.func @f16_rhs(%a: tensor<8x16xf32>, %b: tensor<16xf16>) -> tensor<8xf16> {
  %0 = stablehlo.dot %a, %b : (tensor<8x16xf32>, tensor<16xf16>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// A convolution of a bf16 image with f32 weights.
// CHECK-LABEL: func.func @convolution
// CHECK:         %[[W:.*]] = stablehlo.convert %{{.*}} : (tensor<1x3x8x8xbf16>) -> tensor<1x3x8x8xf32>
// CHECK-NEXT:    stablehlo.convolution(%[[W]], %{{.*}}) {{.*}} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
func.func @convolution(%x: tensor<1x3x8x8xbf16>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xbf16>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// f32 x f64: the f32 operand is widened to f64 (which `systole-narrow-types`
// later narrows back, with its warning).
// CHECK-LABEL: func.func @f64
// CHECK:         stablehlo.convert %{{.*}} : (tensor<4x8xf32>) -> tensor<4x8xf64>
func.func @f64(%a: tensor<4x8xf32>, %b: tensor<8x2xf64>) -> tensor<4x2xf64> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf64>) -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}

// -----

// Two narrow floats (the tensor engine takes bf16 x f16 and fp8 x bf16 as
// they are), one element type, and integers: unchanged.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT:     stablehlo.convert
// CHECK-COUNT-4: stablehlo.dot_general
// CHECK-NOT:     stablehlo.convert
func.func @unchanged(%a: tensor<4x8xbf16>, %b: tensor<8x2xf16>, %c: tensor<4x8xf8E4M3FN>,
                     %d: tensor<8x2xbf16>, %e: tensor<4x8xf32>, %f: tensor<8x2xf32>,
                     %g: tensor<4x8xi8>, %h: tensor<8x2xi32>)
    -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xi32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x2xf16>) -> tensor<4x2xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<4x8xf8E4M3FN>, tensor<8x2xbf16>) -> tensor<4x2xf32>
  %2 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %3 = stablehlo.dot_general %g, %h, contracting_dims = [1] x [0] : (tensor<4x8xi8>, tensor<8x2xi32>) -> tensor<4x2xi32>
  return %0, %1, %2, %3 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xi32>
}
