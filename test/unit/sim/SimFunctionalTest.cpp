//===- SimFunctionalTest.cpp - Functional semantics of every instruction
//-------===//
//
// Expected values are computed independently in the test (double-precision
// loops, then rounded with the runtime's float-format conversions).

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

#include "SimTestUtil.h"
#include "runtime/api/FloatFormats.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole::sim::testing {
namespace {

using ::testing::HasSubstr;

constexpr int64_t kSlot = 32768; // SBUF bytes per input slot

/// Loads each input [P, N] into SBUF slot i (byte offset i * kSlot), runs the
/// instruction `fill` builds on `engine`, then stores SBUF [outP, outN] of
/// `outType` at `outOffset` to the single output.
absl::StatusOr<SimResult>
runOp(const std::vector<HostTensor> &inputs, StreamId engine,
      const std::function<void(Instruction *)> &fill, int outP, int64_t outN,
      DType outType, int64_t outOffset, const char *target = "trn2") {
  ProgramBuilder b(target);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const HostTensor &t = inputs[i];
    DType dt = static_cast<DType>(0);
    for (int d = DTYPE_F32; d <= DTYPE_U32; ++d)
      if (sim::toRuntimeDType(static_cast<DType>(d)) == t.dtype)
        dt = static_cast<DType>(d);
    uint64_t address = b.input("in" + std::to_string(i), t.shape, dt);
    int rows = static_cast<int>(t.shape[0]);
    int64_t cols = t.shape.size() > 1 ? t.shape[1] : 1;
    Instruction *load = dmaCopy(b, dma(0), hbm(address, rows, cols, dt),
                                sbuf(rows, cols, i * kSlot, dt));
    ProgramBuilder::signal(load, 0);
  }
  uint64_t out = b.output("out", {outP, outN}, outType);
  Instruction *op = b.add(engine);
  ProgramBuilder::wait(op, 0, static_cast<uint32_t>(inputs.size()));
  ProgramBuilder::signal(op, 1);
  fill(op);
  Instruction *store = dmaCopy(b, dma(1), sbuf(outP, outN, outOffset, outType),
                               hbm(out, outP, outN, outType));
  ProgramBuilder::wait(store, 1, 1);
  return simulate(b.finish(), inputs);
}

HostTensor tensor(systole::DType dtype, std::vector<int64_t> shape,
                  const std::vector<double> &values) {
  return HostTensor::fromDoubles(dtype, shape, values);
}

std::vector<double> iotaValues(int64_t n, double start = 0, double step = 1) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = start + step * i;
  return v;
}

// ---- The DESIGN example programs ----

TEST(SimFunctionalTest, SingleMatmulWithDmaInAndOut) {
  // out[128,512] f32 = lhsT[128,128]^T x rhs[128,512], bf16 inputs with small
  // integer values so that every fp32 sum is exact.
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> dist(-8, 8);
  std::vector<double> a(128 * 128), r(128 * 512);
  for (double &x : a)
    x = dist(rng);
  for (double &x : r)
    x = dist(rng);
  ProgramBuilder b;
  uint64_t lhsT = b.input("lhsT", {128, 128}, DTYPE_BF16);
  uint64_t rhs = b.input("rhs", {128, 512}, DTYPE_BF16);
  uint64_t out = b.output("out", {128, 512}, DTYPE_F32);
  ProgramBuilder::signal(dmaCopy(b, dma(0), hbm(lhsT, 128, 128, DTYPE_BF16),
                                 sbuf(128, 128, 0, DTYPE_BF16)),
                         0);
  ProgramBuilder::signal(dmaCopy(b, dma(1), hbm(rhs, 128, 512, DTYPE_BF16),
                                 sbuf(128, 512, 256, DTYPE_BF16)),
                         0);
  Instruction *mm = b.add(kTensor);
  ProgramBuilder::wait(mm, 0, 2);
  *mm->mutable_matmul()->mutable_stationary() = sbuf(128, 128, 0, DTYPE_BF16);
  *mm->mutable_matmul()->mutable_moving() = sbuf(128, 512, 256, DTYPE_BF16);
  *mm->mutable_matmul()->mutable_dst() = psum(128, 512, 0);
  ProgramBuilder::signal(mm, 1);
  Instruction *copy = b.add(kVector);
  ProgramBuilder::wait(copy, 1, 1);
  *copy->mutable_tensor_copy()->mutable_src() = psum(128, 512, 0);
  *copy->mutable_tensor_copy()->mutable_dst() = sbuf(128, 512, 4096, DTYPE_F32);
  ProgramBuilder::signal(copy, 2);
  Instruction *store = dmaCopy(b, dma(2), sbuf(128, 512, 4096, DTYPE_F32),
                               hbm(out, 128, 512, DTYPE_F32));
  ProgramBuilder::wait(store, 2, 1);
  absl::StatusOr<SimResult> result =
      simulate(b.finish(), {tensor(systole::DType::BF16, {128, 128}, a),
                            tensor(systole::DType::BF16, {128, 512}, r)});
  ASSERT_TRUE(result.ok()) << result.status();
  const HostTensor &o = result->outputs[0];
  for (int m = 0; m < 128; ++m)
    for (int n = 0; n < 512; ++n) {
      double expected = 0;
      for (int k = 0; k < 128; ++k)
        expected += a[k * 128 + m] * r[k * 512 + n];
      ASSERT_EQ(o.getDouble(m * 512 + n), expected) << m << "," << n;
    }
  EXPECT_EQ(result->stats.matmulFlops, 2.0 * 128 * 128 * 512);
  EXPECT_EQ(result->stats.instructions.at("tensor"), 1);
  EXPECT_EQ(result->stats.dmaBytes,
            128 * 128 * 2 + 128 * 512 * 2 + 128 * 512 * 4);
  EXPECT_EQ(result->stats.psumPeakBytes, 128 * 2048);
}

