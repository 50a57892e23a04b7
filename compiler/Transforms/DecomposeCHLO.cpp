//===- DecomposeCHLO.cpp - chlo ops into stablehlo (`simplify` phase) -----===//
//
// See Passes.td (DecomposeCHLO). Every formula below is derived here from the
// definition of the function; polynomial coefficients are Taylor coefficients
// computed in this file, Chebyshev interpolants of erfcx(x) = exp(x^2)
// erfc(x) fitted for this project (nodes, degree and interval next to each
// table) and checked in f32 against libm's double-precision erfc, or, for the
// special functions (lgamma, digamma, zeta, polygamma, erf_inv, bessel_i1e),
// the published coefficients of a named approximation (source next to each
// table), checked against mpmath.
//
// Floating-point types narrower than f32 (f16, bf16, f8) are computed in f32
// and rounded back once at the end, as the activation engine does; f64 is
// computed in f64 with double-precision tables where they differ.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/CHLO/CHLOOps.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace systole {
#define GEN_PASS_DEF_DECOMPOSECHLO
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;
using stablehlo::ComparisonDirection;

namespace {

/// The type a float formula is evaluated in: f32 for narrower floats, the
/// type itself for f32 and f64. Null for non-float element types.
RankedTensorType computeType(RankedTensorType t) {
  auto ft = dyn_cast<FloatType>(t.getElementType());
  if (!ft)
    return {};
  if (ft.getWidth() < 32)
    return RankedTensorType::get(t.getShape(),
                                 Float32Type::get(t.getContext()));
  return t;
}

/// Base for the unary float chlo ops: converts the operand to the compute
/// type, calls `build`, converts the result back and replaces the op.
template <typename OpTy> struct UnaryFloatPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  virtual Value build(const HloBuilder &h, Value x) const = 0;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    RankedTensorType ct = computeType(type);
    if (!ct)
      return rewriter.notifyMatchFailure(op, "not a float type");
    HloBuilder h(rewriter, op.getLoc(), ct);
    Value x = h.convert(op.getOperand(), ct.getElementType());
    Value r = build(h, x);
    rewriter.replaceOp(op, h.convert(r, type.getElementType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// erf and erfc
//===----------------------------------------------------------------------===//

/// Taylor coefficients of erf(x)/x in t = x^2: 2/sqrt(pi) (-1)^n / (n! (2n+1)),
/// n = 0..10. On |x| < 1 the first omitted term is below 1.2e-9 relative.
SmallVector<double> erfTaylor() {
  SmallVector<double> c;
  double factorial = 1;
  for (int n = 0; n <= 10; ++n) {
    if (n > 0)
      factorial *= n;
    double sign = (n % 2) ? -1.0 : 1.0;
    c.push_back(2.0 / std::sqrt(M_PI) * sign / (factorial * (2 * n + 1)));
  }
  return c;
}

/// erfcx(x) on [0.5, 4] in s = (2x - 4.5)/3.5: Chebyshev interpolant of
/// degree 14 (15 Chebyshev nodes), max relative error 1.6e-7 in f32 Horner
/// evaluation.
constexpr double kErfcxNear[] = {
    0.231087252,    -0.154851392,    0.0979774296,   -0.0589635223,
    0.0339419544,   -0.0187790375,   0.0100137508,   -0.00513092894,
    0.00256892294,  -0.00133122422,  0.000624523207, -0.000179004797,
    8.48095879e-05, -0.000110326866, 4.62508033e-05};
constexpr double kErfcxNearLow = 0.5, kErfcxNearHigh = 4.0;
/// erfcx(1/u) for u = 1/x in [1/10.1, 1/4], in s = (2u - (1/10.1 + 1/4)) /
/// (1/4 - 1/10.1): Chebyshev interpolant of degree 8, max relative error
/// 1.6e-7 in f32.
constexpr double kErfcxFar[] = {
    0.0970185697,    0.0407821238,   -0.00073093042,
    -7.77226523e-05, 7.40681617e-06, 7.71195303e-08,
    -7.33453902e-08, 5.40256995e-09, 3.91173954e-10};
constexpr double kErfcZeroBeyond = 10.1; // erfc(10.1) < smallest f32 subnormal

/// exp(-a*a) for a >= 0 without the error of rounding a*a: a is split into a
/// 12-bit head and a tail (Dekker), the head's square is exact.
Value expMinusSquare(const HloBuilder &h, Value a) {
  Value c = h.mul(a, h.splat(4097.0));
  Value head = h.sub(c, h.sub(c, a));
  Value tail = h.sub(a, head);
  Value headSq = h.mul(head, head);
  Value rest = h.mul(tail, h.add(a, head)); // a^2 - head^2
  return h.mul(h.exp(h.neg(headSq)), h.exp(h.neg(rest)));
}

/// erf(x) for |x| < 1 (accurate there, any x accepted).
Value erfSmall(const HloBuilder &h, Value x) {
  return h.mul(x, h.polynomial(h.mul(x, x), erfTaylor()));
}

/// erfc(a) for a in [0.5, 4] (a is clamped into the interval).
Value erfcNear(const HloBuilder &h, Value a) {
  double lo = kErfcxNearLow, hi = kErfcxNearHigh;
  Value ac = h.max(h.min(a, h.splat(hi)), h.splat(lo));
  Value s = h.mul(h.sub(h.mul(ac, h.splat(2.0)), h.splat(lo + hi)),
                  h.splat(1.0 / (hi - lo)));
  return h.mul(expMinusSquare(h, ac), h.polynomial(s, kErfcxNear));
}

/// erfc(a) for a in [4, 10.1] (a is clamped into the interval).
Value erfcFar(const HloBuilder &h, Value a) {
  Value ac = h.max(h.min(a, h.splat(kErfcZeroBeyond)), h.splat(4.0));
  Value u = h.div(h.splat(1.0), ac);
  double lo = 1.0 / kErfcZeroBeyond, hi = 0.25;
  Value s = h.mul(h.sub(h.mul(u, h.splat(2.0)), h.splat(lo + hi)),
                  h.splat(1.0 / (hi - lo)));
  return h.mul(expMinusSquare(h, ac), h.polynomial(s, kErfcxFar));
}

struct ErfPattern : UnaryFloatPattern<chlo::ErfOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value a = h.abs(x);
    // erf(|x|) = 1 - erfc(|x|) for |x| >= 1; erfc(4) < 2^-26 so the clamp of
    // erfcNear at 4 gives exactly 1 beyond. NaN propagates through max/min.
    Value big = h.sub(h.splat(1.0), erfcNear(h, a));
    Value signedBig = h.select(
        h.compare(ComparisonDirection::LT, x, h.splat(0.0)), h.neg(big), big);
    return h.select(h.compare(ComparisonDirection::LT, a, h.splat(1.0)),
                    erfSmall(h, x), signedBig);
  }
};

struct ErfcPattern : UnaryFloatPattern<chlo::ErfcOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value a = h.abs(x);
    Value tail = h.select(h.compare(ComparisonDirection::LT, a, h.splat(4.0)),
                          erfcNear(h, a),
                          h.select(h.compare(ComparisonDirection::GT, a,
                                             h.splat(kErfcZeroBeyond)),
                                   h.splat(0.0), erfcFar(h, a)));
    // erfc(-a) = 2 - erfc(a). Below 0.5, 1 - erf(x) loses no accuracy
    // (erfc(x) > 0.47 there); above, 1 - erf would cancel.
    Value signedTail =
        h.select(h.compare(ComparisonDirection::LT, x, h.splat(0.0)),
                 h.sub(h.splat(2.0), tail), tail);
    return h.select(
        h.compare(ComparisonDirection::LT, a, h.splat(kErfcxNearLow)),
        h.sub(h.splat(1.0), erfSmall(h, x)), signedTail);
  }
};

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

