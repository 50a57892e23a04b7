//===- Simulator.cpp - Event-driven timing, races, deadlocks, stats
//----------===//
//
// DESIGN section 4: each engine and DMA queue takes its next instruction when
// it is free and all the instruction's semaphore waits are satisfied; time
// advances in ns. Increments become visible after the instruction's initiation
// interval plus its access latency. Happens-before between streams is tracked
// with vector clocks carried by semaphore increments, which is what the race
// detector checks.
//
//===----------------------------------------------------------------------===//

#include "runtime/sim/Simulator.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <queue>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/sim/Machine.h"
#include "runtime/targets/Target.h"

namespace systole::sim {
namespace {

using namespace ncx;
using absl::StrFormat;

double clockGhz(const TargetDesc &t, EngineKind kind) {
  switch (kind) {
  case EngineKind::Tensor:
    return t.tensor_clock_ghz();
  case EngineKind::Vector:
    return t.vector_clock_ghz();
  case EngineKind::Scalar:
    return t.scalar_clock_ghz();
  default:
    return t.gpsimd_clock_ghz();
  }
}

double overheadCycles(const TargetDesc &t, EngineKind kind) {
  switch (kind) {
  case EngineKind::Tensor:
    return t.tensor_instruction_overhead_cycles();
  case EngineKind::Vector:
    return t.vector_instruction_overhead_cycles();
  case EngineKind::Scalar:
    return t.scalar_instruction_overhead_cycles();
  default:
    return t.gpsimd_instruction_overhead_cycles();
  }
}

/// Number of contiguous runs (DMA descriptors) of an access pattern.
int64_t descriptorCount(const AccessPattern &ap) {
  int64_t n = elementsPerPartition(ap);
  int dims = ap.dims_size();
  int64_t perPartition = n;
  if (dims == 0)
    perPartition = 1;
  else if (ap.dims(dims - 1).stride() == 1)
    perPartition = n / ap.dims(dims - 1).count();
  return std::max<int64_t>(1, perPartition) * ap.partition_count();
}

const AccessPattern &primaryDst(const Instruction &inst) {
  static const AccessPattern none;
  switch (inst.kind_case()) {
  case Instruction::kMatmul:
    return inst.matmul().dst();
  case Instruction::kTranspose:
    return inst.transpose().dst();
  case Instruction::kActivation:
    return inst.activation().dst();
  case Instruction::kTensorTensor:
    return inst.tensor_tensor().dst();
  case Instruction::kTensorScalar:
    return inst.tensor_scalar().dst();
  case Instruction::kTensorReduce:
    return inst.tensor_reduce().dst();
  case Instruction::kTensorCopy:
    return inst.tensor_copy().dst();
  case Instruction::kSelect:
    return inst.select().dst();
  case Instruction::kIota:
    return inst.iota().dst();
  case Instruction::kMemset:
    return inst.memset().dst();
  case Instruction::kPartitionReduce:
    return inst.partition_reduce().dst();
  case Instruction::kPartitionBroadcast:
    return inst.partition_broadcast().dst();
  case Instruction::kGather:
    return inst.gather().dst();
  case Instruction::kScatter:
    return inst.scatter().table();
  case Instruction::kDmaCopy:
    return inst.dma_copy().dst();
  default:
    return none;
  }
}

// ---- Accesses, for the race detector ----

struct Access {
  const AccessPattern *ap = nullptr;
  std::shared_ptr<AccessPattern>
      owned; // for synthesized patterns (whole tables)
  bool write = false;
};

std::shared_ptr<AccessPattern> wholeTable(const AccessPattern &table,
                                          int64_t rowStride, int64_t numRows) {
  auto whole = std::make_shared<AccessPattern>(table);
  if (whole->dims_size() < kMaxFreeDims) {
    Dim *dim = whole->add_dims();
    dim->set_count(numRows);
    dim->set_stride(rowStride);
  } else {
    // Cover the rows with a flat span (conservative).
    ByteExtent first = byteExtent(table);
    int64_t eb = elementBytes(table.dtype());
    int64_t span =
        (first.end - first.begin) / eb + (numRows - 1) * std::llabs(rowStride);
    whole->clear_dims();
    Dim *dim = whole->add_dims();
    dim->set_count(span);
    dim->set_stride(1);
    whole->set_byte_offset(
        std::min(first.begin, first.begin + (numRows - 1) * rowStride * eb));
  }
  return whole;
}

std::vector<Access> accessesOf(const Instruction &inst) {
  std::vector<Access> out;
  auto r = [&](const AccessPattern &ap) {
    out.push_back({&ap, nullptr, false});
  };
  auto w = [&](const AccessPattern &ap) {
    out.push_back({&ap, nullptr, true});
  };
  switch (inst.kind_case()) {
  case Instruction::kDmaCopy:
    r(inst.dma_copy().src());
    w(inst.dma_copy().dst());
    break;
  case Instruction::kMatmul:
    r(inst.matmul().stationary());
    r(inst.matmul().moving());
    w(inst.matmul().dst());
    break;
  case Instruction::kTranspose:
    r(inst.transpose().src());
    w(inst.transpose().dst());
    break;
  case Instruction::kActivation: {
    const Activation &op = inst.activation();
    r(op.src());
    if (op.scale().has_per_partition())
      r(op.scale().per_partition());
    if (op.has_bias())
      r(op.bias());
    w(op.dst());
    if (op.has_reduce_dst())
      w(op.reduce_dst());
    break;
  }
  case Instruction::kTensorTensor:
    r(inst.tensor_tensor().a());
    r(inst.tensor_tensor().b());
    w(inst.tensor_tensor().dst());
    break;
  case Instruction::kTensorScalar: {
    const TensorScalar &op = inst.tensor_scalar();
    r(op.a());
    if (op.s0().has_per_partition())
      r(op.s0().per_partition());
    if (op.s1().has_per_partition())
      r(op.s1().per_partition());
    w(op.dst());
    break;
  }
  case Instruction::kTensorReduce:
    r(inst.tensor_reduce().src());
    w(inst.tensor_reduce().dst());
    break;
  case Instruction::kTensorCopy:
    r(inst.tensor_copy().src());
    w(inst.tensor_copy().dst());
    break;
  case Instruction::kSelect:
    r(inst.select().pred());
    r(inst.select().a());
    r(inst.select().b());
    w(inst.select().dst());
    break;
  case Instruction::kIota:
    w(inst.iota().dst());
    break;
  case Instruction::kMemset:
    w(inst.memset().dst());
    break;
  case Instruction::kPartitionReduce:
    r(inst.partition_reduce().src());
    w(inst.partition_reduce().dst());
    break;
  case Instruction::kPartitionBroadcast:
    r(inst.partition_broadcast().src());
    w(inst.partition_broadcast().dst());
    break;
  case Instruction::kGather: {
    const Gather &op = inst.gather();
    auto table = wholeTable(op.table(), op.row_stride(), op.num_rows());
    out.push_back({table.get(), table, false});
    r(op.indices());
    w(op.dst());
    break;
  }
  case Instruction::kScatter: {
    const Scatter &op = inst.scatter();
    auto table = wholeTable(op.table(), op.row_stride(), op.num_rows());
    if (op.accumulate())
      out.push_back({table.get(), table, false});
    out.push_back({table.get(), table, true});
    r(op.indices());
    r(op.src());
    break;
  }
  default:
    break;
  }
  return out;
}

/// Sorted, merged byte intervals of one partition of `ap` (SBUF/PSUM) or of all
/// of it (HBM, partitions flattened). Returns false if there are too many to
/// list.
bool byteIntervals(const AccessPattern &ap,
                   std::vector<std::pair<int64_t, int64_t>> &out) {
  constexpr int64_t kLimit = int64_t(1) << 22;
  int64_t eb = elementBytes(ap.dtype());
  std::vector<std::pair<int64_t, int64_t>> dims; // (count, stride bytes)
  if (ap.memory() == MEMORY_HBM)
    dims.push_back({ap.partition_count(), ap.partition_stride() * eb});
  for (const Dim &d : ap.dims())
    dims.push_back({d.count(), d.stride() * eb});
  int64_t runLength = eb;
  if (!dims.empty() && dims.back().second == eb) {
    runLength = dims.back().first * eb;
    dims.pop_back();
  }
  int64_t runs = 1;
  for (auto &d : dims)
    runs *= d.first;
  if (runs > kLimit)
    return false;
  out.clear();
  out.reserve(runs);
  std::vector<int64_t> idx(dims.size(), 0);
  for (int64_t i = 0; i < runs; ++i) {
    int64_t offset = ap.byte_offset();
    for (size_t d = 0; d < dims.size(); ++d)
      offset += idx[d] * dims[d].second;
    out.push_back({offset, offset + runLength});
    for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
      if (++idx[d] < dims[d].first)
        break;
      idx[d] = 0;
    }
  }
  std::sort(out.begin(), out.end());
  size_t merged = 0;
  for (size_t i = 1; i < out.size(); ++i) {
    if (out[i].first <= out[merged].second)
      out[merged].second = std::max(out[merged].second, out[i].second);
    else
      out[++merged] = out[i];
  }
  if (!out.empty())
    out.resize(merged + 1);
  return true;
}

/// Whether two access patterns of the same memory share a byte; fills the first
/// shared byte range.
bool overlaps(const AccessPattern &a, const AccessPattern &b,
              int64_t &sharedBegin, int64_t &sharedEnd) {
  std::vector<std::pair<int64_t, int64_t>> ia, ib;
  if (!byteIntervals(a, ia) || !byteIntervals(b, ib)) {
    ByteExtent ea = byteExtent(a), eb = byteExtent(b);
    sharedBegin = std::max(ea.begin, eb.begin);
    sharedEnd = std::min(ea.end, eb.end);
    return true;
  }
  size_t i = 0, j = 0;
  while (i < ia.size() && j < ib.size()) {
    int64_t lo = std::max(ia[i].first, ib[j].first);
    int64_t hi = std::min(ia[i].second, ib[j].second);
    if (lo < hi) {
      sharedBegin = lo;
      sharedEnd = hi;
      return true;
    }
    (ia[i].second < ib[j].second) ? ++i : ++j;
  }
  return false;
}

const char *memoryName(Memory m) {
  return m == MEMORY_HBM ? "HBM" : m == MEMORY_SBUF ? "SBUF" : "PSUM";
}

/// A recorded access of an issued instruction.
struct AccessRecord {
  int stream;
  uint32_t epoch; // index + 1
  Access access;
  int p0, p1;     // partitions (SBUF/PSUM); 0,1 for HBM
  int64_t b0, b1; // byte extent
};

using Clock = std::vector<uint32_t>;

struct SemEntry {
  uint64_t value;
  double time;
  int clock; // index into the clock pool, -1 without race detection
};

struct Semaphore {
  uint64_t value = 0;
  std::vector<SemEntry> history;
  Clock clock;
};

struct PendingIncrement {
  double time;
  uint64_t seq;
  uint32_t sem;
  uint32_t amount;
  int clock;
  bool operator>(const PendingIncrement &o) const {
    return time != o.time ? time > o.time : seq > o.seq;
  }
};

struct StreamState {
  StreamId id;
  const Stream *stream = nullptr;
  int next = 0;
  double freeAt = 0;
  double busyNs = 0;
  Clock clock;
  bool done() const { return next >= stream->instructions_size(); }
};

class Simulation {
public:
  Simulation(const Executable &exe, const SimOptions &options)
      : exe(exe), target(exe.target()), options(options) {}

