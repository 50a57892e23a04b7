//===- Machine.h - The simulator's memories and functional model -*- C++
//-*-===//
//
// Internal to SystoleSim: the state of one NeuronCore (HBM regions, SBUF, PSUM)
// and the functional semantics of every instruction (DESIGN sections 3 and 4).
// Timing lives in Simulator.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_SIM_MACHINE_H
#define SYSTOLE_RUNTIME_SIM_MACHINE_H

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/api/DType.h"
#include "runtime/api/HostTensor.h"
#include "runtime/ncx/Ncx.h"

namespace systole::sim {

/// The runtime DType of an NCX dtype (I1 -> I1, U8 -> U8, ...).
DType toRuntimeDType(ncx::DType dtype);

/// A resolved access pattern: the address of element 0 of partition 0, the byte
/// distance between partitions, and up to 4 free dims with byte strides.
struct View {
  uint8_t *base = nullptr;
  int64_t partitionStrideBytes = 0;
  int partitions = 0;
  ncx::DType dtype = ncx::DTYPE_F32;
  int64_t elementBytes = 4;
  int numDims = 0;
  int64_t counts[ncx::kMaxFreeDims] = {};
  int64_t strideBytes[ncx::kMaxFreeDims] = {};
  int64_t elements = 1; // per partition
};

/// The memories of one NeuronCore and the functional semantics of its
/// instructions. Every access pattern must have passed
/// ncx::validateExecutable(); data-dependent errors (gather/scatter indices)
/// are returned as absl errors.
class Machine {
public:
  /// Allocates SBUF, PSUM and the HBM regions of `exe`, places constants and
  /// inputs. Errors: InvalidArgumentError if an input's count, dtype or shape
  /// differ from the executable's declaration.
  absl::Status init(const ncx::Executable &exe,
                    const std::vector<HostTensor> &inputs);

  /// Runs one instruction's semantics (no timing).
  absl::Status execute(const ncx::Instruction &inst, ncx::StreamId stream,
                       int index);

  /// The output tensors, read from their HBM regions.
  std::vector<HostTensor> outputs() const;

  /// Resolves an access pattern to host addresses.
  View view(const ncx::AccessPattern &ap);

  /// Per-partition high-water marks of bytes written, summed over partitions.
  int64_t sbufPeakBytes() const;
  /// Records a write's footprint for the high-water marks without executing
  /// it (timing-only simulation).
  void noteFootprint(const ncx::AccessPattern &ap) { noteWrite(ap); }
  int64_t psumPeakBytes() const;

private:
  struct Region {
    uint64_t address;
    std::vector<uint8_t> data;
  };
  absl::Status fail(ncx::StreamId stream, int index,
                    const std::string &message) const;
  void noteWrite(const ncx::AccessPattern &ap);

  void dmaCopy(const ncx::DmaCopy &op);
  void matmul(const ncx::Matmul &op);
  void transpose(const ncx::Transpose &op);
  void activation(const ncx::Activation &op);
  void tensorTensor(const ncx::TensorTensor &op);
  void tensorScalar(const ncx::TensorScalar &op);
  void tensorReduce(const ncx::TensorReduce &op);
  void tensorCopy(const ncx::TensorCopy &op);
  void select(const ncx::Select &op);
  void iota(const ncx::Iota &op);
  void memset(const ncx::Memset &op);
  void partitionReduce(const ncx::PartitionReduce &op);
  void partitionBroadcast(const ncx::PartitionBroadcast &op);
  absl::Status gatherScatter(const ncx::AccessPattern &table,
                             const ncx::AccessPattern &indices,
                             const ncx::AccessPattern &data, int64_t rowStride,
                             int64_t numRows, bool gather, bool skipOutOfBounds,
                             bool accumulate, ncx::StreamId stream, int index);
  std::vector<float> perPartitionScalars(const ncx::ScalarOperand &operand,
                                         float defaultValue, int partitions);

  const ncx::Executable *exe = nullptr;
  bool saturateFp8 = true;
  int64_t sbufBytesPerPartition = 0, psumBytesPerPartition = 0;
  std::vector<uint8_t> sbuf, psum;
  std::vector<Region> hbm; // sorted by address
  std::vector<int64_t> sbufHighWater, psumHighWater;
};

/// Reads partition `p` of `v` as fp32 values (exact for every dtype except i32
/// values beyond 2^24, which round to nearest even).
void loadRow(const View &v, int p, float *out);
/// Writes fp32 values to partition `p` of `v`, rounding to nearest even (DESIGN
/// section 3); integers saturate (NaN -> 0), fp8 saturates when `saturateFp8`.
void storeRow(const View &v, int p, const float *in, bool saturateFp8);

} // namespace systole::sim

#endif // SYSTOLE_RUNTIME_SIM_MACHINE_H
