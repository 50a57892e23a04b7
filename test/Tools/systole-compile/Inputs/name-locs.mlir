// An op the compiler cannot lower yet (a bitcast fused into an add, reported
// at the add), with only a name for its location
// (as torch-xla exports write them; used by ../driver.test).
module {
  func.func @main(%x: tensor<8x8xf32>) -> tensor<8x8xi32> {
    %0 = stablehlo.bitcast_convert %x : (tensor<8x8xf32>) -> tensor<8x8xi32> loc("bitcast_convert.7")
    %1 = stablehlo.add %0, %0 : tensor<8x8xi32> loc("add.8")
    return %1 : tensor<8x8xi32>
  }
}
