//===- Passes.h - systole's passes -----------------------------*- C++ -*-===//
#ifndef SYSTOLE_COMPILER_TRANSFORMS_PASSES_H
#define SYSTOLE_COMPILER_TRANSFORMS_PASSES_H

#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "dialects/StableHLO/StableHLOOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "runtime/targets/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace systole {
#define GEN_PASS_DECL
#include "compiler/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Transforms/Passes.h.inc"

/// The target description a pass's `target` option names (`trn1`, `trn2` or
/// a TargetDesc textproto path, runtime/targets/Target.h); failure with an
/// error at `op` when it does not load.
inline mlir::FailureOr<TargetDesc> loadTargetFor(mlir::Operation *op,
                                                 llvm::StringRef target) {
  absl::StatusOr<TargetDesc> loaded = loadTarget(target.str());
  if (!loaded.ok()) {
    op->emitError() << "--target: " << std::string(loaded.status().message());
    return mlir::failure();
  }
  return std::move(*loaded);
}

/// The function a compile starts from: `@main`, else the module's only
/// public function with a body (IREE-style exports name it after the model);
/// null when there is neither.
inline mlir::func::FuncOp findEntryFunction(mlir::ModuleOp module) {
  if (auto main = module.lookupSymbol<mlir::func::FuncOp>("main"))
    return main;
  mlir::func::FuncOp only;
  for (auto f : module.getOps<mlir::func::FuncOp>()) {
    if (f.isExternal() || !f.isPublic())
      continue;
    if (only)
      return nullptr;
    only = f;
  }
  return only;
}

struct Fp8OpInfo;
/// The `quantize` pass (systole-quantize) that also stores what it quantized
/// in `*report` (when non-null) for --fp8-report.
std::unique_ptr<mlir::Pass>
createQuantizeFP8WithReport(const QuantizeFP8Options &options,
                            std::vector<Fp8OpInfo> *report);

/// Adds the `simplify` phase (DESIGN section 1) to `pm`, anchored on a
/// module: canonicalize, CSE, systole-decompose-chlo,
/// systole-decompose-composites, systole-unroll-while-loops,
/// systole-speculate-conditionals, systole-dynamic-slices-to-rows,
/// canonicalize, CSE.
void buildSimplifyPipeline(mlir::OpPassManager &pm);
/// Registers that pipeline as `systole-simplify`.
void registerSimplifyPipeline();
} // namespace systole

#endif
