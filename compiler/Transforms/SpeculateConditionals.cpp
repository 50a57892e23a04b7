//===- SpeculateConditionals.cpp - if/case as selects of their branches ---===//
//
// See Passes.td (SpeculateConditionals). The NeuronCore's instruction streams
// have no branches (DESIGN section 4), so a conditional runs every branch
// and selects its results: `stablehlo.if` (spec: if) becomes
// select(pred, true results, false results); `stablehlo.case` (spec: case)
// with N branches becomes select(index == 0, branch 0, select(index == 1,
// branch 1, ... branch N-1)), so an index outside [0, N) takes branch N-1,
// as the spec says. A constant predicate or index inlines just its branch.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace systole {
#define GEN_PASS_DEF_SPECULATECONDITIONALS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether every op nested in `region` may run although its branch is not
/// taken: no memory effects (no side-effecting custom_call, no token ops).
bool isSpeculatable(Region &region) {
  WalkResult r = region.walk([](Operation *op) {
    if (isa<stablehlo::ReturnOp>(op))
      return WalkResult::advance();
    if (!isMemoryEffectFree(op) &&
        !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !r.wasInterrupted();
}

/// Clones `region`'s single block (but its terminator) before `at`; returns
/// the values it yields.
SmallVector<Value> inlineBranch(OpBuilder &b, Region &region) {
  IRMapping map;
  Block &block = region.front();
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(map.lookupOrDefault(v));
  return results;
}

/// Replaces the conditional `op` (`if` or `case`, whose `branches` are its
/// regions in order) by its branches and selects; `taken(k)` is the
/// predicate (a tensor<i1>) that branch k's results are chosen, for k <
/// N - 1. Leaves `op` when a result is not a tensor or a branch has side
/// effects.
LogicalResult speculate(Operation *op, ArrayRef<Region *> branches,
                        function_ref<Value(OpBuilder &, size_t)> taken) {
  for (Type t : op->getResultTypes())
    if (!isa<RankedTensorType>(t))
      return failure();
  for (Region *r : branches)
    if (!isSpeculatable(*r))
      return failure();
  OpBuilder b(op);
  SmallVector<Value> results = inlineBranch(b, *branches.back());
  for (size_t k = branches.size() - 1; k-- > 0;) {
    SmallVector<Value> branch = inlineBranch(b, *branches[k]);
    Value pred = taken(b, k);
    for (auto [r, v] : llvm::zip(results, branch))
      r = b.create<stablehlo::SelectOp>(op->getLoc(), r.getType(), pred, v, r);
  }
  op->replaceAllUsesWith(results);
  op->erase();
  return success();
}

/// Inlines `region` in place of `op` (a conditional whose branch is known).
void inlineTaken(Operation *op, Region &region) {
  OpBuilder b(op);
  op->replaceAllUsesWith(inlineBranch(b, region));
  op->erase();
}

struct SpeculateConditionalsPass
    : systole::impl::SpeculateConditionalsBase<SpeculateConditionalsPass> {
  void runOnOperation() override {
    // Inner conditionals first (post-order), so a branch is straight-line
    // code by the time it is inlined.
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<stablehlo::IfOp, stablehlo::CaseOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto ifOp = dyn_cast<stablehlo::IfOp>(op)) {
        DenseElementsAttr constant;
        if (matchPattern(ifOp.getPred(), m_Constant(&constant)) &&
            constant.isSplat()) {
          inlineTaken(op, constant.getSplatValue<bool>()
                              ? ifOp.getTrueBranch()
                              : ifOp.getFalseBranch());
          continue;
        }
        Value pred = ifOp.getPred();
        (void)speculate(op, {&ifOp.getTrueBranch(), &ifOp.getFalseBranch()},
                        [&](OpBuilder &, size_t) { return pred; });
        continue;
      }
      auto caseOp = cast<stablehlo::CaseOp>(op);
      SmallVector<Region *> branches;
      for (Region &r : caseOp.getBranches())
        branches.push_back(&r);
      int64_t n = static_cast<int64_t>(branches.size());
      DenseElementsAttr index;
      if (matchPattern(caseOp.getIndex(), m_Constant(&index)) &&
          index.isSplat()) {
        int64_t i = index.getSplatValue<APInt>().getSExtValue();
        inlineTaken(op, *branches[i < 0 || i >= n ? n - 1 : i]);
        continue;
      }
      Value idx = caseOp.getIndex();
      auto idxType = cast<RankedTensorType>(idx.getType());
      (void)speculate(op, branches, [&](OpBuilder &b, size_t k) -> Value {
        Value c = b.create<stablehlo::ConstantOp>(
            op->getLoc(),
            DenseElementsAttr::get(idxType,
                                   APInt(idxType.getElementTypeBitWidth(), k)));
        return b.create<stablehlo::CompareOp>(
            op->getLoc(), RankedTensorType::get({}, b.getI1Type()), idx, c,
            stablehlo::ComparisonDirectionAttr::get(
                b.getContext(), stablehlo::ComparisonDirection::EQ),
            stablehlo::ComparisonTypeAttr());
      });
    }
  }
};

} // namespace
