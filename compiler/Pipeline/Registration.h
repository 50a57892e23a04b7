//===- Registration.h - every dialect and pass systole uses ----*- C++ -*-===//
#ifndef SYSTOLE_COMPILER_PIPELINE_REGISTRATION_H
#define SYSTOLE_COMPILER_PIPELINE_REGISTRATION_H

#include "mlir/IR/DialectRegistry.h"

namespace systole {
/// Adds systole's dialects (stablehlo, chlo, sdy, ncore) and the upstream
/// dialects the pipeline uses (func, arith, math, tensor, linalg, scf,
/// memref, bufferization) with their external interface models.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers systole's passes (names prefixed `systole-`) and the upstream
/// passes the pipeline uses, for systole-opt.
void registerAllPasses();
} // namespace systole

#endif
