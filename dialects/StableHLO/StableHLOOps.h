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
} // namespace systole::stablehlo

#define GET_OP_CLASSES
#include "dialects/StableHLO/StableHLOOps.h.inc"

#endif // SYSTOLE_DIALECTS_STABLEHLO_STABLEHLOOPS_H
