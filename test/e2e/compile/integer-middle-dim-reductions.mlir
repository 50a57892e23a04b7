// Integer reductions over a dim outside a parallel one, as graphs write
// them: an i32 sum over the middle dim of [64 x 300 x 100], an i8 max over
// dim 1 of a 4-D tensor, a variadic argmax over the middle dim (its i32
// iota indices), a ui8 sum widened to i32, and an i8 sum over dim 2. Their
// tiles hold the free dims in loop order, the input's order in HBM, so
// each partition loads rows of the inner dims instead of one element at a
// time (integers have no tensor-engine transpose), and tensor_reduce reads
// the tile through a strided access pattern (on trn2 the i32 sum alone
// went from 2025.9 us to 184.1; the whole program from 2025.9 to 215.5).
// Integer sums and comparisons are exact: the values equal the reference
// interpreter's bit for bit.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// The i32 sum: each partition loads 300 rows of 13 contiguous elements (a
// DMA per 8 partitions), and the 64 partitions reduce the middle dim 13
// elements apart.
// ISA: ncore.dma_copy on dma[{{[0-9]+}}] ins(#ncore.ap<hbm[0:8 step 30000] i32 [300:100, 13:1]>)
// ISA: ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:64] + {{[0-9]+}} i32 [13:1, 300:13]>)
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --output=@%t.ref.5.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --expected-output=@%t.ref.5.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// Float inputs read transposed (partition dim contiguous, transposed on the
// tensor engine) into such a tile follow its loop order too (a review
// helper found them laid out in the old order: 298 of 320 sums wrong).
// RUN: systole-run --backend=reference %s --entry=transposed_float_input --random-inputs --seed=1 --output=@%t.ref.t0.npy --output=@%t.ref.t1.npy --quiet
// RUN: systole-run %s --entry=transposed_float_input --random-inputs --seed=1 --expected-output=@%t.ref.t0.npy --expected-output=@%t.ref.t1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
func.func @main(%x: tensor<64x300x100xi32>, %y: tensor<8x20x30x12xi8>, %z: tensor<16x50x40xf32>, %u: tensor<6x7x40xui8>)
    -> (tensor<64x100xi32>, tensor<8x30x12xi8>, tensor<16x40xf32>, tensor<16x40xi32>, tensor<6x40xi32>, tensor<8x20x12xi8>) {
  %z0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z0) applies stablehlo.add across dimensions = [1] : (tensor<64x300x100xi32>, tensor<i32>) -> tensor<64x100xi32>
  %m8 = stablehlo.constant dense<-128> : tensor<i8>
  %1 = stablehlo.reduce(%y init: %m8) applies stablehlo.maximum across dimensions = [1] : (tensor<8x20x30x12xi8>, tensor<i8>) -> tensor<8x30x12xi8>
  %iota = stablehlo.iota dim = 1 : tensor<16x50x40xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2:2 = stablehlo.reduce(%z init: %ninf), (%iota init: %z0) across dimensions = [1] : (tensor<16x50x40xf32>, tensor<16x50x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<16x40xf32>, tensor<16x40xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %g = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %b, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pick = stablehlo.or %g, %tie : tensor<i1>
    %v = stablehlo.select %g, %a, %c : tensor<i1>, tensor<f32>
    %i = stablehlo.select %pick, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  %uw = stablehlo.convert %u : (tensor<6x7x40xui8>) -> tensor<6x7x40xi32>
  %3 = stablehlo.reduce(%uw init: %z0) applies stablehlo.add across dimensions = [1] : (tensor<6x7x40xi32>, tensor<i32>) -> tensor<6x40xi32>
  %z8 = stablehlo.constant dense<0> : tensor<i8>
  %4 = stablehlo.reduce(%y init: %z8) applies stablehlo.add across dimensions = [2] : (tensor<8x20x30x12xi8>, tensor<i8>) -> tensor<8x20x12xi8>
  return %0, %1, %2#0, %2#1, %3, %4 : tensor<64x100xi32>, tensor<8x30x12xi8>, tensor<16x40xf32>, tensor<16x40xi32>, tensor<6x40xi32>, tensor<8x20x12xi8>
}

func.func @transposed_float_input(%x: tensor<20x30x16xf32>, %y: tensor<16x30x20xf32>) -> (tensor<16x20xi32>, tensor<20x16xi32>) {
  %t = stablehlo.transpose %x, dims = [2, 1, 0] : (tensor<20x30x16xf32>) -> tensor<16x30x20xf32>
  %c = stablehlo.convert %t : (tensor<16x30x20xf32>) -> tensor<16x30x20xi32>
  %z0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%c init: %z0) applies stablehlo.add across dimensions = [1] : (tensor<16x30x20xi32>, tensor<i32>) -> tensor<16x20xi32>
  %u = stablehlo.transpose %y, dims = [2, 1, 0] : (tensor<16x30x20xf32>) -> tensor<20x30x16xf32>
  %d = stablehlo.convert %u : (tensor<20x30x16xf32>) -> tensor<20x30x16xi32>
  %1 = stablehlo.reduce(%d init: %z0) applies stablehlo.add across dimensions = [1] : (tensor<20x30x16xi32>, tensor<i32>) -> tensor<20x16xi32>
  return %0, %1 : tensor<16x20xi32>, tensor<20x16xi32>
}
