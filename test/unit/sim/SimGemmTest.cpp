//===- SimGemmTest.cpp - Generated GEMMs: results and engine overlap
//---------===//

#include <random>

#include "SimTestUtil.h"
#include "runtime/api/FloatFormats.h"
#include "runtime/sim/GemmGenerator.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole::sim::testing {
namespace {

/// Runs a generated GEMM on random bf16 inputs and compares with a double loop.
void checkGemm(int64_t m, int64_t n, int64_t k, bool integers) {
  TargetDesc target = *loadTarget("trn2");
  GemmConfig config;
  config.m = m;
  config.n = n;
  config.k = k;
  absl::StatusOr<Executable> exe = generateGemm(target, config);
  ASSERT_TRUE(exe.ok()) << exe.status();
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0, 1);
  std::uniform_int_distribution<int> small(-4, 4);
  HostTensor lhsT = HostTensor::zeros(systole::DType::BF16, {k, m});
  HostTensor rhs = HostTensor::zeros(systole::DType::BF16, {k, n});
  for (int64_t i = 0; i < k * m; ++i)
    lhsT.setDouble(i, integers ? small(rng) : normal(rng));
  for (int64_t i = 0; i < k * n; ++i)
    rhs.setDouble(i, integers ? small(rng) : normal(rng));
  absl::StatusOr<SimResult> result = simulate(*exe, {lhsT, rhs});
  ASSERT_TRUE(result.ok()) << result.status();
  const HostTensor &out = result->outputs[0];
  ASSERT_EQ(out.shape, (std::vector<int64_t>{m, n}));
  std::vector<double> a(k * m), b(k * n);
  for (int64_t i = 0; i < k * m; ++i)
    a[i] = lhsT.getDouble(i);
  for (int64_t i = 0; i < k * n; ++i)
    b[i] = rhs.getDouble(i);
  std::vector<double> sum(n), magnitude(n);
  for (int64_t i = 0; i < m; ++i) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(magnitude.begin(), magnitude.end(), 0.0);
    for (int64_t l = 0; l < k; ++l) {
      double ail = a[l * m + i];
      const double *bl = &b[l * n];
      for (int64_t j = 0; j < n; ++j) {
        sum[j] += ail * bl[j];
        magnitude[j] += std::fabs(ail * bl[j]);
      }
    }
    for (int64_t j = 0; j < n; ++j) {
      double got = out.getDouble(i * n + j);
      if (integers)
        ASSERT_EQ(got, sum[j]) << i << "," << j;
      else // fp32 accumulation of exact products: error below K ulps of the
           // magnitude
        ASSERT_NEAR(got, sum[j], magnitude[j] * k * 6e-8) << i << "," << j;
    }
  }
  EXPECT_DOUBLE_EQ(result->stats.matmulFlops, 2.0 * m * n * k);
}

TEST(SimGemmTest, TiledGemm512x512x2048Exact) {
  checkGemm(512, 512, 2048, true);
}
TEST(SimGemmTest, TiledGemm512x512x2048Random) {
  checkGemm(512, 512, 2048, false);
}
TEST(SimGemmTest, RaggedSizes) { checkGemm(200, 700, 300, true); }

TEST(SimGemmTest, Bf16Gemm4096ReachesNinetyPercentOfPeak) {
  TargetDesc target = *loadTarget("trn2");
  GemmConfig config;
  config.m = config.n = config.k = 4096;
  config.outputDType = DTYPE_BF16;
  absl::StatusOr<Executable> exe = generateGemm(target, config);
  ASSERT_TRUE(exe.ok()) << exe.status();
  SimOptions options;
  options.functional = false; // timing, races and deadlocks only
  absl::StatusOr<SimResult> result = simulate(*exe, {}, options);
  ASSERT_TRUE(result.ok()) << result.status();
  const SimStats &stats = result->stats;
  EXPECT_GE(stats.peUtilization, 0.90) << statsToJson(stats);
  RecordProperty("pe_utilization", std::to_string(stats.peUtilization));
  RecordProperty("total_ns", std::to_string(stats.totalNs));
  int64_t instructions = 0;
  for (const char *e : {"tensor", "vector", "scalar", "gpsimd", "dma"})
    instructions += stats.instructions.at(e);
  RecordProperty("instructions", std::to_string(instructions));
  EXPECT_EQ(stats.busiestEngine(), "tensor");
  EXPECT_DOUBLE_EQ(stats.matmulFlops, 2.0 * 4096 * 4096 * 4096);
  EXPECT_EQ(stats.instructions.at("tensor"), 32 * 8 * 32);
}

TEST(SimGemmTest, MemoryBoundGemmIsDmaBound) {
  // M = 128, K = 128, N = 65536, f32: every matmul needs 256 KiB in and out.
  TargetDesc target = *loadTarget("trn2");
  GemmConfig config;
  config.m = 128;
  config.k = 128;
  config.n = 65536;
  config.inputDType = DTYPE_F32;
  config.outputDType = DTYPE_F32;
  absl::StatusOr<Executable> exe = generateGemm(target, config);
  ASSERT_TRUE(exe.ok()) << exe.status();
  SimOptions options;
  options.functional = false;
  absl::StatusOr<SimResult> result = simulate(*exe, {}, options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->stats.busiestEngine(), "dma") << statsToJson(result->stats);
  EXPECT_LT(result->stats.peUtilization, 0.7);
  RecordProperty("dma_busy_ns",
                 std::to_string(result->stats.engineBusyNs.at("dma")));
  RecordProperty("tensor_busy_ns",
                 std::to_string(result->stats.engineBusyNs.at("tensor")));
}

TEST(SimGemmTest, GeneratorRejectsBadConfigs) {
  TargetDesc target = *loadTarget("trn2");
  GemmConfig config;
  config.m = 0;
  EXPECT_FALSE(generateGemm(target, config).ok());
  config.m = 128;
  config.k = 1 << 20;
  EXPECT_FALSE(generateGemm(target, config).ok());
  config.k = 128;
  config.inputDType = DTYPE_I32;
  EXPECT_FALSE(generateGemm(target, config).ok());
}

} // namespace
} // namespace systole::sim::testing
