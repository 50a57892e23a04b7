//===- ScalarOps.cpp - stablehlo elementwise semantics on scalars --------===//
//
// Per-element semantics from the StableHLO specification
// (https://openxla.org/stablehlo/spec), op by op. Floats follow IEEE-754 with
// round to nearest even; maximum/minimum propagate NaN; integer signedness
// comes from the element type (ui* unsigned, i1 unsigned, others signed).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/ScalarOps.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
namespace shlo = systole::stablehlo;

Type systole::toSignless(Type t) {
  if (auto it = dyn_cast<IntegerType>(t); it && !it.isSignless())
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

namespace {

Type elementOf(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.getElementType();
  return t;
}

/// Unsigned for the spec: ui* and i1 (booleans compare as 0 < 1).
bool isUnsignedInt(Type t) {
  auto it = dyn_cast<IntegerType>(t);
  return it && (it.isUnsigned() || it.getWidth() == 1);
}

Value constantLike(OpBuilder &b, Location loc, Type type, double value) {
  if (auto ft = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(ft, value));
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}
Value allOnes(OpBuilder &b, Location loc, Type type) {
  auto it = cast<IntegerType>(type);
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(type, APInt::getAllOnes(it.getWidth())));
}

/// Element conversion per spec `convert`: float<->float by rounding, int<->
/// float by value, to i1 as `!= 0`.
FailureOr<Value> convertScalar(OpBuilder &b, Location loc, Value x, Type from,
                               Type to, std::string &why) {
  Type dst = systole::toSignless(to);
  if (isa<ComplexType>(from) || isa<ComplexType>(to)) {
    why = "complex numbers are not supported";
    return failure();
  }
  if (from == to)
    return x;
  auto fromF = dyn_cast<FloatType>(from), toF = dyn_cast<FloatType>(to);
  auto fromI = dyn_cast<IntegerType>(from), toI = dyn_cast<IntegerType>(to);
  if (fromF && toF) {
    if (fromF.getWidth() == toF.getWidth()) {
      Value wide = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
      return b.create<arith::TruncFOp>(loc, dst, wide).getResult();
    }
    if (fromF.getWidth() < toF.getWidth())
      return b.create<arith::ExtFOp>(loc, dst, x).getResult();
    return b.create<arith::TruncFOp>(loc, dst, x).getResult();
  }
  if (fromI && toF) {
    if (isUnsignedInt(from))
      return b.create<arith::UIToFPOp>(loc, dst, x).getResult();
    return b.create<arith::SIToFPOp>(loc, dst, x).getResult();
  }
  if (fromF && toI) {
    if (toI.getWidth() == 1)
      return b
          .create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNE, x,
                                 constantLike(b, loc, from, 0.0))
          .getResult();
    if (toI.getWidth() < 32) {
      // Values out of range saturate, as XLA converts (and the reference
      // interpreter): the engines convert to 32 bits and a narrow buffer
      // keeps the low bits. Clamped in f32, where the bounds are exact; an
      // unsigned result (ui8/ui16, whose data the engines hold in the
      // signless form) is the signed conversion of a value clamped to its
      // range, whose low bits are the unsigned value's.
      Value w = x;
      if (fromF.getWidth() < 32)
        w = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
      double lo = 0, hi = std::ldexp(1.0, toI.getWidth()) - 1;
      if (!toI.isUnsigned()) {
        lo = -std::ldexp(1.0, toI.getWidth() - 1);
        hi = -lo - 1;
      }
      w = b.create<arith::MaximumFOp>(loc, w,
                                      constantLike(b, loc, w.getType(), lo));
      w = b.create<arith::MinimumFOp>(loc, w,
                                      constantLike(b, loc, w.getType(), hi));
      return b.create<arith::FPToSIOp>(loc, dst, w).getResult();
    }
    if (toI.isUnsigned())
      return b.create<arith::FPToUIOp>(loc, dst, x).getResult();
    return b.create<arith::FPToSIOp>(loc, dst, x).getResult();
  }
  if (fromI && toI) {
    if (toI.getWidth() == 1 && fromI.getWidth() != 1)
      return b
          .create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, x,
                                 constantLike(b, loc, x.getType(), 0))
          .getResult();
    if (fromI.getWidth() == toI.getWidth())
      return x;
    if (fromI.getWidth() < toI.getWidth()) {
      if (isUnsignedInt(from))
        return b.create<arith::ExtUIOp>(loc, dst, x).getResult();
      return b.create<arith::ExtSIOp>(loc, dst, x).getResult();
    }
    return b.create<arith::TruncIOp>(loc, dst, x).getResult();
  }
  why = "conversion between these element types is not supported";
  return failure();
}

