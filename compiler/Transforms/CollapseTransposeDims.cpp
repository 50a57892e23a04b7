//===- CollapseTransposeDims.cpp - transposes of as few dims as they need -===//
//
// `systole-collapse-transpose-dims` (DESIGN section 1, phase `simplify`):
// a `transpose` whose permutation keeps some dims next to each other in the
// same order (perm [3, 0, 1, 2] keeps 0, 1, 2 together) moves the same data
// as a transpose of fewer dims, each run merged into one ([a, b, c, d] ->
// [a * b * c, d], perm [1, 0]); dims of size 1 move no data at all. The
// transpose becomes a `reshape` to the merged dims, the smaller transpose,
// and a `reshape` to the result (reshapes move no data), or one reshape
// when only unit dims moved; a transpose of a transpose is one transpose
// (composed first). The `ncore` phase then sees a 2-D transpose that the
// tensor engine does 128 x 128 at a time where it would have read the 4-D
// one from HBM an element at a time. XLA's algebraic simplifier normalizes
// transposes alike.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace systole {
#define GEN_PASS_DEF_COLLAPSETRANSPOSEDIMS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// The fewest elements of a contiguous dim that moves for merging the other
/// dims to pay (CollapseTransposeDims).
constexpr int64_t kMinMovedInnermost = 5;

/// A static-shaped transpose with a run of non-unit dims that stay adjacent
/// and in order as reshape, transpose of the merged dims (unit dims left
/// out), reshape; one that moves only unit dims as a reshape.
struct CollapseTransposeDims : OpRewritePattern<stablehlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!type.hasStaticShape())
      return failure();
    ArrayRef<int64_t> shape = type.getShape();
    // The result's dims as operand dims, unit dims left out.
    SmallVector<int64_t> order;
    for (int64_t d : op.getPermutation())
      if (shape[d] != 1)
        order.push_back(d);
    // Runs of the result's dims that are consecutive operand dims (unit
    // dims skipped): each run's first operand dim starts a merged dim.
    auto nextNonUnit = [&](int64_t d) {
      do
        ++d;
      while (d < static_cast<int64_t>(shape.size()) && shape[d] == 1);
      return d;
    };
    SmallVector<int64_t> runStarts;
    for (size_t i = 0; i < order.size(); ++i)
      if (i == 0 || order[i] != nextNonUnit(order[i - 1]))
        runStarts.push_back(order[i]);
    // Merged dims in operand order, and the permutation of them. Unit dims
    // alone are left where they are when the transpose still moves data:
    // dropping them gains nothing and would put reshapes between the
    // transpose and the elementwise ops it fuses with.
    SmallVector<int64_t> sorted(runStarts);
    llvm::sort(sorted);
    bool movesData = sorted != runStarts;
    if (runStarts.size() == order.size() &&
        (movesData || order.size() == static_cast<size_t>(type.getRank())))
      return failure();
    // A contiguous dim of fewer than kMinMovedInnermost elements that moves
    // (NHWC to NCHW of 3 channels): `ncore` loads the transpose as it is in
    // rows of the dims before it, where the merged 2-D form would read one
    // element per DMA descriptor (224 x 224 x 3 f32: 9.0 us, merged 163.7;
    // from 5 elements on, merged is faster).
    int64_t innermost = order.empty() ? -1 : *llvm::max_element(order);
    if (movesData && order.back() != innermost &&
        shape[innermost] < kMinMovedInnermost)
      return failure();
    SmallVector<int64_t> mergedShape, perm;
    for (size_t g = 0; g < sorted.size(); ++g) {
      int64_t size = 1;
      int64_t end = g + 1 < sorted.size() ? sorted[g + 1] : shape.size();
      for (int64_t d = sorted[g]; d < end; ++d)
        size *= shape[d];
      mergedShape.push_back(size);
    }
    for (int64_t start : runStarts)
      perm.push_back(llvm::find(sorted, start) - sorted.begin());
    Location loc = op.getLoc();
    Value v = op.getOperand();
    if (movesData) {
      v = rewriter.create<stablehlo::ReshapeOp>(
          loc, RankedTensorType::get(mergedShape, type.getElementType()), v);
      SmallVector<int64_t> transposedShape;
      for (int64_t p : perm)
        transposedShape.push_back(mergedShape[p]);
      v = rewriter.create<stablehlo::TransposeOp>(
          loc, RankedTensorType::get(transposedShape, type.getElementType()), v,
          rewriter.getDenseI64ArrayAttr(perm));
    }
    rewriter.replaceOpWithNewOp<stablehlo::ReshapeOp>(op, resultType, v);
    return success();
  }
};

/// A transpose of a transpose as one transpose (none when the two undo
/// each other): result dim i is the inner transpose's dim perm[i], its
/// operand's dim inner[perm[i]]. Tried before CollapseTransposeDims (a
/// higher benefit), which would put reshapes between the two.
struct ComposeTransposes : OpRewritePattern<stablehlo::TransposeOp> {
  ComposeTransposes(MLIRContext *ctx) : OpRewritePattern(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(stablehlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<stablehlo::TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> innerPerm = inner.getPermutation();
    SmallVector<int64_t> perm;
    for (int64_t d : op.getPermutation())
      perm.push_back(innerPerm[d]);
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size()))) {
      rewriter.replaceOp(op, inner.getOperand());
      return success();
    }
    rewriter.replaceOpWithNewOp<stablehlo::TransposeOp>(
        op, op.getType(), inner.getOperand(),
        rewriter.getDenseI64ArrayAttr(perm));
    return success();
  }
};

struct CollapseTransposeDimsPass
    : systole::impl::CollapseTransposeDimsBase<CollapseTransposeDimsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CollapseTransposeDims, ComposeTransposes>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
