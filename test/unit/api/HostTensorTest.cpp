//===- HostTensorTest.cpp - Tests of runtime/api/HostTensor.h -------------===//

#include "runtime/api/HostTensor.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace systole {
namespace {

std::vector<uint8_t> bytes(std::initializer_list<int> values) {
  std::vector<uint8_t> out;
  for (int v : values)
    out.push_back(static_cast<uint8_t>(v));
  return out;
}

TEST(HostTensorTest, SizesAndZeros) {
  HostTensor t = HostTensor::zeros(DType::F32, {2, 3});
  EXPECT_EQ(t.numElements(), 6);
  EXPECT_EQ(t.byteSize(), 24);
  EXPECT_EQ(t.data.size(), 24u);
  for (uint8_t b : t.data)
    EXPECT_EQ(b, 0);
  HostTensor scalar = HostTensor::zeros(DType::C128, {});
  EXPECT_EQ(scalar.numElements(), 1);
  EXPECT_EQ(scalar.byteSize(), 16);
  HostTensor empty = HostTensor::zeros(DType::I8, {4, 0, 2});
  EXPECT_EQ(empty.numElements(), 0);
  EXPECT_EQ(empty.byteSize(), 0);
  EXPECT_EQ(HostTensor::zeros(DType::I1, {5}).byteSize(), 5);
}

TEST(HostTensorTest, LittleEndianPackedStorage) {
  HostTensor f32 = HostTensor::zeros(DType::F32, {2});
  f32.setDouble(0, 1.0);
  f32.setDouble(1, -2.0);
  EXPECT_EQ(f32.data, bytes({0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0xC0}));

  HostTensor bf16 = HostTensor::zeros(DType::BF16, {1});
  bf16.setDouble(0, 1.0);
  EXPECT_EQ(bf16.data, bytes({0x80, 0x3F}));

  HostTensor i32 = HostTensor::zeros(DType::I32, {1});
  i32.setDouble(0, -2);
  EXPECT_EQ(i32.data, bytes({0xFE, 0xFF, 0xFF, 0xFF}));

  HostTensor c64 = HostTensor::zeros(DType::C64, {1});
  c64.setComplex(0, {1.0, -2.0});
  EXPECT_EQ(c64.data, bytes({0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0xC0}));
  EXPECT_EQ(c64.getComplex(0), std::complex<double>(1.0, -2.0));
  EXPECT_EQ(c64.getDouble(0), 1.0);
}

TEST(HostTensorTest, FloatSetDoubleRoundsToNearestEven) {
  HostTensor t = HostTensor::zeros(DType::F32, {1});
  t.setDouble(0, 0.1);
  EXPECT_EQ(t.getBits(0), 0x3DCCCCCDu);
  t.setDouble(0, 1e300);
  EXPECT_TRUE(std::isinf(t.getDouble(0)));

  HostTensor f8 = HostTensor::zeros(DType::F8E4M3, {3});
  f8.setDouble(0, 240);
  f8.setDouble(1, 248);
  f8.setDouble(2, -0x1p-9);
  EXPECT_EQ(f8.data, bytes({0x77, 0x78, 0x81}));
  EXPECT_EQ(f8.getDouble(0), 240.0);
  EXPECT_TRUE(std::isinf(f8.getDouble(1)));
  EXPECT_EQ(f8.getDouble(2), -0x1p-9);

  HostTensor f16 = HostTensor::zeros(DType::F16, {1});
  f16.setDouble(0, 65504);
  EXPECT_EQ(f16.getBits(0), 0x7BFFu);
  HostTensor f64 = HostTensor::zeros(DType::F64, {1});
  f64.setDouble(0, 0.1);
  EXPECT_EQ(f64.getDouble(0), 0.1);
}

TEST(HostTensorTest, IntegerSetDoubleTruncatesAndWraps) {
  HostTensor i8 = HostTensor::zeros(DType::I8, {6});
  i8.setDouble(0, 200);  // 200 - 256
  i8.setDouble(1, -1.7); // toward zero
  i8.setDouble(2, 1.9);
  i8.setDouble(3, std::nan(""));
  i8.setDouble(4, INFINITY);
  i8.setDouble(5, -129); // -129 + 256
  EXPECT_EQ(i8.getInt64(0), -56);
  EXPECT_EQ(i8.getInt64(1), -1);
  EXPECT_EQ(i8.getInt64(2), 1);
  EXPECT_EQ(i8.getInt64(3), 0);
  EXPECT_EQ(i8.getInt64(4), 0);
  EXPECT_EQ(i8.getInt64(5), 127);
  EXPECT_EQ(i8.getDouble(0), -56.0);

  HostTensor u8 = HostTensor::zeros(DType::U8, {2});
  u8.setDouble(0, -1);
  u8.setDouble(1, 256 + 3);
  EXPECT_EQ(u8.data, bytes({255, 3}));
  EXPECT_EQ(u8.getDouble(0), 255.0);

  HostTensor u64 = HostTensor::zeros(DType::U64, {1});
  u64.setDouble(0, 0x1p63);
  EXPECT_EQ(u64.getBits(0), uint64_t(1) << 63);
  EXPECT_EQ(u64.getDouble(0), 0x1p63);
  u64.setDouble(0, 0x1p64 + 0x1p12); // wraps modulo 2^64
  EXPECT_EQ(u64.getBits(0), uint64_t(1) << 12);

  HostTensor i64 = HostTensor::zeros(DType::I64, {1});
  i64.setInt64(0, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(i64.getInt64(0), std::numeric_limits<int64_t>::min());
  i64.setDouble(0, -0x1p62);
  EXPECT_EQ(i64.getInt64(0), -(int64_t(1) << 62));

  HostTensor i16 = HostTensor::zeros(DType::I16, {1});
  i16.setInt64(0, 0x12345);
  EXPECT_EQ(i16.getInt64(0), 0x2345);
  i16.setInt64(0, 0xFFFF);
  EXPECT_EQ(i16.getInt64(0), -1);
}

TEST(HostTensorTest, BooleanElements) {
  HostTensor b = HostTensor::zeros(DType::I1, {4});
  b.setDouble(0, 2);
  b.setDouble(1, 0);
  b.setDouble(2, -0.5);
  b.setInt64(3, 256);
  EXPECT_EQ(b.data, bytes({1, 0, 1, 1}));
  EXPECT_EQ(b.getDouble(0), 1.0);
  EXPECT_EQ(b.getInt64(1), 0);
}

TEST(HostTensorTest, FromDoubles) {
  HostTensor t = HostTensor::fromDoubles(DType::I32, {2, 2}, {1, -2, 3});
  EXPECT_EQ(t.getInt64(0), 1);
  EXPECT_EQ(t.getInt64(1), -2);
  EXPECT_EQ(t.getInt64(2), 3);
  EXPECT_EQ(t.getInt64(3), 0); // missing values are zero
  HostTensor c = HostTensor::fromDoubles(DType::C128, {1}, {2.5});
  EXPECT_EQ(c.getComplex(0), std::complex<double>(2.5, 0));
}

TEST(HostTensorTest, Equality) {
  HostTensor a = HostTensor::fromDoubles(DType::F32, {2}, {1, 2});
  EXPECT_EQ(a, HostTensor::fromDoubles(DType::F32, {2}, {1, 2}));
  EXPECT_NE(a, HostTensor::fromDoubles(DType::F32, {1, 2}, {1, 2}));
  EXPECT_NE(a, HostTensor::fromDoubles(DType::I32, {2}, {1, 2}));
  EXPECT_NE(a, HostTensor::fromDoubles(DType::F32, {2}, {1, 3}));
  EXPECT_NE(HostTensor::fromDoubles(DType::F32, {1}, {0.0}),
            HostTensor::fromDoubles(DType::F32, {1}, {-0.0}));
}

TEST(HostTensorTest, TypeStrings) {
  EXPECT_EQ(typeString(HostTensor::zeros(DType::F32, {2, 3})), "2x3xf32");
  EXPECT_EQ(typeString(HostTensor::zeros(DType::F32, {})), "f32");
  EXPECT_EQ(typeString(HostTensor::zeros(DType::BF16, {0})), "0xbf16");
  EXPECT_EQ(typeString(HostTensor::zeros(DType::C64, {4})), "4xcomplex<f32>");
  EXPECT_EQ(typeString({1, 2, 3}, DType::U8), "1x2x3xui8");
}

TEST(HostTensorTest, MultiIndices) {
  EXPECT_EQ(formatIndex({2, 3}, 5), "[1, 2]");
  EXPECT_EQ(formatIndex({2, 3}, 3), "[1, 0]");
  EXPECT_EQ(formatIndex({4}, 2), "[2]");
  EXPECT_EQ(formatIndex({}, 0), "[]");
  EXPECT_EQ(formatIndex({2, 3, 4}, 23), "[1, 2, 3]");
}

} // namespace
} // namespace systole
