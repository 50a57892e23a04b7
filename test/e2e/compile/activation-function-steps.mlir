// A step of a float tile with a per-partition column or a constant whose
// one user is an activation function (a softmax's exp(x - max)) is that
// function's activation, with the step as its scale and bias: exp(x - m)
// as exp with the negated column as its bias, tanh(n - x) as tanh with
// scale -1 and bias n, exp(x * s) as exp with scale s and a -0 bias, and
// exp(x + 0.5) with a bias column of 0.5. One pass over the tile instead of
// two: the function applies to the step's f32 result either way. A bf16
// step keeps its own pass (the function would see the f32 value, not the
// step's bf16 rounding). The results equal the reference interpreter's bit
// for bit, on inputs full of signed zeros, infinities, NaNs and subnormals.
// RUN: systole-compile %s --compile-to=ncore -o - | FileCheck %s
// RUN: %python -c "import struct; b=[-0.0,0.0,-1.5,2.25,float('inf'),float('-inf'),float('nan'),1e-40,-1e-40,3.4e38,-3.4e38,7.0,-7.0,1.0,-1.0,0.5,-3e-39]; open(r'%t.x.bin','wb').write(struct.pack('<2048f', *[b[(i*7+i//17)%%17] for i in range(2048)]))"
// RUN: systole-run %s --input=4x512xf32=@%t.x.bin --input=4xf32=0,-0,2,-1 --input=4xf32=0,-0,1,inf --input=4xf32=-0,0,-0,3 --output=@%t.sim.0.bin --output=@%t.sim.1.bin --output=@%t.sim.2.bin --output=@%t.sim.3.bin --output=@%t.sim.4.bin --quiet | FileCheck %s --check-prefix=SIM
// RUN: systole-run %s --backend=reference --input=4x512xf32=@%t.x.bin --input=4xf32=0,-0,2,-1 --input=4xf32=0,-0,1,inf --input=4xf32=-0,0,-0,3 --output=@%t.ref.0.bin --output=@%t.ref.1.bin --output=@%t.ref.2.bin --output=@%t.ref.3.bin --output=@%t.ref.4.bin --quiet
// RUN: cmp %t.sim.0.bin %t.ref.0.bin
// RUN: cmp %t.sim.1.bin %t.ref.1.bin
// RUN: cmp %t.sim.2.bin %t.ref.2.bin
// RUN: cmp %t.sim.3.bin %t.ref.3.bin
// RUN: cmp %t.sim.4.bin %t.ref.4.bin

// exp(x - m): the negated column as the exp's bias.
// CHECK: ncore.tensor_scalar mul(-1.000000e+00 : f32) on vector ins(#ncore.ap<sbuf[0:4] + {{[0-9]+}} f32 []>) outs(#ncore.ap<sbuf[0:4] + [[NEGM:[0-9]+]] f32 []>)
// CHECK: ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:4] f32 [512:1]>) {{.*}} bias(#ncore.ap<sbuf[0:4] + [[NEGM]] f32 []>)
// tanh(n - x): scale -1, bias n.
// CHECK: ncore.activation tanh on scalar {{.*}} scale(-1.000000e+00 : f32) bias(
// exp(x * s): scale s, bias a column of -0.
// CHECK: ncore.memset on gpsimd outs(#ncore.ap<sbuf[0:4] + [[Z:[0-9]+]] f32 []>) value(-0.000000e+00)
// CHECK: ncore.activation exp on scalar {{.*}} scale(#ncore.ap<sbuf[0:4]{{.*}} f32 []>) bias(#ncore.ap<sbuf[0:4] + [[Z]] f32 []>)
// exp(x + 0.5): a bias column of 0.5.
// CHECK: ncore.memset on gpsimd outs(#ncore.ap<sbuf[0:4] + [[H:[0-9]+]] f32 []>) value(5.000000e-01)
// CHECK: ncore.activation exp on scalar {{.*}} bias(#ncore.ap<sbuf[0:4] + [[H]] f32 []>)
// The bf16 step: its own pass (the column m rounded to bf16 stays a
// column), then the exp of its result.
// CHECK: ncore.tensor_scalar sub(#ncore.ap<sbuf[0:4] + {{[0-9]+}} bf16 []>) on vector ins({{.*}} bf16 [512:1]>) outs(#ncore.ap<sbuf[0:4] + [[D:[0-9]+]] bf16 [512:1]>)
// CHECK: ncore.activation exp on scalar ins(#ncore.ap<sbuf[0:4] + [[D]] bf16 [512:1]>) outs(#ncore.ap<sbuf[0:4] + {{[0-9]+}} bf16 [512:1]>){{$}}
// SIM: simulated:
func.func @main(%x: tensor<4x512xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>, %n: tensor<4xf32>) -> (tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xbf16>) {
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %0 = stablehlo.subtract %x, %mb : tensor<4x512xf32>
  %1 = stablehlo.exponential %0 : tensor<4x512xf32>
  %2 = stablehlo.subtract %nb, %x : tensor<4x512xf32>
  %3 = stablehlo.tanh %2 : tensor<4x512xf32>
  %4 = stablehlo.multiply %x, %sb : tensor<4x512xf32>
  %5 = stablehlo.exponential %4 : tensor<4x512xf32>
  %h = stablehlo.constant dense<0.5> : tensor<4x512xf32>
  %6 = stablehlo.add %x, %h : tensor<4x512xf32>
  %7 = stablehlo.exponential %6 : tensor<4x512xf32>
  %xb = stablehlo.convert %x : (tensor<4x512xf32>) -> tensor<4x512xbf16>
  %mh = stablehlo.convert %m : (tensor<4xf32>) -> tensor<4xbf16>
  %mbb = stablehlo.broadcast_in_dim %mh, dims = [0] : (tensor<4xbf16>) -> tensor<4x512xbf16>
  %8 = stablehlo.subtract %xb, %mbb : tensor<4x512xbf16>
  %9 = stablehlo.exponential %8 : tensor<4x512xbf16>
  return %1, %3, %5, %7, %9 : tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xf32>, tensor<4x512xbf16>
}