/// chlo.tan, and stablehlo.tan (StableHLO 1.x, which XLA expands the same
/// way): no NeuronCore activation computes tan.
template <typename TanOp> struct TanPattern : UnaryFloatPattern<TanOp> {
  using UnaryFloatPattern<TanOp>::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value sin = h.unary<stablehlo::SineOp>(x);
    Value cos = h.unary<stablehlo::CosineOp>(x);
    return h.div(sin, cos);
  }
};

/// Beyond this |x|, exp(|x|) overflows f32 while sinh and cosh do not.
constexpr double kExpOverflowGuard = 88.0;

/// e^a / 2 for a >= 0 without overflowing where the result is finite:
/// (e^(a/2) / 2) * e^(a/2).
Value halfExpLarge(const HloBuilder &h, Value a) {
  Value e = h.exp(h.mul(a, h.splat(0.5)));
  return h.mul(h.mul(e, h.splat(0.5)), e);
}

struct SinhPattern : UnaryFloatPattern<chlo::SinhOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    // sinh(x) = (expm1(x) - expm1(-x)) / 2: no cancellation near 0.
    Value small =
        h.mul(h.sub(h.unary<stablehlo::ExponentialMinusOneOp>(x),
                    h.unary<stablehlo::ExponentialMinusOneOp>(h.neg(x))),
              h.splat(0.5));
    Value a = h.abs(x);
    Value large = halfExpLarge(h, a); // e^-a is negligible there
    Value signedLarge =
        h.select(h.compare(ComparisonDirection::LT, x, h.splat(0.0)),
                 h.neg(large), large);
    return h.select(
        h.compare(ComparisonDirection::GT, a, h.splat(kExpOverflowGuard)),
        signedLarge, small);
  }
};

struct CoshPattern : UnaryFloatPattern<chlo::CoshOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value a = h.abs(x);
    Value half = h.splat(0.5);
    Value small = h.add(h.mul(h.exp(a), half), h.mul(h.exp(h.neg(a)), half));
    return h.select(
        h.compare(ComparisonDirection::GT, a, h.splat(kExpOverflowGuard)),
        halfExpLarge(h, a), small);
  }
};

Value atan2(const HloBuilder &h, Value y, Value x) {
  return h.binary<stablehlo::Atan2Op>(y, x);
}
/// sqrt(1 - x^2) computed as sqrt((1 - x)(1 + x)), exact-ish near |x| = 1.
Value sqrtOneMinusSquare(const HloBuilder &h, Value x) {
  Value one = h.splat(1.0);
  return h.sqrt(h.mul(h.sub(one, x), h.add(one, x)));
}

struct AsinPattern : UnaryFloatPattern<chlo::AsinOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    return atan2(h, x, sqrtOneMinusSquare(h, x));
  }
};
struct AcosPattern : UnaryFloatPattern<chlo::AcosOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    return atan2(h, sqrtOneMinusSquare(h, x), x);
  }
};
struct AtanPattern : UnaryFloatPattern<chlo::AtanOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    return atan2(h, x, h.splat(1.0));
  }
};

/// Beyond this, x^2 + 1 == x^2 in f32 and asinh(x) = log(2x) to f32 accuracy.
constexpr double kLogTwoXBeyond = 4096.0;

struct AsinhPattern : UnaryFloatPattern<chlo::AsinhOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value a = h.abs(x);
    Value one = h.splat(1.0);
    // asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2))).
    Value aa = h.mul(a, a);
    Value moderate = h.unary<stablehlo::LogPlusOneOp>(
        h.add(a, h.div(aa, h.add(one, h.sqrt(h.add(one, aa))))));
    Value large = h.add(h.log(a), h.splat(M_LN2));
    Value r =
        h.select(h.compare(ComparisonDirection::GT, a, h.splat(kLogTwoXBeyond)),
                 large, moderate);
    return h.select(h.compare(ComparisonDirection::LT, x, h.splat(0.0)),
                    h.neg(r), r);
  }
};

struct AcoshPattern : UnaryFloatPattern<chlo::AcoshOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value one = h.splat(1.0);
    // acosh(x) = log1p((x - 1) + sqrt((x - 1)(x + 1))); NaN for x < 1.
    Value xm1 = h.sub(x, one);
    Value moderate = h.unary<stablehlo::LogPlusOneOp>(
        h.add(xm1, h.sqrt(h.mul(xm1, h.add(x, one)))));
    Value large = h.add(h.log(x), h.splat(M_LN2));
    Value r =
        h.select(h.compare(ComparisonDirection::GT, x, h.splat(kLogTwoXBeyond)),
                 large, moderate);
    // For x < -3000 or so the log1p argument rounds to -1 or above (finite
    // or -inf instead of NaN): NaN below 1 explicitly.
    return h.select(h.compare(ComparisonDirection::LT, x, one),
                    h.splat(std::nan("")), r);
  }
};

struct AtanhPattern : UnaryFloatPattern<chlo::AtanhOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    // atanh(x) = log1p(2x / (1 - x)) / 2: +-inf at +-1, NaN beyond.
    Value twoX = h.mul(x, h.splat(2.0));
    return h.mul(
        h.unary<stablehlo::LogPlusOneOp>(h.div(twoX, h.sub(h.splat(1.0), x))),
        h.splat(0.5));
  }
};

//===----------------------------------------------------------------------===//
// Special functions: lgamma, digamma, zeta, polygamma, erf_inv, bessel_i1e
//===----------------------------------------------------------------------===//

/// True when `h` builds f64 tensors: the special functions then take their
/// double-precision tables and more terms.
bool isF64(const HloBuilder &h) { return h.getType().getElementType().isF64(); }

Value floorOf(const HloBuilder &h, Value x) {
  return h.unary<stablehlo::FloorOp>(x);
}
Value isNan(const HloBuilder &h, Value x) {
  return h.compare(ComparisonDirection::NE, x, x);
}
Value isInf(const HloBuilder &h, Value x) {
  return h.compare(ComparisonDirection::EQ, h.abs(x), h.splat(INFINITY));
}
/// |x| < inf: false for +-inf and NaN.
Value isFinite(const HloBuilder &h, Value x) {
  return h.compare(ComparisonDirection::LT, h.abs(x), h.splat(INFINITY));
}
/// x == floor(x) (false for NaN and true for +-inf).
Value isInteger(const HloBuilder &h, Value x) {
  return h.compare(ComparisonDirection::EQ, x, floorOf(h, x));
}
Value logicalOr(const HloBuilder &h, Value a, Value b) {
  return h.binary<stablehlo::OrOp>(a, b);
}
Value logicalAnd(const HloBuilder &h, Value a, Value b) {
  return h.binary<stablehlo::AndOp>(a, b);
}

