//===- SimTestUtil.h - Building executables by hand for simulator tests
//--------===//

#ifndef SYSTOLE_TEST_UNIT_SIM_SIMTESTUTIL_H
#define SYSTOLE_TEST_UNIT_SIM_SIMTESTUTIL_H

#include <string>
#include <vector>

#include "runtime/api/HostTensor.h"
#include "runtime/ncx/Ncx.h"
#include "runtime/sim/Simulator.h"
#include "runtime/targets/Target.h"

namespace systole::sim::testing {

using namespace ncx;
using ncx::DType;

inline const StreamId kTensor{EngineKind::Tensor, 0};
inline const StreamId kVector{EngineKind::Vector, 0};
inline const StreamId kScalar{EngineKind::Scalar, 0};
inline const StreamId kGpSimd{EngineKind::GpSimd, 0};
inline StreamId dma(int q) { return {EngineKind::Dma, q}; }

/// An executable under construction for `targetName`, with a bump allocator for
/// HBM.
class ProgramBuilder {
public:
  explicit ProgramBuilder(const char *targetName = "trn2",
                          uint32_t semaphores = 8) {
    *exe.mutable_target() = *loadTarget(targetName);
    exe.set_num_semaphores(semaphores);
  }
  /// Declares an input or output [rows, cols]; returns its HBM address.
  uint64_t input(const std::string &name, std::vector<int64_t> shape,
                 DType dtype) {
    return declare(exe.add_inputs(), name, shape, dtype);
  }
  uint64_t output(const std::string &name, std::vector<int64_t> shape,
                  DType dtype) {
    return declare(exe.add_outputs(), name, shape, dtype);
  }
  Instruction *add(StreamId stream, int line = 0) {
    Instruction *inst = getMutableStream(exe, stream)->add_instructions();
    inst->mutable_loc()->set_file("test.mlir");
    inst->mutable_loc()->set_line(line ? line : ++lines);
    inst->mutable_loc()->set_col(1);
    return inst;
  }
  static void wait(Instruction *inst, uint32_t sem, uint32_t value) {
    SemaphoreWait *w = inst->add_waits();
    w->set_sem(sem);
    w->set_value(value);
  }
  static void signal(Instruction *inst, uint32_t sem, uint32_t amount = 1) {
    SemaphoreIncrement *inc = inst->add_increments();
    inc->set_sem(sem);
    inc->set_amount(amount);
  }
  Executable finish() {
    finalizeExecutable(exe);
    return exe;
  }
  Executable exe;

private:
  uint64_t declare(TensorDecl *decl, const std::string &name,
                   std::vector<int64_t> shape, DType dtype) {
    decl->set_name(name);
    for (int64_t d : shape)
      decl->add_shape(d);
    decl->set_dtype(dtype);
    decl->set_hbm_address(next);
    uint64_t address = next;
    next += (tensorBytes(*decl) + 4095) / 4096 * 4096;
    return address;
  }
  uint64_t next = 0;
  int lines = 0;
};

/// SBUF/PSUM tile [partitions x cols] at byte offset `offset`, contiguous.
inline AccessPattern sbuf(int partitions, int64_t cols, int64_t offset,
                          DType dtype, int start = 0) {
  return makeAccessPattern(MEMORY_SBUF, start, partitions, offset, dtype,
                           {{cols, 1}});
}
inline AccessPattern psum(int partitions, int64_t cols, int64_t offset,
                          DType dtype = DTYPE_F32) {
  return makeAccessPattern(MEMORY_PSUM, 0, partitions, offset, dtype,
                           {{cols, 1}});
}
/// HBM row-major [rows x cols] tensor at `address`, rows on partitions.
inline AccessPattern hbm(uint64_t address, int rows, int64_t cols,
                         DType dtype) {
  return makeAccessPattern(MEMORY_HBM, 0, rows, static_cast<int64_t>(address),
                           dtype, {{cols, 1}}, cols);
}

inline Instruction *dmaCopy(ProgramBuilder &b, StreamId q,
                            const AccessPattern &src,
                            const AccessPattern &dst) {
  Instruction *inst = b.add(q);
  *inst->mutable_dma_copy()->mutable_src() = src;
  *inst->mutable_dma_copy()->mutable_dst() = dst;
  return inst;
}

} // namespace systole::sim::testing

#endif // SYSTOLE_TEST_UNIT_SIM_SIMTESTUTIL_H
