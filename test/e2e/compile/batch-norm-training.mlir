// batch_norm_training and batch_norm_grad (training-mode batch norm, as
// PyTorch/XLA and TensorFlow export it) decompose in `simplify` into
// reductions and elementwise ops; they used to be rejected ("no lowering
// to linalg is implemented for this op"). A hand-checked case: features
// [1, 3] and [2, 6] have mean 2 and 4, variance 1 and 4, so with scale 1,
// offset 0 and epsilon 0 the normalized values are -1 and 1. Then, against
// the reference interpreter: NCHW f32 [8 x 16 x 4 x 4], NHWC f32
// [4 x 7 x 7 x 200] (200 features: two partition tiles), and the gradient
// on bf16 [8 x 16 x 4 x 4].
// RUN: systole-run %s --entry=small --input=2x2xf32=1,2,3,6 --input=2xf32=1,1 --input=2xf32=0,0 | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: 2x2xf32={{\[\[}}-1 -1]{{\[}}1 1]]
// SMALL: result[1]: 2xf32=[2 4]
// SMALL: result[2]: 2xf32=[1 4]
// A zero-size feature dim gives empty results (the decomposition divided
// by it: found by a reviewing helper):
// RUN: systole-run %s --entry=no_features --random-inputs | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 4x0xf32={{\[\[}}][][][]]
// EMPTY: result[1]: 0xf32=[]
// RUN: systole-run --backend=reference %s --random-inputs --seed=1 --output=@%t.r0.npy --output=@%t.r1.npy --output=@%t.r2.npy --output=@%t.r3.npy --output=@%t.r4.npy --output=@%t.r5.npy --output=@%t.r6.npy --output=@%t.r7.npy --output=@%t.r8.npy --quiet
// RUN: systole-run %s --random-inputs --seed=1 --expected-output=@%t.r0.npy --expected-output=@%t.r1.npy --expected-output=@%t.r2.npy --expected-output=@%t.r3.npy --expected-output=@%t.r4.npy --expected-output=@%t.r5.npy --expected-output=@%t.r6.npy --expected-output=@%t.r7.npy --expected-output=@%t.r8.npy --rtol=1e-3 --atol=1e-4 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @small(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %o: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>
}

func.func @main(%x: tensor<8x16x4x4xf32>, %s: tensor<16xf32>, %o: tensor<16xf32>, %y: tensor<4x7x7x200xf32>, %s2: tensor<200xf32>, %o2: tensor<200xf32>, %gx: tensor<8x16x4x4xbf16>, %gs: tensor<16xbf16>, %gm: tensor<16xbf16>, %gv: tensor<16xbf16>, %g: tensor<8x16x4x4xbf16>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4x7x7x200xf32>, tensor<200xf32>, tensor<200xf32>, tensor<8x16x4x4xbf16>, tensor<16xbf16>, tensor<16xbf16>) {
  %a:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
  %b:3 = "stablehlo.batch_norm_training"(%y, %s2, %o2) {epsilon = 1.0e-5 : f32, feature_index = 3 : i64} : (tensor<4x7x7x200xf32>, tensor<200xf32>, tensor<200xf32>) -> (tensor<4x7x7x200xf32>, tensor<200xf32>, tensor<200xf32>)
  %c:3 = "stablehlo.batch_norm_grad"(%gx, %gs, %gm, %gv, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<8x16x4x4xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<8x16x4x4xbf16>) -> (tensor<8x16x4x4xbf16>, tensor<16xbf16>, tensor<16xbf16>)
  return %a#0, %a#1, %a#2, %b#0, %b#1, %b#2, %c#0, %c#1, %c#2 : tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4x7x7x200xf32>, tensor<200xf32>, tensor<200xf32>, tensor<8x16x4x4xbf16>, tensor<16xbf16>, tensor<16xbf16>
}

func.func @no_features(%x: tensor<4x0xf32>, %s: tensor<0xf32>, %o: tensor<0xf32>) -> (tensor<4x0xf32>, tensor<0xf32>, tensor<0xf32>) {
  %a:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<4x0xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<4x0xf32>, tensor<0xf32>, tensor<0xf32>)
  return %a#0, %a#1, %a#2 : tensor<4x0xf32>, tensor<0xf32>, tensor<0xf32>
}
