// RUN: systole-opt %s --systole-pipeline=ncore..ncore -split-input-file | FileCheck %s
// A zero fill of a matmul's accumulator emits nothing when nothing touches
// the buffer between the fill and the matmul: the matmul starts from zero
// in PSUM. Placed IR as `systole-place` leaves it.

// CHECK-LABEL: ncore.program @main
// CHECK-NOT: ncore.memset
// CHECK: ncore.matmul on tensor
// CHECK-NOT: accumulate
// CHECK-NEXT: ncore.tensor_copy on {{vector|scalar}} ins(#ncore.ap<psum[0:4] f32 [16:1]>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 [16:1]>) outs(#ncore.ap<hbm[0:4 step 16] + 640 f32 [16:1]>)
module {
  func.func @main(%arg0: memref<4x8xf32> {systole.hbm_address = 0 : i64}, %arg1: memref<8x16xf32> {systole.hbm_address = 128 : i64}, %arg2: memref<4x16xf32> {bufferize.result, systole.hbm_address = 640 : i64}) attributes {systole.hbm_bytes = 896 : i64, systole.hbm_scratch_base = 896 : i64} {
    %cst = arith.constant 0.000000e+00 : f32
    linalg.fill {systole.tiling = {partition = 0 : i64, tiles = array<i64: 4, 16>}} ins(%cst : f32) outs(%arg2 : memref<4x16xf32>)
    linalg.matmul {systole.tiling = {partition = 2 : i64, tiles = array<i64: 4, 16, 8>}} ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
    return
  }
}

// -----

// An op reading the buffer between the fill and the matmul keeps the fill:
// the zeros are written to HBM (the copy reads them), and the matmul adds
// its product to the buffer as it is there.
// CHECK-LABEL: ncore.program @main
// CHECK: ncore.memset on {{vector|gpsimd}} outs(#ncore.ap<sbuf[0:4] f32 [16:1]>) value(0.000000e+00)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:4] f32 [16:1]>) outs(#ncore.ap<hbm[0:4 step 16] + 640 f32 [16:1]>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:4 step 16] + 640 f32 [16:1]>)
// CHECK: ncore.matmul on tensor
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:4 step 16] + 640 f32 [16:1]>) outs(#ncore.ap<sbuf[0:4] + [[INIT:[0-9]+]] f32 [16:1]>)
// CHECK-NEXT: ncore.tensor_tensor add on vector ins(#ncore.ap<psum[0:4] f32 [16:1]>, #ncore.ap<sbuf[0:4] + [[INIT]] f32 [16:1]>)
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: memref<4x8xf32> {systole.hbm_address = 0 : i64}, %arg1: memref<8x16xf32> {systole.hbm_address = 128 : i64}, %arg2: memref<4x16xf32> {bufferize.result, systole.hbm_address = 640 : i64}, %arg3: memref<4x16xf32> {bufferize.result, systole.hbm_address = 896 : i64}) attributes {systole.hbm_bytes = 1152 : i64, systole.hbm_scratch_base = 1152 : i64} {
    %cst = arith.constant 0.000000e+00 : f32
    linalg.fill {systole.tiling = {partition = 0 : i64, tiles = array<i64: 4, 16>}} ins(%cst : f32) outs(%arg2 : memref<4x16xf32>)
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2 : memref<4x16xf32>) outs(%arg3 : memref<4x16xf32>) attrs = {systole.tiling = {partition = 0 : i64, tiles = array<i64: 4, 16>}} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.matmul {systole.tiling = {partition = 2 : i64, tiles = array<i64: 4, 16, 8>}} ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
    return
  }
}
