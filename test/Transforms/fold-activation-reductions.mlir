// RUN: systole-opt %s --split-input-file --systole-fold-activation-reductions | FileCheck %s

// A softmax tile: exp(x - max) on the scalar engine, then the vector engine
// sums it. The sum becomes the activation's add-reduce.
// CHECK-LABEL: ncore.program @fold
// CHECK: ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] + 128 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) bias(#ncore.ap<sbuf[0:128] + 64 f32 []>) reduce(#ncore.ap<sbuf[0:128] + 8192 f32 []>)
// CHECK-NOT: ncore.tensor_reduce
// CHECK: ncore.tensor_scalar div
ncore.program @fold attributes {target = "trn2"} {
  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] + 128 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) bias(#ncore.ap<sbuf[0:128] + 64 f32 []>)
  ncore.tensor_scalar mul(2.0 : f32) on vector ins(#ncore.ap<sbuf[0:128] + 12288 f32 [8:1]>) outs(#ncore.ap<sbuf[0:128] + 16384 f32 [8:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 8192 f32 []>)
  ncore.tensor_scalar div(#ncore.ap<sbuf[0:128] + 8192 f32 []>) on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [512:1]>) outs(#ncore.ap<sbuf[0:128] + 20480 f32 [512:1]>)
}

// -----

// Two dims, both reduced (dims(2)): folds too.
// CHECK-LABEL: ncore.program @fold_two_dims
// CHECK: ncore.activation exp {{.*}} reduce(#ncore.ap<sbuf[0:64] + 8192 f32 []>)
// CHECK-NOT: ncore.tensor_reduce
ncore.program @fold_two_dims attributes {target = "trn2"} {
  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:64] f32 [4:64, 64:1]>) outs(#ncore.ap<sbuf[0:64] + 4096 f32 [4:64, 64:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:64] + 4096 f32 [4:64, 64:1]>) outs(#ncore.ap<sbuf[0:64] + 8192 f32 []>) dims(2)
}

// -----

// Left as they are: not exp (identity can give -0, whose sum from +0 is +0
// where the reduction gives -0); the inner dim only (a [P x 4] result); a
// max; bf16 output (the activation would sum values before rounding); a
// write to the tile in between; a read of the sum's bytes in between; a
// different tile; an activation that already reduces; rows of fewer than
// 64 elements (the activation's reduce costs 64 cycles).
// CHECK-LABEL: ncore.program @keep
// CHECK-NOT: reduce(
// CHECK-COUNT-9: ncore.tensor_reduce
ncore.program @keep attributes {target = "trn2"} {
  ncore.activation identity on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [4:16, 16:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [4:16, 16:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [4:16, 16:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 [4:1]>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>)
  ncore.tensor_reduce max on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 bf16 [64:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 bf16 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 4096 f32 [4:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [4:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>)
  ncore.tensor_copy on vector ins(#ncore.ap<sbuf[0:128] + 2048 f32 []>) outs(#ncore.ap<sbuf[0:128] + 4096 f32 []>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1280 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) reduce(#ncore.ap<sbuf[0:128] + 3072 f32 []>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [64:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)

  ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:128] f32 [63:1]>) outs(#ncore.ap<sbuf[0:128] + 1024 f32 [63:1]>)
  ncore.tensor_reduce add on vector ins(#ncore.ap<sbuf[0:128] + 1024 f32 [63:1]>) outs(#ncore.ap<sbuf[0:128] + 2048 f32 []>)
}
