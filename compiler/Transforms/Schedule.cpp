//===- Schedule.cpp - the `schedule` phase: order and semaphores ----------===//
//
// `systole-schedule` (DESIGN section 1, phase `schedule`): orders the
// instructions of an `ncore.program` for its engines and DMA queues (list
// scheduling on the simulator's cost model, keeping every conflicting pair
// in order), then synchronises the streams from the real dependencies
// between its instructions. The program order it starts from is a valid
// sequential order; engines and DMA queues were chosen by the `ncore` phase.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Target/NCX/NcxTranslation.h"
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "dialects/NeuronCore/NeuronCoreTarget.h"
#include "runtime/sim/Simulator.h"

#include <map>
#include <queue>

namespace systole {
#define GEN_PASS_DEF_SCHEDULE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole::ncore;

namespace {

/// HBM rows: `rows` rows `rowStride` bytes apart, each the span [row start,
/// + rowBytes), the first starting at `rowBase`. A superset of the bytes an
/// access touches.
struct Rows {
  int64_t rows = 1, rowStride = 0, rowBase = 0, rowBytes = 0;
};

/// One access of an instruction: memory, partitions [p0, p1), bytes [b0, b1)
/// (in HBM: its byte extent; in SBUF and PSUM: within each partition).
/// An HBM access is also taken as `full` rows (rowsOf): one per partition,
/// or when those join up one per index of its dim of the largest positive
/// stride, else one row of its whole extent. Stores of [P x N] tiles into a
/// row-major tensor (one row per partition) interleave with the next tiles'
/// stores within one extent, and do not conflict with them. When its outermost
/// free dim has 2 to kMaxOuter indices at a positive stride, it is also `outer`
/// copies, `outerStride` bytes apart, of the rows of the other dims
/// (`perOuter`): a store of a [channels x positions] tile into an NCHW tensor
/// with two images writes each image's rows, not the channels between them
/// that the next tile's store writes.
struct Access {
  Memory memory;
  int64_t p0, p1, b0, b1;
  bool write;
  Rows full;
  int64_t outer = 1, outerStride = 0;
  Rows perOuter;
};

/// Outer indices an Access keeps apart: two accesses' overlap then takes at
/// most 2 kMaxOuter - 1 row comparisons (one per shift between them).
constexpr int64_t kMaxOuter = 32;

/// The rows of an HBM access pattern with element size `eb` at byte
/// `offset` whose dims are `counts` and `strides` (elements), its
/// partitions last: one row per partition, each the span of the other dims
/// (a superset of the bytes touched), as for a [P x N] tile of a row-major
/// tensor; when those rows join up (each spans the next one's start), one
/// row per index of the dim of the largest positive stride instead (an NHWC
/// store of [channels x positions] has a row per position); one row of the
/// whole extent when no dim advances.
Rows rowsOf(int64_t offset, int64_t eb, ArrayRef<int64_t> counts,
            ArrayRef<int64_t> strides) {
  auto along = [&](int64_t row) {
    int64_t lo = 0, hi = 0;
    for (auto [i, count] : llvm::enumerate(counts)) {
      if (static_cast<int64_t>(i) == row)
        continue;
      int64_t span = (count - 1) * strides[i];
      (span < 0 ? lo : hi) += span;
    }
    if (row < 0)
      return Rows{1, 0, offset + lo * eb, (hi - lo + 1) * eb};
    return Rows{counts[row], strides[row] * eb, offset + lo * eb,
                (hi - lo + 1) * eb};
  };
  int64_t partitions = counts.size() - 1;
  if (counts[partitions] > 1 && strides[partitions] > 0) {
    Rows r = along(partitions);
    if (r.rowBytes < r.rowStride)
      return r;
  }
  int64_t row = -1;
  for (auto [i, count] : llvm::enumerate(counts))
    if (count > 1 && strides[i] > 0 && (row < 0 || strides[i] > strides[row]))
      row = i;
  return along(row);
}

/// Fills the rows of `a` from its HBM access pattern `ap` (Access): its
/// free dims (outermost first) and its partitions, and, when its outermost
/// free dim has 2 to kMaxOuter indices at a positive stride, the rows of
/// the others.
void describeRows(AccessPatternAttr ap, Access &a) {
  SmallVector<int64_t> counts(ap.getCounts()), strides(ap.getStrides());
  counts.push_back(ap.getPartitionCount());
  strides.push_back(ap.getPartitionStride());
  int64_t eb = ap.getElementBytes(), offset = ap.getByteOffset();
  a.full = rowsOf(offset, eb, counts, strides);
  if (counts.size() < 3 || counts[0] < 2 || counts[0] > kMaxOuter ||
      strides[0] <= 0)
    return;
  a.perOuter = rowsOf(offset, eb, ArrayRef<int64_t>(counts).drop_front(),
                      ArrayRef<int64_t>(strides).drop_front());
  a.outer = counts[0];
  a.outerStride = strides[0] * eb;
}

int64_t floorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

/// The accesses of an instruction, from its access-pattern attributes: the
/// destination-like roles write, the others read.
SmallVector<Access> accessesOf(Operation *op) {
  SmallVector<Access> out;
  for (NamedAttribute attr : op->getAttrs()) {
    auto ap = dyn_cast<AccessPatternAttr>(attr.getValue());
    if (!ap)
      continue;
    StringRef name = attr.getName().getValue();
    bool write = isWrittenOperand(op, name);
    auto [b0, b1] = ap.getByteExtent();
    // A gather/scatter table spans all its rows, not just row 0.
    int64_t rows = 1, rowStride = 0;
    if (auto gather = dyn_cast<GatherOp>(op); gather && name == "table")
      rows = gather.getRows(), rowStride = gather.getRowStride();
    if (auto scatter = dyn_cast<ScatterOp>(op); scatter && name == "table")
      rows = scatter.getRows(), rowStride = scatter.getRowStride();
    if (rows > 1) {
      int64_t shift = (rows - 1) * rowStride * ap.getElementBytes();
      (shift < 0 ? b0 : b1) += shift;
    }
    bool hbm = ap.getMemory() == Memory::hbm;
    out.push_back({ap.getMemory(), hbm ? 0 : ap.getStartPartition(),
                   hbm ? 1 : ap.getEndPartition(), b0, b1, write});
    if (hbm && rows == 1)
      describeRows(ap, out.back());
    else
      out.back().full = Rows{1, 0, b0, b1 - b0};
    // A matmul that accumulates reads its destination too, as does a
    // scatter that adds into its table.
    if (write &&
        ((isa<MatmulOp>(op) && cast<MatmulOp>(op).getAccumulate()) ||
         (isa<ScatterOp>(op) && cast<ScatterOp>(op).getAccumulate()))) {
      out.push_back(out.back());
      out.back().write = false;
    }
  }
  return out;
}

/// A recorded access: which stream and position did it.
struct Record {
  Access access;
  int stream;
  int64_t position; // 1-based index in its stream
  int64_t index;    // in program order
};

/// The end of the last row of `r` (bytes).
int64_t rowsEnd(const Rows &r) {
  return r.rowBase + (r.rows - 1) * r.rowStride + r.rowBytes;
}

/// Whether two HBM row sets share a byte: some row i of `a` and j of `b`
/// with [a + i S, + La) and [b + j S, + Lb) intersecting, i.e. k = i - j
/// with (d - La) / S < k < (d + Lb) / S, d = b - a. Rows of different
/// strides (neither one row) are taken to overlap.
bool rowsOverlap(const Rows &a, const Rows &b) {
  if (rowsEnd(a) <= b.rowBase || rowsEnd(b) <= a.rowBase)
    return false;
  if (a.rows == 1 && b.rows == 1)
    return true;
  int64_t stride = a.rows > 1 ? a.rowStride : b.rowStride;
  if (a.rows > 1 && b.rows > 1 && a.rowStride != b.rowStride)
    return true;
  if (stride <= 0)
    return true;
  int64_t d = b.rowBase - a.rowBase;
  int64_t kMin = std::max(floorDiv(d - a.rowBytes, stride) + 1, 1 - b.rows);
  int64_t kMax = std::min(-floorDiv(-(d + b.rowBytes), stride) - 1, a.rows - 1);
  return kMin <= kMax;
}

/// `r` moved by `bytes`.
Rows shifted(Rows r, int64_t bytes) {
  r.rowBase += bytes;
  return r;
}

/// Whether `a` and `b` may share a byte: their partitions and extents meet
/// and, in HBM, their rows do (at each outer index, for an access that has
/// them). A superset of the bytes each touches, so never a missed conflict.
bool overlaps(const Access &a, const Access &b) {
  if (!(a.memory == b.memory && a.p0 < b.p1 && b.p0 < a.p1 && a.b0 < b.b1 &&
        b.b0 < a.b1))
    return false;
  if (a.memory != Memory::hbm)
    return true;
  if (a.outer == 1 && b.outer == 1)
    return rowsOverlap(a.full, b.full);
  // Outer indices of different strides: their full rows (a superset).
  if (a.outer > 1 && b.outer > 1 && a.outerStride != b.outerStride)
    return rowsOverlap(a.full, b.full);
  // a's rows at outer index i against b's at j, shifted by (i - j) S: only
  // the shifts that bring their extents together.
  const Rows &ra = a.outer > 1 ? a.perOuter : a.full;
  const Rows &rb = b.outer > 1 ? b.perOuter : b.full;
  int64_t stride = a.outer > 1 ? a.outerStride : b.outerStride;
  int64_t kMin =
      std::max(1 - b.outer, floorDiv(rb.rowBase - rowsEnd(ra), stride) + 1);
  int64_t kMax =
      std::min(a.outer - 1, -floorDiv(ra.rowBase - rowsEnd(rb), stride) - 1);
  for (int64_t k = kMin; k <= kMax; ++k)
    if (rowsOverlap(shifted(ra, k * stride), rb))
      return true;
  return false;
}

/// Whether rows `a` hold every byte `overlaps` sees `r` touch: `r`'s rows,
/// or its extent as one row, each within one row of `a`.
bool rowsCover(const Rows &a, const Access &r) {
  if (!(a.rowBase <= r.b0 && r.b1 <= rowsEnd(a)))
    return false;
  if (a.rows == 1 || a.rowBytes >= a.rowStride)
    return true; // the rows join up: `a` writes its whole extent
  int64_t rows = r.full.rows, stride = a.rowStride, base = r.full.rowBase,
          bytes = r.full.rowBytes;
  if (r.full.rows > 1 && r.full.rowStride != stride)
    rows = 1, base = r.b0, bytes = r.b1 - r.b0;
  int64_t d = base - a.rowBase;
  int64_t k = floorDiv(d, stride);
  return k >= 0 && k + rows <= a.rows && d - k * stride + bytes <= a.rowBytes;
}

/// Whether `a` spans all of `r`, as `overlaps` sees them (in HBM: `r`'s
/// rows, or its extent, within `a`'s rows, or within its rows at one outer
/// index): whatever conflicts with `r` then conflicts with `a`.
bool covers(const Access &a, const Access &r) {
  if (!(r.memory == a.memory && a.p0 <= r.p0 && r.p1 <= a.p1 && a.b0 <= r.b0 &&
        r.b1 <= a.b1))
    return false;
  if (a.memory != Memory::hbm)
    return true;
  if (a.outer == 1)
    return rowsCover(a.full, r);
  // The outer indices whose rows start at or before r.
  int64_t last =
      std::min(a.outer - 1, floorDiv(r.b0 - a.perOuter.rowBase, a.outerStride));
  for (int64_t i = last; i >= 0; --i) {
    Rows at = shifted(a.perOuter, i * a.outerStride);
    if (rowsEnd(at) <= r.b0)
      break;
    if (rowsCover(at, r))
      return true;
  }
  return false;
}

/// The accesses recorded so far of a program walked in order, and which of
/// them a new instruction's accesses conflict with (RAW, WAR, WAW).
/// Records that a later access covers are dropped (see `record`), and
/// coarse buckets of bytes keep each search short on long programs.
class ConflictTracker {
public:
  /// Calls `found(record)` for each recorded access that conflicts with one
  /// of `accesses`: a write of the same bytes, or for a write also a read.
  template <typename Fn>
  void forEachConflict(ArrayRef<Access> accesses, Fn found) {
    for (const Access &a : accesses) {
      int64_t size = bucketBytes(a.memory);
      for (int64_t bk = a.b0 / size; bk <= (a.b1 - 1) / size; ++bk) {
        auto it = buckets.find({static_cast<int>(a.memory), bk});
        if (it == buckets.end())
          continue;
        auto look = [&](const std::vector<Record> &list) {
          for (const Record &r : list)
            if (overlaps(r.access, a))
              found(r);
        };
        look(it->second.writes);
        if (a.write)
          look(it->second.reads);
      }
    }
  }

