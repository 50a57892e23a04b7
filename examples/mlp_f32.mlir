// A two-layer perceptron, as JAX exports one: batch 4, 16 features, 32 hidden
// units (ReLU), 10 classes (softmax). Weights are arguments, so run it with
// `systole-run --random-inputs --seed=1` or pass them with --input.
module @mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>,
                         %w2: tensor<32x10xf32>, %b2: tensor<10xf32>) -> tensor<4x10xf32> {
    %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x32xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<4x32xf32>
    %5 = stablehlo.dot_general %4, %w2, contracting_dims = [1] x [0] : (tensor<4x32xf32>, tensor<32x10xf32>) -> tensor<4x10xf32>
    %6 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<10xf32>) -> tensor<4x10xf32>
    %7 = stablehlo.add %5, %6 : tensor<4x10xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %10 = stablehlo.subtract %7, %9 : tensor<4x10xf32>
    %11 = stablehlo.exponential %10 : tensor<4x10xf32>
    %12 = stablehlo.reduce(%11 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %14 = stablehlo.divide %11, %13 : tensor<4x10xf32>
    return %14 : tensor<4x10xf32>
  }
}
