// RUN: systole-opt %s --split-input-file --systole-choose-hbm-layout | FileCheck %s

// A ReLU writes %a channel (d1) on partitions, a convolution reads it with
// the input channels (its contraction loop d4) on partitions: %a becomes
// channel-major, strides [HW, N*HW, W, 1]. The convolution's output %o is
// written channel on partitions too; %pad, copied into from %a's layout
// partner and read by the convolution, follows, and so does its subview.
// CHECK-LABEL: func.func @conv_chain
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x4x6x6xf32, strided<[36, 72, 6, 1]>>
// CHECK: %[[P:.*]] = memref.alloc() : memref<2x4x8x8xf32, strided<[64, 128, 8, 1]>>
// CHECK: memref.subview %[[P]][0, 0, 1, 1] [2, 4, 6, 6] [1, 1, 1, 1] : memref<2x4x8x8xf32, strided<[64, 128, 8, 1]>> to memref<2x4x6x6xf32, strided<[64, 128, 8, 1], offset: 9>>
// CHECK: memref.alloc() : memref<2x3x6x6xf32, strided<[36, 72, 6, 1]>>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @conv_chain(%x: memref<2x4x6x6xf32>, %k: memref<3x4x3x3xf32>, %r: memref<2x3x6x6xf32> {bufferize.result}) {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<2x4x6x6xf32>) outs(%a : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6>}} {
  ^bb0(%i: f32, %o: f32):
    %m = arith.maximumf %i, %zero : f32
    linalg.yield %m : f32
  }
  %p = memref.alloc() : memref<2x4x8x8xf32>
  linalg.fill {systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 1, 8, 8>}} ins(%zero : f32) outs(%p : memref<2x4x8x8xf32>)
  %sv = memref.subview %p[0, 0, 1, 1] [2, 4, 6, 6] [1, 1, 1, 1] : memref<2x4x8x8xf32> to memref<2x4x6x6xf32, strided<[256, 64, 8, 1], offset: 9>>
  memref.copy %a, %sv : memref<2x4x6x6xf32> to memref<2x4x6x6xf32, strided<[256, 64, 8, 1], offset: 9>>
  %o = memref.alloc() : memref<2x3x6x6xf32>
  linalg.fill {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 3, 6, 6>}} ins(%zero : f32) outs(%o : memref<2x3x6x6xf32>)
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%p, %k : memref<2x4x8x8xf32>, memref<3x4x3x3xf32>) outs(%o : memref<2x3x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 3, 6, 6, 4, 3, 3>}} {
  ^bb0(%i: f32, %wt: f32, %acc: f32):
    %m = arith.mulf %i, %wt : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  memref.copy %o, %r : memref<2x3x6x6xf32> to memref<2x3x6x6xf32>
  return
}

// -----

// Kept as they are: %t, whose users are elementwise (they tile the
// dimensions after the partition one, whose runs no layout lengthens); %u,
// which a convolution reads channel on partitions but an op writes H on
// partitions; %v, which a convolution writes but a reshape reads; %w, whose
// voters put its innermost dimension on partitions; %q, which a pooling
// (not a contraction) reads.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: memref.alloc() : memref<2x4x6x6xf32>{{$}}
// CHECK-NOT: strided
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#pool = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3 + d4)>
#window = affine_map<(d0, d1, d2, d3, d4) -> (d4)>
#pooled = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
func.func @kept(%x: memref<2x4x6x6xf32>, %k: memref<4x4x1x1xf32>, %win: memref<1xf32>,
                %r1: memref<2x4x6x6xf32> {bufferize.result}, %r2: memref<2x4x6x6xf32> {bufferize.result},
                %r3: memref<48x6xf32> {bufferize.result}, %r4: memref<2x4x6x6xf32> {bufferize.result},
                %r5: memref<2x4x6x6xf32> {bufferize.result}) {
  %t = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<2x4x6x6xf32>) outs(%t : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6>}} {
  ^bb0(%i: f32, %o: f32):
    %n = arith.negf %i : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : memref<2x4x6x6xf32>) outs(%r1 : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6>}} {
  ^bb0(%i: f32, %o: f32):
    %n = arith.negf %i : f32
    linalg.yield %n : f32
  }
  %u = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<2x4x6x6xf32>) outs(%u : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 2 : i64, tiles = array<i64: 1, 1, 6, 6>}} {
  ^bb0(%i: f32, %o: f32):
    %n = arith.negf %i : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%u, %k : memref<2x4x6x6xf32>, memref<4x4x1x1xf32>) outs(%r2 : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6, 4, 1, 1>}} {
  ^bb0(%i: f32, %wt: f32, %acc: f32):
    %m = arith.mulf %i, %wt : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %v = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %k : memref<2x4x6x6xf32>, memref<4x4x1x1xf32>) outs(%v : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6, 4, 1, 1>}} {
  ^bb0(%i: f32, %wt: f32, %acc: f32):
    %m = arith.mulf %i, %wt : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %flat = memref.collapse_shape %v [[0, 1, 2], [3]] : memref<2x4x6x6xf32> into memref<48x6xf32>
  memref.copy %flat, %r3 : memref<48x6xf32> to memref<48x6xf32>
  %w = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %k : memref<2x4x6x6xf32>, memref<4x4x1x1xf32>) outs(%w : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 3 : i64, tiles = array<i64: 1, 4, 1, 6, 4, 1, 1>}} {
  ^bb0(%i: f32, %wt: f32, %acc: f32):
    %m = arith.mulf %i, %wt : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  memref.copy %w, %r4 : memref<2x4x6x6xf32> to memref<2x4x6x6xf32>
  %q = memref.alloc() : memref<2x4x6x6xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<2x4x6x6xf32>) outs(%q : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6>}} {
  ^bb0(%i: f32, %o: f32):
    %n = arith.negf %i : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#pool, #window, #pooled], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %win : memref<2x4x6x6xf32>, memref<1xf32>) outs(%r5 : memref<2x4x6x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 4, 6, 6, 1>}} {
  ^bb0(%i: f32, %wi: f32, %o: f32):
    %m = arith.maximumf %i, %o : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// An empty convolution result keeps its layout: its strides would be 0,
// which no strided layout may have.
// CHECK-LABEL: func.func @empty
// CHECK: memref.alloc() : memref<2x3x0x6xf32>{{$}}
#in = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @empty(%x: memref<2x4x2x8xf32>, %k: memref<3x4x3x3xf32>, %r: memref<2x3x0x6xf32> {bufferize.result}) {
  %o = memref.alloc() : memref<2x3x0x6xf32>
  linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %k : memref<2x4x2x8xf32>, memref<3x4x3x3xf32>) outs(%o : memref<2x3x0x6xf32>)
      attrs = {systole.tiling = {partition = 1 : i64, tiles = array<i64: 1, 3, 1, 6, 4, 3, 3>}} {
  ^bb0(%i: f32, %wt: f32, %acc: f32):
    %m = arith.mulf %i, %wt : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  memref.copy %o, %r : memref<2x3x0x6xf32> to memref<2x3x0x6xf32>
  return
}