TEST(SimFunctionalTest, ActivationWithScaleBiasAndReduce) {
  // dst = f(src * scale[p] + bias[p]) rounded to bf16; reduce = sum of the fp32
  // results.
  const int P = 128, N = 64;
  std::vector<double> src(P * N), scale(P), bias(P);
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> dist(-3, 3);
  for (double &x : src)
    x = dist(rng);
  for (int p = 0; p < P; ++p) {
    scale[p] = 0.5 + p / 128.0;
    bias[p] = (p % 7) - 3;
  }
  for (ActivationFunc func :
       {ACT_RELU, ACT_SQUARE, ACT_ABS, ACT_IDENTITY, ACT_EXP, ACT_TANH,
        ACT_GELU, ACT_SIGMOID, ACT_SILU}) {
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::F32, {P, N}, src),
         tensor(systole::DType::F32, {P, 1}, scale),
         tensor(systole::DType::F32, {P, 1}, bias)},
        kScalar,
        [&](Instruction *op) {
          Activation *act = op->mutable_activation();
          act->set_func(func);
          *act->mutable_src() = sbuf(P, N, 0, DTYPE_F32);
          *act->mutable_scale()->mutable_per_partition() =
              sbuf(P, 1, kSlot, DTYPE_F32);
          *act->mutable_bias() = sbuf(P, 1, 2 * kSlot, DTYPE_F32);
          *act->mutable_dst() = sbuf(P, N, 3 * kSlot, DTYPE_BF16);
          *act->mutable_reduce_dst() = sbuf(P, 1, 3 * kSlot + 4 * N, DTYPE_F32);
        },
        P, N, DTYPE_BF16, 3 * kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    const HostTensor &o = result->outputs[0];
    for (int p = 0; p < P; ++p)
      for (int i = 0; i < N; ++i) {
        double x = static_cast<double>(
            static_cast<float>(static_cast<float>(src[p * N + i]) *
                               static_cast<float>(scale[p])) +
            static_cast<float>(bias[p]));
        double y;
        switch (func) {
        case ACT_RELU:
          y = std::max(x, 0.0);
          break;
        case ACT_SQUARE:
          y = x * x;
          break;
        case ACT_ABS:
          y = std::fabs(x);
          break;
        case ACT_IDENTITY:
          y = x;
          break;
        case ACT_EXP:
          y = std::exp(x);
          break;
        case ACT_TANH:
          y = std::tanh(x);
          break;
        case ACT_GELU:
          y = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
          break;
        case ACT_SIGMOID:
          y = 1 / (1 + std::exp(-x));
          break;
        default:
          y = x / (1 + std::exp(-x));
          break;
        }
        double got = o.getDouble(p * N + i);
        double want = bf16ToFloat(doubleToBf16(y));
        bool exactFunc =
            func == ACT_RELU || func == ACT_ABS || func == ACT_IDENTITY;
        if (exactFunc)
          ASSERT_EQ(got, want) << func << " " << p << "," << i;
        else // transcendental in fp32: within one bf16 ulp of the exact value
          ASSERT_NEAR(got, want, std::fabs(want) * (1.0 / 128) + 1e-6) << func;
      }
  }
}

