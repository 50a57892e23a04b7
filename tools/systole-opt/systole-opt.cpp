//===- systole-opt.cpp - mlir-opt with every systole dialect and pass ----===//
//
// Used by the lit tests: `systole-opt file.mlir --pass-pipeline=...`,
// `-split-input-file`, `-verify-diagnostics`. The input goes through the same
// MLIR-19 compatibility rewrites as systole-run and systole-compile
// (compiler/Pipeline/SourceLoader.h), so location ranges and byte-per-element
// i1 literals of newer exporters load. Foreign dialects that real exports
// reference in attributes (e.g. `#ttcore.*`) need --allow-unregistered-dialect.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline/Registration.h"
#include "compiler/Pipeline/SourceLoader.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  systole::registerAllDialects(registry);
  systole::registerAllPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "systole optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << inputFilename << ": error: " << errorMessage << "\n";
    return 2;
  }
  bool changed = false;
  std::string text = systole::rewriteForMlir19(file->getBuffer(), &changed);
  if (changed)
    file = llvm::MemoryBuffer::getMemBufferCopy(text,
                                                file->getBufferIdentifier());
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << outputFilename << ": error: " << errorMessage << "\n";
    return 2;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(file), registry,
                                     config)))
    return 2; // DESIGN section 7: bad input

  output->keep();
  return 0;
}
