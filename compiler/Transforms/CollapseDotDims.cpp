//===- CollapseDotDims.cpp - one free and one contracting dim per operand -===//
//
// `systole-collapse-dot-dims` (DESIGN section 1, phase `simplify`): the
// tensor engine multiplies [M x K] by [K x N] at each batch index, and
// `systole-tile` gives a float contraction to it only with at most one M,
// one N and exactly one K loop. A `dot_general` whose operand has several
// free dims (JAX's `x @ W` of x [batch, tokens, features]: free dims batch
// and tokens) or several contracting dims (Flax DenseGeneral over [heads,
// head dim]) is rewritten here to that form, as XLA's DotDecomposer does:
// each operand's free dims become one dim and its contracting dims one dim
// by a `reshape` where they are adjacent in memory and the contracting dims
// pair up in the same order on both sides (a reshape moves no data), else
// after a `transpose` to [batch..., free..., contracting...] or [batch...,
// contracting..., free...], whichever keeps the operand's contiguous dim
// innermost. The result is reshaped back. Batch dims stay as they are (the
// tensor engine's lowering takes any number of them, at any stride). Left
// alone: dots without a tensor-engine type pair, and short contractions
// against a vector, which the vector engine does faster as written.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace systole {
#define GEN_PASS_DEF_COLLAPSEDOTDIMS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// One dot_general operand's dims by role: its batch dims (in the dot's
/// pairing order), free dims (ascending: their order in the result) and
/// contracting dims (in the order chosen for both operands).
struct OperandDims {
  SmallVector<int64_t> batch, free, contracting;
};

/// Whether `shape`'s dims `dims`, in this order and leaving out those of
/// size 1, occupy consecutive positions in ascending order among the dims
/// that stay dims (the non-unit ones and `roles`' batch dims): a reshape
/// can merge them into one dim without moving data.
bool adjacentInOrder(ArrayRef<int64_t> shape, ArrayRef<int64_t> dims,
                     const OperandDims &roles) {
  // The dims that stay dims: non-unit ones and every batch dim.
  SmallVector<int64_t> kept;
  for (int64_t d = 0, e = shape.size(); d < e; ++d)
    if (shape[d] != 1 || llvm::is_contained(roles.batch, d))
      kept.push_back(d);
  int64_t last = -1;
  for (int64_t d : dims) {
    if (shape[d] == 1)
      continue;
    int64_t pos = llvm::find(kept, d) - kept.begin();
    if (last >= 0 && pos != last + 1)
      return false;
    last = pos;
  }
  return true;
}

/// Whether `roles`' free dims and contracting dims each merge into one dim
/// of `shape` by a reshape.
bool collapsible(ArrayRef<int64_t> shape, const OperandDims &roles) {
  return adjacentInOrder(shape, roles.free, roles) &&
         adjacentInOrder(shape, roles.contracting, roles);
}

/// The dim of `shape` that is contiguous in memory: its last non-unit dim
/// (-1: none).
int64_t innermostDim(ArrayRef<int64_t> shape) {
  for (int64_t d = shape.size() - 1; d >= 0; --d)
    if (shape[d] != 1)
      return d;
  return -1;
}

/// Whether transposeTo keeps `shape`'s contiguous dim innermost: it puts
/// the free dims last when that dim is a free dim, the contracting dims
/// last (in `roles`' order) when it is a contracting dim; a batch dim moves.
bool keepsInnermost(ArrayRef<int64_t> shape, const OperandDims &roles) {
  int64_t d = innermostDim(shape);
  if (d < 0 || llvm::is_contained(roles.free, d))
    return true;
  // The last contracting dim that is not a unit dim (unit dims move no
  // data).
  for (int64_t c : llvm::reverse(roles.contracting))
    if (shape[c] != 1)
      return c == d;
  return false;
}

/// The product of `shape`'s sizes at `dims`.
int64_t sizeOf(ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= shape[d];
  return n;
}

/// An operand as the rewritten dot reads it: the value, and its dims by role
/// (free: at most one; contracting: one).
struct Collapsed {
  Value value;
  OperandDims dims;
};

