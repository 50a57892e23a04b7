//===- ShardyOps.h - Shardy constructs real exports carry ------*- C++ -*-===//
#ifndef SYSTOLE_DIALECTS_SHARDY_SHARDYOPS_H
#define SYSTOLE_DIALECTS_SHARDY_SHARDYOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/Shardy/ShardyDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Shardy/ShardyAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/Shardy/ShardyOps.h.inc"

#endif
