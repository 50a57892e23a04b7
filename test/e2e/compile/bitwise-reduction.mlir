// A bitwise `and`/`or` reduction of integers wider than i1 is reported
// (tensor_reduce has no bitwise combiner); it used to run as min/max, which
// is right only for 0/1 (6 and 3 came out 3 instead of 2). i1 reductions
// (all/any) still run as min/max.
// RUN: not systole-compile %s -o %t.ncx 2>&1 | FileCheck %s
// CHECK: bitwise-reduction.mlir:[[@LINE+5]]:8: error: ncore: a bitwise 'arith.andi' reduction of integers wider than i1 has no NeuronCore lowering
// CHECK-NOT: error
func.func @main(%x: tensor<2x4xi8>, %p: tensor<2x4xi1>) -> (tensor<2xi8>, tensor<2xi1>) {
  %m1 = stablehlo.constant dense<-1> : tensor<i8>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.reduce(%x init: %m1) applies stablehlo.and across dimensions = [1] : (tensor<2x4xi8>, tensor<i8>) -> tensor<2xi8>
  %all = stablehlo.reduce(%p init: %t) applies stablehlo.and across dimensions = [1] : (tensor<2x4xi1>, tensor<i1>) -> tensor<2xi1>
  return %r, %all : tensor<2xi8>, tensor<2xi1>
}
