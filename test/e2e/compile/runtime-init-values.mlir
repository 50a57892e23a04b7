// A reduce's, reduce_window's or pad's init value that is not a constant (a
// function argument, or computed from one) is broadcast from its rank-0
// tensor (a linalg.generic) instead of a linalg.fill, which `ncore` lowers
// for constants only: each of these used to fail with "ncore: fill with a
// non-constant value" (found by a reviewing helper). Cases, against the
// reference interpreter: an f32 sum over the free dim of [200 x 700] (two
// partition tiles), an i32 max over the first dim of [4 x 40] whose init is
// computed (the argument minus 5), a bf16 sum over every dim (to a rank-0
// result), a 3x3 max-pool window with padding and stride 2, and a pad with
// edge and interior padding. A hand-checked case: sum(1, 2, 3) with init
// 10 is 16.
// RUN: systole-run %s --entry=small --input=3xf32=[1,2,3] --input=f32=10 | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: f32=16
// RUN: systole-run --backend=reference %s --random-inputs --seed=2 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --quiet
// RUN: systole-run %s --random-inputs --seed=2 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --rtol=1e-5 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @small(%x: tensor<3xf32>, %s: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.reduce(%x init: %s) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

func.func @main(%x: tensor<200x700xf32>, %s: tensor<f32>, %i: tensor<4x40xi32>, %si: tensor<i32>, %b: tensor<128x96xbf16>, %sb: tensor<bf16>) -> (tensor<200xf32>, tensor<40xi32>, tensor<bf16>, tensor<200x350xf32>, tensor<205x1400xf32>) {
  %five = stablehlo.constant dense<5> : tensor<i32>
  %si5 = stablehlo.subtract %si, %five : tensor<i32>
  %0 = stablehlo.reduce(%x init: %s) applies stablehlo.add across dimensions = [1] : (tensor<200x700xf32>, tensor<f32>) -> tensor<200xf32>
  %1 = stablehlo.reduce(%i init: %si5) applies stablehlo.maximum across dimensions = [0] : (tensor<4x40xi32>, tensor<i32>) -> tensor<40xi32>
  %2 = stablehlo.reduce(%b init: %sb) applies stablehlo.add across dimensions = [0, 1] : (tensor<128x96xbf16>, tensor<bf16>) -> tensor<bf16>
  %3 = "stablehlo.reduce_window"(%x, %s) ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %m = stablehlo.maximum %a, %c : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>} : (tensor<200x700xf32>, tensor<f32>) -> tensor<200x350xf32>
  %4 = stablehlo.pad %x, %s, low = [2, 1], high = [3, 0], interior = [0, 1] : (tensor<200x700xf32>, tensor<f32>) -> tensor<205x1400xf32>
  return %0, %1, %2, %3, %4 : tensor<200xf32>, tensor<40xi32>, tensor<bf16>, tensor<200x350xf32>, tensor<205x1400xf32>
}
