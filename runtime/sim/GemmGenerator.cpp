//===- GemmGenerator.cpp - A double-buffered GEMM program
//--------------------===//

#include "runtime/sim/GemmGenerator.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_format.h"

namespace systole::sim {
namespace {

using namespace ncx;

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t alignUp(int64_t a, int64_t b) { return ceilDiv(a, b) * b; }

/// Emits instructions and keeps the semaphore counters.
class Builder {
public:
  explicit Builder(Executable &exe) : exe(exe) {}

  Instruction *add(StreamId stream, int line, int col) {
    Instruction *inst = getMutableStream(exe, stream)->add_instructions();
    inst->mutable_loc()->set_file("gemm");
    inst->mutable_loc()->set_line(line);
    inst->mutable_loc()->set_col(col);
    return inst;
  }
  static void wait(Instruction *inst, uint32_t sem, uint64_t value) {
    if (value == 0)
      return;
    SemaphoreWait *w = inst->add_waits();
    w->set_sem(sem);
    w->set_value(static_cast<uint32_t>(value));
  }
  static void signal(Instruction *inst, uint32_t sem) {
    SemaphoreIncrement *inc = inst->add_increments();
    inc->set_sem(sem);
    inc->set_amount(1);
  }

  Executable &exe;
};

} // namespace

absl::StatusOr<Executable> generateGemm(const TargetDesc &target,
                                        const GemmConfig &c) {
  if (c.m <= 0 || c.n <= 0 || c.k <= 0)
    return absl::InvalidArgumentError("GEMM sizes must be positive");
  bool f32 = c.inputDType == DTYPE_F32;
  if (!f32 && c.inputDType != DTYPE_BF16 && c.inputDType != DTYPE_F16 &&
      !isFp8DType(c.inputDType))
    return absl::InvalidArgumentError(
        "GEMM inputs must be f32, bf16, f16 or fp8");
  if (!isFloatDType(c.outputDType))
    return absl::InvalidArgumentError("GEMM output must be a float type");
  int queues = std::min(c.dmaQueues, target.dma_queues());
  int outQueues = std::clamp(c.outputQueues, 1, std::max(1, queues - 1));
  int loadQueues = std::max(1, queues - outQueues);
  if (queues < 2)
    outQueues = 1, loadQueues = 1;

  const int64_t tk = target.pe_rows(), tm = target.pe_columns(),
                tn = target.matmul_max_n();
  const int64_t eb = elementBytes(c.inputDType),
                ob = elementBytes(c.outputDType);
  const int64_t kTiles = ceilDiv(c.k, tk), nTiles = ceilDiv(c.n, tn);
  const int64_t numOut = 4;
  const int64_t banks = target.psum_banks();
  const int64_t sbuf = target.sbuf_bytes_per_partition();
  const int64_t bPanel = kTiles * tn * eb;
  const int64_t outBytes = numOut * tn * ob;
  // M block: as many M tiles (up to 4) as fit next to the double-buffered rhs
  // panels.
  int64_t bmTiles = 4;
  while (bmTiles > 1 &&
         2 * kTiles * bmTiles * tm * eb + 2 * bPanel + outBytes > sbuf)
    --bmTiles;
  const int64_t bm = std::min(bmTiles * tm, alignUp(c.m, tm));
  const int64_t aPanel = kTiles * bm * eb;
  if (2 * aPanel + 2 * bPanel + outBytes > sbuf)
    return absl::InvalidArgumentError(absl::StrFormat(
        "K = %d is too large: two operand panels of %d rows do not fit in SBUF",
        c.k, c.k));
  const int64_t aBase[2] = {0, aPanel};
  const int64_t bBase[2] = {2 * aPanel, 2 * aPanel + bPanel};
  const int64_t oBase = 2 * aPanel + 2 * bPanel;

  Executable exe;
  *exe.mutable_target() = target;
  auto declare = [&](google::protobuf::RepeatedPtrField<TensorDecl> *list,
                     const char *name, int64_t rows, int64_t cols, DType dtype,
                     uint64_t address) {
    TensorDecl *decl = list->Add();
    decl->set_name(name);
    decl->add_shape(rows);
    decl->add_shape(cols);
    decl->set_dtype(dtype);
    decl->set_hbm_address(address);
    return alignUp(address + rows * cols * elementBytes(dtype), 4096);
  };
  uint64_t lhsAddr = 0;
  uint64_t rhsAddr =
      declare(exe.mutable_inputs(), "lhsT", c.k, c.m, c.inputDType, lhsAddr);
  uint64_t outAddr =
      declare(exe.mutable_inputs(), "rhs", c.k, c.n, c.inputDType, rhsAddr);
  declare(exe.mutable_outputs(), "out", c.m, c.n, c.outputDType, outAddr);
  for (int q = 0; q < loadQueues + outQueues; ++q)
    exe.add_dma_queues();

  // Semaphores.
  const uint32_t semA = 0, semAFree = 2, semB = 4, semBFree = 6,
                 semPsumFull = 8;
  const uint32_t semPsumFree = semPsumFull + banks,
                 semOutFull = semPsumFree + banks;
  const uint32_t semOutFree = semOutFull + numOut;
  exe.set_num_semaphores(semOutFree + numOut);
  // Counters: completed-increment totals each waiter must see.
  uint64_t aLoaded[2] = {0, 0}, aFreed[2] = {0, 0}, bLoaded[2] = {0, 0},
           bFreed[2] = {0, 0};
  std::vector<uint64_t> psumFull(banks, 0), psumFree(banks, 0);
  std::vector<uint64_t> outFull(numOut, 0), outFree(numOut, 0);
  int aUses[2] = {0, 0}, bUses[2] = {0, 0};
  std::vector<int> bankUses(banks, 0), outUses(numOut, 0);

  Builder b(exe);
  int nextLoadQueue = 0, nextOutQueue = 0;
  int64_t tile = 0, panel = 0;
  StreamId tensor{EngineKind::Tensor, 0}, vector{EngineKind::Vector, 0};

  // Loads rows [kt*tk, +rows) x cols [col0, +cols) of a [K, width] input into
  // SBUF.
  auto load = [&](uint64_t address, int64_t width, int64_t col0, int64_t cols,
                  int64_t sbufOffset, int64_t rowBytes, uint32_t sem,
                  uint64_t freeValue, uint32_t freeSem, int line) {
    for (int64_t kt = 0; kt < kTiles; ++kt) {
      int64_t rows = std::min(tk, c.k - kt * tk);
      Instruction *inst = b.add({EngineKind::Dma, nextLoadQueue}, line,
                                static_cast<int>(kt + 1));
      nextLoadQueue = (nextLoadQueue + 1) % loadQueues;
      Builder::wait(inst, freeSem, freeValue);
      *inst->mutable_dma_copy()->mutable_src() =
          makeAccessPattern(MEMORY_HBM, 0, static_cast<int>(rows),
                            address + (kt * tk * width + col0) * eb,
                            c.inputDType, {{cols, 1}}, width);
      *inst->mutable_dma_copy()->mutable_dst() = makeAccessPattern(
          MEMORY_SBUF, 0, static_cast<int>(rows), sbufOffset + kt * rowBytes,
          c.inputDType, {{cols, 1}});
      Builder::signal(inst, sem);
    }
  };

  for (int64_t m0 = 0, block = 0; m0 < c.m; m0 += bm, ++block) {
    int64_t bmCols = std::min(bm, c.m - m0);
    int ab = static_cast<int>(block % 2);
    ++aUses[ab];
    load(lhsAddr, c.m, m0, bmCols, aBase[ab], bm * eb, semA + ab, aFreed[ab],
         semAFree + ab, 1);
    aLoaded[ab] += kTiles;
    int64_t mTilesInBlock = ceilDiv(bmCols, tm);
    for (int64_t nt = 0; nt < nTiles; ++nt, ++panel) {
      int64_t n0 = nt * tn, cols = std::min(tn, c.n - n0);
      int bb = static_cast<int>(panel % 2);
      ++bUses[bb];
      load(rhsAddr, c.n, n0, cols, bBase[bb], tn * eb, semB + bb, bFreed[bb],
           semBFree + bb, 2);
      bLoaded[bb] += kTiles;
      for (int64_t mt = 0; mt < mTilesInBlock; ++mt, ++tile) {
        int64_t rows = std::min(tm, bmCols - mt * tm);
        int bank = static_cast<int>(tile % banks);
        bool lastOfPanel = mt + 1 == mTilesInBlock;
        bool lastOfBlock = lastOfPanel && nt + 1 == nTiles;
        for (int64_t kt = 0; kt < kTiles; ++kt) {
          int64_t kRows = std::min(tk, c.k - kt * tk);
          Instruction *inst = b.add(tensor, static_cast<int>(tile + 1),
                                    static_cast<int>(kt + 1));
          if (kt == 0) {
            Builder::wait(inst, semA + ab, aLoaded[ab]);
            Builder::wait(inst, semB + bb, bLoaded[bb]);
            Builder::wait(inst, semPsumFree + bank, psumFree[bank]);
          }
          Matmul *mm = inst->mutable_matmul();
          *mm->mutable_stationary() = makeAccessPattern(
              MEMORY_SBUF, 0, static_cast<int>(kRows),
              aBase[ab] + (kt * bm + mt * tm) * eb, c.inputDType, {{rows, 1}});
          *mm->mutable_moving() = makeAccessPattern(
              MEMORY_SBUF, 0, static_cast<int>(kRows), bBase[bb] + kt * tn * eb,
              c.inputDType, {{cols, 1}});
          *mm->mutable_dst() = makeAccessPattern(
              MEMORY_PSUM, 0, static_cast<int>(rows),
              bank * target.psum_bank_bytes(), DTYPE_F32, {{cols, 1}});
          mm->set_accumulate(kt > 0);
          if (kt + 1 == kTiles) {
            Builder::signal(inst, semPsumFull + bank);
            if (lastOfPanel)
              Builder::signal(inst, semBFree + bb);
            if (lastOfBlock)
              Builder::signal(inst, semAFree + ab);
          }
        }
        psumFull[bank] += 1;
        if (lastOfPanel)
          bFreed[bb] += 1;
        if (lastOfBlock)
          aFreed[ab] += 1;
        // PSUM -> SBUF staging on the vector engine, with conversion.
        int o = static_cast<int>(tile % numOut);
        Instruction *copy = b.add(vector, static_cast<int>(tile + 1), 0);
        Builder::wait(copy, semPsumFull + bank, psumFull[bank]);
        Builder::wait(copy, semOutFree + o, outFree[o]);
        *copy->mutable_tensor_copy()->mutable_src() = makeAccessPattern(
            MEMORY_PSUM, 0, static_cast<int>(rows),
            bank * target.psum_bank_bytes(), DTYPE_F32, {{cols, 1}});
        *copy->mutable_tensor_copy()->mutable_dst() =
            makeAccessPattern(MEMORY_SBUF, 0, static_cast<int>(rows),
                              oBase + o * tn * ob, c.outputDType, {{cols, 1}});
        Builder::signal(copy, semPsumFree + bank);
        Builder::signal(copy, semOutFull + o);
        psumFree[bank] += 1;
        outFull[o] += 1;
        // SBUF -> HBM in parts of 32 partitions over the output queues.
        for (int64_t p0 = 0; p0 < rows; p0 += 32) {
          int64_t parts = std::min<int64_t>(32, rows - p0);
          Instruction *store =
              b.add({EngineKind::Dma, loadQueues + nextOutQueue},
                    static_cast<int>(tile + 1), static_cast<int>(p0 + 1));
          nextOutQueue = (nextOutQueue + 1) % outQueues;
          Builder::wait(store, semOutFull + o, outFull[o]);
          *store->mutable_dma_copy()->mutable_src() = makeAccessPattern(
              MEMORY_SBUF, static_cast<int>(p0), static_cast<int>(parts),
              oBase + o * tn * ob, c.outputDType, {{cols, 1}});
          *store->mutable_dma_copy()->mutable_dst() =
              makeAccessPattern(MEMORY_HBM, 0, static_cast<int>(parts),
                                outAddr + ((m0 + mt * tm + p0) * c.n + n0) * ob,
                                c.outputDType, {{cols, 1}}, c.n);
          Builder::signal(store, semOutFree + o);
          outFree[o] += 1;
        }
      }
    }
  }
  finalizeExecutable(exe);
  return exe;
}

} // namespace systole::sim
