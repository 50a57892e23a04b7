// RUN: systole-opt %s --split-input-file --systole-place | FileCheck %s
// RUN: sed -e 's/^hbm_bytes: .*/hbm_bytes: 100/' %srcroot/runtime/targets/trn2.textproto > %t.small.textproto
// RUN: systole-opt %S/Inputs/place-overflow.mlir --systole-place=target=%t.small.textproto -verify-diagnostics -o /dev/null

// Inputs, then outputs, then constants, then intermediates, 64-byte
// aligned. %t0 and %t1 are live at the same time; %t2 is first written two
// computations after %t0's last use and takes its place.
// CHECK-LABEL: func.func @main
// CHECK-SAME: %{{.*}}: memref<16xf32> {systole.hbm_address = 0 : i64}
// CHECK-SAME: %{{.*}}: memref<16xf32> {bufferize.result, systole.hbm_address = 64 : i64}
// CHECK-SAME: %{{.*}}: memref<8xf32> {bufferize.result, systole.hbm_address = 128 : i64}
// CHECK-SAME: attributes {systole.hbm_bytes = 384 : i64, systole.hbm_scratch_base = 256 : i64}
// CHECK: memref.alloc() {systole.hbm_address = 256 : i64} : memref<16xf32>
// CHECK: memref.alloc() {systole.hbm_address = 320 : i64} : memref<16xf32>
// CHECK: memref.alloc() {systole.hbm_address = 256 : i64} : memref<16xf32>
// CHECK: memref.global "private" constant @cst : memref<8xf32> = dense<1.000000e+00> {systole.hbm_address = 192 : i64}
func.func @main(%x: memref<16xf32>, %out: memref<16xf32> {bufferize.result}, %out2: memref<8xf32> {bufferize.result}) {
  %c = memref.get_global @cst : memref<8xf32>
  %t0 = memref.alloc() : memref<16xf32>
  %t1 = memref.alloc() : memref<16xf32>
  memref.copy %x, %t0 : memref<16xf32> to memref<16xf32>
  memref.copy %t0, %t1 : memref<16xf32> to memref<16xf32>
  memref.copy %c, %out2 : memref<8xf32> to memref<8xf32>
  %t2 = memref.alloc() : memref<16xf32>
  memref.copy %t1, %t2 : memref<16xf32> to memref<16xf32>
  memref.copy %t2, %out : memref<16xf32> to memref<16xf32>
  return
}
memref.global "private" constant @cst : memref<8xf32> = dense<1.0>

// -----

// A buffer first written by the computation right after the one that last
// reads another does not take that one's bytes: the `ncore` phase may run
// the two as one (a matmul and its PSUM-evacuation epilogue), writing %t2
// while %t0 is still being read.
// CHECK-LABEL: func.func @epilogue_candidate
// CHECK: memref.alloc() {systole.hbm_address = 128 : i64} : memref<16xf32>
// CHECK: memref.alloc() {systole.hbm_address = 192 : i64} : memref<16xf32>
// CHECK: memref.alloc() {systole.hbm_address = 256 : i64} : memref<16xf32>
func.func @epilogue_candidate(%x: memref<16xf32>, %out: memref<16xf32> {bufferize.result}) {
  %t0 = memref.alloc() : memref<16xf32>
  %t1 = memref.alloc() : memref<16xf32>
  memref.copy %x, %t0 : memref<16xf32> to memref<16xf32>
  memref.copy %t0, %t1 : memref<16xf32> to memref<16xf32>
  %t2 = memref.alloc() : memref<16xf32>
  memref.copy %t1, %t2 : memref<16xf32> to memref<16xf32>
  memref.copy %t2, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// A contraction's result is live from the contraction before it on: the
// `ncore` phase may end a row group that starts at the first matmul with
// the second (an attention block's QK^T and PV matmuls), writing %c1's rows
// while later tiles still read %a0 and %b0. %e, no contraction's result,
// takes %a0's bytes (dead since the first matmul); %c1 takes none of the
// buffers' live since then (it took %b0's, 1280, before the rule).
// CHECK-LABEL: func.func @contraction_after_row_group
// CHECK: memref.alloc() {systole.hbm_address = 1024 : i64} : memref<8x8xf32>
// CHECK: memref.alloc() {systole.hbm_address = 1280 : i64} : memref<8x8xf32>
// CHECK: memref.alloc() {systole.hbm_address = 1536 : i64} : memref<8x8xf32>
// CHECK: memref.alloc() {systole.hbm_address = 1792 : i64} : memref<8x8xf32>
// CHECK: memref.alloc() {systole.hbm_address = 1024 : i64} : memref<8x8xf32>
// CHECK: memref.alloc() {systole.hbm_address = 2048 : i64} : memref<8x8xf32>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
func.func @contraction_after_row_group(%x: memref<8x8xf32>, %w: memref<8x8xf32>, %v: memref<8x8xf32>, %out: memref<8x8xf32> {bufferize.result}) {
  %zero = arith.constant 0.0 : f32
  %a0 = memref.alloc() : memref<8x8xf32>
  memref.copy %x, %a0 : memref<8x8xf32> to memref<8x8xf32>
  %b0 = memref.alloc() : memref<8x8xf32>
  memref.copy %w, %b0 : memref<8x8xf32> to memref<8x8xf32>
  %c0 = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c0 : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a0, %b0 : memref<8x8xf32>, memref<8x8xf32>) outs(%c0 : memref<8x8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %t = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c0 : memref<8x8xf32>) outs(%t : memref<8x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %e = math.exp %p : f32
    linalg.yield %e : f32
  }
  %e = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : memref<8x8xf32>) outs(%e : memref<8x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %n = arith.negf %p : f32
    linalg.yield %n : f32
  }
  %c1 = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c1 : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%e, %v : memref<8x8xf32>, memref<8x8xf32>) outs(%c1 : memref<8x8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  memref.copy %c1, %out : memref<8x8xf32> to memref<8x8xf32>
  return
}
