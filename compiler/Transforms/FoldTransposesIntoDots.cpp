//===- FoldTransposesIntoDots.cpp - transposes read by dot_general --------===//
//
// `systole-fold-transposes-into-dots` (DESIGN section 1, phase `simplify`):
// a `dot_general` reads its operands through its dimension numbers (StableHLO
// spec: dot_general), so a `transpose` that only reorders an operand's dims,
// or a `reshape` that only merges dims that the dot treats as one batch dim,
// need not be computed. Attention as PyTorch/XLA exports it splits heads as
// reshape [B, S, H * D] -> [B, S, H, D], transpose -> [B, H, S, D], reshape
// -> [B * H, S, D] before each batched matmul; after this pass the matmuls
// read [B, S, H, D] directly with batch dims (B, H), and the transposes
// (each one a pass over the tensor through HBM) are gone. XLA's
// TransposeFolding does the same for transposes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace systole {
#define GEN_PASS_DEF_FOLDTRANSPOSESINTODOTS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// The dims of one dot_general operand that are neither batch nor
/// contracting dims, in order (their order in the result).
SmallVector<int64_t> freeDims(int64_t rank, ArrayRef<int64_t> batch,
                              ArrayRef<int64_t> contracting) {
  SmallVector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(batch, d) && !llvm::is_contained(contracting, d))
      free.push_back(d);
  return free;
}

/// `dims` of a transpose's result as dims of its operand.
SmallVector<int64_t> throughPermutation(ArrayRef<int64_t> perm,
                                        ArrayRef<int64_t> dims) {
  SmallVector<int64_t> out;
  for (int64_t d : dims)
    out.push_back(perm[d]);
  return out;
}

/// Whether a dot_general that reads `operand` with these batch and
/// contracting dims can read the operand of the `transpose` that defines it
/// instead (FoldTransposeOperand): the free dims keep their order, and so
/// the result its layout.
bool foldsTranspose(Value operand, ArrayRef<int64_t> batch,
                    ArrayRef<int64_t> contracting) {
  auto transpose = operand.getDefiningOp<stablehlo::TransposeOp>();
  if (!transpose)
    return false;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  return llvm::is_sorted(
      throughPermutation(perm, freeDims(perm.size(), batch, contracting)));
}

