// RUN: systole-opt %s --systole-collapse-transpose-dims --split-input-file | FileCheck %s

// Perm [3, 0, 1, 2] keeps dims 0, 1, 2 together: a 2-D transpose of
// [128 * 8 * 16, 64].
// CHECK-LABEL: func.func @runs
// CHECK-SAME:    (%[[X:.*]]: tensor<128x8x16x64xf32>)
// CHECK:         %[[A:.*]] = stablehlo.reshape %[[X]] : (tensor<128x8x16x64xf32>) -> tensor<16384x64xf32>
// CHECK-NEXT:    %[[T:.*]] = stablehlo.transpose %[[A]], dims = [1, 0] : (tensor<16384x64xf32>) -> tensor<64x16384xf32>
// CHECK-NEXT:    %[[R:.*]] = stablehlo.reshape %[[T]] : (tensor<64x16384xf32>) -> tensor<64x128x8x16xf32>
// CHECK-NEXT:    return %[[R]]
func.func @runs(%x: tensor<128x8x16x64xf32>) -> tensor<64x128x8x16xf32> {
  %0 = stablehlo.transpose %x, dims = [3, 0, 1, 2] : (tensor<128x8x16x64xf32>) -> tensor<64x128x8x16xf32>
  return %0 : tensor<64x128x8x16xf32>
}

// -----

// Two runs and a unit dim between them: [2, 3] and [16] swap, the unit dim
// left out.
// CHECK-LABEL: func.func @unit_between
// CHECK:         stablehlo.reshape {{.*}} : (tensor<2x3x1x16xf32>) -> tensor<6x16xf32>
// CHECK-NEXT:    stablehlo.transpose {{.*}}, dims = [1, 0] : (tensor<6x16xf32>) -> tensor<16x6xf32>
// CHECK-NEXT:    stablehlo.reshape {{.*}} : (tensor<16x6xf32>) -> tensor<1x16x2x3xf32>
func.func @unit_between(%x: tensor<2x3x1x16xf32>) -> tensor<1x16x2x3xf32> {
  %0 = stablehlo.transpose %x, dims = [2, 3, 0, 1] : (tensor<2x3x1x16xf32>) -> tensor<1x16x2x3xf32>
  return %0 : tensor<1x16x2x3xf32>
}

// -----

// Only unit dims move: a reshape.
// CHECK-LABEL: func.func @units_only
// CHECK-NOT:     stablehlo.transpose
// CHECK:         stablehlo.reshape {{.*}} : (tensor<1x4x1x6xbf16>) -> tensor<4x1x6x1xbf16>
func.func @units_only(%x: tensor<1x4x1x6xbf16>) -> tensor<4x1x6x1xbf16> {
  %0 = stablehlo.transpose %x, dims = [1, 0, 3, 2] : (tensor<1x4x1x6xbf16>) -> tensor<4x1x6x1xbf16>
  return %0 : tensor<4x1x6x1xbf16>
}

// -----

// Left alone: no two dims stay adjacent (attention's heads-first
// transpose [0, 2, 1, 3]), also with a unit batch dim (dropping it alone
// gains nothing, and reshapes would stand between the transpose and the
// elementwise ops it fuses with), a plain 2-D transpose, and NHWC to NCHW
// of 3 channels (a contiguous dim under 8 elements moves: `ncore` loads the
// 4-D form in rows of w x c, the merged 2-D one an element at a time).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     stablehlo.reshape
// CHECK:         stablehlo.transpose {{.*}}, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
// CHECK:         stablehlo.transpose {{.*}}, dims = [0, 2, 1, 3] : (tensor<1x50x4x64xf32>) -> tensor<1x4x50x64xf32>
// CHECK:         stablehlo.transpose {{.*}}, dims = [1, 0] : (tensor<7x9xf32>) -> tensor<9x7xf32>
// CHECK:         stablehlo.transpose {{.*}}, dims = [0, 3, 1, 2] : (tensor<2x32x32x3xf32>) -> tensor<2x3x32x32xf32>
func.func @left_alone(%x: tensor<2x50x4x64xf32>, %w: tensor<1x50x4x64xf32>, %y: tensor<7x9xf32>, %i: tensor<2x32x32x3xf32>) -> (tensor<2x4x50x64xf32>, tensor<1x4x50x64xf32>, tensor<9x7xf32>, tensor<2x3x32x32xf32>) {
  %0 = stablehlo.transpose %x, dims = [0, 2, 1, 3] : (tensor<2x50x4x64xf32>) -> tensor<2x4x50x64xf32>
  %1 = stablehlo.transpose %w, dims = [0, 2, 1, 3] : (tensor<1x50x4x64xf32>) -> tensor<1x4x50x64xf32>
  %2 = stablehlo.transpose %y, dims = [1, 0] : (tensor<7x9xf32>) -> tensor<9x7xf32>
  %3 = stablehlo.transpose %i, dims = [0, 3, 1, 2] : (tensor<2x32x32x3xf32>) -> tensor<2x3x32x32xf32>
  return %0, %1, %2, %3 : tensor<2x4x50x64xf32>, tensor<1x4x50x64xf32>, tensor<9x7xf32>, tensor<2x3x32x32xf32>
}

// -----

// Transposes of transposes compose (Llama's key cache goes [1, 24, 15,
// 128] -> [15, 1, 24, 128] -> [1, 24, 15, 128] -> [1, 15, 24, 128]): one
// transpose is left, and none where two undo each other.
// CHECK-LABEL: func.func @chains
// CHECK-SAME:    (%[[X:.*]]: tensor<1x24x15x128xbf16>, %[[Y:.*]]: tensor<3x5x7xf32>)
// CHECK:         %[[T:.*]] = stablehlo.transpose %[[X]], dims = [0, 2, 1, 3] : (tensor<1x24x15x128xbf16>) -> tensor<1x15x24x128xbf16>
// CHECK-NEXT:    return %[[T]], %[[Y]]
func.func @chains(%x: tensor<1x24x15x128xbf16>, %y: tensor<3x5x7xf32>) -> (tensor<1x15x24x128xbf16>, tensor<3x5x7xf32>) {
  %0 = stablehlo.transpose %x, dims = [2, 0, 1, 3] : (tensor<1x24x15x128xbf16>) -> tensor<15x1x24x128xbf16>
  %1 = stablehlo.transpose %0, dims = [1, 2, 0, 3] : (tensor<15x1x24x128xbf16>) -> tensor<1x24x15x128xbf16>
  %2 = stablehlo.transpose %1, dims = [0, 2, 1, 3] : (tensor<1x24x15x128xbf16>) -> tensor<1x15x24x128xbf16>
  %3 = stablehlo.transpose %y, dims = [2, 0, 1] : (tensor<3x5x7xf32>) -> tensor<7x3x5xf32>
  %4 = stablehlo.transpose %3, dims = [1, 2, 0] : (tensor<7x3x5xf32>) -> tensor<3x5x7xf32>
  return %2, %4 : tensor<1x15x24x128xbf16>, tensor<3x5x7xf32>
}
