//===- DecomposeComposites.cpp - composite stablehlo into core ops --------===//
//
// See Passes.td (DecomposeComposites). The formulas are the spec's
// definitions of each op (https://openxla.org/stablehlo/spec), evaluated in the
// op's element type as the spec does.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systole {
#define GEN_PASS_DEF_DECOMPOSECOMPOSITES
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// batch_norm_inference(x, scale, offset, mean, variance) =
///   (x - mean) * (scale * rsqrt(variance + epsilon)) + offset,
/// the per-feature factor computed on the 1-D operands before broadcasting
/// along `feature_index`.
struct BatchNormInferencePattern
    : OpRewritePattern<stablehlo::BatchNormInferenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::BatchNormInferenceOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto featureType = cast<RankedTensorType>(op.getScale().getType());
    if (!isa<FloatType>(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "not a float type");
    Location loc = op.getLoc();
    HloBuilder f(rewriter, loc, featureType);
    HloBuilder h(rewriter, loc, type);
    Value eps = f.splat(op.getEpsilon().convertToDouble());
    Value inv = f.unary<stablehlo::RsqrtOp>(f.add(op.getVariance(), eps));
    Value factor = f.mul(op.getScale(), inv);
    int64_t feature = op.getFeatureIndex();
    auto broadcast = [&](Value v) -> Value {
      return rewriter.create<stablehlo::BroadcastInDimOp>(
          loc, type, v, ArrayRef<int64_t>{feature});
    };
    // One statement per op: the order of the created ops is fixed.
    Value centered = h.sub(op.getOperand(), broadcast(op.getMean()));
    Value scaled = h.mul(centered, broadcast(factor));
    Value offset = broadcast(op.getOffset());
    Value result = h.add(scaled, offset);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// dot(lhs, rhs) = dot_general contracting the last dimension of lhs with the
/// first of rhs (ranks 1 or 2), no batch dimensions.
struct DotPattern : OpRewritePattern<stablehlo::DotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::DotOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto dims = stablehlo::DotDimensionNumbersAttr::get(
        getContext(), {}, {}, {lhsType.getRank() - 1}, {0});
    rewriter.replaceOpWithNewOp<stablehlo::DotGeneralOp>(
        op, op.getType(), op.getLhs(), op.getRhs(), dims,
        op.getPrecisionConfigAttr());
    return success();
  }
};

/// clamp(min, x, max) = minimum(maximum(x, min), max), scalar bounds
/// broadcast to the shape of x.
struct ClampPattern : OpRewritePattern<stablehlo::ClampOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ClampOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    Location loc = op.getLoc();
    auto expand = [&](Value bound) -> Value {
      if (bound.getType() == type)
        return bound;
      return rewriter.create<stablehlo::BroadcastInDimOp>(loc, type, bound,
                                                          ArrayRef<int64_t>{});
    };
    HloBuilder h(rewriter, loc, type);
    Value lower = expand(op.getMin()), upper = expand(op.getMax());
    rewriter.replaceOp(op, h.min(h.max(op.getOperand(), lower), upper));
    return success();
  }
};

struct DecomposeCompositesPass
    : systole::impl::DecomposeCompositesBase<DecomposeCompositesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BatchNormInferencePattern, DotPattern, ClampPattern>(
        &getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(patterns)))) {
      getOperation()->emitError()
          << "composite op decomposition did not converge";
      signalPassFailure();
    }
  }
};

} // namespace
