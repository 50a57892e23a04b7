//===- Passes.h - systole's passes -----------------------------*- C++ -*-===//
#ifndef SYSTOLE_COMPILER_TRANSFORMS_PASSES_H
#define SYSTOLE_COMPILER_TRANSFORMS_PASSES_H

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace systole {
#define GEN_PASS_DECL
#include "compiler/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

#endif
