//===- systole-translate.cpp - ncore IR <-> NCX executables ---------------===//
//
// DESIGN section 7: `systole-translate --ncore-to-ncx in.mlir -o out.ncx` and
// `systole-translate --ncx-to-ncore in.ncx` (the disassembler). Exit codes:
// 0 ok, 2 bad input (parse, verifier or validation error).
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/NCX/NcxTranslation.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  systole::registerNcxTranslations();
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, "systole translation tool"))
             ? 2
             : 0;
}
