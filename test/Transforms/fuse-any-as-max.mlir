// RUN: systole-opt %s --split-input-file --systole-fuse --canonicalize --cse | FileCheck %s

// A masked softmax's fully-masked-row test, any(x != -inf) per row (an i1
// or-reduction from false of not(x == -inf)), becomes max(x) != -inf: the
// max reduction is the softmax's own (CSE merges the two), and the compare
// per row fuses into the select that reads it. One reduction is left.
// CHECK-LABEL: func.func @masked_softmax_rows
// CHECK-COUNT-1: iterator_types = ["parallel", "reduction"]
// CHECK-NOT: iterator_types = ["parallel", "reduction"]
// CHECK: %[[T:.*]] = arith.cmpf une, %{{.*}}, %cst
// CHECK: arith.select %[[T]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @masked_softmax_rows(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  %er = tensor.empty() : tensor<4xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fm : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %o, %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %eb = tensor.empty() : tensor<4xi1>
  %fb = linalg.fill ins(%false : i1) outs(%eb : tensor<4xi1>) -> tensor<4xi1>
  %any = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fb : tensor<4xi1>) {
  ^bb0(%a: f32, %o: i1):
    %c = arith.cmpf oeq, %a, %ninf : f32
    %n = arith.xori %c, %true : i1
    %r = arith.ori %o, %n : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  %e = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m, %any : tensor<4x8xf32>, tensor<4xf32>, tensor<4xi1>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %mx: f32, %k: i1, %o: f32):
    %d = arith.subf %a, %mx : f32
    %s = arith.select %k, %d, %zero : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// The compare written as x != -inf (une) is the same test; in bf16 too.
// CHECK-LABEL: func.func @any_une_bf16
// CHECK: linalg.fill ins(%{{.*}} : bf16)
// CHECK: arith.maximumf
// CHECK: arith.cmpf une, %{{.*}}, %{{.*}} : bf16
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0)>
func.func @any_une_bf16(%x: tensor<4x8xbf16>) -> tensor<4xi1> {
  %ninf = arith.constant 0xFF80 : bf16
  %false = arith.constant false
  %eb = tensor.empty() : tensor<4xi1>
  %fb = linalg.fill ins(%false : i1) outs(%eb : tensor<4xi1>) -> tensor<4xi1>
  %any = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xbf16>) outs(%fb : tensor<4xi1>) {
  ^bb0(%a: bf16, %o: i1):
    %c = arith.cmpf une, %a, %ninf : bf16
    %r = arith.ori %c, %o : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  return %any : tensor<4xi1>
}

// -----

// Not the test: x != +inf, an or from true, and an and-reduction stay.
// CHECK-LABEL: func.func @not_any_not_neg_inf
// CHECK-NOT: arith.maximumf
// CHECK: return
#id3 = affine_map<(d0, d1) -> (d0, d1)>
#row3 = affine_map<(d0, d1) -> (d0)>
func.func @not_any_not_neg_inf(%x: tensor<4x8xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %pinf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %false = arith.constant false
  %true = arith.constant true
  %eb = tensor.empty() : tensor<4xi1>
  %fb = linalg.fill ins(%false : i1) outs(%eb : tensor<4xi1>) -> tensor<4xi1>
  %ft = linalg.fill ins(%true : i1) outs(%eb : tensor<4xi1>) -> tensor<4xi1>
  %a = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fb : tensor<4xi1>) {
  ^bb0(%v: f32, %o: i1):
    %c = arith.cmpf une, %v, %pinf : f32
    %r = arith.ori %o, %c : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  %b = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%ft : tensor<4xi1>) {
  ^bb0(%v: f32, %o: i1):
    %c = arith.cmpf une, %v, %ninf : f32
    %r = arith.ori %o, %c : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  %c2 = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%fb : tensor<4xi1>) {
  ^bb0(%v: f32, %o: i1):
    %c = arith.cmpf une, %v, %ninf : f32
    %r = arith.andi %o, %c : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  return %a, %b, %c2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