/// A float reinterpreted as a signed integer whose order is the spec's total
/// order (-NaN < -inf < ... < -0 < +0 < ... < inf < NaN).
Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  auto ft = cast<FloatType>(x.getType());
  Type it = b.getIntegerType(ft.getWidth());
  Value bits = b.create<arith::BitcastOp>(loc, it, x);
  Value signFill = b.create<arith::ShRSIOp>(
      loc, bits, constantLike(b, loc, it, ft.getWidth() - 1));
  Value magnitudeMask =
      b.create<arith::ShRUIOp>(loc, signFill, constantLike(b, loc, it, 1));
  return b.create<arith::XOrIOp>(loc, bits, magnitudeMask);
}

/// The spec's total order on 32-bit floats without integer arithmetic on the
/// bit pattern (the NeuronCore's engines compute in fp32, which holds a
/// 32-bit pattern's sign but not its value): float comparisons, NaN tests
/// and the sign bit, read as `bitcast` then `< 0`.
///   lt(a, b) = (-NaN(a) and not -NaN(b)) or (not +NaN(a) and +NaN(b))
///              or (a < b) or (a == b and sign(a) and not sign(b))
///   eq(a, b) = sign(a) == sign(b) and (a == b or (NaN(a) and NaN(b)))
/// NaNs of one sign compare equal: their payloads, which order them in the
/// spec, are below fp32's resolution of the pattern.
Value totalOrderCompare32(OpBuilder &b, Location loc,
                          shlo::ComparisonDirection dir, Value lhs, Value rhs) {
  Type i32 = b.getI32Type();
  Value zero = constantLike(b, loc, i32, 0);
  Value yes = b.create<arith::ConstantOp>(loc, b.getBoolAttr(true));
  auto sign = [&](Value x) -> Value {
    Value bits = b.create<arith::BitcastOp>(loc, i32, x);
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, bits, zero);
  };
  auto isNaN = [&](Value x) -> Value {
    return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, x, x);
  };
  auto notV = [&](Value x) -> Value {
    return b.create<arith::XOrIOp>(loc, x, yes);
  };
  auto andV = [&](Value x, Value y) -> Value {
    return b.create<arith::AndIOp>(loc, x, y);
  };
  auto orV = [&](Value x, Value y) -> Value {
    return b.create<arith::OrIOp>(loc, x, y);
  };
  Value sa = sign(lhs), sb = sign(rhs), na = isNaN(lhs), nb = isNaN(rhs);
  auto lt = [&](Value a, Value b2, Value sA, Value sB, Value nA,
                Value nB) -> Value {
    // Each op is created in its own statement: the IR's order must not
    // depend on the C++ compiler's order of evaluating arguments.
    Value negNaNA = andV(nA, sA);
    Value negNaNB = andV(nB, sB);
    Value notSA = notV(sA);
    Value posNaNA = andV(nA, notSA);
    Value notSB = notV(sB);
    Value posNaNB = andV(nB, notSB);
    Value notNegNaNB = notV(negNaNB);
    Value aNegNaN = andV(negNaNA, notNegNaNB);
    Value notPosNaNA = notV(posNaNA);
    Value bPosNaN = andV(notPosNaNA, posNaNB);
    Value byClass = orV(aNegNaN, bPosNaN);
    Value less = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, a, b2);
    Value same = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, a, b2);
    Value signs = andV(sA, notSB);
    Value zeros = andV(same, signs);
    Value byValue = orV(less, zeros);
    return orV(byClass, byValue);
  };
  auto eq = [&]() -> Value {
    Value sameSign =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, sa, sb);
    Value same =
        b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, lhs, rhs);
    Value bothNaN = andV(na, nb);
    Value equal = orV(same, bothNaN);
    return andV(sameSign, equal);
  };
  using D = shlo::ComparisonDirection;
  switch (dir) {
  case D::EQ:
    return eq();
  case D::NE:
    return notV(eq());
  case D::LT:
    return lt(lhs, rhs, sa, sb, na, nb);
  case D::LE: {
    Value less = lt(lhs, rhs, sa, sb, na, nb);
    return orV(less, eq());
  }
  case D::GT:
    return lt(rhs, lhs, sb, sa, nb, na);
  case D::GE: {
    Value greater = lt(rhs, lhs, sb, sa, nb, na);
    return orV(greater, eq());
  }
  }
  return eq();
}

