// ui8 data reshaped through a rank-1 tensor (a transpose of a unit dim
// becomes such a reshape): the flat tensor has the signless i8 type the
// converted operand has (before: "'tensor.collapse_shape' op expected
// collapsed type to be 'tensor<6xi8>', but got 'tensor<6xui8>'"; found by a
// fuzzing helper). Expected values by hand.
// RUN: systole-run %s --input=1x6xui8=255,0,1,2,128,127 --input=2x3xui8=200,1,2,3,4,250 | FileCheck %s
// CHECK: result[0]: 6x1xui8={{\[\[}}255][0][1][2][128][127]]
// CHECK: result[1]: 3x2xui8={{\[\[}}200 1][2 3][4 250]]
func.func @main(%a: tensor<1x6xui8>, %b: tensor<2x3xui8>) -> (tensor<6x1xui8>, tensor<3x2xui8>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<1x6xui8>) -> tensor<6x1xui8>
  %1 = stablehlo.reshape %b : (tensor<2x3xui8>) -> tensor<3x2xui8>
  return %0, %1 : tensor<6x1xui8>, tensor<3x2xui8>
}