/// Horner evaluation of a polynomial whose coefficients are listed from the
/// highest degree down, the order in which the published tables below print
/// them.
Value polynomialHighFirst(const HloBuilder &h, Value s,
                          ArrayRef<double> coefficients) {
  Value r = h.splat(coefficients.front());
  for (double c : coefficients.drop_front())
    r = h.add(h.mul(r, s), h.splat(c));
  return r;
}

/// Cephes' `chbevl`: sum'_k c_k T_k(y/2) for y in [-2, 2] by Clenshaw's
/// recurrence, the coefficients listed from the highest degree down and the
/// constant term halved (S. L. Moshier, "Methods and Programs for Mathematical
/// Functions", 1989).
Value chebyshevSeries(const HloBuilder &h, Value y,
                      ArrayRef<double> coefficients) {
  Value b0 = h.splat(coefficients.front());
  Value b1 = h.splat(0.0);
  Value b2 = b1;
  for (double c : coefficients.drop_front()) {
    b2 = b1;
    b1 = b0;
    b0 = h.add(h.sub(h.mul(y, b1), b2), h.splat(c));
  }
  return h.mul(h.sub(b0, b2), h.splat(0.5));
}

/// x - round(x) in [-1/2, 1/2], exact in floating point: sin(pi x) and
/// cot(pi x) are evaluated on it, so that pi x is never rounded at large x.
Value distanceToNearestInteger(const HloBuilder &h, Value x) {
  return h.sub(x, h.unary<stablehlo::RoundNearestEvenOp>(x));
}

/// The even Bernoulli numbers B_2, B_4, ..., B_20 (exact rationals).
constexpr double kBernoulliEven[] = {
    1.0 / 6,       -1.0 / 30, 1.0 / 42,      -1.0 / 30,     5.0 / 66,
    -691.0 / 2730, 7.0 / 6,   -3617.0 / 510, 43867.0 / 798, -174611.0 / 330};

/// Hurwitz zeta(s, q) = sum_{k>=0} (q + k)^-s for s > 1, q > 0 in double, to
/// build the tables below: the terms k = 0..9 and the Euler-Maclaurin
/// remainder at a = q + 10 with the ten Bernoulli terms above (see `zeta`;
/// truncation error below 1e-18 relative for s <= 40).
double hurwitzZetaDouble(double s, double q) {
  const double a = q + 10;
  double rising = s; // s (s + 1) ... (s + 2j - 2)
  double factorial = 2;
  double sum = 0;
  for (int j = 1; j <= 10; ++j) {
    if (j > 1) {
      rising *= (s + 2 * j - 3) * (s + 2 * j - 2);
      factorial *= (2 * j - 1) * (2 * j);
    }
    sum += kBernoulliEven[j - 1] / factorial * rising *
           std::pow(a, -s - 2 * j + 1);
  }
  sum += std::pow(a, 1 - s) / (s - 1) + 0.5 * std::pow(a, -s);
  for (int k = 9; k >= 0; --k)
    sum += std::pow(q + k, -s);
  return sum;
}

/// Taylor coefficients c_1..c_degree of
///   log Gamma(2 + e) = (1 - gamma) e + sum_{k>=2} (-1)^k (zeta(k) - 1) / k e^k
/// for |e| < 2 (Abramowitz and Stegun 6.1.33 gives log Gamma(1 + e) as this
/// series minus log(1 + e)); zeta(k) - 1 = zeta(k, 2).
SmallVector<double> lgammaTwoTaylor(int degree) {
  constexpr double kEulerGamma = 0.57721566490153286061;
  SmallVector<double> c = {1 - kEulerGamma};
  for (int k = 2; k <= degree; ++k)
    c.push_back((k % 2 ? -1.0 : 1.0) * hurwitzZetaDouble(k, 2) / k);
  return c;
}

/// Below this, log Gamma and psi of x >= 1/2 are computed from the Taylor
/// series around 2 and the recurrence; from it on, by the Lanczos form (whose
/// alternating sum of large coefficients costs up to 20 ulp in f32 at small
/// x, and all relative accuracy at the zeros of log Gamma at 1 and 2).
constexpr double kRecurrenceBelow = 12.5;
/// Degree of the Taylor series of log Gamma(2 + e), |e| <= 1/2: truncation
/// error below 9e-10 (f32) and 4e-18 (f64) relative in log Gamma and psi on
/// [1/2, 12.5) (checked against mpmath).
int lgammaTaylorDegree(const HloBuilder &h) { return isF64(h) ? 29 : 15; }

/// x in [1/2, kRecurrenceBelow) as m + e: m = floor(x + 1/2) in 1..12 and
/// e = x - m in [-1/2, 1/2), both exact (x + 1/2 rounds only where it does
/// not cross an integer).
std::pair<Value, Value> splitNearestInteger(const HloBuilder &h, Value x) {
  Value m = floorOf(h, h.add(x, h.splat(0.5)));
  return {m, h.sub(x, m)};
}

/// log Gamma(x) for x in [1/2, kRecurrenceBelow): log Gamma(2 + e) by its
/// Taylor series, then the recurrence Gamma(x + 1) = x Gamma(x):
///   log Gamma(m + e) = log Gamma(2 + e) + log((2 + e)(3 + e) ... (m - 1 + e))
/// for m >= 2 (each factor is x - (m - j), exact), and minus log1p(e) for
/// m = 1. Exactly 0 at 1 and 2.
Value lgammaByRecurrence(const HloBuilder &h, Value x) {
  auto [m, e] = splitNearestInteger(h, x);
  Value series =
      h.mul(e, h.polynomial(e, lgammaTwoTaylor(lgammaTaylorDegree(h))));
  Value product = h.splat(1.0);
  for (int j = 2; j + 1 < kRecurrenceBelow; ++j)
    product = h.mul(product,
                    h.select(h.compare(ComparisonDirection::GT, m, h.splat(j)),
                             h.add(e, h.splat(j)), h.splat(1.0)));
  Value correction =
      h.select(h.compare(ComparisonDirection::EQ, m, h.splat(1.0)),
               h.neg(h.unary<stablehlo::LogPlusOneOp>(e)), h.log(product));
  return h.add(series, correction);
}

/// The positive zero of psi, x0 = 1.4616321449683623412626595423257...
/// (OEIS A030169), as the double x0Hi plus the correction x0Lo.
constexpr double kDigammaRootHi = 1.4616321449683622;
constexpr double kDigammaRootLo = 9.5499954299656977e-17;
/// Degree of the Taylor series of psi around x0 used on (1.25, 1.75), where
/// |x - x0| < 0.29: truncation error below 2e-9 (f32) and 5e-18 (f64)
/// relative (checked against mpmath).
int digammaRootDegree(const HloBuilder &h) { return isF64(h) ? 24 : 12; }

