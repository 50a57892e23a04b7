//===- FloatFormats.cpp - Bit-exact small float conversions ---------------===//

#include "runtime/api/FloatFormats.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace systole {
namespace {

template <typename To, typename From> To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From), "size mismatch");
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

/// A binary floating-point format narrower than binary64.
struct Format {
  int expBits;
  int mantBits;
  int bias;
  /// IEEE specials: the all-ones exponent holds inf (mantissa 0) and NaNs.
  /// Otherwise (f8E4M3FN) there is no inf and only the all-ones code is NaN.
  bool ieeeSpecials;

  uint32_t expAllOnes() const { return (1u << expBits) - 1; }
  uint32_t mantMask() const { return (1u << mantBits) - 1; }
  uint32_t signBit() const { return 1u << (expBits + mantBits); }
  uint32_t maxFiniteCode() const {
    return ieeeSpecials ? ((expAllOnes() - 1) << mantBits) | mantMask()
                        : (expAllOnes() << mantBits) | (mantMask() - 1);
  }
  uint32_t nanCode() const {
    return ieeeSpecials ? (expAllOnes() << mantBits) | (1u << (mantBits - 1))
                        : (expAllOnes() << mantBits) | mantMask();
  }
  uint32_t infCode() const {
    return ieeeSpecials ? expAllOnes() << mantBits : nanCode();
  }
};

constexpr Format kF32{8, 23, 127, true};
constexpr Format kBF16{8, 7, 127, true};
constexpr Format kF16{5, 10, 15, true};
constexpr Format kF8E4M3{4, 3, 7, true};
constexpr Format kF8E4M3FN{4, 3, 7, false};
constexpr Format kF8E5M2{5, 2, 15, true};

const Format *formatOf(DType type) {
  switch (type) {
  case DType::F32:
    return &kF32;
  case DType::BF16:
    return &kBF16;
  case DType::F16:
    return &kF16;
  case DType::F8E4M3:
    return &kF8E4M3;
  case DType::F8E4M3FN:
    return &kF8E4M3FN;
  case DType::F8E5M2:
    return &kF8E5M2;
  default:
    return nullptr;
  }
}

/// Rounds a binary64 value to `format` (nearest, ties to even) and returns its
/// code.
uint32_t encode(double value, const Format &format, bool saturate) {
  const uint64_t bits = bitCast<uint64_t>(value);
  const uint32_t sign = (bits >> 63) ? format.signBit() : 0;
  const int doubleExp = static_cast<int>((bits >> 52) & 0x7FF);
  const uint64_t frac = bits & ((uint64_t(1) << 52) - 1);
  const int m = format.mantBits;

  if (doubleExp == 0x7FF) {
    if (frac == 0)
      return sign | format.infCode();
    if (!format.ieeeSpecials)
      return sign | format.nanCode();
    // Keep the top payload bits, set the quiet bit.
    return sign | (format.expAllOnes() << m) |
           static_cast<uint32_t>(frac >> (52 - m)) | (1u << (m - 1));
  }
  // Zeros, and binary64 subnormals (< 2^-1022): every format here has its
  // smallest subnormal at 2^-149 or above, so these round to a signed zero.
  if (doubleExp == 0)
    return sign;

  // value = sig * 2^(exp - 52), sig in [2^52, 2^53).
  const int exp = doubleExp - 1023;
  const uint64_t sig = frac | (uint64_t(1) << 52);
  const int minExp = 1 - format.bias;
  // The exponent of the target binade; subnormals share the smallest normal's
  // quantum.
  const int targetExp = exp > minExp ? exp : minExp;
  // quantum = 2^(targetExp - m); sig is shifted right by log2(quantum /
  // 2^(exp-52)).
  const int shift = (targetExp - m) - (exp - 52);
  uint64_t n;
  if (shift > 54) {
    n = 0; // value < quantum / 4.
  } else {
    n = sig >> shift;
    const uint64_t rem = sig & ((uint64_t(1) << shift) - 1);
    const uint64_t half = uint64_t(1) << (shift - 1);
    if (rem > half || (rem == half && (n & 1)))
      ++n;
  }
  // For a normal result n is in [2^m, 2^(m+1)] and the code is
  // ((exp + bias) << m) + (n - 2^m); a carry into 2^(m+1) moves to the next
  // binade by itself. For a subnormal (targetExp + bias - 1 == 0) the code is
  // n.
  const int64_t code =
      (static_cast<int64_t>(targetExp + format.bias - 1) << m) +
      static_cast<int64_t>(n);
  if (code > static_cast<int64_t>(format.maxFiniteCode()))
    return sign | (saturate ? format.maxFiniteCode() : format.infCode());
  return sign | static_cast<uint32_t>(code);
}

