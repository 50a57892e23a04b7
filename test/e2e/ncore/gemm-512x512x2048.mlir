// A tiled bf16 GEMM c[512,512] = a[512,2048] x b[2048,512] (issue 3), with a given
// K-major as at = a^T [2048,512]. 4 M tiles x 16 K tiles of 128x128x512 matmuls
// accumulate over K in four PSUM banks; semaphores hand tiles DMA -> tensor ->
// vector (PSUM evacuation) -> DMA.
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// Run on the simulator and compare with the reference interpreter on the same
// random inputs (an independent oracle: Inputs/gemm-512x512x2048.ref.mlir).
// RUN: systole-run --backend=reference %S/Inputs/gemm-512x512x2048.ref.mlir --random-inputs --random-distribution=normal --seed=3 --output=@%t.ref0.npy --quiet
// RUN: systole-run --backend=sim %t.ncx --random-inputs --seed=3 --expected-output=@%t.ref0.npy --rtol=1e-5 --atol=1e-3 --quiet --stats-json=%t.stats.json | FileCheck %s --check-prefix=SIM
// RUN: FileCheck %s --check-prefix=STATS < %t.stats.json
// SIM: simulated: {{[0-9.]+}} us on trn2
// STATS: "total_ns"

// RUN: systole-translate --ncx-to-ncore %t.ncx | grep -c "ncore.matmul on tensor" | FileCheck %s --check-prefix=MATMULS
// MATMULS: 64
// The disassembly orders the streams causally: each matmul follows its loads.
// CHECK: ncore.dma_copy on dma[0] {{.*}} signal(@sem0 += 1)
// CHECK: ncore.dma_copy on dma[4] {{.*}} signal(@sem0 += 1)
// CHECK-NEXT: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) wait(@sem0 >= 2)
// CHECK: ncore.matmul on tensor {{.*}} outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate signal(@sem16 += 1)
// CHECK: ncore.tensor_copy on vector {{.*}} wait(@sem16 >= 4) signal(@sem17 += 1)
// CHECK: ncore.dma_copy on dma[8] {{.*}} + 4980736 f32 [512:1]>) wait(@sem17 >= 4)
ncore.program @gemm attributes {target = "trn2"} {
  ncore.input @at : tensor<2048x512xbf16> at 0
  ncore.input @b : tensor<2048x512xbf16> at 2097152
  ncore.output @c : tensor<512x512xf32> at 4194304
  ncore.semaphore @k0_loaded
  ncore.semaphore @k1_loaded
  ncore.semaphore @k2_loaded
  ncore.semaphore @k3_loaded
  ncore.semaphore @k4_loaded
  ncore.semaphore @k5_loaded
  ncore.semaphore @k6_loaded
  ncore.semaphore @k7_loaded
  ncore.semaphore @k8_loaded
  ncore.semaphore @k9_loaded
  ncore.semaphore @k10_loaded
  ncore.semaphore @k11_loaded
  ncore.semaphore @k12_loaded
  ncore.semaphore @k13_loaded
  ncore.semaphore @k14_loaded
  ncore.semaphore @k15_loaded
  ncore.semaphore @tile_done
  ncore.semaphore @tile_evacuated
  // Loads: row block k of at (A^T) and of b, two per K tile on 8 queues.
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [512:1]>) signal(@k0_loaded += 1)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 512] + 2097152 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) signal(@k0_loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 131072 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 bf16 [512:1]>) signal(@k1_loaded += 1)
  ncore.dma_copy on dma[5] ins(#ncore.ap<hbm[0:128 step 512] + 2228224 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>) signal(@k1_loaded += 1)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 262144 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 bf16 [512:1]>) signal(@k2_loaded += 1)
  ncore.dma_copy on dma[6] ins(#ncore.ap<hbm[0:128 step 512] + 2359296 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 18432 bf16 [512:1]>) signal(@k2_loaded += 1)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:128 step 512] + 393216 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 3072 bf16 [512:1]>) signal(@k3_loaded += 1)
  ncore.dma_copy on dma[7] ins(#ncore.ap<hbm[0:128 step 512] + 2490368 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 19456 bf16 [512:1]>) signal(@k3_loaded += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] + 524288 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 bf16 [512:1]>) signal(@k4_loaded += 1)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 512] + 2621440 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 20480 bf16 [512:1]>) signal(@k4_loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 655360 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 5120 bf16 [512:1]>) signal(@k5_loaded += 1)
  ncore.dma_copy on dma[5] ins(#ncore.ap<hbm[0:128 step 512] + 2752512 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 21504 bf16 [512:1]>) signal(@k5_loaded += 1)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 786432 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 6144 bf16 [512:1]>) signal(@k6_loaded += 1)
  ncore.dma_copy on dma[6] ins(#ncore.ap<hbm[0:128 step 512] + 2883584 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 22528 bf16 [512:1]>) signal(@k6_loaded += 1)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:128 step 512] + 917504 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 7168 bf16 [512:1]>) signal(@k7_loaded += 1)
  ncore.dma_copy on dma[7] ins(#ncore.ap<hbm[0:128 step 512] + 3014656 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 23552 bf16 [512:1]>) signal(@k7_loaded += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] + 1048576 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 bf16 [512:1]>) signal(@k8_loaded += 1)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 512] + 3145728 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 24576 bf16 [512:1]>) signal(@k8_loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 1179648 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 9216 bf16 [512:1]>) signal(@k9_loaded += 1)
  ncore.dma_copy on dma[5] ins(#ncore.ap<hbm[0:128 step 512] + 3276800 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 25600 bf16 [512:1]>) signal(@k9_loaded += 1)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 1310720 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 10240 bf16 [512:1]>) signal(@k10_loaded += 1)
  ncore.dma_copy on dma[6] ins(#ncore.ap<hbm[0:128 step 512] + 3407872 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 26624 bf16 [512:1]>) signal(@k10_loaded += 1)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:128 step 512] + 1441792 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 11264 bf16 [512:1]>) signal(@k11_loaded += 1)
  ncore.dma_copy on dma[7] ins(#ncore.ap<hbm[0:128 step 512] + 3538944 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 27648 bf16 [512:1]>) signal(@k11_loaded += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 512] + 1572864 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 12288 bf16 [512:1]>) signal(@k12_loaded += 1)
  ncore.dma_copy on dma[4] ins(#ncore.ap<hbm[0:128 step 512] + 3670016 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 28672 bf16 [512:1]>) signal(@k12_loaded += 1)
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 1703936 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 13312 bf16 [512:1]>) signal(@k13_loaded += 1)
  ncore.dma_copy on dma[5] ins(#ncore.ap<hbm[0:128 step 512] + 3801088 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 29696 bf16 [512:1]>) signal(@k13_loaded += 1)
  ncore.dma_copy on dma[2] ins(#ncore.ap<hbm[0:128 step 512] + 1835008 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 14336 bf16 [512:1]>) signal(@k14_loaded += 1)
  ncore.dma_copy on dma[6] ins(#ncore.ap<hbm[0:128 step 512] + 3932160 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 30720 bf16 [512:1]>) signal(@k14_loaded += 1)
  ncore.dma_copy on dma[3] ins(#ncore.ap<hbm[0:128 step 512] + 1966080 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 15360 bf16 [512:1]>) signal(@k15_loaded += 1)
  ncore.dma_copy on dma[7] ins(#ncore.ap<hbm[0:128 step 512] + 4063232 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 31744 bf16 [512:1]>) signal(@k15_loaded += 1)
  // Tensor engine: M tile m accumulates its 16 K tiles in PSUM bank m.
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) wait(@k0_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k1_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2048 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 18432 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k2_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 3072 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 19456 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k3_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 4096 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 20480 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k4_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 5120 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 21504 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k5_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 6144 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 22528 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k6_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 7168 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 23552 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k7_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 8192 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 24576 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k8_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 9216 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 25600 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k9_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 10240 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 26624 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k10_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 11264 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 27648 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k11_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 12288 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 28672 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k12_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 13312 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 29696 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k13_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 14336 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 30720 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k14_loaded >= 2)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 15360 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 31744 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) accumulate wait(@k15_loaded >= 2) signal(@tile_done += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 256 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1280 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2304 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 18432 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 3328 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 19456 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 4352 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 20480 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 5376 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 21504 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 6400 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 22528 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 7424 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 23552 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 8448 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 24576 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 9472 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 25600 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 10496 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 26624 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 11520 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 27648 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 12544 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 28672 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 13568 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 29696 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 14592 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 30720 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 15616 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 31744 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) accumulate signal(@tile_done += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 512 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1536 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2560 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 18432 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 3584 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 19456 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 4608 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 20480 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 5632 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 21504 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 6656 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 22528 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 7680 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 23552 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 8704 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 24576 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 9728 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 25600 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 10752 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 26624 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 11776 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 27648 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 12800 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 28672 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 13824 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 29696 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 14848 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 30720 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 15872 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 31744 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) accumulate signal(@tile_done += 1)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 768 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1792 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2816 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 18432 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 3840 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 19456 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 4864 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 20480 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 5888 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 21504 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 6912 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 22528 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 7936 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 23552 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 8960 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 24576 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 9984 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 25600 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 11008 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 26624 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 12032 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 27648 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 13056 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 28672 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 14080 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 29696 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 15104 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 30720 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 16128 bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 31744 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) accumulate signal(@tile_done += 1)
  // Vector engine evacuates each finished bank; DMA writes the rows of c.
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) wait(@tile_done >= 1) signal(@tile_evacuated += 1)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 34816 f32 [512:1]>) wait(@tile_done >= 2) signal(@tile_evacuated += 1)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] + 4096 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 36864 f32 [512:1]>) wait(@tile_done >= 3) signal(@tile_evacuated += 1)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] + 6144 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 38912 f32 [512:1]>) wait(@tile_done >= 4) signal(@tile_evacuated += 1)
  ncore.dma_copy on dma[8] ins(#ncore.ap<sbuf[0:128] + 32768 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 4194304 f32 [512:1]>) wait(@tile_evacuated >= 1)
  ncore.dma_copy on dma[8] ins(#ncore.ap<sbuf[0:128] + 34816 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 4456448 f32 [512:1]>) wait(@tile_evacuated >= 2)
  ncore.dma_copy on dma[8] ins(#ncore.ap<sbuf[0:128] + 36864 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 4718592 f32 [512:1]>) wait(@tile_evacuated >= 3)
  ncore.dma_copy on dma[8] ins(#ncore.ap<sbuf[0:128] + 38912 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 4980736 f32 [512:1]>) wait(@tile_evacuated >= 4)
}
