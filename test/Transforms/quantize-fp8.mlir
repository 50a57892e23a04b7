// The `quantize` phase (DESIGN section 5): dot_general and convolution run on
// FP8 operands. The expected FP8 values and scales below are computed by hand:
// a weight channel with absmax a has scale a / max (max = 240 for e4m3, 57344
// for e5m2) and w / scale rounded to the nearest FP8 value.
// RUN: systole-opt %s --split-input-file --systole-quantize | FileCheck %s
// RUN: systole-opt %s --split-input-file --systole-quantize=format=e5m2 | FileCheck %s --check-prefix=E5M2

// A constant weight gets one scale per output channel (its N columns):
// column 0 has absmax 2 (scale 2/240), column 1 absmax 0.5 (scale 0.5/240),
// so 1 -> 120, -2 -> -240, 0.5 -> 240 and 0.25 -> 120. The activation gets
// one scale computed on the device: max over |x| / 240, at least 2^-100.
// CHECK-LABEL: func.func @weights
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[XB:.*]] = stablehlo.convert %[[X]] : (tensor<4x2xf32>) -> tensor<4x2xbf16>
// CHECK: %[[FLAT:.*]] = stablehlo.reshape %[[XB]] : (tensor<4x2xbf16>) -> tensor<8xbf16>
// CHECK: %[[ABS:.*]] = stablehlo.abs %[[FLAT]] : tensor<8xbf16>
// CHECK: %[[MAX:.*]] = stablehlo.constant dense<2.400000e+02> : tensor<8xf32>
// CHECK: %[[ABSF:.*]] = stablehlo.convert %[[ABS]] : (tensor<8xbf16>) -> tensor<8xf32>
// CHECK: %[[DIV:.*]] = stablehlo.divide %[[ABSF]], %[[MAX]]
// CHECK: %[[FLOOR:.*]] = stablehlo.constant dense<7.88860905E-31> : tensor<f32>
// CHECK: %[[S:.*]] = stablehlo.reduce(%[[DIV]] init: %[[FLOOR]]) applies stablehlo.maximum across dimensions = [0]
// CHECK: %[[SB:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<4x2xf32>
// CHECK: %[[XF:.*]] = stablehlo.convert %[[XB]] : (tensor<4x2xbf16>) -> tensor<4x2xf32>
// CHECK: %[[XS:.*]] = stablehlo.divide %[[XF]], %[[SB]] : tensor<4x2xf32>
// CHECK: %[[XQ:.*]] = stablehlo.convert %[[XS]] : (tensor<4x2xf32>) -> tensor<4x2xf8E4M3>
// CHECK: %[[WQ:.*]] = stablehlo.constant dense<{{\[\[}}1.200000e+02, 2.400000e+02], [-2.400000e+02, 1.200000e+02]]> : tensor<2x2xf8E4M3>
// CHECK: %[[WS:.*]] = stablehlo.constant dense<[0.00833333377, 0.00208333344]> : tensor<2xf32>
// CHECK: %[[DOT:.*]] = stablehlo.dot_general %[[XQ]], %[[WQ]], contracting_dims = [1] x [0] : (tensor<4x2xf8E4M3>, tensor<2x2xf8E4M3>) -> tensor<4x2xf32>
// CHECK: %[[SB2:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<4x2xf32>
// CHECK: %[[R1:.*]] = stablehlo.multiply %[[DOT]], %[[SB2]] : tensor<4x2xf32>
// CHECK: %[[WB:.*]] = stablehlo.broadcast_in_dim %[[WS]], dims = [1] : (tensor<2xf32>) -> tensor<4x2xf32>
// CHECK: %[[R:.*]] = stablehlo.multiply %[[R1]], %[[WB]] : tensor<4x2xf32>
// CHECK: %[[OUT:.*]] = stablehlo.convert %[[R]] : (tensor<4x2xf32>) -> tensor<4x2xbf16>
// CHECK: return %[[OUT]]
// CHECK-NOT: tensor<2x2xbf16>
func.func @weights(%x: tensor<4x2xf32>) -> tensor<4x2xbf16> {
  %w = stablehlo.constant dense<[[1.0, 0.5], [-2.0, 0.25]]> : tensor<2x2xbf16>
  %xb = stablehlo.convert %x : (tensor<4x2xf32>) -> tensor<4x2xbf16>
  %0 = stablehlo.dot_general %xb, %w, contracting_dims = [1] x [0] : (tensor<4x2xbf16>, tensor<2x2xbf16>) -> tensor<4x2xbf16>
  return %0 : tensor<4x2xbf16>
}