  absl::StatusOr<SimResult> run(const std::vector<HostTensor> &inputs);

private:
  /// Whether stream s can issue now; if so sets its start time.
  bool ready(const StreamState &s, double &start) const;
  absl::Status issue(StreamState &s, double start);
  absl::Status checkRaces(const StreamState &s, int index,
                          std::vector<Access> &accesses);
  void prune();
  absl::Status deadlock() const;
  const SemEntry *entryFor(const Semaphore &sem, uint64_t value) const;

  const Executable &exe;
  const TargetDesc &target;
  SimOptions options;
  Machine machine;
  std::vector<StreamState> streams;
  std::vector<Semaphore> semaphores;
  std::priority_queue<PendingIncrement, std::vector<PendingIncrement>,
                      std::greater<PendingIncrement>>
      pending;
  std::vector<Clock> clockPool;
  std::vector<AccessRecord> records[4]; // by Memory
  uint64_t seq = 0;
  int64_t issued = 0;
  SimResult result;
  double flopsWeighted = 0;
};

const SemEntry *Simulation::entryFor(const Semaphore &sem,
                                     uint64_t value) const {
  auto it = std::lower_bound(
      sem.history.begin(), sem.history.end(), value,
      [](const SemEntry &e, uint64_t v) { return e.value < v; });
  return it == sem.history.end() ? nullptr : &*it;
}

bool Simulation::ready(const StreamState &s, double &start) const {
  const Instruction &inst = s.stream->instructions(s.next);
  double waitReady = 0;
  for (const SemaphoreWait &w : inst.waits()) {
    if (w.value() == 0)
      continue;
    const SemEntry *e = entryFor(semaphores[w.sem()], w.value());
    if (!e)
      return false;
    waitReady = std::max(waitReady, e->time);
  }
  start = s.freeAt;
  if (waitReady > s.freeAt)
    start = waitReady + target.semaphore_wait_latency_ns();
  return true;
}

absl::Status Simulation::checkRaces(const StreamState &s, int index,
                                    std::vector<Access> &accesses) {
  int self = static_cast<int>(&s - streams.data());
  for (Access &a : accesses) {
    const AccessPattern &ap = *a.ap;
    Memory mem = ap.memory();
    ByteExtent extent = byteExtent(ap);
    int p0 = mem == MEMORY_HBM ? 0 : ap.start_partition();
    int p1 =
        mem == MEMORY_HBM ? 1 : ap.start_partition() + ap.partition_count();
    for (const AccessRecord &r : records[mem]) {
      if (r.stream == self || (!r.access.write && !a.write))
        continue;
      if (s.clock[r.stream] >= r.epoch)
        continue; // ordered by semaphores
      if (r.p1 <= p0 || p1 <= r.p0 || r.b1 <= extent.begin ||
          extent.end <= r.b0)
        continue;
      int64_t lo, hi;
      if (!overlaps(*r.access.ap, ap, lo, hi))
        continue;
      std::string where =
          mem == MEMORY_HBM ? StrFormat("HBM bytes [%d, %d)", lo, hi)
                            : StrFormat("%s partitions [%d, %d) bytes [%d, %d)",
                                        memoryName(mem), std::max(p0, r.p0),
                                        std::min(p1, r.p1), lo, hi);
      return absl::FailedPreconditionError(StrFormat(
          "data race: %s %s %s, which %s %s, and no semaphore orders the two",
          describeInstruction(exe, s.id, index), a.write ? "writes" : "reads",
          where, describeInstruction(exe, streams[r.stream].id, r.epoch - 1),
          r.access.write ? "writes" : "reads"));
    }
  }
  for (Access &a : accesses) {
    const AccessPattern &ap = *a.ap;
    Memory mem = ap.memory();
    ByteExtent extent = byteExtent(ap);
    AccessRecord record{
        self,
        static_cast<uint32_t>(index + 1),
        a,
        mem == MEMORY_HBM ? 0 : ap.start_partition(),
        mem == MEMORY_HBM ? 1 : ap.start_partition() + ap.partition_count(),
        extent.begin,
        extent.end};
    records[mem].push_back(std::move(record));
  }
  return absl::OkStatus();
}

void Simulation::prune() {
  // A record can race with no future access once every other unfinished stream
  // has seen it complete.
  for (auto &list : records) {
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const AccessRecord &r) {
                                for (size_t u = 0; u < streams.size(); ++u)
                                  if (static_cast<int>(u) != r.stream &&
                                      !streams[u].done() &&
                                      streams[u].clock[r.stream] < r.epoch)
                                    return false;
                                return true;
                              }),
               list.end());
  }
}

