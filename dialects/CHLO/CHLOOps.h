//===- CHLOOps.h - client HLO ops ------------------------------*- C++ -*-===//
#ifndef SYSTOLE_DIALECTS_CHLO_CHLOOPS_H
#define SYSTOLE_DIALECTS_CHLO_CHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/CHLO/CHLODialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/CHLO/CHLOOps.h.inc"

#endif
