//===- Ncx.cpp - NCX executables: loading, validation, helpers
//---------------===//

#include "runtime/ncx/Ncx.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/stubs/logging.h"
#include "runtime/targets/Target.h"

namespace systole::ncx {
namespace {

using absl::StrFormat;

// Limits that keep every computation in int64 and every host buffer reasonable.
constexpr int64_t kMaxCount = int64_t(1) << 31;
constexpr int64_t kMaxStride = int64_t(1) << 40;
// One instruction touches at most 2^26 elements (256 MiB of fp32 on the host);
// SBUF holds 2^25 bytes, so no real tile comes near.
constexpr int64_t kMaxElementsPerPartition = int64_t(1) << 24;
constexpr int64_t kMaxElements = int64_t(1) << 26;

const char *memoryName(Memory memory) {
  switch (memory) {
  case MEMORY_HBM:
    return "HBM";
  case MEMORY_SBUF:
    return "SBUF";
  case MEMORY_PSUM:
    return "PSUM";
  default:
    return "<no memory>";
  }
}

bool isIntegerDType(DType dtype) {
  return dtype == DTYPE_I32 || dtype == DTYPE_I16 || dtype == DTYPE_I8 ||
         dtype == DTYPE_U8 || dtype == DTYPE_I1 || dtype == DTYPE_U16 ||
         dtype == DTYPE_U32;
}

/// Checks one instruction; `fail(msg)` builds the error.
class InstructionChecker {
public:
  InstructionChecker(const Executable &exe,
                     const std::vector<HbmRegion> &regions, StreamId stream,
                     int index)
      : exe(exe), target(exe.target()), regions(regions), stream(stream),
        index(index), inst(getStream(exe, stream)->instructions(index)) {}

  absl::Status run();

private:
  absl::Status fail(const std::string &message) const {
    return absl::InvalidArgumentError(
        absl::StrCat(describeInstruction(exe, stream, index), ": ", message));
  }
  bool isCompute() const { return stream.kind != EngineKind::Dma; }

  /// Bounds, dims and alignment of one operand; `allowed` are the memories it
  /// may use.
  absl::Status checkAp(const char *role, const AccessPattern &ap,
                       std::initializer_list<Memory> allowed);
  absl::Status checkSameShape(const char *roleA, const AccessPattern &a,
                              const char *roleB, const AccessPattern &b);
  absl::Status checkPerPartition(const char *role, const AccessPattern &ap,
                                 const AccessPattern &like);
  absl::Status checkEngine(std::initializer_list<EngineKind> engines);
  absl::Status checkTable(const char *role, const AccessPattern &table,
                          int64_t rowStride, int64_t numRows);
  absl::Status checkHbmRange(const char *role, int64_t begin, int64_t end);

  std::initializer_list<Memory> computeMemories() const {
    static const std::initializer_list<Memory> gpsimd = {MEMORY_SBUF};
    static const std::initializer_list<Memory> vectorScalar = {MEMORY_SBUF,
                                                               MEMORY_PSUM};
    return stream.kind == EngineKind::GpSimd ? gpsimd : vectorScalar;
  }

