// RUN: systole-opt %s --split-input-file --systole-tile | FileCheck %s
// RUN: systole-opt %s --split-input-file --systole-tile=target=trn1 | FileCheck %s --check-prefix=TRN1

// Contractions: K on the partitions, tiles M <= 128, N <= 512, K <= 128.
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul {systole.tiling = {partition = 2 : i64, tiles = array<i64: 128, 512, 128>}}
// CHECK: linalg.batch_matmul {systole.tiling = {partition = 3 : i64, tiles = array<i64: 1, 64, 100, 32>}}
func.func @matmul(%a: tensor<1024x768xbf16>, %b: tensor<768x3072xbf16>, %c: tensor<1024x3072xf32>,
                  %x: tensor<2x64x32xf32>, %y: tensor<2x32x100xf32>, %z: tensor<2x64x100xf32>) -> (tensor<1024x3072xf32>, tensor<2x64x100xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<1024x768xbf16>, tensor<768x3072xbf16>) outs(%c : tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
  %1 = linalg.batch_matmul ins(%x, %y : tensor<2x64x32xf32>, tensor<2x32x100xf32>) outs(%z : tensor<2x64x100xf32>) -> tensor<2x64x100xf32>
  return %0, %1 : tensor<1024x3072xf32>, tensor<2x64x100xf32>
}

// -----
// Elementwise [B, S, H]: S (the largest loop that is not innermost) on the
// partitions, H free, B walked. 3 operands of 4 bytes + 1 body op = 16 bytes
// per free element; half of trn2's 224 KiB SBUF partition fits 7168, capped
// at 4096.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @elementwise
// CHECK: systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 128, 4096>}
func.func @elementwise(%a: tensor<2x512x8192xf32>, %b: tensor<2x512x8192xf32>) -> tensor<2x512x8192xf32> {
  %e = tensor.empty() : tensor<2x512x8192xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<2x512x8192xf32>, tensor<2x512x8192xf32>) outs(%e : tensor<2x512x8192xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x512x8192xf32>
  return %0 : tensor<2x512x8192xf32>
}

// -----
// A row reduction: rows on the partitions, the reduced loop innermost and
// free; a reduction to a scalar runs on one partition (partition = -1).
// CHECK-LABEL: func.func @reductions
// CHECK: systole.tiling = {partition = 0 : i64, tiles = array<i64: 100, 300>}
// CHECK: systole.tiling = {partition = -1 : i64, tiles = array<i64: 1000>}
func.func @reductions(%a: tensor<100x300xf32>, %init: tensor<100xf32>, %v: tensor<1000xf32>, %s: tensor<f32>) -> (tensor<100xf32>, tensor<f32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<100x300xf32>) outs(%init : tensor<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %o, %x : f32
    linalg.yield %m : f32
  } -> tensor<100xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%v : tensor<1000xf32>) outs(%s : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.addf %o, %x : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %0, %1 : tensor<100xf32>, tensor<f32>
}

// -----
// A reduction over the innermost loop (a softmax or layer-norm row): the
// reduced loop is the contiguous one, so the parallel loop next to it (1024
// rows) takes the partitions, not the 8 heads before it. A float reduction
// over a middle loop whose parallel innermost loop (1000) is larger than the
// outer one (64): the innermost loop takes the partitions, and each tile
// spans the whole reduction (`ncore` loads it as rows of 128 contiguous
// elements and transposes them on the tensor engine; with the outer loop
// on the partitions each would read the tile's 13 columns an element at a
// time). An integer one cannot be transposed so: the outer loop takes the
// partitions.
// CHECK-LABEL: func.func @row_reductions
// CHECK: systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 1, 128, 1024>}
// CHECK: systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 300, 128>}
// CHECK: systole.tiling = {partition = 0 : i64, tiles = array<i64: 64, 300, 13>}
func.func @row_reductions(%a: tensor<1x8x1024x1024xf32>, %init: tensor<1x8x1024xf32>,
                          %b: tensor<64x300x1000xf32>, %init2: tensor<64x1000xf32>,
                          %c: tensor<64x300x1000xi32>, %init3: tensor<64x1000xi32>) -> (tensor<1x8x1024xf32>, tensor<64x1000xf32>, tensor<64x1000xi32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a : tensor<1x8x1024x1024xf32>) outs(%init : tensor<1x8x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %o, %x : f32
    linalg.yield %m : f32
  } -> tensor<1x8x1024xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%b : tensor<64x300x1000xf32>) outs(%init2 : tensor<64x1000xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<64x1000xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%c : tensor<64x300x1000xi32>) outs(%init3 : tensor<64x1000xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %o, %x : i32
    linalg.yield %s : i32
  } -> tensor<64x1000xi32>
  return %0, %1, %2 : tensor<1x8x1024xf32>, tensor<64x1000xf32>, tensor<64x1000xi32>
}

