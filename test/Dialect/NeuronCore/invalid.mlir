// RUN: systole-opt %s -split-input-file -verify-diagnostics

// Every verifier error of the ncore dialect (DESIGN section 3).

// expected-error @+1 {{unknown target 'trn9' (shipped targets: trn1, trn2; give another in 'target_desc')}}
ncore.program @p attributes {target = "trn9"} {
}

// -----

// A target description is complete (runtime/targets validates it).
// expected-error @+1 {{'ncore.program' op target_desc: field 'description' is missing}}
ncore.program @p attributes {target = "trn2", target_desc = "name: \"trn1\""} {
}

// -----

// expected-error @+1 {{stats entry 'compile_ms' must be a number}}
ncore.program @p attributes {target = "trn2", stats = {compile_ms = "fast"}} {
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{partitions [0:0] must be a non-empty range}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:0] f32 [1:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{access pattern has 5 free dims; a tile has at most 4}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [1:1, 1:1, 1:1, 1:1, 1:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{access pattern element type 'f64' is not a NeuronCore type}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f64 [1:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{access pattern dim count 0 is out of range}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [0:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{an HBM access pattern starts at partition 0}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[1:2] f32 [1:1]>) outs(#ncore.ap<sbuf[0:1] f32 [1:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{a partition step is only for HBM access patterns (sbuf has physical partitions)}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128 step 4] f32 [1:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{access pattern has more than 16777216 elements per partition}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [4096:0, 8192:0]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{access pattern has more than 67108864 elements}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [1048576:0]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{expected a memory: 'hbm', 'sbuf' or 'psum'}}
  ncore.memset on vector outs(#ncore.ap<dram[0:128] f32 [1:1]>) value(0.0)
}

// -----

// Partition-start alignment: 65-128 partitions start at 0.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: a tile of 96 partitions cannot start at partition 32 (65-128 partitions start at 0)}}
  ncore.memset on vector outs(#ncore.ap<sbuf[32:128] f32 [1:1]>) value(0.0)
}

// -----

// 33-64 partitions start at 0 or 64.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: a tile of 64 partitions cannot start at partition 32 (33-64 partitions start at 0 or 64)}}
  ncore.memset on vector outs(#ncore.ap<sbuf[32:96] f32 [1:1]>) value(0.0)
}

// -----

// 1-32 partitions start at 0, 32, 64 or 96.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src: a tile of 16 partitions cannot start at partition 8 (1-32 partitions start at 0, 32, 64 or 96)}}
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[8:24] f32 [1:1]>) outs(#ncore.ap<sbuf[0:16] f32 [1:1]>)
}

// -----

// DMA needs no alignment, but stays inside the 128 partitions.
ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 64
  // expected-error @+1 {{dst: partitions [120:136] are outside the 128 partitions of sbuf on trn2}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:16 step 1] f32 [1:1]>) outs(#ncore.ap<sbuf[120:136] f32 [1:1]>)
}

// -----

// SBUF is 224 KiB per partition on trn2...
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: bytes [229372, 229380) of each partition are outside the 229376 bytes per partition of sbuf on trn2}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 229372 f32 [2:1]>) value(0.0)
}

// -----