/// psi(x) for x in [1/2, kRecurrenceBelow): the derivative of the series of
/// lgammaByRecurrence, psi(m + e) = psi(2 + e) + sum_{j=2}^{m-1} 1 / (j + e)
/// (minus 1 / (1 + e) for m = 1); around the zero x0 (1.25 < x < 1.75),
/// where that sum cancels, the Taylor series
///   psi(x) = sum_{k>=1} (-1)^(k+1) zeta(k + 1, x0) (x - x0)^k
/// (Abramowitz and Stegun 6.4.10) with x - x0 = (x - x0Hi) - x0Lo.
Value digammaByRecurrence(const HloBuilder &h, Value x) {
  auto [m, e] = splitNearestInteger(h, x);
  SmallVector<double> taylor = lgammaTwoTaylor(lgammaTaylorDegree(h));
  SmallVector<double> derivative;
  for (size_t k = 0; k < taylor.size(); ++k)
    derivative.push_back((k + 1) * taylor[k]);
  Value series = h.polynomial(e, derivative);
  Value reciprocals = h.splat(0.0);
  for (int j = static_cast<int>(kRecurrenceBelow) - 1; j >= 2; --j)
    reciprocals = h.add(
        reciprocals,
        h.select(h.compare(ComparisonDirection::GT, m, h.splat(j)),
                 h.div(h.splat(1.0), h.add(e, h.splat(j))), h.splat(0.0)));
  Value correction =
      h.select(h.compare(ComparisonDirection::EQ, m, h.splat(1.0)),
               h.neg(h.div(h.splat(1.0), h.add(e, h.splat(1.0)))), reciprocals);
  Value general = h.add(series, correction);

  double rootLo = kDigammaRootLo;
  if (!isF64(h)) // x0 = f32 head + f32 tail
    rootLo += kDigammaRootHi - static_cast<float>(kDigammaRootHi);
  double rootHi =
      isF64(h) ? kDigammaRootHi : static_cast<float>(kDigammaRootHi);
  Value delta = h.sub(h.sub(x, h.splat(rootHi)), h.splat(rootLo));
  SmallVector<double> rootTaylor;
  for (int k = 1; k <= digammaRootDegree(h); ++k)
    rootTaylor.push_back((k % 2 ? 1.0 : -1.0) *
                         hurwitzZetaDouble(k + 1, kDigammaRootHi));
  Value nearRoot = h.mul(delta, h.polynomial(delta, rootTaylor));
  Value inRootInterval = h.compare(
      ComparisonDirection::LT, h.abs(h.sub(x, h.splat(1.5))), h.splat(0.25));
  return h.select(inRootInterval, nearRoot, general);
}

/// Lanczos' approximation of the gamma function (C. Lanczos, "A precision
/// approximation of the gamma function", SIAM J. Numer. Anal. B 1, 1964) with
/// g = 7 and 9 terms, P. Godfrey's coefficients for these parameters:
///   Gamma(z + 1) = sqrt(2 pi) t^(z + 1/2) e^-t A(z),  t = z + g + 1/2,
///   A(z) = c_0 + sum_{k=1..8} c_k / (z + k),
/// for z >= -1/2. Relative error of log Gamma below 2.2e-15 on [1/2, 20]
/// (checked against mpmath for this project).
constexpr double kLanczosG = 7.0;
constexpr double kLanczosCoefficients[] = {
    0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
    771.32342877765313,   -176.61502916214059,   12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};

/// A(z) of the Lanczos approximation for z >= -1/2; with `derivative`, also
/// A'(z) = -sum_{k=1..8} c_k / (z + k)^2.
Value lanczosSeries(const HloBuilder &h, Value z, Value *derivative = nullptr) {
  Value sum = h.splat(kLanczosCoefficients[0]);
  if (derivative)
    *derivative = h.splat(0.0);
  for (int k = 1; k < 9; ++k) {
    Value zk = h.add(z, h.splat(k));
    Value term = h.div(h.splat(kLanczosCoefficients[k]), zk);
    sum = h.add(sum, term);
    if (derivative)
      *derivative = h.sub(*derivative, h.div(term, zk));
  }
  return sum;
}

/// log Gamma(x) by the Lanczos form, for x >= 1/2: with z = x - 1,
/// (z + 1/2) log t - t + log A(z) + log sqrt(2 pi), the constant
/// -(g + 1/2) + log sqrt(2 pi) folded so that it is rounded once.
Value lgammaLanczos(const HloBuilder &h, Value x) {
  Value z = h.sub(x, h.splat(1.0));
  Value series = lanczosSeries(h, z);
  Value t = h.add(z, h.splat(kLanczosG + 0.5));
  Value power = h.sub(h.mul(h.add(z, h.splat(0.5)), h.log(t)), z);
  double constant = -(kLanczosG + 0.5) + 0.5 * std::log(2 * M_PI);
  return h.add(h.add(power, h.splat(constant)), h.log(series));
}

/// psi(x) for x >= 1/2 as the derivative of the Lanczos form of log Gamma:
/// d/dz [(z + 1/2) log t - t + log A(z)] = log t - g / t + A'(z) / A(z).
Value digammaLanczos(const HloBuilder &h, Value x) {
  Value z = h.sub(x, h.splat(1.0));
  Value derivative;
  Value series = lanczosSeries(h, z, &derivative);
  Value t = h.add(z, h.splat(kLanczosG + 0.5));
  return h.add(h.sub(h.log(t), h.div(h.splat(kLanczosG), t)),
               h.div(derivative, series));
}

/// log|Gamma(x)|: for x >= 1/2 lgammaByRecurrence below 12.5 and the Lanczos
/// form above; below 1/2 the reflection formula
/// Gamma(x) Gamma(1 - x) = pi / sin(pi x). +inf at the poles (0 and the
/// negative integers) and at +-inf, NaN for NaN. Measured against the
/// reference interpreter: within 4 ulp (f32) and 5 ulp (f64) for x >= 1/2;
/// below, the reflection cancels near the zeros of log|Gamma| on the negative
/// axis (error there about 1 ulp of log(pi / sin) and log Gamma(1 - x)).
Value lgamma(const HloBuilder &h, Value x) {
  Value reflect = h.compare(ComparisonDirection::LT, x, h.splat(0.5));
  Value w = h.select(reflect, h.sub(h.splat(1.0), x), x);
  Value lgammaW =
      h.select(h.compare(ComparisonDirection::LT, w, h.splat(kRecurrenceBelow)),
               lgammaByRecurrence(h, w), lgammaLanczos(h, w));
  // log|sin(pi x)| is -inf at the integers, making the reflected value +inf.
  Value r = distanceToNearestInteger(h, x);
  Value logSin =
      h.log(h.abs(h.unary<stablehlo::SineOp>(h.mul(r, h.splat(M_PI)))));
  Value reflected = h.sub(h.sub(h.splat(std::log(M_PI)), logSin), lgammaW);
  Value result = h.select(reflect, reflected, lgammaW);
  // Also where lgammaW overflows (x < -3e36 in f32): inf - inf above.
  Value pole = logicalAnd(
      h, h.compare(ComparisonDirection::LE, x, h.splat(0.0)), isInteger(h, x));
  return h.select(logicalOr(h, pole, isInf(h, x)), h.splat(INFINITY), result);
}