/// Exact value of a code of `format`.
double decode(uint32_t code, const Format &format) {
  const int m = format.mantBits;
  const bool negative = (code & format.signBit()) != 0;
  const uint32_t exp = (code >> m) & format.expAllOnes();
  const uint32_t mant = code & format.mantMask();
  const bool isSpecial = format.ieeeSpecials ? exp == format.expAllOnes()
                                             : (exp == format.expAllOnes() &&
                                                mant == format.mantMask());
  if (isSpecial) {
    if (format.ieeeSpecials && mant == 0)
      return negative ? -std::numeric_limits<double>::infinity()
                      : std::numeric_limits<double>::infinity();
    uint64_t payload = static_cast<uint64_t>(mant) << (52 - m);
    if (!format.ieeeSpecials)
      payload = uint64_t(1) << 51;
    return bitCast<double>((negative ? uint64_t(1) << 63 : 0) |
                           (uint64_t(0x7FF) << 52) | payload |
                           (uint64_t(1) << 51));
  }
  double magnitude =
      exp == 0 ? std::ldexp(static_cast<double>(mant), 1 - format.bias - m)
               : std::ldexp(static_cast<double>(mant | (1u << m)),
                            static_cast<int>(exp) - format.bias - m);
  return negative ? -magnitude : magnitude;
}

/// Decodes to float, keeping a NaN's payload bits where they fit.
float decodeToFloat(uint32_t code, const Format &format) {
  const int m = format.mantBits;
  const uint32_t exp = (code >> m) & format.expAllOnes();
  const uint32_t mant = code & format.mantMask();
  if (format.ieeeSpecials && exp == format.expAllOnes() && mant != 0) {
    const uint32_t sign = (code & format.signBit()) ? 0x80000000u : 0;
    return bitCast<float>(sign | 0x7F800000u | (mant << (23 - m)));
  }
  return static_cast<float>(decode(code, format));
}

/// The 256 values of an FP8 format, decoded once.
struct F8Table {
  float values[256];
  explicit F8Table(const Format &format) {
    for (uint32_t code = 0; code < 256; ++code)
      values[code] = decodeToFloat(code, format);
  }
};

} // namespace

float bf16ToFloat(uint16_t bits) {
  return bitCast<float>(static_cast<uint32_t>(bits) << 16);
}

uint16_t floatToBf16(float value) {
  const uint32_t bits = bitCast<uint32_t>(value);
  if (std::isnan(value))
    return static_cast<uint16_t>((bits >> 16) | 0x0040);
  // Round to nearest even on the low 16 bits; a carry propagates into the
  // exponent, which turns the largest values into inf exactly as IEEE rounding
  // does.
  const uint32_t roundingBias = 0x7FFF + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + roundingBias) >> 16);
}

uint16_t doubleToBf16(double value) {
  return static_cast<uint16_t>(encode(value, kBF16, false));
}

float f16ToFloat(uint16_t bits) { return decodeToFloat(bits, kF16); }

uint16_t floatToF16(float value) {
  return static_cast<uint16_t>(encode(value, kF16, false));
}

uint16_t doubleToF16(double value) {
  return static_cast<uint16_t>(encode(value, kF16, false));
}

float f8ToFloat(uint8_t bits, DType type) {
  static const F8Table e4m3(kF8E4M3);
  static const F8Table e4m3fn(kF8E4M3FN);
  static const F8Table e5m2(kF8E5M2);
  switch (type) {
  case DType::F8E4M3:
    return e4m3.values[bits];
  case DType::F8E4M3FN:
    return e4m3fn.values[bits];
  case DType::F8E5M2:
    return e5m2.values[bits];
  default:
    return std::numeric_limits<float>::quiet_NaN();
  }
}

uint8_t floatToF8(float value, DType type, bool saturate) {
  return doubleToF8(value, type, saturate);
}

uint8_t doubleToF8(double value, DType type, bool saturate) {
  if (type != DType::F8E4M3 && type != DType::F8E4M3FN && type != DType::F8E5M2)
    return 0;
  return static_cast<uint8_t>(encode(value, *formatOf(type), saturate));
}

uint64_t encodeFloat(double value, DType type, bool saturate) {
  if (type == DType::F64)
    return bitCast<uint64_t>(value); // No finite value overflows binary64.
  if (type == DType::F32 && !saturate)
    return bitCast<uint32_t>(static_cast<float>(value));
  if (type == DType::BF16 && !saturate)
    return doubleToBf16(value);
  const Format *format = formatOf(type);
  if (!format)
    return 0;
  return encode(value, *format, saturate);
}

double decodeFloat(uint64_t bits, DType type) {
  switch (type) {
  case DType::F64:
    return bitCast<double>(bits);
  case DType::F32:
    return bitCast<float>(static_cast<uint32_t>(bits));
  case DType::BF16:
    return bf16ToFloat(static_cast<uint16_t>(bits));
  case DType::F16:
    return f16ToFloat(static_cast<uint16_t>(bits));
  case DType::F8E4M3:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
    return f8ToFloat(static_cast<uint8_t>(bits), type);
  default:
    return std::numeric_limits<double>::quiet_NaN();
  }
}

double roundToFloatType(double value, DType type) {
  if (type == DType::F64 || !isFloat(type))
    return value;
  if (type == DType::F32)
    return static_cast<float>(value);
  return decodeFloat(encodeFloat(value, type), type);
}

double maxFiniteValue(DType type) {
  if (type == DType::F64)
    return std::numeric_limits<double>::max();
  const Format *format = formatOf(type);
  if (!format)
    return 0;
  return decode(format->maxFiniteCode(), *format);
}

} // namespace systole
