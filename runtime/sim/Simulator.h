//===- Simulator.h - The NeuronCore simulator ---------------------*- C++
//-*-===//
//
// Runs an NCX executable (DESIGN section 6) on a model of one NeuronCore: exact
// functional semantics (sections 3 and 4) and an event-driven timing model over
// the 4 compute engines and the DMA queues, each running its stream in order,
// synchronised only by semaphores, with the cost model of the executable's
// TargetDesc (section 4). Detects deadlock and data races (section 4) and
// reports them as errors naming the instructions.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_SIM_SIMULATOR_H
#define SYSTOLE_RUNTIME_SIM_SIMULATOR_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/api/HostTensor.h"
#include "runtime/ncx/Ncx.h"

namespace systole::sim {

/// The runtime DType of an NCX dtype (DTYPE_I1 -> I1, DTYPE_U8 -> U8, ...).
systole::DType toRuntimeDType(ncx::DType dtype);

/// What simulate() does besides timing.
struct SimOptions {
  /// Compute data (false: timing, races and deadlocks only; outputs are zero).
  bool functional = true;
  /// Check every pair of accesses from different streams for semaphore
  /// ordering.
  bool detectRaces = true;
  /// Keep one TraceEvent per instruction in SimResult::trace.
  bool recordTrace = false;
};

/// Statistics of one run (DESIGN section 7, `--stats-json`). Times in ns.
struct SimStats {
  /// Time at which the last instruction's results are visible, ns.
  double totalNs = 0;
  /// Busy time per engine, ns: keys "tensor", "vector", "scalar", "gpsimd",
  /// "dmaN" for every DMA queue, and "dma" = the mean busy time of the DMA
  /// queues (so that "dma" = totalNs means every queue streamed all the time).
  std::map<std::string, double> engineBusyNs;
  /// Instructions executed per engine (same keys; "dma" is the sum over
  /// queues).
  std::map<std::string, int64_t> instructions;
  /// Achieved over peak tensor-engine throughput: sum over matmuls of FLOPs x
  /// dtype multiplier / (2 x pe_rows x pe_columns x tensor clock x totalNs). In
  /// [0, 1].
  double peUtilization = 0;
  /// 2 x M x N x K summed over matmuls.
  double matmulFlops = 0;
  /// Bytes moved by DMA (each transfer counted once at the wider of its two
  /// dtypes).
  int64_t dmaBytes = 0;
  /// Per-partition high-water marks of written bytes, summed over partitions.
  int64_t sbufPeakBytes = 0;
  int64_t psumPeakBytes = 0;
  /// The compute engine or "dma" with the largest engineBusyNs.
  std::string busiestEngine() const;
};

/// One executed instruction, for the Chrome/Perfetto trace.
struct TraceEvent {
  ncx::StreamId stream;
  int index = 0;
  std::string name; // instruction kind
  std::string loc;  // file:line:col, may be empty
  double startNs = 0;
  double durationNs = 0; // the initiation interval
};

struct SimResult {
  std::vector<HostTensor> outputs; // one per Executable.outputs, in order
  SimStats stats;
  std::vector<TraceEvent> trace; // with SimOptions::recordTrace, in issue order
};

/// Runs `exe` on `inputs` (one per Executable.inputs, same dtype and shape).
/// The executable is validated first (ncx::validateExecutable). Errors
/// (InvalidArgumentError): validation errors; wrong inputs; a data-dependent
/// access outside a memory (gather/scatter index); `deadlock: ...` naming every
/// blocked instruction and the semaphore value it waits for; `data race: ...`
/// naming both instructions (engine, index, location) and the memory bytes they
/// share.
absl::StatusOr<SimResult> simulate(const ncx::Executable &exe,
                                   const std::vector<HostTensor> &inputs,
                                   const SimOptions &options = {});

/// The timing of one instruction (DESIGN section 4).
struct InstructionTiming {
  /// Initiation interval in cycles of the engine, including its fixed
  /// per-instruction overhead (0 for DMA queues, which are timed in ns).
  double cycles = 0;
  /// How long the engine or queue is occupied, ns: cycles / clock, or for DMA
  /// bytes / queue bandwidth + a per-descriptor cost for rows under
  /// dma_small_descriptor_bytes.
  double busyNs = 0;
  /// From the end of busyNs until the results (and semaphore increments) are
  /// visible to other engines, ns: the SBUF/PSUM access latency, or the DMA
  /// fixed latency.
  double latencyNs = 0;
  /// 2 x M x N x K for a matmul, else 0.
  double flops = 0;
  /// Bytes moved by a DMA instruction, else 0.
  int64_t dmaBytes = 0;
};
InstructionTiming instructionTiming(const TargetDesc &target,
                                    const ncx::Instruction &inst,
                                    ncx::StreamId stream);

/// `--stats-json` (DESIGN section 7): total_ns, engine_busy_ns{...},
/// pe_utilization, matmul_flops, dma_bytes, sbuf_peak_bytes, psum_peak_bytes,
/// instructions{...}.
std::string statsToJson(const SimStats &stats);
absl::Status writeStatsJson(const SimStats &stats, const std::string &path);

/// Chrome/Perfetto trace JSON: one track (thread) per engine and DMA queue, one
/// complete event ("ph":"X", microseconds) per instruction with its index and
/// source location in args.
std::string traceToJson(const std::vector<TraceEvent> &trace);
absl::Status writeTraceJson(const std::vector<TraceEvent> &trace,
                            const std::string &path);

/// The instructions of one source location (TraceEvent::loc; "" for those
/// without one) in a trace: how many, their busy time (ns, initiation
/// intervals summed) per engine kind ("tensor", "vector", "scalar",
/// "gpsimd", "dma": all queues together), and the span from the first one's
/// start to the last one's end (ns).
struct LocationProfile {
  std::string loc;
  int64_t instructions = 0;
  std::map<std::string, double> busyNs;
  double firstStartNs = 0, lastEndNs = 0;
  double totalBusyNs() const;
};

/// `trace` grouped by source location, the largest total busy time first
/// (ties: the earlier start first). What `systole-run --profile-summary`
/// prints: the ops a program spends its engine and DMA time on.
std::vector<LocationProfile>
profileByLocation(const std::vector<TraceEvent> &trace);

} // namespace systole::sim

#endif // SYSTOLE_RUNTIME_SIM_SIMULATOR_H