FailureOr<Value> compareScalar(OpBuilder &b, Location loc, shlo::CompareOp op,
                               Value lhs, Value rhs, std::string &why) {
  Type element = elementOf(op.getLhs().getType());
  using D = shlo::ComparisonDirection;
  D dir = op.getComparisonDirection();
  bool totalOrder = op.getCompareType() &&
                    *op.getCompareType() == shlo::ComparisonType::TOTALORDER;
  if (isa<FloatType>(element) && !totalOrder) {
    arith::CmpFPredicate p = arith::CmpFPredicate::OEQ;
    switch (dir) {
    case D::EQ:
      p = arith::CmpFPredicate::OEQ;
      break;
    case D::NE:
      p = arith::CmpFPredicate::UNE;
      break;
    case D::LT:
      p = arith::CmpFPredicate::OLT;
      break;
    case D::LE:
      p = arith::CmpFPredicate::OLE;
      break;
    case D::GT:
      p = arith::CmpFPredicate::OGT;
      break;
    case D::GE:
      p = arith::CmpFPredicate::OGE;
      break;
    }
    return b.create<arith::CmpFOp>(loc, p, lhs, rhs).getResult();
  }
  if (isa<FloatType>(element) && element.getIntOrFloatBitWidth() == 32)
    return totalOrderCompare32(b, loc, dir, lhs, rhs);
  if (isa<FloatType>(element)) {
    lhs = totalOrderKey(b, loc, lhs);
    rhs = totalOrderKey(b, loc, rhs);
  } else if (!isa<IntegerType>(element)) {
    why = "comparison of this element type is not supported";
    return failure();
  }
  bool isUnsigned = isa<IntegerType>(element) &&
                    (isUnsignedInt(element) ||
                     (op.getCompareType() &&
                      *op.getCompareType() == shlo::ComparisonType::UNSIGNED));
  arith::CmpIPredicate p = arith::CmpIPredicate::eq;
  switch (dir) {
  case D::EQ:
    p = arith::CmpIPredicate::eq;
    break;
  case D::NE:
    p = arith::CmpIPredicate::ne;
    break;
  case D::LT:
    p = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case D::LE:
    p = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case D::GT:
    p = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case D::GE:
    p = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  }
  return b.create<arith::CmpIOp>(loc, p, lhs, rhs).getResult();
}

/// Shifts per spec: a shift amount >= the bit width gives 0 (logical) or the
/// sign fill (arithmetic).
Value shiftScalar(OpBuilder &b, Location loc, Operation *op, Value lhs,
                  Value rhs) {
  Type t = lhs.getType();
  unsigned width = cast<IntegerType>(t).getWidth();
  Value widthV = constantLike(b, loc, t, width);
  Value inRange =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, rhs, widthV);
  Value shifted, fallback;
  if (isa<shlo::ShiftLeftOp>(op)) {
    shifted = b.create<arith::ShLIOp>(loc, lhs, rhs);
    fallback = constantLike(b, loc, t, 0);
  } else if (isa<shlo::ShiftRightLogicalOp>(op)) {
    shifted = b.create<arith::ShRUIOp>(loc, lhs, rhs);
    fallback = constantLike(b, loc, t, 0);
  } else {
    shifted = b.create<arith::ShRSIOp>(loc, lhs, rhs);
    fallback =
        b.create<arith::ShRSIOp>(loc, lhs, constantLike(b, loc, t, width - 1));
  }
  return b.create<arith::SelectOp>(loc, inRange, shifted, fallback);
}

} // namespace