  const Executable &exe;
  const TargetDesc &target;
  const std::vector<HbmRegion> &regions;
  StreamId stream;
  int index;
  const Instruction &inst;
};

absl::Status
InstructionChecker::checkEngine(std::initializer_list<EngineKind> engines) {
  for (EngineKind kind : engines)
    if (kind == stream.kind)
      return absl::OkStatus();
  return fail(StrFormat("'%s' cannot run on the %s engine",
                        instructionKindName(inst), streamName(stream)));
}

absl::Status InstructionChecker::checkHbmRange(const char *role, int64_t begin,
                                               int64_t end) {
  // `regions` are the non-empty ones, sorted and disjoint: only the last one
  // that starts at or before `begin` can hold the range.
  auto next =
      std::upper_bound(regions.begin(), regions.end(), begin,
                       [](int64_t address, const HbmRegion &region) {
                         return address < static_cast<int64_t>(region.address);
                       });
  if (next != regions.begin()) {
    const HbmRegion &region = *std::prev(next);
    if (end <= static_cast<int64_t>(region.address + region.size))
      return absl::OkStatus();
  }
  return fail(
      StrFormat("%s: HBM bytes [%d, %d) are outside every declared region "
                "(inputs, outputs, constants, scratch)",
                role, begin, end));
}

absl::Status
InstructionChecker::checkAp(const char *role, const AccessPattern &ap,
                            std::initializer_list<Memory> allowed) {
  bool memoryOk = false;
  for (Memory memory : allowed)
    memoryOk |= memory == ap.memory();
  if (!memoryOk) {
    std::string names;
    for (Memory memory : allowed)
      absl::StrAppend(&names, names.empty() ? "" : " or ", memoryName(memory));
    return fail(StrFormat(
        "%s: the %s engine's '%s' cannot access %s here (allowed: %s)", role,
        streamName(stream), instructionKindName(inst), memoryName(ap.memory()),
        names));
  }
  if (elementBytes(ap.dtype()) == 0)
    return fail(StrFormat("%s: no dtype", role));
  if (ap.dtype() == DTYPE_F8E4M3FN && !target.f8e4m3fn_native())
    return fail(
        StrFormat("%s: f8E4M3FN is not native on %s", role, target.name()));
  if (ap.dims_size() > kMaxFreeDims)
    return fail(StrFormat("%s: %d free dims (at most %d)", role, ap.dims_size(),
                          kMaxFreeDims));
  int64_t perPartition = 1;
  for (const Dim &dim : ap.dims()) {
    if (dim.count() < 1 || dim.count() > kMaxCount)
      return fail(StrFormat("%s: dim count %d is out of range [1, %d]", role,
                            dim.count(), kMaxCount));
    if (dim.stride() < -kMaxStride || dim.stride() > kMaxStride)
      return fail(
          StrFormat("%s: dim stride %d is out of range", role, dim.stride()));
    perPartition *= dim.count();
    if (perPartition > kMaxElementsPerPartition)
      return fail(StrFormat("%s: more than %d elements per partition", role,
                            kMaxElementsPerPartition));
  }
  if (ap.byte_offset() < 0 || ap.byte_offset() > (int64_t(1) << 48))
    return fail(StrFormat("%s: byte offset %d is out of range", role,
                          ap.byte_offset()));
  if (ap.memory() == MEMORY_HBM) {
    if (ap.start_partition() != 0)
      return fail(
          StrFormat("%s: an HBM access pattern starts at partition 0", role));
    if (ap.partition_count() < 1 || ap.partition_count() > kMaxCount ||
        ap.partition_stride() < -kMaxStride ||
        ap.partition_stride() > kMaxStride)
      return fail(StrFormat("%s: partition count %d / stride %d out of range",
                            role, ap.partition_count(), ap.partition_stride()));
    if (perPartition * ap.partition_count() > kMaxElements)
      return fail(StrFormat("%s: more than %d elements", role, kMaxElements));
    ByteExtent extent = byteExtent(ap);
    return checkHbmRange(role, extent.begin, extent.end);
  }
  if (perPartition * ap.partition_count() > kMaxElements) {
    return fail(StrFormat("%s: more than %d elements", role, kMaxElements));
  }
  int partitions = ap.memory() == MEMORY_SBUF ? target.sbuf_partitions()
                                              : target.psum_partitions();
  int64_t bytes = ap.memory() == MEMORY_SBUF
                      ? target.sbuf_bytes_per_partition()
                      : target.psum_bytes_per_partition();
  int start = ap.start_partition(), count = ap.partition_count();
  if (count < 1 || start < 0 || start > partitions ||
      count > partitions - start)
    return fail(StrFormat(
        "%s: partitions [%d, %d) are outside %s's %d partitions", role, start,
        int64_t(start) + count, memoryName(ap.memory()), partitions));
  if (isCompute()) {
    // DESIGN section 3: 65-128 partitions start at 0; 33-64 at 0 or 64; 1-32 at
    // a multiple of 32.
    int alignment = count > 64 ? 128 : count > 32 ? 64 : 32;
    if (start % alignment != 0)
      return fail(
          StrFormat("%s: a tile of %d partitions cannot start at partition %d "
                    "(it must start at a multiple of %d)",
                    role, count, start, alignment));
  }
  ByteExtent extent = byteExtent(ap);
  if (extent.begin < 0 || extent.end > bytes)
    return fail(StrFormat(
        "%s: bytes [%d, %d) of each partition are outside %s's %d "
        "bytes per partition",
        role, extent.begin, extent.end, memoryName(ap.memory()), bytes));
  return absl::OkStatus();
}

absl::Status InstructionChecker::checkSameShape(const char *roleA,
                                                const AccessPattern &a,
                                                const char *roleB,
                                                const AccessPattern &b) {
  if (a.partition_count() != b.partition_count() ||
      elementsPerPartition(a) != elementsPerPartition(b))
    return fail(
        StrFormat("%s [%d partitions x %d elements] and %s [%d x %d] differ in "
                  "shape",
                  roleA, a.partition_count(), elementsPerPartition(a), roleB,
                  b.partition_count(), elementsPerPartition(b)));
  return absl::OkStatus();
}

absl::Status InstructionChecker::checkPerPartition(const char *role,
                                                   const AccessPattern &ap,
                                                   const AccessPattern &like) {
  if (ap.partition_count() != like.partition_count() ||
      elementsPerPartition(ap) != 1)
    return fail(StrFormat("%s must be [%d partitions x 1 element]", role,
                          like.partition_count()));
  return absl::OkStatus();
}

absl::Status InstructionChecker::checkTable(const char *role,
                                            const AccessPattern &table,
                                            int64_t rowStride,
                                            int64_t numRows) {
  if (numRows < 1 || numRows > kMaxCount || rowStride < -kMaxStride ||
      rowStride > kMaxStride)
    return fail(StrFormat("%s: num_rows %d / row_stride %d out of range", role,
                          numRows, rowStride));
  if (table.partition_count() != 1)
    return fail(
        StrFormat("%s: a table access pattern has one partition", role));
  // The whole table, rows 0 .. num_rows-1, must be inside the memory. Rows
  // are evenly spaced, so the first and the last row bound it (a table may
  // be far larger than one access pattern: an embedding matrix).
  auto check = [&](const AccessPattern &row) {
    return stream.kind == EngineKind::Dma
               ? checkAp(role, row, {MEMORY_HBM, MEMORY_SBUF})
               : checkAp(role, row, {MEMORY_SBUF});
  };
  absl::Status status = check(table);
  if (!status.ok())
    return status;
  AccessPattern last = table;
  last.set_byte_offset(table.byte_offset() +
                       (numRows - 1) * rowStride * elementBytes(table.dtype()));
  return check(last);
}

absl::Status InstructionChecker::run() {
  for (const SemaphoreWait &wait : inst.waits())
    if (wait.sem() >= exe.num_semaphores())
      return fail(StrFormat("waits on semaphore %d but the executable has %d",
                            wait.sem(), exe.num_semaphores()));
  for (const SemaphoreIncrement &inc : inst.increments())
    if (inc.sem() >= exe.num_semaphores())
      return fail(StrFormat("increments semaphore %d but the executable has %d",
                            inc.sem(), exe.num_semaphores()));
#define CHECK_OK(expr)                                                         \
  do {                                                                         \
    absl::Status _status = (expr);                                             \
    if (!_status.ok())                                                         \
      return _status;                                                          \
  } while (0)
  using E = EngineKind;
  switch (inst.kind_case()) {
  case Instruction::kDmaCopy: {
    const DmaCopy &op = inst.dma_copy();
    CHECK_OK(checkEngine({E::Dma}));
    CHECK_OK(checkAp("src", op.src(), {MEMORY_HBM, MEMORY_SBUF}));
    CHECK_OK(checkAp("dst", op.dst(), {MEMORY_HBM, MEMORY_SBUF}));
    if (op.src().memory() == MEMORY_HBM && op.dst().memory() == MEMORY_HBM)
      return fail("DMA copies HBM<->SBUF or SBUF->SBUF, not HBM->HBM");
    int64_t srcElems =
        op.src().partition_count() * elementsPerPartition(op.src());
    int64_t dstElems =
        op.dst().partition_count() * elementsPerPartition(op.dst());
    if (srcElems != dstElems)
      return fail(
          StrFormat("src has %d elements but dst has %d", srcElems, dstElems));
    return absl::OkStatus();
  }
  case Instruction::kMatmul: {
    const Matmul &op = inst.matmul();
    CHECK_OK(checkEngine({E::Tensor}));
    CHECK_OK(checkAp("stationary", op.stationary(), {MEMORY_SBUF}));
    CHECK_OK(checkAp("moving", op.moving(), {MEMORY_SBUF}));
    CHECK_OK(checkAp("dst", op.dst(), {MEMORY_PSUM}));
    int64_t k = op.stationary().partition_count();
    int64_t m = elementsPerPartition(op.stationary());
    int64_t n = elementsPerPartition(op.moving());
    if (op.moving().partition_count() != k)
      return fail(
          StrFormat("stationary has K = %d partitions but moving has %d", k,
                    op.moving().partition_count()));
    if (k > target.pe_rows())
      return fail(StrFormat("K = %d exceeds the %d rows of the PE array", k,
                            target.pe_rows()));
    if (m > target.pe_columns())
      return fail(StrFormat("M = %d exceeds the %d columns of the PE array", m,
                            target.pe_columns()));
    if (n > target.matmul_max_n())
      return fail(StrFormat("N = %d exceeds the largest moving size %d", n,
                            target.matmul_max_n()));
    if (op.dst().partition_count() != m || elementsPerPartition(op.dst()) != n)
      return fail(StrFormat(
          "dst must be [M = %d partitions x N = %d], not [%d x %d]", m, n,
          op.dst().partition_count(), elementsPerPartition(op.dst())));
    if (op.dst().dtype() != DTYPE_F32)
      return fail("dst must be f32 (PSUM accumulates in fp32)");
    DType s = op.stationary().dtype(), v = op.moving().dtype();
    bool sF32 = s == DTYPE_F32, vF32 = v == DTYPE_F32;
    auto narrowFloat = [](DType t) {
      return t == DTYPE_BF16 || t == DTYPE_F16 || isFp8DType(t);
    };
    if (sF32 != vF32 || (!sF32 && (!narrowFloat(s) || !narrowFloat(v))))
      return fail(
          StrFormat("operand types %s x %s: both f32, or both among bf16, f16 "
                    "and fp8",
                    dtypeName(s), dtypeName(v)));
    ByteExtent extent = byteExtent(op.dst());
    int64_t bank = target.psum_bank_bytes();
    if (extent.begin / bank != (extent.end - 1) / bank)
      return fail(
          StrFormat("dst bytes [%d, %d) span more than one %d-byte PSUM bank",
                    extent.begin, extent.end, bank));
    return absl::OkStatus();
  }
  case Instruction::kTranspose: {
    const Transpose &op = inst.transpose();
    CHECK_OK(checkEngine({E::Tensor}));
    CHECK_OK(checkAp("src", op.src(), {MEMORY_SBUF}));
    CHECK_OK(checkAp("dst", op.dst(), {MEMORY_PSUM}));
    int64_t p = op.src().partition_count(), f = elementsPerPartition(op.src());
    if (p > target.pe_rows() || f > target.pe_columns())
      return fail(StrFormat("src [%d x %d] exceeds the PE array", p, f));
    if (op.dst().partition_count() != f || elementsPerPartition(op.dst()) != p)
      return fail(StrFormat("dst must be [%d partitions x %d]", f, p));
    if (!isFloatDType(op.src().dtype()) || !isFloatDType(op.dst().dtype()))
      return fail("transpose moves float data");
    return absl::OkStatus();
  }
  case Instruction::kActivation: {
    const Activation &op = inst.activation();
    CHECK_OK(checkEngine({E::Scalar}));
    CHECK_OK(checkAp("src", op.src(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    CHECK_OK(checkSameShape("src", op.src(), "dst", op.dst()));
    if (op.scale().has_per_partition()) {
      CHECK_OK(checkAp("scale", op.scale().per_partition(), computeMemories()));
      CHECK_OK(
          checkPerPartition("scale", op.scale().per_partition(), op.src()));
    }
    if (op.has_bias()) {
      CHECK_OK(checkAp("bias", op.bias(), computeMemories()));
      CHECK_OK(checkPerPartition("bias", op.bias(), op.src()));
    }
    if (op.has_reduce_dst()) {
      CHECK_OK(checkAp("reduce_dst", op.reduce_dst(), computeMemories()));
      CHECK_OK(checkPerPartition("reduce_dst", op.reduce_dst(), op.src()));
    }
    return absl::OkStatus();
  }
  case Instruction::kTensorTensor: {
    const TensorTensor &op = inst.tensor_tensor();
    CHECK_OK(checkEngine({E::Vector}));
    CHECK_OK(checkAp("a", op.a(), computeMemories()));
    CHECK_OK(checkAp("b", op.b(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    CHECK_OK(checkSameShape("a", op.a(), "dst", op.dst()));
    CHECK_OK(checkSameShape("b", op.b(), "dst", op.dst()));
    if (op.op() == ALU_BYPASS)
      return fail("tensor_tensor needs an operation");
    return absl::OkStatus();
  }
  case Instruction::kTensorScalar: {
    const TensorScalar &op = inst.tensor_scalar();
    CHECK_OK(checkEngine({E::Vector}));
    CHECK_OK(checkAp("a", op.a(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    CHECK_OK(checkSameShape("a", op.a(), "dst", op.dst()));
    for (const ScalarOperand *s : {&op.s0(), &op.s1()})
      if (s->has_per_partition()) {
        CHECK_OK(checkAp("scalar", s->per_partition(), computeMemories()));
        CHECK_OK(checkPerPartition("scalar", s->per_partition(), op.a()));
      }
    return absl::OkStatus();
  }
  case Instruction::kTensorReduce: {
    const TensorReduce &op = inst.tensor_reduce();
    CHECK_OK(checkEngine({E::Vector}));
    CHECK_OK(checkAp("src", op.src(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    int reduceDims = std::max(1, op.reduce_dims());
    int srcDims = std::max(1, op.src().dims_size());
    if (reduceDims > srcDims)
      return fail(
          StrFormat("reduces %d dims but src has %d", reduceDims, srcDims));
    int64_t outer = 1;
    for (int i = 0; i < op.src().dims_size() - reduceDims; ++i)
      outer *= op.src().dims(i).count();
    if (op.dst().partition_count() != op.src().partition_count() ||
        elementsPerPartition(op.dst()) != outer)
      return fail(StrFormat("dst must be [%d partitions x %d]",
                            op.src().partition_count(), outer));
    if (op.op() != ALU_ADD && op.op() != ALU_MAX && op.op() != ALU_MIN &&
        op.op() != ALU_MUL)
      return fail("tensor_reduce reduces with add, max, min or mul");
    return absl::OkStatus();
  }
  case Instruction::kTensorCopy: {
    const TensorCopy &op = inst.tensor_copy();
    CHECK_OK(checkEngine({E::Vector, E::Scalar}));
    CHECK_OK(checkAp("src", op.src(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    return checkSameShape("src", op.src(), "dst", op.dst());
  }
  case Instruction::kSelect: {
    const Select &op = inst.select();
    CHECK_OK(checkEngine({E::Vector}));
    CHECK_OK(checkAp("pred", op.pred(), computeMemories()));
    CHECK_OK(checkAp("a", op.a(), computeMemories()));
    CHECK_OK(checkAp("b", op.b(), computeMemories()));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    CHECK_OK(checkSameShape("pred", op.pred(), "dst", op.dst()));
    CHECK_OK(checkSameShape("a", op.a(), "dst", op.dst()));
    return checkSameShape("b", op.b(), "dst", op.dst());
  }
  case Instruction::kIota: {
    const Iota &op = inst.iota();
    CHECK_OK(checkEngine({E::GpSimd}));
    CHECK_OK(checkAp("dst", op.dst(), computeMemories()));
    if (op.dim_multipliers_size() > std::max(1, op.dst().dims_size()))
      return fail("more dim multipliers than dst dims");
    return absl::OkStatus();
  }
  case Instruction::kMemset: {
    CHECK_OK(checkEngine({E::Vector, E::GpSimd}));
    return checkAp("dst", inst.memset().dst(), computeMemories());
  }
  case Instruction::kPartitionReduce:
  case Instruction::kPartitionBroadcast: {
    bool reduce = inst.kind_case() == Instruction::kPartitionReduce;
    const AccessPattern &src = reduce ? inst.partition_reduce().src()
                                      : inst.partition_broadcast().src();
    const AccessPattern &dst = reduce ? inst.partition_reduce().dst()
                                      : inst.partition_broadcast().dst();
    CHECK_OK(checkEngine({E::GpSimd}));
    CHECK_OK(checkAp("src", src, computeMemories()));
    CHECK_OK(checkAp("dst", dst, computeMemories()));
    if ((reduce ? dst : src).partition_count() != 1)
      return fail(
          StrFormat("%s must have one partition", reduce ? "dst" : "src"));
    if (elementsPerPartition(src) != elementsPerPartition(dst))
      return fail("src and dst differ in elements per partition");
    if (reduce) {
      AluOp o = inst.partition_reduce().op();
      if (o != ALU_ADD && o != ALU_MAX && o != ALU_MIN && o != ALU_MUL)
        return fail("partition_reduce reduces with add, max, min or mul");
    }
    return absl::OkStatus();
  }
  case Instruction::kGather:
  case Instruction::kScatter: {
    bool gather = inst.kind_case() == Instruction::kGather;
    const AccessPattern &table =
        gather ? inst.gather().table() : inst.scatter().table();
    const AccessPattern &indices =
        gather ? inst.gather().indices() : inst.scatter().indices();
    const AccessPattern &data =
        gather ? inst.gather().dst() : inst.scatter().src();
    int64_t rowStride =
        gather ? inst.gather().row_stride() : inst.scatter().row_stride();
    int64_t numRows =
        gather ? inst.gather().num_rows() : inst.scatter().num_rows();
    CHECK_OK(checkEngine({E::GpSimd, E::Dma}));
    CHECK_OK(checkTable("table", table, rowStride, numRows));
    CHECK_OK(checkAp("indices", indices, {MEMORY_SBUF}));
    CHECK_OK(checkAp(gather ? "dst" : "src", data, {MEMORY_SBUF}));
    CHECK_OK(checkPerPartition("indices", indices, data));
    if (!isIntegerDType(indices.dtype()))
      return fail("indices must be an integer type");
    if (elementsPerPartition(data) != elementsPerPartition(table))
      return fail(
          "a row of the table and a partition of the data differ in size");
    return absl::OkStatus();
  }
  case Instruction::KIND_NOT_SET:
    return fail("instruction has no kind");
  }
#undef CHECK_OK
  return fail("unknown instruction kind");
}

} // namespace

std::string streamName(StreamId stream) {
  switch (stream.kind) {
  case EngineKind::Tensor:
    return "tensor";
  case EngineKind::Vector:
    return "vector";
  case EngineKind::Scalar:
    return "scalar";
  case EngineKind::GpSimd:
    return "gpsimd";
  case EngineKind::Dma:
    return absl::StrCat("dma", stream.queue);
  }
  return "?";
}

const Stream *getStream(const Executable &exe, StreamId stream) {
  switch (stream.kind) {
  case EngineKind::Tensor:
    return &exe.tensor();
  case EngineKind::Vector:
    return &exe.vector();
  case EngineKind::Scalar:
    return &exe.scalar();
  case EngineKind::GpSimd:
    return &exe.gpsimd();
  case EngineKind::Dma:
    if (stream.queue < 0 || stream.queue >= exe.dma_queues_size())
      return nullptr;
    return &exe.dma_queues(stream.queue);
  }
  return nullptr;
}

Stream *getMutableStream(Executable &exe, StreamId stream) {
  switch (stream.kind) {
  case EngineKind::Tensor:
    return exe.mutable_tensor();
  case EngineKind::Vector:
    return exe.mutable_vector();
  case EngineKind::Scalar:
    return exe.mutable_scalar();
  case EngineKind::GpSimd:
    return exe.mutable_gpsimd();
  case EngineKind::Dma:
    if (stream.queue < 0)
      return nullptr;
    while (exe.dma_queues_size() <= stream.queue)
      exe.add_dma_queues();
    return exe.mutable_dma_queues(stream.queue);
  }
  return nullptr;
}

std::vector<StreamId> allStreams(const Executable &exe) {
  std::vector<StreamId> streams = {{EngineKind::Tensor, 0},
                                   {EngineKind::Vector, 0},
                                   {EngineKind::Scalar, 0},
                                   {EngineKind::GpSimd, 0}};
  for (int q = 0; q < exe.dma_queues_size(); ++q)
    streams.push_back({EngineKind::Dma, q});
  return streams;
}

std::string instructionKindName(const Instruction &inst) {
  const google::protobuf::OneofDescriptor *oneof =
      Instruction::descriptor()->FindOneofByName("kind");
  const google::protobuf::FieldDescriptor *field =
      inst.GetReflection()->GetOneofFieldDescriptor(inst, oneof);
  return field ? field->name() : "<none>";
}

std::string debugLocString(const DebugLoc &loc) {
  std::string text;
  if (!loc.file().empty() || loc.line() != 0)
    text = StrFormat("%s:%d:%d", loc.file(), loc.line(), loc.col());
  if (!loc.name().empty())
    text = text.empty() ? loc.name() : StrFormat("%s (%s)", text, loc.name());
  return text;
}

std::string describeInstruction(const Executable &exe, StreamId stream,
                                int index) {
  const Stream *s = getStream(exe, stream);
  if (!s || index < 0 || index >= s->instructions_size())
    return StrFormat("%s instruction %d", streamName(stream), index);
  const Instruction &inst = s->instructions(index);
  std::string loc = debugLocString(inst.loc());
  return StrFormat("%s instruction %d (%s%s%s)", streamName(stream), index,
                   instructionKindName(inst), loc.empty() ? "" : " at ", loc);
}

int64_t elementBytes(DType dtype) {
  switch (dtype) {
  case DTYPE_F32:
  case DTYPE_I32:
  case DTYPE_U32:
    return 4;
  case DTYPE_BF16:
  case DTYPE_F16:
  case DTYPE_I16:
  case DTYPE_U16:
    return 2;
  case DTYPE_F8E4M3:
  case DTYPE_F8E4M3FN:
  case DTYPE_F8E5M2:
  case DTYPE_I8:
  case DTYPE_U8:
  case DTYPE_I1:
    return 1;
  default:
    return 0;
  }
}

std::string dtypeName(DType dtype) {
  switch (dtype) {
  case DTYPE_F32:
    return "f32";
  case DTYPE_BF16:
    return "bf16";
  case DTYPE_F16:
    return "f16";
  case DTYPE_F8E4M3:
    return "f8E4M3";
  case DTYPE_F8E4M3FN:
    return "f8E4M3FN";
  case DTYPE_F8E5M2:
    return "f8E5M2";
  case DTYPE_I32:
    return "i32";
  case DTYPE_I16:
    return "i16";
  case DTYPE_I8:
    return "i8";
  case DTYPE_U8:
    return "ui8";
  case DTYPE_U16:
    return "ui16";
  case DTYPE_U32:
    return "ui32";
  case DTYPE_I1:
    return "i1";
  default:
    return "<no dtype>";
  }
}

bool isFp8DType(DType dtype) {
  return dtype == DTYPE_F8E4M3 || dtype == DTYPE_F8E4M3FN ||
         dtype == DTYPE_F8E5M2;
}

bool isFloatDType(DType dtype) {
  return dtype == DTYPE_F32 || dtype == DTYPE_BF16 || dtype == DTYPE_F16 ||
         isFp8DType(dtype);
}

int64_t elementsPerPartition(const AccessPattern &ap) {
  int64_t n = 1;
  for (const Dim &dim : ap.dims())
    n *= dim.count();
  return n;
}

ByteExtent byteExtent(const AccessPattern &ap) {
  __int128 lo = 0, hi = 0;
  auto add = [&](int64_t count, int64_t stride) {
    __int128 span = static_cast<__int128>(count - 1) * stride;
    (span < 0 ? lo : hi) += span;
  };
  for (const Dim &dim : ap.dims())
    add(dim.count(), dim.stride());
  if (ap.memory() == MEMORY_HBM)
    add(ap.partition_count(), ap.partition_stride());
  int64_t eb = elementBytes(ap.dtype());
  __int128 begin = ap.byte_offset() + lo * eb;
  __int128 end = ap.byte_offset() + (hi + 1) * eb;
  auto clamp = [](__int128 v) {
    const __int128 limit = int64_t(1) << 62;
    return static_cast<int64_t>(v < -limit ? -limit : v > limit ? limit : v);
  };
  return {clamp(begin), clamp(end)};
}

AccessPattern makeAccessPattern(Memory memory, int startPartition,
                                int partitionCount, int64_t byteOffset,
                                DType dtype,
                                std::vector<std::pair<int64_t, int64_t>> dims,
                                int64_t partitionStride) {
  AccessPattern ap;
  ap.set_memory(memory);
  ap.set_start_partition(startPartition);
  ap.set_partition_count(partitionCount);
  ap.set_byte_offset(byteOffset);
  ap.set_dtype(dtype);
  for (auto [count, stride] : dims) {
    Dim *dim = ap.add_dims();
    dim->set_count(count);
    dim->set_stride(stride);
  }
  ap.set_partition_stride(partitionStride);
  return ap;
}

int64_t tensorBytes(const TensorDecl &decl) {
  int64_t n = elementBytes(decl.dtype());
  for (int64_t d : decl.shape())
    n *= d;
  return n;
}

std::vector<HbmRegion> hbmRegions(const Executable &exe) {
  std::vector<HbmRegion> regions;
  for (const TensorDecl &t : exe.inputs())
    regions.push_back({"input", t.name(), t.hbm_address(),
                       static_cast<uint64_t>(tensorBytes(t))});
  for (const TensorDecl &t : exe.outputs())
    regions.push_back({"output", t.name(), t.hbm_address(),
                       static_cast<uint64_t>(tensorBytes(t))});
  for (const Constant &c : exe.constants())
    regions.push_back({"constant", c.name(), c.hbm_address(), c.data().size()});
  for (const ScratchRegion &s : exe.scratch())
    regions.push_back({"scratch", s.name(), s.hbm_address(), s.size_bytes()});
  std::stable_sort(regions.begin(), regions.end(),
                   [](const HbmRegion &a, const HbmRegion &b) {
                     return a.address < b.address;
                   });
  return regions;
}

void finalizeExecutable(Executable &exe) {
  exe.set_magic(kNcxMagic);
  exe.set_format_version(kNcxFormatVersion);
  exe.set_end_marker(kNcxEndMarker);
  if (exe.target_name().empty())
    exe.set_target_name(exe.target().name());
}

absl::StatusOr<std::string> serializeExecutable(const Executable &exe) {
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!exe.SerializeToCodedStream(&coded))
      return absl::InternalError("cannot serialize the executable");
  }
  return bytes;
}

absl::Status writeExecutable(const Executable &exe, absl::string_view path) {
  absl::StatusOr<std::string> bytes = serializeExecutable(exe);
  if (!bytes.ok())
    return bytes.status();
  std::ofstream file{std::string(path), std::ios::binary};
  if (!file)
    return absl::NotFoundError(StrFormat("cannot open '%s' for writing", path));
  file.write(bytes->data(), static_cast<std::streamsize>(bytes->size()));
  if (!file)
    return absl::InternalError(StrFormat("cannot write '%s'", path));
  return absl::OkStatus();
}

absl::Status validateExecutable(const Executable &exe,
                                const TargetDesc *expected) {
  auto error = [](const std::string &message) {
    return absl::InvalidArgumentError(message);
  };
  if (exe.magic() != kNcxMagic)
    return error(
        StrFormat("not an NCX executable (magic 0x%08x, expected 0x%08x)",
                  exe.magic(), kNcxMagic));
  if (exe.format_version() != kNcxFormatVersion)
    return error(
        StrFormat("NCX format version %d is not supported (this runtime reads "
                  "version %d)",
                  exe.format_version(), kNcxFormatVersion));
  if (!exe.has_target())
    return error("the executable has no target description");
  absl::Status status = validateTarget(exe.target(), "the executable's target");
  if (!status.ok())
    return status;
  const TargetDesc &target = exe.target();
  if (exe.target_name() != target.name())
    return error(
        StrFormat("target_name '%s' differs from the embedded target '%s'",
                  exe.target_name(), target.name()));
  if (expected && expected->name() != target.name())
    return error(
        StrFormat("the executable was compiled for target '%s', not '%s'",
                  target.name(), expected->name()));
  if (exe.num_semaphores() > static_cast<uint32_t>(target.semaphores()))
    return error(StrFormat("%d semaphores, but %s has %d", exe.num_semaphores(),
                           target.name(), target.semaphores()));
  if (exe.dma_queues_size() > target.dma_queues())
    return error(StrFormat("%d DMA queues, but %s has %d",
                           exe.dma_queues_size(), target.name(),
                           target.dma_queues()));
  for (const auto *decls : {&exe.inputs(), &exe.outputs()})
    for (const TensorDecl &t : *decls) {
      if (elementBytes(t.dtype()) == 0)
        return error(StrFormat("tensor '%s' has no dtype", t.name()));
      int64_t elements = 1;
      for (int64_t d : t.shape()) {
        if (d < 0 || d > kMaxCount)
          return error(
              StrFormat("tensor '%s' has a bad dimension %d", t.name(), d));
        elements *= d;
        if (elements > (int64_t(1) << 40)) // HBM's size bounds it further below
          return error(StrFormat("tensor '%s' is too large", t.name()));
      }
    }
  // The non-empty regions, in address order, must be disjoint; instruction
  // ranges are then looked up among them by binary search.
  std::vector<HbmRegion> nonEmpty;
  for (const HbmRegion &r : hbmRegions(exe)) {
    if (r.address > static_cast<uint64_t>(target.hbm_bytes()) ||
        r.size > static_cast<uint64_t>(target.hbm_bytes()) - r.address)
      return error(StrFormat(
          "%s '%s' at HBM [%d, %d) is outside the %d bytes of HBM", r.kind,
          r.name, r.address, r.address + r.size, target.hbm_bytes()));
    if (r.size == 0)
      continue;
    if (!nonEmpty.empty() &&
        nonEmpty.back().address + nonEmpty.back().size > r.address)
      return error(StrFormat("%s '%s' at HBM %d overlaps %s '%s'", r.kind,
                             r.name, r.address, nonEmpty.back().kind,
                             nonEmpty.back().name));
    nonEmpty.push_back(r);
  }
  for (StreamId stream : allStreams(exe)) {
    const Stream *s = getStream(exe, stream);
    for (int i = 0; i < s->instructions_size(); ++i) {
      absl::Status status = InstructionChecker(exe, nonEmpty, stream, i).run();
      if (!status.ok())
        return status;
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Executable> parseExecutable(absl::string_view bytes,
                                           const TargetDesc *expected,
                                           absl::string_view sourceName) {
  Executable exe;
  auto error = [&](const std::string &message) {
    return absl::InvalidArgumentError(absl::StrCat(sourceName, ": ", message));
  };
  if (bytes.empty())
    return error("empty file, not an NCX executable");
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return error("file too large for an NCX executable (2 GiB at most)");
  // Corrupt files make Protobuf log (e.g. invalid UTF-8 in a string); the error
  // is reported once, below, instead.
  google::protobuf::LogSilencer silencer;
  if (!exe.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return error("cannot parse the NCX executable (truncated or corrupt file)");
  if (exe.magic() != kNcxMagic)
    return error(
        StrFormat("not an NCX executable (magic 0x%08x, expected 0x%08x)",
                  exe.magic(), kNcxMagic));
  if (exe.end_marker() != kNcxEndMarker)
    return error("truncated NCX executable (the end marker is missing)");
  absl::Status status = validateExecutable(exe, expected);
  if (!status.ok())
    return error(std::string(status.message()));
  return exe;
}

absl::StatusOr<Executable> loadExecutable(absl::string_view path,
                                          const TargetDesc *expected) {
  std::ifstream file{std::string(path), std::ios::binary};
  if (!file)
    return absl::NotFoundError(StrFormat("cannot open '%s'", path));
  std::stringstream buffer;
  buffer << file.rdbuf();
  return parseExecutable(buffer.str(), expected, path);
}

} // namespace systole::ncx