// -----

// A convolution kernel's channels are its output features (o): o = 0 has
// absmax 1, o = 1 absmax 8, broadcast along the result's feature dim (3). An
// all-zero channel (o = 2) keeps scale 1 and zeros. In e5m2 (max 57344),
// 3 / (8 / 57344) = 21504 rounds to 20480 (two mantissa bits).
// CHECK-LABEL: func.func @conv
// CHECK: stablehlo.constant dense<{{.*}}> : tensor<2x2x2x3xf8E4M3>
// CHECK: %[[KS:.*]] = stablehlo.constant dense<[0.00416666688, 0.0333333351, 1.000000e+00]> : tensor<3xf32>
// CHECK: %[[CONV:.*]] = stablehlo.convolution({{.*}}) {{.*}} : (tensor<1x4x4x2xf8E4M3>, tensor<2x2x2x3xf8E4M3>) -> tensor<1x3x3x3xf32>
// CHECK: %[[R1:.*]] = stablehlo.multiply %[[CONV]], {{.*}} : tensor<1x3x3x3xf32>
// CHECK: %[[KB:.*]] = stablehlo.broadcast_in_dim %[[KS]], dims = [3] : (tensor<3xf32>) -> tensor<1x3x3x3xf32>
// CHECK: stablehlo.multiply %[[R1]], %[[KB]] : tensor<1x3x3x3xf32>
// E5M2-LABEL: func.func @conv
// E5M2: stablehlo.constant dense<{{\[\[\[\[}}5.734400e+04, 2.867200e+04, 0.000000e+00], [0.000000e+00, -5.734400e+04, 0.000000e+00]], {{\[\[}}2.867200e+04, 1.433600e+04, 0.000000e+00], [0.000000e+00, 7.168000e+03, 0.000000e+00]]], {{\[\[\[}}1.433600e+04, -7.168000e+03, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]], {{\[\[}}5.734400e+04, 8.960000e+02, 0.000000e+00], [0.000000e+00, 2.048000e+04, 0.000000e+00]]]]> : tensor<2x2x2x3xf8E5M2>
// E5M2: stablehlo.constant dense<[1.74386169E-5, 1.39508935E-4, 1.000000e+00]> : tensor<3xf32>
func.func @conv(%x: tensor<1x4x4x2xf32>) -> tensor<1x3x3x3xf32> {
  %k = stablehlo.constant dense<[[[[1.0, 4.0, 0.0], [0.0, -8.0, 0.0]], [[0.5, 2.0, 0.0], [0.0, 1.0, 0.0]]], [[[0.25, -1.0, 0.0], [0.0, 0.0, 0.0]], [[1.0, 0.125, 0.0], [0.0, 3.0, 0.0]]]]> : tensor<2x2x2x3xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

// -----

// Two activations: one scale each, applied one after the other.
// A large operand's absmax is taken over rows of at most 4096 elements
// first ([256 x 8192] viewed as [512 x 4096]), in its own type.
// CHECK-LABEL: func.func @activations
// CHECK: stablehlo.reshape %{{.*}} : (tensor<256x8192xbf16>) -> tensor<512x4096xbf16>
// CHECK: stablehlo.reduce({{.*}}) applies stablehlo.maximum across dimensions = [1] : (tensor<512x4096xbf16>, tensor<bf16>) -> tensor<512xbf16>
// CHECK: stablehlo.reduce({{.*}}) applies stablehlo.maximum across dimensions = [0] : (tensor<512xf32>, tensor<f32>) -> tensor<f32>
// CHECK: %[[A:.*]] = stablehlo.convert {{.*}} : (tensor<256x8192xf32>) -> tensor<256x8192xf8E4M3>
// CHECK: %[[B:.*]] = stablehlo.convert {{.*}} : (tensor<8192x16xf32>) -> tensor<8192x16xf8E4M3>
// CHECK: stablehlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [0] : (tensor<256x8192xf8E4M3>, tensor<8192x16xf8E4M3>) -> tensor<256x16xf32>
// CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<256x16xf32>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<256x16xf32>
// CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<256x16xf32>
// CHECK: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<256x16xf32>
func.func @activations(%a: tensor<256x8192xbf16>, %w: tensor<8192x16xbf16>) -> tensor<256x16xbf16> {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<256x8192xbf16>, tensor<8192x16xbf16>) -> tensor<256x16xbf16>
  return %0 : tensor<256x16xbf16>
}

