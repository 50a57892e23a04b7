//===- NcxTranslation.h - ncore IR <-> NCX executables ----------*- C++ -*-===//
//
// The `emit` phase (ncore program -> NCX protobuf, DESIGN section 6) and the
// disassembler (NCX -> ncore program). The two are inverse: an executable
// disassembled and translated back is byte-identical, so the disassembly is
// exact.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_TARGET_NCX_NCXTRANSLATION_H
#define SYSTOLE_COMPILER_TARGET_NCX_NCXTRANSLATION_H

#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "runtime/ncx/ncx.pb.h"

namespace systole {

/// Translates a verified `ncore.program` into an executable: the program's
/// target description (embedded), inputs/outputs/constants/scratch in
/// declaration order, one instruction stream per engine and DMA queue in
/// program order, semaphores numbered in declaration order, each
/// instruction's first FileLineColLoc and first NameLoc as its debug location
/// (ncx.proto `DebugLoc`), magic, version
/// and end marker. The result passes ncx::validateExecutable.
/// Errors: emitted at the program (an executable that fails validation, e.g.
/// a region larger than the target's HBM).
mlir::FailureOr<ncx::Executable>
translateProgramToNcx(ncore::ProgramOp program);

/// Builds a module holding one `ncore.program @main` from a validated
/// executable: declarations first (inputs, outputs, constants as
/// `tensor<Nxui8>` bytes, scratch, semaphores `@sem0`...), then the
/// instructions of all streams merged in a causal order (repeatedly the first
/// stream - tensor, vector, scalar, gpsimd, dma0, ... - whose next
/// instruction's semaphore waits are already met). The target is named by
/// `target`; a description that differs from the shipped one is kept as
/// `target_desc`.
mlir::OwningOpRef<mlir::ModuleOp>
translateNcxToModule(const ncx::Executable &exe, mlir::MLIRContext *context);

/// Registers `--ncore-to-ncx` and `--ncx-to-ncore` with mlir-translate.
void registerNcxTranslations();

} // namespace systole

#endif // SYSTOLE_COMPILER_TARGET_NCX_NCXTRANSLATION_H