// -----
// A pooling window: unit-range loops take no access-pattern dim, so the
// free tile spans output rows as well as the 3x3 window (8 x 56 x 9
// elements per partition; before, only the 9 of the window).
// CHECK-LABEL: func.func @pooling
// CHECK: systole.tiling = {partition = 0 : i64, tiles = array<i64: 64, 8, 56, 1, 1, 3, 3>}
func.func @pooling(%x: tensor<64x113x113xf32>, %w: tensor<1x1x3x3xi1>, %init: tensor<64x56x56xf32>) -> tensor<64x56x56xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0 + d3, d1 * 2 + d5, d2 * 2 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<64x113x113xf32>, tensor<1x1x3x3xi1>) outs(%init : tensor<64x56x56xf32>) {
  ^bb0(%in: f32, %win: i1, %o: f32):
    %m = arith.maximumf %o, %in : f32
    linalg.yield %m : f32
  } -> tensor<64x56x56xf32>
  return %0 : tensor<64x56x56xf32>
}

// -----
// The free tile shrinks with the bytes a tile set needs: 7 operands of 4
// bytes and 7 body ops (4-byte temporaries) are 56 bytes per element; half a
// partition is 114688 bytes on trn2 (2048 elements) and 98304 on trn1 (1755).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @wide_body
// CHECK: systole.tiling = {partition = 0 : i64, tiles = array<i64: 128, 2048>}
// TRN1-LABEL: func.func @wide_body
// TRN1: systole.tiling = {partition = 0 : i64, tiles = array<i64: 128, 1755>}
func.func @wide_body(%a: tensor<256x8192xf32>) -> tensor<256x8192xf32> {
  %e = tensor.empty() : tensor<256x8192xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %a, %a, %a, %a, %a : tensor<256x8192xf32>, tensor<256x8192xf32>, tensor<256x8192xf32>, tensor<256x8192xf32>, tensor<256x8192xf32>, tensor<256x8192xf32>) outs(%e : tensor<256x8192xf32>) {
  ^bb0(%x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %o: f32):
    %s0 = arith.addf %x0, %x1 : f32
    %s1 = arith.addf %s0, %x2 : f32
    %s2 = arith.addf %s1, %x3 : f32
    %s3 = arith.addf %s2, %x4 : f32
    %s4 = arith.addf %s3, %x5 : f32
    %s5 = arith.mulf %s4, %s4 : f32
    linalg.yield %s5 : f32
  } -> tensor<256x8192xf32>
  return %0 : tensor<256x8192xf32>
}

// -----
// An integer contraction is tiled like any reduction (the tensor engine
// multiplies floats only): M on the partitions, K free, not K-on-partitions.
// CHECK-LABEL: func.func @integer_contraction
// CHECK: systole.tiling = {partition = 0 : i64, tiles = array<i64: 128, 32, 64>}
#imap = affine_map<(d0, d1, d2) -> (d0, d2)>
#imap1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#imap2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @integer_contraction(%a: tensor<256x64xi8>, %b: tensor<64x32xi8>, %c: tensor<256x32xi32>) -> tensor<256x32xi32> {
  %0 = linalg.generic {indexing_maps = [#imap, #imap1, #imap2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x64xi8>, tensor<64x32xi8>) outs(%c : tensor<256x32xi32>) {
  ^bb0(%in: i8, %in_0: i8, %out: i32):
    %3 = arith.extsi %in : i8 to i32
    %4 = arith.extsi %in_0 : i8 to i32
    %5 = arith.muli %3, %4 : i32
    %6 = arith.addi %out, %5 : i32
    linalg.yield %6 : i32
  } -> tensor<256x32xi32>
  return %0 : tensor<256x32xi32>
}

// -----
// A masked scatter reduction (systole-scatters-as-masked-reductions): the
// updates [512 updates x 64 features] are contiguous along the features and
// strided along the reduced updates. The features take the free elements
// first and the reduction goes outside them in the tile (reduction_outer),
// so each partition loads rows of 64 features, not 2 features of 512
// updates one element at a time.
// CHECK-LABEL: func.func @masked_scatter_max
// CHECK: systole.tiling = {partition = 0 : i64, reduction_outer, tiles = array<i64: 128, 64, 32>}
#smap = affine_map<(d0, d1, d2) -> (d2)>
#smap1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#smap2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @masked_scatter_max(%idx: tensor<512xi32>, %u: tensor<512x64xf32>, %init: tensor<512x64xf32>) -> tensor<512x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %0 = linalg.generic {indexing_maps = [#smap, #smap1, #smap2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%idx, %u : tensor<512xi32>, tensor<512x64xf32>) outs(%init : tensor<512x64xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %1 = linalg.index 0 : index
    %2 = arith.index_castui %1 : index to i32
    %3 = arith.cmpi eq, %2, %in : i32
    %4 = arith.select %3, %in_0, %ninf : f32
    %5 = arith.maximumf %out, %4 : f32
    linalg.yield %5 : f32
  } -> tensor<512x64xf32>
  return %0 : tensor<512x64xf32>
}
