// RUN: systole-opt %s --split-input-file --systole-fuse | FileCheck %s

// A bias add and a ReLU fuse into one generic; the matmul and the fills stay
// named (the `ncore` phase maps them to the tensor engine and to memsets).
// CHECK-LABEL: func.func @dense_relu
func.func @dense_relu(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x32xf32>
  // CHECK: %[[FILL:.*]] = linalg.fill
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK: %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x16xf32>, tensor<16x32xf32>) outs(%[[FILL]]
  %mm = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x32xf32>) outs(%f : tensor<4x32xf32>) -> tensor<4x32xf32>
  // CHECK-NOT: linalg.broadcast
  %e1 = tensor.empty() : tensor<4x32xf32>
  %bb = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e1 : tensor<4x32xf32>) dimensions = [0]
  // CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %{{.*}} : tensor<4x32xf32>, tensor<32xf32>)
  // CHECK: arith.addf
  // CHECK-NEXT: arith.maximumf
  // CHECK-NEXT: linalg.yield
  // CHECK-NOT: linalg.generic
  %add = linalg.add ins(%mm, %bb : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e1 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  %relu = linalg.max ins(%add, %zeros : tensor<4x32xf32>, tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %relu : tensor<4x32xf32>
}

// -----
// A producer with two users is not duplicated.
// CHECK-LABEL: func.func @two_users
// CHECK-COUNT-3: linalg.generic
func.func @two_users(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %exp = linalg.exp ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.add ins(%exp, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %m = linalg.mul ins(%exp, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %a, %m : tensor<8xf32>, tensor<8xf32>
}

// -----

// A windowed operand (a pooling or convolution input) keeps its producer
// separate: fused, the ReLU would run once per window element (9 times).
// CHECK-LABEL: func.func @no_fusion_into_windows
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK-NOT: arith.maximumf %{{.*}}, %cst
func.func @no_fusion_into_windows(%x: tensor<8x8xf32>) -> tensor<3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e2 = tensor.empty() : tensor<3x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<3x3xf32>) -> tensor<3x3xf32>
  %win = tensor.empty() : tensor<3x3xi1>
  %pool = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 2 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%relu, %win : tensor<8x8xf32>, tensor<3x3xi1>) outs(%f : tensor<3x3xf32>) {
  ^bb0(%in: f32, %w: i1, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<3x3xf32>
  return %pool : tensor<3x3xf32>
}

// -----

// Nor does a convolution's kernel fuse its producer (here FP8 quantization):
// fused, the op would compute the kernel once per output element and no
// longer be a convolution for the `ncore` phase.
// CHECK-LABEL: func.func @no_fusion_into_convolution_kernels
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.*}}, %[[Q]] : tensor<8x3xf8E4M3>, tensor<2x3xf8E4M3>)
// CHECK-NOT: arith.divf
// CHECK: return
func.func @no_fusion_into_convolution_kernels(%x: tensor<8x3xf8E4M3>, %k: tensor<2x3xf32>, %s: f32) -> tensor<7xf32> {
  %e = tensor.empty() : tensor<2x3xf8E4M3>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<2x3xf32>) outs(%e : tensor<2x3xf8E4M3>) {
  ^bb0(%in: f32, %out: f8E4M3):
    %d = arith.divf %in, %s : f32
    %t = arith.truncf %d : f32 to f8E4M3
    linalg.yield %t : f8E4M3
  } -> tensor<2x3xf8E4M3>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<7xf32>) -> tensor<7xf32>
  %conv = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x, %q : tensor<8x3xf8E4M3>, tensor<2x3xf8E4M3>) outs(%f : tensor<7xf32>) {
  ^bb0(%a: f8E4M3, %b: f8E4M3, %out: f32):
    %a32 = arith.extf %a : f8E4M3 to f32
    %b32 = arith.extf %b : f8E4M3 to f32
    %m = arith.mulf %a32, %b32 : f32
    %r = arith.addf %out, %m : f32
    linalg.yield %r : f32
  } -> tensor<7xf32>
  return %conv : tensor<7xf32>
}

