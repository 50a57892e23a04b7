// Steps of a float tile with a per-partition column on the scalar engine
// (the less loaded one, by the ncore phase's estimate): x - m as identity
// with the negated column as its bias, m - x as identity with scale -1 and
// bias m, x * s as identity with scale s and a -0 bias column (x * s + 0
// would turn -0 into +0). The results equal the reference interpreter's
// bit for bit, on inputs full of signed zeros, infinities, NaNs and
// subnormals.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: %python -c "import struct; b=[-0.0,0.0,-1.5,2.25,float('inf'),float('-inf'),float('nan'),1e-40,-1e-40,3.4e38,-3.4e38,7.0,-7.0,1.0,-1.0,0.5,-3e-39]; open(r'%t.x.bin','wb').write(struct.pack('<2048f', *[b[(i*7+i//17)%%17] for i in range(2048)]))"
// RUN: systole-run %s --input=4x512xf32=@%t.x.bin --input=4xf32=0,-0,2,-1 --input=4xf32=0,-0,1,inf --input=4xf32=-0,0,-0,3 --output=@%t.sim.bin --quiet | FileCheck %s --check-prefix=SIM
// RUN: systole-run %s --backend=reference --input=4x512xf32=@%t.x.bin --input=4xf32=0,-0,2,-1 --input=4xf32=0,-0,1,inf --input=4xf32=-0,0,-0,3 --output=@%t.ref.bin --quiet
// RUN: cmp %t.sim.bin %t.ref.bin

// x - m: the negated column, then identity with it as the bias.
// CHECK: ncore.tensor_scalar mul(-1.000000e+00 : f32) on vector ins(#ncore.ap<sbuf[0:4] + [[M:[0-9]+]] f32 []>) outs(#ncore.ap<sbuf[0:4] + [[NEGM:[0-9]+]] f32 []>)
// CHECK: ncore.activation identity on scalar {{.*}} bias(#ncore.ap<sbuf[0:4] + [[NEGM]] f32 []>)
// The next step goes to the vector engine (the scalar engine has had one).
// CHECK: ncore.tensor_scalar mul({{.*}}) on vector
// n - x: scale -1, bias n.
// CHECK: ncore.activation identity on scalar {{.*}} scale(-1.000000e+00 : f32) bias(
// CHECK: ncore.tensor_scalar mul({{.*}}) on vector
// x * n: scale n, bias a column of -0 filled on the GpSimd engine.
// CHECK: ncore.memset on gpsimd outs(#ncore.ap<sbuf[0:4] + [[Z:[0-9]+]] f32 []>) value(-0.000000e+00)
// CHECK: ncore.activation identity on scalar {{.*}} scale(#ncore.ap<sbuf[0:4]{{.*}} f32 []>) bias(#ncore.ap<sbuf[0:4] + [[Z]] f32 []>)
// SIM: simulated:
func.func @main(%x: tensor<4x512xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>, %n: tensor<4xf32>) -> tensor<4x512xf32> {
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %0 = stablehlo.subtract %x, %mb : tensor<4x512xf32>
  %1 = stablehlo.multiply %0, %sb : tensor<4x512xf32>
  %2 = stablehlo.subtract %nb, %1 : tensor<4x512xf32>
  %3 = stablehlo.multiply %2, %sb : tensor<4x512xf32>
  %4 = stablehlo.multiply %3, %nb : tensor<4x512xf32>
  return %4 : tensor<4x512xf32>
}
