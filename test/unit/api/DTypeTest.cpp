//===- DTypeTest.cpp - Tests of runtime/api/DType.h -----------------------===//

#include "runtime/api/DType.h"

#include "gtest/gtest.h"

namespace systole {
namespace {

TEST(DTypeTest, NamesAreMlirSpellings) {
  EXPECT_EQ(dtypeName(DType::F64), "f64");
  EXPECT_EQ(dtypeName(DType::F32), "f32");
  EXPECT_EQ(dtypeName(DType::F16), "f16");
  EXPECT_EQ(dtypeName(DType::BF16), "bf16");
  EXPECT_EQ(dtypeName(DType::F8E4M3), "f8E4M3");
  EXPECT_EQ(dtypeName(DType::F8E4M3FN), "f8E4M3FN");
  EXPECT_EQ(dtypeName(DType::F8E5M2), "f8E5M2");
  EXPECT_EQ(dtypeName(DType::I64), "i64");
  EXPECT_EQ(dtypeName(DType::I32), "i32");
  EXPECT_EQ(dtypeName(DType::I16), "i16");
  EXPECT_EQ(dtypeName(DType::I8), "i8");
  EXPECT_EQ(dtypeName(DType::U64), "ui64");
  EXPECT_EQ(dtypeName(DType::U32), "ui32");
  EXPECT_EQ(dtypeName(DType::U16), "ui16");
  EXPECT_EQ(dtypeName(DType::U8), "ui8");
  EXPECT_EQ(dtypeName(DType::I1), "i1");
  EXPECT_EQ(dtypeName(DType::C64), "complex<f32>");
  EXPECT_EQ(dtypeName(DType::C128), "complex<f64>");
}

TEST(DTypeTest, ParseInvertsName) {
  for (DType type : kAllDTypes) {
    absl::StatusOr<DType> parsed = parseDType(dtypeName(type));
    ASSERT_TRUE(parsed.ok()) << dtypeName(type);
    EXPECT_EQ(*parsed, type);
  }
  absl::StatusOr<DType> u8 = parseDType("u8");
  ASSERT_TRUE(u8.ok());
  EXPECT_EQ(*u8, DType::U8);
}

TEST(DTypeTest, ParseRejectsUnknownNames) {
  for (const char *name :
       {"", "f33", "F32", "float", "f8E4M3FNUZ", "complex<f16>"}) {
    absl::StatusOr<DType> parsed = parseDType(name);
    ASSERT_FALSE(parsed.ok()) << name;
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(parsed.status().message().find("unknown element type"),
              absl::string_view::npos);
  }
}

TEST(DTypeTest, ByteWidths) {
  EXPECT_EQ(byteWidth(DType::F64), 8);
  EXPECT_EQ(byteWidth(DType::F32), 4);
  EXPECT_EQ(byteWidth(DType::F16), 2);
  EXPECT_EQ(byteWidth(DType::BF16), 2);
  EXPECT_EQ(byteWidth(DType::F8E4M3), 1);
  EXPECT_EQ(byteWidth(DType::F8E4M3FN), 1);
  EXPECT_EQ(byteWidth(DType::F8E5M2), 1);
  EXPECT_EQ(byteWidth(DType::I64), 8);
  EXPECT_EQ(byteWidth(DType::I32), 4);
  EXPECT_EQ(byteWidth(DType::I16), 2);
  EXPECT_EQ(byteWidth(DType::I8), 1);
  EXPECT_EQ(byteWidth(DType::U64), 8);
  EXPECT_EQ(byteWidth(DType::U32), 4);
  EXPECT_EQ(byteWidth(DType::U16), 2);
  EXPECT_EQ(byteWidth(DType::U8), 1);
  EXPECT_EQ(byteWidth(DType::I1), 1);
  EXPECT_EQ(byteWidth(DType::C64), 8);
  EXPECT_EQ(byteWidth(DType::C128), 16);
}

TEST(DTypeTest, Predicates) {
  int floats = 0, integers = 0, signedIntegers = 0, unsignedIntegers = 0,
      complexes = 0;
  for (DType type : kAllDTypes) {
    floats += isFloat(type);
    integers += isInteger(type);
    signedIntegers += isSignedInteger(type);
    unsignedIntegers += isUnsignedInteger(type);
    complexes += isComplex(type);
    // Every dtype is exactly one of float, integer, complex.
    EXPECT_EQ(isFloat(type) + isInteger(type) + isComplex(type), 1)
        << dtypeName(type);
  }
  EXPECT_EQ(floats, 7);
  EXPECT_EQ(integers, 9);
  EXPECT_EQ(signedIntegers, 4);
  EXPECT_EQ(unsignedIntegers, 4);
  EXPECT_EQ(complexes, 2);
  EXPECT_TRUE(isInteger(DType::I1));
  EXPECT_FALSE(isSignedInteger(DType::I1));
  EXPECT_TRUE(isFloat(DType::BF16));
  EXPECT_FALSE(isFloat(DType::C64));
  EXPECT_EQ(complexElementType(DType::C64), DType::F32);
  EXPECT_EQ(complexElementType(DType::C128), DType::F64);
  EXPECT_EQ(complexElementType(DType::I8), DType::I8);
}

} // namespace
} // namespace systole