absl::Status Simulation::issue(StreamState &s, double start) {
  int index = s.next;
  const Instruction &inst = s.stream->instructions(index);
  int self = static_cast<int>(&s - streams.data());
  InstructionTiming timing = instructionTiming(target, inst, s.id);

  if (options.detectRaces) {
    for (const SemaphoreWait &w : inst.waits()) {
      if (w.value() == 0)
        continue;
      const SemEntry *e = entryFor(semaphores[w.sem()], w.value());
      const Clock &c = clockPool[e->clock];
      for (size_t i = 0; i < c.size(); ++i)
        s.clock[i] = std::max(s.clock[i], c[i]);
    }
    s.clock[self] = index + 1;
    std::vector<Access> accesses = accessesOf(inst);
    absl::Status status = checkRaces(s, index, accesses);
    if (!status.ok())
      return status;
    if (++issued % 256 == 0)
      prune();
  }
  if (options.functional) {
    absl::Status status = machine.execute(inst, s.id, index);
    if (!status.ok())
      return status;
  } else {
    for (const Access &access : accessesOf(inst))
      if (access.write)
        machine.noteFootprint(access.ap ? *access.ap : *access.owned);
  }
  double end = start + timing.busyNs;
  double visible = end + timing.latencyNs;
  s.freeAt = end;
  s.busyNs += timing.busyNs;
  s.next++;
  int clock = -1;
  if (options.detectRaces && inst.increments_size() > 0) {
    clock = static_cast<int>(clockPool.size());
    clockPool.push_back(s.clock);
  }
  for (const SemaphoreIncrement &inc : inst.increments())
    pending.push({visible, seq++, inc.sem(), inc.amount(), clock});
  result.stats.totalNs = std::max(result.stats.totalNs, visible);
  result.stats.matmulFlops += timing.flops;
  if (timing.flops > 0) {
    const Matmul &mm = inst.matmul();
    double multiplier = 1;
    if (mm.stationary().dtype() == DTYPE_F32)
      multiplier = target.matmul_fp32_multiplier();
    else if (isFp8DType(mm.stationary().dtype()) &&
             isFp8DType(mm.moving().dtype()))
      multiplier = target.matmul_fp8_multiplier();
    flopsWeighted += timing.flops * multiplier;
  }
  result.stats.dmaBytes += timing.dmaBytes;
  if (options.recordTrace) {
    result.trace.push_back({s.id, index, instructionKindName(inst),
                            debugLocString(inst.loc()), start, timing.busyNs});
  }
  return absl::OkStatus();
}

