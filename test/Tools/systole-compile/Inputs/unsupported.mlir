// Two ops the compiler cannot lower yet (used by ../driver.test).
module {
  func.func @main(%x: tensor<8x8xf32>, %y: tensor<8x8xi32>) -> (tensor<8x8xf32>, tensor<8x8xi32>) {
    // atan2, then remainder
    %0 = stablehlo.atan2 %x, %x : tensor<8x8xf32>
    %1 = stablehlo.remainder %y, %y : tensor<8x8xi32>
    return %0, %1 : tensor<8x8xf32>, tensor<8x8xi32>
  }
}
