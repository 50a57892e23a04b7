//===- Internal.h - shared pieces of the reference interpreter --*- C++ -*-===//
//
// Private to compiler/Reference: the interpreter's value type, bulk element
// conversions between HostTensor storage and compute arrays, index helpers,
// and the per-file op evaluators that Interpreter.cpp dispatches to.
//
// Numerics (spec: https://openxla.org/stablehlo/spec, plus XLA's choices where
// the spec leaves them to the implementation):
//  * Real floats are unpacked to double. f64 ops compute in double; f32, f16,
//    bf16 and f8 ops compute in float (transcendental functions) or in double
//    where the double result rounds to the same value as a float operation
//    (+, -, *, /, sqrt: double has more than 2p+2 bits for p = 24), and the
//    result is rounded once, to nearest even, into the element type.
//  * Integers are unpacked to int64 (signed types sign-extended, unsigned
//    zero-extended; ui64 keeps its bits) and wrap modulo 2^bits when stored.
//  * Complex values are unpacked to std::complex<double>; complex<f32> results
//    are rounded per part.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_REFERENCE_INTERNAL_H
#define SYSTOLE_COMPILER_REFERENCE_INTERNAL_H

#include "compiler/Reference/Interpreter.h"
#include "dialects/CHLO/CHLOOps.h"
#include "dialects/StableHLO/StableHLOOps.h"
#include "runtime/api/FloatFormats.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"

#include <complex>
#include <cstring>
#include <functional>
#include <optional>

namespace systole::reference::detail {

/// A runtime value: a tensor, or a tuple of values (spec: tuple). Tokens are
/// empty tuples.
struct Value {
  HostTensor tensor;
  bool isTuple = false;
  std::vector<Value> elements;

  static Value ofTensor(HostTensor t) {
    Value v;
    v.tensor = std::move(t);
    return v;
  }
};

class Interpreter;

/// Evaluates a region with one block on `args` and returns the values of its
/// terminator (stablehlo.return or func.return).
using RegionRunner = std::function<mlir::FailureOr<std::vector<Value>>(
    mlir::Region &, llvm::ArrayRef<Value>)>;

//===--------------------------------------------------------------------===//
// Element conversions
//===--------------------------------------------------------------------===//

/// Every element as double (complex: the real part).
std::vector<double> toDoubles(const HostTensor &t);
/// Stores doubles rounded to the tensor's dtype (must already be sized).
void storeDoubles(HostTensor &t, const std::vector<double> &values);
/// Every element as int64 (see file comment).
std::vector<int64_t> toInts(const HostTensor &t);
void storeInts(HostTensor &t, const std::vector<int64_t> &values);
std::vector<std::complex<double>> toComplex(const HostTensor &t);
void storeComplex(HostTensor &t,
                  const std::vector<std::complex<double>> &values);

/// A tensor of `shape` and `dtype`, zero-filled.
inline HostTensor makeTensor(DType dtype, std::vector<int64_t> shape) {
  return HostTensor::zeros(dtype, std::move(shape));
}

/// The interpreter's HostTensor type for an MLIR ranked tensor type; failure
/// (with an error at `op`) for unsupported element types.
mlir::FailureOr<std::pair<DType, std::vector<int64_t>>>
tensorTypeOf(mlir::Operation *op, mlir::Type type);

/// Row-major strides (in elements) of `shape`.
std::vector<int64_t> stridesOf(llvm::ArrayRef<int64_t> shape);

/// Copies element `src` of `from` to element `dst` of `to` (same dtype).
inline void copyElement(const HostTensor &from, int64_t src, HostTensor &to,
                        int64_t dst) {
  switch (byteWidth(from.dtype)) {
  case 1:
    to.data[dst] = from.data[src];
    return;
  case 2:
    std::memcpy(to.data.data() + dst * 2, from.data.data() + src * 2, 2);
    return;
  case 4:
    std::memcpy(to.data.data() + dst * 4, from.data.data() + src * 4, 4);
    return;
  case 8:
    std::memcpy(to.data.data() + dst * 8, from.data.data() + src * 8, 8);
    return;
  default:
    std::memcpy(to.data.data() + dst * 16, from.data.data() + src * 16, 16);
  }
}

/// Calls fn(index) for every multi-index of `shape` in row-major order.
void forEachIndex(llvm::ArrayRef<int64_t> shape,
                  const std::function<void(llvm::ArrayRef<int64_t>)> &fn);

/// A binary combiner recognised in a reduction region (a single op applied to
/// the two block arguments and returned).
enum class Combiner { Add, Mul, Max, Min, And, Or, Xor };
std::optional<Combiner> matchCombiner(mlir::Region &region);
/// Applies a combiner to two elements stored in tensors of dtype `dtype`:
/// acc[i] = combine(acc[i], x[j]), with the dtype's rounding.
struct ScalarCombiner {
  Combiner kind;
  DType dtype;
  double applyF(double a, double b) const;
  int64_t applyI(int64_t a, int64_t b) const;
  std::complex<double> applyC(std::complex<double> a,
                              std::complex<double> b) const;
};

/// out[idx] = in[base + sum(idx[d] * strides[d])] for every index of
/// `outShape` (strides in elements, may be 0 or negative); raw bytes, so any
/// dtype. Used for broadcast, transpose, slice, reverse.
HostTensor affineCopy(const HostTensor &in, llvm::ArrayRef<int64_t> outShape,
                      int64_t base, llvm::ArrayRef<int64_t> strides);
/// `in` with its dimensions permuted: result dim i is input dim perm[i].
HostTensor permute(const HostTensor &in, llvm::ArrayRef<int64_t> perm);

/// Slices element `index` of `t` into a rank-0 tensor.
HostTensor scalarAt(const HostTensor &t, int64_t index);

//===--------------------------------------------------------------------===//
// Op evaluators (each returns failure after emitting an error at the op).
//===--------------------------------------------------------------------===//

using Operands = llvm::ArrayRef<Value>;
using Results = std::vector<Value>;

/// Elementwise ops of stablehlo and chlo, convert, bitcast_convert,
/// reduce_precision, compare, select, clamp. Returns std::nullopt when `op`
/// is not one of them.
std::optional<mlir::FailureOr<Results>> evalElementwise(mlir::Operation *op,
                                                        Operands operands);
/// Shape ops, gather, scatter, iota, pad, ...
std::optional<mlir::FailureOr<Results>>
evalShapeOp(mlir::Operation *op, Operands operands, const RegionRunner &run);
/// dot_general, dot, convolution, fft, cholesky, triangular_solve, batch norm.
std::optional<mlir::FailureOr<Results>> evalContraction(mlir::Operation *op,
                                                        Operands operands);
/// reduce, reduce_window, select_and_scatter, sort, map, top_k, all_reduce,
/// reduce_scatter.
std::optional<mlir::FailureOr<Results>>
evalReduction(mlir::Operation *op, Operands operands, const RegionRunner &run);

/// Unary float function used by elementwise ops and tests: evaluates `f` on x
/// in the compute precision of `dtype` (double for F64, float otherwise).
double evalFloatUnary(llvm::StringRef name, double x, DType dtype, bool &ok);

} // namespace systole::reference::detail

#endif
