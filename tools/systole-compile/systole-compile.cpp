//===- systole-compile.cpp - the compiler driver --------------------------===//
//
// DESIGN section 7:
//   systole-compile in.mlir -o out.ncx [--target=trn1|trn2|FILE]
//       [--compile-to=PHASE] [--dump-dir=DIR] [--emit=ncx|mlir]
//       [--fp8=off|e4m3|e5m2 [--fp8-calibration=FILE] [--fp8-report]]
//       [--mlir-print-ir-after-all ...] [--mlir-timing]
//       [--mlir-pass-pipeline-crash-reproducer=FILE]
// Runs the phases of DESIGN section 1 and writes the NCX executable, or the
// MLIR after --compile-to's phase. Exit codes: 0 ok, 2 bad usage or input
// (including an op the compiler cannot lower), 3 internal error.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline/Pipeline.h"
#include "compiler/Pipeline/Registration.h"
#include "compiler/Pipeline/SourceLoader.h"
#include "compiler/Target/NCX/NcxTranslation.h"
#include "compiler/Transforms/QuantizeFP8.h"
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "runtime/ncx/Ncx.h"
#include "runtime/targets/Target.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>

using namespace mlir;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("systole-compile options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string>
    outputFile("o",
               cl::desc("Output file (default: input with .ncx, "
                        "or stdout for --emit=mlir)"),
               cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> target("target",
                            cl::desc("trn1, trn2 (default) or a TargetDesc "
                                     "textproto"),
                            cl::init("trn2"), cl::cat(category));
cl::opt<std::string>
    compileTo("compile-to",
              cl::desc("Stop after this phase and write its MLIR: input, "
                       "simplify, quantize, linalg, fuse, tile, "
                       "bufferize, place, ncore, schedule; or emit (the "
                       "default: the executable, see --emit)"),
              cl::cat(category));
cl::opt<std::string> dumpDir("dump-dir",
                             cl::desc("Write NN-phase.mlir after each phase"),
                             cl::cat(category));
cl::opt<std::string> emit("emit", cl::desc("ncx (default) or mlir"),
                          cl::init("ncx"), cl::cat(category));
cl::opt<std::string> fp8("fp8",
                         cl::desc("FP8 quantization of dot_general and "
                                  "convolution operands (DESIGN section 5): "
                                  "off (default), e4m3 or e5m2"),
                         cl::init("off"), cl::cat(category));
cl::opt<std::string> fp8Calibration(
    "fp8-calibration",
    cl::desc("JSON file of calibrated absmax values for static activation "
             "scales: {\"<op index or file:line:col>\": {\"lhs_amax\": A, "
             "\"rhs_amax\": B}}"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<bool>
    fp8Report("fp8-report",
              cl::desc("Print each quantized op's location, formats "
                       "and scales (systole-run --fp8-report also "
                       "measures its error on the reference backend)"),
              cl::cat(category));
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  systole::registerAllPasses(); // first: names for --mlir-print-ir-after=...
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "systole-compile: StableHLO to NeuronCore\n",
                                   &llvm::errs()))
    return 2; // DESIGN section 7: bad usage

  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "systole-compile: error: " << message << "\n";
    return 2;
  };
  if (emit != "ncx" && emit != "mlir")
    return fail("unknown --emit=" + emit + " (expected ncx or mlir)");
  if (std::string bad =
          systole::checkFp8Flags(fp8, !fp8Calibration.empty(), fp8Report);
      !bad.empty())
    return fail(bad);
  systole::Phase last = systole::Phase::Schedule;
  if (!compileTo.empty()) {
    std::optional<systole::Phase> p = systole::parsePhase(compileTo);
    if (!p)
      return fail("unknown --compile-to=" + compileTo +
                  " (expected input, simplify, quantize, linalg, fuse, tile, "
                  "bufferize, place, ncore, schedule or emit)");
    last = *p == systole::Phase::Emit ? systole::Phase::Schedule : *p;
  }
  bool writeMlir =
      emit == "mlir" || (!compileTo.empty() && compileTo != "emit");
  if (auto loaded = systole::loadTarget(target); !loaded.ok())
    return fail("--target: " + std::string(loaded.status().message()));

  std::unique_ptr<MLIRContext> context = systole::createContext();
  systole::installOneLineDiagnostics(*context, inputFile);
  OwningOpRef<ModuleOp> module = systole::loadModule(*context, inputFile);
  if (!module)
    return 2;

  systole::PipelineOptions options;
  options.target = target;
  options.fp8 = fp8;
  options.fp8Calibration = fp8Calibration;
  std::vector<systole::Fp8OpInfo> quantized;
  options.fp8Report = &quantized;
  DefaultTimingManager tm;
  applyDefaultTimingManagerCLOptions(tm);
  TimingScope timing = tm.getRootScope();
  // One timing scope per phase, alive until the report: each phase's pass
  // manager is separate, and the passes' timers are keyed by their address.
  std::vector<TimingScope> phaseTimings;
  auto configure = [&](PassManager &pm, systole::Phase phase) -> LogicalResult {
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    if (tm.isEnabled()) {
      if (!phaseTimings.empty())
        phaseTimings.back().stop(); // the previous phase has run
      phaseTimings.push_back(timing.nest(
          reinterpret_cast<const void *>(static_cast<uintptr_t>(phase) + 1),
          [phase] { return systole::phaseName(phase).str(); }));
      pm.enableTiming(phaseTimings.back());
    }
    return success();
  };
  auto start = std::chrono::steady_clock::now();
  if (failed(systole::runPhases(*module, systole::Phase::Input, last, options,
                                configure, dumpDir)))
    return 2;
  if (!phaseTimings.empty())
    phaseTimings.back().stop();
  if (fp8Report && last >= systole::Phase::Quantize) {
    systole::Fp8Options reportOptions;
    reportOptions.format = *systole::parseFp8Format(fp8);
    systole::printFp8Report(llvm::errs(), reportOptions, quantized);
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  std::string out = outputFile;
  if (out.empty())
    out = writeMlir ? "-"
                    : (llvm::StringRef(inputFile).ends_with(".mlir")
                           ? llvm::StringRef(inputFile).drop_back(5).str()
                           : inputFile.getValue()) +
                          ".ncx";
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(out, &error);
  if (!file)
    return fail(error);
  if (writeMlir) {
    module->print(file->os());
    file->keep();
    return 0;
  }
  systole::ncore::ProgramOp program;
  for (auto p : module->getOps<systole::ncore::ProgramOp>())
    program = p;
  if (!program) {
    llvm::errs() << "systole-compile: internal error: no ncore.program after "
                    "the schedule phase\n";
    return 3;
  }
  Builder b(context.get());
  program.setCompilerVersionAttr(b.getStringAttr("systole 0.1"));
  program.setStatsAttr(b.getDictionaryAttr(
      {b.getNamedAttr("compile_seconds", b.getF64FloatAttr(seconds))}));
  FailureOr<systole::ncx::Executable> exe =
      systole::translateProgramToNcx(program);
  if (failed(exe))
    return 3;
  absl::StatusOr<std::string> bytes = systole::ncx::serializeExecutable(*exe);
  if (!bytes.ok()) {
    llvm::errs() << "systole-compile: internal error: "
                 << std::string(bytes.status().message()) << "\n";
    return 3;
  }
  file->os() << *bytes;
  file->keep();
  if (!dumpDir.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(dumpDir + "/10-emit.mlir", ec);
    if (!ec)
      module->print(os);
  }
  return 0;
}