/// psi(x) = d/dx log Gamma(x): for x >= 1/2 digammaByRecurrence below 12.5
/// and the derivative of the Lanczos form above; below 1/2 the reflection
/// formula psi(x) = psi(1 - x) - pi cot(pi x). NaN at the poles (0 and the
/// negative integers), at -inf and for NaN; +inf at +inf. Within 3 ulp (f32)
/// and 6 ulp (f64) for x >= 1/2, also at the zero x0; below, the reflection
/// cancels near the zeros of psi on the negative axis as lgamma's does.
Value digamma(const HloBuilder &h, Value x) {
  Value reflect = h.compare(ComparisonDirection::LT, x, h.splat(0.5));
  Value w = h.select(reflect, h.sub(h.splat(1.0), x), x);
  Value psiW =
      h.select(h.compare(ComparisonDirection::LT, w, h.splat(kRecurrenceBelow)),
               digammaByRecurrence(h, w), digammaLanczos(h, w));
  // pi cot(pi r) with cos(pi r) = sin(pi (1/2 - |r|)): 1/2 - |r| is exact, so
  // that the zeros of cot at r = +-1/2 come out exactly.
  Value r = distanceToNearestInteger(h, x);
  Value piValue = h.splat(M_PI);
  Value cosine =
      h.unary<stablehlo::SineOp>(h.mul(h.sub(h.splat(0.5), h.abs(r)), piValue));
  Value piCot = h.div(h.mul(piValue, cosine),
                      h.unary<stablehlo::SineOp>(h.mul(r, piValue)));
  Value result = h.select(reflect, h.sub(psiW, piCot), psiW);
  Value pole = logicalAnd(
      h, h.compare(ComparisonDirection::LE, x, h.splat(0.0)), isInteger(h, x));
  return h.select(pole, h.splat(NAN), result);
}

/// q + k as the rounded sum and its rounding error, exactly (Knuth's
/// TwoSum); the error is 0 where the sum is not finite.
std::pair<Value, Value> twoSum(const HloBuilder &h, Value q, double k) {
  Value kk = h.splat(k);
  Value t = h.add(q, kk);
  Value kPart = h.sub(t, q);
  Value error = h.add(h.sub(q, h.sub(t, kPart)), h.sub(kk, kPart));
  return {t, h.select(isFinite(h, error), error, h.splat(0.0))};
}

/// (q + k)^p with the rounding error e of t = q + k corrected to first order,
/// t^p (1 + p e / t): a rounded base would cost |p| / 2 ulp.
Value powOfSum(const HloBuilder &h, Value q, double k, Value p) {
  if (k == 0)
    return h.binary<stablehlo::PowerOp>(q, p);
  auto [t, error] = twoSum(h, q, k);
  Value correction = h.add(h.splat(1.0), h.div(h.mul(p, error), t));
  return h.mul(h.binary<stablehlo::PowerOp>(t, p), correction);
}

/// Terms of the Euler-Maclaurin summation of zeta: N = 6, M = 4 in f32
/// (truncation error below 6e-11 relative where the value is a normal f32);
/// N = 12, M = 8 in f64 (below 1e-19); checked against mpmath.
int zetaDirectTerms(const HloBuilder &h) { return isF64(h) ? 12 : 6; }
int zetaBernoulliTerms(const HloBuilder &h) { return isF64(h) ? 8 : 4; }

/// The Euler-Maclaurin remainder sum_{k>=N} (q + k)^-s at a = q + N divided
/// by a^(1-s): 1 / (s - 1) + (1/2 + sum_{j=1..M} B_2j / (2j)! u_j) / a with
/// u_j = s (s + 1) ... (s + 2j - 2) / a^(2j - 1), the Bernoulli terms
/// accumulated from the smallest. u_j stays finite wherever a^(1-s) is not 0
/// (s below ~50 in f32, ~300 in f64 there).
Value zetaRemainderFactor(const HloBuilder &h, Value s, Value a) {
  SmallVector<Value> terms;
  Value u = h.div(s, a);
  Value aSquared = h.mul(a, a);
  double factorial = 2; // (2j)!
  for (int j = 1; j <= zetaBernoulliTerms(h); ++j) {
    if (j > 1) {
      factorial *= (2 * j - 1) * (2 * j);
      Value rising =
          h.mul(h.add(s, h.splat(2 * j - 3)), h.add(s, h.splat(2 * j - 2)));
      u = h.div(h.mul(u, rising), aSquared);
    }
    terms.push_back(h.mul(u, h.splat(kBernoulliEven[j - 1] / factorial)));
  }
  Value sum = terms.back();
  for (Value term : llvm::reverse(ArrayRef<Value>(terms).drop_back()))
    sum = h.add(sum, term);
  Value one = h.splat(1.0);
  return h.add(h.div(h.add(sum, h.splat(0.5)), a), h.div(one, h.sub(s, one)));
}

/// Hurwitz zeta(s, q) = sum_{k>=0} (q + k)^-s by Euler-Maclaurin summation
/// (as in Cephes' `zeta` and XLA): with a = q + N,
///   sum_{k<N} (q + k)^-s + a^(1-s) / (s - 1) + a^-s / 2
///     + sum_{j=1..M} B_2j / (2j)! s (s + 1) ... (s + 2j - 2) a^(-s-2j+1),
/// the remainder as a^(1-s) zetaRemainderFactor (a^(1-s) underflows later
/// than a^-s) and the direct terms added from the smallest (within 3 ulp in
/// f32, 5 ulp in f64 on the tested ranges). Domain as the reference
/// interpreter: +inf at s = 1 and at integer q <= 0, NaN for s < 1, for other
/// q <= 0 and for NaN.
Value zeta(const HloBuilder &h, Value s, Value q) {
  const int directTerms = zetaDirectTerms(h);
  Value one = h.splat(1.0);
  Value zero = h.splat(0.0);
  Value a = h.add(q, h.splat(directTerms));
  Value aPow = powOfSum(h, q, directTerms, h.sub(one, s));
  // Where a^(1-s) underflows to 0 the remainder is 0 (u_j may be inf there).
  Value sum = h.select(h.compare(ComparisonDirection::EQ, aPow, zero), zero,
                       h.mul(aPow, zetaRemainderFactor(h, s, a)));
  Value negS = h.neg(s);
  for (int k = directTerms - 1; k >= 0; --k)
    sum = h.add(sum, powOfSum(h, q, k, negS));

  Value qNonPositive = h.compare(ComparisonDirection::LE, q, zero);
  sum =
      h.select(qNonPositive,
               h.select(isInteger(h, q), h.splat(INFINITY), h.splat(NAN)), sum);
  sum = h.select(h.compare(ComparisonDirection::LT, s, one), h.splat(NAN), sum);
  sum = h.select(h.compare(ComparisonDirection::EQ, s, one), h.splat(INFINITY),
                 sum);
  return h.select(logicalOr(h, isNan(h, s), isNan(h, q)), h.splat(NAN), sum);
}