TEST(SimFunctionalTest, ActivationReduceSumsFp32Results) {
  const int P = 32, N = 16;
  std::vector<double> src = iotaValues(P * N, -100, 0.5);
  absl::StatusOr<SimResult> result = runOp(
      {tensor(systole::DType::F32, {P, N}, src)}, kScalar,
      [&](Instruction *op) {
        Activation *act = op->mutable_activation();
        act->set_func(ACT_RELU);
        act->mutable_scale()->set_imm(2.0f);
        *act->mutable_src() = sbuf(P, N, 0, DTYPE_F32);
        *act->mutable_dst() = sbuf(P, N, kSlot, DTYPE_F32);
        *act->mutable_reduce_dst() = sbuf(P, 1, 2 * kSlot, DTYPE_F32);
      },
      P, 1, DTYPE_F32, 2 * kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  for (int p = 0; p < P; ++p) {
    double sum = 0;
    for (int i = 0; i < N; ++i)
      sum += std::max(0.0, 2 * src[p * N + i]);
    EXPECT_EQ(result->outputs[0].getDouble(p), sum) << p;
  }
}

TEST(SimFunctionalTest, ActivationWithoutBiasKeepsSignedZeros) {
  // dst = f(src * scale) when there is no bias (DESIGN section 4): IEEE
  // gives sqrt(-0) = -0, rsqrt(-0) = 1 / -0 = -inf, reciprocal(-0) = -inf,
  // and identity keeps -0. An implicit +0 bias would make them +0, +inf,
  // +inf and +0.
  const int P = 2, N = 4;
  std::vector<double> src = {-0.0, 0.0, 4.0, -0.0, 0.0, -0.0, 0.25, -0.0};
  struct Case {
    ActivationFunc func;
    std::vector<double> want;
  };
  double inf = std::numeric_limits<double>::infinity();
  for (const Case &c :
       {Case{ACT_SQRT, {-0.0, 0.0, 2.0, -0.0, 0.0, -0.0, 0.5, -0.0}},
        Case{ACT_RSQRT, {-inf, inf, 0.5, -inf, inf, -inf, 2.0, -inf}},
        Case{ACT_RECIPROCAL, {-inf, inf, 0.25, -inf, inf, -inf, 4.0, -inf}},
        Case{ACT_IDENTITY, {-0.0, 0.0, 4.0, -0.0, 0.0, -0.0, 0.25, -0.0}}}) {
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::F32, {P, N}, src)}, kScalar,
        [&](Instruction *op) {
          Activation *act = op->mutable_activation();
          act->set_func(c.func);
          *act->mutable_src() = sbuf(P, N, 0, DTYPE_F32);
          *act->mutable_dst() = sbuf(P, N, kSlot, DTYPE_F32);
        },
        P, N, DTYPE_F32, kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    for (int i = 0; i < P * N; ++i) {
      double got = result->outputs[0].getDouble(i);
      EXPECT_EQ(got, c.want[i]) << c.func << " " << i;
      EXPECT_EQ(std::signbit(got), std::signbit(c.want[i]))
          << c.func << " " << i;
    }
  }
}

TEST(SimFunctionalTest, TensorReduceInnermostDims) {
  const int P = 64;
  std::vector<double> src = iotaValues(P * 4 * 16, -500, 1);
  for (AluOp op : {ALU_ADD, ALU_MAX, ALU_MIN}) {
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::F32, {P, 64}, src)}, kVector,
        [&](Instruction *inst) {
          TensorReduce *r = inst->mutable_tensor_reduce();
          r->set_op(op);
          r->set_negate(true);
          *r->mutable_src() = makeAccessPattern(MEMORY_SBUF, 0, P, 0, DTYPE_F32,
                                                {{4, 16}, {16, 1}});
          *r->mutable_dst() = sbuf(P, 4, kSlot, DTYPE_I32);
        },
        P, 4, DTYPE_I32, kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    for (int p = 0; p < P; ++p)
      for (int o = 0; o < 4; ++o) {
        double acc = op == ALU_ADD ? 0 : src[p * 64 + o * 16];
        for (int i = 0; i < 16; ++i) {
          double x = src[p * 64 + o * 16 + i];
          acc = op == ALU_ADD   ? acc + x
                : op == ALU_MAX ? std::max(acc, x)
                                : std::min(acc, x);
        }
        ASSERT_EQ(result->outputs[0].getInt64(p * 4 + o),
                  static_cast<int64_t>(-acc));
      }
  }
}

TEST(SimFunctionalTest, MaxMinAreIeeeMaximumMinimum) {
  // IEEE 754-2019 maximum/minimum, as StableHLO's: NaN propagates from
  // either side, and -0 orders below +0 in either operand order.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> a = {0.0, -0.0, nan, 1, -0.0, 3};
  std::vector<double> b = {-0.0, 0.0, 1, nan, -0.0, -inf};
  std::vector<double> max = {0.0, 0.0, nan, nan, -0.0, 3};
  std::vector<double> min = {-0.0, -0.0, nan, nan, -0.0, -inf};
  for (AluOp op : {ALU_MAX, ALU_MIN}) {
    const std::vector<double> &want = op == ALU_MAX ? max : min;
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::F32, {1, 6}, a),
         tensor(systole::DType::F32, {1, 6}, b)},
        kVector,
        [&](Instruction *inst) {
          TensorTensor *tt = inst->mutable_tensor_tensor();
          tt->set_op(op);
          *tt->mutable_a() = sbuf(1, 6, 0, DTYPE_F32);
          *tt->mutable_b() = sbuf(1, 6, kSlot, DTYPE_F32);
          *tt->mutable_dst() = sbuf(1, 6, 2 * kSlot, DTYPE_F32);
        },
        1, 6, DTYPE_F32, 2 * kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    for (int i = 0; i < 6; ++i) {
      double got = result->outputs[0].getDouble(i);
      if (std::isnan(want[i])) {
        EXPECT_TRUE(std::isnan(got)) << op << " " << i;
        continue;
      }
      EXPECT_EQ(got, want[i]) << op << " " << i;
      EXPECT_EQ(std::signbit(got), std::signbit(want[i])) << op << " " << i;
    }
  }
}