absl::Status Simulation::deadlock() const {
  std::vector<std::string> blocked;
  for (const StreamState &s : streams) {
    if (s.done())
      continue;
    const Instruction &inst = s.stream->instructions(s.next);
    std::vector<std::string> waits;
    for (const SemaphoreWait &w : inst.waits())
      if (semaphores[w.sem()].value < w.value())
        waits.push_back(StrFormat("semaphore %d >= %d (it stays %d)", w.sem(),
                                  w.value(), semaphores[w.sem()].value));
    blocked.push_back(StrFormat("%s waits for %s",
                                describeInstruction(exe, s.id, s.next),
                                absl::StrJoin(waits, " and ")));
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "deadlock: every unfinished stream waits on a semaphore that can no "
      "longer reach its value: ",
      absl::StrJoin(blocked, "; ")));
}

absl::StatusOr<SimResult>
Simulation::run(const std::vector<HostTensor> &inputs) {
  absl::Status status = validateExecutable(exe, nullptr);
  if (!status.ok())
    return status;
  if (options.functional) {
    status = machine.init(exe, inputs);
    if (!status.ok())
      return status;
  }
  for (StreamId id : allStreams(exe)) {
    StreamState s;
    s.id = id;
    s.stream = getStream(exe, id);
    streams.push_back(std::move(s));
  }
  for (StreamState &s : streams)
    s.clock.assign(options.detectRaces ? streams.size() : 0, 0);
  semaphores.resize(exe.num_semaphores());

  while (true) {
    int best = -1;
    double bestStart = 0;
    for (size_t i = 0; i < streams.size(); ++i) {
      double start;
      if (!streams[i].done() && ready(streams[i], start) &&
          (best < 0 || start < bestStart)) {
        best = static_cast<int>(i);
        bestStart = start;
      }
    }
    if (!pending.empty() && (best < 0 || pending.top().time <= bestStart)) {
      PendingIncrement inc = pending.top();
      pending.pop();
      Semaphore &sem = semaphores[inc.sem];
      sem.value += inc.amount;
      int clock = -1;
      if (options.detectRaces) {
        if (sem.clock.empty())
          sem.clock.assign(streams.size(), 0);
        const Clock &c = clockPool[inc.clock];
        for (size_t i = 0; i < c.size(); ++i)
          sem.clock[i] = std::max(sem.clock[i], c[i]);
        clock = static_cast<int>(clockPool.size());
        clockPool.push_back(sem.clock);
      }
      sem.history.push_back({sem.value, inc.time, clock});
      continue;
    }
    if (best < 0) {
      for (const StreamState &s : streams)
        if (!s.done())
          return deadlock();
      break;
    }
    status = issue(streams[best], bestStart);
    if (!status.ok())
      return status;
  }

  SimStats &stats = result.stats;
  double dmaBusy = 0;
  int dmaQueues = 0;
  int64_t dmaInstructions = 0;
  for (const StreamState &s : streams) {
    std::string name = streamName(s.id);
    stats.engineBusyNs[name] = s.busyNs;
    stats.instructions[name] = s.stream->instructions_size();
    if (s.id.kind == EngineKind::Dma) {
      dmaInstructions += s.stream->instructions_size();
      if (s.stream->instructions_size() > 0) {
        dmaBusy += s.busyNs;
        ++dmaQueues;
      }
    }
  }
  stats.engineBusyNs["dma"] = dmaQueues ? dmaBusy / dmaQueues : 0;
  stats.instructions["dma"] = dmaInstructions;
  double peakFlopsPerNs =
      2.0 * target.pe_rows() * target.pe_columns() * target.tensor_clock_ghz();
  stats.peUtilization =
      stats.totalNs > 0 ? flopsWeighted / (peakFlopsPerNs * stats.totalNs) : 0;
  stats.sbufPeakBytes = machine.sbufPeakBytes();
  stats.psumPeakBytes = machine.psumPeakBytes();
  if (options.functional) {
    result.outputs = machine.outputs();
  } else {
    for (const TensorDecl &decl : exe.outputs()) {
      std::vector<int64_t> shape(decl.shape().begin(), decl.shape().end());
      result.outputs.push_back(
          HostTensor::zeros(toRuntimeDType(decl.dtype()), shape));
    }
  }
  return std::move(result);
}

