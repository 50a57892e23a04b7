//===- StableHLOOps.h - StableHLO dialect ----------------------*- C++ -*-===//
//
// systole's implementation of the StableHLO operation set
// (https://openxla.org/stablehlo/spec). Ops, enums and attributes are
// generated from StableHLOBase.td / StableHLOOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOOPS_H
#define SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/StableHLO/StableHLODialect.h.inc"
#include "dialects/StableHLO/StableHLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/StableHLO/StableHLOAttrs.h.inc"

namespace systole::stablehlo {
/// Verifies an elementwise op with one operand: operand and result have the
/// same shape; element types agree except for the ops whose spec changes
/// them (convert, real, imag, is_finite). Emits an error at the op.
mlir::LogicalResult verifyUnaryElementwise(mlir::Operation *op);
/// Verifies an elementwise op with two operands: both operands and the result
/// have the same type (spec: add ... xor). Emits an error at the op.
mlir::LogicalResult verifyBinaryElementwise(mlir::Operation *op);

/// Result type of the unary elementwise op `opName` (e.g. "stablehlo.abs") on
/// an operand of type `operand` (spec: abs ... tanh): the operand type, except
/// is_finite (i1 elements), real and imag (the part type of complex elements,
/// the element type itself otherwise) and abs of complex elements (the part
/// type). Fails, with an error at `location` if given, when `operand` is not a
/// ranked tensor. Defined in StableHLOTypeInference.cpp.
mlir::LogicalResult inferUnaryElementwiseType(
    llvm::StringRef opName, std::optional<mlir::Location> location,
    mlir::Type operand, llvm::SmallVectorImpl<mlir::Type> &inferred);

/// Size of one windowed dimension (spec: convolution C25, reduce_window C16):
/// the base of `size` elements dilated by `baseDilation` and padded by
/// `padLow`/`padHigh`, the window of `window` elements dilated by
/// `windowDilation`, then strided by `stride` (> 0). Elements; 0 when the
/// window does not fit.
int64_t windowedSize(int64_t size, int64_t baseDilation, int64_t padLow,
                     int64_t padHigh, int64_t window, int64_t windowDilation,
                     int64_t stride);
} // namespace systole::stablehlo

#define GET_OP_CLASSES
#include "dialects/StableHLO/StableHLOOps.h.inc"

#endif // SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOOPS_H
