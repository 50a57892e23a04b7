// atan2 and cbrt compiled for the NeuronCore (no activation computes them:
// Cephes' atanf with its range reduction and quadrant fix-ups; exp/log with
// a Newton step). Special values against the spec's table (signed zeros,
// infinities, NaN); ordinary values against Python's math.atan2 and a
// double-precision cube root, rounded to f32, within 2 ULP (rtol 2.4e-7).

// RUN: systole-run %s --entry=atan2_special --input=12xf32=0,-0,0,-0,inf,inf,-inf,1,-1,nan,1,-0 --input=12xf32=0,0,-0,-0,inf,-inf,inf,inf,-inf,1,0,5 | FileCheck %s --check-prefix=ATAN2
// ATAN2: result[0]: 12xf32=[0 -0 3.1415927 -3.1415927 0.7853982 2.3561945 -0.7853982 0 -3.1415927 nan 1.5707964 -0]
func.func @atan2_special(%y: tensor<12xf32>, %x: tensor<12xf32>) -> tensor<12xf32> {
  %0 = stablehlo.atan2 %y, %x : tensor<12xf32>
  return %0 : tensor<12xf32>
}

// RUN: systole-run %s --entry=atan2_values --quiet --rtol=2.4e-7 --atol=0 --input=8xf32=0.5,-3.0,100.0,-1e-3,7.25,-0.75,2.0,1e20 --input=8xf32=2.0,0.25,-3.5,-1e-3,1e-30,-8.0,2.0,3.0 --expected-output=8xf32=0.244978666305542,-1.4876550436019897,1.6057820320129395,-2.356194496154785,1.5707963705062866,-3.0481159687042236,0.7853981852531433,1.5707963705062866
// The same in bf16: computed in f32, rounded once.
// RUN: systole-run %s --entry=atan2_bf16 --input=4xbf16=1,-1,0.5,3 --input=4xbf16=1,-1,-2,0.25 | FileCheck %s --check-prefix=BF16
// BF16: result[0]: 4xbf16=[0.785 -2.36 2.89 1.484]
func.func @atan2_values(%y: tensor<8xf32>, %x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.atan2 %y, %x : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @atan2_bf16(%y: tensor<4xbf16>, %x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.atan2 %y, %x : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// RUN: systole-run %s --entry=cbrt_special --input=6xf32=0,-0,inf,-inf,nan,1e-40 | FileCheck %s --check-prefix=CBRT
// CBRT: result[0]: 6xf32=[0 -0 inf -inf nan 4.6415806e-14]
func.func @cbrt_special(%x: tensor<6xf32>) -> tensor<6xf32> {
  %0 = stablehlo.cbrt %x : tensor<6xf32>
  return %0 : tensor<6xf32>
}

// RUN: systole-run %s --entry=cbrt_values --quiet --rtol=2.4e-7 --atol=0 --input=8xf32=27,-8,2,1e-3,-3.5e10,3.4e38,0.3,-7 --expected-output=8xf32=3.0,-2.0,1.2599210739135742,0.10000000149011612,-3271.06640625,6979532095488.0,0.6694329380989075,-1.912931203842163
func.func @cbrt_values(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.cbrt %x : tensor<8xf32>
  return %0 : tensor<8xf32>
}
