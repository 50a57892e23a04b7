//===- Fuse.cpp - the `fuse` phase ---------------------------------------===//
//
// `systole-fuse` (DESIGN section 1, phase `fuse`): generalize the named linalg
// ops that are not contractions, convolutions or fills, then fuse
// single-use elementwise producers into their `linalg.generic` consumers with
// upstream's elementwise fusion patterns.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systole {
#define GEN_PASS_DEF_FUSE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// Named ops that keep their name: the `ncore` phase maps them directly.
/// Convolutions are generalized too: until the tensor-engine convolution
/// kernel exists, the `ncore` phase runs them as windowed reductions.
bool keepsName(linalg::LinalgOp op) {
  return isa<linalg::GenericOp, linalg::MatmulOp, linalg::BatchMatmulOp,
             linalg::FillOp>(op);
}

struct FusePass : systole::impl::FuseBase<FusePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> named;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!keepsName(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      // A named op without a region body (none in MLIR 19) stays as it is.
      (void)linalg::generalizeNamedOp(rewriter, op);
    }

    RewritePatternSet patterns(&getContext());
    linalg::ControlFusionFn control = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
      // Contractions are generics only when dot_general had no named form;
      // fusing elementwise work into them would recompute it per output.
      // A windowed operand (convolution or pooling input, d2 * 2 + d5) is
      // read once per window element: fusing its producer would recompute
      // it that many times, and hides the convolution from `ncore`.
      return producer && producer->hasOneUse() && consumer &&
             !isa<linalg::FillOp>(producer) &&
             !linalg::isaContractionOpInterface(consumer) &&
             consumer.getMatchingIndexingMap(fused).isProjectedPermutation();
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::FillOp::getCanonicalizationPatterns(patterns, &getContext());
    linalg::GenericOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
