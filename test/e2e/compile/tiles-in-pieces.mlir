// A tile whose body needs more SBUF than the `tile` phase estimated is
// emitted in pieces along its innermost parallel free loop (emitTile): each
// of these valid programs used to fail with "ncore: the tile needs more
// than 114688 bytes per partition of SBUF" (found by fuzzing helpers):
// chlo.erfc over 256 elements and chlo.digamma over [4 x 129] (their
// expansions hold more temporaries than counted), and a float-to-i8
// convert with two consumers over [2 x 10000]. Against the reference
// interpreter:
// RUN: systole-run --backend=reference %s --random-inputs --seed=3 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --quiet
// RUN: systole-run %s --random-inputs --seed=3 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --rtol=1e-4 --atol=1e-5 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
func.func @main(%x: tensor<1x256xf32>, %y: tensor<4x129xf32>, %a0: tensor<2x10000xf32>, %a3: tensor<2x10000xi8>, %a4: tensor<2x10000xi8>) -> (tensor<1x256xf32>, tensor<4x129xf32>, tensor<2x10000xi8>, tensor<2x10000xi8>) {
  %0 = chlo.erfc %x : tensor<1x256xf32> -> tensor<1x256xf32>
  %1 = chlo.digamma %y : tensor<4x129xf32> -> tensor<4x129xf32>
  %v6 = stablehlo.convert %a0 : (tensor<2x10000xf32>) -> tensor<2x10000xi8>
  %v7 = stablehlo.add %v6, %a3 : tensor<2x10000xi8>
  %v8 = stablehlo.xor %v6, %a4 : tensor<2x10000xi8>
  return %0, %1, %v8, %v7 : tensor<1x256xf32>, tensor<4x129xf32>, tensor<2x10000xi8>, tensor<2x10000xi8>
}
