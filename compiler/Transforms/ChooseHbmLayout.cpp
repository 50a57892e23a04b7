//===- ChooseHbmLayout.cpp - partition-major layouts for intermediates ----===//
//
// `systole-choose-hbm-layout` (DESIGN section 1, phase `place`): an
// intermediate buffer in HBM is laid out so that the dimension its readers and
// writers put on the SBUF partitions is outermost. A DMA moves one row per
// partition and free-dimension run, and rows under 512 bytes pay a
// per-descriptor cost (DESIGN section 4), so an NCHW activation whose
// channel lives on the partitions is stored C-major (strides [HW, NHW, W, 1]
// for a [N, C, H, W] buffer): a partition's rows then run over whole
// batches of planes instead of one H*W plane each.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

namespace systole {
#define GEN_PASS_DEF_CHOOSEHBMLAYOUT
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// The contraction loop of `op`, a reduction over two inputs: the one
/// reduction loop both inputs index directly (a matmul's K, a
/// convolution's input channel). Nullopt for other ops, a pooling (whose
/// second input is the window) among them, and when there are several.
std::optional<unsigned> contractionLoop(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInputs() != 2)
    return std::nullopt;
  auto direct = [&](AffineMap map, unsigned loop) {
    return llvm::any_of(map.getResults(), [&](AffineExpr e) {
      return e == getAffineDimExpr(loop, map.getContext());
    });
  };
  AffineMap a = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap b = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  std::optional<unsigned> found;
  for (unsigned loop = 0; loop < iterators.size(); ++loop) {
    if (iterators[loop] != utils::IteratorType::reduction || !direct(a, loop) ||
        !direct(b, loop))
      continue;
    if (found)
      return std::nullopt;
    found = loop;
  }
  return found;
}

/// The loop of `op`'s iteration space whose indices `op` puts on the
/// partitions when it reads or writes `operand`, or nullopt when that is not
/// a single loop: a contraction's inputs have their contraction loop there
/// (DESIGN section 3: K on the partitions), everything else the
/// `systole.tiling` partition loop.
std::optional<unsigned> partitionLoop(linalg::LinalgOp op, OpOperand &operand) {
  FailureOr<systole::TilingDecision> tiling = systole::getTiling(op);
  if (failed(tiling) || tiling->partition < 0)
    return std::nullopt;
  if (!op.isDpsInit(&operand))
    if (std::optional<unsigned> k = contractionLoop(op))
      return k;
  return static_cast<unsigned>(tiling->partition);
}

/// Whether `op` is a convolution: a contraction that reads a sliding window
/// (an index like `d2 + d5` or `d2 * 2 + d5`). The `ncore` phase folds the
/// batch into a convolution's free dimensions next to the window's rows, so
/// a partition-major layout lengthens its DMA rows.
bool isConvolution(linalg::GenericOp op) {
  return contractionLoop(op) &&
         llvm::any_of(op.getIndexingMapsArray(), [](AffineMap map) {
           return llvm::any_of(map.getResults(), [](AffineExpr e) {
             return !isa<AffineDimExpr, AffineConstantExpr>(e);
           });
         });
}

/// What the users of one intermediate buffer ask of its layout.
struct Candidate {
  /// Per voting user, the buffer dimension it puts on the partitions.
  SmallVector<unsigned> votes;
  /// Its subviews, each before the subviews of it.
  SmallVector<memref::SubViewOp> views;
  /// Whether a voting user is a convolution (or, after propagation, a copy
  /// or an elementwise op links it to a buffer relaid out the same way).
  bool relayout = false;
  /// The buffers a `memref.copy` moves this one to or from, or an
  /// elementwise op reads or writes with it.
  SmallVector<memref::AllocOp> linked;
  /// The dimension to put outermost (the votes agree on it).
  unsigned outer() const { return votes.front(); }
};

/// The `memref.alloc` that `v` is, or is a chain of subviews of.
memref::AllocOp rootAlloc(Value v) {
  while (auto view = v.getDefiningOp<memref::SubViewOp>())
    v = view.getSource();
  return v.getDefiningOp<memref::AllocOp>();
}

