//===- FloatFormatsTest.cpp - Tests of runtime/api/FloatFormats.h ---------===//
//
// Expected values come from the format definitions (see the layouts in
// FloatFormats.h): value = (-1)^S * 2^(E - bias) * 1.M, subnormals 2^(1 - bias)
// * 0.M.
//
//===----------------------------------------------------------------------===//

#include "runtime/api/FloatFormats.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "gtest/gtest.h"

namespace systole {
namespace {

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

//===--- bf16 -------------------------------------------------------------===//

TEST(Bf16Test, DecodesKnownValues) {
  EXPECT_EQ(bf16ToFloat(0x3F80), 1.0f);
  EXPECT_EQ(bf16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(bf16ToFloat(0x7F7F), 0x1.FEp127f); // max finite
  EXPECT_EQ(bf16ToFloat(0x0080), 0x1p-126f);   // min normal
  EXPECT_EQ(bf16ToFloat(0x0001), 0x1p-133f);   // min subnormal
  EXPECT_EQ(bf16ToFloat(0x7F80), kInf);
  EXPECT_EQ(bf16ToFloat(0xFF80), -kInf);
  EXPECT_TRUE(std::isnan(bf16ToFloat(0x7FC0)));
  EXPECT_EQ(bitsOf(bf16ToFloat(0x8000)), 0x80000000u);
}

TEST(Bf16Test, RoundsToNearestEven) {
  // Ties: 1 + 2^-8 lies halfway between 0x3F80 (even) and 0x3F81.
  EXPECT_EQ(floatToBf16(floatOf(0x3F808000)), 0x3F80);
  // Halfway between 0x3F81 and 0x3F82 (even).
  EXPECT_EQ(floatToBf16(floatOf(0x3F818000)), 0x3F82);
  // Just above / below a tie.
  EXPECT_EQ(floatToBf16(floatOf(0x3F808001)), 0x3F81);
  EXPECT_EQ(floatToBf16(floatOf(0x3F807FFF)), 0x3F80);
  EXPECT_EQ(floatToBf16(-1.0f), 0xBF80);
  EXPECT_EQ(floatToBf16(0.1f), 0x3DCD); // 0x3DCCCCCD rounds up
}

TEST(Bf16Test, EdgesAndSpecials) {
  EXPECT_EQ(floatToBf16(0x1.FEp127f), 0x7F7F);
  // FLT_MAX = 0x7F7FFFFF is above the midpoint of 0x7F7F and 2^128: inf.
  EXPECT_EQ(floatToBf16(std::numeric_limits<float>::max()), 0x7F80);
  EXPECT_EQ(floatToBf16(kInf), 0x7F80);
  EXPECT_EQ(floatToBf16(-kInf), 0xFF80);
  EXPECT_EQ(floatToBf16(0.0f), 0x0000);
  EXPECT_EQ(floatToBf16(-0.0f), 0x8000);
  EXPECT_EQ(floatToBf16(kNaN), 0x7FC0);
  // A signalling NaN whose payload lies in the dropped bits stays a NaN.
  uint16_t quieted = floatToBf16(floatOf(0x7F800001));
  EXPECT_EQ(quieted & 0x7F80, 0x7F80);
  EXPECT_NE(quieted & 0x007F, 0);
  EXPECT_EQ(floatToBf16(floatOf(0xFFC00000)), 0xFFC0);
  // Subnormals: 2^-133 is the smallest; a tie at half of it goes to 0 (even).
  EXPECT_EQ(floatToBf16(0x1p-133f), 0x0001);
  EXPECT_EQ(floatToBf16(0x1p-134f), 0x0000);
  EXPECT_EQ(floatToBf16(0x1.8p-133f), 0x0002); // 1.5 units -> 2 (even)
  EXPECT_EQ(floatToBf16(0x1p-149f), 0x0000);
}

TEST(Bf16Test, FromDoubleRoundsOnce) {
  // 1 + 2^-8 + 2^-30: through float it becomes exactly the tie 1 + 2^-8 and
  // then rounds down to 1; rounded once it is above the tie and rounds up.
  const double x = 1.0 + 0x1p-8 + 0x1p-30;
  EXPECT_EQ(floatToBf16(static_cast<float>(x)), 0x3F80);
  EXPECT_EQ(doubleToBf16(x), 0x3F81);
  EXPECT_EQ(doubleToBf16(1.0 + 0x1p-8), 0x3F80);
  EXPECT_EQ(doubleToBf16(1e300), 0x7F80);
  EXPECT_EQ(doubleToBf16(-1e-300), 0x8000);
  EXPECT_EQ(doubleToBf16(std::numeric_limits<double>::denorm_min()), 0x0000);
  EXPECT_EQ(doubleToBf16(std::numeric_limits<double>::quiet_NaN()) & 0x7FC0,
            0x7FC0);
}

TEST(Bf16Test, FloatAndDoublePathsAgreeOnFloats) {
  std::mt19937 rng(1234);
  for (int i = 0; i < 200000; ++i) {
    const float f = floatOf(static_cast<uint32_t>(rng()));
    if (std::isnan(f))
      continue;
    ASSERT_EQ(floatToBf16(f), doubleToBf16(f)) << std::hexfloat << f;
  }
}

TEST(Bf16Test, EveryCodeRoundTrips) {
  for (uint32_t code = 0; code < 0x10000; ++code) {
    const float f = bf16ToFloat(static_cast<uint16_t>(code));
    EXPECT_EQ(bitsOf(f), code << 16);
    if (std::isnan(f))
      continue;
    ASSERT_EQ(floatToBf16(f), code);
    ASSERT_EQ(doubleToBf16(f), code);
  }
}

//===--- f16 --------------------------------------------------------------===//

TEST(F16Test, DecodesKnownValues) {
  EXPECT_EQ(f16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(f16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(f16ToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(f16ToFloat(0x0400), 0x1p-14f);
  EXPECT_EQ(f16ToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(f16ToFloat(0x03FF), 1023 * 0x1p-24f);
  EXPECT_EQ(f16ToFloat(0x3555), 0x1.554p-2f);
  EXPECT_EQ(f16ToFloat(0x7C00), kInf);
  EXPECT_EQ(f16ToFloat(0xFC00), -kInf);
  EXPECT_TRUE(std::isnan(f16ToFloat(0x7E00)));
  EXPECT_TRUE(std::isnan(f16ToFloat(0x7C01)));
  EXPECT_EQ(bitsOf(f16ToFloat(0x8000)), 0x80000000u);
  EXPECT_EQ(bitsOf(f16ToFloat(0x7E00)), 0x7FC00000u);
}

TEST(F16Test, EncodesEdges) {
  EXPECT_EQ(floatToF16(1.0f), 0x3C00);
  EXPECT_EQ(floatToF16(1.0f / 3), 0x3555);
  EXPECT_EQ(floatToF16(65504.0f), 0x7BFF);
  EXPECT_EQ(floatToF16(65519.0f), 0x7BFF);
  // 65520 is the midpoint between 65504 (odd mantissa) and 65536: rounds to
  // inf.
  EXPECT_EQ(floatToF16(65520.0f), 0x7C00);
  EXPECT_EQ(floatToF16(1e10f), 0x7C00);
  EXPECT_EQ(floatToF16(-1e10f), 0xFC00);
  EXPECT_EQ(floatToF16(kInf), 0x7C00);
  EXPECT_EQ(floatToF16(-0.0f), 0x8000);
  EXPECT_EQ(floatToF16(kNaN), 0x7E00);
  EXPECT_EQ(floatToF16(-kNaN) & 0xFE00, 0xFE00);
  // Subnormals: 2^-24 smallest; 2^-25 is a tie with 0 (even); 3 * 2^-25 a tie
  // between 1 and 2 units (even: 2).
  EXPECT_EQ(floatToF16(0x1p-24f), 0x0001);
  EXPECT_EQ(floatToF16(0x1p-25f), 0x0000);
  EXPECT_EQ(floatToF16(0x1.000002p-25f), 0x0001);
  EXPECT_EQ(floatToF16(0x1.8p-24f), 0x0002);
  EXPECT_EQ(floatToF16(0x1p-14f), 0x0400);
  EXPECT_EQ(floatToF16(0x1.FF8p-15f),
            0x03FF); // largest subnormal, 1023 * 2^-24
  // The tie between the largest subnormal (odd) and the smallest normal, and
  // just below it.
  EXPECT_EQ(floatToF16(0x1.FFCp-15f), 0x0400);
  EXPECT_EQ(floatToF16(0x1.FFBFFEp-15f), 0x03FF);
  // Ties among normals: 1 + 2^-11 -> 1 (even); 1 + 3 * 2^-11 -> 1 + 2^-9
  // (even).
  EXPECT_EQ(floatToF16(1.0f + 0x1p-11f), 0x3C00);
  EXPECT_EQ(floatToF16(1.0f + 3 * 0x1p-11f), 0x3C02);
}

TEST(F16Test, FromDoubleRoundsOnce) {
  const double x = 1.0 + 0x1p-11 + 0x1p-40;
  EXPECT_EQ(floatToF16(static_cast<float>(x)), 0x3C00);
  EXPECT_EQ(doubleToF16(x), 0x3C01);
  EXPECT_EQ(doubleToF16(65504.0), 0x7BFF);
  EXPECT_EQ(doubleToF16(65520.0), 0x7C00);
  EXPECT_EQ(doubleToF16(65519.999999), 0x7BFF);
}

TEST(F16Test, MatchesCompilerFloat16) {
  // GCC's _Float16 conversions (libgcc, IEEE round to nearest even) are an
  // independent reference.
  for (uint32_t code = 0; code < 0x10000; ++code) {
    const uint16_t c = static_cast<uint16_t>(code);
    _Float16 h;
    std::memcpy(&h, &c, 2);
    const float expected = static_cast<float>(h);
    const float actual = f16ToFloat(c);
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(actual));
      continue;
    }
    ASSERT_EQ(bitsOf(actual), bitsOf(expected)) << code;
    ASSERT_EQ(floatToF16(actual), c);
  }
  std::mt19937 rng(99);
  for (int i = 0; i < 200000; ++i) {
    // Exponents concentrated around f16's range.
    const float f = std::ldexp(static_cast<float>(rng()) / 4294967296.0f,
                               static_cast<int>(rng() % 50) - 30) *
                    ((rng() & 1) ? -1 : 1);
    const _Float16 h = static_cast<_Float16>(f);
    uint16_t expected;
    std::memcpy(&expected, &h, 2);
    ASSERT_EQ(floatToF16(f), expected) << std::hexfloat << f;
  }
}

//===--- FP8 --------------------------------------------------------------===//

TEST(F8E4M3Test, DecodesKnownValues) {
  const DType t = DType::F8E4M3;
  EXPECT_EQ(f8ToFloat(0x00, t), 0.0f);
  EXPECT_EQ(f8ToFloat(0x01, t), 0x1p-9f); // smallest subnormal
  EXPECT_EQ(f8ToFloat(0x07, t), 7 * 0x1p-9f);
  EXPECT_EQ(f8ToFloat(0x08, t), 0x1p-6f); // smallest normal
  EXPECT_EQ(f8ToFloat(0x38, t), 1.0f);
  EXPECT_EQ(f8ToFloat(0x3C, t), 1.5f);
  EXPECT_EQ(f8ToFloat(0x77, t), 240.0f); // max finite
  EXPECT_EQ(f8ToFloat(0xF7, t), -240.0f);
  EXPECT_EQ(f8ToFloat(0x78, t), kInf);
  EXPECT_EQ(f8ToFloat(0xF8, t), -kInf);
  for (uint8_t code = 0x79; code <= 0x7F; ++code)
    EXPECT_TRUE(std::isnan(f8ToFloat(code, t))) << int(code);
  EXPECT_EQ(bitsOf(f8ToFloat(0x80, t)), 0x80000000u);
}

TEST(F8E4M3Test, EncodesEdges) {
  const DType t = DType::F8E4M3;
  EXPECT_EQ(floatToF8(240.0f, t, false), 0x77);
  EXPECT_EQ(floatToF8(247.0f, t, false), 0x77);
  // 248 is the midpoint between 240 (odd) and 256: inf, or 240 when saturating.
  EXPECT_EQ(floatToF8(248.0f, t, false), 0x78);
  EXPECT_EQ(floatToF8(248.0f, t, true), 0x77);
  EXPECT_EQ(floatToF8(1000.0f, t, false), 0x78);
  EXPECT_EQ(floatToF8(1000.0f, t, true), 0x77);
  EXPECT_EQ(floatToF8(-1000.0f, t, true), 0xF7);
  EXPECT_EQ(floatToF8(kInf, t, false), 0x78);
  EXPECT_EQ(floatToF8(-kInf, t, false), 0xF8);
  EXPECT_EQ(floatToF8(kInf, t, true), 0x78); // infinities are not clamped
  EXPECT_TRUE(std::isnan(f8ToFloat(floatToF8(kNaN, t, false), t)));
  EXPECT_TRUE(std::isnan(f8ToFloat(floatToF8(kNaN, t, true), t)));
  EXPECT_EQ(floatToF8(1.0f, t), 0x38);
  EXPECT_EQ(floatToF8(-0.0f, t), 0x80);
  // Subnormals: 2^-9 smallest; 2^-10 a tie with 0; 3 * 2^-10 a tie between 1
  // and 2 units (even: 2).
  EXPECT_EQ(floatToF8(0x1p-9f, t), 0x01);
  EXPECT_EQ(floatToF8(0x1p-10f, t), 0x00);
  EXPECT_EQ(floatToF8(0x1.1p-10f, t), 0x01);
  EXPECT_EQ(floatToF8(3 * 0x1p-10f, t), 0x02);
  EXPECT_EQ(floatToF8(1e-30f, t), 0x00);
  // Ties among normals: 1 + 1/16 -> 1 (even); 1 + 3/16 -> 1.25 (even).
  EXPECT_EQ(floatToF8(1.0625f, t), 0x38);
  EXPECT_EQ(floatToF8(1.1875f, t), 0x3A);
}

TEST(F8E4M3FNTest, DecodesKnownValues) {
  const DType t = DType::F8E4M3FN;
  EXPECT_EQ(f8ToFloat(0x01, t), 0x1p-9f);
  EXPECT_EQ(f8ToFloat(0x38, t), 1.0f);
  EXPECT_EQ(f8ToFloat(0x78, t), 256.0f); // exponent 1111 is finite here
  EXPECT_EQ(f8ToFloat(0x7D, t), 416.0f);
  EXPECT_EQ(f8ToFloat(0x7E, t), 448.0f); // max finite
  EXPECT_EQ(f8ToFloat(0xFE, t), -448.0f);
  EXPECT_TRUE(std::isnan(f8ToFloat(0x7F, t)));
  EXPECT_TRUE(std::isnan(f8ToFloat(0xFF, t)));
  int nans = 0;
  for (int code = 0; code < 256; ++code)
    nans += std::isnan(f8ToFloat(static_cast<uint8_t>(code), t));
  EXPECT_EQ(nans, 2);
}

TEST(F8E4M3FNTest, EncodesEdges) {
  const DType t = DType::F8E4M3FN;
  EXPECT_EQ(floatToF8(448.0f, t, false), 0x7E);
  // 464 is the midpoint between 448 (even) and the NaN code: rounds to 448.
  EXPECT_EQ(floatToF8(464.0f, t, false), 0x7E);
  EXPECT_EQ(floatToF8(465.0f, t, false), 0x7F); // overflow: NaN (no inf)
  EXPECT_EQ(floatToF8(465.0f, t, true), 0x7E);
  EXPECT_EQ(floatToF8(-1e6f, t, false), 0xFF);
  EXPECT_EQ(floatToF8(-1e6f, t, true), 0xFE);
  EXPECT_EQ(floatToF8(kInf, t, false), 0x7F);
  EXPECT_EQ(floatToF8(-kInf, t, false), 0xFF);
  EXPECT_EQ(floatToF8(kNaN, t, false), 0x7F);
  EXPECT_EQ(floatToF8(240.0f, t), 0x77);
  EXPECT_EQ(floatToF8(256.0f, t), 0x78);
  EXPECT_EQ(floatToF8(0x1p-9f, t), 0x01);
  EXPECT_EQ(floatToF8(0x1p-10f, t), 0x00);
}

TEST(F8E5M2Test, DecodesKnownValues) {
  const DType t = DType::F8E5M2;
  EXPECT_EQ(f8ToFloat(0x01, t), 0x1p-16f); // smallest subnormal
  EXPECT_EQ(f8ToFloat(0x03, t), 3 * 0x1p-16f);
  EXPECT_EQ(f8ToFloat(0x04, t), 0x1p-14f); // smallest normal
  EXPECT_EQ(f8ToFloat(0x3C, t), 1.0f);
  EXPECT_EQ(f8ToFloat(0x7B, t), 57344.0f); // max finite
  EXPECT_EQ(f8ToFloat(0x7C, t), kInf);
  EXPECT_EQ(f8ToFloat(0xFC, t), -kInf);
  EXPECT_TRUE(std::isnan(f8ToFloat(0x7D, t)));
  EXPECT_TRUE(std::isnan(f8ToFloat(0x7E, t)));
  EXPECT_TRUE(std::isnan(f8ToFloat(0xFF, t)));
}

TEST(F8E5M2Test, EncodesEdges) {
  const DType t = DType::F8E5M2;
  EXPECT_EQ(floatToF8(57344.0f, t, false), 0x7B);
  EXPECT_EQ(floatToF8(61439.0f, t, false), 0x7B);
  // 61440 is the midpoint between 57344 (odd) and 65536.
  EXPECT_EQ(floatToF8(61440.0f, t, false), 0x7C);
  EXPECT_EQ(floatToF8(61440.0f, t, true), 0x7B);
  EXPECT_EQ(floatToF8(-1e9f, t, true), 0xFB);
  EXPECT_EQ(floatToF8(kInf, t, false), 0x7C);
  EXPECT_EQ(floatToF8(kNaN, t, false), 0x7E);
  EXPECT_EQ(floatToF8(0x1p-16f, t), 0x01);
  EXPECT_EQ(floatToF8(0x1p-17f, t), 0x00);
  EXPECT_EQ(floatToF8(0x1.01p-17f, t), 0x01);
  EXPECT_EQ(floatToF8(1.125f, t), 0x3C); // tie -> 1 (even)
  EXPECT_EQ(floatToF8(1.375f, t), 0x3E); // tie -> 1.5 (even)
}

TEST(F8Test, FromDoubleRoundsOnce) {
  // 1 + 2^-4 + 2^-40 for e4m3: through float the 2^-40 is lost, the tie rounds
  // to 1.
  const double x = 1.0 + 0x1p-4 + 0x1p-40;
  EXPECT_EQ(floatToF8(static_cast<float>(x), DType::F8E4M3), 0x38);
  EXPECT_EQ(doubleToF8(x, DType::F8E4M3), 0x39);
  EXPECT_EQ(doubleToF8(1e300, DType::F8E4M3, true), 0x77);
  EXPECT_EQ(doubleToF8(1e300, DType::F8E5M2, false), 0x7C);
}

TEST(F8Test, NonFp8TypeIsHandled) {
  EXPECT_EQ(floatToF8(1.0f, DType::F32), 0);
  EXPECT_TRUE(std::isnan(f8ToFloat(0x38, DType::BF16)));
}

/// The value of a code straight from the definition, for exhaustive checks.
double referenceValue(uint32_t code, int expBits, int mantBits, int bias) {
  const uint32_t mant = code & ((1u << mantBits) - 1);
  const uint32_t exp = (code >> mantBits) & ((1u << expBits) - 1);
  const double sign = (code >> (expBits + mantBits)) & 1 ? -1.0 : 1.0;
  if (exp == 0)
    return sign * mant / double(1u << mantBits) * std::pow(2.0, 1 - bias);
  return sign * (1.0 + mant / double(1u << mantBits)) *
         std::pow(2.0, static_cast<int>(exp) - bias);
}

struct F8Case {
  DType type;
  int expBits, mantBits, bias;
};

TEST(F8Test, EveryCodeDecodesAndRoundTrips) {
  for (F8Case c :
       {F8Case{DType::F8E4M3, 4, 3, 7}, F8Case{DType::F8E4M3FN, 4, 3, 7},
        F8Case{DType::F8E5M2, 5, 2, 15}}) {
    for (uint32_t code = 0; code < 256; ++code) {
      const uint8_t b = static_cast<uint8_t>(code);
      const float f = f8ToFloat(b, c.type);
      const bool topExponent =
          ((code >> c.mantBits) & ((1u << c.expBits) - 1)) ==
          (1u << c.expBits) - 1;
      if (topExponent && c.type != DType::F8E4M3FN) {
        if ((code & ((1u << c.mantBits) - 1)) == 0)
          EXPECT_TRUE(std::isinf(f));
        else
          EXPECT_TRUE(std::isnan(f));
        continue;
      }
      if (c.type == DType::F8E4M3FN && (code & 0x7F) == 0x7F) {
        EXPECT_TRUE(std::isnan(f));
        continue;
      }
      EXPECT_EQ(f, referenceValue(code, c.expBits, c.mantBits, c.bias))
          << dtypeName(c.type) << " " << code;
      EXPECT_EQ(floatToF8(f, c.type, false), b);
      EXPECT_EQ(floatToF8(f, c.type, true), b);
      EXPECT_EQ(decodeFloat(encodeFloat(f, c.type), c.type), f);
    }
  }
}

/// Rounding to nearest is checked against the neighbours of the result: no
/// other finite value is closer, and a tie picks the even code.
void checkNearest(DType type, double x) {
  const uint64_t code = encodeFloat(x, type);
  const double r = decodeFloat(code, type);
  const double maxFinite = maxFiniteValue(type);
  if (std::isinf(r) || std::isnan(r)) {
    // Overflow: x must lie at or beyond the midpoint above the largest finite
    // value.
    ASSERT_GE(std::fabs(x), maxFinite) << dtypeName(type) << " " << x;
    return;
  }
  for (int delta : {-1, 1}) {
    const uint64_t neighbourCode = code + delta;
    const uint64_t signBit = uint64_t(1) << (byteWidth(type) * 8 - 1);
    if ((code & (signBit - 1)) == 0 && delta == -1)
      continue;
    const double n = decodeFloat(neighbourCode, type);
    if (std::isnan(n) || std::isinf(n))
      continue;
    const double dr = std::fabs(x - r), dn = std::fabs(x - n);
    ASSERT_LE(dr, dn) << dtypeName(type) << " " << std::hexfloat << x;
    if (dr == dn) {
      ASSERT_EQ(code & 1, 0u)
          << dtypeName(type) << " tie " << std::hexfloat << x;
    }
  }
}

TEST(FloatFormatsTest, RandomValuesRoundToNearestEven) {
  std::mt19937_64 rng(7);
  for (DType type : {DType::F8E4M3, DType::F8E4M3FN, DType::F8E5M2, DType::F16,
                     DType::BF16}) {
    for (int i = 0; i < 20000; ++i) {
      const double mantissa = static_cast<double>(rng() >> 11) * 0x1p-53;
      const int exponent = static_cast<int>(rng() % 50) - 31;
      const double x = std::ldexp(mantissa, exponent) * ((rng() & 1) ? -1 : 1);
      checkNearest(type, x);
    }
  }
}

TEST(FloatFormatsTest, GenericEncodeDecode) {
  EXPECT_EQ(encodeFloat(1.0, DType::F32), 0x3F800000u);
  EXPECT_EQ(encodeFloat(1.0, DType::F64), 0x3FF0000000000000u);
  EXPECT_EQ(encodeFloat(1.0, DType::BF16), 0x3F80u);
  EXPECT_EQ(encodeFloat(1.0, DType::F16), 0x3C00u);
  EXPECT_EQ(encodeFloat(1.0, DType::F8E5M2), 0x3Cu);
  EXPECT_EQ(encodeFloat(1e300, DType::F32, true), 0x7F7FFFFFu);
  EXPECT_EQ(encodeFloat(1e300, DType::F32, false), 0x7F800000u);
  EXPECT_EQ(encodeFloat(1e10, DType::F16, true), 0x7BFFu);
  EXPECT_EQ(encodeFloat(1.0, DType::I32), 0u);
  EXPECT_EQ(decodeFloat(0x3F80, DType::BF16), 1.0);
  EXPECT_EQ(decodeFloat(0xFFFF3F80, DType::BF16), 1.0); // high bits ignored
  EXPECT_TRUE(std::isnan(decodeFloat(0, DType::I8)));
  EXPECT_EQ(roundToFloatType(0.1, DType::BF16), 0x1.9Ap-4);
  EXPECT_EQ(roundToFloatType(300.0, DType::F8E4M3), INFINITY);
  EXPECT_TRUE(std::isnan(roundToFloatType(500.0, DType::F8E4M3FN)));
  EXPECT_EQ(roundToFloatType(0.1, DType::F64), 0.1);
  EXPECT_EQ(maxFiniteValue(DType::F8E4M3), 240.0);
  EXPECT_EQ(maxFiniteValue(DType::F8E4M3FN), 448.0);
  EXPECT_EQ(maxFiniteValue(DType::F8E5M2), 57344.0);
  EXPECT_EQ(maxFiniteValue(DType::F16), 65504.0);
  EXPECT_EQ(maxFiniteValue(DType::BF16), 0x1.FEp127);
  EXPECT_EQ(maxFiniteValue(DType::F32), std::numeric_limits<float>::max());
  EXPECT_EQ(maxFiniteValue(DType::I32), 0.0);
}

} // namespace
} // namespace systole