/// Merges `roles`' free dims and contracting dims of `v` into one dim each,
/// where the first non-unit dim of each group was (`collapsible` holds).
Collapsed collapse(PatternRewriter &rewriter, Location loc, Value v,
                   const OperandDims &roles) {
  auto type = cast<RankedTensorType>(v.getType());
  ArrayRef<int64_t> shape = type.getShape();
  // Each group's anchor: its first non-unit dim, else its first dim.
  auto anchor = [&](ArrayRef<int64_t> dims) -> int64_t {
    for (int64_t d : dims)
      if (shape[d] != 1)
        return d;
    return dims.empty() ? -1 : dims.front();
  };
  int64_t freeAnchor = anchor(roles.free),
          contractingAnchor = anchor(roles.contracting);
  Collapsed c;
  c.dims.batch.assign(roles.batch.size(), -1);
  SmallVector<int64_t> newShape;
  for (int64_t d = 0, e = shape.size(); d < e; ++d) {
    auto batchIt = llvm::find(roles.batch, d);
    if (batchIt != roles.batch.end()) {
      c.dims.batch[batchIt - roles.batch.begin()] = newShape.size();
      newShape.push_back(shape[d]);
    } else if (d == freeAnchor) {
      c.dims.free.push_back(newShape.size());
      newShape.push_back(sizeOf(shape, roles.free));
    } else if (d == contractingAnchor) {
      c.dims.contracting.push_back(newShape.size());
      newShape.push_back(sizeOf(shape, roles.contracting));
    }
  }
  c.value = v;
  if (ArrayRef<int64_t>(newShape) != shape)
    c.value = rewriter.create<stablehlo::ReshapeOp>(
        loc, RankedTensorType::get(newShape, type.getElementType()), v);
  return c;
}

/// `v` transposed to its batch dims, then its contracting dims and then its
/// free dims, or its free dims before its contracting dims where that keeps
/// its contiguous dim innermost (keepsInnermost), with `roles` renumbered to
/// match. A transpose that moves the contiguous dim reads HBM an element at
/// a time.
Value transposeTo(PatternRewriter &rewriter, Location loc, Value v,
                  OperandDims &roles) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t innermost = innermostDim(type.getShape());
  bool freeFirst =
      innermost >= 0 && llvm::is_contained(roles.contracting, innermost);
  SmallVector<int64_t> perm(roles.batch);
  ArrayRef<int64_t> first = freeFirst ? roles.free : roles.contracting,
                    second = freeFirst ? roles.contracting : roles.free;
  llvm::append_range(perm, first);
  llvm::append_range(perm, second);
  SmallVector<int64_t> shape;
  for (int64_t d : perm)
    shape.push_back(type.getDimSize(d));
  OperandDims renumbered;
  auto range = [](int64_t from, size_t n) {
    return llvm::to_vector(llvm::seq<int64_t>(from, from + n));
  };
  int64_t nb = roles.batch.size(), nf = roles.free.size(),
          nc = roles.contracting.size();
  renumbered.batch = range(0, nb);
  renumbered.free = range(freeFirst ? nb : nb + nc, nf);
  renumbered.contracting = range(freeFirst ? nb + nf : nb, nc);
  roles = std::move(renumbered);
  return rewriter.create<stablehlo::TransposeOp>(
      loc, RankedTensorType::get(shape, type.getElementType()), v,
      rewriter.getDenseI64ArrayAttr(perm));
}

/// The cost of a transpose that moves the contiguous dim, in multiples of
/// one that keeps it innermost: 4 MB of f32 took 1073 us against 57 us on
/// trn2.
constexpr int64_t kMovedInnermostCost = 20;

/// The shortest contraction (K) worth collapsing for the tensor engine when
/// a side is a vector.
constexpr int64_t kMinCollapsedK = 32;

