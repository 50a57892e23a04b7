// Two ops the compiler cannot lower yet (used by ../driver.test).
module {
  func.func @main(%x: tensor<8x8xf32>, %y: tensor<8x8xi32>) -> (tensor<8x8xi32>, tensor<8x8xi32>) {
    // the bits of a float as an i32, then a logical shift of i32
    %0 = stablehlo.bitcast_convert %x : (tensor<8x8xf32>) -> tensor<8x8xi32>
    %1 = stablehlo.shift_right_logical %y, %y : tensor<8x8xi32>
    return %0, %1 : tensor<8x8xi32>, tensor<8x8xi32>
  }
}