TEST(SimFunctionalTest, TensorTensorOps) {
  const int P = 4, N = 8;
  std::vector<double> a = {7, -7, 3,  0.5, 100, -2, 9, 1e30, 6,  5, 4,
                           3, 2,  1,  0,   -1,  1,  2, 3,    4,  5, 6,
                           7, 8,  -8, 8,   0,   0,  3, 3,    12, 13};
  std::vector<double> bv = {2, 2, -3, 0.25, 3, 4, 9, 1e30, 6, 6, 4,
                            4, 2, 2,  0,    0, 3, 1, 3,    0, 2, 1,
                            7, 2, 2,  1,    1, 0, 1, 2,    5, 6};
  struct Case {
    AluOp op;
    std::function<double(double, double)> f;
  };
  std::vector<Case> cases = {
      {ALU_ADD, [](double x, double y) { return float(float(x) + float(y)); }},
      {ALU_SUB, [](double x, double y) { return float(float(x) - float(y)); }},
      {ALU_MUL, [](double x, double y) { return float(float(x) * float(y)); }},
      {ALU_MAX,
       [](double x, double y) { return float(std::max(float(x), float(y))); }},
      {ALU_MIN,
       [](double x, double y) { return float(std::min(float(x), float(y))); }},
      {ALU_EQ,
       [](double x, double y) { return float(x) == float(y) ? 1.0 : 0.0; }},
      {ALU_LT,
       [](double x, double y) { return float(x) < float(y) ? 1.0 : 0.0; }},
      {ALU_GE,
       [](double x, double y) { return float(x) >= float(y) ? 1.0 : 0.0; }},
  };
  for (const Case &c : cases) {
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::F32, {P, N}, a),
         tensor(systole::DType::F32, {P, N}, bv)},
        kVector,
        [&](Instruction *inst) {
          TensorTensor *tt = inst->mutable_tensor_tensor();
          tt->set_op(c.op);
          *tt->mutable_a() = sbuf(P, N, 0, DTYPE_F32);
          *tt->mutable_b() = sbuf(P, N, kSlot, DTYPE_F32);
          *tt->mutable_dst() = sbuf(P, N, 2 * kSlot, DTYPE_F32);
        },
        P, N, DTYPE_F32, 2 * kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    for (int i = 0; i < P * N; ++i)
      ASSERT_EQ(result->outputs[0].getDouble(i), c.f(a[i], bv[i]))
          << c.op << " " << i;
  }
  // Integer ops on i32 data.
  std::vector<double> ia = {12, 10, -16, 255, 1, 7, 3, 1024};
  std::vector<double> ib = {10, 3, 2, 15, 4, 1, 3, 3};
  struct IntCase {
    AluOp op;
    std::function<int32_t(int32_t, int32_t)> f;
  };
  std::vector<IntCase> intCases = {
      {ALU_AND, [](int32_t x, int32_t y) { return x & y; }},
      {ALU_OR, [](int32_t x, int32_t y) { return x | y; }},
      {ALU_XOR, [](int32_t x, int32_t y) { return x ^ y; }},
      {ALU_SHL, [](int32_t x, int32_t y) { return int32_t(uint32_t(x) << y); }},
      {ALU_SHR, [](int32_t x, int32_t y) { return x >> y; }},
  };
  for (const IntCase &c : intCases) {
    absl::StatusOr<SimResult> result = runOp(
        {tensor(systole::DType::I32, {1, 8}, ia),
         tensor(systole::DType::I32, {1, 8}, ib)},
        kVector,
        [&](Instruction *inst) {
          TensorTensor *tt = inst->mutable_tensor_tensor();
          tt->set_op(c.op);
          *tt->mutable_a() = sbuf(1, 8, 0, DTYPE_I32);
          *tt->mutable_b() = sbuf(1, 8, kSlot, DTYPE_I32);
          *tt->mutable_dst() = sbuf(1, 8, 2 * kSlot, DTYPE_I32);
        },
        1, 8, DTYPE_I32, 2 * kSlot);
    ASSERT_TRUE(result.ok()) << result.status();
    for (int i = 0; i < 8; ++i)
      ASSERT_EQ(result->outputs[0].getInt64(i),
                c.f(int32_t(ia[i]), int32_t(ib[i])))
          << c.op << " " << i;
  }
}

