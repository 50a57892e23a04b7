// A contraction's A blocks (loaded as rows, transposed on the tensor engine)
// rotate through four SBUF slots, not two, where the B panel keeps room for
// a matmul's 512 columns. Hand-worked for a 640x128 by 128x512 bf16 matmul:
// the B panel takes 512 bf16 = 1024 bytes per partition, then four A^T
// slots of 128 bf16 = 256 bytes (1024, 1280, 1536, 1792) and four row
// staging slots (2048 ... 2816); the five M blocks use slots 0, 1, 2, 3, 0.
// Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.npy --rtol=1e-5 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 2048 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 2304 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1280 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 2560 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1536 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 2816 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1792 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 2048 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [128:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA-NOT: ncore.matmul
func.func @main(%a: tensor<640x128xbf16>, %b: tensor<128x512xbf16>) -> tensor<640x512xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<640x128xbf16>, tensor<128x512xbf16>) -> tensor<640x512xf32>
  return %0 : tensor<640x512xf32>
}
