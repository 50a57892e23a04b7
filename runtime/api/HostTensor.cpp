//===- HostTensor.cpp - A tensor in host memory ---------------------------===//

#include "runtime/api/HostTensor.h"

#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runtime/api/FloatFormats.h"

namespace systole {
namespace {

uint64_t loadBits(const uint8_t *p, int64_t width) {
  uint64_t bits = 0;
  for (int64_t b = 0; b < width; ++b)
    bits |= static_cast<uint64_t>(p[b]) << (8 * b);
  return bits;
}

void storeBits(uint8_t *p, int64_t width, uint64_t bits) {
  for (int64_t b = 0; b < width; ++b)
    p[b] = static_cast<uint8_t>(bits >> (8 * b));
}

/// Sign-extends the low `width` bytes of `bits`.
int64_t signExtend(uint64_t bits, int64_t width) {
  if (width >= 8)
    return static_cast<int64_t>(bits);
  const int shift = static_cast<int>(64 - 8 * width);
  return static_cast<int64_t>(bits << shift) >> shift;
}

/// trunc(value) modulo 2^64; NaN and infinities give 0.
uint64_t wrapToUint64(double value) {
  if (!std::isfinite(value))
    return 0;
  double t = std::trunc(value);
  const bool negative = t < 0;
  double magnitude = std::fabs(t);
  // fmod by 2^64 is exact; the remainder is an integer below 2^64.
  magnitude = std::fmod(magnitude, 18446744073709551616.0);
  uint64_t u = static_cast<uint64_t>(magnitude);
  return negative ? ~u + 1 : u;
}

} // namespace

int64_t numElementsOf(absl::Span<const int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

bool operator==(const HostTensor &a, const HostTensor &b) {
  return a.dtype == b.dtype && a.shape == b.shape && a.data == b.data;
}

int64_t HostTensor::numElements() const { return numElementsOf(shape); }

int64_t HostTensor::byteSize() const {
  return numElements() * byteWidth(dtype);
}

HostTensor HostTensor::zeros(DType dtype, std::vector<int64_t> shape) {
  HostTensor tensor;
  tensor.dtype = dtype;
  tensor.shape = std::move(shape);
  tensor.data.assign(static_cast<size_t>(tensor.byteSize()), 0);
  return tensor;
}

HostTensor HostTensor::fromDoubles(DType dtype, std::vector<int64_t> shape,
                                   absl::Span<const double> values) {
  HostTensor tensor = zeros(dtype, std::move(shape));
  const int64_t n = tensor.numElements();
  for (int64_t i = 0; i < n && i < static_cast<int64_t>(values.size()); ++i)
    tensor.setDouble(i, values[i]);
  return tensor;
}

uint64_t HostTensor::getBits(int64_t i) const {
  const int64_t width = byteWidth(dtype);
  if (isComplex(dtype))
    return loadBits(data.data() + i * width, width / 2);
  return loadBits(data.data() + i * width, width);
}

void HostTensor::setBits(int64_t i, uint64_t bits) {
  const int64_t width = byteWidth(dtype);
  storeBits(data.data() + i * width, isComplex(dtype) ? width / 2 : width,
            bits);
}

double HostTensor::getDouble(int64_t i) const {
  if (isFloat(dtype))
    return decodeFloat(getBits(i), dtype);
  if (isComplex(dtype))
    return getComplex(i).real();
  if (isUnsignedInteger(dtype))
    return static_cast<double>(getBits(i));
  if (dtype == DType::I1)
    return getBits(i) != 0 ? 1.0 : 0.0;
  return static_cast<double>(getInt64(i));
}

void HostTensor::setDouble(int64_t i, double value) {
  if (isFloat(dtype)) {
    setBits(i, encodeFloat(value, dtype));
    return;
  }
  if (isComplex(dtype)) {
    setComplex(i, {value, 0.0});
    return;
  }
  if (dtype == DType::I1) {
    setBits(i, value != 0 ? 1 : 0);
    return;
  }
  setBits(i, wrapToUint64(value));
}

int64_t HostTensor::getInt64(int64_t i) const {
  if (isSignedInteger(dtype))
    return signExtend(getBits(i), byteWidth(dtype));
  if (isUnsignedInteger(dtype))
    return static_cast<int64_t>(getBits(i));
  if (dtype == DType::I1)
    return getBits(i) != 0 ? 1 : 0;
  return static_cast<int64_t>(wrapToUint64(getDouble(i)));
}

void HostTensor::setInt64(int64_t i, int64_t value) {
  if (dtype == DType::I1) {
    setBits(i, value != 0 ? 1 : 0);
    return;
  }
  if (isInteger(dtype)) {
    setBits(i, static_cast<uint64_t>(value));
    return;
  }
  setDouble(i, static_cast<double>(value));
}

std::complex<double> HostTensor::getComplex(int64_t i) const {
  if (!isComplex(dtype))
    return {getDouble(i), 0.0};
  const int64_t width = byteWidth(dtype);
  const int64_t half = width / 2;
  const DType part = complexElementType(dtype);
  const uint8_t *p = data.data() + i * width;
  return {decodeFloat(loadBits(p, half), part),
          decodeFloat(loadBits(p + half, half), part)};
}

void HostTensor::setComplex(int64_t i, std::complex<double> value) {
  if (!isComplex(dtype)) {
    setDouble(i, value.real());
    return;
  }
  const int64_t width = byteWidth(dtype);
  const int64_t half = width / 2;
  const DType part = complexElementType(dtype);
  uint8_t *p = data.data() + i * width;
  storeBits(p, half, encodeFloat(value.real(), part));
  storeBits(p + half, half, encodeFloat(value.imag(), part));
}

std::string typeString(absl::Span<const int64_t> shape, DType dtype) {
  std::string result;
  for (int64_t d : shape)
    absl::StrAppend(&result, d, "x");
  absl::StrAppend(&result, dtypeName(dtype));
  return result;
}

std::string typeString(const HostTensor &tensor) {
  return typeString(tensor.shape, tensor.dtype);
}

std::string formatIndex(absl::Span<const int64_t> shape, int64_t index) {
  std::vector<int64_t> multi(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] > 0) {
      multi[d] = index % shape[d];
      index /= shape[d];
    }
  }
  return absl::StrCat("[", absl::StrJoin(multi, ", "), "]");
}

} // namespace systole