std::string jsonEscape(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20)
      out += StrFormat("\\u%04x", c);
    else
      out += c;
  }
  return out;
}

absl::Status writeFile(const std::string &path, const std::string &text) {
  std::ofstream file(path, std::ios::binary);
  if (!file)
    return absl::NotFoundError(StrFormat("cannot open '%s' for writing", path));
  file << text;
  if (!file)
    return absl::InternalError(StrFormat("cannot write '%s'", path));
  return absl::OkStatus();
}

} // namespace

InstructionTiming instructionTiming(const TargetDesc &t,
                                    const Instruction &inst, StreamId stream) {
  InstructionTiming timing;
  if (stream.kind == EngineKind::Dma) {
    int64_t bytes = 0, descriptors = 1;
    if (inst.has_dma_copy()) {
      const AccessPattern &src = inst.dma_copy().src(),
                          &dst = inst.dma_copy().dst();
      int64_t elements = src.partition_count() * elementsPerPartition(src);
      bytes = elements *
              std::max(elementBytes(src.dtype()), elementBytes(dst.dtype()));
      descriptors = std::max(descriptorCount(src), descriptorCount(dst));
    } else if (inst.has_gather() || inst.has_scatter()) {
      const AccessPattern &data =
          inst.has_gather() ? inst.gather().dst() : inst.scatter().src();
      bytes = data.partition_count() * elementsPerPartition(data) *
              elementBytes(data.dtype());
      descriptors = data.partition_count();
      // A read-modify-write moves each row twice.
      if (inst.has_scatter() && inst.scatter().accumulate()) {
        bytes *= 2;
        descriptors *= 2;
      }
    }
    timing.busyNs = dmaQueueNs(t, bytes, descriptors);
    timing.latencyNs = t.dma_fixed_latency_ns();
    timing.dmaBytes = bytes;
    return timing;
  }
  double cycles = 0;
  switch (inst.kind_case()) {
  case Instruction::kMatmul: {
    const Matmul &mm = inst.matmul();
    double k = mm.stationary().partition_count();
    double m = elementsPerPartition(mm.stationary());
    double n = elementsPerPartition(mm.moving());
    cycles = std::max(std::min(t.matmul_min_rows(), m),
                      t.matmul_cycles_per_column() * n);
    if (mm.stationary().dtype() == DTYPE_F32 ||
        mm.moving().dtype() == DTYPE_F32)
      cycles *= t.matmul_fp32_multiplier();
    else if (isFp8DType(mm.stationary().dtype()) &&
             isFp8DType(mm.moving().dtype()))
      cycles *= t.matmul_fp8_multiplier();
    timing.flops = 2 * k * m * n;
    break;
  }
  case Instruction::kTranspose: {
    double p = inst.transpose().src().partition_count();
    double f = elementsPerPartition(inst.transpose().src());
    cycles = std::max(p, std::min(t.transpose_min_free(), f));
    break;
  }
  case Instruction::kActivation:
    cycles = linearCostCycles(t.activation(),
                              elementsPerPartition(inst.activation().src()));
    if (inst.activation().has_reduce_dst())
      cycles += t.activation_reduce_extra_cycles();
    break;
  case Instruction::kTensorTensor: {
    const TensorTensor &op = inst.tensor_tensor();
    bool psum =
        op.a().memory() == MEMORY_PSUM || op.b().memory() == MEMORY_PSUM;
    cycles = linearCostCycles(psum ? t.tensor_tensor_psum() : t.tensor_tensor(),
                              elementsPerPartition(op.dst()));
    break;
  }
  case Instruction::kTensorScalar:
    cycles = linearCostCycles(t.tensor_scalar(),
                              elementsPerPartition(inst.tensor_scalar().a()));
    break;
  case Instruction::kTensorReduce:
    cycles = linearCostCycles(t.tensor_reduce(),
                              elementsPerPartition(inst.tensor_reduce().src()));
    break;
  case Instruction::kTensorCopy:
    cycles = linearCostCycles(t.tensor_copy(),
                              elementsPerPartition(inst.tensor_copy().src()));
    break;
  case Instruction::kSelect:
    cycles =
        linearCostCycles(t.select(), elementsPerPartition(inst.select().dst()));
    break;
  case Instruction::kIota:
    cycles =
        linearCostCycles(t.iota(), elementsPerPartition(inst.iota().dst()));
    break;
  case Instruction::kMemset:
    cycles =
        linearCostCycles(t.memset(), elementsPerPartition(inst.memset().dst()));
    break;
  case Instruction::kPartitionReduce:
    cycles =
        linearCostCycles(t.partition_reduce(),
                         elementsPerPartition(inst.partition_reduce().src()));
    break;
  case Instruction::kPartitionBroadcast:
    cycles = linearCostCycles(
        t.partition_broadcast(),
        elementsPerPartition(inst.partition_broadcast().dst()));
    break;
  case Instruction::kGather:
    cycles = linearCostCycles(t.gather_scatter(),
                              elementsPerPartition(inst.gather().dst()));
    break;
  case Instruction::kScatter:
    cycles = linearCostCycles(t.gather_scatter(),
                              elementsPerPartition(inst.scatter().src()));
    break;
  default:
    break;
  }
  cycles += overheadCycles(t, stream.kind);
  double ghz = clockGhz(t, stream.kind);
  timing.cycles = cycles;
  timing.busyNs = cycles / ghz;
  double latencyCycles = primaryDst(inst).memory() == MEMORY_PSUM
                             ? t.psum_access_latency_cycles()
                             : t.sbuf_access_latency_cycles();
  timing.latencyNs = latencyCycles / ghz;
  return timing;
}

