//===- DType.h - Element types of runtime tensors ---------------*- C++ -*-===//
//
// The element types a systole tensor can hold (DESIGN section 3, "Data types"),
// with MLIR's spellings. The runtime does not link MLIR, so this is its own
// enum.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_API_DTYPE_H
#define SYSTOLE_RUNTIME_API_DTYPE_H

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace systole {

/// An element type. Floats: F64/F32/F16 are IEEE binary64/32/16, BF16 is
/// bfloat16, F8E4M3 is the IEEE-like e4m3 of trn1/trn2 (max 240, has inf and
/// NaN), F8E4M3FN is OCP e4m3 (max 448, no inf), F8E5M2 is IEEE-like e5m2 (max
/// 57344). Integers are two's complement (I*) or unsigned (U*); I1 is a boolean
/// stored in one byte (0 or 1). C64 is complex<f32> (8 bytes: real then
/// imaginary), C128 complex<f64> (16 bytes).
enum class DType : uint8_t {
  F64,
  F32,
  F16,
  BF16,
  F8E4M3,
  F8E4M3FN,
  F8E5M2,
  I64,
  I32,
  I16,
  I8,
  U64,
  U32,
  U16,
  U8,
  I1,
  C64,
  C128,
};

/// Every DType, in enum order (for tests and tables).
inline constexpr DType kAllDTypes[] = {
    DType::F64,      DType::F32,    DType::F16, DType::BF16, DType::F8E4M3,
    DType::F8E4M3FN, DType::F8E5M2, DType::I64, DType::I32,  DType::I16,
    DType::I8,       DType::U64,    DType::U32, DType::U16,  DType::U8,
    DType::I1,       DType::C64,    DType::C128};

/// Storage size of one element in bytes (I1 takes one byte; C64 8, C128 16).
int64_t byteWidth(DType type);

/// MLIR's spelling: f64 f32 f16 bf16 f8E4M3 f8E4M3FN f8E5M2 i64 i32 i16 i8 ui64
/// ui32 ui16 ui8 i1 complex<f32> complex<f64>.
absl::string_view dtypeName(DType type);

/// Inverse of dtypeName (exact spelling). Also accepts `u8`..`u64` for
/// ui8..ui64. Errors: InvalidArgumentError naming the unknown type.
absl::StatusOr<DType> parseDType(absl::string_view name);

/// Real floating-point types (F64 .. F8E5M2); not complex.
bool isFloat(DType type);
/// Integer types, signed, unsigned and I1.
bool isInteger(DType type);
/// I64, I32, I16, I8 (not I1, which is a boolean).
bool isSignedInteger(DType type);
/// U64, U32, U16, U8.
bool isUnsignedInteger(DType type);
/// C64, C128.
bool isComplex(DType type);

/// For C64 returns F32, for C128 F64; otherwise the type itself.
DType complexElementType(DType type);

} // namespace systole

#endif // SYSTOLE_RUNTIME_API_DTYPE_H
