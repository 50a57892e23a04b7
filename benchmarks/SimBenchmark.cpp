//===- SimBenchmark.cpp - Host speed of the NeuronCore simulator
//-------------===//
//
// Numbers are recorded in docs/performance.md ("Simulator").
//   instructions/s : simulated instructions per host second
//   GFLOP/s        : host throughput of the functional matmul path (2*M*N*K per
//   matmul)

#include <benchmark/benchmark.h>

#include <random>

#include "runtime/api/HostTensor.h"
#include "runtime/ncx/Ncx.h"
#include "runtime/sim/GemmGenerator.h"
#include "runtime/sim/Simulator.h"
#include "runtime/targets/Target.h"

namespace systole::sim {
namespace {

std::vector<HostTensor> randomInputs(const ncx::Executable &exe) {
  std::mt19937 rng(3);
  std::normal_distribution<float> normal(0, 1);
  std::vector<HostTensor> inputs;
  for (const ncx::TensorDecl &decl : exe.inputs()) {
    HostTensor t =
        HostTensor::zeros(toRuntimeDType(decl.dtype()),
                          {decl.shape().begin(), decl.shape().end()});
    for (int64_t i = 0; i < t.numElements(); ++i)
      t.setDouble(i, normal(rng));
    inputs.push_back(std::move(t));
  }
  return inputs;
}

int64_t instructionCount(const ncx::Executable &exe) {
  int64_t n = 0;
  for (ncx::StreamId id : ncx::allStreams(exe))
    n += ncx::getStream(exe, id)->instructions_size();
  return n;
}

/// A generated bf16 GEMM, simulated end to end (functional + timing + race
/// checks).
void BM_GemmFunctional(benchmark::State &state) {
  GemmConfig config;
  config.m = state.range(0);
  config.n = state.range(1);
  config.k = state.range(2);
  ncx::Executable exe = *generateGemm(*loadTarget("trn2"), config);
  std::vector<HostTensor> inputs = randomInputs(exe);
  SimOptions options;
  options.detectRaces = state.range(3) != 0;
  double simulatedUs = 0, pe = 0;
  for (auto _ : state) {
    absl::StatusOr<SimResult> result = simulate(exe, inputs, options);
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
    simulatedUs = result->stats.totalNs / 1000;
    pe = result->stats.peUtilization;
  }
  double flops = 2.0 * config.m * config.n * config.k;
  state.counters["instructions/s"] =
      benchmark::Counter(static_cast<double>(instructionCount(exe)),
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["GFLOP/s"] = benchmark::Counter(
      flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["simulated_us"] = simulatedUs;
  state.counters["pe_utilization"] = pe;
}
BENCHMARK(BM_GemmFunctional)
    ->Args({512, 512, 2048, 1})
    ->Args({512, 512, 2048, 0})
    ->Args({1024, 1024, 1024, 1})
    ->ArgNames({"M", "N", "K", "races"})
    ->Unit(benchmark::kMillisecond);

/// Timing-only simulation (no data): the event loop and the race detector.
void BM_GemmTimingOnly(benchmark::State &state) {
  GemmConfig config;
  config.m = config.n = config.k = state.range(0);
  config.outputDType = ncx::DTYPE_BF16;
  ncx::Executable exe = *generateGemm(*loadTarget("trn2"), config);
  SimOptions options;
  options.functional = false;
  options.detectRaces = state.range(1) != 0;
  double pe = 0;
  for (auto _ : state) {
    absl::StatusOr<SimResult> result = simulate(exe, {}, options);
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
    pe = result->stats.peUtilization;
  }
  state.counters["instructions/s"] =
      benchmark::Counter(static_cast<double>(instructionCount(exe)),
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["pe_utilization"] = pe;
}
BENCHMARK(BM_GemmTimingOnly)
    ->Args({4096, 1})
    ->Args({4096, 0})
    ->ArgNames({"size", "races"})
    ->Unit(benchmark::kMillisecond);

/// The 4096^3 bf16 GEMM of the issue, fully functional (one iteration).
void BM_Gemm4096Functional(benchmark::State &state) {
  GemmConfig config;
  config.m = config.n = config.k = 4096;
  config.outputDType = ncx::DTYPE_BF16;
  ncx::Executable exe = *generateGemm(*loadTarget("trn2"), config);
  std::vector<HostTensor> inputs = randomInputs(exe);
  double pe = 0;
  for (auto _ : state) {
    absl::StatusOr<SimResult> result = simulate(exe, inputs, {});
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
    pe = result->stats.peUtilization;
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * 4096 * 4096 * 4096 / 1e9,
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["instructions/s"] =
      benchmark::Counter(static_cast<double>(instructionCount(exe)),
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["pe_utilization"] = pe;
}
BENCHMARK(BM_Gemm4096Functional)->Iterations(1)->Unit(benchmark::kSecond);

/// Vector-engine elementwise path: tensor_tensor add on [128 x N] f32 tiles.
void BM_VectorElementwise(benchmark::State &state) {
  int64_t n = state.range(0);
  const int count = 64;
  ncx::Executable exe;
  *exe.mutable_target() = *loadTarget("trn2");
  for (int i = 0; i < count; ++i) {
    ncx::Instruction *inst = exe.mutable_vector()->add_instructions();
    ncx::TensorTensor *tt = inst->mutable_tensor_tensor();
    tt->set_op(ncx::ALU_ADD);
    *tt->mutable_a() = ncx::makeAccessPattern(ncx::MEMORY_SBUF, 0, 128, 0,
                                              ncx::DTYPE_F32, {{n, 1}});
    *tt->mutable_b() = ncx::makeAccessPattern(ncx::MEMORY_SBUF, 0, 128, 4 * n,
                                              ncx::DTYPE_BF16, {{n, 1}});
    *tt->mutable_dst() = ncx::makeAccessPattern(ncx::MEMORY_SBUF, 0, 128, 8 * n,
                                                ncx::DTYPE_BF16, {{n, 1}});
  }
  ncx::finalizeExecutable(exe);
  for (auto _ : state) {
    absl::StatusOr<SimResult> result = simulate(exe, {}, {});
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
  }
  state.counters["elements/s"] = benchmark::Counter(
      128.0 * n * count, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["instructions/s"] =
      benchmark::Counter(count, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_VectorElementwise)
    ->Arg(512)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace systole::sim

BENCHMARK_MAIN();
