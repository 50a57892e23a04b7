//===- NeuronCoreOps.h - the ncore dialect ----------------------*- C++ -*-===//
//
// The NeuronCore instruction set as MLIR ops (DESIGN sections 2-4): an
// `ncore.program` holding HBM declarations, semaphores and one op per
// instruction, whose operands are `#ncore.ap<...>` access patterns.
// Generated from NeuronCoreBase.td / NeuronCoreOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_DIALECTS_NEURONCORE_NEURONCOREOPS_H
#define SYSTOLE_DIALECTS_NEURONCORE_NEURONCOREOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "dialects/NeuronCore/NeuronCoreDialect.h.inc"
#include "dialects/NeuronCore/NeuronCoreEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/NeuronCore/NeuronCoreAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/NeuronCore/NeuronCoreOps.h.inc"

namespace systole::ncore {

/// Whether `type` is an element type of DESIGN section 3: f32, bf16, f16,
/// f8E4M3, f8E4M3FN, f8E5M2, i32, i16, i8, ui8, i1; and ui32, ui16, which
/// the NeuronCore also has (NKI's supported data types: uint32, uint16).
/// Engines read unsigned elements as their unsigned values.
bool isSupportedElementType(mlir::Type type);
/// Bytes per element of a supported type (i1 is stored as one byte); 0 for
/// any other type.
int64_t getElementByteSize(mlir::Type type);

/// Whether `op` is an ncore instruction (it has an `engine`).
bool isInstruction(mlir::Operation *op);
/// Whether an instruction writes the access pattern of its attribute `role`
/// (`dst`, an activation's `reduce_dst`, a scatter's `table`); it reads the
/// others (DESIGN section 4).
bool isWrittenOperand(mlir::Operation *op, llvm::StringRef role);
/// The engine and DMA queue (-1 for compute engines) of an instruction.
Engine getInstructionEngine(mlir::Operation *op);
int getInstructionQueue(mlir::Operation *op);

/// One semaphore wait (wait until `sem` >= `value`) or increment (add `value`
/// when the results are visible) of an instruction.
struct SemaphoreUse {
  mlir::FlatSymbolRefAttr sem;
  int64_t value;
};
llvm::SmallVector<SemaphoreUse> getInstructionWaits(mlir::Operation *op);
llvm::SmallVector<SemaphoreUse> getInstructionSignals(mlir::Operation *op);
/// Sets the sync attributes of an instruction (removes them when empty).
void setInstructionSync(mlir::Operation *op, llvm::ArrayRef<SemaphoreUse> waits,
                        llvm::ArrayRef<SemaphoreUse> signals);
/// Sets the engine (and the DMA queue when `engine` is dma) of an instruction.
void setInstructionEngine(mlir::Operation *op, Engine engine, int queue);

} // namespace systole::ncore

#endif // SYSTOLE_DIALECTS_NEURONCORE_NEURONCOREOPS_H
