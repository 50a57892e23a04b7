// A vector-engine reduction whose output a constant fill wrote just before
// (a pooling's -inf, +inf or 0 init), with every reduction loop in one tile,
// starts from that constant: the fill emits nothing, no tile loads the
// running value back from HBM, and a max with -inf (min with +inf) is not
// applied at all, being the identity for every value, NaN included. A sum
// still adds its +0 init, which turns a sum of -0s into +0.
//
// Hand-worked max pool (2x2 windows, stride 2), with NaN, -0 and windows of
// only -inf:
// RUN: systole-run %s --entry=max_pool --input=1x2x4x4xf32=1,2,-inf,-inf,3,4,-inf,-inf,nan,0,-0,-0,5,6,-1,-2,-inf,-inf,7,8,-inf,-inf,9,nan,0.5,-3,10,11,-4,-5,12,13 | FileCheck %s --check-prefix=MAX
// MAX: result[0]: 1x2x2x2xf32={{\[\[\[\[}}4 -inf][nan -0]][{{\[}}-inf nan][0.5 13]]]]
// RUN: systole-run %s --entry=min_pool --input=1x1x2x4xf32=1,+inf,nan,2,-0,+inf,3,0 | FileCheck %s --check-prefix=MIN
// MIN: result[0]: 1x1x1x2xf32={{\[\[\[\[}}-0 nan]]]]
// RUN: systole-run %s --entry=sum_pool --input=1x1x2x4xf32=-0,-0,1,2,-0,-0,3,4 | FileCheck %s --check-prefix=SUM
// SUM: result[0]: 1x1x1x2xf32={{\[\[\[\[}}0 10]]]]
// RUN: sed -n '/^func.func @resnet_pool/,/^}/p' %s > %t.resnet.mlir
// RUN: systole-compile %t.resnet.mlir --compile-to=ncore -o - | FileCheck %s --check-prefix=ISA
// The padded input's -inf fill is two memsets of [64 x 1024] (its 32 x 32
// padded planes); the pooled output's fill emits nothing (it took two
// memsets more, their stores and a load per tile), and no max with -inf
// follows the reductions.
// ISA-LABEL: ncore.program
// ISA-NOT: ncore.tensor_tensor
// ISA: ncore.memset {{.*}} bf16 [1024:1]>) value(0xFFF0000000000000)
// ISA: ncore.memset {{.*}} bf16 [1024:1]>) value(0xFFF0000000000000)
// ISA-NOT: ncore.memset
// ISA-NOT: ncore.tensor_tensor
// ISA: ncore.tensor_reduce max
// ISA-NOT: ncore.memset
// ISA-NOT: ncore.tensor_tensor
//
// A ResNet-style 3x3 stride-2 max pool over a -inf padded input, on random
// inputs, equals the reference.
// RUN: systole-run --backend=reference %s --entry=resnet_pool --random-inputs --seed=5 --output=@%t.ref.npy --quiet
// RUN: systole-run %s --entry=resnet_pool --random-inputs --seed=5 --expected-output=@%t.ref.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @max_pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%u: tensor<f32>, %v: tensor<f32>):
    %m = stablehlo.maximum %u, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  return %p : tensor<1x2x2x2xf32>
}
func.func @min_pool(%x: tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %p = "stablehlo.reduce_window"(%x, %inf) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%u: tensor<f32>, %v: tensor<f32>):
    %m = stablehlo.minimum %u, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x1x2x4xf32>, tensor<f32>) -> tensor<1x1x1x2xf32>
  return %p : tensor<1x1x1x2xf32>
}
func.func @sum_pool(%x: tensor<1x1x2x4xf32>) -> tensor<1x1x1x2xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%u: tensor<f32>, %v: tensor<f32>):
    %m = stablehlo.add %u, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x1x2x4xf32>, tensor<f32>) -> tensor<1x1x1x2xf32>
  return %p : tensor<1x1x1x2xf32>
}
func.func @resnet_pool(%x: tensor<2x64x30x30xbf16>) -> tensor<2x64x15x15xbf16> {
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %p = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>}> ({
  ^bb0(%u: tensor<bf16>, %v: tensor<bf16>):
    %m = stablehlo.maximum %u, %v : tensor<bf16>
    stablehlo.return %m : tensor<bf16>
  }) : (tensor<2x64x30x30xbf16>, tensor<bf16>) -> tensor<2x64x15x15xbf16>
  return %p : tensor<2x64x15x15xbf16>
}
