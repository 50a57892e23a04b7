//===- WidenUnsignedReductions.cpp - ui8/ui16 reductions on i32 -----------===//
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
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

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

struct WidenUnsignedReductionsPass
    : systole::impl::WidenUnsignedReductionsBase<WidenUnsignedReductionsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<stablehlo::ReduceOp, stablehlo::ReduceWindowOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      widen(op, op->getRegion(0));
  }
};

} // namespace
