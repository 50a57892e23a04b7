//===- systole-opt.cpp - mlir-opt with every systole dialect and pass ----===//
//
// Used by the lit tests: `systole-opt file.mlir --pass-pipeline=...`,
// `-split-input-file`, `-verify-diagnostics`. Foreign dialects that real
// exports reference in attributes (e.g. `#ttcore.*`) are accepted as opaque
// attributes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  systole::registerAllDialects(registry);
  systole::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "systole optimizer driver\n", registry));
}
