//===- FoldActivationReductions.cpp - sums into the activation engine ----===//
//
// `systole-fold-activation-reductions` (DESIGN section 1, phase `ncore`,
// after the lowering): a vector-engine `tensor_reduce add` over every free
// element of a tile that an `exp` activation wrote just before becomes that
// activation's own add-reduce (DESIGN section 4, `activation`: "optional
// add-reduce of the result along free dims into [P,1]", 64 cycles more on
// the scalar engine instead of N on the vector engine). A softmax's sum of
// exp(x - max) is the case: its row groups are vector-bound.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/NeuronCore/NeuronCoreOps.h"

namespace systole {
#define GEN_PASS_DEF_FOLDACTIVATIONREDUCTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole::ncore;

namespace {

/// Whether `a` and `b` may share a byte: the same on-chip memory, common
/// partitions and intersecting per-partition byte extents (conservative:
/// strided patterns are taken as their hulls). HBM accesses never overlap
/// the on-chip tiles this pass looks at.
bool mayOverlap(AccessPatternAttr a, AccessPatternAttr b) {
  if (a.getMemory() != b.getMemory() || a.getMemory() == Memory::hbm)
    return false;
  if (a.getEndPartition() <= b.getStartPartition() ||
      b.getEndPartition() <= a.getStartPartition())
    return false;
  auto [a0, a1] = a.getByteExtent();
  auto [b0, b1] = b.getByteExtent();
  return a0 < b1 && b0 < a1;
}

/// Whether `op` may write (`writesOnly`), or read or write, a byte of `ap`.
bool touches(Operation *op, AccessPatternAttr ap, bool writesOnly) {
  // A gather's or scatter's table spans rows its pattern does not show:
  // taken to touch every on-chip byte.
  if (isa<GatherOp, ScatterOp>(op))
    return true;
  return llvm::any_of(op->getAttrs(), [&](NamedAttribute attr) {
    auto other = dyn_cast<AccessPatternAttr>(attr.getValue());
    return other &&
           (!writesOnly || isWrittenOperand(op, attr.getName().getValue())) &&
           mayOverlap(ap, other);
  });
}

/// Whether an operand `op` reads (not one it writes) may share a byte of
/// `ap`.
bool readsFrom(Operation *op, AccessPatternAttr ap) {
  return llvm::any_of(op->getAttrs(), [&](NamedAttribute attr) {
    auto other = dyn_cast<AccessPatternAttr>(attr.getValue());
    return other && !isWrittenOperand(op, attr.getName().getValue()) &&
           mayOverlap(ap, other);
  });
}

/// How far back a reduction looks for the activation that wrote its input:
/// a row group emits the two a few instructions apart.
constexpr int kWindow = 32;

/// Fewest elements per partition worth folding: the activation's reduce
/// costs 64 scalar-engine cycles more (DESIGN section 4), the reduction N
/// vector-engine cycles. Measured: a 10-class softmax got 26 ns slower with
/// the fold; CLIP's rows of 50 took the same time either way.
constexpr int64_t kMinElements = 64;

/// The `exp` activation whose output `reduce` sums, when the sum can be its
/// add-reduce exactly:
/// - `reduce` adds every free element of each partition (its `reduce_dims`
///   cover all dims of its input; at least kMinElements of them), without
///   negation, f32 in and out, into one element per partition of the
///   input's partitions;
/// - its input is the activation's output, exactly (the same pattern), and
///   nothing in between writes those bytes;
/// - the activation writes f32 (so the values it sums are the ones stored)
///   and has no add-reduce yet;
/// - nothing in between reads or writes the sum's bytes, which now get
///   written earlier, and they are not among the activation's operands.
/// The two sums are then the same number: the simulator's tensor_reduce
/// adds x0 + x1 + ... in order, the activation +0 + x0 + x1 + ..., and +0 +
/// x0 == x0 for every value exp can produce (it never gives -0).
ActivationOp producerToFold(TensorReduceOp reduce) {
  AccessPatternAttr src = reduce.getSrc(), dst = reduce.getDst();
  if (reduce.getOp() != AluOp::add || reduce.getNegate() ||
      !src.getElementType().isF32() || !dst.getElementType().isF32() ||
      src.getMemory() == Memory::hbm || dst.getMemory() == Memory::hbm ||
      reduce.getReduceDims() < static_cast<int32_t>(src.getCounts().size()) ||
      src.getElementsPerPartition() < kMinElements ||
      dst.getElementsPerPartition() != 1 ||
      dst.getStartPartition() != src.getStartPartition() ||
      dst.getPartitionCount() != src.getPartitionCount())
    return nullptr;
  Operation *op = reduce;
  for (int i = 0; i < kWindow && (op = op->getPrevNode()); ++i) {
    if (!isInstruction(op))
      continue;
    if (touches(op, src, /*writesOnly=*/true)) {
      auto act = dyn_cast<ActivationOp>(op);
      if (!act || act.getFunc() != ActivationFunc::exp || act.getDst() != src ||
          act.getReduceDst() || readsFrom(act, dst))
        return nullptr;
      return act;
    }
    if (touches(op, dst, /*writesOnly=*/false))
      return nullptr;
  }
  return nullptr;
}

struct FoldActivationReductionsPass
    : systole::impl::FoldActivationReductionsBase<
          FoldActivationReductionsPass> {
  void runOnOperation() override {
    // In program order, each fold before the next reduction looks back:
    // the activation now writes the sum (its `reduce_dst`), where the
    // reduction did before.
    getOperation().walk([&](ProgramOp program) {
      for (Operation &op :
           llvm::make_early_inc_range(program.getBody().front())) {
        auto reduce = dyn_cast<TensorReduceOp>(op);
        if (!reduce)
          continue;
        if (ActivationOp act = producerToFold(reduce)) {
          act.setReduceDstAttr(reduce.getDst());
          reduce->erase();
        }
      }
    });
  }
};

} // namespace
