// RUN: systole-opt %s --systole-pipeline=input..ncore -verify-diagnostics -o /dev/null

// Every op the `ncore` phase cannot lower is reported, at its location, in
// one run.
module {
  func.func @main(%x: tensor<8x8xf32>, %y: tensor<8x8xi32>) -> (tensor<8x8xf32>, tensor<8x8xi32>, tensor<8x8xi32>) {
    // Remainder of floats is lowered (exact fmod).
    %0 = stablehlo.remainder %x, %x : tensor<8x8xf32>
    // expected-error @+1 {{ncore: 'arith.shrui' on i32 is not supported: the engines compute in fp32, and a logical right shift of a negative i32 exceeds 2^24}}
    %1 = stablehlo.shift_right_logical %y, %y : tensor<8x8xi32>
    // A 32-bit pattern feeding anything but a sign test, reported at the
    // kernel it is fused into (alone in its kernel, a bitcast is a byte
    // copy: bitcast-copies.mlir).
    %2 = stablehlo.bitcast_convert %x : (tensor<8x8xf32>) -> tensor<8x8xi32>
    // expected-error @+1 {{ncore: bitcast of 'f32' to 'i32' is not supported yet (the engines compute in fp32, exact for integers of up to 16 bits)}}
    %3 = stablehlo.add %2, %2 : tensor<8x8xi32>
    return %0, %1, %3 : tensor<8x8xf32>, tensor<8x8xi32>, tensor<8x8xi32>
  }
}
