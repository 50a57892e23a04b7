// Gathers with more than one computed start index, an index per element,
// or rows the partition dim also addresses: the gather's index is a linear
// element offset computed on the vector engine (row_stride 1). Each form
// used to be rejected ("a gather with more than one computed index", "a
// gather whose index differs along the free dims of a tile", "the gathered
// row must follow the free dims of the tile"; 406 of 4,797 programs of a
// fuzzing helper). Cases: logits[arange(B), labels] (JAX's form: indices
// concatenated from an iota and the labels), checked by hand; then against
// the reference interpreter, exactly: that pick over [300 x 1000] (three
// partition tiles), take_along_axis on [64 x 50] with 7 indices per row (an
// index per element), jnp.take(x, idx, axis=1) on [96 x 40] (rows the
// partition dim addresses, an index per element), and x[i, :, j] on
// [10 x 64 x 20] with 5 index pairs (two computed indices, a row of 64).
// RUN: systole-run %s --entry=pick --input=3x4xf32=0,1,2,3,10,11,12,13,20,21,22,23 --input=3xi32=2,0,9 --expected-output=3xf32=2,10,23 --rtol=0 --atol=0 | FileCheck %s
// RUN: systole-run --backend=reference %s --random-inputs --seed=5 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=5 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// Unsigned (ui8) indices of 128 and above read by value (they were read
// in their signed form, -56 for 200, and clamped to row 0), one computed
// index and two, from a [300 x 20] table holding 0, 1, 2, ...; by hand:
// RUN: systole-run %s --entry=unsigned_indices --input=6xui8=200,250,0,255,129,128 --input=2x2xui8=200,5,255,19 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result[0]: 6x2xf32={{\[\[}}4000 4001]{{\[}}5000 5001]{{\[}}0 1]{{\[}}5100 5101]{{\[}}2580 2581]{{\[}}2560 2561]]
// UNSIGNED: result[1]: 2xf32=[4005 5119]
// i32 rows of 2^24 and above move exactly (the simulator's gather and
// scatter moved them through fp32: 16777217 became 16777216; found by a
// fuzzing helper), through a gather and a scatter:
// RUN: systole-run %s --entry=large_i32 --input=4x3xi32=16777217,16777219,123456789,1,2,3,1000000001,5,6,7,8,-123456789 --input=2xi32=0,2 --input=2x1xi32=1,3 --input=2x3xi32=16777217,-16777219,987654321,1,2,3 | FileCheck %s --check-prefix=LARGE
// LARGE: result[0]: 2x3xi32={{\[\[}}16777217 16777219 123456789]{{\[}}1000000001 5 6]]
// LARGE: result[1]: 4x3xi32={{\[\[}}16777217 16777219 123456789]{{\[}}16777217 -16777219 987654321]{{\[}}1000000001 5 6]{{\[}}1 2 3]]
// RUN: systole-compile %s --emit=mlir -o - | FileCheck %s --check-prefix=ISA
// CHECK: simulated: {{[0-9.]+}} us on trn2
// ISA: ncore.gather on dma[{{[0-9]+}}]
// ISA-SAME: row_stride(1)
func.func @pick(%logits: tensor<3x4xf32>, %labels: tensor<3xi32>) -> tensor<3xf32> {
  %i = stablehlo.iota dim = 0 : tensor<3x1xi32>
  %l = stablehlo.reshape %labels : (tensor<3xi32>) -> tensor<3x1xi32>
  %idx = stablehlo.concatenate %i, %l, dim = 1 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  %g = "stablehlo.gather"(%logits, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3xf32>
  return %g : tensor<3xf32>
}

func.func @main(%logits: tensor<300x1000xf32>, %labels: tensor<300xi32>, %x: tensor<64x50xf32>, %along: tensor<64x7xi32>, %y: tensor<96x40xf32>, %cols: tensor<30xi32>, %z: tensor<10x64x20xf32>, %pairs: tensor<5x2xi32>) -> (tensor<300xf32>, tensor<64x7xf32>, tensor<96x30xf32>, tensor<5x64xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<300x1xi32>
  %l = stablehlo.reshape %labels : (tensor<300xi32>) -> tensor<300x1xi32>
  %idx = stablehlo.concatenate %i, %l, dim = 1 : (tensor<300x1xi32>, tensor<300x1xi32>) -> tensor<300x2xi32>
  %0 = "stablehlo.gather"(%logits, %idx) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<300x1000xf32>, tensor<300x2xi32>) -> tensor<300xf32>
  %r = stablehlo.iota dim = 0 : tensor<64x7x1xi32>
  %a = stablehlo.reshape %along : (tensor<64x7xi32>) -> tensor<64x7x1xi32>
  %ra = stablehlo.concatenate %r, %a, dim = 2 : (tensor<64x7x1xi32>, tensor<64x7x1xi32>) -> tensor<64x7x2xi32>
  %1 = "stablehlo.gather"(%x, %ra) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<64x50xf32>, tensor<64x7x2xi32>) -> tensor<64x7xf32>
  %2 = "stablehlo.gather"(%y, %cols) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 96, 1>}> : (tensor<96x40xf32>, tensor<30xi32>) -> tensor<96x30xf32>
  %3 = "stablehlo.gather"(%z, %pairs) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 2], start_index_map = [0, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 64, 1>}> : (tensor<10x64x20xf32>, tensor<5x2xi32>) -> tensor<5x64xf32>
  return %0, %1, %2, %3 : tensor<300xf32>, tensor<64x7xf32>, tensor<96x30xf32>, tensor<5x64xf32>
}

func.func @unsigned_indices(%rows: tensor<6xui8>, %pairs: tensor<2x2xui8>) -> (tensor<6x2xf32>, tensor<2xf32>) {
  %flat = stablehlo.iota dim = 0 : tensor<6000xf32>
  %t = stablehlo.reshape %flat : (tensor<6000xf32>) -> tensor<300x20xf32>
  %0 = "stablehlo.gather"(%t, %rows) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<300x20xf32>, tensor<6xui8>) -> tensor<6x2xf32>
  %1 = "stablehlo.gather"(%t, %pairs) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<300x20xf32>, tensor<2x2xui8>) -> tensor<2xf32>
  return %0, %1 : tensor<6x2xf32>, tensor<2xf32>
}

func.func @large_i32(%x: tensor<4x3xi32>, %rows: tensor<2xi32>, %at: tensor<2x1xi32>, %u: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<4x3xi32>) {
  %0 = "stablehlo.gather"(%x, %rows) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  %1 = "stablehlo.scatter"(%x, %at, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    stablehlo.return %new : tensor<i32>
  }) : (tensor<4x3xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<4x3xi32>
}
