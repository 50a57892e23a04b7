// RUN: systole-opt %s --systole-pipeline=ncore..ncore -split-input-file | FileCheck %s
// Float compares whose NaN case the ALU's IEEE compares do not give
// (lowerFloatCompare): ueq = 1 - (lt + gt), one = lt + gt, ult = 1 - ge;
// ordered ones are one instruction.

// CHECK-LABEL: ncore.program @main
// CHECK: ncore.tensor_tensor lt on vector ins(#ncore.ap<sbuf[0:8] f32 []>, #ncore.ap<sbuf[0:8] + 64 f32 []>) outs(#ncore.ap<sbuf[0:8] + [[LT:[0-9]+]] i1 []>)
// CHECK-NEXT: ncore.tensor_tensor gt on vector ins(#ncore.ap<sbuf[0:8] f32 []>, #ncore.ap<sbuf[0:8] + 64 f32 []>) outs(#ncore.ap<sbuf[0:8] + [[GT:[0-9]+]] i1 []>)
// CHECK-NEXT: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:8] + [[LT]] i1 []>, #ncore.ap<sbuf[0:8] + [[GT]] i1 []>) outs(#ncore.ap<sbuf[0:8] + [[ONE:[0-9]+]] i1 []>)
// CHECK-NEXT: ncore.tensor_scalar mul(-1.000000e+00 : f32), add(1.000000e+00 : f32) on vector ins(#ncore.ap<sbuf[0:8] + [[ONE]] i1 []>) outs(#ncore.ap<sbuf[0:8] + [[UEQ:[0-9]+]] i1 []>)
// CHECK-NEXT: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<sbuf[0:8] + [[UEQ]] i1 []>) outs(#ncore.ap<hbm[0:8 step 1] + 128 i1 []>)
#map = affine_map<(d0) -> (d0)>
module {
  func.func @main(%arg0: memref<8xf32> {systole.hbm_address = 0 : i64}, %arg1: memref<8xf32> {systole.hbm_address = 64 : i64}, %arg2: memref<8xi1> {bufferize.result, systole.hbm_address = 128 : i64}) attributes {systole.hbm_bytes = 192 : i64, systole.hbm_scratch_base = 192 : i64} {
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : memref<8xf32>, memref<8xf32>) outs(%arg2 : memref<8xi1>) attrs = {systole.tiling = {partition = 0 : i64, tiles = array<i64: 8>}} {
    ^bb0(%a: f32, %b: f32, %out: i1):
      %0 = arith.cmpf ueq, %a, %b : f32
      linalg.yield %0 : i1
    }
    return
  }
}

// -----

// CHECK-LABEL: ncore.program @main
// CHECK: ncore.tensor_tensor ge on vector
// CHECK-NEXT: ncore.tensor_scalar mul(-1.000000e+00 : f32), add(1.000000e+00 : f32) on vector
// CHECK-NEXT: ncore.tensor_tensor lt on vector
// CHECK-NEXT: ncore.tensor_tensor gt on vector
// CHECK-NEXT: ncore.tensor_tensor add on vector
// CHECK-NEXT: ncore.tensor_tensor eq on vector
// CHECK-NEXT: ncore.tensor_tensor and on vector
#map = affine_map<(d0) -> (d0)>
module {
  func.func @main(%arg0: memref<8xf32> {systole.hbm_address = 0 : i64}, %arg1: memref<8xf32> {systole.hbm_address = 64 : i64}, %arg2: memref<8xi1> {bufferize.result, systole.hbm_address = 128 : i64}) attributes {systole.hbm_bytes = 192 : i64, systole.hbm_scratch_base = 192 : i64} {
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : memref<8xf32>, memref<8xf32>) outs(%arg2 : memref<8xi1>) attrs = {systole.tiling = {partition = 0 : i64, tiles = array<i64: 8>}} {
    ^bb0(%a: f32, %b: f32, %out: i1):
      %0 = arith.cmpf ult, %a, %b : f32
      %1 = arith.cmpf one, %a, %b : f32
      %2 = arith.cmpf oeq, %a, %b : f32
      %3 = arith.andi %0, %1 : i1
      %4 = arith.andi %3, %2 : i1
      linalg.yield %4 : i1
    }
    return
  }
}
