//===- Compare.h - Comparing result tensors ---------------------*- C++ -*-===//
//
// `systole-run --expected-output` (allClose, pearson) and the self-checks of
// the StableHLO test corpus, `check.expect_close|expect_eq|expect_almost_eq`
// (DESIGN section 7).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_API_COMPARE_H
#define SYSTOLE_RUNTIME_API_COMPARE_H

#include <cstdint>
#include <string>

#include "runtime/api/HostTensor.h"

namespace systole {

/// The outcome of a comparison. `worstIndex` is the linear (row-major) index of
/// the element with the largest error (-1 when there is none: empty tensors or
/// a shape/dtype mismatch); worstActual/worstExpected are its values (real
/// parts for complex) and worstError its error in the comparison's own unit
/// (absolute difference, ULPs, or 1 - pcc for pearson). `message` is empty when
/// ok; otherwise it names the failure, the worst element's multi-index and both
/// values, e.g. `3 of 6 elements differ; worst at [1, 2]: actual 3.5, expected
/// 3 (|diff| 0.5 > 0.1)`.
struct CompareResult {
  bool ok = true;
  int64_t worstIndex = -1;
  double worstActual = 0;
  double worstExpected = 0;
  double worstError = 0;
  std::string message;
};

/// numpy.allclose(actual, expected, rtol, atol, equal_nan=True) element-wise:
/// |a - e| <= atol + rtol * |e| (complex: the modulus of the difference), NaN
/// equals NaN, an infinity equals only the same infinity. Shapes and dtypes
/// must match. worstError is the absolute difference of the element that
/// exceeds its tolerance by the largest factor (or of the largest difference
/// when all pass).
CompareResult allClose(const HostTensor &actual, const HostTensor &expected,
                       double rtol, double atol);

/// Pearson correlation coefficient of the elements (as doubles; complex: real
/// parts) must be >= minPcc. Two constant tensors correlate 1 if equal, else 0.
/// Elements where both sides hold the same NaN or infinity match exactly (as
/// in allClose) and are left out of the correlation; any other NaN or inf
/// fails. worstIndex is the element with the largest absolute
/// difference; worstError is 1 - pcc.
CompareResult pearson(const HostTensor &actual, const HostTensor &expected,
                      double minPcc);

/// check.expect_close: float elements within 3 ULPs in the tensor's own float
/// type (for complex, the real and imaginary parts separately in f32/f64); NaN
/// equals NaN, +0 equals -0, an infinity equals the same infinity (0 ULPs);
/// integers exactly.
CompareResult expectClose(const HostTensor &actual, const HostTensor &expected);

/// check.expect_eq: exact; floats bitwise, except that all NaNs are equal.
CompareResult expectEq(const HostTensor &actual, const HostTensor &expected);

/// check.expect_almost_eq: |a - e| <= 1e-3 (complex: real and imaginary parts
/// separately); NaNs are equal; infinities are equal if of the same sign.
CompareResult expectAlmostEq(const HostTensor &actual,
                             const HostTensor &expected);

/// The distance in ULPs between two values of float dtype `type` (the number of
/// representable values between them, +0 and -0 being one point): 0 for equal
/// values and for two NaNs, UINT64_MAX when exactly one is NaN.
uint64_t ulpDistance(double a, double b, DType type);

} // namespace systole

#endif // SYSTOLE_RUNTIME_API_COMPARE_H
