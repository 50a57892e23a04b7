//===- WidenUnsignedReductions.cpp - unsigned reductions on i32 -----------===//
//
// See Passes.td (WidenUnsignedReductions). The engines hold 8- and 16-bit
// integers in 32-bit tiles in the signed form the body's signless ops expect
// (LinalgToNcore), so an unsigned comparison or maximum of ui8/ui16 values
// as a reduction combiner has no instruction. Zero-extended to i32, the
// values keep their order (unsigned order of ui8 = signed order of their
// i32 extensions) and their residues modulo 2^8 (2^16) under add, multiply
// and the bitwise ops, so the reduction runs on i32 and its result converts
// back exactly (while it stays below 2^24, the engines' i32 limit).
//
// ui32 data has no wider type: it is held in its signed form (the same
// bits as i32), where the values from 2^31 up are the negative ones. An
// unsigned maximum is then the signed maximum of the negative values if
// there are any, else of all; an unsigned minimum the signed minimum of
// the non-negative values if there are any, else of all. Three signed
// reductions and a select give it exactly.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <cstdint>
#include <limits>

namespace systole {
#define GEN_PASS_DEF_WIDENUNSIGNEDREDUCTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether `t` is a tensor of ui8 or ui16.
bool isNarrowUnsigned(Type t) {
  auto it = dyn_cast<IntegerType>(getElementTypeOrSelf(t));
  return it && it.isUnsigned() && it.getWidth() < 32;
}

/// `t` with its element type i32 (signless).
Type widened(Type t) {
  auto shaped = cast<RankedTensorType>(t);
  return shaped.clone(IntegerType::get(t.getContext(), 32));
}

/// Whether every op of `body` keeps the low bits and the order of
/// zero-extended values: comparisons, selects, max, min, add, multiply and
/// the bitwise ops (division and shifts do not). On i32 the results are
/// exact while they stay below 2^24, the engines' limit for all i32
/// arithmetic, and the conversion back wraps them as ui8/ui16 arithmetic
/// would.
bool widenable(Block &body) {
  for (Operation &op : body)
    if (!isa<stablehlo::CompareOp, stablehlo::SelectOp, stablehlo::MaximumOp,
             stablehlo::MinimumOp, stablehlo::AddOp, stablehlo::MultiplyOp,
             stablehlo::AndOp, stablehlo::OrOp, stablehlo::XorOp,
             stablehlo::ReturnOp>(op))
      return false;
  return true;
}

/// Rewrites `op` (a reduce or reduce_window) to run on i32 where its
/// operands are ui8/ui16; see the file comment.
void widen(Operation *op, Region &body) {
  if (!llvm::any_of(op->getOperandTypes(), isNarrowUnsigned) ||
      !widenable(body.front()))
    return;
  OpBuilder b(op);
  Location loc = op->getLoc();
  IRMapping map;
  for (Value v : op->getOperands()) {
    if (!isNarrowUnsigned(v.getType()))
      continue;
    // Constants (the init values) are widened here: the `ncore` phase
    // fills reduction outputs from constants only.
    DenseIntElementsAttr constant;
    if (matchPattern(v, m_Constant(&constant))) {
      auto type = cast<RankedTensorType>(widened(v.getType()));
      map.map(v, b.create<stablehlo::ConstantOp>(
                     loc, constant.mapValues(
                              type.getElementType(),
                              [](const APInt &x) { return x.zext(32); })));
      continue;
    }
    map.map(v, b.create<stablehlo::ConvertOp>(loc, widened(v.getType()), v)
                   .getResult());
  }
  Operation *wide = b.clone(*op, map);
  // Block arguments, body results and op results of the narrow type become
  // i32; unsigned comparisons of them become signed ones (the same order).
  // Only the values widened here: a ui32 operand keeps its type and its
  // unsigned comparisons.
  Block &block = wide->getRegion(0).front();
  DenseSet<Value> widenedValues;
  for (BlockArgument arg : block.getArguments())
    if (isNarrowUnsigned(arg.getType())) {
      arg.setType(widened(arg.getType()));
      widenedValues.insert(arg);
    }
  for (Operation &inner : block) {
    for (OpResult r : inner.getResults())
      if (isNarrowUnsigned(r.getType())) {
        r.setType(widened(r.getType()));
        widenedValues.insert(r);
      }
    if (auto cmp = dyn_cast<stablehlo::CompareOp>(inner))
      if (widenedValues.contains(cmp.getLhs()) &&
          cmp.getCompareType() == stablehlo::ComparisonType::UNSIGNED)
        cmp.setCompareType(stablehlo::ComparisonType::SIGNED);
  }
  SmallVector<Value> results;
  for (auto [old, now] : llvm::zip(op->getResults(), wide->getResults())) {
    if (!isNarrowUnsigned(old.getType())) {
      results.push_back(now);
      continue;
    }
    now.setType(widened(old.getType()));
    results.push_back(
        b.create<stablehlo::ConvertOp>(loc, old.getType(), now).getResult());
  }
  op->replaceAllUsesWith(results);
  op->erase();
}

/// The `maximum` or `minimum` that combines the two block arguments of the
/// body of `op`, a reduce or reduce_window of one ui32 operand; null for any
/// other reduction.
Operation *unsigned32MinMax(Operation *op) {
  auto element =
      dyn_cast<IntegerType>(getElementTypeOrSelf(op->getOperand(0).getType()));
  if (op->getNumOperands() != 2 || !element || !element.isUnsigned() ||
      element.getWidth() != 32)
    return nullptr;
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
    return nullptr;
  Operation &combine = body.front();
  if (!isa<stablehlo::MaximumOp, stablehlo::MinimumOp>(combine) ||
      body.getTerminator()->getOperand(0) != combine.getResult(0) ||
      combine.getOperand(0) == combine.getOperand(1) ||
      !llvm::all_of(combine.getOperands(), [&](Value v) {
        return llvm::is_contained(body.getArguments(), v);
      }))
    return nullptr;
  return &combine;
}

/// A copy of `op` (see unsigned32MinMax) that reduces the i32 tensor
/// `operand` from the scalar `identity` with the signed maximum (`isMax`) or
/// minimum: its i32 result.
Value signedReduction(OpBuilder &b, Operation *op, Value operand,
                      int64_t identity, bool isMax) {
  Location loc = op->getLoc();
  auto scalar = RankedTensorType::get({}, b.getI32Type());
  IRMapping map;
  map.map(op->getOperand(0), operand);
  map.map(op->getOperand(1),
          b.create<stablehlo::ConstantOp>(
              loc, scalar,
              DenseElementsAttr::get(
                  scalar, Attribute(b.getI32IntegerAttr(identity)))));
  Operation *copy = b.clone(*op, map);
  Block &body = copy->getRegion(0).front();
  for (BlockArgument arg : body.getArguments())
    arg.setType(scalar);
  Operation &combine = body.front();
  OpBuilder inner(&combine);
  Value lhs = combine.getOperand(0), rhs = combine.getOperand(1);
  Value combined =
      isMax ? inner.create<stablehlo::MaximumOp>(loc, scalar, lhs, rhs)
                  .getResult()
            : inner.create<stablehlo::MinimumOp>(loc, scalar, lhs, rhs)
                  .getResult();
  combine.getResult(0).replaceAllUsesWith(combined);
  combine.erase();
  Value result = copy->getResult(0);
  result.setType(widened(result.getType()));
  return result;
}

/// Rewrites `op`, a ui32 maximum or minimum reduction (unsigned32MinMax), as
/// signed reductions of the operand's signed form; see the file comment.
/// The init value is combined last, elementwise (it is also the padding of
/// a reduce_window, which the unsigned combine absorbs).
void reduceSignedForm(Operation *op, Operation *combine) {
  bool isMax = isa<stablehlo::MaximumOp>(combine);
  OpBuilder b(op);
  Location loc = op->getLoc();
  constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  Value x = b.create<stablehlo::BitcastConvertOp>(
      loc, widened(op->getOperand(0).getType()), op->getOperand(0));
  HloBuilder in(b, loc, cast<RankedTensorType>(x.getType()));
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  HloBuilder out(b, loc, cast<RankedTensorType>(widened(resultType)));
  using Dir = stablehlo::ComparisonDirection;
  Value signedForm;
  if (isMax) {
    // Any value from 2^31 up (negative) is larger than every other.
    Value smallest = signedReduction(b, op, x, kMax, /*isMax=*/false);
    Value negatives =
        in.select(in.compare(Dir::LT, x, in.splatOf(in.getType(), 0)), x,
                  in.splatOf(in.getType(), kMin));
    Value largestNegative = signedReduction(b, op, negatives, kMin, true);
    Value largest = signedReduction(b, op, x, 0, true);
    signedForm = out.select(
        out.compare(Dir::LT, smallest, out.splatOf(out.getType(), 0)),
        largestNegative, largest);
  } else {
    // Any value below 2^31 (non-negative) is smaller than every other.
    Value largest = signedReduction(b, op, x, kMin, /*isMax=*/true);
    Value nonNegatives =
        in.select(in.compare(Dir::GE, x, in.splatOf(in.getType(), 0)), x,
                  in.splatOf(in.getType(), kMax));
    Value smallestNonNegative =
        signedReduction(b, op, nonNegatives, kMax, false);
    Value smallest = signedReduction(b, op, x, -1, false);
    signedForm =
        out.select(out.compare(Dir::GE, largest, out.splatOf(out.getType(), 0)),
                   smallestNonNegative, smallest);
  }
  Value reduced =
      b.create<stablehlo::BitcastConvertOp>(loc, resultType, signedForm);
  // An init of the combiner's identity (0 for max, 2^32 - 1 for min, as JAX
  // writes them) changes nothing.
  DenseIntElementsAttr constant;
  if (matchPattern(op->getOperand(1), m_Constant(&constant)) &&
      constant.isSplat() &&
      (isMax ? constant.getSplatValue<APInt>().isZero()
             : constant.getSplatValue<APInt>().isAllOnes())) {
    op->getResult(0).replaceAllUsesWith(reduced);
    op->erase();
    return;
  }
  Value init = b.create<stablehlo::BroadcastInDimOp>(
      loc, resultType, op->getOperand(1), ArrayRef<int64_t>{});
  Value result =
      isMax ? b.create<stablehlo::MaximumOp>(loc, resultType, reduced, init)
                  .getResult()
            : b.create<stablehlo::MinimumOp>(loc, resultType, reduced, init)
                  .getResult();
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct WidenUnsignedReductionsPass
    : systole::impl::WidenUnsignedReductionsBase<WidenUnsignedReductionsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<stablehlo::ReduceOp, stablehlo::ReduceWindowOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (Operation *combine = unsigned32MinMax(op))
        reduceSignedForm(op, combine);
      else
        widen(op, op->getRegion(0));
    }
  }
};

} // namespace
