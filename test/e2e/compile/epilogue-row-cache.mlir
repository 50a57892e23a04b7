// A matmul's epilogue reads a per-column bias (the same row for every
// partition) through a row cache: with 512 rows (4 M blocks of 128) and 1024
// columns (2 blocks of 512), each bias block is loaded once, not once per
// M block: 16 DMAs (2 blocks, each split over 8 queues), against 64 before.
// A broadcast row prints as an HBM pattern without a partition step.
// Values match the reference exactly.
// RUN: systole-compile %s --emit=mlir -o - | grep -cE 'dma_copy.*ins\(#ncore.ap<hbm\[0:[0-9]+\] \+ [0-9]+ f32 \[512:1\]>' | FileCheck %s --check-prefix=ROWS
// RUN: systole-run --backend=reference %s --random-inputs --seed=6 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --random-inputs --seed=6 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// ROWS: {{^}}16{{$}}
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<512x64xf32>, %w: tensor<64x1024xf32>, %b: tensor<1024xf32>) -> tensor<512x1024xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<512x64xf32>, tensor<64x1024xf32>) -> tensor<512x1024xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xf32>) -> tensor<512x1024xf32>
  %2 = stablehlo.add %0, %1 : tensor<512x1024xf32>
  return %2 : tensor<512x1024xf32>
}