// ...and 192 KiB on trn1.
ncore.program @p attributes {target = "trn1"} {
  // expected-error @+1 {{dst: bytes [196604, 196612) of each partition are outside the 196608 bytes per partition of sbuf on trn1}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] + 196604 f32 [2:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: bytes [16380, 16388) of each partition are outside the 16384 bytes per partition of psum on trn2}}
  ncore.memset on vector outs(#ncore.ap<psum[0:128] + 16380 f32 [2:1]>) value(0.0)
}

// -----

// Engines: matmul runs on the tensor engine only.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.matmul' op cannot run on the vector engine (it runs on: tensor)}}
  ncore.matmul on vector ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.activation' op cannot run on the vector engine (it runs on: scalar)}}
  ncore.activation relu on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.dma_copy' op cannot run on the gpsimd engine (it runs on: dma)}}
  ncore.dma_copy on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.iota' op cannot run on the vector engine (it runs on: gpsimd)}}
  ncore.iota on vector outs(#ncore.ap<sbuf[0:128] i32 [8:1]>) base(0) partition_step(8) steps([1])
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.memset' op cannot run on the scalar engine (it runs on: vector, gpsimd)}}
  ncore.memset on scalar outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.memset' op has a DMA queue but runs on the vector engine}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0) {queue = 1 : i32}
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{expected an engine: tensor, vector, scalar, gpsimd or dma[QUEUE]}}
  ncore.memset on pool outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 4096
  // expected-error @+1 {{'ncore.dma_copy' op uses DMA queue 16, but trn2 has 16 queues}}
  ncore.dma_copy on dma[16] ins(#ncore.ap<hbm[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
}

// -----

// Memories: the tensor engine reads SBUF and writes PSUM.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{moving: the tensor engine cannot access psum here (allowed: sbuf)}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<psum[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: the tensor engine cannot access sbuf here (allowed: psum)}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src: the tensor engine cannot access psum here (allowed: sbuf)}}
  ncore.transpose on tensor ins(#ncore.ap<psum[0:32] f32 [32:1]>) outs(#ncore.ap<psum[0:32] f32 [32:1]>)
}

// -----

// GpSimd never touches PSUM.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: the gpsimd engine cannot access psum here (allowed: sbuf)}}
  ncore.memset on gpsimd outs(#ncore.ap<psum[0:128] f32 [8:1]>) value(0.0)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{'ncore.tensor_tensor' op cannot run on the gpsimd engine (it runs on: vector)}}
  ncore.tensor_tensor add on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>, #ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

// Vector and scalar engines never touch HBM.
ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 4096
  // expected-error @+1 {{src: the scalar engine cannot access hbm here (allowed: sbuf or psum)}}
  ncore.activation relu on scalar ins(#ncore.ap<hbm[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
}

// -----

// DMA never touches PSUM...
ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 4096
  // expected-error @+1 {{dst: the dma engine cannot access psum here (allowed: hbm or sbuf)}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1] f32 [8:1]>) outs(#ncore.ap<psum[0:1] f32 [8:1]>)
}

// -----

// ...and does not copy HBM to HBM.
ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 4096
  // expected-error @+1 {{DMA copies HBM<->SBUF or SBUF->SBUF, not HBM->HBM}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1] f32 [8:1]>) outs(#ncore.ap<hbm[0:1] + 32 f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @s at 0 size 4096
  // expected-error @+1 {{src has 8 elements but dst has 16}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:2] f32 [8:1]>)
}

// -----

// HBM accesses stay inside declared regions.
ncore.program @p attributes {target = "trn2"} {
  ncore.input @x : tensor<4x8xf32> at 0
  // expected-error @+1 {{src: HBM bytes [0, 160) are outside every declared region (inputs, outputs, constants, scratch)}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:5 step 8] f32 [8:1]>) outs(#ncore.ap<sbuf[0:5] f32 [8:1]>)
}

// -----

// Adjacent regions do not make one: an access that crosses from one into the
// next is outside both. Accesses inside the last region, and inside a region
// that starts where an empty one does, are fine.
ncore.program @p attributes {target = "trn2"} {
  ncore.input @x : tensor<4x8xf32> at 0
  ncore.scratch @empty at 128 size 0
  ncore.scratch @s at 128 size 128
  ncore.output @y : tensor<4x8xf32> at 256
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1] + 128 f32 [32:1]>) outs(#ncore.ap<sbuf[0:1] f32 [32:1]>)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:1] f32 [32:1]>) outs(#ncore.ap<hbm[0:1] + 256 f32 [32:1]>)
  // expected-error @+1 {{src: HBM bytes [64, 192) are outside every declared region}}
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1] + 64 f32 [32:1]>) outs(#ncore.ap<sbuf[0:1] f32 [32:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-note @+1 {{the other region}}
  ncore.input @x : tensor<4x8xf32> at 0
  // expected-error @+1 {{HBM bytes [64, 192) overlap another region}}
  ncore.output @y : tensor<4x8xf32> at 64
}

