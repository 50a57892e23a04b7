//===- Compare.cpp - Comparing result tensors -----------------------------===//

#include "runtime/api/Compare.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/api/FloatFormats.h"
#include "runtime/api/TensorIO.h"

namespace systole {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The verdict on one element: `severity` orders failures (larger is worse) and
/// passing elements (by their error); `error` is reported as worstError.
struct ElementVerdict {
  bool ok = true;
  double error = 0;
  double severity = 0;
  std::string detail;
};

bool sameTypes(const HostTensor &actual, const HostTensor &expected,
               CompareResult *result) {
  if (actual.dtype == expected.dtype && actual.shape == expected.shape)
    return true;
  result->ok = false;
  result->message = absl::StrCat(
      actual.dtype == expected.dtype ? "shape" : "type", " mismatch: actual ",
      typeString(actual), ", expected ", typeString(expected));
  return false;
}

std::string formatNumber(double value) {
  return formatFloat(value, DType::F64);
}

/// Runs `verdict` on every element, keeps the worst and writes the message.
template <typename Fn>
CompareResult compareElements(const HostTensor &actual,
                              const HostTensor &expected, Fn verdict) {
  CompareResult result;
  if (!sameTypes(actual, expected, &result))
    return result;
  const int64_t n = actual.numElements();
  int64_t failures = 0;
  bool worstFailed = false;
  double worstSeverity = -1;
  std::string worstDetail;
  for (int64_t i = 0; i < n; ++i) {
    ElementVerdict v = verdict(i);
    if (!v.ok)
      ++failures;
    const bool worse = (!v.ok && !worstFailed) ||
                       (!v.ok == worstFailed && v.severity > worstSeverity);
    if (result.worstIndex < 0 || worse) {
      result.worstIndex = i;
      result.worstError = v.error;
      worstSeverity = v.severity;
      worstFailed = !v.ok;
      worstDetail = std::move(v.detail);
    }
  }
  if (result.worstIndex >= 0) {
    result.worstActual = actual.getDouble(result.worstIndex);
    result.worstExpected = expected.getDouble(result.worstIndex);
  }
  result.ok = failures == 0;
  if (!result.ok)
    result.message = absl::StrCat(
        failures, " of ", n, " elements differ; worst at ",
        formatIndex(actual.shape, result.worstIndex), ": actual ",
        formatElement(actual, result.worstIndex), ", expected ",
        formatElement(expected, result.worstIndex), " (", worstDetail, ")");
  return result;
}

/// Real float parts of element i: one for real types, two for complex.
int partsOf(DType type) { return isComplex(type) ? 2 : 1; }
double partOf(const HostTensor &t, int64_t i, int part) {
  if (!isComplex(t.dtype))
    return t.getDouble(i);
  std::complex<double> c = t.getComplex(i);
  return part == 0 ? c.real() : c.imag();
}
const char *partName(DType type, int part) {
  if (!isComplex(type))
    return "";
  return part == 0 ? "real part: " : "imaginary part: ";
}

ElementVerdict exactIntegers(const HostTensor &actual,
                             const HostTensor &expected, int64_t i) {
  ElementVerdict v;
  if (actual.getBits(i) == expected.getBits(i))
    return v;
  v.ok = false;
  v.error = std::fabs(actual.getDouble(i) - expected.getDouble(i));
  v.severity = v.error;
  v.detail = "not equal";
  return v;
}

} // namespace

uint64_t ulpDistance(double a, double b, DType type) {
  const bool nanA = std::isnan(a), nanB = std::isnan(b);
  if (nanA || nanB)
    return nanA && nanB ? 0 : std::numeric_limits<uint64_t>::max();
  const int bits = static_cast<int>(byteWidth(type) * 8);
  auto key = [&](double v) -> int64_t {
    const uint64_t code = encodeFloat(v, type);
    const uint64_t signBit = uint64_t(1) << (bits - 1);
    const int64_t magnitude = static_cast<int64_t>(code & ~signBit);
    return (code & signBit) ? -magnitude : magnitude;
  };
  const int64_t ka = key(a), kb = key(b);
  return ka >= kb ? static_cast<uint64_t>(ka) - static_cast<uint64_t>(kb)
                  : static_cast<uint64_t>(kb) - static_cast<uint64_t>(ka);
}

CompareResult allClose(const HostTensor &actual, const HostTensor &expected,
                       double rtol, double atol) {
  return compareElements(actual, expected, [&](int64_t i) {
    ElementVerdict v;
    const std::complex<double> a = actual.getComplex(i),
                               e = expected.getComplex(i);
    const bool nanA = std::isnan(a.real()) || std::isnan(a.imag());
    const bool nanE = std::isnan(e.real()) || std::isnan(e.imag());
    if (nanA || nanE) {
      v.ok = nanA && nanE;
      v.error = v.ok ? 0 : kInf;
      v.severity = v.error;
      v.detail = "NaN mismatch";
      return v;
    }
    if (a == e)
      return v; // Also equal infinities.
    if (!std::isfinite(a.real()) || !std::isfinite(a.imag()) ||
        !std::isfinite(e.real()) || !std::isfinite(e.imag())) {
      // numpy: a non-finite value only matches itself.
      v.ok = false;
      v.error = kInf;
      v.severity = kInf;
      v.detail = "infinity mismatch";
      return v;
    }
    const double diff = std::abs(a - e);
    const double tolerance = atol + rtol * std::abs(e);
    v.error = std::isnan(diff) ? kInf : diff;
    v.ok = v.error <= tolerance;
    v.severity = tolerance > 0 ? v.error / tolerance : v.error;
    if (!v.ok && tolerance == 0)
      v.severity = kInf;
    v.detail = absl::StrCat("|diff| ", formatNumber(v.error), " > ",
                            formatNumber(tolerance));
    return v;
  });
}

