// The special functions of chlo decomposed into stablehlo (values:
// chlo-special-values.mlir).
// RUN: systole-opt %s --systole-decompose-chlo --split-input-file | FileCheck %s

// lgamma, bf16 computed in f32 and rounded once: the reflection formula below
// 1/2 (log|sin(pi r)| with r = x - round(x)), the Taylor series around 2 with
// the recurrence below 12.5 (log1p for x near 1), the Lanczos form above.
// CHECK-LABEL: func.func @lgamma_bf16
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[HALF:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG:     %[[SPLIT:.*]] = stablehlo.constant dense<1.250000e+01> : tensor<4xf32>
// CHECK:         %[[X:.*]] = stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:         %[[REFLECT:.*]] = stablehlo.compare  LT, %[[X]], %[[HALF]]
// CHECK:         %[[W:.*]] = stablehlo.select %[[REFLECT]], %{{.*}}, %[[X]]
// CHECK:         stablehlo.log_plus_one
// CHECK:         stablehlo.compare  LT, %[[W]], %[[SPLIT]]
// CHECK:         %[[ROUND:.*]] = stablehlo.round_nearest_even %[[X]]
// CHECK:         %[[R:.*]] = stablehlo.subtract %[[X]], %[[ROUND]]
// CHECK:         stablehlo.sine
// CHECK:         %[[Y:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK:         return %[[Y]]
// CHECK-NOT:     chlo.
func.func @lgamma_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.lgamma %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// digamma: the same split, pi cot(pi r) in the reflection, NaN at the poles.
// CHECK-LABEL: func.func @digamma
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[NAN:.*]] = stablehlo.constant dense<0x7FC00000> : tensor<4xf32>
// CHECK:         stablehlo.round_nearest_even %arg0
// CHECK:         stablehlo.sine
// CHECK:         %[[POLE:.*]] = stablehlo.and
// CHECK:         %[[R:.*]] = stablehlo.select %[[POLE]], %[[NAN]], %{{.*}}
// CHECK:         return %[[R]]
// CHECK-NOT:     chlo.
func.func @digamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// erf_inv in f32: Giles' single-precision polynomials in w - 2.5 (w < 5) and
// sqrt(w) - 3, w = -log((1 - x)(1 + x)); +-inf at +-1.
// CHECK-LABEL: func.func @erf_inv
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG:     %[[FIVE:.*]] = stablehlo.constant dense<5.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG:     stablehlo.constant dense<1.50140941> : tensor<4xf32>
// CHECK-DAG:     stablehlo.constant dense<2.83297682> : tensor<4xf32>
// CHECK:         %[[P:.*]] = stablehlo.add %arg0, %[[ONE]]
// CHECK:         %[[M:.*]] = stablehlo.subtract %[[ONE]], %arg0
// CHECK:         %[[PROD:.*]] = stablehlo.multiply %[[M]], %[[P]]
// CHECK:         %[[LOG:.*]] = stablehlo.log %[[PROD]]
// CHECK:         %[[W:.*]] = stablehlo.negate %[[LOG]]
// CHECK:         stablehlo.sqrt %[[W]]
// CHECK:         %[[CENTRAL:.*]] = stablehlo.compare  LT, %[[W]], %[[FIVE]]
// CHECK:         %[[PW:.*]] = stablehlo.select %[[CENTRAL]],
// CHECK:         %[[A:.*]] = stablehlo.abs %arg0
// CHECK:         %[[UNIT:.*]] = stablehlo.compare  EQ, %[[A]], %[[ONE]]
// CHECK:         %[[R:.*]] = stablehlo.select %[[UNIT]],
// CHECK:         return %[[R]]
// CHECK-NOT:     chlo.
func.func @erf_inv(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// erf_inv in f64: Giles' double-precision polynomials, split at w = 6.25 and
// 16.
// CHECK-LABEL: func.func @erf_inv_f64
// CHECK-NOT:     chlo.
// CHECK-DAG:     stablehlo.constant dense<6.250000e+00> : tensor<4xf64>
// CHECK-DAG:     stablehlo.constant dense<1.600000e+01> : tensor<4xf64>
// CHECK-DAG:     stablehlo.constant dense<1.6536545626831027> : tensor<4xf64>
// CHECK-DAG:     stablehlo.constant dense<3.0838856104922208> : tensor<4xf64>
// CHECK-DAG:     stablehlo.constant dense<4.8499064014085844> : tensor<4xf64>
// CHECK:         return
// CHECK-NOT:     chlo.
func.func @erf_inv_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// bessel_i1e: Cephes' Chebyshev series of |x| <= 8 (times x) and of x > 8
// (over sqrt|x|, with the sign of x), each on its clamped argument.
// CHECK-LABEL: func.func @bessel_i1e
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[EIGHT:.*]] = stablehlo.constant dense<8.000000e+00> : tensor<4xf32>
// CHECK:         %[[A:.*]] = stablehlo.abs %arg0
// CHECK:         stablehlo.minimum %[[A]], %[[EIGHT]]
// CHECK:         %[[BIG:.*]] = stablehlo.maximum %[[A]], %[[EIGHT]]
// CHECK:         stablehlo.sqrt %[[BIG]]
// CHECK:         %[[SMALL:.*]] = stablehlo.compare  LE, %[[A]], %[[EIGHT]]
// CHECK:         %[[R:.*]] = stablehlo.select %[[SMALL]],
// CHECK:         return %[[R]]
// CHECK-NOT:     chlo.
func.func @bessel_i1e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// zeta(s, q): (q + k)^-s for k = 0..5 (power), the Euler-Maclaurin remainder
// at q + 6, then the domain: +inf or NaN for q <= 0, NaN for s < 1, +inf at
// s = 1, NaN for NaN.
// CHECK-LABEL: func.func @zeta
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[SIX:.*]] = stablehlo.constant dense<6.000000e+00> : tensor<4xf32>
// CHECK:         stablehlo.add %arg1, %[[SIX]]
// CHECK-COUNT-7: stablehlo.power
// CHECK:         stablehlo.compare  LE, %arg1,
// CHECK:         stablehlo.compare  LT, %arg0,
// CHECK:         stablehlo.compare  EQ, %arg0,
// CHECK:         stablehlo.compare  NE, %arg1, %arg1
// CHECK:         stablehlo.compare  NE, %arg0, %arg0
// CHECK:         %[[R:.*]] = stablehlo.select
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     chlo.
func.func @zeta(%s: tensor<4xf32>, %q: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.zeta %s, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// polygamma(n, x) of f16: (-1)^(n+1) n! zeta(n + 1, x) in f32, digamma for
// n = 0, NaN for n < 0 or not an integer.
// CHECK-LABEL: func.func @polygamma_f16
// CHECK-NOT:     chlo.
// CHECK-DAG:     %[[N:.*]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK-DAG:     %[[X:.*]] = stablehlo.convert %arg1 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK:         stablehlo.power
// CHECK:         stablehlo.floor %[[N]]
// CHECK:         %[[R:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xf16>
// CHECK:         return %[[R]]
// CHECK-NOT:     chlo.
func.func @polygamma_f16(%n: tensor<4xf16>, %x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = chlo.polygamma %n, %x : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
