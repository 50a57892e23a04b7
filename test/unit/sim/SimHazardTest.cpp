//===- SimHazardTest.cpp - Data races and deadlocks (DESIGN section 4)
//-------===//

#include <random>

#include "SimTestUtil.h"
#include "runtime/sim/GemmGenerator.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole::sim::testing {
namespace {

using ::testing::HasSubstr;

TEST(SimHazardTest, UnorderedReadAfterWriteIsARace) {
  ProgramBuilder b;
  uint64_t x = b.input("x", {128, 64}, DTYPE_F32);
  dmaCopy(b, dma(0), hbm(x, 128, 64, DTYPE_F32), sbuf(128, 64, 0, DTYPE_F32));
  Instruction *copy = b.add(kVector); // forgot to wait for the DMA
  *copy->mutable_tensor_copy()->mutable_src() = sbuf(128, 64, 0, DTYPE_F32);
  *copy->mutable_tensor_copy()->mutable_dst() = sbuf(128, 64, 4096, DTYPE_BF16);
  absl::StatusOr<SimResult> result =
      simulate(b.finish(), {HostTensor::zeros(systole::DType::F32, {128, 64})});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(
      result.status().message(),
      "data race: dma0 instruction 0 (dma_copy at test.mlir:1:1) writes SBUF "
      "partitions [0, 128) bytes [0, 256), which vector instruction 0 "
      "(tensor_copy "
      "at test.mlir:2:1) reads, and no semaphore orders the two");
}

TEST(SimHazardTest, SemaphoreOrderingRemovesTheRace) {
  ProgramBuilder b;
  uint64_t x = b.input("x", {128, 64}, DTYPE_F32);
  ProgramBuilder::signal(dmaCopy(b, dma(0), hbm(x, 128, 64, DTYPE_F32),
                                 sbuf(128, 64, 0, DTYPE_F32)),
                         0);
  Instruction *copy = b.add(kVector);
  ProgramBuilder::wait(copy, 0, 1);
  *copy->mutable_tensor_copy()->mutable_src() = sbuf(128, 64, 0, DTYPE_F32);
  *copy->mutable_tensor_copy()->mutable_dst() = sbuf(128, 64, 4096, DTYPE_BF16);
  // A transitive order: gpsimd waits on vector, which waited on the DMA.
  ProgramBuilder::signal(copy, 1);
  Instruction *overwrite = b.add(kGpSimd);
  ProgramBuilder::wait(overwrite, 1, 1);
  *overwrite->mutable_memset()->mutable_dst() = sbuf(128, 64, 0, DTYPE_F32);
  absl::StatusOr<SimResult> result =
      simulate(b.finish(), {HostTensor::zeros(systole::DType::F32, {128, 64})});
  EXPECT_TRUE(result.ok()) << result.status();
}

TEST(SimHazardTest, WriteAfterReadIsARace) {
  ProgramBuilder b;
  Instruction *read = b.add(kScalar);
  *read->mutable_tensor_copy()->mutable_src() =
      sbuf(32, 16, 512, DTYPE_F32, 32);
  *read->mutable_tensor_copy()->mutable_dst() = sbuf(32, 16, 0, DTYPE_F32, 32);
  Instruction *write = b.add(kGpSimd);
  *write->mutable_memset()->mutable_dst() =
      makeAccessPattern(MEMORY_SBUF, 0, 64, 560, DTYPE_F32, {{4, 1}});
  absl::StatusOr<SimResult> result = simulate(b.finish(), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(
      result.status().message(),
      HasSubstr("gpsimd instruction 0 (memset at test.mlir:2:1) writes SBUF "
                "partitions [32, 64) bytes [560, 576)"));
  EXPECT_THAT(
      result.status().message(),
      HasSubstr(
          "which scalar instruction 0 (tensor_copy at test.mlir:1:1) reads"));
}

TEST(SimHazardTest, InterleavedDisjointAccessesDoNotRace) {
  // Vector writes the even elements, gpsimd the odd ones: the extents overlap,
  // the bytes do not.
  ProgramBuilder b;
  Instruction *even = b.add(kVector);
  *even->mutable_memset()->mutable_dst() =
      makeAccessPattern(MEMORY_SBUF, 0, 128, 0, DTYPE_F32, {{64, 2}});
  Instruction *odd = b.add(kGpSimd);
  *odd->mutable_memset()->mutable_dst() =
      makeAccessPattern(MEMORY_SBUF, 0, 128, 4, DTYPE_F32, {{64, 2}});
  // Two reads never race.
  Instruction *r1 = b.add(kScalar);
  *r1->mutable_tensor_copy()->mutable_src() = sbuf(128, 8, 8192, DTYPE_F32);
  *r1->mutable_tensor_copy()->mutable_dst() = sbuf(128, 8, 4096, DTYPE_F32);
  absl::StatusOr<SimResult> result = simulate(b.finish(), {});
  EXPECT_TRUE(result.ok()) << result.status();
}

TEST(SimHazardTest, HbmRaceBetweenDmaQueues) {
  ProgramBuilder b;
  uint64_t out = b.output("y", {4, 64}, DTYPE_F32);
  dmaCopy(b, dma(0), sbuf(4, 64, 0, DTYPE_F32), hbm(out, 4, 64, DTYPE_F32));
  dmaCopy(b, dma(1), sbuf(1, 64, 0, DTYPE_F32),
          hbm(out + 3 * 256, 1, 64, DTYPE_F32));
  absl::StatusOr<SimResult> result = simulate(b.finish(), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(
      result.status().message(),
      HasSubstr(
          "dma1 instruction 0 (dma_copy at test.mlir:2:1) writes HBM bytes "
          "[768, 1024), which dma0 instruction 0 (dma_copy at "
          "test.mlir:1:1) writes"));
}

TEST(SimHazardTest, CircularWaitIsADeadlock) {
  ProgramBuilder b;
  Instruction *t = b.add(kTensor);
  ProgramBuilder::wait(t, 0, 1);
  *t->mutable_transpose()->mutable_src() = sbuf(32, 32, 0, DTYPE_BF16);
  *t->mutable_transpose()->mutable_dst() = psum(32, 32, 0);
  ProgramBuilder::signal(t, 1);
  Instruction *v = b.add(kVector);
  ProgramBuilder::wait(v, 1, 1);
  *v->mutable_memset()->mutable_dst() = sbuf(32, 32, 0, DTYPE_BF16);
  ProgramBuilder::signal(v, 0);
  absl::StatusOr<SimResult> result = simulate(b.finish(), {});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().message(),
            "deadlock: every unfinished stream waits on a semaphore that can "
            "no longer "
            "reach its value: tensor instruction 0 (transpose at "
            "test.mlir:1:1) waits for "
            "semaphore 0 >= 1 (it stays 0); vector instruction 0 (memset at "
            "test.mlir:2:1) waits for semaphore 1 >= 1 (it stays 0)");
}

TEST(SimHazardTest, WaitingForMoreThanWillComeIsADeadlock) {
  ProgramBuilder b;
  Instruction *first = b.add(kGpSimd);
  *first->mutable_memset()->mutable_dst() = sbuf(32, 32, 0, DTYPE_F32);
  ProgramBuilder::signal(first, 3);
  Instruction *second = b.add(kVector);
  *second->mutable_memset()->mutable_dst() = sbuf(32, 32, 1024, DTYPE_F32);
  Instruction *third = b.add(kVector);
  ProgramBuilder::wait(third, 3, 2);
  *third->mutable_memset()->mutable_dst() = sbuf(32, 32, 0, DTYPE_F32);
  absl::StatusOr<SimResult> result = simulate(b.finish(), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(
      result.status().message(),
      HasSubstr("vector instruction 1 (memset at test.mlir:3:1) waits for "
                "semaphore 3 >= 2 (it stays 1)"));
}

} // namespace
} // namespace systole::sim::testing

namespace systole::sim::testing {
namespace {

TEST(SimRobustnessTest, MutatedExecutablesNeverCrashTheSimulator) {
  // Mutate a small generated GEMM's bytes; whatever the loader accepts must
  // simulate to a result or an error, never a crash.
  GemmConfig config;
  config.m = 128;
  config.n = 256;
  config.k = 256;
  absl::StatusOr<Executable> exe = generateGemm(*loadTarget("trn2"), config);
  ASSERT_TRUE(exe.ok());
  std::string bytes = *serializeExecutable(*exe);
  std::mt19937 rng(5);
  int simulated = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::string mutated = bytes;
    for (int e = 0; e < 3; ++e)
      mutated[rng() % mutated.size()] ^= static_cast<char>(1 << (rng() % 8));
    absl::StatusOr<Executable> loaded = parseExecutable(mutated, nullptr);
    if (!loaded.ok())
      continue;
    std::vector<HostTensor> inputs;
    for (const TensorDecl &decl : loaded->inputs())
      inputs.push_back(
          HostTensor::zeros(sim::toRuntimeDType(decl.dtype()),
                            {decl.shape().begin(), decl.shape().end()}));
    absl::StatusOr<SimResult> result = simulate(*loaded, inputs);
    ++simulated;
    (void)result;
  }
  EXPECT_GT(simulated, 0);
}

} // namespace
} // namespace systole::sim::testing
