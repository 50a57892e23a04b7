// RUN: systole-opt %s --systole-decompose-composites --split-input-file | FileCheck %s

// batch_norm_inference as XLA's BatchNormExpander computes it: the
// per-feature factor scale * rsqrt(variance + eps) and shift offset - mean *
// factor on the 1-D operands, then x * factor + shift, broadcast along
// feature_index.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[O:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK:         %[[EPS:.*]] = stablehlo.constant dense<1.000000e-03> : tensor<3xf32>
// CHECK:         %[[VE:.*]] = stablehlo.add %[[V]], %[[EPS]] : tensor<3xf32>
// CHECK:         %[[INV:.*]] = stablehlo.rsqrt %[[VE]] : tensor<3xf32>
// CHECK:         %[[F:.*]] = stablehlo.multiply %[[S]], %[[INV]] : tensor<3xf32>
// CHECK:         %[[MF:.*]] = stablehlo.multiply %[[M]], %[[F]] : tensor<3xf32>
// CHECK:         %[[SH:.*]] = stablehlo.subtract %[[O]], %[[MF]] : tensor<3xf32>
// CHECK:         %[[FB:.*]] = stablehlo.broadcast_in_dim %[[F]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[P:.*]] = stablehlo.multiply %[[X]], %[[FB]] : tensor<2x3x4xf32>
// CHECK:         %[[SB:.*]] = stablehlo.broadcast_in_dim %[[SH]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[R:.*]] = stablehlo.add %[[P]], %[[SB]] : tensor<2x3x4xf32>
// CHECK:         return %[[R]]
// CHECK-NOT:     batch_norm_inference
func.func @batch_norm(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>,
                      %mean: tensor<3xf32>, %var: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}>
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// bf16: the factor, the shift and the per-element multiply and add in f32,
// rounded once to bf16 at the end (as the reference interpreter and XLA).
// CHECK-LABEL: func.func @batch_norm_bf16
// CHECK:         stablehlo.convert %{{.*}} : (tensor<3xbf16>) -> tensor<3xf32>
// CHECK:         stablehlo.rsqrt {{.*}} : tensor<3xf32>
// CHECK:         %[[XF:.*]] = stablehlo.convert %{{.*}} : (tensor<2x3x4xbf16>) -> tensor<2x3x4xf32>
// CHECK:         stablehlo.multiply %[[XF]], {{.*}} : tensor<2x3x4xf32>
// CHECK:         %[[R:.*]] = stablehlo.add {{.*}} : tensor<2x3x4xf32>
// CHECK:         %[[RB:.*]] = stablehlo.convert %[[R]] : (tensor<2x3x4xf32>) -> tensor<2x3x4xbf16>
// CHECK:         return %[[RB]]
func.func @batch_norm_bf16(%x: tensor<2x3x4xbf16>, %scale: tensor<3xbf16>, %offset: tensor<3xbf16>,
                           %mean: tensor<3xbf16>, %var: tensor<3xbf16>) -> tensor<2x3x4xbf16> {
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}>
      : (tensor<2x3x4xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}

// -----

