// RUN: systole-opt %s --split-input-file --systole-fold-softmax-row-guard | FileCheck %s

// A masked softmax as `fuse` leaves it: the max, exp(x - max), the sum and
// the guarded division select(max != -inf, e / sum, 0). The guard moves to
// the rows: the exp subtracts select(max != -inf, max, 0) and the division
// divides by select(max != -inf, sum, 1); no select per element is left.
// CHECK-LABEL: func.func @guarded
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: %[[FIN:.*]] = arith.cmpf une, %[[M:.*]], %[[NINF]] : f32
// CHECK: %[[ROWMAX:.*]] = arith.select %[[FIN]], %[[M]], %[[ZERO]] : f32
// CHECK: %[[D:.*]] = arith.subf %{{.*}}, %[[ROWMAX]] : f32
// CHECK: math.exp %[[D]]
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: %[[G:.*]] = arith.cmpf une, %{{.*}}, %[[NINF]] : f32
// CHECK: %[[ROWSUM:.*]] = arith.select %[[G]], %{{.*}}, %[[ONE]] : f32
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %[[ROWSUM]] : f32
// CHECK: linalg.yield %[[Q]] : f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @guarded(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<4x8xf32>) outs(%fs : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %p = linalg.generic {indexing_maps = [#row, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %ex, %s : tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %t = arith.cmpf une, %a, %ninf : f32
    %q = arith.divf %b, %c : f32
    %r = arith.select %t, %q, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// Each of these stays: the false value -0 (the rewrite gives +0 on a masked
// row), a max that ignores NaN (maxnumf: a row of -inf and NaN would give
// NaN instead of 0), an ordered compare (one: a NaN max would then pick 0,
// and exp(x - 0) of the row is not 0), and an exp that another op reads (its
// masked rows would change from NaN to 0 for that reader too).
// CHECK-LABEL: func.func @stays
// CHECK-COUNT-4: arith.select %{{.*}}, %{{.*}}, %cst{{.*}} : f32
// CHECK-NOT: arith.select
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @stays(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %nzero = arith.constant -0.0 : f32
  %er = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %mn = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maxnumf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  // -0 as the false value.
  %ex1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex1 : tensor<4x8xf32>) outs(%fs : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %p1 = linalg.generic {indexing_maps = [#row, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %ex1, %s1 : tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %t = arith.cmpf une, %a, %ninf : f32
    %q = arith.divf %b, %c : f32
    %r = arith.select %t, %q, %nzero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  // A maxnumf max.
  %ex2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mn : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex2 : tensor<4x8xf32>) outs(%fs : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %p2 = linalg.generic {indexing_maps = [#row, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mn, %ex2, %s2 : tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %t = arith.cmpf une, %a, %ninf : f32
    %q = arith.divf %b, %c : f32
    %r = arith.select %t, %q, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  // An ordered compare.
  %ex3 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %s3 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex3 : tensor<4x8xf32>) outs(%fs : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %p3 = linalg.generic {indexing_maps = [#row, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %ex3, %s3 : tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %t = arith.cmpf one, %a, %ninf : f32
    %q = arith.divf %b, %c : f32
    %r = arith.select %t, %q, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  // An exp another op reads (returned).
  %ex4 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %s4 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex4 : tensor<4x8xf32>) outs(%fs : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %p4 = linalg.generic {indexing_maps = [#row, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %ex4, %s4 : tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %t = arith.cmpf une, %a, %ninf : f32
    %q = arith.divf %b, %c : f32
    %r = arith.select %t, %q, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %p1, %p2, %p3, %p4, %ex4 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
