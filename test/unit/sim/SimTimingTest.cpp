//===- SimTimingTest.cpp - The cost model of DESIGN section 4
//----------------===//

#include "SimTestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole::sim::testing {
namespace {

using ::testing::HasSubstr;

Instruction matmul(int k, int m, int n, DType stationary, DType moving) {
  Instruction inst;
  *inst.mutable_matmul()->mutable_stationary() = sbuf(k, m, 0, stationary);
  *inst.mutable_matmul()->mutable_moving() = sbuf(k, n, 1024, moving);
  *inst.mutable_matmul()->mutable_dst() = psum(m, n, 0);
  return inst;
}

TEST(SimTimingTest, MatmulCostFormula) {
  for (const char *name : {"trn1", "trn2"}) {
    TargetDesc target = *loadTarget(name);
    double overhead = target.tensor_instruction_overhead_cycles();
    double ghz = target.tensor_clock_ghz();
    // max(min(64, 128), 512) = 512 cycles + the fixed overhead.
    InstructionTiming t = instructionTiming(
        target, matmul(128, 128, 512, DTYPE_BF16, DTYPE_BF16), kTensor);
    EXPECT_DOUBLE_EQ(t.cycles, 512 + overhead) << name;
    EXPECT_DOUBLE_EQ(t.busyNs, (512 + overhead) / ghz) << name;
    EXPECT_DOUBLE_EQ(t.latencyNs, target.psum_access_latency_cycles() / ghz);
    EXPECT_DOUBLE_EQ(t.flops, 2.0 * 128 * 128 * 512);
    // fp32 at a quarter of the rate.
    t = instructionTiming(target, matmul(128, 128, 512, DTYPE_F32, DTYPE_F32),
                          kTensor);
    EXPECT_DOUBLE_EQ(t.cycles, 4 * 512 + overhead) << name;
    // fp8: twice the bf16 rate on trn2, the bf16 rate on trn1.
    t = instructionTiming(
        target, matmul(128, 128, 512, DTYPE_F8E4M3, DTYPE_F8E5M2), kTensor);
    EXPECT_DOUBLE_EQ(t.cycles,
                     (std::string(name) == "trn2" ? 256 : 512) + overhead);
    // Mixed fp8 x bf16 runs at the bf16 rate.
    t = instructionTiming(
        target, matmul(128, 128, 512, DTYPE_F8E4M3, DTYPE_BF16), kTensor);
    EXPECT_DOUBLE_EQ(t.cycles, 512 + overhead);
    // Small N: max(min(64, M), N).
    t = instructionTiming(target, matmul(128, 128, 16, DTYPE_BF16, DTYPE_BF16),
                          kTensor);
    EXPECT_DOUBLE_EQ(t.cycles, 64 + overhead);
    t = instructionTiming(target, matmul(128, 32, 16, DTYPE_BF16, DTYPE_BF16),
                          kTensor);
    EXPECT_DOUBLE_EQ(t.cycles, 32 + overhead);
  }
}

TEST(SimTimingTest, VectorScalarGpSimdCostFormulas) {
  TargetDesc t = *loadTarget("trn2");
  double ov = t.vector_instruction_overhead_cycles();
  Instruction tt;
  tt.mutable_tensor_tensor()->set_op(ALU_ADD);
  *tt.mutable_tensor_tensor()->mutable_a() = sbuf(128, 100, 0, DTYPE_F32);
  *tt.mutable_tensor_tensor()->mutable_b() = sbuf(128, 100, 1024, DTYPE_F32);
  *tt.mutable_tensor_tensor()->mutable_dst() = sbuf(128, 100, 2048, DTYPE_F32);
  EXPECT_DOUBLE_EQ(instructionTiming(t, tt, kVector).cycles, 200 + ov); // 2N
  *tt.mutable_tensor_tensor()->mutable_b() = psum(128, 100, 0);
  EXPECT_DOUBLE_EQ(instructionTiming(t, tt, kVector).cycles,
                   100 + ov); // N with PSUM
  EXPECT_DOUBLE_EQ(instructionTiming(t, tt, kVector).busyNs, (100 + ov) / 0.96);

  Instruction copy;
  *copy.mutable_tensor_copy()->mutable_src() = sbuf(128, 10, 0, DTYPE_F32);
  *copy.mutable_tensor_copy()->mutable_dst() = sbuf(128, 10, 64, DTYPE_F32);
  EXPECT_DOUBLE_EQ(instructionTiming(t, copy, kVector).cycles,
                   64 + ov); // max(64, N)

  Instruction act;
  *act.mutable_activation()->mutable_src() = sbuf(128, 300, 0, DTYPE_F32);
  *act.mutable_activation()->mutable_dst() = sbuf(128, 300, 0, DTYPE_F32);
  double sov = t.scalar_instruction_overhead_cycles();
  EXPECT_DOUBLE_EQ(instructionTiming(t, act, kScalar).cycles, 300 + sov);
  *act.mutable_activation()->mutable_reduce_dst() =
      sbuf(128, 1, 4096, DTYPE_F32);
  EXPECT_DOUBLE_EQ(instructionTiming(t, act, kScalar).cycles,
                   364 + sov); // +64 reduce
  EXPECT_DOUBLE_EQ(instructionTiming(t, act, kScalar).busyNs,
                   (364 + sov) / 1.2);

  Instruction iota;
  *iota.mutable_iota()->mutable_dst() = sbuf(128, 50, 0, DTYPE_I32);
  EXPECT_DOUBLE_EQ(instructionTiming(t, iota, kGpSimd).cycles,
                   200 + t.gpsimd_instruction_overhead_cycles()); // 150 + N

  Instruction transpose;
  *transpose.mutable_transpose()->mutable_src() = sbuf(128, 32, 0, DTYPE_BF16);
  *transpose.mutable_transpose()->mutable_dst() = psum(32, 128, 0);
  EXPECT_DOUBLE_EQ(
      instructionTiming(t, transpose, kTensor).cycles,
      128 + t.tensor_instruction_overhead_cycles()); // max(P, min(64, F))
}

TEST(SimTimingTest, DmaCostFormula) {
  TargetDesc t = *loadTarget("trn2");
  Instruction big;
  *big.mutable_dma_copy()->mutable_src() = hbm(0, 128, 512, DTYPE_BF16);
  *big.mutable_dma_copy()->mutable_dst() = sbuf(128, 512, 0, DTYPE_BF16);
  InstructionTiming timing = instructionTiming(t, big, dma(0));
  EXPECT_EQ(timing.dmaBytes, 128 * 1024);
  EXPECT_DOUBLE_EQ(timing.busyNs,
                   128 * 1024 / 23.0); // 1 KiB rows: no descriptor cost
  EXPECT_DOUBLE_EQ(timing.latencyNs, 1300);
  Instruction small;
  *small.mutable_dma_copy()->mutable_src() = hbm(0, 128, 64, DTYPE_BF16);
  *small.mutable_dma_copy()->mutable_dst() = sbuf(128, 64, 0, DTYPE_BF16);
  timing = instructionTiming(t, small, dma(0));
  // 128 rows of 128 B < 512 B: each pays the small-descriptor cost.
  EXPECT_DOUBLE_EQ(timing.busyNs, 128 * 128 / 23.0 + 128 * 16);
  TargetDesc trn1 = *loadTarget("trn1");
  EXPECT_DOUBLE_EQ(instructionTiming(trn1, big, dma(0)).busyNs,
                   128 * 1024 / 17.0);
}

TEST(SimTimingTest, SemaphoreHandOffPaysTheLatency) {
  // vector memset [128 x 32] -> gpsimd memset waiting on it.
  ProgramBuilder b("trn2");
  Instruction *first = b.add(kVector);
  *first->mutable_memset()->mutable_dst() = sbuf(128, 32, 0, DTYPE_F32);
  ProgramBuilder::signal(first, 0);
  Instruction *second = b.add(kGpSimd);
  ProgramBuilder::wait(second, 0, 1);
  *second->mutable_memset()->mutable_dst() = sbuf(128, 32, 0, DTYPE_F32);
  Instruction *third = b.add(kVector); // independent: issues back to back
  *third->mutable_memset()->mutable_dst() = sbuf(128, 32, 1024, DTYPE_F32);
  SimOptions options;
  options.recordTrace = true;
  absl::StatusOr<SimResult> result = simulate(b.finish(), {}, options);
  ASSERT_TRUE(result.ok()) << result.status();
  TargetDesc t = *loadTarget("trn2");
  double vectorII = (64 + t.vector_instruction_overhead_cycles()) / 0.96;
  double visible = vectorII + t.sbuf_access_latency_cycles() / 0.96;
  double gpsimdII = (64 + t.gpsimd_instruction_overhead_cycles()) / 1.2;
  ASSERT_EQ(result->trace.size(), 3u);
  EXPECT_DOUBLE_EQ(result->trace[0].startNs, 0);
  EXPECT_DOUBLE_EQ(result->trace[1].startNs, vectorII); // the independent one
  EXPECT_EQ(result->trace[2].stream.kind, EngineKind::GpSimd);
  EXPECT_DOUBLE_EQ(result->trace[2].startNs, visible);
  EXPECT_DOUBLE_EQ(result->stats.totalNs, visible + gpsimdII + 60 / 1.2);
  EXPECT_DOUBLE_EQ(result->stats.engineBusyNs.at("vector"), 2 * vectorII);
  EXPECT_EQ(result->stats.instructions.at("vector"), 2);
  EXPECT_EQ(result->stats.instructions.at("gpsimd"), 1);
  // A dependent tiny instruction costs about 100+ cycles (DESIGN section 4).
  EXPECT_GT(visible * 0.96, 100);
}

TEST(SimTimingTest, SemaphoreWaitLatencyIsPaidOnlyWhenWaiting) {
  ProgramBuilder b("trn2");
  b.exe.mutable_target()->set_semaphore_wait_latency_ns(100);
  Instruction *first = b.add(kVector);
  *first->mutable_memset()->mutable_dst() = sbuf(128, 32, 0, DTYPE_F32);
  ProgramBuilder::signal(first, 0);
  Instruction *waiter = b.add(kGpSimd);
  ProgramBuilder::wait(waiter, 0, 1);
  *waiter->mutable_memset()->mutable_dst() = sbuf(128, 32, 0, DTYPE_F32);
  Instruction *late =
      b.add(kGpSimd); // its wait is satisfied long before: no latency
  ProgramBuilder::wait(late, 0, 1);
  *late->mutable_memset()->mutable_dst() = sbuf(128, 32, 1024, DTYPE_F32);
  SimOptions options;
  options.recordTrace = true;
  absl::StatusOr<SimResult> result = simulate(b.finish(), {}, options);
  ASSERT_TRUE(result.ok()) << result.status();
  double visible = (64 + 16 + 60) / 0.96;
  double gpsimdII = (64 + 16) / 1.2;
  ASSERT_EQ(result->trace.size(), 3u);
  EXPECT_DOUBLE_EQ(result->trace[1].startNs, visible + 100);
  EXPECT_DOUBLE_EQ(result->trace[2].startNs, visible + 100 + gpsimdII);
}

TEST(SimTimingTest, MatmulProgramTimeOnEachTarget) {
  for (const char *name : {"trn1", "trn2"}) {
    TargetDesc t = *loadTarget(name);
    ProgramBuilder b(name);
    Instruction *mm = b.add(kTensor);
    *mm = matmul(128, 128, 512, DTYPE_BF16, DTYPE_BF16);
    absl::StatusOr<SimResult> result = simulate(b.finish(), {});
    ASSERT_TRUE(result.ok()) << result.status();
    double busy =
        (512 + t.tensor_instruction_overhead_cycles()) / t.tensor_clock_ghz();
    EXPECT_DOUBLE_EQ(result->stats.engineBusyNs.at("tensor"), busy) << name;
    EXPECT_DOUBLE_EQ(result->stats.totalNs,
                     busy +
                         t.psum_access_latency_cycles() / t.tensor_clock_ghz());
    double peak = 2.0 * 128 * 128 * t.tensor_clock_ghz();
    EXPECT_NEAR(result->stats.peUtilization,
                2.0 * 128 * 128 * 512 / (peak * result->stats.totalNs), 1e-12);
  }
}

TEST(SimTimingTest, StatsAndTraceJson) {
  ProgramBuilder b("trn2");
  uint64_t x = b.input("x", {128, 64}, DTYPE_F32);
  Instruction *load = dmaCopy(b, dma(3), hbm(x, 128, 64, DTYPE_F32),
                              sbuf(128, 64, 0, DTYPE_F32));
  ProgramBuilder::signal(load, 0);
  Instruction *act = b.add(kScalar);
  ProgramBuilder::wait(act, 0, 1);
  *act->mutable_activation()->mutable_src() = sbuf(128, 64, 0, DTYPE_F32);
  *act->mutable_activation()->mutable_dst() = sbuf(128, 64, 0, DTYPE_F32);
  SimOptions options;
  options.recordTrace = true;
  absl::StatusOr<SimResult> result = simulate(
      b.finish(), {HostTensor::zeros(systole::DType::F32, {128, 64})}, options);
  ASSERT_TRUE(result.ok()) << result.status();
  std::string json = statsToJson(result->stats);
  for (const char *key :
       {"\"total_ns\"", "\"engine_busy_ns\"", "\"pe_utilization\"",
        "\"matmul_flops\"", "\"dma_bytes\": 32768", "\"sbuf_peak_bytes\"",
        "\"psum_peak_bytes\"", "\"instructions\"", "\"dma3\": 1",
        "\"scalar\": 1"})
    EXPECT_THAT(json, HasSubstr(key));
  EXPECT_EQ(result->stats.sbufPeakBytes, 128 * 256);
  std::string trace = traceToJson(result->trace);
  EXPECT_THAT(trace, HasSubstr("\"args\": {\"name\": \"dma3\"}"));
  EXPECT_THAT(
      trace,
      HasSubstr(
          "\"name\": \"activation\", \"cat\": \"scalar\", \"ph\": \"X\""));
  EXPECT_THAT(trace, HasSubstr("\"loc\": \"test.mlir:2:1\""));
  std::string path = ::testing::TempDir() + "/stats.json";
  EXPECT_TRUE(writeStatsJson(result->stats, path).ok());
  EXPECT_FALSE(writeTraceJson(result->trace, "/nonexistent/dir/t.json").ok());
}

TEST(SimTimingTest, ProfileByLocationGroupsAndSorts) {
  // Synthetic events (ns): two locations and one without; DMA queues count
  // together as "dma".
  auto event = [](StreamId stream, const char *loc, double start,
                  double duration) {
    TraceEvent e;
    e.stream = stream;
    e.name = "x";
    e.loc = loc;
    e.startNs = start;
    e.durationNs = duration;
    return e;
  };
  std::vector<TraceEvent> trace = {
      event(dma(0), "a.py:1:1 (fc1)", 100, 400),
      event(dma(5), "a.py:1:1 (fc1)", 150, 300),
      event(kTensor, "a.py:1:1 (fc1)", 600, 50),
      event(kVector, "b.py:2:2", 0, 1000),
      event(kScalar, "", 2000, 10),
  };
  std::vector<LocationProfile> rows = profileByLocation(trace);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].loc, "b.py:2:2");
  EXPECT_DOUBLE_EQ(rows[0].totalBusyNs(), 1000);
  EXPECT_EQ(rows[1].loc, "a.py:1:1 (fc1)");
  EXPECT_EQ(rows[1].instructions, 3);
  EXPECT_DOUBLE_EQ(rows[1].busyNs.at("dma"), 700);
  EXPECT_DOUBLE_EQ(rows[1].busyNs.at("tensor"), 50);
  EXPECT_DOUBLE_EQ(rows[1].firstStartNs, 100);
  EXPECT_DOUBLE_EQ(rows[1].lastEndNs, 650);
  EXPECT_EQ(rows[2].loc, "");
  EXPECT_DOUBLE_EQ(rows[2].busyNs.at("scalar"), 10);
  EXPECT_TRUE(profileByLocation({}).empty());
}

} // namespace
} // namespace systole::sim::testing