// -----

// A scalar broadcast that two ops read (FP8 quantization divides by a scale
// and multiplies by it again) is copied into each, not materialized.
// CHECK-LABEL: func.func @scalar_broadcast_two_users
// CHECK-COUNT-2: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<f32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @scalar_broadcast_two_users(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %s: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<f32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %q = arith.divf %a, %c : f32
    linalg.yield %q : f32
  } -> tensor<4x8xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %p = arith.mulf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  return %d, %m : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----
// A bias add reading the matmul's rows through a `tensor.expand_shape`
// ([tokens x features] as [batch x seq x features]) runs over the collapsed
// dims and reads the matmul directly; the result is expanded after it.
// CHECK-LABEL: func.func @bias_after_reshape
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %{{.*}} : tensor<6x8xf32>, tensor<8xf32>)
// CHECK: tensor.expand_shape %[[ADD]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32>
#bias_map = affine_map<(d0, d1, d2) -> (d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @bias_after_reshape(%x: tensor<6x4xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<2x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<6x4xf32>, tensor<4x8xf32>) outs(%f : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32>
  %e3 = tensor.empty() : tensor<2x3x8xf32>
  %add = linalg.generic {indexing_maps = [#id3, #bias_map, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r, %b : tensor<2x3x8xf32>, tensor<8xf32>) outs(%e3 : tensor<2x3x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x3x8xf32>
  return %add : tensor<2x3x8xf32>
}

// -----
// The bias as torch-xla exports it: broadcast to [batch x seq x features] by
// a copy of its own, added to the matmul's rows through the reshape. The
// broadcast runs over the collapsed dims (its collapse folds away) and then
// fuses into the add: one generic reads the matmul and the [8] bias.
// CHECK-LABEL: func.func @broadcast_bias_after_reshape
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[ROW:.*]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %arg2 : tensor<6x8xf32>, tensor<8xf32>)
// CHECK: tensor.expand_shape %[[ADD]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32>
// CHECK-NOT: linalg.generic
#bias_map = affine_map<(d0, d1, d2) -> (d2)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @broadcast_bias_after_reshape(%x: tensor<6x4xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<2x3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<6x4xf32>, tensor<4x8xf32>) outs(%f : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = tensor.expand_shape %mm [[0, 1], [2]] output_shape [2, 3, 8] : tensor<6x8xf32> into tensor<2x3x8xf32>
  %e3 = tensor.empty() : tensor<2x3x8xf32>
  %bb = linalg.generic {indexing_maps = [#bias_map, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b : tensor<8xf32>) outs(%e3 : tensor<2x3x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x3x8xf32>
  %add = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r, %bb : tensor<2x3x8xf32>, tensor<2x3x8xf32>) outs(%e3 : tensor<2x3x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x3x8xf32>
  return %add : tensor<2x3x8xf32>
}

// -----
// A collapse whose user is not elementwise (a matmul) leaves the broadcast as
// it is.
// CHECK-LABEL: func.func @broadcast_collapse_into_matmul
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK: tensor.collapse_shape
// CHECK: linalg.matmul
#bias_map2 = affine_map<(d0, d1, d2) -> (d2)>
#id3b = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @broadcast_collapse_into_matmul(%b: tensor<4xf32>, %w: tensor<4x8xf32>) -> tensor<6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<2x3x4xf32>
  %bb = linalg.generic {indexing_maps = [#bias_map2, #id3b], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b : tensor<4xf32>) outs(%e3 : tensor<2x3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x3x4xf32>
  %c = tensor.collapse_shape %bb [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.empty() : tensor<6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm = linalg.matmul ins(%c, %w : tensor<6x4xf32>, tensor<4x8xf32>) outs(%f : tensor<6x8xf32>) -> tensor<6x8xf32>
  return %mm : tensor<6x8xf32>
}

// -----
// A softmax's max over [batch x heads x rows x cols] scores that a batched
// matmul computed as [batch*heads x rows x cols]: the reduction reads them
// through the expand_shape and runs over the collapsed dims too, so it has
// the loop ranges of the elementwise ops around it.
// CHECK-LABEL: func.func @reduction_after_reshape
// CHECK: %[[BMM:.*]] = linalg.batch_matmul
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[BMM]] : tensor<6x5x5xf32>) outs(%{{.*}} : tensor<6x5xf32>)
// CHECK: tensor.expand_shape %[[MAX]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xf32> into tensor<2x3x5xf32>
#in4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @reduction_after_reshape(%q: tensor<6x5x4xbf16>, %k: tensor<6x4x5xbf16>) -> tensor<2x3x5xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<6x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5x5xf32>) -> tensor<6x5x5xf32>
  %s = linalg.batch_matmul ins(%q, %k : tensor<6x5x4xbf16>, tensor<6x4x5xbf16>) outs(%f : tensor<6x5x5xf32>) -> tensor<6x5x5xf32>
  %r = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 3, 5, 5] : tensor<6x5x5xf32> into tensor<2x3x5x5xf32>
  %em = tensor.empty() : tensor<2x3x5xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %m = linalg.generic {indexing_maps = [#in4, #out4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%r : tensor<2x3x5x5xf32>) outs(%fm : tensor<2x3x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %x = arith.maximumf %a, %o : f32
    linalg.yield %x : f32
  } -> tensor<2x3x5xf32>
  return %m : tensor<2x3x5xf32>
}

