//===- NormalizeInput.cpp - the `input` phase ----------------------------===//
//
// See Passes.td (NormalizeInput) for what this pass does and why.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/Shardy/ShardyOps.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace systole {
#define GEN_PASS_DEF_NORMALIZEINPUT
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {
struct NormalizeInputPass
    : systole::impl::NormalizeInputBase<NormalizeInputPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failedAny = false;
    SmallVector<Operation *> toErase;
    IRRewriter rewriter(&getContext());
    module.walk([&](Operation *op) {
      if (!op->getName().isRegistered()) {
        op->emitError() << "unknown operation '" << op->getName()
                        << "': its dialect is not supported by systole";
        failedAny = true;
        return;
      }
      if (isa<systole::sdy::MeshOp>(op)) {
        toErase.push_back(op);
        return;
      }
      // Sharding annotations (jax.lax.with_sharding_constraint, shard_map's
      // shape changes) are the identity on one NeuronCore.
      if (auto call = dyn_cast<systole::stablehlo::CustomCallOp>(op)) {
        StringRef target = call.getCallTargetName();
        if ((target == "Sharding" || target == "SPMDFullToShardShape" ||
             target == "SPMDShardToFullShape") &&
            op->getNumOperands() == 1 && op->getNumResults() == 1 &&
            op->getOperand(0).getType() == op->getResult(0).getType()) {
          rewriter.replaceOp(op, op->getOperand(0));
          return;
        }
      }
      // A composite computes its decomposition: a call, inlined below.
      if (auto composite = dyn_cast<systole::stablehlo::CompositeOp>(op)) {
        rewriter.setInsertionPoint(op);
        auto call = rewriter.create<func::CallOp>(
            op->getLoc(), composite.getDecompositionAttr(),
            op->getResultTypes(), op->getOperands());
        rewriter.replaceOp(op, call->getResults());
        return;
      }
      ElementsAttr value;
      if (auto c = dyn_cast<systole::sdy::ConstantOp>(op))
        value = c.getValue();
      else if (auto c = dyn_cast<arith::ConstantOp>(op))
        if (isa<RankedTensorType>(c.getType()))
          value = cast<ElementsAttr>(c.getValue());
      if (!value)
        return;
      rewriter.setInsertionPoint(op);
      auto replacement = rewriter.create<systole::stablehlo::ConstantOp>(
          op->getLoc(), value.getType(), value);
      rewriter.replaceOp(op, replacement->getResults());
    });
    for (Operation *op : toErase)
      op->erase();
    if (failedAny)
      return signalPassFailure();

    OpPassManager inlining("builtin.module");
    inlining.addPass(createInlinerPass());
    inlining.addPass(createSymbolDCEPass());
    if (failed(runPipeline(inlining, module)))
      return signalPassFailure();
  }
};
} // namespace
