//===- Schedule.cpp - the `schedule` phase: semaphores --------------------===//
//
// `systole-schedule` (DESIGN section 1, phase `schedule`): synchronises the
// streams of an `ncore.program` from the real dependencies between its
// instructions. The program order is a valid sequential order; engines and
// DMA queues were chosen by the `ncore` phase.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/NeuronCore/NeuronCoreOps.h"

#include <map>

namespace systole {
#define GEN_PASS_DEF_SCHEDULE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole::ncore;

namespace {

/// One access of an instruction: memory, partitions [p0, p1), bytes [b0, b1).
struct Access {
  Memory memory;
  int64_t p0, p1, b0, b1;
  bool write;
};

/// The accesses of an instruction, from its access-pattern attributes: the
/// destination-like roles write, the others read.
SmallVector<Access> accessesOf(Operation *op) {
  SmallVector<Access> out;
  for (NamedAttribute attr : op->getAttrs()) {
    auto ap = dyn_cast<AccessPatternAttr>(attr.getValue());
    if (!ap)
      continue;
    StringRef name = attr.getName().getValue();
    bool write = name == "dst" || name == "reduce_dst" ||
                 (name == "table" && isa<ScatterOp>(op));
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
    // A matmul that accumulates reads its destination too.
    if (write && isa<MatmulOp>(op) && cast<MatmulOp>(op).getAccumulate())
      out.push_back({ap.getMemory(), ap.getStartPartition(),
                     ap.getEndPartition(), b0, b1, false});
  }
  return out;
}

/// A recorded access: which stream and position did it.
struct Record {
  Access access;
  int stream;
  int64_t position; // 1-based index in its stream
};

bool overlaps(const Access &a, const Access &b) {
  return a.memory == b.memory && a.p0 < b.p1 && b.p0 < a.p1 && a.b0 < b.b1 &&
         b.b0 < a.b1;
}

struct SchedulePass : systole::impl::ScheduleBase<SchedulePass> {
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

    // Streams: tensor, vector, scalar, gpsimd, then each DMA queue.
    auto streamOf = [](Operation *op) {
      Engine e = getInstructionEngine(op);
      return e == Engine::dma ? 4 + getInstructionQueue(op)
                              : static_cast<int>(e);
    };
    std::map<int, int64_t> count;
    // Per memory, the records of accesses not yet covered by a later write.
    // Coarse buckets keep the search short on long programs.
    constexpr int64_t kBucket = 1 << 16;
    std::map<std::pair<int, int64_t>, std::vector<Record>> buckets;
    std::map<int, int64_t> needed; // stream -> highest position waited for
    std::vector<std::vector<std::pair<int, int64_t>>> waits(
        instructions.size());

    for (auto [i, op] : llvm::enumerate(instructions)) {
      int stream = streamOf(op);
      int64_t position = ++count[stream];
      SmallVector<Access> accesses = accessesOf(op);
      std::map<int, int64_t> after; // stream -> position this op must follow
      for (const Access &a : accesses) {
        for (int64_t bk = a.b0 / kBucket; bk <= (a.b1 - 1) / kBucket; ++bk) {
          auto it = buckets.find({static_cast<int>(a.memory), bk});
          if (it == buckets.end())
            continue;
          for (const Record &r : it->second) {
            if (r.stream == stream || (!r.access.write && !a.write) ||
                !overlaps(r.access, a))
              continue;
            int64_t &p = after[r.stream];
            p = std::max(p, r.position);
          }
        }
      }
      for (const Access &a : accesses) {
        for (int64_t bk = a.b0 / kBucket; bk <= (a.b1 - 1) / kBucket; ++bk) {
          std::vector<Record> &list = buckets[{static_cast<int>(a.memory), bk}];
          if (a.write) {
            // Accesses this write fully covers are ordered before it (it
            // waited for them, or they are on its own stream): drop them.
            llvm::erase_if(list, [&](const Record &r) {
              return r.access.memory == a.memory && a.p0 <= r.access.p0 &&
                     r.access.p1 <= a.p1 && a.b0 <= r.access.b0 &&
                     r.access.b1 <= a.b1;
            });
          }
          list.push_back({a, stream, position});
        }
      }
      for (auto [s, p] : after) {
        waits[i].push_back({s, p});
        int64_t &n = needed[s];
        n = std::max(n, p);
      }
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