  /// Records the accesses of the instruction at `index` (position
  /// `position` of stream `stream`), which the caller has ordered after
  /// every conflicting record. Appends to `dropped` (when given) the program
  /// indices of the reads of its own stream it drops without conflicting
  /// with them: a caller that reorders must keep those before it.
  void record(ArrayRef<Access> accesses, int stream, int64_t position,
              int64_t index, SmallVectorImpl<int64_t> *dropped = nullptr) {
    for (const Access &a : accesses) {
      int64_t size = bucketBytes(a.memory);
      for (int64_t bk = a.b0 / size; bk <= (a.b1 - 1) / size; ++bk) {
        Bucket &bucket = buckets[{static_cast<int>(a.memory), bk}];
        // Records this access covers never matter again: a later access
        // that conflicts with one conflicts with this one, which orders it
        // at least as late. A write covers every access (it is ordered after
        // them); a read covers the earlier reads of its own stream (an
        // engine re-reading a weight chunk: without this, the records pile
        // up and each write's search grows with the program). Reads look at
        // the newest few records only: the re-reads are recent, and a read
        // of a large strided region lands in many buckets.
        if (a.write) {
          auto covered = [&](const Record &r) { return covers(a, r.access); };
          llvm::erase_if(bucket.reads, covered);
          llvm::erase_if(bucket.writes, covered);
          bucket.writes.push_back({a, stream, position, index});
        } else {
          std::vector<Record> &reads = bucket.reads;
          constexpr size_t kRecent = 8;
          auto from =
              reads.size() > kRecent ? reads.end() - kRecent : reads.begin();
          reads.erase(std::remove_if(from, reads.end(),
                                     [&](const Record &r) {
                                       bool drop = r.stream == stream &&
                                                   covers(a, r.access);
                                       if (drop && dropped)
                                         dropped->push_back(r.index);
                                       return drop;
                                     }),
                      reads.end());
          reads.push_back({a, stream, position, index});
        }
      }
    }
  }

private:
  /// Bytes per bucket: 64 KiB of HBM; 512 bytes of a partition of SBUF
  /// or PSUM, which hold many small tiles in few kilobytes.
  static int64_t bucketBytes(Memory memory) {
    return memory == Memory::hbm ? 1 << 16 : 512;
  }
  // Reads and writes apart: a read only looks for earlier writes.
  struct Bucket {
    std::vector<Record> reads, writes;
  };
  std::map<std::pair<int, int64_t>, Bucket> buckets;
};

/// The stream of an instruction: tensor, vector, scalar, gpsimd (0-3), then
/// 4 + each DMA queue.
int streamOf(Operation *op) {
  Engine e = getInstructionEngine(op);
  return e == Engine::dma ? 4 + getInstructionQueue(op) : static_cast<int>(e);
}

/// The simulator's timing of each of `instructions` (a program's, in its
/// order; DESIGN section 4), from the program translated to NCX: how long
/// it occupies its engine or queue, and how long after that its results are
/// visible to other streams (ns). Failure, emitting nothing, when the
/// program does not translate. Sets `dmaQueues` to the target's DMA queues.
FailureOr<SmallVector<std::pair<double, double>>>
timingsOf(ProgramOp program, ArrayRef<Operation *> instructions,
          int &dmaQueues) {
  FailureOr<systole::ncx::Executable> exe = failure();
  {
    ScopedDiagnosticHandler quiet(program.getContext(),
                                  [](Diagnostic &) { return success(); });
    exe = systole::translateProgramToNcx(program);
  }
  if (failed(exe))
    return failure();
  FailureOr<const systole::TargetDesc *> target = failure();
  {
    ScopedDiagnosticHandler quiet(program.getContext(),
                                  [](Diagnostic &) { return success(); });
    target = getProgramTarget(program);
  }
  if (failed(target))
    return failure();
  dmaQueues = (*target)->dma_queues();
  SmallVector<std::pair<double, double>> out;
  std::map<int, int> next;
  for (Operation *op : instructions) {
    int s = streamOf(op);
    systole::ncx::StreamId id;
    id.kind = s < 4 ? static_cast<systole::ncx::EngineKind>(s)
                    : systole::ncx::EngineKind::Dma;
    id.queue = s < 4 ? 0 : s - 4;
    const systole::ncx::Stream *stream = systole::ncx::getStream(*exe, id);
    int index = next[s]++;
    if (!stream || index >= stream->instructions_size())
      return failure();
    systole::sim::InstructionTiming t = systole::sim::instructionTiming(
        **target, stream->instructions(index), id);
    out.push_back({t.busyNs, t.latencyNs});
  }
  return out;
}

/// List scheduling (DESIGN section 1, phase `schedule`): a new sequential
/// order of `instructions` (a program's, in a valid sequential order) that
/// keeps every conflicting pair (RAW, WAR, WAW on the same bytes, on any
/// streams) in order, found by simulating the streams on the cost model:
/// whenever a stream is free, it takes, of its instructions whose inputs
/// are ready, the one with the longest path to the end of the program
/// (critical-path list scheduling; ties in the old order), so an engine
/// works on the next tile while the previous one waits for another engine,
/// where the old order made each stream follow one tile's chain. Each
/// instruction takes the simulator's busy time on its stream, and its
/// results reach another stream after its latency. The DMA queues are
/// alike, so each DMA goes to the queue that is free first (the lowest
/// numbered among ties), not the one the `ncore` phase named in turn.
/// Leaves the order alone when the program does not translate to NCX (the
/// `emit` phase reports why).
void listSchedule(ProgramOp program,
                  SmallVectorImpl<Operation *> &instructions) {
  int dmaQueues = 0;
  FailureOr<SmallVector<std::pair<double, double>>> timing =
      timingsOf(program, instructions, dmaQueues);
  if (failed(timing))
    return;
  size_t n = instructions.size();
  // The conflict graph: predecessors' count and successors per instruction.
  std::vector<SmallVector<unsigned, 4>> succs(n);
  std::vector<unsigned> preds(n, 0);
  std::vector<int> stream(n);
  {
    ConflictTracker tracker;
    std::map<int, int64_t> count;
    SmallVector<int64_t> dropped;
    // The instruction that last took each one as a predecessor: a record
    // lands in every bucket its bytes touch, and is found once per bucket.
    std::vector<int64_t> takenBy(n, -1);
    for (auto [i, op] : llvm::enumerate(instructions)) {
      stream[i] = streamOf(op);
      SmallVector<Access> accesses = accessesOf(op);
      int64_t self = static_cast<int64_t>(i);
      auto precede = [&](int64_t p) {
        if (p == self || takenBy[p] == self)
          return;
        takenBy[p] = self;
        succs[p].push_back(i);
        ++preds[i];
      };
      tracker.forEachConflict(accesses,
                              [&](const Record &r) { precede(r.index); });
      dropped.clear();
      tracker.record(accesses, stream[i], ++count[stream[i]], i, &dropped);
      for (int64_t p : dropped)
        precede(p);
    }
  }
  // Per stream: instructions whose predecessors are all placed, waiting for
  // their inputs (by the time they are ready) and ready (by priority, then
  // old index).
  using Entry = std::pair<double, unsigned>;
  // The DMA queues are alike: their instructions share one Queue whose
  // `lanes` are the queues, each instruction going to the queue free first.
  struct Queue {
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> waiting;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
    double freeAt = 0;
    SmallVector<double> lanes;
  };
  std::map<int, Queue> queues;
  auto isDma = [&](unsigned i) { return stream[i] >= 4; };
  auto queueOf = [&](unsigned i) { return isDma(i) ? 4 : stream[i]; };
  queues[4].lanes.assign(std::max(1, dmaQueues), 0.0);
  std::vector<int> lane(n, -1);
  std::vector<double> readyAt(n, 0);
  // Priority: the longest path (ns, busy and cross-stream latencies) from
  // an instruction to the end of the program, longest first: what the rest
  // of the program waits on goes first. Successors come later in the old
  // order, so one backward sweep finds it.
  std::vector<double> key(n);
  {
    std::vector<double> pathNs(n, 0);
    for (size_t i = n; i-- > 0;) {
      double after = 0;
      for (unsigned j : succs[i])
        after = std::max(after, pathNs[j] + (stream[j] == stream[i] && !isDma(i)
                                                 ? 0.0
                                                 : (*timing)[i].second));
      pathNs[i] = (*timing)[i].first + after;
      key[i] = -pathNs[i];
    }
  }
  for (unsigned i = 0; i < n; ++i) {
    Queue &q = queues[queueOf(i)];
    if (preds[i] == 0)
      q.waiting.push({0.0, i});
  }
  SmallVector<Operation *> order;
  order.reserve(n);
  while (order.size() < n) {
    // The stream that can start an instruction first; its pick.
    Queue *best = nullptr;
    double bestStart = 0;
    unsigned bestPick = 0;
    for (auto &[s, q] : queues) {
      if (!q.lanes.empty())
        q.freeAt = *llvm::min_element(q.lanes);
      while (!q.waiting.empty() && q.waiting.top().first <= q.freeAt) {
        q.ready.push({key[q.waiting.top().second], q.waiting.top().second});
        q.waiting.pop();
      }
      double start;
      unsigned pick;
      if (!q.ready.empty()) {
        start = q.freeAt;
        pick = q.ready.top().second;
      } else if (!q.waiting.empty()) {
        start = q.waiting.top().first;
        pick = q.waiting.top().second;
      } else {
        continue;
      }
      if (!best || start < bestStart ||
          (start == bestStart && pick < bestPick)) {
        best = &q;
        bestStart = start;
        bestPick = pick;
      }
    }
    assert(best && "the conflict graph is acyclic");
    if (!best->ready.empty() && best->ready.top().second == bestPick)
      best->ready.pop();
    else
      best->waiting.pop();
    auto [busy, latency] = (*timing)[bestPick];
    double end = bestStart + busy;
    best->freeAt = end;
    if (!best->lanes.empty()) {
      double *free = llvm::min_element(best->lanes);
      lane[bestPick] = static_cast<int>(free - best->lanes.begin());
      *free = end;
    }
    order.push_back(instructions[bestPick]);
    for (unsigned j : succs[bestPick]) {
      double at =
          end + (stream[j] == stream[bestPick] && !isDma(j) ? 0.0 : latency);
      readyAt[j] = std::max(readyAt[j], at);
      if (--preds[j] == 0)
        queues[queueOf(j)].waiting.push({readyAt[j], j});
    }
  }
  // Move the instructions into the new order (they follow the declarations).
  Operation *anchor = instructions.front()->getPrevNode();
  Block *block = instructions.front()->getBlock();
  for (Operation *op : order) {
    if (anchor)
      op->moveAfter(anchor);
    else
      op->moveBefore(block, block->begin());
    anchor = op;
  }
  for (unsigned i = 0; i < n; ++i)
    if (lane[i] >= 0)
      setInstructionEngine(instructions[i], Engine::dma, lane[i]);
  instructions.assign(order.begin(), order.end());
}

struct SchedulePass : systole::impl::ScheduleBase<SchedulePass> {
  using ScheduleBase::ScheduleBase;

