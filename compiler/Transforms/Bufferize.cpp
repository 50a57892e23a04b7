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
