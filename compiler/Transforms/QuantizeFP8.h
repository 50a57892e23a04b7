//===- QuantizeFP8.h - the `quantize` phase's FP8 rewrite -------*- C++ -*-===//
//
// DESIGN section 5: with --fp8=e4m3|e5m2, every `dot_general` and
// `convolution` on float operands runs on FP8 operands with fp32
// accumulation. The rewrite is StableHLO to StableHLO, so the reference
// interpreter evaluates the quantized graph with the same numerics as the
// simulator, and --fp8-report can measure the error each op introduces.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_TRANSFORMS_QUANTIZEFP8_H
#define SYSTOLE_COMPILER_TRANSFORMS_QUANTIZEFP8_H

#include "runtime/api/DType.h"
#include "runtime/api/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace systole {

/// How one operand of a quantized op is scaled (`x ~= scale * q`, q in FP8).
struct Fp8OperandInfo {
  enum class Kind {
    Weight,  ///< a constant: one scale per output channel, at compile time
    Dynamic, ///< one scale per tensor, absmax / max computed on the device
    Static,  ///< one scale per tensor, from --fp8-calibration's absmax
  };
  Kind kind = Kind::Dynamic;
  /// Number of scales: output channels for Weight (the operand's dims that
  /// are not contracted: batch and free dims of a dot_general operand, the
  /// kernel output feature dim of a convolution kernel), else 1.
  int64_t channels = 1;
  /// Smallest and largest scale (Weight, Static); 0 for Dynamic.
  double minScale = 0, maxScale = 0;
  /// The calibrated absolute maximum (Static only).
  double amax = 0;
};

/// One op the rewrite quantized, in the order --fp8-report prints them.
struct Fp8OpInfo {
  int64_t index = 0; ///< position among the module's candidates (0-based)
  mlir::Location loc;
  std::string opName; ///< "dot_general" or "convolution"
  Fp8OperandInfo lhs, rhs;
};

/// What the rewrite needs.
struct Fp8Options {
  /// DType::F8E4M3 (IEEE-like e4m3, max 240 on trn1/trn2) or DType::F8E5M2.
  DType format = DType::F8E4M3;
  /// A JSON calibration file (empty: every non-constant operand is dynamic):
  /// an object whose keys are op indices as --fp8-report prints them ("0",
  /// "1", ...) or op locations as it prints them ("file:line:col", or the
  /// name of a named location such as torch-xla's "dot.113"), each mapping to
  /// {"lhs_amax": A, "rhs_amax": B} (either may be left out). A positive
  /// finite absmax makes that operand's scale static.
  std::string calibrationPath;
  /// Added to every op's index (calibration keys and Fp8OpInfo::index), for
  /// a module that holds one op of a larger graph.
  int64_t firstIndex = 0;
  /// Warn about calibration entries that name no op.
  bool warnUnusedCalibration = true;
};

/// What --fp8-report measures for one op on the reference backend.
struct Fp8Measurement {
  /// The scale each operand got on this run's inputs (a dynamic scale is
  /// max(absmax / max, 2^-100) over the operand's values; NaN when it holds
  /// NaN).
  double lhsScale = 0, rhsScale = 0;
  /// ||q - r||_2 / ||r||_2 over the op's result, where r is the op evaluated
  /// as written and q the quantized op, both on the operand values this op
  /// receives in the unquantized graph: the error this op alone introduces
  /// (NaN when either holds NaN or inf).
  double relativeError = 0;
  /// False for an op the graph never evaluated on these inputs (a branch
  /// not taken): it has no measurement.
  bool evaluated = false;
};

/// "e4m3" -> F8E4M3, "e5m2" -> F8E5M2; failure for anything else.
mlir::FailureOr<DType> parseFp8Format(llvm::StringRef name);

/// What is wrong with a tool's FP8 flags: `--fp8=fp8` and whether
/// `--fp8-calibration` or `--fp8-report` is given; empty when they are
/// usable. Shared by systole-compile and systole-run.
std::string checkFp8Flags(llvm::StringRef fp8, bool calibration, bool report);

/// True for the ops the rewrite quantizes: `stablehlo.dot_general` and
/// `stablehlo.convolution` whose operands and result are floats of 16 bits or
/// more (FP8 operands are left as they are).
bool isFp8Candidate(mlir::Operation *op);

/// Quantizes every candidate op of `module` (walk order):
///   - a constant operand gets per-output-channel scales
///     s_c = absmax_c / max (1 where the channel is all zeros), computed on
///     the host in f32 arithmetic, and is replaced by the FP8 constant
///     round_to_nearest_even(w / s_c), saturated to +-max;
///   - any other operand x gets s = max(absmax(x), 2^-100) / max on the device
///     (a `reduce` over every dim), or s = amax / max from the calibration,
///     and is replaced by convert(clamp(f32(x) * (max / absmax), -max, max));
///   - the op runs on the FP8 operands with an f32 result, which is multiplied
///     by the lhs scales, then by the rhs scales (each broadcast along the
///     result's channel dims; their product could underflow), and converted
///     back to the op's result type.
/// A constant read through `stablehlo.transpose`/`reshape` ops counts as a
/// constant (its data moved on the host); the per-tensor scale of another
/// operand is computed before such ops, which then move FP8 data.
/// `max` is the format's largest finite value (240 for e4m3, 57344 for e5m2).
/// Errors (emitted at the op): a constant holding inf or NaN; a calibration
/// file that cannot be read or parsed, an absmax whose scale is not a normal
/// f32, a location key shared by several ops. Returns what was quantized.
mlir::FailureOr<std::vector<Fp8OpInfo>>
quantizeToFp8(mlir::ModuleOp module, const Fp8Options &options);

/// Evaluates `module` (after the `simplify` phase, not yet quantized) on
/// `inputs` with the reference interpreter and measures each candidate op
/// (see Fp8Measurement), in the order of quantizeToFp8's report. Errors: the
/// interpreter's, emitted as diagnostics.
mlir::FailureOr<std::vector<Fp8Measurement>>
measureFp8(mlir::ModuleOp module, mlir::func::FuncOp entry,
           const std::vector<HostTensor> &inputs, const Fp8Options &options);

/// Prints --fp8-report: per quantized op its index, location, formats and
/// scales and, when `measured` has an entry per op, the scales on this run's
/// inputs and the relative error.
void printFp8Report(llvm::raw_ostream &os, const Fp8Options &options,
                    llvm::ArrayRef<Fp8OpInfo> ops,
                    llvm::ArrayRef<Fp8Measurement> measured = {});

} // namespace systole

#endif
