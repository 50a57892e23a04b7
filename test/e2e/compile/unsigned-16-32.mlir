// ui16 and ui32 data (NKI's uint16 and uint32; ui64 narrowed to ui32):
// ui16 values read as 0..65535 and wrap modulo 2^16; ui32 values live in
// their signed form (the same bits as i32), so 4294967295 is -1 to the
// engines and add, subtract, compare, maximum and conversions are exact
// while that form stays below 2^24 in magnitude; an unsigned max/min
// reduction of ui32 is three signed ones (systole-widen-unsigned-reductions).
// Expected values worked out by hand:
//   a = 0 1 65535 32768 40000 7, b = 1 65535 1 32767 50000 7 (ui16)
//   a + b = 1 0 0 65535 24464 14 (90000 - 65536); a - b = 65535 2 65534 1
//   55536 0; a > b; max; f32; max-reduce 65535; a / b = 0 0 65535 1 0 1
//   c = 0 1 4294967295 4294967292 1000000 7,
//   d = 1 4294967295 1 4294967000 5 4294967289 (ui32)
//   c + d = 1 0 0 4294966996 1000005 0; c - d = 4294967295 2 4294967294 292
//   999995 14; c < d = T T F F F T; max(c, d);
//   max(c) = 4294967295, min(d) = 1, min(c[2:4]) = 4294967292 (all from
//   2^31 up), max(d[4:6]) = 4294967289; max over windows of 2 of c;
//   f32(c) rounds 4294967295 and 4294967292 to 4294967296;
//   reverse(e) moves 3735928559 and 2^31 bit for bit.
// RUN: systole-run %s --input=6xui16=0,1,65535,32768,40000,7 --input=6xui16=1,65535,1,32767,50000,7 --input=6xui32=0,1,4294967295,4294967292,1000000,7 --input=6xui32=1,4294967295,1,4294967000,5,4294967289 --input=2xui32=3735928559,2147483648 | FileCheck %s
// RUN: systole-run --backend=reference %s --input=6xui16=0,1,65535,32768,40000,7 --input=6xui16=1,65535,1,32767,50000,7 --input=6xui32=0,1,4294967295,4294967292,1000000,7 --input=6xui32=1,4294967295,1,4294967000,5,4294967289 --input=2xui32=3735928559,2147483648 --output=@%t.ref.0.npy --output=@%t.ref.1.npy --output=@%t.ref.2.npy --output=@%t.ref.3.npy --output=@%t.ref.4.npy --output=@%t.ref.5.npy --output=@%t.ref.6.npy --output=@%t.ref.7.npy --output=@%t.ref.8.npy --output=@%t.ref.9.npy --output=@%t.ref.10.npy --output=@%t.ref.11.npy --output=@%t.ref.12.npy --output=@%t.ref.13.npy --output=@%t.ref.14.npy --quiet
// RUN: systole-run %s --input=6xui16=0,1,65535,32768,40000,7 --input=6xui16=1,65535,1,32767,50000,7 --input=6xui32=0,1,4294967295,4294967292,1000000,7 --input=6xui32=1,4294967295,1,4294967000,5,4294967289 --input=2xui32=3735928559,2147483648 --expected-output=@%t.ref.0.npy --expected-output=@%t.ref.1.npy --expected-output=@%t.ref.2.npy --expected-output=@%t.ref.3.npy --expected-output=@%t.ref.4.npy --expected-output=@%t.ref.5.npy --expected-output=@%t.ref.6.npy --expected-output=@%t.ref.7.npy --expected-output=@%t.ref.8.npy --expected-output=@%t.ref.9.npy --expected-output=@%t.ref.10.npy --expected-output=@%t.ref.11.npy --expected-output=@%t.ref.12.npy --expected-output=@%t.ref.13.npy --expected-output=@%t.ref.14.npy --rtol=0 --atol=0 --quiet
// CHECK: result[0]: 6xui16=[1 0 0 65535 24464 14]
// CHECK: result[1]: 6xui16=[65535 2 65534 1 55536 0]
// CHECK: result[2]: 6xi1=[false false true true false false]
// CHECK: result[3]: 6xui16=[1 65535 65535 32768 50000 7]
// CHECK: result[4]: 6xf32=[0 1 65535 32768 40000 7]
// CHECK: result[5]: ui16=65535
// CHECK: result[6]: 6xui16=[0 0 65535 1 0 1]
// CHECK: result[7]: 6xui32=[1 0 0 4294966996 1000005 0]
// CHECK: result[8]: 6xui32=[4294967295 2 4294967294 292 999995 14]
// CHECK: result[9]: 6xi1=[true true false false false true]
// CHECK: result[10]: 6xui32=[1 4294967295 4294967295 4294967292 1000000 4294967289]
// CHECK: result[11]: 4xui32=[4294967295 1 4294967292 4294967289]
// CHECK: result[12]: 5xui32=[1 4294967295 4294967295 4294967292 1000000]
// CHECK: result[13]: 6xf32=[0 1 4294967296 4294967296 1e+06 7]
// CHECK: result[14]: 2xui32=[2147483648 3735928559]
func.func @main(%a: tensor<6xui16>, %b: tensor<6xui16>, %c: tensor<6xui32>, %d: tensor<6xui32>, %e: tensor<2xui32>) -> (tensor<6xui16>, tensor<6xui16>, tensor<6xi1>, tensor<6xui16>, tensor<6xf32>, tensor<ui16>, tensor<6xui16>, tensor<6xui32>, tensor<6xui32>, tensor<6xi1>, tensor<6xui32>, tensor<4xui32>, tensor<5xui32>, tensor<6xf32>, tensor<2xui32>) {
  %r0 = stablehlo.add %a, %b : tensor<6xui16>
  %r1 = stablehlo.subtract %a, %b : tensor<6xui16>
  %r2 = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<6xui16>, tensor<6xui16>) -> tensor<6xi1>
  %r3 = stablehlo.maximum %a, %b : tensor<6xui16>
  %r4 = stablehlo.convert %a : (tensor<6xui16>) -> tensor<6xf32>
  %z16 = stablehlo.constant dense<0> : tensor<ui16>
  %r5 = stablehlo.reduce(%a init: %z16) applies stablehlo.maximum across dimensions = [0] : (tensor<6xui16>, tensor<ui16>) -> tensor<ui16>
  %r6 = stablehlo.divide %a, %b : tensor<6xui16>
  %r7 = stablehlo.add %c, %d : tensor<6xui32>
  %r8 = stablehlo.subtract %c, %d : tensor<6xui32>
  %r9 = stablehlo.compare LT, %c, %d, UNSIGNED : (tensor<6xui32>, tensor<6xui32>) -> tensor<6xi1>
  %r10 = stablehlo.maximum %c, %d : tensor<6xui32>
  %z32 = stablehlo.constant dense<0> : tensor<ui32>
  %m32 = stablehlo.constant dense<4294967295> : tensor<ui32>
  %rmax = stablehlo.reduce(%c init: %z32) applies stablehlo.maximum across dimensions = [0] : (tensor<6xui32>, tensor<ui32>) -> tensor<ui32>
  %rmin = stablehlo.reduce(%d init: %m32) applies stablehlo.minimum across dimensions = [0] : (tensor<6xui32>, tensor<ui32>) -> tensor<ui32>
  %cl = stablehlo.slice %c [2:4] : (tensor<6xui32>) -> tensor<2xui32>
  %dl = stablehlo.slice %d [4:6] : (tensor<6xui32>) -> tensor<2xui32>
  %rminl = stablehlo.reduce(%cl init: %m32) applies stablehlo.minimum across dimensions = [0] : (tensor<2xui32>, tensor<ui32>) -> tensor<ui32>
  %rmaxl = stablehlo.reduce(%dl init: %z32) applies stablehlo.maximum across dimensions = [0] : (tensor<2xui32>, tensor<ui32>) -> tensor<ui32>
  %b0 = stablehlo.reshape %rmax : (tensor<ui32>) -> tensor<1xui32>
  %b1 = stablehlo.reshape %rmin : (tensor<ui32>) -> tensor<1xui32>
  %b2 = stablehlo.reshape %rminl : (tensor<ui32>) -> tensor<1xui32>
  %b3 = stablehlo.reshape %rmaxl : (tensor<ui32>) -> tensor<1xui32>
  %r11 = stablehlo.concatenate %b0, %b1, %b2, %b3, dim = 0 : (tensor<1xui32>, tensor<1xui32>, tensor<1xui32>, tensor<1xui32>) -> tensor<4xui32>
  %r12 = "stablehlo.reduce_window"(%c, %z32) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<ui32>, %y: tensor<ui32>):
    %m = stablehlo.maximum %x, %y : tensor<ui32>
    stablehlo.return %m : tensor<ui32>
  }) : (tensor<6xui32>, tensor<ui32>) -> tensor<5xui32>
  %r13 = stablehlo.convert %c : (tensor<6xui32>) -> tensor<6xf32>
  %r14 = stablehlo.reverse %e, dims = [0] : tensor<2xui32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14 : tensor<6xui16>, tensor<6xui16>, tensor<6xi1>, tensor<6xui16>, tensor<6xf32>, tensor<ui16>, tensor<6xui16>, tensor<6xui32>, tensor<6xui32>, tensor<6xi1>, tensor<6xui32>, tensor<4xui32>, tensor<5xui32>, tensor<6xf32>, tensor<2xui32>
}
