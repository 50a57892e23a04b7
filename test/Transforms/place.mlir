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