// -----

ncore.program @p attributes {target = "trn1"} {
  // expected-error @+1 {{HBM bytes [17179869184, 17179869188) are outside the 17179869184 bytes of HBM of trn1}}
  ncore.scratch @s at 17179869184 size 4
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{element type 'f64' is not a NeuronCore type}}
  ncore.input @x : tensor<4xf64> at 0
}

// -----

// Semaphores are declared, and their values fit 32 bits.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{waits on undeclared semaphore @s (declare it with ncore.semaphore)}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0) wait(@s >= 1)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  ncore.semaphore @s
  // expected-error @+1 {{signals @s with value 4294967296, outside [0, 2^32)}}
  ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0) signal(@s += 4294967296)
}

// -----

// Matmul: K on the partitions of both inputs, K <= 128, M <= 128, N <= 512.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{stationary has K = 128 partitions but moving has 64}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:64] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{M = 256 exceeds the 128 columns of the PE array}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [256:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{N = 1024 exceeds the largest moving size 512}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [1024:1]>) outs(#ncore.ap<psum[0:128] f32 [1024:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst must be [M = 128 partitions x N = 512], not [64 x 512]}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:64] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst must be f32 (PSUM accumulates in fp32), not 'bf16'}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] bf16 [512:1]>)
}

// -----

// The result stays inside one 2 KiB PSUM bank.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst bytes [1024, 3072) span more than one 2048-byte PSUM bank}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 1024 f32 [512:1]>)
}

// -----

