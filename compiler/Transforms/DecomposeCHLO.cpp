//===- DecomposeCHLO.cpp - chlo ops into stablehlo (`simplify` phase) -----===//
//
// See Passes.td (DecomposeCHLO). Every formula below is derived here from the
// definition of the function; polynomial coefficients are Taylor coefficients
// computed in this file or Chebyshev interpolants of erfcx(x) = exp(x^2)
// erfc(x) fitted for this project (nodes, degree and interval next to each
// table) and checked in f32 against libm's double-precision erfc.
//
// Floating-point types narrower than f32 (f16, bf16, f8) are computed in f32
// and rounded back once at the end, as the activation engine does.
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

struct TanPattern : UnaryFloatPattern<chlo::TanOp> {
  using UnaryFloatPattern::UnaryFloatPattern;
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
    return h.select(
        h.compare(ComparisonDirection::GT, x, h.splat(kLogTwoXBeyond)), large,
        moderate);
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
    patterns.add<ErfPattern, ErfcPattern, TanPattern, SinhPattern, CoshPattern,
                 AsinPattern, AcosPattern, AtanPattern, AsinhPattern,
                 AcoshPattern, AtanhPattern, SquarePattern, ConjPattern,
                 NextAfterPattern, TopKPattern>(&getContext());
    // Failing to converge is not an error in itself: whatever chlo op is
    // left is reported below.
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns));

    bool failedAny = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<chlo::CHLODialect>(op->getDialect()))
        return;
      failedAny = true;
      auto diag = op->emitError() << "'" << op->getName()
                                  << "' cannot be decomposed into stablehlo: ";
      if (isa<chlo::LgammaOp, chlo::DigammaOp, chlo::PolygammaOp, chlo::ZetaOp,
              chlo::BesselI1eOp, chlo::ErfInvOp>(op))
        diag << "no decomposition of this special function is implemented";
      else
        diag << "element type " << op->getOperand(0).getType()
             << " is not supported";
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
