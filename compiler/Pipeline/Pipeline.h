//===- Pipeline.h - the compiler's phases -----------------------*- C++ -*-===//
//
// The named phases of DESIGN section 1, in order, and the pass pipeline that
// runs a range of them. Used by systole-compile, by systole-run (which
// compiles .mlir on the fly) and by `systole-opt --systole-pipeline=A..B`.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_PIPELINE_PIPELINE_H
#define SYSTOLE_COMPILER_PIPELINE_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace systole {

struct Fp8OpInfo;

/// DESIGN section 1's phases. `quantize` is optional: it adds no passes
/// unless PipelineOptions::fp8 asks for FP8 (DESIGN section 5). `emit` is the
/// NCX serialization that follows `schedule` (compiler/Target/NCX).
enum class Phase {
  Input,
  Simplify,
  Quantize,
  Linalg,
  Fuse,
  Tile,
  Bufferize,
  Place,
  Ncore,
  Schedule,
  Emit
};

/// Every phase in pipeline order.
llvm::ArrayRef<Phase> allPhases();
/// The phase's name as DESIGN section 1 spells it (`input`, ..., `emit`).
llvm::StringRef phaseName(Phase phase);
/// The phase named `name`; nullopt for an unknown name.
std::optional<Phase> parsePhase(llvm::StringRef name);

/// What the pipeline needs besides the IR.
struct PipelineOptions {
  /// `trn1`, `trn2` or the path of a TargetDesc textproto.
  std::string target = "trn2";
  /// --fp8: `off` (the `quantize` phase is empty), `e4m3` or `e5m2`.
  std::string fp8 = "off";
  /// --fp8-calibration: a JSON file of calibrated absmax values (see
  /// Fp8Options::calibrationPath); empty for dynamic scales.
  std::string fp8Calibration;
  /// When non-null, the `quantize` phase stores what it quantized here.
  std::vector<Fp8OpInfo> *fp8Report = nullptr;
};

/// Adds the passes of one phase (nothing for `emit`) to a module-anchored
/// pass manager.
void addPhasePasses(mlir::OpPassManager &pm, Phase phase,
                    const PipelineOptions &options);

/// Runs phases `from`..`to` (inclusive; `emit` adds nothing) on `module`.
/// `configure` may add instrumentation and the --mlir-* options to each
/// phase's pass manager before it runs. With a non-empty `dumpDir`, the module
/// after each phase is written to `dumpDir/NN-phase.mlir` (NN the phase's index
/// in allPhases(), from 00 for `input`). Errors: the passes' diagnostics; a
/// dump file that cannot be written is an error at the module.
mlir::LogicalResult
runPhases(mlir::ModuleOp module, Phase from, Phase to,
          const PipelineOptions &options,
          llvm::function_ref<mlir::LogicalResult(mlir::PassManager &, Phase)>
              configure = {},
          llvm::StringRef dumpDir = "");

/// Registers `--systole-pipeline=FROM..TO` (phases inclusive; `FROM` alone
/// runs one phase, `..TO` starts at `input`) with an optional
/// ` target=NAME`, for systole-opt.
void registerSystolePipeline();

} // namespace systole

#endif