/// A dot_general operand that is a `transpose`: the dot reads the
/// transpose's operand with its dims renumbered, when that keeps the order
/// of the free dims (and so the result's layout). The batch dims keep their
/// pairing and order; the contracting dims their pairing. Tried before
/// ExpandMergedBatchDims (a higher benefit), which would hide the transpose
/// behind a reshape.
struct FoldTransposeOperand : OpRewritePattern<stablehlo::DotGeneralOp> {
  FoldTransposeOperand(MLIRContext *ctx)
      : OpRewritePattern(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(stablehlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    auto dn = op.getDotDimensionNumbers();
    for (int side = 0; side < 2; ++side) {
      Value operand = side == 0 ? op.getLhs() : op.getRhs();
      ArrayRef<int64_t> batch = side == 0 ? dn.getLhsBatchingDimensions()
                                          : dn.getRhsBatchingDimensions();
      ArrayRef<int64_t> contracting = side == 0
                                          ? dn.getLhsContractingDimensions()
                                          : dn.getRhsContractingDimensions();
      if (!foldsTranspose(operand, batch, contracting))
        continue;
      auto transpose = operand.getDefiningOp<stablehlo::TransposeOp>();
      ArrayRef<int64_t> perm = transpose.getPermutation();
      SmallVector<int64_t> newBatch = throughPermutation(perm, batch),
                           newContracting =
                               throughPermutation(perm, contracting);
      auto dims = stablehlo::DotDimensionNumbersAttr::get(
          op.getContext(),
          side == 0 ? ArrayRef<int64_t>(newBatch)
                    : dn.getLhsBatchingDimensions(),
          side == 1 ? ArrayRef<int64_t>(newBatch)
                    : dn.getRhsBatchingDimensions(),
          side == 0 ? ArrayRef<int64_t>(newContracting)
                    : dn.getLhsContractingDimensions(),
          side == 1 ? ArrayRef<int64_t>(newContracting)
                    : dn.getRhsContractingDimensions());
      Value lhs = side == 0 ? transpose.getOperand() : op.getLhs();
      Value rhs = side == 1 ? transpose.getOperand() : op.getRhs();
      rewriter.replaceOpWithNewOp<stablehlo::DotGeneralOp>(
          op, op.getType(), lhs, rhs, dims, op.getPrecisionConfigAttr());
      return success();
    }
    return failure();
  }
};

/// One dot_general operand seen through a `reshape` that only merges dims:
/// `source` and, per operand dim, the sizes of the source dims it merges,
/// unit dims left out ([1] for a dim of size 1). Without such a reshape,
/// the operand itself, one size per dim.
struct Merged {
  Value source;
  SmallVector<SmallVector<int64_t>> sizes;
};

Merged mergedOf(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  Merged m{v, {}};
  for (int64_t s : type.getShape())
    m.sizes.push_back({s});
  auto reshape = v.getDefiningOp<stablehlo::ReshapeOp>();
  if (!reshape)
    return m;
  auto srcType = cast<RankedTensorType>(reshape.getOperand().getType());
  std::optional<SmallVector<ReassociationIndices>> groups =
      getReassociationIndicesForCollapse(srcType.getShape(), type.getShape());
  if (!groups || static_cast<int64_t>(groups->size()) != type.getRank())
    return m;
  m.source = reshape.getOperand();
  for (auto [d, group] : llvm::enumerate(*groups)) {
    m.sizes[d].clear();
    for (int64_t s : group)
      if (srcType.getDimSize(s) != 1)
        m.sizes[d].push_back(srcType.getDimSize(s));
    if (m.sizes[d].empty())
      m.sizes[d].push_back(1);
  }
  return m;
}

/// A batch dim that an operand's `reshape` merged from several dims (heads
/// and batch, [B * H, S, D]) is that many batch dims: the dot reads the
/// reshape's operand, the other operand's matching dim is split alike (a
/// reshape, which moves no data), and the result is reshaped back. Only
/// batch dims: a merged free or contracting dim would give the tensor
/// engine's contraction several M, N or K loops. Only where it exposes a
/// transpose that FoldTransposeOperand then folds (the reshape's operand is
/// one): several batch loops in place of one gain nothing by themselves.
struct ExpandMergedBatchDims : OpRewritePattern<stablehlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return failure();
    auto dn = op.getDotDimensionNumbers();
    Merged sides[2] = {mergedOf(op.getLhs()), mergedOf(op.getRhs())};
    ArrayRef<int64_t> batch[2] = {dn.getLhsBatchingDimensions(),
                                  dn.getRhsBatchingDimensions()};
    ArrayRef<int64_t> contracting[2] = {dn.getLhsContractingDimensions(),
                                        dn.getRhsContractingDimensions()};
    // Each batch pair's split: both sides' merged sizes when equal, or the
    // one side's where the other is a single dim.
    SmallVector<SmallVector<int64_t>> split;
    bool expands = false;
    for (auto [l, r] : llvm::zip(batch[0], batch[1])) {
      const auto &sl = sides[0].sizes[l], &sr = sides[1].sizes[r];
      if (sl == sr || sr.size() == 1)
        split.push_back(sl);
      else if (sl.size() == 1)
        split.push_back(sr);
      else
        return failure();
      expands |= split.back().size() > 1;
    }
    if (!expands)
      return failure();
    // The other dims stay one dim each.
    for (int side = 0; side < 2; ++side) {
      int64_t rank = sides[side].sizes.size();
      for (int64_t d = 0; d < rank; ++d)
        if (!llvm::is_contained(batch[side], d) &&
            sides[side].sizes[d].size() != 1)
          return failure();
    }
    // New operands' shapes: per dim its split (batch) or its one size, in
    // order.
    SmallVector<int64_t> shapes[2], newBatch[2], newContracting[2];
    for (int side = 0; side < 2; ++side) {
      const Merged &m = sides[side];
      int64_t rank = m.sizes.size();
      SmallVector<int64_t> &shape = shapes[side], start(rank);
      for (int64_t d = 0; d < rank; ++d) {
        start[d] = shape.size();
        auto it = llvm::find(batch[side], d);
        if (it != batch[side].end())
          llvm::append_range(shape, split[it - batch[side].begin()]);
        else
          shape.push_back(m.sizes[d].front());
      }
      for (auto [i, d] : llvm::enumerate(batch[side]))
        for (int64_t j = 0, e = split[i].size(); j < e; ++j)
          newBatch[side].push_back(start[d] + j);
      for (int64_t d : contracting[side])
        newContracting[side].push_back(start[d]);
    }
    // A side read as its reshape's operand, unchanged, needs no reshape.
    auto readsSource = [&](int side) {
      return sides[side].source != (side == 0 ? op.getLhs() : op.getRhs()) &&
             cast<RankedTensorType>(sides[side].source.getType()).getShape() ==
                 ArrayRef<int64_t>(shapes[side]);
    };
    if (!llvm::any_of(std::array{0, 1}, [&](int side) {
          return readsSource(side) &&
                 foldsTranspose(sides[side].source, newBatch[side],
                                newContracting[side]);
        }))
      return failure();
    Value operands[2];
    for (int side = 0; side < 2; ++side) {
      const Merged &m = sides[side];
      auto sourceType = cast<RankedTensorType>(m.source.getType());
      operands[side] = m.source;
      if (sourceType.getShape() != ArrayRef<int64_t>(shapes[side]))
        operands[side] = rewriter.create<stablehlo::ReshapeOp>(
            op.getLoc(),
            RankedTensorType::get(shapes[side], sourceType.getElementType()),
            m.source);
    }
    // Result: the batch dims, then each side's free dims.
    SmallVector<int64_t> shape;
    for (const auto &s : split)
      llvm::append_range(shape, s);
    for (int side = 0; side < 2; ++side) {
      auto type = cast<RankedTensorType>(operands[side].getType());
      for (int64_t d :
           freeDims(type.getRank(), newBatch[side], newContracting[side]))
        shape.push_back(type.getDimSize(d));
    }
    auto dims = stablehlo::DotDimensionNumbersAttr::get(
        op.getContext(), newBatch[0], newBatch[1], newContracting[0],
        newContracting[1]);
    Value dot = rewriter.create<stablehlo::DotGeneralOp>(
        op.getLoc(), RankedTensorType::get(shape, resultType.getElementType()),
        operands[0], operands[1], dims, op.getPrecisionConfigAttr());
    rewriter.replaceOpWithNewOp<stablehlo::ReshapeOp>(op, resultType, dot);
    return success();
  }
};

struct FoldTransposesIntoDotsPass
    : systole::impl::FoldTransposesIntoDotsBase<FoldTransposesIntoDotsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandMergedBatchDims, FoldTransposeOperand>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
