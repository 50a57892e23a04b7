// Numerical check of the `linalg` phase: systole-simplify and
// systole-stablehlo-to-linalg, then upstream MLIR's bufferization and
// lowering to LLVM, run by mlir-cpu-runner. Expected values computed by hand
// (plain loops over the definitions in the StableHLO spec).
// REQUIRES: mlir-cpu-runner
// RUN: systole-opt %s --systole-simplify --systole-stablehlo-to-linalg \
// RUN: | mlir-opt --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --lower-affine --finalize-memref-to-llvm --convert-math-to-llvm \
// RUN:   --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | mlir-cpu-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s

// Grouped convolution:
// CHECK: [268,  296,  352,  380,  684,  776,  960,  1052,  3908,  4064,  4376,  4532,  5476,  5696,  6136,  6356]
// Strided padded bf16 convolution; exact sums 578 284 1208 564 1474 780 3576
// 1844 accumulated in f32, rounded once to bf16 (nearest even):
// CHECK: [576,  284,  1208,  564,  1472,  780,  3584,  1840]
// Max pool with -inf padding, then a column sum:
// CHECK: [1,  3,  5,  13,  15,  17,  25,  27,  29]
// CHECK: [90,  96,  102,  108,  114,  120]
// Gather rows 4, 0 and 9 (clamped to 5):
// CHECK: [24,  25,  26,  27,  28,  29,  0,  1,  2,  3,  4,  5,  30,  31,  32,  33,  34,  35]
// Scatter (overwrite rows 2, 0; row 7 skipped), then scatter-add rows 2, 2, 1:
// CHECK: [3,  4,  5,  6,  5,  8,  0,  0]
// dynamic_update_slice at 5 (clamped to 2), pad low -1, high 2, interior 1:
// CHECK: [-1,  2,  -1,  9,  -1,  8,  -1,  -1]
// erf (libm: -0.999978 -0.5205 0 0.112463 0.711156 0.966105 0.999593 1):
// CHECK: [-0.999978,  -0.5205,  0,  0.112463,  0.711156,  0.966105,  0.999593,  1]
// logistic:
// CHECK: [0.0474259,  0.377541,  0.5,  0.524979,  0.679179,  0.817574,  0.924142,  0.993307]
// top_k values and indices (the tie 0.5 at 0 and 3 resolves to the first):
// CHECK: [5,  3,  2,  7,  2,  0.5]
// CHECK: [4,  0,  2,  2,  4,  0]
// CHECK: [0.5,  -1,  2,  0.5,  2,  3,  1,  7,  1,  5]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // Grouped convolution (2 groups), generic path.
  %x = stablehlo.iota dim = 0 : tensor<36xf32>
  %x4 = stablehlo.reshape %x : (tensor<36xf32>) -> tensor<1x4x3x3xf32>
  %w0 = stablehlo.iota dim = 0 : tensor<32xf32>
  %w = stablehlo.reshape %w0 : (tensor<32xf32>) -> tensor<4x2x2x2xf32>
  %conv = stablehlo.convolution(%x4, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<4x2x2x2xf32>) -> tensor<1x4x2x2xf32>
  %r1 = stablehlo.reshape %conv : (tensor<1x4x2x2xf32>) -> tensor<16xf32>
  %p1 = tensor.cast %r1 : tensor<16xf32> to tensor<?xf32>
  call @print(%p1) : (tensor<?xf32>) -> ()

  // Strided, padded NCHW convolution, named path, bf16 accumulated in f32.
  %xb = stablehlo.convert %x4 : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xbf16>
  %wb0 = stablehlo.slice %w [0:2, 0:2, 0:2, 0:2] : (tensor<4x2x2x2xf32>) -> tensor<2x2x2x2xf32>
  %wb1 = stablehlo.concatenate %wb0, %wb0, dim = 1 : (tensor<2x2x2x2xf32>, tensor<2x2x2x2xf32>) -> tensor<2x4x2x2xf32>
  %wb = stablehlo.convert %wb1 : (tensor<2x4x2x2xf32>) -> tensor<2x4x2x2xbf16>
  %conv2 = stablehlo.convolution(%xb, %wb) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x3x3xbf16>, tensor<2x4x2x2xbf16>) -> tensor<1x2x2x2xbf16>
  %c2 = stablehlo.convert %conv2 : (tensor<1x2x2x2xbf16>) -> tensor<1x2x2x2xf32>
  %r2 = stablehlo.reshape %c2 : (tensor<1x2x2x2xf32>) -> tensor<8xf32>
  %p2 = tensor.cast %r2 : tensor<8xf32> to tensor<?xf32>
  call @print(%p2) : (tensor<?xf32>) -> ()

  // Max pool 2x2 stride 2 with padding (-inf), and a sum reduction.
  %m = stablehlo.reshape %x : (tensor<36xf32>) -> tensor<6x6xf32>
  %neg = stablehlo.constant dense<[[0.0, 1.0, 0.0, 1.0, 0.0, 1.0]]> : tensor<1x6xf32>
  %negb = stablehlo.broadcast_in_dim %neg, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<6x6xf32>
  %mm = stablehlo.multiply %m, %negb : tensor<6x6xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%mm, %ninf) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %mx = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %mx : tensor<f32>
  }) : (tensor<6x6xf32>, tensor<f32>) -> tensor<3x3xf32>
  %r3 = stablehlo.reshape %pool : (tensor<3x3xf32>) -> tensor<9xf32>
  %p3 = tensor.cast %r3 : tensor<9xf32> to tensor<?xf32>
  call @print(%p3) : (tensor<?xf32>) -> ()
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%m init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
  %p4 = tensor.cast %sum : tensor<6xf32> to tensor<?xf32>
  call @print(%p4) : (tensor<?xf32>) -> ()

  // Embedding lookup (gather with ui32 indices), one out of range (clamped).
  %ids = stablehlo.constant dense<[4, 0, 9]> : tensor<3xui32>
  %g = "stablehlo.gather"(%m, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>}> : (tensor<6x6xf32>, tensor<3xui32>) -> tensor<3x6xf32>
  %r5 = stablehlo.reshape %g : (tensor<3x6xf32>) -> tensor<18xf32>
  %p5 = tensor.cast %r5 : tensor<18xf32> to tensor<?xf32>
  call @print(%p5) : (tensor<?xf32>) -> ()

  // KV-cache style scatter (overwrite) and a scatter-add; index 7 is out of
  // bounds and skipped.
  %cache = stablehlo.constant dense<0.0> : tensor<4x2xf32>
  %pos = stablehlo.constant dense<[[2], [0], [7]]> : tensor<3x1xi64>
  %upd = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %sc = "stablehlo.scatter"(%cache, %pos, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    stablehlo.return %new : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %pos2 = stablehlo.constant dense<[[2], [2], [1]]> : tensor<3x1xi64>
  %sa = "stablehlo.scatter"(%sc, %pos2, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = stablehlo.add %old, %new : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %r6 = stablehlo.reshape %sa : (tensor<4x2xf32>) -> tensor<8xf32>
  %p6 = tensor.cast %r6 : tensor<8xf32> to tensor<?xf32>
  call @print(%p6) : (tensor<?xf32>) -> ()

  // dynamic_update_slice with a start index clamped from 5 to 2; pad with
  // interior and negative edges.
  %v = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %two = stablehlo.constant dense<[9.0, 8.0]> : tensor<2xf32>
  %i5 = stablehlo.constant dense<5> : tensor<i32>
  %dus = stablehlo.dynamic_update_slice %v, %two, %i5 : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  %pv = stablehlo.constant dense<-1.0> : tensor<f32>
  %pad = stablehlo.pad %dus, %pv, low = [-1], high = [2], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
  %p7 = tensor.cast %pad : tensor<8xf32> to tensor<?xf32>
  call @print(%p7) : (tensor<?xf32>) -> ()

  // erf through systole-simplify's decomposition, and logistic.
  %e = stablehlo.constant dense<[-3.0, -0.5, 0.0, 0.1, 0.75, 1.5, 2.5, 5.0]> : tensor<8xf32>
  %erf = chlo.erf %e : tensor<8xf32> -> tensor<8xf32>
  %p8 = tensor.cast %erf : tensor<8xf32> to tensor<?xf32>
  call @print(%p8) : (tensor<?xf32>) -> ()
  %lg = stablehlo.logistic %e : tensor<8xf32>
  %p9 = tensor.cast %lg : tensor<8xf32> to tensor<?xf32>
  call @print(%p9) : (tensor<?xf32>) -> ()

  // top_k (a stable sort after systole-simplify) and an ascending sort along
  // dimension 0.
  %tk = stablehlo.constant dense<[[3.0, 1.0, 2.0, 1.0, 5.0], [0.5, -1.0, 7.0, 0.5, 2.0]]> : tensor<2x5xf32>
  %top:2 = chlo.top_k(%tk, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %topv = stablehlo.reshape %top#0 : (tensor<2x3xf32>) -> tensor<6xf32>
  %topi0 = stablehlo.convert %top#1 : (tensor<2x3xi32>) -> tensor<2x3xf32>
  %topi = stablehlo.reshape %topi0 : (tensor<2x3xf32>) -> tensor<6xf32>
  %p10 = tensor.cast %topv : tensor<6xf32> to tensor<?xf32>
  call @print(%p10) : (tensor<?xf32>) -> ()
  %p11 = tensor.cast %topi : tensor<6xf32> to tensor<?xf32>
  call @print(%p11) : (tensor<?xf32>) -> ()
  %srt = "stablehlo.sort"(%tk) <{dimension = 0 : i64}> ({
  ^bb0(%sp: tensor<f32>, %sq: tensor<f32>):
    %lt = stablehlo.compare LT, %sp, %sq : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %srtf = stablehlo.reshape %srt : (tensor<2x5xf32>) -> tensor<10xf32>
  %p12 = tensor.cast %srtf : tensor<10xf32> to tensor<?xf32>
  call @print(%p12) : (tensor<?xf32>) -> ()
  return
}