// ui16 and ui32 elements (NKI's uint16, uint32): read as their unsigned
// values (40000 and 4294967295, not -25536 and -1), written rounded to
// nearest even and saturated to the type's range.
TEST(SimFunctionalTest, UnsignedSixteenAndThirtyTwoBitElements) {
  absl::StatusOr<SimResult> result = runOp(
      {tensor(systole::DType::U16, {1, 4}, {0, 1, 40000, 65535})}, kVector,
      [&](Instruction *inst) {
        TensorCopy *c = inst->mutable_tensor_copy();
        *c->mutable_src() = sbuf(1, 4, 0, DTYPE_U16);
        *c->mutable_dst() = sbuf(1, 4, kSlot, DTYPE_F32);
      },
      1, 4, DTYPE_F32, kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getDouble(2), 40000);
  EXPECT_EQ(result->outputs[0].getDouble(3), 65535);

  result = runOp(
      {tensor(systole::DType::U32, {1, 4}, {7, 70000, 4294967295.0, 16})},
      kVector,
      [&](Instruction *inst) {
        TensorCopy *c = inst->mutable_tensor_copy();
        *c->mutable_src() = sbuf(1, 4, 0, DTYPE_U32);
        *c->mutable_dst() = sbuf(1, 4, kSlot, DTYPE_U16);
      },
      1, 4, DTYPE_U16, kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getInt64(0), 7);
  EXPECT_EQ(result->outputs[0].getInt64(1), 65535);
  EXPECT_EQ(result->outputs[0].getInt64(2), 65535);
  EXPECT_EQ(result->outputs[0].getInt64(3), 16);

  result = runOp(
      {tensor(systole::DType::F32, {1, 4}, {-3, 2.5, 3.5, 5e9})}, kVector,
      [&](Instruction *inst) {
        TensorCopy *c = inst->mutable_tensor_copy();
        *c->mutable_src() = sbuf(1, 4, 0, DTYPE_F32);
        *c->mutable_dst() = sbuf(1, 4, kSlot, DTYPE_U32);
      },
      1, 4, DTYPE_U32, kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getInt64(0), 0);
  EXPECT_EQ(result->outputs[0].getInt64(1), 2);
  EXPECT_EQ(result->outputs[0].getInt64(2), 4);
  EXPECT_EQ(result->outputs[0].getInt64(3), 4294967295LL);
}

TEST(SimFunctionalTest, TensorScalarAndSelect) {
  std::vector<double> a = iotaValues(32, -16);
  absl::StatusOr<SimResult> result = runOp(
      {tensor(systole::DType::F32, {2, 16}, a),
       tensor(systole::DType::F32, {2, 1}, {10, 20})},
      kVector,
      [&](Instruction *inst) {
        TensorScalar *ts = inst->mutable_tensor_scalar();
        *ts->mutable_a() = sbuf(2, 16, 0, DTYPE_F32);
        ts->set_op0(ALU_MUL);
        ts->mutable_s0()->set_imm(3);
        ts->set_op1(ALU_ADD);
        *ts->mutable_s1()->mutable_per_partition() =
            sbuf(2, 1, kSlot, DTYPE_F32);
        *ts->mutable_dst() = sbuf(2, 16, 2 * kSlot, DTYPE_I16);
      },
      2, 16, DTYPE_I16, 2 * kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  for (int i = 0; i < 32; ++i)
    EXPECT_EQ(result->outputs[0].getInt64(i), a[i] * 3 + (i < 16 ? 10 : 20));

  result = runOp(
      {tensor(systole::DType::U8, {1, 4}, {1, 0, 2, 0}),
       tensor(systole::DType::F32, {1, 4}, {1, 2, 3, 4}),
       tensor(systole::DType::F32, {1, 4}, {-1, -2, -3, -4})},
      kVector,
      [&](Instruction *inst) {
        Select *s = inst->mutable_select();
        *s->mutable_pred() = sbuf(1, 4, 0, DTYPE_U8);
        *s->mutable_a() = sbuf(1, 4, kSlot, DTYPE_F32);
        *s->mutable_b() = sbuf(1, 4, 2 * kSlot, DTYPE_F32);
        *s->mutable_dst() = sbuf(1, 4, 3 * kSlot, DTYPE_F32);
      },
      1, 4, DTYPE_F32, 3 * kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getDouble(0), 1);
  EXPECT_EQ(result->outputs[0].getDouble(1), -2);
  EXPECT_EQ(result->outputs[0].getDouble(2), 3);
  EXPECT_EQ(result->outputs[0].getDouble(3), -4);
}

TEST(SimFunctionalTest, IotaMemsetAndPartitionOps) {
  absl::StatusOr<SimResult> result = runOp(
      {}, kGpSimd,
      [&](Instruction *inst) {
        Iota *iota = inst->mutable_iota();
        *iota->mutable_dst() = makeAccessPattern(MEMORY_SBUF, 0, 4, 0,
                                                 DTYPE_I32, {{2, 3}, {3, 1}});
        iota->set_base(100);
        iota->set_partition_multiplier(1000);
        iota->add_dim_multipliers(10);
        iota->add_dim_multipliers(1);
      },
      4, 6, DTYPE_I32, 0);
  ASSERT_TRUE(result.ok()) << result.status();
  for (int p = 0; p < 4; ++p)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        EXPECT_EQ(result->outputs[0].getInt64(p * 6 + i * 3 + j),
                  100 + 1000 * p + 10 * i + j);

  result = runOp(
      {}, kVector,
      [&](Instruction *inst) {
        *inst->mutable_memset()->mutable_dst() = sbuf(2, 3, 0, DTYPE_BF16);
        inst->mutable_memset()->set_value(1.00390625); // 1 + 2^-8: a bf16 tie
      },
      2, 3, DTYPE_BF16, 0);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getBits(0), 0x3F80u); // ties to even: 1.0

  std::vector<double> src = iotaValues(4 * 5, 1);
  result = runOp(
      {tensor(systole::DType::F32, {4, 5}, src)}, kGpSimd,
      [&](Instruction *inst) {
        PartitionReduce *r = inst->mutable_partition_reduce();
        r->set_op(ALU_ADD);
        *r->mutable_src() = sbuf(4, 5, 0, DTYPE_F32);
        *r->mutable_dst() = sbuf(1, 5, kSlot, DTYPE_F32);
      },
      1, 5, DTYPE_F32, kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  for (int f = 0; f < 5; ++f)
    EXPECT_EQ(result->outputs[0].getDouble(f),
              src[f] + src[5 + f] + src[10 + f] + src[15 + f]);

  result = runOp(
      {tensor(systole::DType::F32, {1, 3}, {1.5, -2, 7})}, kGpSimd,
      [&](Instruction *inst) {
        PartitionBroadcast *r = inst->mutable_partition_broadcast();
        *r->mutable_src() = sbuf(1, 3, 0, DTYPE_F32);
        *r->mutable_dst() = sbuf(32, 3, kSlot, DTYPE_F32);
      },
      32, 3, DTYPE_F32, kSlot);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->outputs[0].getDouble(31 * 3 + 2), 7);
}

