//===- FloatFormats.h - Bit-exact small float conversions -------*- C++ -*-===//
//
// Conversions between float/double and the narrow float formats the NeuronCore
// uses (DESIGN section 3, "Data types"; section 5 for FP8). The runtime does
// not link LLVM, so this is bit-level code instead of APFloat; every narrowing
// conversion rounds once, to nearest with ties to even, directly from its
// source value (double sources are not rounded through float first, which would
// double-round).
//
// Layouts (S sign, E exponent, M mantissa bits, most significant first):
//   bf16      S EEEEEEEE MMMMMMM   bias 127, IEEE specials, max 0x7F7F
//   = 3.3895e38 f16       S EEEEE MMMMMMMMMM   bias 15, IEEE specials, max
//   0x7BFF = 65504,
//                                  smallest subnormal 2^-24
//   f8E4M3    S EEEE MMM           bias 7, IEEE specials (E=1111: M=0 inf, else
//   NaN),
//                                  max 0x77 = 240, smallest subnormal 2^-9
//   f8E4M3FN  S EEEE MMM           bias 7, no inf; only S.1111.111 is NaN,
//                                  max 0x7E = 448, smallest subnormal 2^-9
//   f8E5M2    S EEEEE MM           bias 15, IEEE specials, max 0x7B = 57344,
//                                  smallest subnormal 2^-16
//
// Common semantics of the narrowing conversions:
//  * NaN stays NaN with its sign. IEEE-like targets keep the top payload bits
//  and set
//    the quiet bit (the top mantissa bit); f8E4M3FN has only one NaN
//    (S.1111.111).
//  * Infinities map to infinities (f8E4M3FN: to NaN), whatever `saturate` says.
//  * A finite value whose rounded result exceeds the largest finite value gives
//  inf
//    (f8E4M3FN: NaN), or, with saturate = true, the largest finite value of
//    that sign (the simulator's FP8 casting mode). Rounding happens first, so
//    for f8E4M3 248 (the midpoint between 240 and 256) overflows while 247
//    rounds to 240.
//  * Subnormals are produced and read exactly; signed zeros keep their sign.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_API_FLOATFORMATS_H
#define SYSTOLE_RUNTIME_API_FLOATFORMATS_H

#include <cstdint>

#include "runtime/api/DType.h"

namespace systole {

/// bfloat16 bits -> float (exact: the top half of a binary32).
float bf16ToFloat(uint16_t bits);
/// float -> bfloat16 bits, round to nearest even; NaN payload truncated, quiet
/// bit set.
uint16_t floatToBf16(float value);
/// double -> bfloat16 bits with a single rounding (not through float).
uint16_t doubleToBf16(double value);

/// IEEE binary16 bits -> float (exact, subnormals included; NaN payload kept).
float f16ToFloat(uint16_t bits);
/// float -> binary16 bits, round to nearest even; overflow gives inf.
uint16_t floatToF16(float value);
/// double -> binary16 bits with a single rounding.
uint16_t doubleToF16(double value);

/// FP8 bits of `type` (F8E4M3, F8E4M3FN or F8E5M2) -> float (exact). For any
/// other `type` returns NaN.
float f8ToFloat(uint8_t bits, DType type);
/// float -> FP8 bits of `type`, round to nearest even; overflow as described at
/// the top of this file. For a non-FP8 `type` returns 0.
uint8_t floatToF8(float value, DType type, bool saturate = false);
/// double -> FP8 bits of `type` with a single rounding.
uint8_t doubleToF8(double value, DType type, bool saturate = false);

/// Generic form for any real float dtype (F64, F32, F16, BF16, F8*): the
/// element's bit pattern in the low byteWidth(type)*8 bits. `saturate` clamps
/// finite overflow to the largest finite value (any format). For a non-float
/// `type` returns 0.
uint64_t encodeFloat(double value, DType type, bool saturate = false);
/// Inverse of encodeFloat: the exact value of a bit pattern of a real float
/// dtype (bits above the type's width are ignored). For a non-float `type`
/// returns NaN.
double decodeFloat(uint64_t bits, DType type);
/// `value` rounded to the nearest value of float dtype `type` (ties to even,
/// overflow to inf, or to NaN for F8E4M3FN); `value` itself for F64 and
/// non-float types.
double roundToFloatType(double value, DType type);
/// The largest finite value of a real float dtype (240 for F8E4M3, 448 for
/// F8E4M3FN, 57344 for F8E5M2, 65504 for F16, ...); 0 for non-float types.
double maxFiniteValue(DType type);

} // namespace systole

#endif // SYSTOLE_RUNTIME_API_FLOATFORMATS_H