// -----
// A matmul moves right before its one elementwise user, past an op that
// does not depend on it (here the bias's broadcast, used twice).
// CHECK-LABEL: func.func @sink_to_consumer
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>)
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[MM]],
#row = affine_map<(d0, d1) -> (d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @sink_to_consumer(%x: tensor<6x4xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> (tensor<6x8xf32>, tensor<6x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<6x4xf32>, tensor<4x8xf32>) outs(%f : tensor<6x8xf32>) -> tensor<6x8xf32>
  %bb = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<6x8xf32>
  %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bb : tensor<6x8xf32>, tensor<6x8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<6x8xf32>
  return %add, %bb : tensor<6x8xf32>, tensor<6x8xf32>
}

// -----
// `x @ W.T`: the transpose of W folds into the contraction's indexing map
// (no pass of its own over W); the matmul becomes a generic contraction.
// CHECK-DAG: #[[WT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transposed_weight
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[WT]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<6x4xf32>, tensor<8x4xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
#t = affine_map<(d0, d1) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @transposed_weight(%x: tensor<6x4xf32>, %w: tensor<8x4xf32>) -> tensor<6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<4x8xf32>
  %wt = linalg.generic {indexing_maps = [#t, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<8x4xf32>) outs(%et : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %e = tensor.empty() : tensor<6x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<6x4xf32>, tensor<4x8xf32>) outs(%f : tensor<6x8xf32>) -> tensor<6x8xf32>
  return %mm : tensor<6x8xf32>
}

// -----

// A reduction whose body yields its running value unchanged (what folding
// leaves of a masked scatter-add of constant zeros) is its init: the fill.
// The one that adds its input stays.
// CHECK-LABEL: func.func @yields_its_init
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK-NOT: linalg.generic
// CHECK: return %[[FILL]]
// CHECK-LABEL: func.func @adds_its_input
// CHECK: linalg.generic
// CHECK: arith.addi
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @yields_its_init(%m: tensor<4x2xi1>) -> tensor<4xi32> {
  %c = arith.constant -3 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<4x2xi1>) outs(%f : tensor<4xi32>) {
  ^bb0(%a: i1, %o: i32):
    linalg.yield %o : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

func.func @adds_its_input(%x: tensor<4x2xi32>) -> tensor<4xi32> {
  %c = arith.constant -3 : i32
  %e = tensor.empty() : tensor<4xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x2xi32>) outs(%f : tensor<4xi32>) {
  ^bb0(%a: i32, %o: i32):
    %s = arith.addi %o, %a : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