TEST(SimFunctionalTest, TransposeThroughThePeArray) {
  std::vector<double> src = iotaValues(8 * 5);
  absl::StatusOr<SimResult> result;
  ProgramBuilder b;
  uint64_t in = b.input("x", {8, 5}, DTYPE_BF16);
  uint64_t out = b.output("y", {5, 8}, DTYPE_F32);
  ProgramBuilder::signal(
      dmaCopy(b, dma(0), hbm(in, 8, 5, DTYPE_BF16), sbuf(8, 5, 0, DTYPE_BF16)),
      0);
  Instruction *t = b.add(kTensor);
  ProgramBuilder::wait(t, 0, 1);
  *t->mutable_transpose()->mutable_src() = sbuf(8, 5, 0, DTYPE_BF16);
  *t->mutable_transpose()->mutable_dst() = psum(5, 8, 0);
  ProgramBuilder::signal(t, 1);
  Instruction *c = b.add(kScalar);
  ProgramBuilder::wait(c, 1, 1);
  *c->mutable_tensor_copy()->mutable_src() = psum(5, 8, 0);
  *c->mutable_tensor_copy()->mutable_dst() = sbuf(5, 8, 1024, DTYPE_F32);
  ProgramBuilder::signal(c, 2);
  ProgramBuilder::wait(dmaCopy(b, dma(1), sbuf(5, 8, 1024, DTYPE_F32),
                               hbm(out, 5, 8, DTYPE_F32)),
                       2, 1);
  result = simulate(b.finish(), {tensor(systole::DType::BF16, {8, 5}, src)});
  ASSERT_TRUE(result.ok()) << result.status();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 5; ++j)
      EXPECT_EQ(result->outputs[0].getDouble(j * 8 + i), src[i * 5 + j]);
}

TEST(SimFunctionalTest, GatherAndScatterRows) {
  // table [6 rows x 4] in HBM; gather rows {5, 0, 3} by DMA.
  std::vector<double> table = iotaValues(24, 0);
  ProgramBuilder b;
  uint64_t t = b.input("table", {6, 4}, DTYPE_F32);
  uint64_t idx = b.input("idx", {3, 1}, DTYPE_I32);
  uint64_t out = b.output("out", {3, 4}, DTYPE_F32);
  ProgramBuilder::signal(
      dmaCopy(b, dma(0), hbm(idx, 3, 1, DTYPE_I32), sbuf(3, 1, 0, DTYPE_I32)),
      0);
  Instruction *g = b.add(dma(1));
  ProgramBuilder::wait(g, 0, 1);
  *g->mutable_gather()->mutable_table() = hbm(t, 1, 4, DTYPE_F32);
  *g->mutable_gather()->mutable_indices() = sbuf(3, 1, 0, DTYPE_I32);
  *g->mutable_gather()->mutable_dst() = sbuf(3, 4, 64, DTYPE_F32);
  g->mutable_gather()->set_row_stride(4);
  g->mutable_gather()->set_num_rows(6);
  ProgramBuilder::signal(g, 1);
  ProgramBuilder::wait(
      dmaCopy(b, dma(1), sbuf(3, 4, 64, DTYPE_F32), hbm(out, 3, 4, DTYPE_F32)),
      1, 1);
  Executable exe = b.finish();
  absl::StatusOr<SimResult> result =
      simulate(exe, {tensor(systole::DType::F32, {6, 4}, table),
                     tensor(systole::DType::I32, {3, 1}, {5, 0, 3})});
  ASSERT_TRUE(result.ok()) << result.status();
  int rows[3] = {5, 0, 3};
  for (int p = 0; p < 3; ++p)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(result->outputs[0].getDouble(p * 4 + j),
                table[rows[p] * 4 + j]);

  // An index outside the table is an error naming the instruction, not a crash.
  result = simulate(exe, {tensor(systole::DType::F32, {6, 4}, table),
                          tensor(systole::DType::I32, {3, 1}, {5, 6, 3})});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(
      result.status().message(),
      HasSubstr("dma1 instruction 0 (gather at test.mlir:2:1): index 6 at "
                "partition 1 is outside the table's 6 rows"));
}