// CHECK-LABEL: func.func @dot_matrix
// CHECK:         stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dot_matrix(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @dot_vector
// CHECK:         stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
func.func @dot_vector(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<f32> {
  %0 = stablehlo.dot %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// clamp with scalar bounds: broadcast, then maximum with the lower bound and
// minimum with the upper one.
// CHECK-LABEL: func.func @clamp_scalar
// CHECK:         %[[LO:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[HI:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[M:.*]] = stablehlo.maximum %arg1, %[[LO]] : tensor<4xf32>
// CHECK:         %[[R:.*]] = stablehlo.minimum %[[M]], %[[HI]] : tensor<4xf32>
// CHECK:         return %[[R]]
func.func @clamp_scalar(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @clamp_tensor
// CHECK-NOT:     broadcast_in_dim
// CHECK:         %[[M:.*]] = stablehlo.maximum %arg1, %arg0 : tensor<4xi32>
// CHECK:         stablehlo.minimum %[[M]], %arg2 : tensor<4xi32>
func.func @clamp_tensor(%lo: tensor<4xi32>, %x: tensor<4xi32>, %hi: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.clamp %lo, %x, %hi : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// logistic is kept: it is one activation-engine instruction.
// CHECK-LABEL: func.func @logistic
// CHECK:         stablehlo.logistic
func.func @logistic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.logistic %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// select_and_scatter is unrolled over its window's two positions: the
// operand at each offset (strided slices), the select region run by a map,
// the offset taken where it returns false; then, offsets in decreasing
// order, each window's source value placed at its selected position (pad
// with interior padding) and combined there by the scatter region.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK-DAG:     %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<2xi32>
// CHECK-DAG:     %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<2xi32>
// CHECK-DAG:     %[[INIT:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[X0:.*]] = stablehlo.slice %arg0 [0:3:2]
// CHECK:         %[[X1:.*]] = stablehlo.slice %arg0 [1:4:2]
// CHECK:         %[[KEEP:.*]] = "stablehlo.map"(%[[X0]], %[[X1]])
// CHECK:           stablehlo.compare GE
// CHECK:         %[[TAKE:.*]] = stablehlo.not %[[KEEP]]
// CHECK:         %[[IDX:.*]] = stablehlo.select %[[TAKE]], %[[ONE]], %[[ZERO]]
// CHECK:         %[[AT1:.*]] = stablehlo.compare EQ, %[[IDX]], %[[ONE]]
// CHECK:         %[[M1:.*]] = stablehlo.pad %[[AT1]], %{{.*}}, low = [1], high = [0], interior = [1]
// CHECK:         %[[S1:.*]] = stablehlo.pad %arg1, %{{.*}}, low = [1], high = [0], interior = [1]
// CHECK:         %[[C1:.*]] = "stablehlo.map"(%[[INIT]], %[[S1]])
// CHECK:           stablehlo.add
// CHECK:         %[[R1:.*]] = stablehlo.select %[[M1]], %[[C1]], %[[INIT]]
// CHECK:         %[[AT0:.*]] = stablehlo.compare EQ, %[[IDX]], %[[ZERO]]
// CHECK:         %[[M0:.*]] = stablehlo.pad %[[AT0]], %{{.*}}, low = [0], high = [1], interior = [1]
// CHECK:         %[[S0:.*]] = stablehlo.pad %arg1, %{{.*}}, low = [0], high = [1], interior = [1]
// CHECK:         %[[C0:.*]] = "stablehlo.map"(%[[R1]], %[[S0]])
// CHECK:         %[[R0:.*]] = stablehlo.select %[[M0]], %[[C0]], %[[R1]]
// CHECK:         return %[[R0]]
func.func @select_and_scatter(%x: tensor<4xf32>, %g: tensor<2xf32>, %i: tensor<f32>) -> tensor<4xf32> {
  %r = "stablehlo.select_and_scatter"(%x, %g, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// With padding, the operand and a validity mask are padded first; the
// result drops the padding again (a slice of each placed tensor).
// CHECK-LABEL: func.func @select_and_scatter_padded
// CHECK:         stablehlo.pad %arg0, %{{.*}}, low = [1], high = [1], interior = [0]
// CHECK:         %[[VALID:.*]] = stablehlo.pad %{{.*}}, %{{.*}}, low = [1], high = [1], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<5xi1>
// CHECK:         stablehlo.slice %[[VALID]] [0:3:2]
// CHECK:         stablehlo.and
// CHECK:         stablehlo.slice %{{.*}} [1:4]
// CHECK-NOT:     stablehlo.select_and_scatter
func.func @select_and_scatter_padded(%x: tensor<3xi32>, %g: tensor<2xi32>, %i: tensor<i32>) -> tensor<3xi32> {
  %r = "stablehlo.select_and_scatter"(%x, %g, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3xi32>, tensor<2xi32>, tensor<i32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// A window of more than 64 positions is left as it is.
// CHECK-LABEL: func.func @select_and_scatter_large_window
// CHECK:         stablehlo.select_and_scatter
func.func @select_and_scatter_large_window(%x: tensor<65xf32>, %g: tensor<1xf32>, %i: tensor<f32>) -> tensor<65xf32> {
  %r = "stablehlo.select_and_scatter"(%x, %g, %i) <{window_dimensions = array<i64: 65>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<65xf32>, tensor<1xf32>, tensor<f32>) -> tensor<65xf32>
  return %r : tensor<65xf32>
}

// -----

// reduce_precision to e5m7 on f32: rounded through bf16, then e5's range:
// 2^16 and above become inf of y's sign, below 2^-14 - 2^-23 zero of x's;
// a NaN is returned as it is (its payload whole).
// CHECK-LABEL: func.func @reduce_precision_e5m7
// CHECK-DAG:     stablehlo.constant dense<6.0915947E-5> : tensor<4xf32>
// CHECK-DAG:     stablehlo.constant dense<6.553600e+04> : tensor<4xf32>
// CHECK:         %[[B:.*]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK:         %[[Y:.*]] = stablehlo.convert %[[B]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:         stablehlo.compare LT, %[[Y]]
// CHECK:         %[[AY:.*]] = stablehlo.abs %[[Y]]
// CHECK:         %[[OV:.*]] = stablehlo.compare GE, %[[AY]], %{{.*}}
// CHECK:         %[[Y2:.*]] = stablehlo.select %[[OV]], %{{.*}}, %[[Y]]
// CHECK:         %[[AX:.*]] = stablehlo.abs %arg0
// CHECK:         %[[UN:.*]] = stablehlo.compare LT, %[[AX]], %{{.*}}
// CHECK:         %[[Z:.*]] = stablehlo.multiply %arg0
// CHECK:         %[[Y3:.*]] = stablehlo.select %[[UN]], %[[Z]], %[[Y2]]
// CHECK:         %[[NAN:.*]] = stablehlo.compare NE, %arg0, %arg0
// CHECK:         %[[R:.*]] = stablehlo.select %[[NAN]], %arg0, %[[Y3]]
// CHECK:         return %[[R]]
func.func @reduce_precision_e5m7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce_precision %x, format = e5m7 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A format as wide as the operand's is the identity; a fraction width no
// conversion rounds to (5) is kept for the `linalg` phase to report.
// CHECK-LABEL: func.func @reduce_precision_kept
// CHECK-NOT:     stablehlo.reduce_precision %arg0, format = e8m10
// CHECK:         %[[R:.*]] = stablehlo.reduce_precision %arg1, format = e8m5
// CHECK:         return %arg0, %[[R]]
func.func @reduce_precision_kept(%x: tensor<4xf16>, %y: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf32>) {
  %0 = stablehlo.reduce_precision %x, format = e8m10 : tensor<4xf16>
  %1 = stablehlo.reduce_precision %y, format = e8m5 : tensor<4xf32>
  return %0, %1 : tensor<4xf16>, tensor<4xf32>
}

// -----

// triangular_solve, left side, lower: the lower triangle of %a kept, then
// row 0 = b_0 / a_00 and row 1 = (b_1 - a_10 . row 0) / a_11.
// CHECK-LABEL: func.func @triangular_solve
// CHECK: %[[LE:.*]] = stablehlo.compare LE, %[[COL:.*]], %[[ROW:.*]] :
// CHECK: %[[A:.*]] = stablehlo.select %[[LE]], %arg0, %{{.*}}
// CHECK: %[[B0:.*]] = stablehlo.slice %arg1 [0:1, 0:3]
// CHECK: %[[A00:.*]] = stablehlo.slice %[[A]] [0:1, 0:1]
// CHECK: %[[D0:.*]] = stablehlo.broadcast_in_dim %[[A00]]
// CHECK: %[[X0:.*]] = stablehlo.divide %[[B0]], %[[D0]]
// CHECK: %[[B1:.*]] = stablehlo.slice %arg1 [1:2, 0:3]
// CHECK: %[[A10:.*]] = stablehlo.slice %[[A]] [1:2, 0:1]
// CHECK: %[[DOT:.*]] = stablehlo.dot_general %[[A10]], %[[X0]], contracting_dims = [1] x [0]
// CHECK: %[[R1:.*]] = stablehlo.subtract %[[B1]], %[[DOT]]
// CHECK: %[[A11:.*]] = stablehlo.slice %[[A]] [1:2, 1:2]
// CHECK: %[[D1:.*]] = stablehlo.broadcast_in_dim %[[A11]]
// CHECK: %[[X1:.*]] = stablehlo.divide %[[R1]], %[[D1]]
// CHECK: %[[X:.*]] = stablehlo.concatenate %[[X0]], %[[X1]], dim = 0
// CHECK: return %[[X]]
func.func @triangular_solve(%a: tensor<2x2xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %x = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_training: mean and biased variance over every dim but the
// feature dim (8 elements each), then (x - mean) * scale * rsqrt(var + eps)
// + offset; the results are y, mean and variance.
// CHECK-LABEL: func.func @batch_norm_training
// CHECK-DAG: %[[EPS:.*]] = stablehlo.constant dense<9.99999974E-6> : tensor<3xf32>
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<8.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[S:.*]] = stablehlo.reduce(%arg0 init: %[[Z]]) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK: %[[MEAN:.*]] = stablehlo.divide %[[S]], %[[N]] : tensor<3xf32>
// CHECK: %[[MB:.*]] = stablehlo.broadcast_in_dim %[[MEAN]], dims = [1]
// CHECK: %[[C:.*]] = stablehlo.subtract %arg0, %[[MB]] : tensor<2x3x4xf32>
// CHECK: %[[SQ:.*]] = stablehlo.multiply %[[C]], %[[C]] : tensor<2x3x4xf32>
// CHECK: %[[SS:.*]] = stablehlo.reduce(%[[SQ]] init: %[[Z]]) applies stablehlo.add across dimensions = [0, 2]
// CHECK: %[[VAR:.*]] = stablehlo.divide %[[SS]], %[[N]] : tensor<3xf32>
// CHECK: %[[VE:.*]] = stablehlo.add %[[VAR]], %[[EPS]] : tensor<3xf32>
// CHECK: %[[INV:.*]] = stablehlo.rsqrt %[[VE]] : tensor<3xf32>
// CHECK: %[[F:.*]] = stablehlo.multiply %arg1, %[[INV]] : tensor<3xf32>
// CHECK: %[[FB:.*]] = stablehlo.broadcast_in_dim %[[F]], dims = [1]
// CHECK: %[[Y0:.*]] = stablehlo.multiply %[[C]], %[[FB]] : tensor<2x3x4xf32>
// CHECK: %[[OB:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [1]
// CHECK: %[[Y:.*]] = stablehlo.add %[[Y0]], %[[OB]] : tensor<2x3x4xf32>
// CHECK: return %[[Y]], %[[MEAN]], %[[VAR]]
func.func @batch_norm_training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// batch_norm_grad on bf16, in f32: doffset = sum(dy), dscale = sum(dy * (x
// - mean)) * inv, dx = scale * inv * (dy - doffset / N - (x - mean) * inv *
// dscale / N), each rounded once to bf16.
// CHECK-LABEL: func.func @batch_norm_grad
// CHECK: %[[DY:.*]] = stablehlo.convert %arg4 : (tensor<2x3xbf16>) -> tensor<2x3xf32>
// CHECK: %[[INV:.*]] = stablehlo.rsqrt
// CHECK: %[[C:.*]] = stablehlo.subtract
// CHECK: %[[DO:.*]] = stablehlo.reduce(%[[DY]] init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK: %[[P:.*]] = stablehlo.multiply %[[DY]], %[[C]] : tensor<2x3xf32>
// CHECK: %[[PS:.*]] = stablehlo.reduce(%[[P]] init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// CHECK: %[[DS:.*]] = stablehlo.multiply %[[PS]], %[[INV]] : tensor<3xf32>
// CHECK: %[[DX:.*]] = stablehlo.convert %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
// CHECK: %[[DSO:.*]] = stablehlo.convert %[[DS]] : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK: %[[DOO:.*]] = stablehlo.convert %[[DO]] : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK: return %[[DX]], %[[DSO]], %[[DOO]]
func.func @batch_norm_grad(%x: tensor<2x3xbf16>, %s: tensor<3xbf16>, %m: tensor<3xbf16>, %v: tensor<3xbf16>, %g: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>) {
  %r:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>)
  return %r#0, %r#1, %r#2 : tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>
}

// -----

// batch_group_count 2: the input's batch and the kernel's output features
// split in two, two convolutions, concatenated along the output features.
// CHECK-LABEL: func.func @batch_groups
// CHECK: %[[L0:.*]] = stablehlo.slice %arg0 [0:1, 0:5, 0:5, 0:8]
// CHECK: %[[R0:.*]] = stablehlo.slice %arg1 [0:3, 0:3, 0:8, 0:4]
// CHECK: %[[C0:.*]] = stablehlo.convolution(%[[L0]], %[[R0]]) {{.*}}batch_group_count = 1 : i64{{.*}} -> tensor<1x3x3x4xf32>
// CHECK: %[[L1:.*]] = stablehlo.slice %arg0 [1:2, 0:5, 0:5, 0:8]
// CHECK: %[[R1:.*]] = stablehlo.slice %arg1 [0:3, 0:3, 0:8, 4:8]
// CHECK: %[[C1:.*]] = stablehlo.convolution(%[[L1]], %[[R1]]) {{.*}}batch_group_count = 1 : i64{{.*}} -> tensor<1x3x3x4xf32>
// CHECK: %[[R:.*]] = stablehlo.concatenate %[[C0]], %[[C1]], dim = 3
// CHECK: return %[[R]]
func.func @batch_groups(%x: tensor<2x5x5x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x3x3x8xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x5x5x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x3x3x8xf32>
  return %r : tensor<1x3x3x8xf32>
}

// -----

// cholesky by columns: column 0 is a[:, 0] / sqrt(a[0, 0]); column 1 takes
// off the dot of the rows with row 1 of the columns so far; NaN everywhere
// unless every pivot is positive.
// CHECK-LABEL: func.func @cholesky
// CHECK-DAG: %[[NAN:.*]] = stablehlo.constant dense<0x7FC00000> : tensor<2x2xf32>
// CHECK: %[[A0:.*]] = stablehlo.slice %arg0 [0:2, 0:1]
// CHECK: %[[P0:.*]] = stablehlo.slice %[[A0]] [0:1, 0:1]
// CHECK: %[[OK0:.*]] = stablehlo.compare  GT, %[[P0]]
// CHECK: %[[D0:.*]] = stablehlo.sqrt %[[P0]]
// CHECK: stablehlo.select
// CHECK: %[[C0:.*]] = stablehlo.select
// CHECK: %[[A1:.*]] = stablehlo.slice %arg0 [0:2, 1:2]
// CHECK: %[[R1:.*]] = stablehlo.slice %[[C0]] [1:2, 0:1]
// CHECK: %[[DOT:.*]] = stablehlo.dot_general %[[C0]], %[[R1]], contracting_dims = [1] x [1]
// CHECK: %[[T1:.*]] = stablehlo.subtract %[[A1]], %[[DOT]]
// CHECK: %[[OK:.*]] = stablehlo.and %[[OK0]], %{{.*}} : tensor<1x1xi1>
// CHECK: %[[L:.*]] = stablehlo.concatenate %[[C0]], %{{.*}}, dim = 1
// CHECK: %[[OKB:.*]] = stablehlo.broadcast_in_dim %[[OK]], dims = [0, 1] : (tensor<1x1xi1>) -> tensor<2x2xi1>
// CHECK: %[[R:.*]] = stablehlo.select %[[OKB]], %[[L]], %[[NAN]]
// CHECK: return %[[R]]
func.func @cholesky(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %l : tensor<2x2xf32>
}