/// log zeta(s, q) for s > 1, q > 0, finite where zeta(s, q) over- or
/// underflows: -s log q + log Z with Z = zeta(s, q) q^s =
///   sum_{k<N} exp(-s log1p(k / q)) + q exp((1 - s) log1p(N / q)) R,
/// R the zetaRemainderFactor; accurate to about |s log q| ulp.
Value logZeta(const HloBuilder &h, Value s, Value q) {
  const int directTerms = zetaDirectTerms(h);
  auto log1pOf = [&](double k) {
    return h.unary<stablehlo::LogPlusOneOp>(h.div(h.splat(k), q));
  };
  Value one = h.splat(1.0);
  Value a = h.add(q, h.splat(directTerms));
  Value scaled =
      h.mul(h.mul(q, h.exp(h.mul(h.sub(one, s), log1pOf(directTerms)))),
            zetaRemainderFactor(h, s, a));
  Value negS = h.neg(s);
  for (int k = directTerms - 1; k >= 1; --k)
    scaled = h.add(scaled, h.exp(h.mul(negS, log1pOf(k))));
  scaled = h.add(scaled, one);
  return h.sub(h.log(scaled), h.mul(s, h.log(q)));
}

/// n! for the integers 0 <= n <= kExactFactorials, each rounded once; above,
/// exp(lgammaNPlusOne) (relative error ~|lgamma(n + 1)| ulp; only f64 has
/// finite values there: 35! > f32 max).
constexpr int kExactFactorials = 34;
Value factorial(const HloBuilder &h, Value n, Value lgammaNPlusOne) {
  Value r = h.exp(lgammaNPlusOne);
  double value = 1;
  for (int k = 0; k <= kExactFactorials; ++k) {
    if (k > 0)
      value *= k;
    r = h.select(h.compare(ComparisonDirection::EQ, n, h.splat(k)),
                 h.splat(value), r);
  }
  return r;
}

/// polygamma(n, x) = psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x) for the
/// integers n >= 1, digamma(x) for n = 0, NaN for other n (as the reference
/// interpreter). Where n! or zeta(n + 1, x) is not a finite normal number (n!
/// overflows for n > 34 in f32, zeta underflows at large n and x) and x > 0,
/// the product is exp(lgamma(n + 1) + logZeta(n + 1, x)) instead, accurate
/// to about |lgamma(n + 1)| + |(n + 1) log x| ulp (up to ~300 ulp in f32).
Value polygamma(const HloBuilder &h, Value n, Value x) {
  Value one = h.splat(1.0);
  Value nPlusOne = h.add(n, one);
  Value lgammaNPlusOne = lgamma(h, nPlusOne);
  Value nFactorial = factorial(h, n, lgammaNPlusOne);
  Value zetaValue = zeta(h, nPlusOne, x);
  Value direct = h.mul(nFactorial, zetaValue);
  Value viaLog = h.exp(h.add(lgammaNPlusOne, logZeta(h, nPlusOne, x)));
  auto elementType = cast<FloatType>(h.getType().getElementType());
  double smallestNormal =
      APFloat::getSmallestNormalized(elementType.getFloatSemantics())
          .convertToDouble();
  // zeta below the normal range has lost bits even when n! scales it back.
  Value directInRange = logicalAnd(
      h, logicalAnd(h, isFinite(h, nFactorial), isFinite(h, direct)),
      h.compare(ComparisonDirection::GE, zetaValue, h.splat(smallestNormal)));
  Value useLog =
      logicalAnd(h, h.unary<stablehlo::NotOp>(directInRange),
                 h.compare(ComparisonDirection::GT, x, h.splat(0.0)));
  Value magnitude = h.select(useLog, viaLog, direct);
  Value nOdd =
      h.compare(ComparisonDirection::NE, floorOf(h, h.mul(n, h.splat(0.5))),
                h.mul(n, h.splat(0.5)));
  Value result = h.select(nOdd, magnitude, h.neg(magnitude));
  result = h.select(h.compare(ComparisonDirection::EQ, n, h.splat(0.0)),
                    digamma(h, x), result);
  Value invalid =
      logicalOr(h, h.compare(ComparisonDirection::LT, n, h.splat(0.0)),
                h.compare(ComparisonDirection::NE, n, floorOf(h, n)));
  return h.select(invalid, h.splat(NAN), result);
}

/// erf_inv by M. Giles, "Approximating the erfinv function" (GPU Computing
/// Gems, Jade Edition, 2012): with w = -log((1 - x)(1 + x)), a polynomial in
/// w - 2.5 for w < 5 and in sqrt(w) - 3 above, times x (single precision,
/// relative error below 1.3e-7 in exact arithmetic); the double-precision
/// version splits at w = 6.25 and 16 (below 2.5e-16). Coefficients as
/// published, highest degree first. Within 3 ulp (f32) and 4 ulp (f64) of
/// the reference interpreter.
constexpr double kErfInvF32Central[] = {
    2.81022636e-08,  3.43273939e-07, -3.5233877e-06,
    -4.39150654e-06, 0.00021858087,  -0.00125372503,
    -0.00417768164,  0.246640727,    1.50140941};
constexpr double kErfInvF32Tail[] = {
    -0.000200214257, 0.000100950558, 0.00134934322,
    -0.00367342844,  0.00573950773,  -0.0076224613,
    0.00943887047,   1.00167406,     2.83297682};
constexpr double kErfInvF64Central[] = { // w < 6.25, in w - 3.125
    -3.6444120640178196996e-21, -1.685059138182016589e-19,
    1.2858480715256400167e-18,  1.115787767802518096e-17,
    -1.333171662854620906e-16,  2.0972767875968561637e-17,
    6.6376381343583238325e-15,  -4.0545662729752068639e-14,
    -8.1519341976054721522e-14, 2.6335093153082322977e-12,
    -1.2975133253453532498e-11, -5.4154120542946279317e-11,
    1.051212273321532285e-09,   -4.1126339803469836976e-09,
    -2.9070369957882005086e-08, 4.2347877827932403518e-07,
    -1.3654692000834678645e-06, -1.3882523362786468719e-05,
    0.0001867342080340571352,   -0.00074070253416626697512,
    -0.0060336708714301490533,  0.24015818242558961693,
    1.6536545626831027356};
constexpr double kErfInvF64Middle[] = { // w < 16, in sqrt(w) - 3.25
    2.2137376921775787049e-09,  9.0756561938885390979e-08,
    -2.7517406297064545428e-07, 1.8239629214389227755e-08,
    1.5027403968909827627e-06,  -4.013867526981545969e-06,
    2.9234449089955446044e-06,  1.2475304481671778723e-05,
    -4.7318229009055733981e-05, 6.8284851459573175448e-05,
    2.4031110387097893999e-05,  -0.0003550375203628474796,
    0.00095328937973738049703,  -0.0016882755560235047313,
    0.0024914420961078508066,   -0.0037512085075692412107,
    0.005370914553590063617,    1.0052589676941592334,
    3.0838856104922207635};
constexpr double kErfInvF64Tail[] = { // w >= 16, in sqrt(w) - 5
    -2.7109920616438573243e-11, -2.5556418169965252055e-10,
    1.5076572693500548083e-09,  -3.7894654401267369937e-09,
    7.6157012080783393804e-09,  -1.4960026627149240478e-08,
    2.9147953450901080826e-08,  -6.7711997758452339498e-08,
    2.2900482228026654717e-07,  -9.9298272942317002539e-07,
    4.5260625972231537039e-06,  -1.9681778105531670567e-05,
    7.5995277030017761139e-05,  -0.00021503011930044477347,
    -0.00013871931833623122026, 1.0103004648645343977,
    4.8499064014085844221};

