//===- TargetTest.cpp - Loading and validating target descriptions
//-----------===//

#include "runtime/targets/Target.h"

#include <cstdio>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole {
namespace {

using ::testing::HasSubstr;

std::string builtinText(const std::string &name) {
  for (const auto &[n, text] : detail::builtinTargetTexts())
    if (n == name)
      return text;
  return "";
}

std::string removeLine(std::string text, const std::string &startsWith) {
  size_t pos = text.find("\n" + startsWith);
  if (pos == std::string::npos)
    return text;
  size_t end = text.find('\n', pos + 1);
  return text.erase(pos, end - pos);
}

std::string replaceLine(std::string text, const std::string &startsWith,
                        const std::string &line) {
  size_t pos = text.find("\n" + startsWith);
  if (pos == std::string::npos)
    return text;
  size_t end = text.find('\n', pos + 1);
  return text.replace(pos + 1, end - pos - 1, line);
}

TEST(TargetTest, BuiltinNames) {
  EXPECT_EQ(builtinTargetNames(), (std::vector<std::string>{"trn1", "trn2"}));
  EXPECT_EQ(kDefaultTargetName, "trn2");
}

TEST(TargetTest, Trn2HasTheDesignNumbers) {
  absl::StatusOr<TargetDesc> target = loadTarget("trn2");
  ASSERT_TRUE(target.ok()) << target.status();
  EXPECT_EQ(target->name(), "trn2");
  EXPECT_EQ(target->sbuf_partitions(), 128);
  EXPECT_EQ(target->sbuf_bytes_per_partition(), 224 * 1024);
  EXPECT_EQ(target->psum_bytes_per_partition(), 16 * 1024);
  EXPECT_EQ(target->psum_banks(), 8);
  EXPECT_EQ(target->psum_bank_bytes(), 2048);
  EXPECT_EQ(target->hbm_bytes(), 12LL << 30);
  EXPECT_DOUBLE_EQ(target->hbm_gbytes_per_s(), 362);
  EXPECT_DOUBLE_EQ(target->tensor_clock_ghz(), 2.4);
  EXPECT_DOUBLE_EQ(target->vector_clock_ghz(), 0.96);
  EXPECT_DOUBLE_EQ(target->scalar_clock_ghz(), 1.2);
  EXPECT_DOUBLE_EQ(target->gpsimd_clock_ghz(), 1.2);
  EXPECT_EQ(target->dma_queues(), 16);
  EXPECT_DOUBLE_EQ(target->dma_queue_bytes_per_ns(), 23);
  EXPECT_DOUBLE_EQ(target->dma_fixed_latency_ns(), 1300);
  EXPECT_DOUBLE_EQ(target->matmul_fp32_multiplier(), 4);
  EXPECT_DOUBLE_EQ(target->matmul_fp8_multiplier(), 0.5);
  EXPECT_FALSE(target->f8e4m3fn_native());
  // Peak bf16 matmul: 128 x 128 x 2 FLOP x 2.4 GHz = 78.6 TFLOP/s (DESIGN: 79).
  double peak = 2.0 * target->pe_rows() * target->pe_columns() *
                target->tensor_clock_ghz();
  EXPECT_NEAR(peak / 1000, 78.6, 0.1);
}

TEST(TargetTest, Trn1HasTheDesignNumbers) {
  absl::StatusOr<TargetDesc> target = loadTarget("trn1");
  ASSERT_TRUE(target.ok()) << target.status();
  EXPECT_EQ(target->name(), "trn1");
  EXPECT_EQ(target->sbuf_bytes_per_partition(), 192 * 1024);
  EXPECT_EQ(target->hbm_bytes(), 16LL << 30);
  EXPECT_DOUBLE_EQ(target->hbm_gbytes_per_s(), 410);
  EXPECT_DOUBLE_EQ(target->tensor_clock_ghz(), 2.8);
  EXPECT_DOUBLE_EQ(target->vector_clock_ghz(), 1.12);
  EXPECT_DOUBLE_EQ(target->scalar_clock_ghz(), 1.4);
  EXPECT_DOUBLE_EQ(target->dma_queue_bytes_per_ns(), 17);
  EXPECT_DOUBLE_EQ(target->matmul_fp8_multiplier(), 1);
  double peak = 2.0 * target->pe_rows() * target->pe_columns() *
                target->tensor_clock_ghz();
  EXPECT_NEAR(peak / 1000, 91.8, 0.1);
  EXPECT_NEAR(peak / target->matmul_fp32_multiplier() / 1000, 22.9, 0.1);
}

TEST(TargetTest, LinearCost) {
  absl::StatusOr<TargetDesc> target = loadTarget("trn2");
  ASSERT_TRUE(target.ok());
  EXPECT_DOUBLE_EQ(linearCostCycles(target->tensor_scalar(), 10), 64);
  EXPECT_DOUBLE_EQ(linearCostCycles(target->tensor_scalar(), 512), 512);
  EXPECT_DOUBLE_EQ(linearCostCycles(target->tensor_tensor(), 100), 200);
  EXPECT_DOUBLE_EQ(linearCostCycles(target->iota(), 100), 250);
}

TEST(TargetTest, LoadsAUserFile) {
  std::string path = ::testing::TempDir() + "/my_target.textproto";
  std::ofstream(path) << replaceLine(builtinText("trn2"),
                                     "name:", "name: \"mine\"");
  absl::StatusOr<TargetDesc> target = loadTarget(path);
  ASSERT_TRUE(target.ok()) << target.status();
  EXPECT_EQ(target->name(), "mine");
  std::remove(path.c_str());
}

TEST(TargetTest, MissingFileIsNotFound) {
  absl::StatusOr<TargetDesc> target = loadTarget("/nonexistent/trn9.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_EQ(target.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(target.status().message(),
              HasSubstr("/nonexistent/trn9.textproto"));
}

TEST(TargetTest, MissingFieldIsNamed) {
  std::string text =
      removeLine(builtinText("trn2"), "sbuf_bytes_per_partition:");
  absl::StatusOr<TargetDesc> target = parseTarget(text, "target.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_EQ(target.status().message(),
            "target.textproto: field 'sbuf_bytes_per_partition' is missing");
}

TEST(TargetTest, MissingNestedFieldIsNamed) {
  std::string text = replaceLine(builtinText("trn2"), "iota {",
                                 "iota { min_cycles: 0 fixed_cycles: 150 }");
  absl::StatusOr<TargetDesc> target = parseTarget(text, "t.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_EQ(target.status().message(),
            "t.textproto: field 'iota.cycles_per_element' is missing");
}

TEST(TargetTest, EveryFieldIsRequired) {
  // Removing any top-level line of the shipped file makes it invalid, naming
  // that field.
  std::string text = builtinText("trn1");
  int checked = 0;
  size_t pos = 0;
  while ((pos = text.find('\n', pos)) != std::string::npos) {
    ++pos;
    size_t colon = text.find_first_of(":{", pos);
    size_t eol = text.find('\n', pos);
    if (colon == std::string::npos || eol == std::string::npos || colon > eol ||
        text[pos] == '#')
      continue;
    std::string field = text.substr(pos, colon - pos);
    while (!field.empty() && field.back() == ' ')
      field.pop_back();
    std::string broken = text;
    broken.erase(pos, eol - pos);
    absl::StatusOr<TargetDesc> target = parseTarget(broken, "x");
    ASSERT_FALSE(target.ok()) << field;
    EXPECT_THAT(target.status().message(), HasSubstr("'" + field)) << field;
    ++checked;
  }
  EXPECT_GT(checked, 40);
}

TEST(TargetTest, OutOfRangeFieldIsNamed) {
  std::string text =
      replaceLine(builtinText("trn2"), "dma_queues:", "dma_queues: 0");
  absl::StatusOr<TargetDesc> target = parseTarget(text, "t.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_EQ(target.status().message(),
            "t.textproto: field 'dma_queues' = 0 is out of range [1, 64]");

  text = replaceLine(builtinText("trn2"),
                     "tensor_clock_ghz:", "tensor_clock_ghz: -1");
  target = parseTarget(text, "t.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_THAT(target.status().message(), HasSubstr("'tensor_clock_ghz' = -1"));

  text = replaceLine(builtinText("trn2"),
                     "sbuf_partitions:", "sbuf_partitions: 256");
  target = parseTarget(text, "t.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_THAT(target.status().message(), HasSubstr("'sbuf_partitions' = 256"));
}

TEST(TargetTest, InconsistentPsumIsRejected) {
  std::string text =
      replaceLine(builtinText("trn2"), "psum_banks:", "psum_banks: 4");
  absl::StatusOr<TargetDesc> target = parseTarget(text, "t.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_THAT(target.status().message(), HasSubstr("'psum_banks'"));
}

TEST(TargetTest, SyntaxErrorHasLineAndColumn) {
  absl::StatusOr<TargetDesc> target =
      parseTarget("name: \"x\"\nsbuf_partitions: oops\n", "bad.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_THAT(target.status().message(), HasSubstr("bad.textproto:2:"));
  target = parseTarget("no_such_field: 1\n", "bad.textproto");
  ASSERT_FALSE(target.ok());
  EXPECT_THAT(target.status().message(), HasSubstr("bad.textproto:1:"));
  EXPECT_THAT(target.status().message(), HasSubstr("no_such_field"));
}

} // namespace
} // namespace systole
