//===- Pipeline.cpp - the compiler's phases ------------------------------===//

#include "compiler/Pipeline/Pipeline.h"

#include "compiler/Conversion/Passes.h"
#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace systole {

ArrayRef<Phase> allPhases() {
  static const Phase phases[] = {
      Phase::Input, Phase::Simplify, Phase::Quantize,  Phase::Linalg,
      Phase::Fuse,  Phase::Tile,     Phase::Bufferize, Phase::Place,
      Phase::Ncore, Phase::Schedule, Phase::Emit};
  return phases;
}

StringRef phaseName(Phase phase) {
  switch (phase) {
  case Phase::Input:
    return "input";
  case Phase::Simplify:
    return "simplify";
  case Phase::Quantize:
    return "quantize";
  case Phase::Linalg:
    return "linalg";
  case Phase::Fuse:
    return "fuse";
  case Phase::Tile:
    return "tile";
  case Phase::Bufferize:
    return "bufferize";
  case Phase::Place:
    return "place";
  case Phase::Ncore:
    return "ncore";
  case Phase::Schedule:
    return "schedule";
  case Phase::Emit:
    return "emit";
  }
  return "";
}

std::optional<Phase> parsePhase(StringRef name) {
  for (Phase p : allPhases())
    if (phaseName(p) == name)
      return p;
  return std::nullopt;
}

void addPhasePasses(OpPassManager &pm, Phase phase,
                    const PipelineOptions &options) {
  switch (phase) {
  case Phase::Input:
    pm.addPass(createNormalizeInput());
    break;
  case Phase::Simplify:
    buildSimplifyPipeline(pm);
    break;
  case Phase::Quantize:
    if (options.fp8 != "off")
      pm.addPass(createQuantizeFP8WithReport(
          QuantizeFP8Options{options.fp8, options.fp8Calibration},
          options.fp8Report));
    break;
  case Phase::Linalg:
    pm.addPass(createNarrowTypes());
    pm.addNestedPass<func::FuncOp>(createWidenUnsignedReductions());
    pm.addNestedPass<func::FuncOp>(createWidenFloatReductions());
    pm.addPass(createStableHLOToLinalg());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    // Last: the ops it adds are canonicalized with the `fuse` phase's.
    pm.addNestedPass<func::FuncOp>(createSplitReductions());
    break;
  case Phase::Fuse:
    pm.addNestedPass<func::FuncOp>(createFuse());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    // After CSE: the guard's max is then the softmax's own.
    pm.addNestedPass<func::FuncOp>(createFoldSoftmaxRowGuard());
    pm.addNestedPass<func::FuncOp>(createAdjoinContractionProducers());
    break;
  case Phase::Tile:
    pm.addNestedPass<func::FuncOp>(createTile(TileOptions{options.target}));
    break;
  case Phase::Bufferize:
    pm.addPass(createBufferize());
    break;
  case Phase::Place:
    pm.addPass(createChooseHbmLayout());
    pm.addPass(createPlaceMemory(PlaceMemoryOptions{options.target}));
    break;
  case Phase::Ncore:
    pm.addPass(createLinalgToNcore(LinalgToNcoreOptions{options.target}));
    pm.addPass(createFoldActivationReductions());
    break;
  case Phase::Schedule:
    pm.addPass(createSchedule());
    break;
  case Phase::Emit:
    break;
  }
}

LogicalResult
runPhases(ModuleOp module, Phase from, Phase to, const PipelineOptions &options,
          function_ref<LogicalResult(PassManager &, Phase)> configure,
          StringRef dumpDir) {
  if (!dumpDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpDir))
      return module.emitError()
             << "cannot create --dump-dir " << dumpDir << ": " << ec.message();
  unsigned index = 0;
  for (Phase p : allPhases()) {
    unsigned number = index++;
    if (p < from || p > to)
      continue;
    // One pass manager per phase, so each phase's result can be dumped.
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    addPhasePasses(pm, p, options);
    if (configure && failed(configure(pm, p)))
      return failure();
    if (failed(pm.run(module)))
      return failure();
    if (dumpDir.empty())
      continue;
    char prefix[16];
    snprintf(prefix, sizeof(prefix), "%02u-", number);
    std::string path = (dumpDir + "/" + prefix + phaseName(p) + ".mlir").str();
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec)
      return module.emitError()
             << "cannot write " << path << ": " << ec.message();
    module.print(os);
  }
  return success();
}

void registerSystolePipeline() {
  registerPassPipeline(
      "systole-pipeline",
      "Runs the phases FROM..TO of DESIGN section 1 (e.g. "
      "--systole-pipeline=linalg..place, or 'input..schedule target=trn1 "
      "fp8=e4m3')",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler)
          -> LogicalResult {
        PipelineOptions options;
        SmallVector<StringRef> words;
        llvm::SplitString(text, words, " ");
        StringRef range = "input..schedule";
        for (StringRef w : words) {
          if (w.consume_front("target="))
            options.target = w.str();
          else if (w.consume_front("fp8="))
            options.fp8 = w.str();
          else
            range = w;
        }
        auto [from, to] = range.split("..");
        if (!range.contains(".."))
          to = from;
        if (from.empty())
          from = "input";
        std::optional<Phase> a = parsePhase(from), b = parsePhase(to);
        if (!a || !b || *a > *b)
          return errorHandler(
              "systole-pipeline: expected FROM..TO with phases among "
              "input, simplify, quantize, linalg, fuse, tile, "
              "bufferize, place, ncore, schedule; got '" +
              range + "'");
        for (Phase p : allPhases())
          if (p >= *a && p <= *b)
            addPhasePasses(pm, p, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
}

} // namespace systole
