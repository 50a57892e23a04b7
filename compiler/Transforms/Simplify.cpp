//===- Simplify.cpp - the `simplify` phase as one pipeline ---------------===//
//
// `systole-simplify` (DESIGN section 1, phase `simplify`): canonicalize and
// CSE, decompose chlo ops and composite stablehlo ops into core stablehlo,
// unroll loops of known trip count, turn if/case into selects of their
// branches, runtime-indexed slices into row gathers and scatters, scatter
// batching dims into index components, element-wise scatters with iota index
// components into window scatters, scatters that combine with maximum,
// minimum, multiply or integer ops into masked reductions, and fold
// transposes and head-merging reshapes into dot_general's dimension
// numbers, give every float dot_general one free dim per operand and one
// contracting dim, merge the dims that a transpose keeps together, then
// canonicalize and CSE again so the decompositions' constants are shared.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

void systole::buildSimplifyPipeline(mlir::OpPassManager &pm) {
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  pm.addNestedPass<mlir::func::FuncOp>(createDecomposeCHLO());
  pm.addNestedPass<mlir::func::FuncOp>(createDecomposeComposites());
  pm.addNestedPass<mlir::func::FuncOp>(createUnrollWhileLoops());
  pm.addNestedPass<mlir::func::FuncOp>(createSpeculateConditionals());
  pm.addNestedPass<mlir::func::FuncOp>(createDynamicSlicesToRows());
  pm.addNestedPass<mlir::func::FuncOp>(createExpandScatterBatchingDims());
  pm.addNestedPass<mlir::func::FuncOp>(createScatterIndicesToWindows());
  pm.addNestedPass<mlir::func::FuncOp>(createScattersAsMaskedReductions());
  pm.addNestedPass<mlir::func::FuncOp>(createFoldEmptyTensors());
  pm.addNestedPass<mlir::func::FuncOp>(createWidenMixedContractions());
  pm.addNestedPass<mlir::func::FuncOp>(createFoldTransposesIntoDots());
  pm.addNestedPass<mlir::func::FuncOp>(createCollapseDotDims());
  pm.addNestedPass<mlir::func::FuncOp>(createCollapseTransposeDims());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void systole::registerSimplifyPipeline() {
  mlir::PassPipelineRegistration<>(
      "systole-simplify",
      "The `simplify` phase: canonicalize, CSE, decompose chlo and composite "
      "stablehlo ops into core stablehlo, unroll loops of known trip count, "
      "if/case as selects, runtime-indexed slices as row gathers, "
      "scatter batching dims as index components, element-wise scatters as "
      "window scatters, combining scatters as masked reductions, empty "
      "tensors folded, mixed-type dots widened, transposes folded into "
      "dot_general, dot_general's free and contracting dims collapsed, "
      "transposes of as few dims as they move",
      buildSimplifyPipeline);
}
