//===- AdjoinContractionProducers.cpp - a contraction after its producer --===//
//
// `systole-adjoin-contraction-producers` (DESIGN section 1, phase `fuse`,
// last): a contraction whose first input a row-wise op computes (an
// attention block's PV matmul after the softmax's division) follows that op
// directly, so that `ncore` can run it tile by tile with the rows that
// compute its input (a row group ending in a contraction) instead of
// taking the input through HBM. The ops in between, which neither read the
// producer's chain nor are read by it (the V projection and its reshapes),
// move above the chain: the run of ops ending at the producer that the
// producer depends on, back to and including the matmul that leads it (the
// QK^T matmul; without one, nothing moves) and that matmul's fills. Ops on
// tensors have no side effects, so moving an op after its operands'
// definitions and before its users keeps every value.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace systole {
#define GEN_PASS_DEF_ADJOINCONTRACTIONPRODUCERS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// Whether `op` only initialises a buffer: a fill, an empty tensor or a
/// constant.
bool isInitialiser(Operation *op) {
  return isa<linalg::FillOp, tensor::EmptyOp, arith::ConstantOp>(op);
}

/// Whether `op` is a contraction with matmul-like loops (inferContractionDims
/// finds them: not a convolution's windows).
bool isMatmulLike(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && systole::isContraction(op) &&
         succeeded(linalg::inferContractionDims(linalgOp));
}

/// The first op of the chain that ends at `producer`: walking back from it,
/// the ops `producer` depends on, until one it does not; after a
/// contraction, only that contraction's initialisers. Null unless the
/// chain starts at a matmul-like contraction (an attention block's QK^T):
/// only then can `ncore` run the chain, and a contraction after it, as a
/// row group.
Operation *chainStart(Operation *producer) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == producer->getBlock();
  };
  getBackwardSlice(producer, &slice, options);
  Operation *start = producer;
  bool afterContraction = false;
  for (Operation *op = producer->getPrevNode(); op && slice.contains(op);
       op = op->getPrevNode()) {
    if (afterContraction && !isInitialiser(op))
      break;
    start = op;
    if (systole::isContraction(op)) {
      if (!isMatmulLike(op))
        return nullptr;
      afterContraction = true;
    }
  }
  return afterContraction ? start : nullptr;
}

/// Moves the ops between `contraction`'s first input's producer and
/// `contraction` above the producer's chain (chainStart), when all of them
/// can move: none reads a value of the chain or of an op that stays, and
/// none has side effects. The initialisers only `contraction` reads stay
/// next to it. Returns whether anything moved.
bool adjoin(linalg::LinalgOp contraction) {
  Operation *c = contraction;
  auto producer =
      contraction.getDpsInputs()[0].getDefiningOp<linalg::GenericOp>();
  if (!producer || producer->getBlock() != c->getBlock() ||
      systole::isContraction(producer) || !producer->isBeforeInBlock(c))
    return false;
  SmallVector<Operation *> moved;
  for (Operation *op = producer->getNextNode(); op != c;
       op = op->getNextNode()) {
    bool onlyForContraction =
        isInitialiser(op) &&
        llvm::all_of(op->getUsers(), [&](Operation *u) { return u == c; });
    if (onlyForContraction)
      continue;
    if (!isMemoryEffectFree(op))
      return false;
    moved.push_back(op);
  }
  if (moved.empty())
    return false;
  Operation *start = chainStart(producer);
  if (!start)
    return false;
  // Every operand defined in the block must come from before the chain or
  // from an earlier moved op.
  DenseSet<Operation *> movedSet(moved.begin(), moved.end());
  for (Operation *op : moved) {
    bool ok = true;
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != c->getBlock())
          continue;
        if (!movedSet.contains(def) && !def->isBeforeInBlock(start))
          ok = false;
      }
    });
    if (!ok)
      return false;
  }
  for (Operation *op : moved)
    op->moveBefore(start);
  return true;
}

/// Runs adjoin on every contraction on tensors in the function, in program
/// order.
struct AdjoinContractionProducersPass
    : systole::impl::AdjoinContractionProducersBase<
          AdjoinContractionProducersPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> contractions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (systole::isContraction(op) && op.hasPureTensorSemantics())
        contractions.push_back(op);
    });
    for (linalg::LinalgOp op : contractions)
      adjoin(op);
  }
};

} // namespace