  void runOnOperation() override {
    for (ProgramOp program : getOperation().getOps<ProgramOp>())
      schedule(program);
  }

  void schedule(ProgramOp program) {
    Block &body = program.getBody().front();
    SmallVector<Operation *> instructions;
    for (Operation &op : body)
      if (isInstruction(&op))
        instructions.push_back(&op);
    if (reorder && !instructions.empty())
      listSchedule(program, instructions);

    std::map<int, int64_t> count;
    // Per memory, the records of accesses not yet covered by a later access.
    ConflictTracker tracker;
    std::map<int, int64_t> needed; // stream -> highest position waited for
    // Streams numbered densely, and each instruction's vector clock: the
    // position of every stream known to be done once it has run. A stream's
    // clock changes (besides its own entry) only at instructions that wait,
    // so only those keep a copy: `snapshots[stream]` holds (position, clock)
    // pairs in program order.
    llvm::DenseMap<int, unsigned> dense;
    for (Operation *op : instructions)
      dense.try_emplace(streamOf(op), dense.size());
    unsigned numStreams = dense.size();
    std::vector<std::vector<std::pair<int64_t, SmallVector<int64_t>>>>
        snapshots(numStreams);
    auto clockAfter = [&](unsigned s, int64_t position) {
      SmallVector<int64_t> clock(numStreams, 0);
      const auto &list = snapshots[s];
      auto it =
          llvm::upper_bound(list, position, [](int64_t p, const auto &snap) {
            return p < snap.first;
          });
      if (it != list.begin())
        clock = std::prev(it)->second;
      clock[s] = position;
      return clock;
    };
    std::vector<std::vector<std::pair<int, int64_t>>> waits(
        instructions.size());

    for (auto [i, op] : llvm::enumerate(instructions)) {
      int stream = streamOf(op);
      int64_t position = ++count[stream];
      SmallVector<Access> accesses = accessesOf(op);
      std::map<int, int64_t> after; // stream -> position this op must follow
      tracker.forEachConflict(accesses, [&](const Record &r) {
        if (r.stream == stream) // streams run in order
          return;
        int64_t &p = after[r.stream];
        p = std::max(p, r.position);
      });
      tracker.record(accesses, stream, position, i);
      // Only the waits that what this stream already knows to be done (its
      // vector clock: its earlier waits, and what the instructions it waited
      // for had waited for) does not imply, and that no other of the waits
      // implies.
      unsigned self = dense[stream];
      SmallVector<int64_t> known = clockAfter(self, position - 1);
      SmallVector<std::pair<int, int64_t>> candidates;
      for (auto [s, p] : after)
        if (known[dense[s]] < p)
          candidates.push_back({s, p});
      SmallVector<SmallVector<int64_t>> theirs;
      for (auto [s, p] : candidates)
        theirs.push_back(clockAfter(dense[s], p));
      for (auto [j, wait] : llvm::enumerate(candidates)) {
        auto [s, p] = wait;
        bool implied = false;
        for (auto [k, other] : llvm::enumerate(candidates))
          implied |= k != j && theirs[k][dense[s]] >= p;
        if (implied)
          continue;
        waits[i].push_back({s, p});
        int64_t &n = needed[s];
        n = std::max(n, p);
        for (unsigned k = 0; k < numStreams; ++k)
          known[k] = std::max(known[k], theirs[j][k]);
      }
      if (!waits[i].empty())
        snapshots[self].push_back({position, known});
    }

    // One semaphore per stream that someone waits on.
    OpBuilder b(program.getContext());
    b.setInsertionPointToStart(&body);
    // After the declarations (inputs, outputs, constants, scratch).
    for (Operation &op : body)
      if (!isInstruction(&op) && !isa<SemaphoreOp>(op))
        b.setInsertionPointAfter(&op);
    std::map<int, FlatSymbolRefAttr> sems;
    for (auto [s, p] : needed) {
      std::string name = s < 4 ? stringifyEngine(static_cast<Engine>(s)).str()
                               : "dma" + std::to_string(s - 4);
      name += "_done";
      b.create<SemaphoreOp>(program.getLoc(), name);
      sems[s] = FlatSymbolRefAttr::get(b.getStringAttr(name));
    }
    for (auto [i, op] : llvm::enumerate(instructions)) {
      SmallVector<SemaphoreUse> w, sig;
      for (auto [s, p] : waits[i])
        w.push_back({sems[s], p});
      int stream = streamOf(op);
      if (sems.count(stream))
        sig.push_back({sems[stream], 1});
      setInstructionSync(op, w, sig);
    }
  }
};

} // namespace