// -----

// Batch dims of a constant operand are channels too (one scale per batch
// entry and output column), mapped to the result's batch dim 0 and column
// dim 2. FP8 operands and integer ops are left alone.
// CHECK-LABEL: func.func @batched_weight
// CHECK: %[[WS:.*]] = stablehlo.constant dense<{{\[\[}}0.00416666688, 0.00833333377], [0.0166666675, 1.000000e+00]]> : tensor<2x2xf32>
// CHECK: stablehlo.broadcast_in_dim %[[WS]], dims = [0, 2] : (tensor<2x2xf32>) -> tensor<2x3x2xf32>
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x4xf8E4M3>, tensor<4x4xf8E4M3>) -> tensor<4x4xf32>
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
func.func @batched_weight(%a: tensor<2x3x4xf32>, %q: tensor<4x4xf8E4M3>, %i: tensor<4x4xi32>) -> (tensor<2x3x2xf32>, tensor<4x4xf32>, tensor<4x4xi32>) {
  %w = stablehlo.constant dense<[[[1.0, 0.0], [0.5, 2.0], [0.0, 0.0], [0.0, 1.0]], [[-4.0, 0.0], [0.0, 0.0], [2.0, 0.0], [0.0, 0.0]]]> : tensor<2x4x2xf32>
  %0 = stablehlo.dot_general %a, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x2xf32>) -> tensor<2x3x2xf32>
  %1 = stablehlo.dot_general %q, %q, contracting_dims = [1] x [0] : (tensor<4x4xf8E4M3>, tensor<4x4xf8E4M3>) -> tensor<4x4xf32>
  %2 = stablehlo.dot_general %i, %i, contracting_dims = [1] x [0] : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0, %1, %2 : tensor<2x3x2xf32>, tensor<4x4xf32>, tensor<4x4xi32>
}

// -----

// A constant read through a transpose (PyTorch's `x @ W.T`) is still a
// constant: its data is transposed on the host and quantized per output
// channel (W's rows: absmax 2 and 0.5), and the transpose goes.
// CHECK-LABEL: func.func @transposed_weight
// CHECK: %[[WQ:.*]] = stablehlo.constant dense<{{\[\[}}1.200000e+02, 2.400000e+02], [-2.400000e+02, 1.200000e+02]]> : tensor<2x2xf8E4M3>
// CHECK: %[[WS:.*]] = stablehlo.constant dense<[0.00833333377, 0.00208333344]> : tensor<2xf32>
// CHECK: stablehlo.dot_general %{{.*}}, %[[WQ]]
// CHECK: stablehlo.broadcast_in_dim %[[WS]], dims = [1] : (tensor<2xf32>) -> tensor<4x2xf32>
// CHECK-NOT: stablehlo.transpose
func.func @transposed_weight(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %w = stablehlo.constant dense<[[1.0, -2.0], [0.5, 0.25]]> : tensor<2x2xf32>
  %t = stablehlo.transpose %w, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %0 = stablehlo.dot_general %x, %t, contracting_dims = [1] x [0] : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Empty operands are left alone.
// CHECK-LABEL: func.func @empty
// CHECK: stablehlo.dot_general %{{.*}}, %{{.*}} : (tensor<3x0xf32>, tensor<0x2xf32>) -> tensor<3x2xf32>
func.func @empty(%x: tensor<3x0xf32>) -> tensor<3x2xf32> {
  %w = stablehlo.constant dense<> : tensor<0x2xf32>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3x0xf32>, tensor<0x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
