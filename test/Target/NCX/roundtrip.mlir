// Translating to NCX and back gives the same program: the disassembly of the
// executable re-assembles to identical bytes, and disassembles to identical text.
// RUN: systole-translate --ncore-to-ncx %s -o %t.ncx
// RUN: systole-translate --ncx-to-ncore %t.ncx | FileCheck %s
// RUN: systole-translate --ncx-to-ncore --mlir-print-debuginfo %t.ncx -o %t.mlir
// RUN: systole-translate --ncore-to-ncx %t.mlir -o %t2.ncx
// RUN: cmp %t.ncx %t2.ncx
// RUN: systole-translate --ncx-to-ncore --mlir-print-debuginfo %t2.ncx | diff %t.mlir -
// The debug locations are the instructions' MLIR locations.
// RUN: FileCheck %s --check-prefix=LOC < %t.mlir
// The simulator's trace and error messages print them.
// RUN: systole-run %t.ncx --random-inputs --seed=1 --quiet --profile=%t.json
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// TRACE-DAG: "name": "dma_copy", "cat": "dma0", {{.*}} "loc": "Linear[fc1]|model.py:40|forward|42|aten__mm"}}
// TRACE-DAG: "name": "tensor_copy", {{.*}} "loc": "model.py:50:7 (relu)"}}
// TRACE-DAG: "name": "dma_copy", "cat": "dma1", {{.*}} "loc": "model.py:12:3"}}

// CHECK-LABEL: ncore.program @main attributes {compiler_version = "systole-test", dma_queues = 6 : i32, stats = {compile_ms = 1.250000e+00 : f64, instructions = 3.000000e+00 : f64}, target = "trn1"}
ncore.program @gemm attributes {target = "trn1", compiler_version = "systole-test", dma_queues = 6 : i32,
                                stats = {compile_ms = 1.25 : f64, instructions = 3.0 : f64}} {
  // CHECK-NEXT: ncore.input @a : tensor<128x128xbf16> at 0
  // CHECK-NEXT: ncore.input @b : tensor<128x512xbf16> at 32768
  // CHECK-NEXT: ncore.output @c : tensor<128x512xf32> at 163840
  // Constants become their little-endian bytes.
  // CHECK-NEXT: ncore.constant @bias at 425984 = dense<[0, 0, 128, 63, 0, 0, 0, 192]> : tensor<8xui8>
  // CHECK-NEXT: ncore.constant @mask at 425992 = dense<[1, 0, 1]> : tensor<3xui8>
  // CHECK-NEXT: ncore.scratch @tmp at 426000 size 64
  // Semaphores are numbered in declaration order.
  // CHECK-NEXT: ncore.semaphore @sem0
  // CHECK-NEXT: ncore.semaphore @sem1
  ncore.input @a : tensor<128x128xbf16> at 0
  ncore.input @b : tensor<128x512xbf16> at 32768
  ncore.output @c : tensor<128x512xf32> at 163840
  ncore.constant @bias at 425984 = dense<[1.0, -2.0]> : tensor<2xf32>
  ncore.constant @mask at 425992 = dense<[true, false, true]> : tensor<3xi1>
  ncore.scratch @tmp at 426000 size 64
  ncore.semaphore @loaded
  ncore.semaphore @done

  // Streams merge in a causal order: the matmul waits for both loads.
  // CHECK-NEXT: ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>) signal(@sem0 += 1)
  // CHECK-NEXT: ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 32768 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) signal(@sem0 += 1)
  // CHECK-NEXT: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) wait(@sem0 >= 2) signal(@sem1 += 1)
  // CHECK-NEXT: ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) wait(@sem1 >= 1) signal(@sem1 += 2)
  // CHECK-NEXT: ncore.dma_copy on dma[3] ins(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 163840 f32 [512:1]>) wait(@sem1 >= 3)
  ncore.tensor_copy on vector ins(#ncore.ap<psum[0:128] f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) wait(@done >= 1) signal(@done += 2) loc(fused["relu"("model.py":50:7), "other"])
  ncore.dma_copy on dma[3] ins(#ncore.ap<sbuf[0:128] + 2048 f32 [512:1]>) outs(#ncore.ap<hbm[0:128 step 512] + 163840 f32 [512:1]>) wait(@done >= 3)
  ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] bf16 [128:1]>, #ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) outs(#ncore.ap<psum[0:128] f32 [512:1]>) wait(@loaded >= 2) signal(@done += 1)
  ncore.dma_copy on dma[0] ins(#ncore.ap<hbm[0:128 step 128] bf16 [128:1]>) outs(#ncore.ap<sbuf[0:128] bf16 [128:1]>) signal(@loaded += 1) loc("Linear[fc1]|model.py:40|forward|42|aten__mm")
  ncore.dma_copy on dma[1] ins(#ncore.ap<hbm[0:128 step 512] + 32768 bf16 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 256 bf16 [512:1]>) signal(@loaded += 1) loc("model.py":12:3)
  // CHECK-NEXT: }
}

// LOC-DAG: ncore.dma_copy on dma[1] {{.*}} loc(#[[PY:loc[0-9]*]])
// LOC-DAG: #[[PY]] = loc("model.py":12:3)
// LOC-DAG: ncore.matmul {{.*}} loc(#[[MM:loc[0-9]*]])
// LOC-DAG: #[[MM]] = loc("{{.*}}roundtrip.mlir":{{[0-9]+}}:3)
// A name location (torch-xla's, with no file:line:col) is kept as a name; of
// a fused location, the first file:line:col and the first name.
// LOC-DAG: ncore.dma_copy on dma[0] {{.*}} loc(#[[TORCH:loc[0-9]*]])
// LOC-DAG: #[[TORCH]] = loc("Linear[fc1]|model.py:40|forward|42|aten__mm")
// LOC-DAG: ncore.tensor_copy {{.*}} loc(#[[RELU:loc[0-9]*]])
// LOC-DAG: #[[RELU]] = loc("relu"(#[[RELUFILE:loc[0-9]*]]))
// LOC-DAG: #[[RELUFILE]] = loc("model.py":50:7)
