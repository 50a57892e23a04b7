// RUN: systole-opt %s --systole-input --split-input-file | FileCheck %s
// The `input` phase: sharding annotations that JAX exports as custom calls
// (with_sharding_constraint: @Sharding; shard_map: @SPMDFullToShardShape and
// @SPMDShardToFullShape) are the identity on one NeuronCore; other custom
// calls stay (the `linalg` phase reports them).

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[E:.*]] = stablehlo.exponential %arg0 : tensor<4x8xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.custom_call @my_kernel(%[[E]])
// CHECK-NEXT: return %[[C]]
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.exponential %1 : tensor<4x8xf32>
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{replicated}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = stablehlo.custom_call @my_kernel(%3) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}

// -----

// A shard-shaped result (two devices' halves) is not the identity: kept.
// CHECK-LABEL: func.func @shard_shape
// CHECK: stablehlo.custom_call @SPMDFullToShardShape
func.func @shard_shape(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
