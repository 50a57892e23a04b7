//===- HostTensor.h - A tensor in host memory -------------------*- C++ -*-===//
//
// The runtime's value type for inputs and results (DESIGN section 7): an
// element type, a shape and the packed bytes.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_API_HOSTTENSOR_H
#define SYSTOLE_RUNTIME_API_HOSTTENSOR_H

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "runtime/api/DType.h"

namespace systole {

/// A dense tensor in host memory: row-major (C order), little-endian, packed
/// (element i occupies bytes [i*byteWidth(dtype), (i+1)*byteWidth(dtype)) of
/// `data`). I1 elements are one byte each, 0 or 1. Complex elements are (real,
/// imaginary) pairs. A rank-0 tensor (empty `shape`) has one element.
///
/// Element accessors take a linear (row-major) element index, which the caller
/// keeps in [0, numElements()); they do not check it.
struct HostTensor {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;

  /// Product of `shape` (1 for a scalar).
  int64_t numElements() const;
  /// numElements() * byteWidth(dtype), in bytes.
  int64_t byteSize() const;

  /// A tensor of `shape` with every byte zero (the value +0 / 0 / false).
  static HostTensor zeros(DType dtype, std::vector<int64_t> shape);
  /// A tensor of `shape` whose element i is setDouble(i, values[i]). Missing
  /// values are zero; extra values are ignored. Convenient for tests and
  /// constants.
  static HostTensor fromDoubles(DType dtype, std::vector<int64_t> shape,
                                absl::Span<const double> values);

  /// Element i as a double: exact for every float type and for integers up to
  /// 2^53 in magnitude; I1 gives 0 or 1; complex types give the real part.
  double getDouble(int64_t i) const;
  /// Stores `value` into element i.
  ///  * Float types: rounded once to nearest even (overflow gives inf, or NaN
  ///  for
  ///    F8E4M3FN; see FloatFormats.h).
  ///  * Integer types (like C++'s static_cast to the integer type, but defined
  ///    everywhere): truncated toward zero, then wrapped modulo 2^bits; NaN and
  ///    +-inf give 0. I1 stores `value != 0` (so NaN gives 1, like
  ///    static_cast<bool>).
  ///  * Complex types: real part `value`, imaginary part 0.
  void setDouble(int64_t i, double value);

  /// Element i as an integer: signed types sign-extended, unsigned
  /// zero-extended (U64 above 2^63 wraps to negative), I1 0 or 1; float types
  /// are truncated toward zero and wrapped modulo 2^64 (NaN and +-inf give 0);
  /// complex types use the real part.
  int64_t getInt64(int64_t i) const;
  /// Stores the low bits of `value` (integers wrap modulo 2^bits; I1 stores
  /// value != 0); float and complex types store the value rounded as setDouble
  /// does.
  void setInt64(int64_t i, int64_t value);

  /// Element i as complex: for complex types both parts, otherwise
  /// (getDouble(i), 0).
  std::complex<double> getComplex(int64_t i) const;
  /// Stores both parts (complex types; C64 rounds each part to f32); other
  /// types store setDouble(i, value.real()).
  void setComplex(int64_t i, std::complex<double> value);

  /// The raw bits of element i, zero-extended (for C64/C128 only the real
  /// part's bits).
  uint64_t getBits(int64_t i) const;
  /// Stores the low byteWidth(dtype)*8 bits of `bits` (real types).
  void setBits(int64_t i, uint64_t bits);
};

/// Same dtype, shape and bytes (so NaNs compare by their bits, +0 != -0).
bool operator==(const HostTensor &a, const HostTensor &b);
inline bool operator!=(const HostTensor &a, const HostTensor &b) {
  return !(a == b);
}

/// Number of elements of `shape` (1 for rank 0).
int64_t numElementsOf(absl::Span<const int64_t> shape);

/// The MLIR-style tensor type without `tensor<>`: `2x3xf32`, `f32` for a
/// scalar, `4xcomplex<f32>`.
std::string typeString(const HostTensor &tensor);
/// The same for a shape and dtype.
std::string typeString(absl::Span<const int64_t> shape, DType dtype);

/// Row-major multi-index of linear element `index` in `shape`, formatted `[1,
/// 2]`
/// (`[]` for a scalar). Used by error messages.
std::string formatIndex(absl::Span<const int64_t> shape, int64_t index);

} // namespace systole

#endif // SYSTOLE_RUNTIME_API_HOSTTENSOR_H