std::string SimStats::busiestEngine() const {
  std::string best;
  double bestNs = -1;
  for (const char *name : {"tensor", "vector", "scalar", "gpsimd", "dma"}) {
    auto it = engineBusyNs.find(name);
    if (it != engineBusyNs.end() && it->second > bestNs) {
      best = name;
      bestNs = it->second;
    }
  }
  return best;
}

absl::StatusOr<SimResult> simulate(const Executable &exe,
                                   const std::vector<HostTensor> &inputs,
                                   const SimOptions &options) {
  Simulation simulation(exe, options);
  return simulation.run(inputs);
}

std::string statsToJson(const SimStats &stats) {
  auto map = [](const auto &m) {
    std::vector<std::string> items;
    for (const auto &[key, value] : m)
      items.push_back(StrFormat("\"%s\": %s", key, absl::StrCat(value)));
    return absl::StrCat("{", absl::StrJoin(items, ", "), "}");
  };
  return StrFormat("{\n  \"total_ns\": %s,\n  \"engine_busy_ns\": %s,\n"
                   "  \"pe_utilization\": %s,\n  \"matmul_flops\": %s,\n"
                   "  \"dma_bytes\": %d,\n  \"sbuf_peak_bytes\": %d,\n"
                   "  \"psum_peak_bytes\": %d,\n  \"instructions\": %s\n}\n",
                   absl::StrCat(stats.totalNs), map(stats.engineBusyNs),
                   absl::StrCat(stats.peUtilization),
                   absl::StrCat(stats.matmulFlops), stats.dmaBytes,
                   stats.sbufPeakBytes, stats.psumPeakBytes,
                   map(stats.instructions));
}