TEST(SimFunctionalTest, ScatterAccumulateAddsRowsInOrder) {
  // out = table (bf16 [4 x 2]); then rows {1, 1, 9} of out += src rows, by
  // one DMA read-modify-write with skip_oob: index 9 is skipped, and the
  // two adds into row 1 round to bf16 one after the other.
  ProgramBuilder b;
  uint64_t t = b.input("table", {4, 2}, DTYPE_BF16);
  uint64_t src = b.input("src", {3, 2}, DTYPE_BF16);
  uint64_t idx = b.input("idx", {3, 1}, DTYPE_I32);
  uint64_t out = b.output("out", {4, 2}, DTYPE_BF16);
  // DMAs copy HBM <-> SBUF: out = table through SBUF.
  ProgramBuilder::signal(
      dmaCopy(b, dma(0), hbm(t, 4, 2, DTYPE_BF16), sbuf(4, 2, 128, DTYPE_BF16)),
      1);
  Instruction *copyOut = dmaCopy(b, dma(0), sbuf(4, 2, 128, DTYPE_BF16),
                                 hbm(out, 4, 2, DTYPE_BF16));
  ProgramBuilder::wait(copyOut, 1, 1);
  ProgramBuilder::signal(copyOut, 0);
  ProgramBuilder::signal(
      dmaCopy(b, dma(0), hbm(src, 3, 2, DTYPE_BF16), sbuf(3, 2, 0, DTYPE_BF16)),
      0);
  ProgramBuilder::signal(
      dmaCopy(b, dma(0), hbm(idx, 3, 1, DTYPE_I32), sbuf(3, 1, 64, DTYPE_I32)),
      0);
  Instruction *s = b.add(dma(1));
  ProgramBuilder::wait(s, 0, 3);
  Scatter *k = s->mutable_scatter();
  *k->mutable_table() = hbm(out, 1, 2, DTYPE_BF16);
  *k->mutable_indices() = sbuf(3, 1, 64, DTYPE_I32);
  *k->mutable_src() = sbuf(3, 2, 0, DTYPE_BF16);
  k->set_row_stride(2);
  k->set_num_rows(4);
  k->set_skip_out_of_bounds(true);
  k->set_accumulate(true);
  Executable exe = b.finish();
  absl::StatusOr<SimResult> result = simulate(
      exe, {tensor(systole::DType::BF16, {4, 2}, {0, 1, 256, -3, 0, 0, 5, 5}),
            tensor(systole::DType::BF16, {3, 2}, {1, 1, 1, 2, 7, 7}),
            tensor(systole::DType::I32, {3, 1}, {1, 1, 9})});
  ASSERT_TRUE(result.ok()) << result.status();
  // Row 1: 256 + 1 = 257 ties to 256 in bf16 (8 significant bits), twice
  // (one rounding at the end would give 258); -3 + 1 + 2 = 0.
  std::vector<double> expected = {0, 1, 256, 0, 0, 0, 5, 5};
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(result->outputs[0].getDouble(i), expected[i]) << "element " << i;
}

// ---- Conversions at every dtype's edges (DMA casts and engine rounding) ----

