// A program larger than the target's HBM: the error lists every buffer with
// its size, address and location (used by ../place.mlir).
// expected-error @+3 {{place: the program needs 192 bytes of HBM but trn2 has 100; live buffers:}}
// expected-note @+2 {{input 0: 64 bytes at 0}}
// expected-note @+1 {{output 1: 64 bytes at 64}}
func.func @main(%x: memref<16xf32>, %out: memref<16xf32> {bufferize.result}) {
  // expected-note @+1 {{intermediate: 64 bytes at 128}}
  %t = memref.alloc() : memref<16xf32>
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  return
}
