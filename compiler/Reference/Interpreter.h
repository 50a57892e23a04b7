//===- Interpreter.h - reference interpreter for StableHLO -----*- C++ -*-===//
//
// Evaluates a module's `@main` on host tensors with the semantics of the
// StableHLO specification (https://openxla.org/stablehlo/spec) and of the
// `chlo` ops JAX emits. It is the oracle the compiled path is checked
// against: simple and obviously right, deterministic (same inputs, same bits),
// and not slow (dot_general and convolution use Eigen, not scalar loops over
// the whole tensor).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_REFERENCE_INTERPRETER_H
#define SYSTOLE_COMPILER_REFERENCE_INTERPRETER_H

#include "runtime/api/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LogicalResult.h"

#include <functional>
#include <string>
#include <vector>

namespace systole::reference {

/// The outcome of one `stablehlo.custom_call @check.expect_*` evaluated during
/// a run (DESIGN section 7: expect_close is ULP <= 3, expect_eq exact,
/// expect_almost_eq |a - e| <= 1e-3).
struct CheckResult {
  mlir::Location loc;
  std::string target; ///< e.g. "check.expect_close"
  bool passed = false;
  std::string message; ///< worst element and both values when it failed
};

struct InterpreterOptions {
  /// Upper bound on `stablehlo.while` iterations before the run fails with
  /// an error at the loop (guards against hangs on bad input).
  int64_t maxWhileIterations = 100000000;
  /// When set, called after each op is evaluated (in any function or region)
  /// with its operand and result tensors (tuple values are passed as null).
  /// --fp8-report uses it to capture the inputs of the ops it measures.
  std::function<void(mlir::Operation *op,
                     llvm::ArrayRef<const HostTensor *> operands,
                     llvm::ArrayRef<const HostTensor *> results)>
      observe;
};

/// Runs `func` (normally `@main`) on `inputs`, one HostTensor per argument in
/// order (dtype and shape must match the argument types). Calls to other
/// functions of the module (`func.call`) are evaluated too. Returns the
/// results in order. Check custom calls are evaluated and appended to
/// `checks` (when non-null) without stopping the run.
///
/// Errors (unsupported op or dtype, wrong input, out-of-bounds loop) are
/// emitted as MLIR diagnostics at the offending op's location and the
/// function returns failure.
mlir::FailureOr<std::vector<HostTensor>>
evaluate(mlir::func::FuncOp func, const std::vector<HostTensor> &inputs,
         std::vector<CheckResult> *checks = nullptr,
         const InterpreterOptions &options = {});

/// Evaluates `results` at compile time: `ops` (in an order where each op
/// follows the ops defining its operands, and every operand is defined by
/// one of them) are cloned into a function of no arguments, which
/// `evaluate` runs. Failure, without a diagnostic, when the interpreter
/// rejects one of them. What constant folding uses (a loop condition, an
/// index computed from iotas).
mlir::FailureOr<std::vector<HostTensor>>
evaluateOps(llvm::ArrayRef<mlir::Operation *> ops, mlir::ValueRange results);

/// Converts an MLIR tensor element type to the runtime's DType; fails for
/// types the runtime cannot hold (e.g. i4, f8E4M3FNUZ, quantized types).
mlir::FailureOr<DType> toDType(mlir::Type elementType);

} // namespace systole::reference

#endif