struct ErfInvPattern : UnaryFloatPattern<chlo::ErfInvOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    Value one = h.splat(1.0);
    // (1 - x)(1 + x) rather than 1 - x^2: exact-ish near |x| = 1.
    Value w = h.neg(h.log(h.mul(h.sub(one, x), h.add(one, x))));
    Value sqrtW = h.sqrt(w);
    Value p;
    if (isF64(h)) {
      Value central =
          polynomialHighFirst(h, h.sub(w, h.splat(3.125)), kErfInvF64Central);
      Value middle =
          polynomialHighFirst(h, h.sub(sqrtW, h.splat(3.25)), kErfInvF64Middle);
      Value tail =
          polynomialHighFirst(h, h.sub(sqrtW, h.splat(5.0)), kErfInvF64Tail);
      p = h.select(
          h.compare(ComparisonDirection::LT, w, h.splat(6.25)), central,
          h.select(h.compare(ComparisonDirection::LT, w, h.splat(16.0)), middle,
                   tail));
    } else {
      Value central =
          polynomialHighFirst(h, h.sub(w, h.splat(2.5)), kErfInvF32Central);
      Value tail =
          polynomialHighFirst(h, h.sub(sqrtW, h.splat(3.0)), kErfInvF32Tail);
      p = h.select(h.compare(ComparisonDirection::LT, w, h.splat(5.0)), central,
                   tail);
    }
    // +-inf at +-1 (w = inf there); NaN beyond (log of a negative number).
    return h.select(h.compare(ComparisonDirection::EQ, h.abs(x), one),
                    h.mul(x, h.splat(INFINITY)), h.mul(p, x));
  }
};

/// Chebyshev coefficients of exp(-x) I1(x) / x in y = x/2 - 2 for x in [0, 8]
/// and of exp(-x) sqrt(x) I1(x) in y = 32/x - 2 for x > 8, from Cephes' i1.c
/// (S. L. Moshier, Cephes Math Library 2.8), highest degree first; relative
/// error 5.5e-16 in exact arithmetic (checked against mpmath). f32 uses the
/// last 19 and 7 of them (truncation error below 3.1e-9); its rounding still
/// costs up to 12 ulp (1.5e-6, Cephes' own single-precision bound) towards
/// x = 8, where the series of exp(-x) I1(x) / x cancels to 1/30 of its
/// terms. f64: within 12 ulp (2e-16).
constexpr double kI1eSmall[] = {
    2.77791411276104639959e-18, -2.11142121435816608115e-17,
    1.55363195773620046921e-16, -1.10559694773538630805e-15,
    7.60068429473540693410e-15, -5.04218550472791168711e-14,
    3.22379336594557470981e-13, -1.98397439776494371520e-12,
    1.17361862988909016308e-11, -6.66348972350202774223e-11,
    3.62559028155211703701e-10, -1.88724975172282928790e-9,
    9.38153738649577178388e-9,  -4.44505912879632808065e-8,
    2.00329475355213526229e-7,  -8.56872026469545474066e-7,
    3.47025130813767847674e-6,  -1.32731636560394358279e-5,
    4.78156510755005422638e-5,  -1.61760815825896745588e-4,
    5.12285956168575772895e-4,  -1.51357245063125314899e-3,
    4.15642294431288815669e-3,  -1.05640848946261981558e-2,
    2.47264490306265168283e-2,  -5.29459812080949914269e-2,
    1.02643658689847095384e-1,  -1.76416518357834055153e-1,
    2.52587186443633654823e-1};
constexpr double kI1eLarge[] = {
    7.51729631084210481353e-18,  4.41434832307170791151e-18,
    -4.65030536848935832153e-17, -3.20952592199342395980e-17,
    2.96262899764595013876e-16,  3.30820231092092828324e-16,
    -1.88035477551078244854e-15, -3.81440307243700780478e-15,
    1.04202769841288027642e-14,  4.27244001671195135429e-14,
    -2.10154184277266431302e-14, -4.08355111109219731823e-13,
    -7.19855177624590851209e-13, 2.03562854414708950722e-12,
    1.41258074366137813316e-11,  3.25260358301548823856e-11,
    -1.89749581235054123450e-11, -5.58974346219658380687e-10,
    -3.83538038596423702205e-9,  -2.63146884688951950684e-8,
    -2.51223623787020892529e-7,  -3.88256480887769039346e-6,
    -1.10588938762623716291e-4,  -9.76109749136146840777e-3,
    7.78576235018280120474e-1};
constexpr size_t kI1eSmallF32Terms = 19, kI1eLargeF32Terms = 7;

/// bessel_i1e(x) = exp(-|x|) I1(x), odd: x times the [0, 8] series of |x|,
/// sign(x) / sqrt(|x|) times the (8, inf] series; +-0 at +-inf.
struct BesselI1ePattern : UnaryFloatPattern<chlo::BesselI1eOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    ArrayRef<double> smallCoefficients(kI1eSmall), largeCoefficients(kI1eLarge);
    if (!isF64(h)) {
      smallCoefficients = smallCoefficients.take_back(kI1eSmallF32Terms);
      largeCoefficients = largeCoefficients.take_back(kI1eLargeF32Terms);
    }
    Value eight = h.splat(8.0);
    Value a = h.abs(x);
    // Each series is evaluated on its own interval; the other branch's
    // values are clamped into it and discarded by the select.
    Value aSmall = h.min(a, eight);
    Value small = h.mul(
        x, chebyshevSeries(h, h.sub(h.mul(aSmall, h.splat(0.5)), h.splat(2.0)),
                           smallCoefficients));
    Value aLarge = h.max(a, eight);
    Value large = h.div(
        chebyshevSeries(h, h.sub(h.div(h.splat(32.0), aLarge), h.splat(2.0)),
                        largeCoefficients),
        h.sqrt(aLarge));
    Value signedLarge =
        h.select(h.compare(ComparisonDirection::LT, x, h.splat(0.0)),
                 h.neg(large), large);
    return h.select(h.compare(ComparisonDirection::LE, a, eight), small,
                    signedLarge);
  }
};

struct LgammaPattern : UnaryFloatPattern<chlo::LgammaOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    return lgamma(h, x);
  }
};

struct DigammaPattern : UnaryFloatPattern<chlo::DigammaOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
  Value build(const HloBuilder &h, Value x) const override {
    return digamma(h, x);
  }
};

/// Base for the binary float chlo ops: converts both operands to the compute
/// type, calls `build`, converts the result back and replaces the op.
template <typename OpTy> struct BinaryFloatPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  virtual Value build(const HloBuilder &h, Value a, Value b) const = 0;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    RankedTensorType ct = computeType(type);
    if (!ct || op->getOperand(0).getType() != type ||
        op->getOperand(1).getType() != type)
      return rewriter.notifyMatchFailure(op, "not a float type");
    HloBuilder h(rewriter, op.getLoc(), ct);
    Value a = h.convert(op->getOperand(0), ct.getElementType());
    Value b = h.convert(op->getOperand(1), ct.getElementType());
    Value r = build(h, a, b);
    rewriter.replaceOp(op, h.convert(r, type.getElementType()));
    return success();
  }
};

