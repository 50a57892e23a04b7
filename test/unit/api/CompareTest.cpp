//===- CompareTest.cpp - Tests of runtime/api/Compare.h -------------------===//

#include "runtime/api/Compare.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "gtest/gtest.h"

namespace systole {
namespace {

HostTensor f32(std::vector<int64_t> shape, std::vector<double> values) {
  return HostTensor::fromDoubles(DType::F32, std::move(shape), values);
}

/// A one-element f32 tensor with raw bits.
HostTensor f32Bits(uint32_t bits) {
  HostTensor t = HostTensor::zeros(DType::F32, {1});
  t.setBits(0, bits);
  return t;
}

bool contains(const std::string &text, const std::string &fragment) {
  return text.find(fragment) != std::string::npos;
}

//===--- allClose ---------------------------------------------------------===//

TEST(AllCloseTest, AbsoluteAndRelativeTolerance) {
  HostTensor expected = f32({3}, {1, 2, 3});
  EXPECT_TRUE(allClose(expected, expected, 0, 0).ok);
  HostTensor actual = f32({3}, {1, 2.05, 3.25});
  CompareResult fail = allClose(actual, expected, 0, 0.1);
  EXPECT_FALSE(fail.ok);
  EXPECT_EQ(fail.worstIndex, 2);
  EXPECT_EQ(fail.worstActual, 3.25);
  EXPECT_EQ(fail.worstExpected, 3.0);
  EXPECT_EQ(fail.worstError, 0.25);
  EXPECT_TRUE(contains(fail.message, "1 of 3 elements differ")) << fail.message;
  EXPECT_TRUE(contains(fail.message, "worst at [2]: actual 3.25, expected 3"))
      << fail.message;
  EXPECT_TRUE(allClose(actual, expected, 0, 0.3).ok);
  // |a - e| <= atol + rtol * |e|: 0.25 <= 0.01 + 0.1 * 3.
  EXPECT_TRUE(allClose(actual, expected, 0.1, 0.01).ok);
  EXPECT_FALSE(allClose(actual, expected, 0.05, 0.01).ok);
  // The tolerance is relative to expected, not actual (numpy's asymmetry).
  EXPECT_TRUE(allClose(f32({1}, {100}), f32({1}, {110}), 0.1, 0).ok);
  EXPECT_FALSE(allClose(f32({1}, {110}), f32({1}, {100}), 0.09, 0).ok);
}

TEST(AllCloseTest, WorstIsTheLargestViolation) {
  // Element 0 has the larger difference but a larger tolerance too.
  HostTensor expected = f32({2}, {1000, 1});
  HostTensor actual = f32({2}, {1020, 1.5});
  CompareResult r = allClose(actual, expected, 0.01, 0.0);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.worstIndex, 1);
  EXPECT_EQ(r.worstError, 0.5);
}

TEST(AllCloseTest, SpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(allClose(f32({2}, {nan, inf}), f32({2}, {nan, inf}), 0, 0).ok);
  EXPECT_FALSE(allClose(f32({1}, {nan}), f32({1}, {1}), 1, 1).ok);
  EXPECT_FALSE(allClose(f32({1}, {1}), f32({1}, {nan}), 1, 1).ok);
  EXPECT_FALSE(allClose(f32({1}, {inf}), f32({1}, {-inf}), 1, 1).ok);
  EXPECT_FALSE(allClose(f32({1}, {inf}), f32({1}, {1e30}), 1, 1).ok);
  CompareResult r = allClose(f32({2}, {1, nan}), f32({2}, {1, 2}), 0, 0);
  EXPECT_EQ(r.worstIndex, 1);
  EXPECT_TRUE(contains(r.message, "actual nan, expected 2")) << r.message;
}

TEST(AllCloseTest, MismatchedTensors) {
  CompareResult shape = allClose(f32({2, 3}, {}), f32({3, 2}, {}), 0, 0);
  EXPECT_FALSE(shape.ok);
  EXPECT_EQ(shape.message, "shape mismatch: actual 2x3xf32, expected 3x2xf32");
  CompareResult type =
      allClose(f32({2}, {}), HostTensor::zeros(DType::F16, {2}), 0, 0);
  EXPECT_FALSE(type.ok);
  EXPECT_EQ(type.message, "type mismatch: actual 2xf32, expected 2xf16");
  EXPECT_TRUE(allClose(f32({0}, {}), f32({0}, {}), 0, 0).ok);
}

TEST(AllCloseTest, IntegersAndComplex) {
  HostTensor a = HostTensor::fromDoubles(DType::I32, {2}, {10, 20});
  HostTensor e = HostTensor::fromDoubles(DType::I32, {2}, {10, 21});
  EXPECT_FALSE(allClose(a, e, 0, 0.5).ok);
  EXPECT_TRUE(allClose(a, e, 0, 1).ok);
  HostTensor ca = HostTensor::zeros(DType::C64, {1});
  HostTensor ce = HostTensor::zeros(DType::C64, {1});
  ca.setComplex(0, {3, 4});
  // |(3,4) - (0,0)| = 5.
  EXPECT_FALSE(allClose(ca, ce, 0, 4.9).ok);
  EXPECT_TRUE(allClose(ca, ce, 0, 5).ok);
}

//===--- pearson ----------------------------------------------------------===//

TEST(PearsonTest, KnownCorrelations) {
  EXPECT_TRUE(
      pearson(f32({4}, {1, 2, 3, 4}), f32({4}, {2, 4, 6, 8}), 0.999).ok);
  CompareResult anti =
      pearson(f32({4}, {1, 2, 3, 4}), f32({4}, {4, 3, 2, 1}), 0.9);
  EXPECT_FALSE(anti.ok);
  EXPECT_DOUBLE_EQ(anti.worstError, 2.0); // 1 - (-1)
  // x = (1,2,3), y = (1,3,2): deviations (-1,0,1), (-1,1,0): cov 1,
  // variances 2.
  CompareResult half = pearson(f32({3}, {1, 2, 3}), f32({3}, {1, 3, 2}), 0.5);
  EXPECT_TRUE(half.ok);
  EXPECT_DOUBLE_EQ(half.worstError, 0.5);
  CompareResult fail = pearson(f32({3}, {1, 2, 3}), f32({3}, {1, 3, 2}), 0.6);
  EXPECT_FALSE(fail.ok);
  EXPECT_TRUE(contains(fail.message, "pearson correlation 0.5 < 0.6"))
      << fail.message;
  EXPECT_EQ(fail.worstIndex,
            1); // |2 - 3| = 1 first reaches the largest difference
  // Constant tensors.
  EXPECT_TRUE(pearson(f32({3}, {2, 2, 2}), f32({3}, {2, 2, 2}), 0.99).ok);
  EXPECT_FALSE(pearson(f32({3}, {1, 1, 1}), f32({3}, {2, 2, 2}), 0.99).ok);
  EXPECT_FALSE(pearson(f32({2}, {NAN, 1}), f32({2}, {1, 2}), 0).ok);
  EXPECT_FALSE(pearson(f32({2}, {1, 2}), f32({3}, {1, 2, 3}), 0).ok);
}

TEST(PearsonTest, MatchingNonFiniteElementsAreLeftOut) {
  // -inf from a max-pool window entirely in padding, on both sides: the
  // finite elements (1,2,3) vs (1,3,2) correlate 0.5 as above.
  CompareResult half = pearson(f32({5}, {-INFINITY, 1, 2, NAN, 3}),
                               f32({5}, {-INFINITY, 1, 3, NAN, 2}), 0.5);
  EXPECT_TRUE(half.ok) << half.message;
  EXPECT_DOUBLE_EQ(half.worstError, 0.5);
  EXPECT_EQ(half.worstIndex, 2);
  EXPECT_FALSE(pearson(f32({5}, {-INFINITY, 1, 2, NAN, 3}),
                       f32({5}, {-INFINITY, 1, 3, NAN, 2}), 0.6)
                   .ok);
  // All elements non-finite and equal.
  EXPECT_TRUE(
      pearson(f32({2}, {INFINITY, NAN}), f32({2}, {INFINITY, NAN}), 0.999).ok);
  // Infinities of opposite sign, or inf against NaN, still fail.
  CompareResult sign =
      pearson(f32({3}, {INFINITY, 1, 2}), f32({3}, {-INFINITY, 1, 2}), 0);
  EXPECT_FALSE(sign.ok);
  EXPECT_TRUE(contains(sign.message, "is not finite")) << sign.message;
  EXPECT_EQ(sign.worstIndex, 0);
  EXPECT_FALSE(
      pearson(f32({3}, {INFINITY, 1, 2}), f32({3}, {NAN, 1, 2}), 0).ok);
}

//===--- expectClose ------------------------------------------------------===//

TEST(ExpectCloseTest, UlpDistanceInOwnType) {
  // 1.0f is 0x3F800000; n ULPs above is 0x3F800000 + n.
  EXPECT_TRUE(expectClose(f32Bits(0x3F800003), f32Bits(0x3F800000)).ok);
  CompareResult four = expectClose(f32Bits(0x3F800004), f32Bits(0x3F800000));
  EXPECT_FALSE(four.ok);
  EXPECT_EQ(four.worstError, 4);
  EXPECT_TRUE(contains(four.message, "4 ULP > 3")) << four.message;
  // Across zero: -2^-149 and +2^-149 are two ULPs apart (+0 and -0 one point).
  EXPECT_EQ(ulpDistance(-0x1p-149, 0x1p-149, DType::F32), 2u);
  EXPECT_EQ(ulpDistance(-0.0, 0.0, DType::F32), 0u);
  EXPECT_TRUE(expectClose(f32Bits(0x80000001), f32Bits(0x00000001)).ok);
  // The largest finite value and infinity are adjacent.
  EXPECT_EQ(
      ulpDistance(std::numeric_limits<float>::max(), INFINITY, DType::F32), 1u);
  EXPECT_EQ(ulpDistance(1.0, 1.0 + 0x1p-52, DType::F64), 1u);
  EXPECT_EQ(ulpDistance(NAN, NAN, DType::F32), 0u);
  EXPECT_EQ(ulpDistance(NAN, 1.0, DType::F32),
            std::numeric_limits<uint64_t>::max());
  // bf16: 1.0 = 0x3F80; one ULP is 2^-7.
  HostTensor a =
      HostTensor::fromDoubles(DType::BF16, {2}, {1.0, 1.0 + 3 * 0x1p-7});
  HostTensor e = HostTensor::fromDoubles(DType::BF16, {2}, {1.0, 1.0});
  EXPECT_TRUE(expectClose(a, e).ok);
  a.setDouble(1, 1.0 + 4 * 0x1p-7);
  EXPECT_FALSE(expectClose(a, e).ok);
  // f8E4M3: 240 and 208 are 2 ULPs apart (quantum 16 in [128, 256)).
  EXPECT_EQ(ulpDistance(240, 208, DType::F8E4M3), 2u);
  EXPECT_EQ(ulpDistance(0x1p-9, -0x1p-9, DType::F8E4M3), 2u);
}

TEST(ExpectCloseTest, SpecialsIntegersComplex) {
  HostTensor nans = f32({2}, {NAN, INFINITY});
  EXPECT_TRUE(expectClose(nans, nans).ok);
  CompareResult nanVsOne = expectClose(f32({1}, {NAN}), f32({1}, {1}));
  EXPECT_FALSE(nanVsOne.ok);
  EXPECT_TRUE(contains(nanVsOne.message, "NaN mismatch")) << nanVsOne.message;
  EXPECT_FALSE(expectClose(f32({1}, {INFINITY}), f32({1}, {-INFINITY})).ok);

  HostTensor ia = HostTensor::fromDoubles(DType::I32, {2, 2}, {1, 2, 3, 4});
  HostTensor ie = HostTensor::fromDoubles(DType::I32, {2, 2}, {1, 2, 3, 5});
  CompareResult ints = expectClose(ia, ie);
  EXPECT_FALSE(ints.ok);
  EXPECT_EQ(ints.worstIndex, 3);
  EXPECT_TRUE(contains(ints.message, "worst at [1, 1]: actual 4, expected 5"))
      << ints.message;

  HostTensor ca = HostTensor::zeros(DType::C64, {1});
  HostTensor ce = HostTensor::zeros(DType::C64, {1});
  ca.setComplex(0, {1.0, 1.0 + 3 * 0x1p-23});
  ce.setComplex(0, {1.0, 1.0});
  EXPECT_TRUE(expectClose(ca, ce).ok);
  ca.setComplex(0, {1.0, 1.0 + 4 * 0x1p-23});
  CompareResult c = expectClose(ca, ce);
  EXPECT_FALSE(c.ok);
  EXPECT_TRUE(contains(c.message, "imaginary part: 4 ULP > 3")) << c.message;
}

//===--- expectEq ---------------------------------------------------------===//

TEST(ExpectEqTest, BitwiseExceptNaNs) {
  EXPECT_TRUE(expectEq(f32({2}, {1, -2}), f32({2}, {1, -2})).ok);
  EXPECT_FALSE(expectEq(f32Bits(0x3F800001), f32Bits(0x3F800000)).ok);
  CompareResult zeros = expectEq(f32({1}, {-0.0}), f32({1}, {0.0}));
  EXPECT_FALSE(zeros.ok);
  EXPECT_TRUE(contains(zeros.message, "actual -0, expected 0"))
      << zeros.message;
  // Different NaN payloads and signs are equal.
  EXPECT_TRUE(expectEq(f32Bits(0x7FC00001), f32Bits(0xFFC00000)).ok);
  EXPECT_FALSE(expectEq(f32Bits(0x7FC00000), f32Bits(0x3F800000)).ok);
  EXPECT_TRUE(expectEq(HostTensor::fromDoubles(DType::I1, {2}, {1, 0}),
                       HostTensor::fromDoubles(DType::I1, {2}, {1, 0}))
                  .ok);
  EXPECT_FALSE(expectEq(HostTensor::fromDoubles(DType::U8, {1}, {255}),
                        HostTensor::fromDoubles(DType::U8, {1}, {254}))
                   .ok);
}

//===--- expectAlmostEq ---------------------------------------------------===//

TEST(ExpectAlmostEqTest, AbsoluteTolerance) {
  HostTensor e = HostTensor::fromDoubles(DType::F64, {1}, {1.0});
  EXPECT_TRUE(
      expectAlmostEq(HostTensor::fromDoubles(DType::F64, {1}, {1.0009}), e).ok);
  CompareResult r =
      expectAlmostEq(HostTensor::fromDoubles(DType::F64, {1}, {1.0011}), e);
  EXPECT_FALSE(r.ok);
  EXPECT_NEAR(r.worstError, 0.0011, 1e-12);
  EXPECT_TRUE(
      expectAlmostEq(f32({2}, {NAN, INFINITY}), f32({2}, {NAN, INFINITY})).ok);
  EXPECT_TRUE(expectAlmostEq(f32({1}, {-INFINITY}), f32({1}, {-INFINITY})).ok);
  EXPECT_FALSE(expectAlmostEq(f32({1}, {INFINITY}), f32({1}, {-INFINITY})).ok);
  EXPECT_FALSE(expectAlmostEq(f32({1}, {INFINITY}), f32({1}, {1e30})).ok);
  EXPECT_FALSE(expectAlmostEq(f32({1}, {NAN}), f32({1}, {0})).ok);
  // Large values are not given relative slack.
  EXPECT_FALSE(expectAlmostEq(f32({1}, {1e6}), f32({1}, {1e6 + 0.0625})).ok);
  EXPECT_FALSE(expectAlmostEq(f32({2}, {1}), f32({1}, {1})).ok);
}

} // namespace
} // namespace systole
