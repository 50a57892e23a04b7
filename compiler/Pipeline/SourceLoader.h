//===- SourceLoader.h - read model graphs as exporters write them -*- C++ -*-===//
//
// Reads a StableHLO module from a file the way JAX, PyTorch/XLA and
// TensorFlow export it, and reports every problem as a one-line
// `file:line:col: error: message` diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_PIPELINE_SOURCELOADER_H
#define SYSTOLE_COMPILER_PIPELINE_SOURCELOADER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace systole {

/// Rewrites textual forms that newer MLIR prints but MLIR 19's parser does
/// not accept, leaving everything else byte for byte:
///  - location ranges `loc("f.py":16:12 to :39)` / `to 17:4` become the
///    start position `loc("f.py":16:12)`;
///  - hex `dense<"0x...">` literals of `i1` tensors stored one byte per
///    element (MLIR >= 20) are repacked into MLIR 19's one bit per element.
/// Returns the rewritten text; `changed` (if non-null) tells whether any
/// rewrite applied.
std::string rewriteForMlir19(llvm::StringRef text, bool *changed = nullptr);

/// Creates a context with every systole dialect loaded, unregistered
/// (foreign) dialects allowed so that attributes like `#ttcore.*` load, and
/// threading disabled for deterministic diagnostics.
std::unique_ptr<mlir::MLIRContext> createContext();

/// Installs a diagnostic handler on `context` that prints each diagnostic as
/// one line, `file:line:col: error: message` (notes on following lines), to
/// stderr. A location with no file position (exporters such as torch-xla
/// write only names, `loc("convolution.123")`) prints as
/// `inputFile: error: message [at "convolution.123"]`. Returns the handler
/// id (see DiagEngine::eraseHandler).
uint64_t installOneLineDiagnostics(mlir::MLIRContext &context,
                                   llvm::StringRef inputFile = "");

/// Reads `path` ("-" for stdin), applies rewriteForMlir19, parses and
/// verifies it. On failure the diagnostics have been emitted and the result
/// is null.
mlir::OwningOpRef<mlir::ModuleOp> loadModule(mlir::MLIRContext &context,
                                             llvm::StringRef path);

} // namespace systole

#endif
