//===- UnrollWhileLoops.cpp - static-trip-count while loops unrolled ------===//
//
// See Passes.td (UnrollWhileLoops). The NeuronCore's instruction streams have
// no branches (DESIGN section 4), so a loop runs on the device only as
// straight-line code. A `stablehlo.while` whose condition the compiler can
// evaluate at every iteration (`jax.lax.fori_loop`, `jax.lax.scan` and
// `torch` loops over a fixed range all export a counter compared with a
// constant) is unrolled: the condition and body are cloned before the loop,
// iteration after iteration, and small integer ops whose operands are all
// constants (the counter's arithmetic, the condition) are folded by the
// reference interpreter, so the counter, the condition and the indices it
// feeds (`dynamic_slice`, `dynamic_update_slice`) become constants.
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Interpreter.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace systole {
#define GEN_PASS_DEF_UNROLLWHILELOOPS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Most elements of a result the unroller folds: index arithmetic, not data.
constexpr int64_t kMaxFoldElements = 64;

/// Whether `op` is an integer op of index size that folds: pure, without
/// regions, every operand a `stablehlo.constant`, every result a static
/// integer (or i1) tensor of at most kMaxFoldElements elements.
bool isFoldable(Operation *op) {
  if (isa<stablehlo::ConstantOp>(op) || op->getNumRegions() != 0 ||
      !isPure(op) || op->getNumResults() == 0 ||
      op->getDialect() !=
          op->getContext()->getLoadedDialect(
              stablehlo::StableHLODialect::getDialectNamespace()))
    return false;
  for (Value v : op->getOperands())
    if (!v.getDefiningOp<stablehlo::ConstantOp>())
      return false;
  for (Type t : op->getResultTypes()) {
    auto type = dyn_cast<RankedTensorType>(t);
    if (!type || !type.hasStaticShape() ||
        !isa<IntegerType>(type.getElementType()) ||
        type.getNumElements() > kMaxFoldElements)
      return false;
  }
  return true;
}

/// The value of `op` (isFoldable) computed by the reference interpreter, one
/// attribute per result; failure (no diagnostic) when it cannot evaluate it.
FailureOr<SmallVector<DenseElementsAttr>> evaluateConstantOp(Operation *op) {
  // Its operands' constants, each once, then the op.
  SetVector<Operation *> ops;
  for (Value v : op->getOperands())
    ops.insert(v.getDefiningOp());
  ops.insert(op);
  FailureOr<std::vector<HostTensor>> results =
      reference::evaluateOps(ops.getArrayRef(), op->getResults());
  if (failed(results))
    return failure();
  SmallVector<DenseElementsAttr> attrs;
  for (auto [t, value] : llvm::zip(op->getResultTypes(), *results)) {
    auto type = cast<RankedTensorType>(t);
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    SmallVector<APInt> elements;
    for (int64_t i = 0; i < value.numElements(); ++i) {
      uint64_t bits = static_cast<uint64_t>(value.getInt64(i));
      if (width < 64)
        bits &= (uint64_t{1} << width) - 1;
      elements.push_back(APInt(width, bits));
    }
    attrs.push_back(DenseElementsAttr::get(type, elements));
  }
  return attrs;
}

/// Unrolls one loop; see the file comment.
class Unroller {
public:
  Unroller(MLIRContext *ctx, int64_t maxIterations, int64_t maxOps)
      : maxIterations(maxIterations), maxOps(maxOps), b(ctx) {}

  /// Replaces `loop` by its iterations, or leaves it (and the IR) as it was
  /// and returns false when a condition does not fold to a constant, or the
  /// loop runs more than maxIterations times or clones more than maxOps ops.
  bool unroll(stablehlo::WhileOp loop) {
    b.setInsertionPoint(loop);
    created.clear();
    SmallVector<Value> state(loop.getOperands());
    Block &cond = loop.getCond().front(), &body = loop.getBody().front();
    for (int64_t iteration = 0;; ++iteration) {
      SmallVector<Value> yielded;
      if (!cloneBlock(cond, state, yielded))
        return abandon();
      auto pred = yielded[0].getDefiningOp<stablehlo::ConstantOp>();
      auto value = pred ? dyn_cast<DenseElementsAttr>(pred.getValue())
                        : DenseElementsAttr();
      if (!value || !value.isSplat())
        return abandon();
      if (!value.getSplatValue<bool>())
        break;
      if (iteration == maxIterations || !cloneBlock(body, state, state))
        return abandon();
    }
    loop->replaceAllUsesWith(state);
    loop->erase();
    // The folded arithmetic's constants, and the condition's, are dead now.
    for (Operation *op : llvm::reverse(created))
      if (isOpTriviallyDead(op))
        op->erase();
    created.clear();
    return true;
  }

private:
  /// Clones `block`'s ops (but its terminator) with its arguments bound to
  /// `args`, folding the clones that fold; `yielded` gets the terminator's
  /// operands. False when the op budget runs out.
  bool cloneBlock(Block &block, ArrayRef<Value> args,
                  SmallVector<Value> &yielded) {
    IRMapping map;
    map.map(block.getArguments(), args);
    for (Operation &op : block.without_terminator()) {
      if (static_cast<int64_t>(created.size()) >= maxOps)
        return false;
      Operation *clone = b.clone(op, map);
      FailureOr<SmallVector<DenseElementsAttr>> values = failure();
      if (isFoldable(clone))
        values = evaluateConstantOp(clone);
      if (failed(values)) {
        created.push_back(clone);
        continue;
      }
      for (auto [result, v] : llvm::zip(op.getResults(), *values)) {
        Operation *c = b.create<stablehlo::ConstantOp>(clone->getLoc(), v);
        created.push_back(c);
        map.map(result, c->getResult(0));
      }
      clone->erase();
    }
    SmallVector<Value> out;
    for (Value v : block.getTerminator()->getOperands())
      out.push_back(map.lookupOrDefault(v));
    yielded = std::move(out);
    return true;
  }

  /// Erases what unroll() created; returns false.
  bool abandon() {
    for (Operation *op : llvm::reverse(created)) {
      op->dropAllUses();
      op->erase();
    }
    created.clear();
    return false;
  }

  int64_t maxIterations, maxOps;
  OpBuilder b;
  /// The ops unroll() has created so far, in order.
  SmallVector<Operation *> created;
};

struct UnrollWhileLoopsPass
    : systole::impl::UnrollWhileLoopsBase<UnrollWhileLoopsPass> {
  using UnrollWhileLoopsBase::UnrollWhileLoopsBase;

  void runOnOperation() override {
    Unroller unroller(&getContext(), maxIterations, maxOps);
    // Innermost loops first; a loop whose trip count depends on an outer
    // loop's counter folds once the outer loop is unrolled, so sweep again
    // while anything changes.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<stablehlo::WhileOp> loops;
      getOperation().walk(
          [&](stablehlo::WhileOp loop) { loops.push_back(loop); });
      for (stablehlo::WhileOp loop : loops)
        changed |= unroller.unroll(loop);
    }
  }
};

} // namespace
