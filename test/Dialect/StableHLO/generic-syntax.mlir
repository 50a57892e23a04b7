// The generic form in both spellings of inherent attributes: properties
// `<{...}>` and the older attribute dictionary after the operands/regions
// (what older JAX and PyTorch/XLA exports print). Each reads as the op and
// prints in its pretty form.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @attribute_dictionary(%x: tensor<2x3xf32>, %c: tensor<f32>, %v: tensor<3xf32>) -> () {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = "stablehlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = "stablehlo.dot_general"(%x, %v) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %4 = "stablehlo.constant"() {value = dense<2.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %5 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %6 = "stablehlo.custom_call"(%x) {call_target_name = "foo", has_side_effect = true, backend_config = ""} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "stablehlo.compare"(%x, %x) {comparison_direction = #stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %8 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
  return
}
// CHECK-LABEL: func.func @attribute_dictionary(
// CHECK:         %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT:      %9 = stablehlo.compare LT, %arg3, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %9 : tensor<i1>
// CHECK-NEXT:    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %3 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT:    %5 = stablehlo.slice %arg0 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:    %6 = stablehlo.custom_call @foo(%arg0) {backend_config = "", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.compare GE, %arg0, %arg0, TOTALORDER : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %8 = stablehlo.iota dim = 0 : tensor<4xi32>

func.func @properties(%x: tensor<2x3xf32>, %c: tensor<f32>, %i: tensor<i64>) -> () {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%lt) : (tensor<i1>) -> ()
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.while"(%i) ({
  ^bb0(%a: tensor<i64>):
    %k = "stablehlo.constant"() <{value = dense<3> : tensor<i64>}> : () -> tensor<i64>
    %lt = "stablehlo.compare"(%a, %k) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i64>):
    "stablehlo.return"(%a) : (tensor<i64>) -> ()
  }) : (tensor<i64>) -> tensor<i64>
  %2 = "stablehlo.convolution"(%x, %x) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f]x[o, i]->[b, f]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %3 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 8 : i32, mantissa_bits = 7 : i32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4:2 = "stablehlo.rng_bit_generator"(%i) <{rng_algorithm = #stablehlo<rng_algorithm PHILOX>}> : (tensor<i64>) -> (tensor<i64>, tensor<2xui32>)
  %5 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 3>}> : (tensor<2x3xf32>) -> tensor<2x2xcomplex<f32>>
  return
}
// CHECK-LABEL: func.func @properties(
// CHECK:         %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64}> ({
// CHECK:         %1 = stablehlo.while(%arg3 = %arg2) : tensor<i64>
// CHECK-NEXT:     cond {
// CHECK-NEXT:      %5 = stablehlo.constant dense<3> : tensor<i64>
// CHECK-NEXT:      %6 = stablehlo.compare LT, %arg3, %5, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %6 : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      stablehlo.return %arg3 : tensor<i64>
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = stablehlo.convolution(%arg0, %arg0) dim_numbers = [b, f]x[o, i]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %3 = stablehlo.reduce_precision %arg0, format = e8m7 : tensor<2x3xf32>
// CHECK-NEXT:    %output_state, %output = stablehlo.rng_bit_generator %arg2, algorithm = PHILOX : (tensor<i64>) -> (tensor<i64>, tensor<2xui32>)
// CHECK-NEXT:    %4 = stablehlo.fft %arg0, type = RFFT, length = [3] : (tensor<2x3xf32>) -> tensor<2x2xcomplex<f32>>
