//===- Ncx.h - NCX executables: loading, validation, helpers -----*- C++
//-*-===//
//
// The NeuronCore executable format (ncx.proto; DESIGN section 6) and the checks
// every executable must pass before it runs: the hardware rules of DESIGN
// section 3 (which engine may touch which memory, partition-start alignment,
// matmul shape limits, PSUM banks) and the bounds of every access pattern
// against its declared memory region.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_NCX_NCX_H
#define SYSTOLE_RUNTIME_NCX_NCX_H

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/ncx/ncx.pb.h"
#include "runtime/targets/target.pb.h"

namespace systole::ncx {

/// Executable.magic: "NCX1" read as a little-endian uint32.
inline constexpr uint32_t kNcxMagic = 0x3158434E;
/// Executable.format_version this runtime reads and writes.
inline constexpr uint32_t kNcxFormatVersion = 1;
/// Executable.end_marker: the last field serialized; its absence means
/// truncation.
inline constexpr uint32_t kNcxEndMarker = 0x444E4558; // "XEND"
/// Most free dims an access pattern may have (DESIGN section 3).
inline constexpr int kMaxFreeDims = 4;
/// Number of compute engines (tensor, vector, scalar, gpsimd).
inline constexpr int kNumComputeEngines = 4;

/// Which instruction stream: a compute engine or a DMA queue.
enum class EngineKind { Tensor, Vector, Scalar, GpSimd, Dma };

/// Identifies one instruction stream; `queue` is the DMA queue index for Dma.
struct StreamId {
  EngineKind kind = EngineKind::Tensor;
  int queue = 0;
  bool operator==(const StreamId &o) const {
    return kind == o.kind && queue == o.queue;
  }
};

/// "tensor", "vector", "scalar", "gpsimd" or "dma3".
std::string streamName(StreamId stream);
/// The stream's instructions, or nullptr for a DMA queue the executable does
/// not have.
const Stream *getStream(const Executable &exe, StreamId stream);
Stream *getMutableStream(Executable &exe, StreamId stream);
/// The 4 compute engines followed by one entry per DMA queue of `exe`.
std::vector<StreamId> allStreams(const Executable &exe);

/// The name of the instruction's kind ("matmul", "dma_copy", ...), "<none>" if
/// unset.
std::string instructionKindName(const Instruction &inst);
/// An instruction's debug location as text: `file:line:col`, `name`, or
/// `file:line:col (name)` when it has both; "" when it has neither.
std::string debugLocString(const DebugLoc &loc);
/// How errors name an instruction: `tensor instruction 3 (matmul at
/// f.mlir:4:5)`, or with a name location `(matmul at f.py:4:5 (fc1))`.
std::string describeInstruction(const Executable &exe, StreamId stream,
                                int index);

/// Element size in bytes of a dtype (I1 is 1); 0 for DTYPE_UNSPECIFIED.
int64_t elementBytes(DType dtype);
/// "f32", "bf16", "f8E4M3", ... (MLIR spellings).
std::string dtypeName(DType dtype);
bool isFloatDType(DType dtype);
bool isFp8DType(DType dtype);

/// Element count per partition of an access pattern (product of its dim
/// counts).
int64_t elementsPerPartition(const AccessPattern &ap);

/// Byte extent of an access pattern within one partition (SBUF/PSUM) or in HBM
/// (all partitions): [begin, end), in bytes, from the lowest to one past the
/// highest byte any element touches.
struct ByteExtent {
  int64_t begin = 0;
  int64_t end = 0;
};
ByteExtent byteExtent(const AccessPattern &ap);

/// Builds an access pattern (for tests, generators and the compiler's emitter).
/// `dims` are (count, stride in elements) pairs, outermost first.
AccessPattern makeAccessPattern(Memory memory, int startPartition,
                                int partitionCount, int64_t byteOffset,
                                DType dtype,
                                std::vector<std::pair<int64_t, int64_t>> dims,
                                int64_t partitionStride = 0);

/// Sets magic, format version, end marker and target_name (from target.name()).
void finalizeExecutable(Executable &exe);
/// The serialized bytes (deterministic). Errors: InternalError if serialization
/// fails.
absl::StatusOr<std::string> serializeExecutable(const Executable &exe);
/// Writes serializeExecutable(exe) to `path`. Errors:
/// NotFoundError/InternalError.
absl::Status writeExecutable(const Executable &exe, absl::string_view path);

/// Parses and validates serialized NCX bytes. `sourceName` prefixes error
/// messages. If `expected` is non-null the executable must have been compiled
/// for a target of the same name. Errors (InvalidArgumentError): unparseable or
/// truncated bytes, wrong magic, another format version, another target, and
/// every error of validateExecutable().
absl::StatusOr<Executable>
parseExecutable(absl::string_view bytes, const TargetDesc *expected,
                absl::string_view sourceName = "<ncx>");
/// Reads the file at `path` and calls parseExecutable(). Errors: NotFoundError
/// if the file cannot be read, then as parseExecutable().
absl::StatusOr<Executable> loadExecutable(absl::string_view path,
                                          const TargetDesc *expected);

/// Checks an in-memory executable (DESIGN sections 3, 4 and 6): magic and
/// version, the embedded target (validateTarget) and, with `expected`, its
/// name; HBM regions (inputs, outputs, constants, scratch) inside HBM and
/// disjoint; stream and semaphore counts; and for every instruction: a kind
/// allowed on its engine, semaphore ids below num_semaphores, every access
/// pattern inside its memory (SBUF/PSUM: the target's partitions and bytes per
/// partition; HBM: one declared region), the engine/memory rules,
/// partition-start alignment on compute engines, operand shapes and dtypes, and
/// matmul limits (K <= pe_rows, M <= pe_columns, N <= matmul_max_n, fp32 result
/// in one PSUM bank). Errors: InvalidArgumentError naming the instruction via
/// describeInstruction(), e.g. `tensor instruction 0 (matmul at m.mlir:3:7):
/// moving: ...`.
absl::Status validateExecutable(const Executable &exe,
                                const TargetDesc *expected);

/// A declared HBM region, [address, address + size) in bytes.
struct HbmRegion {
  std::string kind; // "input", "output", "constant", "scratch"
  std::string name;
  uint64_t address = 0;
  uint64_t size = 0;
};
/// Every HBM region of `exe`, sorted by address.
std::vector<HbmRegion> hbmRegions(const Executable &exe);
/// Byte size of a tensor declaration (product of shape x element bytes).
int64_t tensorBytes(const TensorDecl &decl);

} // namespace systole::ncx

#endif // SYSTOLE_RUNTIME_NCX_NCX_H
