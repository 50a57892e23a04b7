// Numerical check of the control-flow lowerings (while, if, case to scf),
// lowered and run as in run-lowered.mlir. Loops yield new tensors, so
// bufferization needs allow-return-allocs-from-loops. Canonicalization
// only: the `simplify` phase would unroll the loop and inline the branches
// (systole-unroll-while-loops, systole-speculate-conditionals).
// REQUIRES: mlir-cpu-runner
// RUN: systole-opt %s --canonicalize --cse --systole-stablehlo-to-linalg \
// RUN: | mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
// RUN:   --lower-affine --finalize-memref-to-llvm --convert-math-to-llvm \
// RUN:   --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | mlir-cpu-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s
// RUN: systole-opt %s --systole-stablehlo-to-linalg | FileCheck %s --check-prefix=IR

// [1, 3] doubled 5 times:
// CHECK: [32,  96]
// if (true) -> negate:
// CHECK: [-1,  -3]
// case with index 7 (out of range) -> the last branch:
// CHECK: [-1,  -3]

// IR: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
// IR:   %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// IR:   scf.condition(%[[P]])
// IR: } do {
// IR:   scf.yield
// IR: scf.if %{{.*}} -> (tensor<2xf32>)
// IR: %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
// IR: scf.index_switch %[[K]] -> tensor<2xf32>
// IR: case 0 {
// IR: default {
// IR-NOT: stablehlo.

func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  // while: x = x * 2 until x > 100, with a counter; then if/else and case.
  %x0 = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%x = %x0, %i = %i0) : tensor<2xf32>, tensor<i32>
   cond {
    %lim = stablehlo.constant dense<5> : tensor<i32>
    %c = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %two = stablehlo.constant dense<2.0> : tensor<2xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %y = stablehlo.multiply %x, %two : tensor<2xf32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %y, %j : tensor<2xf32>, tensor<i32>
  }
  %a = tensor.cast %r#0 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  %p = stablehlo.constant dense<true> : tensor<i1>
  %s = "stablehlo.if"(%p) ({
    %n = stablehlo.negate %x0 : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }, {
    %e = stablehlo.exponential %x0 : tensor<2xf32>
    stablehlo.return %e : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  %b = tensor.cast %s : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%b) : (tensor<*xf32>) -> ()
  %k = stablehlo.constant dense<7> : tensor<i32>
  %t = "stablehlo.case"(%k) ({
    stablehlo.return %x0 : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x0 : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  %c = tensor.cast %t : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%c) : (tensor<*xf32>) -> ()
  return
}