FailureOr<Value> systole::emitScalarOp(OpBuilder &b, Location loc,
                                       Operation *op, ValueRange args,
                                       std::string &why) {
  Type element = elementOf(op->getOperand(0).getType());
  for (Type t : op->getOperandTypes())
    if (isa<ComplexType>(elementOf(t))) {
      why = "complex numbers are not supported";
      return failure();
    }
  bool isFloat = isa<FloatType>(element);
  bool isBool = element.isInteger(1);
  bool isUnsigned = isUnsignedInt(element);
  Value x = args.empty() ? Value() : args[0];
  Value y = args.size() > 1 ? args[1] : Value();
  auto fail = [&](StringRef reason) -> FailureOr<Value> {
    why = reason.str();
    return failure();
  };
  auto floatOnly = [&](auto make) -> FailureOr<Value> {
    if (!isFloat)
      return fail("it is defined here for float element types only");
    return make();
  };
#define FLOAT_UNARY(HloOp, MathOp)                                             \
  .Case([&](HloOp) {                                                           \
    return floatOnly([&]() -> FailureOr<Value> {                               \
      return b.create<MathOp>(loc, x).getResult();                             \
    });                                                                        \
  })
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](shlo::AddOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::AddFOp>(loc, x, y).getResult();
        if (isBool)
          return b.create<arith::OrIOp>(loc, x, y).getResult();
        return b.create<arith::AddIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::SubtractOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::SubFOp>(loc, x, y).getResult();
        return b.create<arith::SubIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::MultiplyOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::MulFOp>(loc, x, y).getResult();
        if (isBool)
          return b.create<arith::AndIOp>(loc, x, y).getResult();
        return b.create<arith::MulIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::DivideOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::DivFOp>(loc, x, y).getResult();
        if (isUnsigned)
          return b.create<arith::DivUIOp>(loc, x, y).getResult();
        return b.create<arith::DivSIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::RemainderOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::RemFOp>(loc, x, y).getResult();
        if (isUnsigned)
          return b.create<arith::RemUIOp>(loc, x, y).getResult();
        return b.create<arith::RemSIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::MaximumOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::MaximumFOp>(loc, x, y).getResult();
        if (isUnsigned)
          return b.create<arith::MaxUIOp>(loc, x, y).getResult();
        return b.create<arith::MaxSIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::MinimumOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::MinimumFOp>(loc, x, y).getResult();
        if (isUnsigned)
          return b.create<arith::MinUIOp>(loc, x, y).getResult();
        return b.create<arith::MinSIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::PowerOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<math::PowFOp>(loc, x, y).getResult();
        if (isUnsigned)
          return fail("unsigned integer power is not supported");
        return b.create<math::IPowIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::Atan2Op) {
        return floatOnly([&]() -> FailureOr<Value> {
          return b.create<math::Atan2Op>(loc, x, y).getResult();
        });
      })
      .Case([&](shlo::AndOp) -> FailureOr<Value> {
        return b.create<arith::AndIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::OrOp) -> FailureOr<Value> {
        return b.create<arith::OrIOp>(loc, x, y).getResult();
      })
      .Case([&](shlo::XorOp) -> FailureOr<Value> {
        return b.create<arith::XOrIOp>(loc, x, y).getResult();
      })
      .Case<shlo::ShiftLeftOp, shlo::ShiftRightLogicalOp,
            shlo::ShiftRightArithmeticOp>([&](Operation *) -> FailureOr<Value> {
        return shiftScalar(b, loc, op, x, y);
      })
      .Case([&](shlo::NotOp) -> FailureOr<Value> {
        if (isFloat)
          return fail("not is defined for integers and booleans only");
        return b.create<arith::XOrIOp>(loc, x, allOnes(b, loc, x.getType()))
            .getResult();
      })
      .Case([&](shlo::NegateOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<arith::NegFOp>(loc, x).getResult();
        return b
            .create<arith::SubIOp>(loc, constantLike(b, loc, x.getType(), 0), x)
            .getResult();
      })
      .Case([&](shlo::AbsOp) -> FailureOr<Value> {
        if (isFloat)
          return b.create<math::AbsFOp>(loc, x).getResult();
        // The spec takes signed integers; unsigned ones (which the verifier
        // accepts, as XLA does) are their own magnitude.
        if (isUnsigned)
          return x;
        return b.create<math::AbsIOp>(loc, x).getResult();
      })
      .Case([&](shlo::SignOp) -> FailureOr<Value> {
        Type t = x.getType();
        if (isFloat) {
          // -1, -0, +0, 1 or NaN.
          Value one = constantLike(b, loc, t, 1.0);
          Value zero = constantLike(b, loc, t, 0.0);
          Value keep =
              b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UEQ, x, zero);
          Value signed1 = b.create<math::CopySignOp>(loc, one, x);
          return b.create<arith::SelectOp>(loc, keep, x, signed1).getResult();
        }
        Value zero = constantLike(b, loc, t, 0);
        if (isUnsigned) // 0 or 1 (the spec takes signed integers)
          return b
              .create<arith::ExtUIOp>(
                  loc, t,
                  b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, x,
                                          zero))
              .getResult();
        Value pos =
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, x, zero);
        Value neg =
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, x, zero);
        Value p = b.create<arith::ExtUIOp>(loc, t, pos);
        Value n = b.create<arith::ExtUIOp>(loc, t, neg);
        return b.create<arith::SubIOp>(loc, p, n).getResult();
      })
      .Case([&](shlo::LogisticOp) {
        // 1 / (1 + exp(-x)), in f32 for narrower floats and rounded once
        // into the element type, as one op's result is (the reference
        // interpreter computes bf16, f16 and f8 ops in float); rounding
        // after each step was up to 2 ulps off in bf16.
        return floatOnly([&]() -> FailureOr<Value> {
          Type t = x.getType();
          Value v = x;
          if (t.getIntOrFloatBitWidth() < 32)
            v = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
          Value one = constantLike(b, loc, v.getType(), 1.0);
          Value e = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, v));
          Value r = b.create<arith::DivFOp>(
              loc, one, b.create<arith::AddFOp>(loc, one, e));
          if (v != x)
            r = b.create<arith::TruncFOp>(loc, t, r);
          return r;
        });
      })
      .Case([&](shlo::IsFiniteOp) -> FailureOr<Value> {
        if (!isFloat)
          return fail("is_finite takes a float operand");
        Value a = b.create<math::AbsFOp>(loc, x);
        Value inf = b.create<arith::ConstantOp>(
            loc, b.getFloatAttr(
                     x.getType(),
                     APFloat::getInf(
                         cast<FloatType>(x.getType()).getFloatSemantics())));
        return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::ONE, a, inf)
            .getResult();
      })
      .Case([&](shlo::CountLeadingZerosOp) -> FailureOr<Value> {
        if (isFloat)
          return fail("count_leading_zeros takes an integer operand");
        return b.create<math::CountLeadingZerosOp>(loc, x).getResult();
      })
      .Case([&](shlo::PopcntOp) -> FailureOr<Value> {
        if (isFloat)
          return fail("popcnt takes an integer operand");
        return b.create<math::CtPopOp>(loc, x).getResult();
      }) FLOAT_UNARY(shlo::ExponentialOp, math::ExpOp)
          FLOAT_UNARY(shlo::ExponentialMinusOneOp,
                      math::ExpM1Op) FLOAT_UNARY(shlo::LogOp, math::LogOp)
              FLOAT_UNARY(shlo::LogPlusOneOp,
                          math::Log1pOp) FLOAT_UNARY(shlo::SqrtOp, math::SqrtOp)
                  FLOAT_UNARY(shlo::RsqrtOp, math::RsqrtOp)
                      FLOAT_UNARY(shlo::CbrtOp, math::CbrtOp) FLOAT_UNARY(
                          shlo::TanhOp, math::TanhOp) FLOAT_UNARY(shlo::SineOp,
                                                                  math::SinOp)
                          FLOAT_UNARY(shlo::CosineOp, math::CosOp)
                              FLOAT_UNARY(shlo::TanOp, math::TanOp) FLOAT_UNARY(
                                  shlo::CeilOp, math::CeilOp)
                                  FLOAT_UNARY(shlo::FloorOp, math::FloorOp)
                                      FLOAT_UNARY(shlo::RoundNearestAfzOp,
                                                  math::RoundOp)
                                          FLOAT_UNARY(shlo::RoundNearestEvenOp,
                                                      math::RoundEvenOp)
      .Case([&](shlo::CompareOp cmp) {
        return compareScalar(b, loc, cmp, x, y, why);
      })
      .Case([&](shlo::SelectOp) -> FailureOr<Value> {
        return b.create<arith::SelectOp>(loc, args[0], args[1], args[2])
            .getResult();
      })
      .Case([&](shlo::ClampOp) -> FailureOr<Value> {
        // clamp(min, x, max) = min(max(x, min), max).
        Type t = elementOf(op->getOperand(1).getType());
        Value lo = args[0], v = args[1], hi = args[2];
        if (isa<FloatType>(t))
          return b
              .create<arith::MinimumFOp>(
                  loc, b.create<arith::MaximumFOp>(loc, v, lo), hi)
              .getResult();
        if (isUnsignedInt(t))
          return b
              .create<arith::MinUIOp>(loc, b.create<arith::MaxUIOp>(loc, v, lo),
                                      hi)
              .getResult();
        return b
            .create<arith::MinSIOp>(loc, b.create<arith::MaxSIOp>(loc, v, lo),
                                    hi)
            .getResult();
      })
      .Case([&](shlo::ConvertOp cvt) {
        return convertScalar(b, loc, x, element,
                             elementOf(cvt.getResult().getType()), why);
      })
      .Case([&](shlo::BitcastConvertOp bc) -> FailureOr<Value> {
        Type to = systole::toSignless(elementOf(bc.getResult().getType()));
        if (to.getIntOrFloatBitWidth() != x.getType().getIntOrFloatBitWidth())
          return fail("bitcast_convert between element types of different "
                      "widths is not supported");
        if (to == x.getType())
          return x;
        return b.create<arith::BitcastOp>(loc, to, x).getResult();
      })
      .Default([&](Operation *) -> FailureOr<Value> {
        return fail("it has no elementwise scalar form");
      });
