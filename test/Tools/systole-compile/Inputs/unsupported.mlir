// Two ops the compiler cannot lower yet (used by ../driver.test).
module {
  func.func @main(%x: tensor<8x8xf32>, %y: tensor<8x8xi32>) -> (tensor<8x8xi32>, tensor<8x8xi32>) {
    // arithmetic on the bits of a float as an i32, a logical shift of i32
    %0 = stablehlo.bitcast_convert %x : (tensor<8x8xf32>) -> tensor<8x8xi32>
    %1 = stablehlo.shift_right_logical %y, %y : tensor<8x8xi32>
    %2 = stablehlo.add %0, %0 : tensor<8x8xi32>
    return %2, %1 : tensor<8x8xi32>, tensor<8x8xi32>
  }
}
