//===- StableHLOAttrs.h - helpers for StableHLO attribute syntax -*- C++ -*-===//
#ifndef SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOATTRS_H
#define SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOATTRS_H

#include "mlir/IR/OpImplementation.h"

namespace systole::stablehlo {
class ConvDimensionNumbersAttr;
/// Parses `[d, d, ...]` (possibly empty) into `dims`.
mlir::ParseResult parseDimList(mlir::AsmParser &parser,
                               llvm::SmallVectorImpl<int64_t> &dims);
/// Prints `[d, d, ...]`.
void printDimList(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> dims);
} // namespace systole::stablehlo

#endif
