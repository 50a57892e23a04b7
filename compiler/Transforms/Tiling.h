//===- Tiling.h - the `tile` phase's decisions ------------------*- C++ -*-===//
//
// The layout and tile sizes `systole-tile` chooses for a linalg op (DESIGN
// sections 1 and 3), stored on the op as
//   systole.tiling = {partition = P : i64, tiles = array<i64: t0, t1, ...>
//                     [, reduction_outer]}
// and read back by the `ncore` phase.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_TRANSFORMS_TILING_H
#define SYSTOLE_COMPILER_TRANSFORMS_TILING_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace systole {

/// One op's tiling: `partition` is the loop (index into the op's iteration
/// space) that lives on the SBUF/PSUM partitions, or -1 when the op runs on
/// one partition (a reduction to a scalar); `tiles[d]` is the tile size of
/// loop d in elements (at most 128 for the partition loop; 1 for a loop
/// walked one index at a time). For contractions (`linalg.matmul` [M, N, K],
/// `linalg.batch_matmul` [B, M, N, K]) the partition loop is K.
/// `reductionOuter`: the tile holds its one reduction loop outside its
/// parallel free loops in each partition's row (the reduction reads it
/// through a strided access pattern), so that an input contiguous along a
/// parallel loop and strided along the reduction (the [updates x features]
/// of a masked scatter reduction) loads as rows rather than one element per
/// DMA descriptor.
struct TilingDecision {
  int64_t partition = -1;
  llvm::SmallVector<int64_t> tiles;
  bool reductionOuter = false;
};

/// The attribute name, `systole.tiling`.
inline constexpr llvm::StringLiteral kTilingAttrName = "systole.tiling";

/// Stores `decision` on `op` as `systole.tiling`.
void setTiling(mlir::Operation *op, const TilingDecision &decision);

/// Reads `systole.tiling` from `op`; failure when absent or malformed.
mlir::FailureOr<TilingDecision> getTiling(mlir::Operation *op);

/// The [partitions x free] policy for elementwise and reduction ops: the
/// partition loop is the only parallel loop, or the largest parallel loop
/// other than the innermost one (-1 without parallel loops) — or, for a
/// reduction over loops outside a parallel innermost loop whose rows by the
/// reduced elements exceed 16 KB when `transposedLoadBytes` is not 0 (every
/// input a float of 2 or 4 bytes, which `ncore` loads as rows and
/// transposes on the tensor engine; its largest element size), the
/// innermost loop;
/// free loops are the loops after it and every reduction loop, reductions
/// innermost, grown from the innermost until a tile set of
/// `bytesPerElement` bytes per free element fills half of
/// `sbufBytesPerPartition` (two slot sets for double buffering) or 4096
/// elements; at most 4 free loops get a tile above 1.
TilingDecision decideTiling(llvm::ArrayRef<int64_t> ranges,
                            llvm::ArrayRef<mlir::utils::IteratorType> iterators,
                            int64_t bytesPerElement,
                            int64_t sbufBytesPerPartition, int64_t partitions,
                            int64_t transposedLoadBytes = 0);

/// linalg::isaContractionOpInterface(op), for any linalg op: MLIR 19's check
/// dereferences the producer of the reduction's second operand without
/// testing it, and crashes on a reduction that combines the running value
/// with an input directly (a max over one input of a two-input generic, as
/// a split variadic reduce leaves). Such ops are not contractions.
bool isContraction(mlir::Operation *op);

/// On-chip temporaries, beyond its result, that the `ncore` phase's
/// expansion of linalg body op `op` holds at once, each a 4-byte value per
/// element (0 for ops one instruction computes): the tile budget of
/// `systole-tile` and the epilogue arenas of `ncore` count them.
int64_t extraTemporaries(mlir::Operation &op);

/// Whether linalg body op `op` computes an 8- or 16-bit integer that can
/// leave its type's signed range in the i32 tile the `ncore` phase holds it
/// in (sums, differences, products, left shifts, |min|, index and float
/// conversions, unsigned division): `ncore` wraps such results right away
/// (two's complement, like StableHLO's integer ops), so that the next op
/// reads the wrapped value. Truncations wrap as they lower; the other
/// integer ops keep their operands' range.
bool wrapsNarrowInteger(mlir::Operation &op);

} // namespace systole

#endif
