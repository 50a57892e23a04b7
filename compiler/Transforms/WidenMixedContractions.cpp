//===- WidenMixedContractions.cpp - one element type per contraction ------===//
//
// `systole-widen-mixed-contractions` (DESIGN section 1, phase `simplify`):
// StableHLO lets `dot`, `dot_general` and `convolution` multiply operands of
// different element types (JAX's `x.astype(bf16) @ w` with an f32 `w`
// exports a bf16 x f32 `dot_general`). The tensor engine multiplies two f32
// operands or two 16/8-bit floats (DESIGN section 4, `matmul`), so a float
// operand narrower than the other is converted to the wider type first. The
// conversion is exact (every bf16, f16 and fp8 value is an f32 value), so
// the product is the one the spec defines; XLA's operand upcaster does the
// same. Operands of two narrow types (bf16 x f16, fp8 x bf16), which the
// tensor engine takes as they are, and integer operands are left unchanged.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systole {
#define GEN_PASS_DEF_WIDENMIXEDCONTRACTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether the tensor engine multiplies `t` against another narrow float
/// as it is: bf16, f16 and the 8-bit floats.
bool isNarrowFloat(Type t) {
  return isa<FloatType>(t) && t.getIntOrFloatBitWidth() <= 16 && !t.isF32();
}

/// A contraction `OpTy` (with `lhs` and `rhs` operands) whose float operands
/// differ in element type, not both narrow: the narrower operand converted
/// to the wider one's element type (exactly; `stablehlo.convert`).
template <typename OpTy> struct WidenNarrowOperand : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = dyn_cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(op.getRhs().getType());
    if (!lhsType || !rhsType)
      return failure();
    auto lhsElement = dyn_cast<FloatType>(lhsType.getElementType());
    auto rhsElement = dyn_cast<FloatType>(rhsType.getElementType());
    if (!lhsElement || !rhsElement || lhsElement == rhsElement ||
        (isNarrowFloat(lhsElement) && isNarrowFloat(rhsElement)) ||
        lhsElement.getWidth() == rhsElement.getWidth())
      return failure();
    bool widenLhs = lhsElement.getWidth() < rhsElement.getWidth();
    OpOperand &narrow = widenLhs ? op->getOpOperand(0) : op->getOpOperand(1);
    Type wide = widenLhs ? rhsElement : lhsElement;
    auto narrowType = cast<RankedTensorType>(narrow.get().getType());
    rewriter.setInsertionPoint(op);
    Value widened = rewriter.create<stablehlo::ConvertOp>(
        op.getLoc(), narrowType.clone(wide), narrow.get());
    rewriter.modifyOpInPlace(op, [&] { narrow.set(widened); });
    return success();
  }
};

struct WidenMixedContractionsPass
    : systole::impl::WidenMixedContractionsBase<WidenMixedContractionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WidenNarrowOperand<stablehlo::DotOp>,
                 WidenNarrowOperand<stablehlo::DotGeneralOp>,
                 WidenNarrowOperand<stablehlo::ConvolutionOp>>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