absl::Status writeStatsJson(const SimStats &stats, const std::string &path) {
  return writeFile(path, statsToJson(stats));
}

std::string traceToJson(const std::vector<TraceEvent> &trace) {
  auto tid = [](StreamId id) {
    return id.kind == EngineKind::Dma ? 4 + id.queue
                                      : static_cast<int>(id.kind);
  };
  std::vector<std::string> events;
  std::vector<bool> named;
  for (const TraceEvent &e : trace) {
    int t = tid(e.stream);
    if (t >= static_cast<int>(named.size()))
      named.resize(t + 1, false);
    if (!named[t]) {
      named[t] = true;
      events.push_back(
          StrFormat("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, "
                    "\"tid\": %d, \"args\": {\"name\": \"%s\"}}",
                    t, streamName(e.stream)));
      events.push_back(
          StrFormat("{\"name\": \"thread_sort_index\", \"ph\": \"M\", "
                    "\"pid\": 1, \"tid\": %d, \"args\": {\"sort_index\": %d}}",
                    t, t));
    }
    events.push_back(StrFormat("{\"name\": \"%s\", \"cat\": \"%s\", \"ph\": "
                               "\"X\", \"pid\": 1, \"tid\": %d, "
                               "\"ts\": %.6f, \"dur\": %.6f, \"args\": "
                               "{\"index\": %d, \"loc\": \"%s\"}}",
                               e.name, streamName(e.stream), t,
                               e.startNs / 1000.0, e.durationNs / 1000.0,
                               e.index, jsonEscape(e.loc)));
  }
  return absl::StrCat("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n",
                      absl::StrJoin(events, ",\n"), "\n]}\n");
}

