// What real exports carry besides StableHLO ops: module and function
// attributes of JAX (`jax.*`) and XLA (`mhlo.*`), `#loc` aliases, tensor-typed
// `arith.constant`, Shardy attributes, and foreign dialect attributes
// (`#ttcore.*`, read as opaque attributes with --allow-unregistered-dialect).
// RUN: systole-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: systole-opt --allow-unregistered-dialect %s | systole-opt --allow-unregistered-dialect | FileCheck %s
// RUN: systole-opt --allow-unregistered-dialect -mlir-print-op-generic %s | systole-opt --allow-unregistered-dialect | FileCheck %s
// Locations survive the round trip through their aliases.
// RUN: systole-opt --allow-unregistered-dialect -mlir-print-debuginfo %s | systole-opt --allow-unregistered-dialect -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// Without the flag, the unregistered `ttcore` dialect is an error.
// RUN: not systole-opt %s 2>&1 | FileCheck %s --check-prefix=NOFLAG
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt --allow-unregistered-dialect %s > %t.pretty && systole-opt --allow-unregistered-dialect %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt --allow-unregistered-dialect -mlir-print-op-generic %s | systole-opt --allow-unregistered-dialect > %t.generic && diff %t.pretty %t.generic

#loc1 = loc("jit(f)/add"("model.py":3:7))
#loc2 = loc("p0.5")
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, jax.uses_shape_polymorphism = false} {
  sdy.mesh @mesh = <["x"=2, "y"=1]>
  func.func public @main(%x: tensor<4xf32> {jax.result_info = "x", mhlo.layout_mode = "default", mhlo.sharding = "{replicated}", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>, ttcore.argument_type = #ttcore.argument_type<input>} loc(#loc2)) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %0 = stablehlo.add %x, %c : tensor<4xf32> loc(#loc1)
    %1 = func.call @helper(%0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @helper(%x: tensor<4xf32> {ttcore.shard_status = #ttcore.shard_status<unsharded>}) -> tensor<4xf32> attributes {mhlo.frontend_attributes = {grad_x = "false"}} {
    return %x : tensor<4xf32>
  }
}
// CHECK:       module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT:    sdy.mesh @mesh = <["x"=2, "y"=1]>
// CHECK-NEXT:    func.func public @main(%arg0: tensor<4xf32> {jax.result_info = "x", mhlo.layout_mode = "default", mhlo.sharding = "{replicated}", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>, ttcore.argument_type = #ttcore.argument_type<input>}) -> (tensor<4xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:      %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:      %0 = stablehlo.add %arg0, %cst : tensor<4xf32>
// CHECK-NEXT:      %1 = call @helper(%0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      return %1 : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @helper(%arg0: tensor<4xf32> {ttcore.shard_status = #ttcore.shard_status<unsharded>}) -> tensor<4xf32> attributes {mhlo.frontend_attributes = {grad_x = "false"}} {

// LOC: func.func public @main(%arg0: tensor<4xf32> {{.*}} loc("p0.5")) -> (tensor<4xf32> {jax.result_info = "result"}) {
// LOC: %0 = stablehlo.add %arg0, %cst : tensor<4xf32> loc([[ADD:#loc[0-9]+]])
// LOC-DAG: [[FILE:#loc[0-9]+]] = loc("model.py":3:7)
// LOC-DAG: [[ADD]] = loc("jit(f)/add"([[FILE]]))

// NOFLAG: exports.mlir:{{[0-9]+}}:{{[0-9]+}}: error: #"ttcore"<"argument_type<input>"> : {{.*}}unregistered dialect