/// DMA-casts `values` (f32) to `to` and returns the result's raw bits.
std::vector<uint64_t> castBits(const std::vector<double> &values, DType to,
                               StreamId engine = dma(2)) {
  int64_t n = static_cast<int64_t>(values.size());
  absl::StatusOr<SimResult> result = runOp(
      {tensor(systole::DType::F32, {1, n}, values)}, engine,
      [&](Instruction *inst) {
        if (engine.kind == EngineKind::Dma) {
          *inst->mutable_dma_copy()->mutable_src() = sbuf(1, n, 0, DTYPE_F32);
          *inst->mutable_dma_copy()->mutable_dst() = sbuf(1, n, kSlot, to);
        } else {
          *inst->mutable_tensor_copy()->mutable_src() =
              sbuf(1, n, 0, DTYPE_F32);
          *inst->mutable_tensor_copy()->mutable_dst() = sbuf(1, n, kSlot, to);
        }
      },
      1, n, to, kSlot);
  EXPECT_TRUE(result.ok()) << result.status();
  std::vector<uint64_t> bits;
  if (result.ok())
    for (int64_t i = 0; i < n; ++i)
      bits.push_back(result->outputs[0].getBits(i));
  return bits;
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(SimConversionTest, Bf16) {
  // 1 + 2^-8 is a tie (to even: 1.0); 1 + 3*2^-8 ties up; max; overflow; inf;
  // NaN; smallest subnormal of bf16 (2^-133).
  std::vector<uint64_t> bits =
      castBits({1.00390625, 1.01171875, 3.3895313892515355e38, 3.4e38, -kInf,
                kNaN, std::ldexp(1.0, -133), -0.0},
               DTYPE_BF16);
  EXPECT_EQ(bits, (std::vector<uint64_t>{0x3F80, 0x3F82, 0x7F7F, 0x7F80, 0xFF80,
                                         0x7FC0, 0x0001, 0x8000}));
  // The vector engine rounds the same way.
  EXPECT_EQ(castBits({1.00390625, 1.01171875}, DTYPE_BF16, kVector),
            (std::vector<uint64_t>{0x3F80, 0x3F82}));
}

TEST(SimConversionTest, Bf16MatchesTheRuntimeConversionOnRandomBits) {
  std::mt19937 rng(11);
  std::vector<double> values;
  for (int i = 0; i < 4096; ++i) {
    uint32_t bits = rng();
    float f;
    std::memcpy(&f, &bits, 4);
    values.push_back(f);
  }
  std::vector<uint64_t> got = castBits(values, DTYPE_BF16, kVector);
  ASSERT_EQ(got.size(), values.size());
  for (size_t i = 0; i < values.size(); ++i)
    ASSERT_EQ(got[i], floatToBf16(static_cast<float>(values[i]))) << values[i];
}

TEST(SimConversionTest, F16) {
  std::vector<uint64_t> bits =
      castBits({65504, 65520, std::ldexp(1.0, -24), std::ldexp(1.0, -25),
                1.0 + std::ldexp(1.0, -11), kNaN},
               DTYPE_F16);
  EXPECT_EQ(bits, (std::vector<uint64_t>{0x7BFF, 0x7C00, 0x0001, 0x0000, 0x3C00,
                                         0x7E00}));
}

TEST(SimConversionTest, Fp8SaturatesOnTrainium) {
  // DESIGN section 3: f8E4M3 max 240 with inf/NaN; the target saturates finite
  // overflow.
  std::vector<uint64_t> bits = castBits(
      {240, 300, -1000, kInf, std::ldexp(1.0, -9), 0.1, kNaN}, DTYPE_F8E4M3);
  ASSERT_EQ(bits.size(), 7u);
  EXPECT_EQ(bits[0], 0x77u);
  EXPECT_EQ(bits[1], 0x77u); // saturated to 240
  EXPECT_EQ(bits[2], 0xF7u); // -240
  EXPECT_EQ(bits[3], 0x78u); // inf stays inf
  EXPECT_EQ(bits[4], 0x01u); // smallest subnormal
  EXPECT_EQ(f8ToFloat(static_cast<uint8_t>(bits[5]), systole::DType::F8E4M3),
            f8ToFloat(floatToF8(0.1f, systole::DType::F8E4M3),
                      systole::DType::F8E4M3));
  EXPECT_TRUE(std::isnan(
      f8ToFloat(static_cast<uint8_t>(bits[6]), systole::DType::F8E4M3)));
  bits = castBits({57344, 1e6, -kInf}, DTYPE_F8E5M2);
  EXPECT_EQ(bits, (std::vector<uint64_t>{0x7B, 0x7B, 0xFC}));
}

TEST(SimConversionTest, IntegersRoundToEvenAndSaturate) {
  EXPECT_EQ(
      castBits({2.5, 3.5, -2.5, 1e10, -1e10, kNaN}, DTYPE_I32),
      (std::vector<uint64_t>{2, 4, 0xFFFFFFFE, 0x7FFFFFFF, 0x80000000, 0}));
  EXPECT_EQ(castBits({127.4, 200, -129, -0.5}, DTYPE_I8),
            (std::vector<uint64_t>{127, 127, 0x80, 0}));
  EXPECT_EQ(castBits({255.5, -3, 7}, DTYPE_U8),
            (std::vector<uint64_t>{255, 0, 7}));
  EXPECT_EQ(castBits({0, 2, -0.5}, DTYPE_I1), (std::vector<uint64_t>{0, 1, 1}));
}

TEST(SimFunctionalTest, WrongInputsAreErrors) {
  ProgramBuilder b;
  b.input("x", {4, 4}, DTYPE_F32);
  Executable exe = b.finish();
  absl::StatusOr<SimResult> result = simulate(exe, {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.status().message(),
              HasSubstr("takes 1 inputs but 0 were given"));
  result = simulate(exe, {HostTensor::zeros(systole::DType::F32, {4, 5})});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.status().message(),
              HasSubstr("must be 4x4xf32, not 4x5xf32"));
}

} // namespace
} // namespace systole::sim::testing
