// A 32-bit `bitcast_convert` alone in its kernel moves bytes (a DMA of the
// input read with the result's element type), so every pattern survives:
// 1.0f = 0x3F800000 = 1065353216, -1.0f = 0xBF800000 (3212836864 as ui32),
// 0.1f = 0x3DCCCCCD = 1036831949, -0.0 = 0x80000000, inf = 0x7F800000,
// the canonical NaN 0x7FC00000 = 2143289344; and back, 0x00800000 is the
// smallest normal f32 and 1 the smallest subnormal. (Inside a computing
// kernel the engines' fp32 keeps only 16-bit patterns.)
// RUN: systole-run %s --input=2x3xf32=1,-1,0.1,-0.0,inf,nan --input=2x3xi32=1065353216,-1082130432,2139095040,8388608,1,-2147483648 | FileCheck %s
// CHECK: result[0]: 2x3xui32={{\[\[}}1065353216 3212836864 1036831949][2147483648 2139095040 2143289344]]
// CHECK: result[1]: 2x3xi32={{\[\[}}1065353216 -1082130432 1036831949][-2147483648 2139095040 2143289344]]
// CHECK: result[2]: 2x3xf32={{\[\[}}1 -1 inf][1.1754944e-38 1e-45 -0]]
// CHECK: result[3]: 2x3xf32={{\[\[}}2 -2 0.2][-0 inf nan]]
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> (tensor<2x3xui32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.bitcast_convert %x : (tensor<2x3xf32>) -> tensor<2x3xui32>
  %1 = stablehlo.bitcast_convert %x : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %2 = stablehlo.bitcast_convert %y : (tensor<2x3xi32>) -> tensor<2x3xf32>
  // A sibling reading the same input (a fuzzing helper found the bitcast
  // then converted values, 0.99 -> 1, where it shared the loaded tile).
  %3 = stablehlo.add %x, %x : tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xui32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>
}
// A bitcast of a broadcast (which an engine would expand in fp32) or of a
// matmul's result still in PSUM is not a byte copy: reported, not rounded.
// RUN: not systole-compile %S/Inputs/bitcast-on-chip.mlir -o %t.ncx 2>&1 | FileCheck %s --check-prefix=ONCHIP
// ONCHIP-DAG: bitcast-on-chip.mlir:5:{{[0-9]+}}: error: ncore: bitcast of
// ONCHIP-DAG: bitcast-on-chip.mlir:8:{{[0-9]+}}: error: ncore: bitcast of