// f32 only with f32; 16- and 8-bit floats mix.
ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{operand types 'f32' x 'bf16': both f32, or both among bf16, f16 and fp8}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f32 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{operand types 'i8' x 'i8': both f32, or both among bf16, f16 and fp8}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] i8 [128:1]>, #ncore.ap<sbuf[0:128] i8 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn1"} {
  // expected-error @+1 {{stationary: f8E4M3FN (OCP e4m3, max 448) is not native on trn1; use f8E4M3 (max 240) and rescale the values (--fp8=e4m3 quantizes to it)}}
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] f8E4M3FN [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst: f8E4M3FN (OCP e4m3, max 448) is not native on trn2}}
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] f32 [128:1]>) outs(#ncore.ap<sbuf[0:128] f8E4M3FN [128:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src [128 x 256] exceeds the 128x128 PE array}}
  ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] bf16 [256:1]>) outs(#ncore.ap<psum[0:128] bf16 [256:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst must be [32 partitions x 64]}}
  ncore.transpose on tensor ins(#ncore.ap<sbuf[0:64] bf16 [32:1]>) outs(#ncore.ap<psum[0:64] bf16 [32:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{transpose moves float data}}
  ncore.transpose on tensor ins(#ncore.ap<sbuf[0:32] i32 [32:1]>) outs(#ncore.ap<psum[0:32] i32 [32:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src [128 partitions x 8] and dst [128 x 16] differ in shape}}
  ncore.activation relu on scalar ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [16:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{bias must be [128 partitions x 1 element]}}
  ncore.activation relu on scalar ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) bias(#ncore.ap<sbuf[0:128] f32 [2:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{scale must be [128 partitions x 1 element]}}
  ncore.activation relu on scalar ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) scale(#ncore.ap<sbuf[0:64] f32 []>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{reduce must be [128 partitions x 1 element]}}
  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) reduce(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{b [128 partitions x 4] and dst [128 x 8] differ in shape}}
  ncore.tensor_tensor mul on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>, #ncore.ap<sbuf[0:128] f32 [4:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{needs an operation other than bypass}}
  ncore.tensor_tensor bypass on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>, #ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{s1 must be [128 partitions x 1 element]}}
  ncore.tensor_scalar mul(2.0 : f32), add(#ncore.ap<sbuf[0:128] f32 [8:1]>) on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{op0 needs an operation other than bypass}}
  ncore.tensor_scalar bypass(2.0 : f32) on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{omit op1 instead of writing bypass}}
  ncore.tensor_scalar add(2.0 : f32), bypass(0.0 : f32) on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{reduces with add, max, min or mul, not sub}}
  ncore.tensor_reduce sub on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 []>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{reduces 3 dims but src has 2}}
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] f32 [2:8, 8:1]>) outs(#ncore.ap<sbuf[0:128] f32 []>) dims(3)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst must be [128 partitions x 2]}}
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] f32 [2:8, 8:1]>) outs(#ncore.ap<sbuf[0:128] f32 []>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src [128 partitions x 8] and dst [128 x 4] differ in shape}}
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [4:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{pred [128 partitions x 4] and dst [128 x 8] differ in shape}}
  ncore.select on vector ins(#ncore.ap<sbuf[0:128] ui8 [4:1]>, #ncore.ap<sbuf[0:128] f32 [8:1]>, #ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{has 3 steps but dst has 2 free dims}}
  ncore.iota on gpsimd outs(#ncore.ap<sbuf[0:128] i32 [2:8, 8:1]>) base(0) partition_step(16) steps([8, 1, 1])
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{dst must have one partition}}
  ncore.partition_reduce add on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{reduces with add, max, min or mul, not div}}
  ncore.partition_reduce div on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src must have one partition}}
  ncore.partition_broadcast on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{src and dst differ in elements per partition (8 vs 4)}}
  ncore.partition_broadcast on gpsimd ins(#ncore.ap<sbuf[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [4:1]>)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @t at 0 size 4096
  // expected-error @+1 {{table: the gpsimd engine cannot access hbm here (allowed: sbuf)}}
  ncore.gather on gpsimd ins(#ncore.ap<hbm[0:1] f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  ncore.scratch @t at 0 size 256
  // expected-error @+1 {{table: HBM bytes [0, 512) are outside every declared region}}
  ncore.gather on dma[0] ins(#ncore.ap<hbm[0:1] f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{table: a table access pattern has one partition (row 0)}}
  ncore.gather on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{table: rows span bytes [229344, 233440) of a partition, outside the 229376 bytes per partition of sbuf}}
  ncore.gather on gpsimd ins(#ncore.ap<sbuf[0:1] + 229344 f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>) rows(128) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{indices must be an integer type, not 'f32'}}
  ncore.gather on gpsimd ins(#ncore.ap<sbuf[0:1] f32 [8:1]>, #ncore.ap<sbuf[0:32] f32 []>) outs(#ncore.ap<sbuf[0:32] f32 [8:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{indices must be [32 partitions x 1 element]}}
  ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [8:1]>, #ncore.ap<sbuf[0:64] i32 []>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{a table row (4 elements) and a partition of src (8) differ in size}}
  ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:1] f32 [4:1]>) rows(16) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2"} {
  // expected-error @+1 {{needs at least one table row, not 0}}
  ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [8:1]>, #ncore.ap<sbuf[0:32] i32 []>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>) rows(0) row_stride(8)
}

// -----

ncore.program @p attributes {target = "trn2", dma_queues = 20 : i32} {
  // expected-error @-1 {{dma_queues = 20 must be in [0, 16]}}
}

// -----

// Instructions live in a program.
// expected-error @+1 {{'ncore.memset' op expects parent op 'ncore.program'}}
ncore.memset on vector outs(#ncore.ap<sbuf[0:128] f32 [8:1]>) value(0.0)
