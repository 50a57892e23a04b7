// Every instruction and operand kind survives ncore -> NCX -> ncore exactly.
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-opt %s -o %t.expected
// RUN: systole-translate --ncx-to-ncore %t.ncx | diff -B %t.expected -

// Written in the disassembler's canonical form: @main, declarations first,
// semaphores @semN, instructions in the causal merge order.
ncore.program @main attributes {compiler_version = "test", target = "trn2"} {
  ncore.input @x : tensor<128x512xbf16> at 0
  ncore.output @y : tensor<128x512xf32> at 131072
  ncore.constant @table at 425984 = dense<[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]> : tensor<16xui8>
  ncore.scratch @w at 393216 size 32768
  ncore.scratch @spill at 1048576 size 4096
  ncore.semaphore @sem0
  ncore.semaphore @sem1
  ncore.tensor_tensor add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>, #ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.tensor_tensor xor on vector ins(#ncore.ap<sbuf[0:32] i32 [16:1]>, #ncore.ap<sbuf[32:64] i32 [16:1]>) outs(#ncore.ap<sbuf[64:96] i32 [16:1]>)
  ncore.tensor_scalar mul(2.000000e+00 : f32), add(#ncore.ap<sbuf[0:128] + 8192 f32 []>) on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  ncore.tensor_scalar max(0.000000e+00 : f32) on vector ins(#ncore.ap<sbuf[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 [4:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] f32 [4:128, 128:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 []>) dims(2) negate
  ncore.select on vector ins(#ncore.ap<sbuf[0:128] ui8 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:1]>, #ncore.ap<sbuf[0:128] f32 [512:0]>) outs(#ncore.ap<sbuf[0:128] f32 [512:1]>)
  ncore.iota on gpsimd outs(#ncore.ap<sbuf[0:128] i32 [4:16, 16:1]>) base(-3) partition_step(64) steps([16, 1])
  ncore.memset on gpsimd outs(#ncore.ap<sbuf[96:128] f8E4M3 [64:1]>) value(-2.400000e+02)
  ncore.partition_reduce min on gpsimd ins(#ncore.ap<sbuf[0:128] f32 [8:1]>) outs(#ncore.ap<sbuf[0:1] f32 [8:1]>)
  ncore.partition_broadcast on gpsimd ins(#ncore.ap<sbuf[0:1] f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] f32 [8:1]>)
  ncore.scatter on gpsimd ins(#ncore.ap<sbuf[0:32] f32 [16:1]>, #ncore.ap<sbuf[0:32] + 128 i32 []>) outs(#ncore.ap<sbuf[0:1] + 256 f32 [16:1]>) rows(64) row_stride(16)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>) signal(@sem0 += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 128] + 393216 bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>) signal(@sem0 += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@sem0 >= 2) signal(@sem1 += 1)
  ncore.transpose on tensor ins(#ncore.ap<sbuf[0:64] bf16 [32:1]>) outs(#ncore.ap<psum[0:32] + 2048 bf16 [64:1]>)
  ncore.activation gelu on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(5.000000e-01 : f32) bias(#ncore.ap<sbuf[0:128] + 8192 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 8196 f32 []>) wait(@sem1 >= 1)
  ncore.activation exp on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) scale(#ncore.ap<sbuf[0:128] + 8192 f32 []>)
  ncore.tensor_copy on scalar ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>)
  ncore.gather on dma[2] ins(#ncore.ap<hbm[0:1] + 425984 i32 [1:1]>, #ncore.ap<sbuf[0:4] i32 []>) outs(#ncore.ap<sbuf[0:4] + 64 i32 [1:1]>) rows(4) row_stride(1)
  ncore.scatter on dma[2] ins(#ncore.ap<sbuf[0:4] + 64 f32 [1:1]>, #ncore.ap<sbuf[0:4] i32 []>) outs(#ncore.ap<hbm[0:1] + 131072 f32 [1:1]>) rows(4) row_stride(1) skip_oob
  ncore.scatter on dma[2] ins(#ncore.ap<sbuf[0:4] + 64 f32 [1:1]>, #ncore.ap<sbuf[0:4] i32 []>) outs(#ncore.ap<hbm[0:1] + 131072 f32 [1:1]>) rows(4) row_stride(1) skip_oob accumulate
}
