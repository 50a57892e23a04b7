// `x @ W.T` (B k-contiguous): W's rows load 128 at a time into four SBUF row
// slots in turn, so that the next rows load while the tensor engine
// transposes the last; and a contraction whose operand blocks fit in half
// of SBUF takes them from the SBUF ring, so that the next contraction's
// weights do not wait for this one's matmuls. Hand-worked for two
// 64x256 by (512x256)^T bf16 matmuls: K = 256 (two K blocks), the B panel
// 2 x 512 bf16 = 2048 bytes per partition, four A^T slots of 256 bf16
// (2048 ... 3584), four A row slots of 512 bytes (4096 ... 5632), then the
// four B row slots (6144, 6656, 7168, 7680), each read by two transposes;
// the four f32 result and init slots bring the region to 16384 bytes, so
// the second contraction's starts at 16384 (its B row slots from 22528).
// Values match the reference interpreter.
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --rtol=1e-5 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 6144 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 6400 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 6656 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 6912 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 7168 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 7424 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 7680 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 7936 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2048 bf16 [64:1]>, #ncore.ap<sbuf[0:128] bf16 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 2304 bf16 [64:1]>, #ncore.ap<sbuf[0:128] + 1024 bf16 [512:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 22528 bf16 [128:1]>)
// ISA: ncore.transpose on tensor ins(#ncore.ap<sbuf[0:128] + 24320 bf16 [128:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 18432 bf16 [64:1]>, #ncore.ap<sbuf[0:128] + 16384 bf16 [512:1]>)
// ISA: ncore.matmul on tensor ins(#ncore.ap<sbuf[0:128] + 18688 bf16 [64:1]>, #ncore.ap<sbuf[0:128] + 17408 bf16 [512:1]>)
// ISA-NOT: ncore.matmul
func.func @main(%x: tensor<64x256xbf16>, %w1: tensor<512x256xbf16>, %w2: tensor<512x256xbf16>) -> (tensor<64x512xf32>, tensor<64x512xf32>) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [1] : (tensor<64x256xbf16>, tensor<512x256xbf16>) -> tensor<64x512xf32>
  %1 = stablehlo.dot_general %x, %w2, contracting_dims = [1] x [1] : (tensor<64x256xbf16>, tensor<512x256xbf16>) -> tensor<64x512xf32>
  return %0, %1 : tensor<64x512xf32>, tensor<64x512xf32>
}
