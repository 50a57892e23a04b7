// dynamic_slice and dynamic_update_slice at positions computed on the
// device (a KV-cache write and read at a position given as an input):
// `simplify` turns them into row gathers and scatters
// (systole-dynamic-slices-to-rows), with the spec's start clamping.
//   %cache [2, 8, 4]: %new [2, 1, 4] written at row %pos of dim 1, then a
//   [2, 3, 4] window read at %pos - 1; and a [2, 3] window of %x [6, 5] at
//   (%pos, 1): whole rows gathered, then columns 1..3 sliced; and a [3, 2]
//   update of %x at (%pos, 2): partial rows, gathered, updated at column 2
//   and scattered back.
// Positions 3 (inside), 0 (the read starts at -1, clamped to 0), 7 (the
// read clamped to 5) and 100 / -5 (the write clamped to 7 / 0) are
// compared with the reference interpreter, exactly.
// DEFINE: %{inputs} = --input=2x8x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63 --input=2x1x4xf32=-1,-2,-3,-4,-5,-6,-7,-8 --input=6x5xf32=100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129
// RUN: systole-compile %s --compile-to=simplify -o - | FileCheck %s --check-prefix=IR
// IR-NOT: dynamic_slice
// IR-NOT: dynamic_update_slice
// IR: stablehlo.scatter
// IR: stablehlo.gather
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=3 --output=@%t.3.0.npy --output=@%t.3.1.npy --output=@%t.3.2.npy --output=@%t.3.3.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=3 --expected-output=@%t.3.0.npy --expected-output=@%t.3.1.npy --expected-output=@%t.3.2.npy --expected-output=@%t.3.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=0 --output=@%t.0.0.npy --output=@%t.0.1.npy --output=@%t.0.2.npy --output=@%t.0.3.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=0 --expected-output=@%t.0.0.npy --expected-output=@%t.0.1.npy --expected-output=@%t.0.2.npy --expected-output=@%t.0.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=7 --output=@%t.7.0.npy --output=@%t.7.1.npy --output=@%t.7.2.npy --output=@%t.7.3.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=7 --expected-output=@%t.7.0.npy --expected-output=@%t.7.1.npy --expected-output=@%t.7.2.npy --expected-output=@%t.7.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=100 --output=@%t.100.0.npy --output=@%t.100.1.npy --output=@%t.100.2.npy --output=@%t.100.3.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=100 --expected-output=@%t.100.0.npy --expected-output=@%t.100.1.npy --expected-output=@%t.100.2.npy --expected-output=@%t.100.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// RUN: systole-run --backend=reference %s %{inputs} --input=i32=-5 --output=@%t.m5.0.npy --output=@%t.m5.1.npy --output=@%t.m5.2.npy --output=@%t.m5.3.npy --quiet
// RUN: systole-run %s %{inputs} --input=i32=-5 --expected-output=@%t.m5.0.npy --expected-output=@%t.m5.1.npy --expected-output=@%t.m5.2.npy --expected-output=@%t.m5.3.npy --rtol=0 --atol=0 --quiet | FileCheck %s
// CHECK: simulated: {{[0-9.]+}} us on trn2
// Unsigned (ui8) start indices, read by value (200 stays 200, where the
// i8 pattern would read -56; they used to be rejected), from row 200 of a
// [300 x 20] operand holding 0, 1, 2, ... (3 x 5 window at (200, 13):
// elements 4013..4017, 4033.., 4053..), and an update there; checked by
// hand:
// RUN: systole-run %s --entry=unsigned_starts --input=ui8=200 --input=ui8=13 --input=2x5xf32=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result[0]: 3x5xf32={{\[\[}}4013 4014 4015 4016 4017]{{\[}}4033 4034 4035 4036 4037]{{\[}}4053 4054 4055 4056 4057]]
// and the update against the reference interpreter, exactly:
// RUN: systole-run --backend=reference %s --entry=unsigned_starts --input=ui8=255 --input=ui8=13 --input=2x5xf32=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10 --output=@%t.ur.0.npy --output=@%t.ur.1.npy --quiet
// RUN: systole-run %s --entry=unsigned_starts --input=ui8=255 --input=ui8=13 --input=2x5xf32=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10 --expected-output=@%t.ur.0.npy --expected-output=@%t.ur.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
func.func @main(%cache: tensor<2x8x4xf32>, %new: tensor<2x1x4xf32>, %x: tensor<6x5xf32>, %pos: tensor<i32>) -> (tensor<2x8x4xf32>, tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<6x5xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %c = stablehlo.dynamic_update_slice %cache, %new, %z, %pos, %z : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x4xf32>
  %p1 = stablehlo.subtract %pos, %one : tensor<i32>
  %w = stablehlo.dynamic_slice %c, %z, %p1, %z, sizes = [2, 3, 4] : (tensor<2x8x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x3x4xf32>
  %v = stablehlo.dynamic_slice %x, %pos, %one, sizes = [2, 3] : (tensor<6x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %xs = stablehlo.slice %x [0:3, 0:2] : (tensor<6x5xf32>) -> tensor<3x2xf32>
  %u = stablehlo.negate %xs : tensor<3x2xf32>
  %y = stablehlo.dynamic_update_slice %x, %u, %pos, %two : (tensor<6x5xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<6x5xf32>
  return %c, %w, %v, %y : tensor<2x8x4xf32>, tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<6x5xf32>
}

func.func @unsigned_starts(%i: tensor<ui8>, %j: tensor<ui8>, %u: tensor<2x5xf32>) -> (tensor<3x5xf32>, tensor<300x20xf32>) {
  %flat = stablehlo.iota dim = 0 : tensor<6000xf32>
  %x = stablehlo.reshape %flat : (tensor<6000xf32>) -> tensor<300x20xf32>
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [3, 5] : (tensor<300x20xf32>, tensor<ui8>, tensor<ui8>) -> tensor<3x5xf32>
  %w = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<300x20xf32>, tensor<2x5xf32>, tensor<ui8>, tensor<ui8>) -> tensor<300x20xf32>
  return %r, %w : tensor<3x5xf32>, tensor<300x20xf32>
}

// Constant ui8 starts of 128 and above (a static slice: 150 was read as
// -106 and clamped to 0; found by a fuzzing helper): [1 x 2] at (150, 3)
// of the [300 x 20] operand holding 0, 1, 2, ...:
// RUN: systole-run %s --entry=constant_unsigned_start | FileCheck %s --check-prefix=CONSTANT
// CONSTANT: result[0]: 1x2xf32={{\[\[}}3003 3004]]
// A computed start of a dim the window spans whole (a [1 x 190 x 387]
// update at (%p, 3, 3) and a read of it) is 0: a static window. These
// used to be read as rows of 73,530 elements, more than SBUF holds ("the
// tile needs more than 114688 bytes per partition"; found by a fuzzing
// helper). Against the reference interpreter:
// RUN: systole-run --backend=reference %s --entry=whole_dim --random-inputs --seed=6 --output=@%t.w.0.npy --output=@%t.w.1.npy --quiet
// RUN: systole-run %s --entry=whole_dim --random-inputs --seed=6 --expected-output=@%t.w.0.npy --expected-output=@%t.w.1.npy --rtol=0 --atol=0 --quiet | FileCheck %s
func.func @whole_dim(%x: tensor<1x190x387xf16>, %u: tensor<1x11x250xf16>, %p: tensor<i32>) -> (tensor<1x190x387xf16>, tensor<1x20x300xf16>) {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %w = stablehlo.dynamic_update_slice %x, %u, %p, %c, %c : (tensor<1x190x387xf16>, tensor<1x11x250xf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x190x387xf16>
  %r = stablehlo.dynamic_slice %w, %p, %c, %c, sizes = [1, 20, 300] : (tensor<1x190x387xf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x20x300xf16>
  return %w, %r : tensor<1x190x387xf16>, tensor<1x20x300xf16>
}

func.func @constant_unsigned_start() -> tensor<1x2xf32> {
  %flat = stablehlo.iota dim = 0 : tensor<6000xf32>
  %x = stablehlo.reshape %flat : (tensor<6000xf32>) -> tensor<300x20xf32>
  %i = stablehlo.constant dense<150> : tensor<ui8>
  %j = stablehlo.constant dense<3> : tensor<ui8>
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 2] : (tensor<300x20xf32>, tensor<ui8>, tensor<ui8>) -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
