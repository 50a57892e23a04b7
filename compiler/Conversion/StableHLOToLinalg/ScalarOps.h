//===- ScalarOps.h - stablehlo elementwise semantics on scalars -*- C++ -*-===//
//
// The scalar bodies of the `linalg` phase (DESIGN section 1): one elementwise
// stablehlo op applied to scalars, in `arith` and `math`, following the
// StableHLO specification's per-element semantics. Used for the bodies of
// elementwise `linalg.generic`s and to turn the scalar computations in the
// regions of reduce, reduce_window, scatter and map into linalg bodies.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALAROPS_H
#define SYSTOLE_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Region.h"

#include <string>

namespace systole {

/// The signless integer type of the same width as `t` (ui32 -> i32); other
/// types unchanged. arith works on signless integers only.
mlir::Type toSignless(mlir::Type t);

/// Emits `op` (an elementwise stablehlo op: unary, binary, compare, select,
/// clamp, convert, bitcast_convert) applied to the scalar `args` (signless,
/// one per operand). Signedness comes from the op's original operand and
/// result element types. Returns the scalar result, or failure with the
/// reason in `why` (e.g. complex numbers, an op with no scalar form).
mlir::FailureOr<mlir::Value>
emitScalarOp(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
             mlir::ValueRange args, std::string &why);

/// Emits the single-block `region` of a stablehlo op (reduce, reduce_window,
/// scatter, map, sort...) whose ops compute on rank-0 tensors as scalar ops,
/// with the block arguments bound to `args`. On success `results` holds the
/// scalars the region's `stablehlo.return` yields.
mlir::LogicalResult
emitScalarRegion(mlir::OpBuilder &b, mlir::Region &region,
                 mlir::ValueRange args,
                 llvm::SmallVectorImpl<mlir::Value> &results, std::string &why);

} // namespace systole

#endif