absl::Status writeTraceJson(const std::vector<TraceEvent> &trace,
                            const std::string &path) {
  return writeFile(path, traceToJson(trace));
}

double LocationProfile::totalBusyNs() const {
  double total = 0;
  for (const auto &[engine, ns] : busyNs)
    total += ns;
  return total;
}

std::vector<LocationProfile>
profileByLocation(const std::vector<TraceEvent> &trace) {
  std::map<std::string, LocationProfile> byLoc;
  for (const TraceEvent &e : trace) {
    auto [it, inserted] = byLoc.try_emplace(e.loc);
    LocationProfile &p = it->second;
    double end = e.startNs + e.durationNs;
    if (inserted) {
      p.loc = e.loc;
      p.firstStartNs = e.startNs;
      p.lastEndNs = end;
    }
    ++p.instructions;
    p.busyNs[e.stream.kind == EngineKind::Dma ? "dma" : streamName(e.stream)] +=
        e.durationNs;
    p.firstStartNs = std::min(p.firstStartNs, e.startNs);
    p.lastEndNs = std::max(p.lastEndNs, end);
  }
  std::vector<LocationProfile> out;
  for (auto &[loc, p] : byLoc)
    out.push_back(std::move(p));
  std::stable_sort(out.begin(), out.end(),
                   [](const LocationProfile &a, const LocationProfile &b) {
                     double ta = a.totalBusyNs(), tb = b.totalBusyNs();
                     if (ta != tb)
                       return ta > tb;
                     return a.firstStartNs < b.firstStartNs;
                   });
  return out;
}

} // namespace systole::sim
