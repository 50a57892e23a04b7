//===- DType.cpp - Element types of runtime tensors -----------------------===//

#include "runtime/api/DType.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace systole {

int64_t byteWidth(DType type) {
  switch (type) {
  case DType::F64:
  case DType::I64:
  case DType::U64:
  case DType::C64:
    return 8;
  case DType::F32:
  case DType::I32:
  case DType::U32:
    return 4;
  case DType::F16:
  case DType::BF16:
  case DType::I16:
  case DType::U16:
    return 2;
  case DType::F8E4M3:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
  case DType::I8:
  case DType::U8:
  case DType::I1:
    return 1;
  case DType::C128:
    return 16;
  }
  return 0;
}

absl::string_view dtypeName(DType type) {
  switch (type) {
  case DType::F64:
    return "f64";
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F8E4M3:
    return "f8E4M3";
  case DType::F8E4M3FN:
    return "f8E4M3FN";
  case DType::F8E5M2:
    return "f8E5M2";
  case DType::I64:
    return "i64";
  case DType::I32:
    return "i32";
  case DType::I16:
    return "i16";
  case DType::I8:
    return "i8";
  case DType::U64:
    return "ui64";
  case DType::U32:
    return "ui32";
  case DType::U16:
    return "ui16";
  case DType::U8:
    return "ui8";
  case DType::I1:
    return "i1";
  case DType::C64:
    return "complex<f32>";
  case DType::C128:
    return "complex<f64>";
  }
  return "<invalid dtype>";
}

absl::StatusOr<DType> parseDType(absl::string_view name) {
  for (DType type : kAllDTypes)
    if (dtypeName(type) == name)
      return type;
  if (name == "u64")
    return DType::U64;
  if (name == "u32")
    return DType::U32;
  if (name == "u16")
    return DType::U16;
  if (name == "u8")
    return DType::U8;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown element type '", name,
                   "' (expected one of f64 f32 f16 bf16 f8E4M3 f8E4M3FN f8E5M2 "
                   "i64 i32 i16 i8 "
                   "ui64 ui32 ui16 ui8 i1 complex<f32> complex<f64>)"));
}

bool isFloat(DType type) {
  switch (type) {
  case DType::F64:
  case DType::F32:
  case DType::F16:
  case DType::BF16:
  case DType::F8E4M3:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
    return true;
  default:
    return false;
  }
}

bool isSignedInteger(DType type) {
  return type == DType::I64 || type == DType::I32 || type == DType::I16 ||
         type == DType::I8;
}

bool isUnsignedInteger(DType type) {
  return type == DType::U64 || type == DType::U32 || type == DType::U16 ||
         type == DType::U8;
}

bool isInteger(DType type) {
  return isSignedInteger(type) || isUnsignedInteger(type) || type == DType::I1;
}

bool isComplex(DType type) { return type == DType::C64 || type == DType::C128; }

DType complexElementType(DType type) {
  if (type == DType::C64)
    return DType::F32;
  if (type == DType::C128)
    return DType::F64;
  return type;
}

} // namespace systole
