// RUN: systole-opt %s --split-input-file --systole-adjoin-contraction-producers | FileCheck %s

// An attention head as `fuse` leaves it: the scores' matmul, their exp and
// the division by the row sums, then V's scaling, then the PV matmul. V's
// scaling (and its empty tensor) moves above the scores' matmul and its
// fill, so the PV matmul follows the division; the PV matmul's own fill
// stays by it.
// CHECK-LABEL: func.func @attention
// CHECK: %[[V:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<8x4xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<8x4xf32>
// CHECK: linalg.fill {{.*}} -> tensor<8x8xf32>
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8xf32>)
// CHECK: arith.divf
// CHECK: linalg.fill {{.*}} -> tensor<8x4xf32>
// CHECK-NEXT: linalg.matmul ins(%[[P]], %[[V]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @attention(%q: tensor<8x16xf32>, %kt: tensor<16x8xf32>, %v: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %es = tensor.empty() : tensor<8x8xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<8x8xf32>) -> tensor<8x8xf32>
  %s = linalg.matmul ins(%q, %kt : tensor<8x16xf32>, tensor<16x8xf32>) outs(%fs : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %er = tensor.empty() : tensor<8xf32>
  %fr = linalg.fill ins(%zero : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<8x8xf32>) outs(%fr : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %acc, %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<8x8xf32>, tensor<8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %s0: f32, %o: f32):
    %y = arith.divf %x, %s0 : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %ev = tensor.empty() : tensor<8x4xf32>
  %vs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8x4xf32>) outs(%ev : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %half : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %eo = tensor.empty() : tensor<8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.matmul ins(%p, %vs : tensor<8x8xf32>, tensor<8x4xf32>) outs(%fo : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %o : tensor<8x4xf32>
}

// -----

// An op in between reads the chain (the exp): nothing moves, not even V's
// scaling, which could.
// CHECK-LABEL: func.func @reads_chain
// CHECK: linalg.matmul
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: arith.negf
// CHECK: linalg.matmul
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reads_chain(%q: tensor<8x16xf32>, %kt: tensor<16x8xf32>, %v: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %es = tensor.empty() : tensor<8x8xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<8x8xf32>) -> tensor<8x8xf32>
  %s = linalg.matmul ins(%q, %kt : tensor<8x16xf32>, tensor<16x8xf32>) outs(%fs : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<8x8xf32>, tensor<8x8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %s0: f32, %o: f32):
    %y = arith.divf %x, %s0 : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %ev = tensor.empty() : tensor<8x4xf32>
  %vs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8x4xf32>) outs(%ev : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %half : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%e : tensor<8x8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %eo = tensor.empty() : tensor<8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.matmul ins(%p, %vs : tensor<8x8xf32>, tensor<8x4xf32>) outs(%fo : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %o, %n : tensor<8x4xf32>, tensor<8x8xf32>
}

// -----

// A chain that no matmul leads (the exp of an input): nothing moves.
// CHECK-LABEL: func.func @no_leading_matmul
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: linalg.matmul
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @no_leading_matmul(%s: tensor<8x8xf32>, %v: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %es = tensor.empty() : tensor<8x8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x8xf32>) outs(%es : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %ev = tensor.empty() : tensor<8x4xf32>
  %vs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8x4xf32>) outs(%ev : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %half : f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%ev : tensor<8x4xf32>) -> tensor<8x4xf32>
  %o = linalg.matmul ins(%e, %vs : tensor<8x8xf32>, tensor<8x4xf32>) outs(%fo : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %o : tensor<8x4xf32>
}
