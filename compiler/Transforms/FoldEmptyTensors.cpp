//===- FoldEmptyTensors.cpp - tensors of zero elements as constants -------===//
//
// `systole-fold-empty-tensors` (DESIGN section 1, phase `simplify`): a
// tensor with a dim of size 0 holds no data, so no instruction should read
// or write it (the `ncore` phase has no buffer of zero bytes to give it).
// The ops that compute one become empty constants, and the ops that read
// one and still produce data compute without it, as the StableHLO spec
// defines them on empty inputs:
//   - `dot`, `dot_general`, `convolution`: a sum over no products is 0;
//   - `reduce`: each result is its init value;
//   - `pad`: every result element is the padding value;
//   - `concatenate`: the empty inputs are dropped;
//   - `dynamic_update_slice`, `scatter`: no updates leave the operand.
// XLA's algebraic simplifier folds zero-element operands alike.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace systole {
#define GEN_PASS_DEF_FOLDEMPTYTENSORS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether `v` is a static-shaped tensor of zero elements.
bool isEmpty(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && type.hasStaticShape() && type.getNumElements() == 0;
}

/// A constant of `type` with every element `element` (or none, for an empty
/// `type`).
Value splatConstant(PatternRewriter &rewriter, Location loc,
                    RankedTensorType type, Attribute element) {
  DenseElementsAttr value =
      type.getNumElements() == 0
          ? DenseElementsAttr::get(type, ArrayRef<Attribute>{})
          : DenseElementsAttr::get(type, element);
  return rewriter.create<stablehlo::ConstantOp>(loc, type, value);
}

/// `scalar` (a rank-0 tensor) broadcast to `type`.
Value broadcastScalar(PatternRewriter &rewriter, Location loc,
                      RankedTensorType type, Value scalar) {
  return rewriter.create<stablehlo::BroadcastInDimOp>(
      loc, type, scalar, rewriter.getDenseI64ArrayAttr({}));
}

/// A side-effect-free stablehlo op (other than a constant) whose results
/// all hold zero elements: each result an empty constant.
struct EmptyResults : RewritePattern {
  EmptyResults(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<stablehlo::StableHLODialect>(op->getDialect()) ||
        isa<stablehlo::ConstantOp>(op) || op->getNumResults() == 0 ||
        !llvm::all_of(op->getResults(), isEmpty) || !isMemoryEffectFree(op))
      return failure();
    SmallVector<Value> constants;
    for (Value result : op->getResults())
      constants.push_back(
          splatConstant(rewriter, op->getLoc(),
                        cast<RankedTensorType>(result.getType()), Attribute()));
    rewriter.replaceOp(op, constants);
    return success();
  }
};

/// A contraction `OpTy` with an empty operand and a non-empty result: zeros.
template <typename OpTy> struct EmptyContraction : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape() || isEmpty(op.getResult()) ||
        (!isEmpty(op.getLhs()) && !isEmpty(op.getRhs())))
      return failure();
    rewriter.replaceOp(
        op, splatConstant(rewriter, op.getLoc(), type,
                          rewriter.getZeroAttr(type.getElementType())));
    return success();
  }
};

/// A `reduce` of empty inputs with non-empty results: the init values.
struct EmptyReduce : OpRewritePattern<stablehlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto isStatic = [](Value v) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      return type && type.hasStaticShape();
    };
    // Every check comes before the first op is created: a pattern that
    // fails must leave the IR as it found it.
    if (!llvm::any_of(op.getInputs(), isEmpty) ||
        llvm::any_of(op.getResults(), isEmpty) ||
        !llvm::all_of(op.getResults(), isStatic))
      return failure();
    SmallVector<Value> inits;
    for (auto [result, init] : llvm::zip(op.getResults(), op.getInitValues()))
      inits.push_back(broadcastScalar(rewriter, op.getLoc(),
                                      cast<RankedTensorType>(result.getType()),
                                      init));
    rewriter.replaceOp(op, inits);
    return success();
  }
};

/// A `pad` of an empty operand to a non-empty result: the padding value.
struct EmptyPad : OpRewritePattern<stablehlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::PadOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape() || !isEmpty(op.getOperand()) ||
        isEmpty(op.getResult()))
      return failure();
    rewriter.replaceOp(
        op, broadcastScalar(rewriter, op.getLoc(), type, op.getPaddingValue()));
    return success();
  }
};

/// A `concatenate` with empty inputs among non-empty ones: without them.
struct EmptyConcatenateInputs : OpRewritePattern<stablehlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> kept;
    llvm::copy_if(op.getInputs(), std::back_inserter(kept),
                  [](Value v) { return !isEmpty(v); });
    if (kept.empty() || kept.size() == op.getInputs().size())
      return failure();
    if (kept.size() == 1)
      rewriter.replaceOp(op, kept.front());
    else
      rewriter.replaceOpWithNewOp<stablehlo::ConcatenateOp>(
          op, op.getType(), kept, op.getDimensionAttr());
    return success();
  }
};

/// A `dynamic_update_slice` of an empty update: the operand.
struct EmptyUpdateSlice : OpRewritePattern<stablehlo::DynamicUpdateSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::DynamicUpdateSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (!isEmpty(op.getUpdate()) || op.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// A `scatter` of empty updates: its inputs.
struct EmptyScatter : OpRewritePattern<stablehlo::ScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ScatterOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getUpdates().empty() || !llvm::all_of(op.getUpdates(), isEmpty) ||
        op.getInputs().getTypes() != op.getResultTypes())
      return failure();
    rewriter.replaceOp(op, op.getInputs());
    return success();
  }
};

struct FoldEmptyTensorsPass
    : systole::impl::FoldEmptyTensorsBase<FoldEmptyTensorsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<EmptyResults, EmptyContraction<stablehlo::DotOp>,
             EmptyContraction<stablehlo::DotGeneralOp>,
             EmptyContraction<stablehlo::ConvolutionOp>, EmptyReduce, EmptyPad,
             EmptyConcatenateInputs, EmptyUpdateSlice, EmptyScatter>(
            &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
