// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt %s --mlir-print-op-generic | systole-opt | FileCheck %s

// Every instruction in its pretty form; printing and re-parsing keeps it.

// CHECK-LABEL: ncore.program @all attributes {compiler_version = "test", target = "trn2"}
ncore.program @all attributes {target = "trn2", compiler_version = "test"} {
  // CHECK: ncore.input @x : tensor<128x512xbf16> at 0
  ncore.input @x : tensor<128x512xbf16> at 0
  // CHECK: ncore.output @y : tensor<128x512xf32> at 131072
  ncore.output @y : tensor<128x512xf32> at 131072
  // CHECK: ncore.constant @w at 393216 = dense<1.000000e+00> : tensor<128x128xbf16>
  ncore.constant @w at 393216 = dense<1.0> : tensor<128x128xbf16>
  // CHECK: ncore.constant @table at 425984 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  ncore.constant @table at 425984 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // CHECK: ncore.scratch @spill at 1048576 size 4096
  ncore.scratch @spill at 1048576 size 4096
  // CHECK: ncore.semaphore @loaded
  ncore.semaphore @loaded
  ncore.semaphore @computed

  // CHECK: ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>) signal(@loaded += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>) signal(@loaded += 1)
  // CHECK: ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 128] + 393216 bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>) signal(@loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 128] + 393216 bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>) signal(@loaded += 1)
  // CHECK: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@loaded >= 2) signal(@computed += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@loaded >= 2) signal(@computed += 1)
  // CHECK: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:64] bf16 [32:1]>) outs(#ncore.ap<psum[0:32] + 2048 bf16 [64:1]>)
  ncore.transpose on tensor ins(#ncore.ap<sbuf[0:64] bf16 [32:1]>) outs(#ncore.ap<psum[0:32] + 2048 bf16 [64:1]>)
  // CHECK: ncore.activation gelu on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(5.000000e-01 : f32) bias(#ncore.ap<sbuf[0:128] + 8192 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 8196 f32 []>) wait(@computed >= 1)
  ncore.activation gelu on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(0.5 : f32) bias(#ncore.ap<sbuf[0:128] + 8192 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 8196 f32 []>) wait(@computed >= 1)
  // CHECK: ncore.activation exp on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(#ncore.ap<sbuf[0:128] + 8192 f32 []>){{$}}
  ncore.activation exp on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(#ncore.ap<sbuf[0:128] + 8192 f32 []>)
  // CHECK: ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>, #ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>, #ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  // CHECK: ncore.tensor_tensor xor on vector
  ncore.tensor_tensor xor on vector ins(#ncore.ap<sbuf[0:32] i32 [16:1]>, #ncore.ap<sbuf[32:64] i32 [16:1]>) outs(#ncore.ap<sbuf[64:96] i32 [16:1]>)
  // CHECK: ncore.tensor_scalar mul(2.000000e+00 : f32), add(#ncore.ap<sbuf[0:128] + 8192 f32 []>) on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  ncore.tensor_scalar mul(2.0 : f32), add(#ncore.ap<sbuf[0:128] + 8192 f32 []>) on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  // CHECK: ncore.tensor_scalar max(0.000000e+00 : f32) on vector
  ncore.tensor_scalar max(0.0 : f32) on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  // CHECK: ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 [4:1]>){{$}}
  ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 [4:1]>)
  // CHECK: ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 []>) dims(2) negate
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 []>) dims(2) negate
  // CHECK: ncore.tensor_copy on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  ncore.tensor_copy on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  // CHECK: ncore.select on vector ins(#ncore.ap<sbuf[0:128] ui8 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:0]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.select on vector ins(#ncore.ap<sbuf[0:128] ui8 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:0]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  // CHECK: ncore.iota on gpsimd outs(#ncore.ap<sbuf[0:128] i32 [4:16, 16:1]>) base(-3) partition_step(64) steps([16, 1])
  ncore.iota on gpsimd outs(#ncore.ap<sbuf[0:128] i32 [4:16, 16:1]>) base(-3) partition_step(64) steps([16, 1])
  // CHECK: ncore.memset on gpsimd outs(#ncore.ap<sbuf[96:128] f8E4M3 [64:1]>) value(-2.400000e+02)
  ncore.memset on gpsimd outs(#ncore.ap<sbuf[96:128] f8E4M3 [64:1]>) value(-240.0)
  // CHECK: ncore.partition_reduce min on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
  ncore.partition_reduce min on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
  // CHECK: ncore.partition_broadcast on gpsimd ins(#ncore.ap<sbuf[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
  ncore.partition_broadcast on gpsimd ins(#ncore.ap<sbuf[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
  // CHECK: ncore.gather on dma[2] ins(#ncore.ap<hbm[0:1] + 425984 i32 [1:1]>, #ncore.ap<sbuf[0:4] i32 []>) outs(#ncore.ap<sbuf[0:4] + 64 i32 [1:1]>) rows(4) row_stride(1)
  ncore.gather on dma[2] ins(#ncore.ap<hbm[0:1] + 425984 i32 [1:1]>, #ncore.ap<sbuf[0:4] i32 []>) outs(#ncore.ap<sbuf[0:4] + 64 i32 [1:1]>) rows(4) row_stride(1)
  // CHECK: ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<sbuf[0:1] + 256 f32 [16:1]>) rows(64) row_stride(16)
  ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<sbuf[0:1] + 256 f32 [16:1]>) rows(64) row_stride(16)
  // CHECK: ncore.scatter on dma[2] ins(#ncore.ap<sbuf[0:32] f32 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<hbm[0:1] + 256 f32 [16:1]>) rows(64) row_stride(16) skip_oob
  ncore.scatter on dma[2] ins(#ncore.ap<sbuf[0:32] f32 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<hbm[0:1] + 256 f32 [16:1]>) rows(64) row_stride(16) skip_oob
  // CHECK: ncore.scatter on dma[3] ins(#ncore.ap<sbuf[0:32] bf16 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<hbm[0:1] + 256 bf16 [16:1]>) rows(64) row_stride(16) skip_oob accumulate
  ncore.scatter on dma[3] ins(#ncore.ap<sbuf[0:32] bf16 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<hbm[0:1] + 256 bf16 [16:1]>) rows(64) row_stride(16) skip_oob accumulate
}