/// Collects, for `value` (a buffer or a view of one) and every subview of it,
/// the buffer dimension each user puts on the partitions, into `c`. Returns
/// false when some user is not a `linalg.generic`, `linalg.fill`,
/// `memref.copy`, a non-rank-reducing `memref.subview` or `memref.dealloc`:
/// the layout of such a buffer stays as it is.
bool collectVotes(Value value, Candidate &c) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto copy = dyn_cast<memref::CopyOp>(user)) {
      if (memref::AllocOp alloc =
              rootAlloc(use.getOperandNumber() == 0 ? copy.getTarget()
                                                    : copy.getSource()))
        c.linked.push_back(alloc);
      continue;
    }
    if (isa<memref::DeallocOp>(user))
      continue;
    if (auto view = dyn_cast<memref::SubViewOp>(user)) {
      if (view.getSourceType().getRank() != view.getType().getRank())
        return false;
      c.views.push_back(view);
      if (!collectVotes(view.getResult(), c))
        return false;
      continue;
    }
    // A fill stores a constant: any layout serves it equally.
    if (isa<linalg::FillOp>(user))
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (!generic)
      return false;
    // An elementwise op (a convolution's epilogue) links the buffers it
    // reads and writes.
    if (generic.getNumReductionLoops() == 0)
      for (Value other : generic->getOperands())
        if (other != use.get())
          if (memref::AllocOp alloc = rootAlloc(other))
            c.linked.push_back(alloc);
    std::optional<unsigned> loop = partitionLoop(generic, use);
    if (!loop)
      continue;
    c.relayout |= isConvolution(generic);
    // The one buffer dimension whose index depends on the partition loop
    // (a window's `d1 + d5` as much as a plain `d1`).
    AffineMap map = generic.getMatchingIndexingMap(&use);
    SmallVector<unsigned> dims;
    for (auto [dim, expr] : llvm::enumerate(map.getResults()))
      if (expr.isFunctionOfDim(*loop))
        dims.push_back(static_cast<unsigned>(dim));
    if (dims.size() == 1)
      c.votes.push_back(dims.front());
  }
  return true;
}

/// The identity-ordered strides of `shape` with dimension `outer` moved
/// outermost.
SmallVector<int64_t> outerFirstStrides(ArrayRef<int64_t> shape,
                                       unsigned outer) {
  SmallVector<unsigned> order{outer};
  for (unsigned d = 0; d < shape.size(); ++d)
    if (d != outer)
      order.push_back(d);
  SmallVector<int64_t> strides(shape.size());
  int64_t running = 1;
  for (unsigned d : llvm::reverse(order)) {
    strides[d] = running;
    running *= shape[d];
  }
  return strides;
}

struct ChooseHbmLayoutPass
    : systole::impl::ChooseHbmLayoutBase<ChooseHbmLayoutPass> {
  void runOnOperation() override {
    func::FuncOp main = systole::findEntryFunction(getOperation());
    if (!main || main.isExternal())
      return;
    // A buffer is relaid out when its voters agree and a convolution reads
    // or writes it, or a copy or an elementwise op links it to a buffer
    // relaid out the same way (a convolution's result and its epilogue's,
    // or a buffer copied into the interior of a convolution's padded
    // input). Other ops tile the dimensions after the partition dimension,
    // whose runs no relayout lengthens; relaying out every buffer whose
    // voters agree made the Llama attention block 6% slower (a softmax step
    // no longer fused, its result went through HBM).
    llvm::MapVector<Operation *, Candidate> candidates;
    for (auto alloc : main.getBody().front().getOps<memref::AllocOp>()) {
      MemRefType type = alloc.getType();
      // (Not an empty buffer: its strides would be 0, which no strided
      // layout may have.)
      if (!type.hasStaticShape() || type.getRank() < 3 ||
          type.getNumElements() == 0 || !type.getLayout().isIdentity())
        continue;
      Candidate c;
      if (!collectVotes(alloc.getResult(), c) || c.votes.empty() ||
          !llvm::all_equal(c.votes))
        continue;
      // Outermost already (or only size-1 dimensions outside it); or
      // innermost, where moving it out would make every free-dimension
      // element its own row.
      if (c.outer() + 1 == type.getRank() ||
          llvm::all_of(type.getShape().take_front(c.outer()),
                       [](int64_t n) { return n == 1; }))
        continue;
      candidates[alloc] = std::move(c);
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[op, c] : candidates) {
        if (c.relayout)
          continue;
        for (memref::AllocOp other : c.linked) {
          auto it = candidates.find(other);
          if (it != candidates.end() && it->second.relayout &&
              it->second.outer() == c.outer() &&
              other.getType().getRank() ==
                  cast<memref::AllocOp>(op).getType().getRank()) {
            c.relayout = changed = true;
            break;
          }
        }
      }
    }
    for (auto &[op, c] : candidates) {
      if (!c.relayout)
        continue;
      auto alloc = cast<memref::AllocOp>(op);
      MemRefType type = alloc.getType();
      auto layout = StridedLayoutAttr::get(
          type.getContext(), 0, outerFirstStrides(type.getShape(), c.outer()));
      alloc.getResult().setType(MemRefType::get(type.getShape(),
                                                type.getElementType(), layout,
                                                type.getMemorySpace()));
      // Subviews in def-before-use order: `views` lists a view before the
      // views of it.
      for (memref::SubViewOp view : c.views) {
        auto inferred = cast<MemRefType>(memref::SubViewOp::inferResultType(
            view.getSourceType(), view.getStaticOffsets(),
            view.getStaticSizes(), view.getStaticStrides()));
        view.getResult().setType(inferred);
      }
    }
  }
};

} // namespace