CompareResult pearson(const HostTensor &actual, const HostTensor &expected,
                      double minPcc) {
  CompareResult result;
  if (!sameTypes(actual, expected, &result))
    return result;
  const int64_t n = actual.numElements();
  if (n == 0)
    return result;
  // Elements where both sides hold the same non-finite value (NaN and NaN,
  // or infinities of one sign) match exactly, as in allClose, and are left
  // out of the correlation; any other non-finite element fails.
  auto sameNonFinite = [](double a, double e) {
    return (std::isnan(a) && std::isnan(e)) || (std::isinf(a) && a == e);
  };
  double sumA = 0, sumE = 0;
  double largestDiff = -1;
  int64_t finite = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double a = actual.getDouble(i), e = expected.getDouble(i);
    if (!std::isfinite(a) || !std::isfinite(e)) {
      if (sameNonFinite(a, e))
        continue;
      result.ok = false;
      result.worstIndex = i;
      result.worstActual = a;
      result.worstExpected = e;
      result.worstError = 1;
      result.message = absl::StrCat(
          "pearson correlation undefined: element ",
          formatIndex(actual.shape, i), " is not finite: actual ",
          formatElement(actual, i), ", expected ", formatElement(expected, i));
      return result;
    }
    ++finite;
    sumA += a;
    sumE += e;
    if (std::fabs(a - e) > largestDiff) {
      largestDiff = std::fabs(a - e);
      result.worstIndex = i;
      result.worstActual = a;
      result.worstExpected = e;
    }
  }
  if (finite == 0)
    return result; // Every element is a matching NaN or infinity.
  const double meanA = sumA / finite, meanE = sumE / finite;
  double cov = 0, varA = 0, varE = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double a = actual.getDouble(i), e = expected.getDouble(i);
    if (!std::isfinite(a))
      continue; // A matching non-finite pair (mismatches returned above).
    const double da = a - meanA;
    const double de = e - meanE;
    cov += da * de;
    varA += da * da;
    varE += de * de;
  }
  double pcc;
  if (varA == 0 || varE == 0)
    pcc = (varA == 0 && varE == 0 && largestDiff == 0) ? 1.0 : 0.0;
  else
    pcc = cov / std::sqrt(varA * varE);
  result.worstError = 1 - pcc;
  result.ok = pcc >= minPcc;
  if (!result.ok)
    result.message =
        absl::StrCat("pearson correlation ", formatNumber(pcc), " < ",
                     formatNumber(minPcc), "; largest difference at ",
                     formatIndex(actual.shape, result.worstIndex), ": actual ",
                     formatElement(actual, result.worstIndex), ", expected ",
                     formatElement(expected, result.worstIndex));
  return result;
}

CompareResult expectClose(const HostTensor &actual,
                          const HostTensor &expected) {
  const DType part = complexElementType(actual.dtype);
  const bool floating = isFloat(part);
  return compareElements(actual, expected, [&](int64_t i) {
    if (!floating)
      return exactIntegers(actual, expected, i);
    ElementVerdict v;
    for (int p = 0; p < partsOf(actual.dtype); ++p) {
      const uint64_t ulps =
          ulpDistance(partOf(actual, i, p), partOf(expected, i, p), part);
      const double error = ulps == std::numeric_limits<uint64_t>::max()
                               ? kInf
                               : static_cast<double>(ulps);
      if (p == 0 || error > v.error) {
        v.error = error;
        v.severity = error;
        v.detail =
            absl::StrCat(partName(actual.dtype, p),
                         std::isinf(error) ? std::string("NaN mismatch")
                                           : absl::StrCat(ulps, " ULP > 3"));
      }
      if (error > 3)
        v.ok = false;
    }
    return v;
  });
}

CompareResult expectEq(const HostTensor &actual, const HostTensor &expected) {
  const DType part = complexElementType(actual.dtype);
  const bool floating = isFloat(part);
  return compareElements(actual, expected, [&](int64_t i) {
    if (!floating)
      return exactIntegers(actual, expected, i);
    ElementVerdict v;
    for (int p = 0; p < partsOf(actual.dtype); ++p) {
      const double a = partOf(actual, i, p), e = partOf(expected, i, p);
      if (std::isnan(a) && std::isnan(e))
        continue;
      if (encodeFloat(a, part) == encodeFloat(e, part))
        continue;
      v.ok = false;
      const double diff = std::fabs(a - e);
      const double error = std::isnan(diff) ? kInf : diff;
      if (error >= v.error) {
        v.error = error;
        v.severity = error;
        v.detail = absl::StrCat(partName(actual.dtype, p), "not bitwise equal");
      }
    }
    return v;
  });
}

CompareResult expectAlmostEq(const HostTensor &actual,
                             const HostTensor &expected) {
  constexpr double kTolerance = 1e-3;
  return compareElements(actual, expected, [&](int64_t i) {
    ElementVerdict v;
    for (int p = 0; p < partsOf(actual.dtype); ++p) {
      const double a = partOf(actual, i, p), e = partOf(expected, i, p);
      double error;
      if (std::isnan(a) || std::isnan(e))
        error = std::isnan(a) && std::isnan(e) ? 0 : kInf;
      else if (a == e)
        error = 0; // Also same-signed infinities.
      else
        error = std::fabs(a - e); // inf when one side is infinite.
      if (error > v.error) {
        v.error = error;
        v.severity = error;
        v.detail = absl::StrCat(partName(actual.dtype, p), "|diff| ",
                                formatNumber(error), " > 0.001");
      }
      if (!(error <= kTolerance))
        v.ok = false;
    }
    return v;
  });
}

} // namespace systole