/// A float dot_general with an operand of more than one free dim or with
/// more than one contracting dim, rewritten with one of each per operand
/// (see the file comment). The contracting dims pair up in the lhs's order
/// or in the rhs's, whichever costs less: an operand that merges by a
/// reshape costs nothing, a transpose its elements, and a transpose that
/// moves the contiguous dim (keepsInnermost) kMovedInnermostCost times as
/// much.
struct CollapseDotDims : OpRewritePattern<stablehlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !resultType.hasStaticShape() ||
        !isa<FloatType>(lhsType.getElementType()) ||
        !isa<FloatType>(rhsType.getElementType()))
      return failure();
    auto dn = op.getDotDimensionNumbers();
    ArrayRef<int64_t> lc = dn.getLhsContractingDimensions(),
                      rc = dn.getRhsContractingDimensions();
    OperandDims roles[2];
    RankedTensorType types[2] = {lhsType, rhsType};
    roles[0].batch.assign(dn.getLhsBatchingDimensions().begin(),
                          dn.getLhsBatchingDimensions().end());
    roles[1].batch.assign(dn.getRhsBatchingDimensions().begin(),
                          dn.getRhsBatchingDimensions().end());
    for (int side = 0; side < 2; ++side)
      for (int64_t d = 0, e = types[side].getRank(); d < e; ++d)
        if (!llvm::is_contained(roles[side].batch, d) &&
            !llvm::is_contained(side == 0 ? lc : rc, d))
          roles[side].free.push_back(d);
    if (lc.empty() || (lc.size() == 1 && roles[0].free.size() <= 1 &&
                       roles[1].free.size() <= 1))
      return failure();
    // The tensor engine's forms: f32 x f32, or 16- and 8-bit floats on
    // both sides (a bf16 x f32 dot is left as written).
    auto narrow = [](Type t) { return t.getIntOrFloatBitWidth() <= 16; };
    Type lt = lhsType.getElementType(), rt = rhsType.getElementType();
    if (!((lt.isF32() && rt.isF32()) || (narrow(lt) && narrow(rt))))
      return failure();
    // A short contraction against a vector (one free element): the vector
    // engine's contraction of the dot as written is faster (a [4 x 8192 x
    // 16] . [16] matrix-vector product: 107.4 us, collapsed for the tensor
    // engine 280.7).
    int64_t k = sizeOf(lhsType.getShape(), lc);
    for (int side = 0; side < 2; ++side)
      if (k < kMinCollapsedK &&
          sizeOf(types[side].getShape(), roles[side].free) == 1)
        return failure();

    // The contracting pairs in the lhs's dim order or the rhs's: the one
    // whose operands need fewer elements transposed.
    int64_t bestCost = -1;
    for (int byRhs = 0; byRhs < 2; ++byRhs) {
      SmallVector<int64_t> pairs =
          llvm::to_vector(llvm::seq<int64_t>(0, lc.size()));
      ArrayRef<int64_t> key = byRhs ? rc : lc;
      llvm::stable_sort(pairs,
                        [&](int64_t a, int64_t b) { return key[a] < key[b]; });
      OperandDims trial[2] = {roles[0], roles[1]};
      int64_t cost = 0;
      for (int side = 0; side < 2; ++side) {
        trial[side].contracting.clear();
        for (int64_t p : pairs)
          trial[side].contracting.push_back(side == 0 ? lc[p] : rc[p]);
        ArrayRef<int64_t> shape = types[side].getShape();
        if (!collapsible(shape, trial[side]))
          cost +=
              types[side].getNumElements() *
              (keepsInnermost(shape, trial[side]) ? 1 : kMovedInnermostCost);
      }
      if (bestCost < 0 || cost < bestCost) {
        bestCost = cost;
        roles[0].contracting = trial[0].contracting;
        roles[1].contracting = trial[1].contracting;
      }
    }

    Location loc = op.getLoc();
    Collapsed sides[2];
    for (int side = 0; side < 2; ++side) {
      Value v = side == 0 ? op.getLhs() : op.getRhs();
      if (!collapsible(types[side].getShape(), roles[side]))
        v = transposeTo(rewriter, loc, v, roles[side]);
      sides[side] = collapse(rewriter, loc, v, roles[side]);
    }
    // Result: the batch dims, the lhs's free dim, the rhs's.
    SmallVector<int64_t> shape(
        resultType.getShape().take_front(dn.getLhsBatchingDimensions().size()));
    for (const Collapsed &c : sides)
      for (int64_t d : c.dims.free)
        shape.push_back(
            cast<RankedTensorType>(c.value.getType()).getDimSize(d));
    auto dims = stablehlo::DotDimensionNumbersAttr::get(
        op.getContext(), sides[0].dims.batch, sides[1].dims.batch,
        sides[0].dims.contracting, sides[1].dims.contracting);
    Value dot = rewriter.create<stablehlo::DotGeneralOp>(
        loc, RankedTensorType::get(shape, resultType.getElementType()),
        sides[0].value, sides[1].value, dims, op.getPrecisionConfigAttr());
    if (resultType.getShape() == ArrayRef<int64_t>(shape))
      rewriter.replaceOp(op, dot);
    else
      rewriter.replaceOpWithNewOp<stablehlo::ReshapeOp>(op, resultType, dot);
    return success();
  }
};

struct CollapseDotDimsPass
    : systole::impl::CollapseDotDimsBase<CollapseDotDimsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CollapseDotDims>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
