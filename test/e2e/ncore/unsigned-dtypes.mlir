// ui16 and ui32 elements (NKI's uint16 and uint32) in access patterns:
// the engines read them as their unsigned values and write them rounded to
// nearest and saturated to [0, 2^16 - 1] / [0, 2^32 - 1], as every integer
// store; a DMA between two views of one type copies the bytes.
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// RUN: systole-run %t.ncx --input=4xui16=0,1,40000,65535 --input=4xui32=7,3735928559,4294967295,70000 | FileCheck %s --check-prefix=SIM
// CHECK: ncore.input @a : tensor<4xui16> at 0
// CHECK: ncore.input @b : tensor<4xui32> at 64
// CHECK: ncore.output @a_as_f32 : tensor<4xf32> at 128
// CHECK: ncore.output @b_as_ui16 : tensor<4xui16> at 192
// CHECK: ncore.output @b_copied : tensor<4xui32> at 256
// CHECK: ncore.output @a_plus_1 : tensor<4xui16> at 320
// CHECK: ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1 step 4] ui16 [4:1]>) outs(#ncore.ap<sbuf[0:1] f32 [4:1]>)
// 40000 and 65535 read as unsigned, not as -25536 and -1.
// SIM: result[0]: 4xf32=[0 1 40000 65535]
// 3735928559 and 4294967295 saturate to 65535; 70000 too.
// SIM: result[1]: 4xui16=[7 65535 65535 65535]
// SIM: result[2]: 4xui32=[7 3735928559 4294967295 70000]
// 65535 + 1 saturates on the way back to ui16 (a compiled add wraps: the
// compiler keeps the low 16 bits first).
// SIM: result[3]: 4xui16=[1 2 40001 65535]

ncore.program @unsigned attributes {target = "trn2"} {
  ncore.input @a : tensor<4xui16> at 0
  ncore.input @b : tensor<4xui32> at 64
  ncore.output @a_as_f32 : tensor<4xf32> at 128
  ncore.output @b_as_ui16 : tensor<4xui16> at 192
  ncore.output @b_copied : tensor<4xui32> at 256
  ncore.output @a_plus_1 : tensor<4xui16> at 320
  ncore.semaphore @loaded
  ncore.semaphore @done

  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:1 step 4] ui16 [4:1]>) outs(#ncore.ap<sbuf[0:1] f32 [4:1]>) signal(@loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:1 step 4] + 64 ui32 [4:1]>) outs(#ncore.ap<sbuf[0:1] + 64 ui32 [4:1]>) signal(@loaded += 1)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:1] + 64 ui32 [4:1]>) outs(#ncore.ap<sbuf[0:1] + 128 ui16 [4:1]>) wait(@loaded >= 2) signal(@done += 1)
  ncore.tensor_scalar add(1.0 : f32) on vector ins(#ncore.ap<sbuf[0:1] f32 [4:1]>) outs(#ncore.ap<sbuf[0:1] + 192 ui16 [4:1]>) wait(@loaded >= 2) signal(@done += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<sbuf[0:1] f32 [4:1]>) outs(#ncore.ap<hbm[0:1 step 4] + 128 f32 [4:1]>) wait(@loaded >= 2)
  ncore.dma_copy on dma[1] ins(#ncore.ap<sbuf[0:1] + 128 ui16 [4:1]>) outs(#ncore.ap<hbm[0:1 step 4] + 192 ui16 [4:1]>) wait(@done >= 2)
  ncore.dma_copy on dma[2] ins(#ncore.ap<sbuf[0:1] + 64 ui32 [4:1]>) outs(#ncore.ap<hbm[0:1 step 4] + 256 ui32 [4:1]>) wait(@loaded >= 2)
  ncore.dma_copy on dma[3] ins(#ncore.ap<sbuf[0:1] + 192 ui16 [4:1]>) outs(#ncore.ap<hbm[0:1 step 4] + 320 ui16 [4:1]>) wait(@done >= 2)
}