struct ZetaPattern : BinaryFloatPattern<chlo::ZetaOp> {
  using BinaryFloatPattern::BinaryFloatPattern;
  Value build(const HloBuilder &h, Value s, Value q) const override {
    return zeta(h, s, q);
  }
};

struct PolygammaPattern : BinaryFloatPattern<chlo::PolygammaOp> {
  using BinaryFloatPattern::BinaryFloatPattern;
  Value build(const HloBuilder &h, Value n, Value x) const override {
    return polygamma(h, n, x);
  }
};

//===----------------------------------------------------------------------===//
// Exact ops: square, conj, next_after, top_k
//===----------------------------------------------------------------------===//

struct SquarePattern : OpRewritePattern<chlo::SquareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::SquareOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<stablehlo::MultiplyOp>(
        op, op.getType(), op.getOperand(), op.getOperand());
    return success();
  }
};

struct ConjPattern : OpRewritePattern<chlo::ConjOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::ConjOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto complex = dyn_cast<ComplexType>(type.getElementType());
    if (!complex) { // conj of a real number is the number.
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    auto partType =
        RankedTensorType::get(type.getShape(), complex.getElementType());
    Location loc = op.getLoc();
    Value re =
        rewriter.create<stablehlo::RealOp>(loc, partType, op.getOperand());
    Value im =
        rewriter.create<stablehlo::ImagOp>(loc, partType, op.getOperand());
    Value negIm = rewriter.create<stablehlo::NegateOp>(loc, partType, im);
    rewriter.replaceOpWithNewOp<stablehlo::ComplexOp>(op, type, re, negIm);
    return success();
  }
};

/// next_after(x, y) on the bit pattern: the representation of a float is
/// sign-magnitude, so one step away from zero is +1 on the magnitude bits.
struct NextAfterPattern : OpRewritePattern<chlo::NextAfterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::NextAfterOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto ft = dyn_cast<FloatType>(type.getElementType());
    if (!ft)
      return rewriter.notifyMatchFailure(op, "not a float type");
    unsigned width = ft.getWidth();
    auto intType =
        RankedTensorType::get(type.getShape(), rewriter.getIntegerType(width));
    Location loc = op.getLoc();
    HloBuilder h(rewriter, loc, type);
    HloBuilder hi(rewriter, loc, intType);
    Value x = op.getX(), y = op.getY();
    auto bits = [&](Value v) -> Value {
      return rewriter.create<stablehlo::BitcastConvertOp>(loc, intType, v);
    };
    auto isNan = [&](Value v) {
      return h.compare(ComparisonDirection::NE, v, v);
    };
    Value xBits = bits(x), yBits = bits(y);
    Value signMask = hi.splatOf(intType, 0);
    {
      // 1 << (width - 1), built without overflowing the double literal.
      Value one = hi.splatOf(intType, 1);
      Value shift = hi.splatOf(intType, width - 1);
      signMask = hi.binary<stablehlo::ShiftLeftOp>(one, shift);
    }
    Value one = hi.splatOf(intType, 1);
    // From zero: the smallest subnormal with y's sign.
    Value fromZero = hi.binary<stablehlo::OrOp>(
        hi.binary<stablehlo::AndOp>(yBits, signMask), one);
    // Away from zero when x and (y - x) have the same sign.
    Value xNeg = h.compare(ComparisonDirection::LT, x, h.splat(0.0));
    Value yBelow = h.compare(ComparisonDirection::LT, y, x);
    Value away = h.compare(ComparisonDirection::EQ, xNeg, yBelow);
    Value stepped = h.select(away, hi.add(xBits, one), hi.sub(xBits, one));
    Value zero = h.splat(0.0);
    Value r = h.select(h.compare(ComparisonDirection::EQ, x, zero), fromZero,
                       stepped);
    Value result = rewriter.create<stablehlo::BitcastConvertOp>(loc, type, r);
    result = h.select(h.compare(ComparisonDirection::EQ, x, y), y, result);
    Value anyNan = rewriter.create<stablehlo::OrOp>(
        loc, cast<RankedTensorType>(isNan(x).getType()), isNan(x), isNan(y));
    result = h.select(anyNan, h.add(x, y), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// top_k(x, k): a stable descending sort of (x, iota) along the last
/// dimension, then the first k of each.
struct TopKPattern : OpRewritePattern<chlo::TopKOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::TopKOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    if (type.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "rank 0");
    Location loc = op.getLoc();
    int64_t last = type.getRank() - 1;
    auto iotaType =
        RankedTensorType::get(type.getShape(), indicesType.getElementType());
    Value iota = rewriter.create<stablehlo::IotaOp>(loc, iotaType, last);
    auto sort = rewriter.create<stablehlo::SortOp>(
        loc, TypeRange{type, iotaType}, ValueRange{op.getOperand(), iota}, last,
        /*is_stable=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *block = rewriter.createBlock(&sort.getComparator());
      auto scalar = RankedTensorType::get({}, type.getElementType());
      auto scalarIndex =
          RankedTensorType::get({}, indicesType.getElementType());
      Value a = block->addArgument(scalar, loc);
      Value b = block->addArgument(scalar, loc);
      block->addArgument(scalarIndex, loc);
      block->addArgument(scalarIndex, loc);
      stablehlo::ComparisonTypeAttr compareType;
      if (isa<FloatType>(type.getElementType()))
        compareType = stablehlo::ComparisonTypeAttr::get(
            getContext(), stablehlo::ComparisonType::TOTALORDER);
      Value gt = rewriter.create<stablehlo::CompareOp>(
          loc, RankedTensorType::get({}, rewriter.getI1Type()), a, b,
          stablehlo::ComparisonDirectionAttr::get(getContext(),
                                                  ComparisonDirection::GT),
          compareType);
      rewriter.create<stablehlo::ReturnOp>(loc, ValueRange{gt});
    }
    SmallVector<int64_t> start(type.getRank(), 0);
    SmallVector<int64_t> limit(type.getShape());
    SmallVector<int64_t> strides(type.getRank(), 1);
    limit[last] = op.getK();
    Value values = rewriter.create<stablehlo::SliceOp>(
        loc, op.getValues().getType(), sort.getResult(0), start, limit,
        strides);
    Value indices = rewriter.create<stablehlo::SliceOp>(
        loc, indicesType, sort.getResult(1), start, limit, strides);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

struct DecomposeCHLOPass : systole::impl::DecomposeCHLOBase<DecomposeCHLOPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<ErfPattern, ErfcPattern, ErfInvPattern, TanPattern<chlo::TanOp>,
             TanPattern<stablehlo::TanOp>, SinhPattern, CoshPattern,
             AsinPattern, AcosPattern, AtanPattern, AsinhPattern, AcoshPattern,
             AtanhPattern, LgammaPattern, DigammaPattern, ZetaPattern,
             PolygammaPattern, BesselI1ePattern, SquarePattern, ConjPattern,
             NextAfterPattern, TopKPattern>(&getContext());
    // Failing to converge is not an error in itself: whatever chlo op is
    // left is reported below.
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns));

    bool failedAny = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<chlo::CHLODialect>(op->getDialect()))
        return;
      failedAny = true;
      op->emitError() << "'" << op->getName()
                      << "' cannot be decomposed into stablehlo: element type "
                      << op->getOperand(0).getType() << " is not supported";
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