#undef FLOAT_UNARY
}

LogicalResult systole::emitScalarRegion(OpBuilder &b, Region &region,
                                        ValueRange args,
                                        SmallVectorImpl<Value> &results,
                                        std::string &why) {
  if (!region.hasOneBlock()) {
    why = "its region must have one block";
    return failure();
  }
  Block &block = region.front();
  if (block.getNumArguments() != args.size()) {
    why = "its region has an unexpected number of arguments";
    return failure();
  }
  IRMapping map;
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    map.map(arg, value);
  // A value from above the region (canonicalization hoists the region's
  // constants to the function): a scalar constant when it is one, else the
  // scalar read from the rank-0 tensor.
  auto lookupOrCapture = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    Location loc = v.getLoc();
    DenseElementsAttr dense;
    if (matchPattern(v, m_Constant(&dense)) && dense.isSplat()) {
      Attribute scalar = dense.getSplatValue<Attribute>();
      if (auto i = dyn_cast<IntegerAttr>(scalar))
        scalar = b.getIntegerAttr(toSignless(i.getType()), i.getValue());
      Value c = b.create<arith::ConstantOp>(loc, cast<TypedAttr>(scalar));
      map.map(v, c);
      return c;
    }
    auto t = cast<RankedTensorType>(v.getType());
    Value s = v;
    if (toSignless(t.getElementType()) != t.getElementType())
      s = b.create<tensor::BitcastOp>(
          loc, RankedTensorType::get({}, toSignless(t.getElementType())), v);
    Value e = b.create<tensor::ExtractOp>(loc, s, ValueRange{});
    map.map(v, e);
    return e;
  };
  for (Operation &op : block) {
    if (auto ret = dyn_cast<shlo::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        results.push_back(lookupOrCapture(v));
      return success();
    }
    for (Type t : op.getResultTypes()) {
      auto shaped = dyn_cast<RankedTensorType>(t);
      if (!shaped || shaped.getRank() != 0) {
        why = "its region computes on non-scalar values ('" +
              op.getName().getStringRef().str() + "')";
        return failure();
      }
    }
    if (auto cst = dyn_cast<shlo::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (!dense) {
        why = "its region holds a non-dense constant";
        return failure();
      }
      Attribute scalar = dense.getSplatValue<Attribute>();
      if (auto i = dyn_cast<IntegerAttr>(scalar))
        scalar = b.getIntegerAttr(toSignless(i.getType()), i.getValue());
      map.map(cst.getResult(), b.create<arith::ConstantOp>(
                                   op.getLoc(), cast<TypedAttr>(scalar)));
      continue;
    }
    SmallVector<Value> operands;
    for (Value v : op.getOperands())
      operands.push_back(lookupOrCapture(v));
    std::string inner;
    FailureOr<Value> r = emitScalarOp(b, op.getLoc(), &op, operands, inner);
    if (failed(r)) {
      why = "its region's '" + op.getName().getStringRef().str() +
            "' cannot be lowered: " + inner;
      return failure();
    }
    map.map(op.getResult(0), *r);
  }
  why = "its region has no stablehlo.return";
  return failure();
}
