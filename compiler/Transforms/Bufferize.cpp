//===- Bufferize.cpp - the `bufferize` phase -----------------------------===//
//
// `systole-bufferize` (DESIGN section 1, phase `bufferize`): upstream one-shot
// module bufferization, then function results to out-parameters.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace systole {
#define GEN_PASS_DEF_BUFFERIZE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

struct BufferizePass : systole::impl::BufferizeBase<BufferizePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The program's inputs live in HBM regions the caller owns: never
    // written in place.
    module.walk([](func::FuncOp func) {
      if (func.isExternal())
        return;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        if (isa<TensorType>(func.getArgument(i).getType()))
          func.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              BoolAttr::get(func.getContext(), false));
    });

    // One fill per use: CSE merges equal `linalg.fill`s (every matmul's zero
    // init becomes one), and bufferization would then fill one buffer and
    // copy it into each user's through HBM; the `ncore` phase also wants the
    // zero fill right before its matmul (the accumulation's start, and where
    // an epilogue can fuse).
    SmallVector<linalg::FillOp> shared;
    module.walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill.getResult(0).hasOneUse() &&
          !fill.getResult(0).use_empty())
        shared.push_back(fill);
    });
    for (linalg::FillOp fill : shared) {
      // Each use gets a copy right before it; the original goes.
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : fill.getResult(0).getUses())
        uses.push_back(&use);
      for (OpOperand *use : uses) {
        OpBuilder b(use->getOwner());
        // Its own destination too: fills sharing one `tensor.empty` are
        // writes to one tensor, which the analysis would have to resolve
        // pairwise (quadratic in the model's depth).
        IRMapping map;
        Value init = fill.getDpsInits()[0];
        if (auto empty = init.getDefiningOp<tensor::EmptyOp>())
          map.map(init, b.clone(*empty.getOperation())->getResult(0));
        Operation *copy = b.clone(*fill.getOperation(), map);
        use->set(copy->getResult(0));
      }
      Value init = fill.getDpsInits()[0];
      fill.erase();
      if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
          empty && empty->use_empty())
        empty.erase();
    }

    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    options.allowReturnAllocsFromLoops = true;
    if (failed(bufferization::runOneShotModuleBufferize(module, options)))
      return signalPassFailure();

    bufferization::BufferResultsToOutParamsOpts outParams;
    outParams.addResultAttribute = true;
    outParams.hoistStaticAllocs = true;
    if (failed(
            bufferization::promoteBufferResultsToOutParams(module, outParams)))
      return signalPassFailure();

    // CSE only: canonicalization would rebuild linalg ops without the
    // `tile` phase's decisions.
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createCSEPass());
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};

} // namespace
