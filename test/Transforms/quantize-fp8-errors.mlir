// Errors of the `quantize` phase, each with its location.
// RUN: systole-opt %s --systole-quantize -verify-diagnostics -split-input-file
// RUN: not systole-opt %s --systole-quantize=format=e3m4 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not systole-opt %s --systole-quantize=calibration=%t.missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo '{"0": {"lhs_amax": -1}}' > %t.negative.json
// RUN: not systole-opt %s --systole-quantize=calibration=%t.negative.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: echo '[1, 2]' > %t.array.json
// RUN: not systole-opt %s --systole-quantize=calibration=%t.array.json 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: echo '{"0": {"lhs_amax": 1' > %t.truncated.json
// RUN: not systole-opt %s --systole-quantize=calibration=%t.truncated.json 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: echo '{"0": {"lhs_amax": 1e39}}' > %t.huge.json
// RUN: not systole-opt %s --systole-quantize=calibration=%t.huge.json 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: echo '{"0": {"rhs_amax": 1e-46}}' > %t.tiny.json
// RUN: not systole-opt %s --systole-quantize=calibration=%t.tiny.json 2>&1 | FileCheck %s --check-prefix=TINY
// A location two ops share cannot key a calibration entry; an entry for a
// constant operand is not used (a warning).
// RUN: echo '{"linear.py:271:8": {"lhs_amax": 2.0}, "2": {"rhs_amax": 1.0}}' > %t.shared.json
// RUN: not systole-opt %S/Inputs/fp8-shared-locations.mlir --systole-quantize=calibration=%t.shared.json 2>&1 | FileCheck %s --check-prefix=SHARED
// HUGE: error: --fp8-calibration: entry '0': lhs_amax 1e+39 gives the scale inf (absmax / 240), which is not a normal f32
// TINY: error: --fp8-calibration: entry '0': rhs_amax 1e-46 gives the scale 0 (absmax / 240), which is not a normal f32
// SHARED-DAG: linear.py:271:8: error: --fp8-calibration: entry 'linear.py:271:8' names 2 quantized ops (they share the location); key them by index as --fp8-report numbers them
// SHARED-DAG: fp8-shared-locations.mlir:7:8: warning: --fp8-calibration: the rhs of op #2 is a constant, quantized per channel at compile time; its rhs_amax is not used
// FORMAT: error: quantize: unknown format 'e3m4' (expected e4m3 or e5m2)
// MISSING: error: --fp8-calibration: cannot read {{.*}}missing.json
// NEGATIVE: error: --fp8-calibration: entry '0': expected "lhs_amax" or "rhs_amax" with a positive finite number, got "lhs_amax"
// ARRAY: error: --fp8-calibration: {{.*}}array.json must hold an object keyed by op index or location
// JSON: error: --fp8-calibration: {{.*}}truncated.json is not JSON

// A weight with inf or NaN has no finite scale: an error, not NaN results.
func.func @inf_weight(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = stablehlo.constant dense<[[1.0, 0x7F800000], [0.5, 2.0]]> : tensor<2x2xf32>
  // expected-error @+1 {{quantize: the constant operand holds inf or NaN, which FP8 scaling cannot represent; compile without --fp8}}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @nan_weight(%x: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %w = stablehlo.constant dense<[[1.0, 0x7FC0], [0.5, 2.0]]> : tensor<2x2xbf16>
  // expected-error @+1 {{holds inf or NaN}}
  %0 = stablehlo.dot_general %w, %x, contracting_dims = [1] x [0] : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}
