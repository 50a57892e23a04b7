//===- Tile.cpp - the `tile` phase: layout policy and tile sizes ---------===//
//
// `systole-tile` (DESIGN section 1, phase `tile`; section 3 for the rules):
// decides for every linalg op which loop lives on the 128 partitions and the
// tile size of every loop, and records it as `systole.tiling` (Tiling.h).
// The `ncore` phase materializes the tiles.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"

#include "runtime/targets/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace systole {
#define GEN_PASS_DEF_TILE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

void systole::setTiling(Operation *op, const TilingDecision &decision) {
  Builder b(op->getContext());
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("partition", b.getI64IntegerAttr(decision.partition)),
      b.getNamedAttr("tiles", b.getDenseI64ArrayAttr(decision.tiles))};
  if (decision.reductionOuter)
    entries.push_back(b.getNamedAttr("reduction_outer", b.getUnitAttr()));
  op->setAttr(kTilingAttrName, b.getDictionaryAttr(entries));
}

FailureOr<systole::TilingDecision> systole::getTiling(Operation *op) {
  auto dict = op->getAttrOfType<DictionaryAttr>(kTilingAttrName);
  if (!dict)
    return failure();
  auto partition = dict.getAs<IntegerAttr>("partition");
  auto tiles = dict.getAs<DenseI64ArrayAttr>("tiles");
  if (!partition || !tiles)
    return failure();
  TilingDecision d;
  d.partition = partition.getInt();
  d.tiles.assign(tiles.asArrayRef().begin(), tiles.asArrayRef().end());
  d.reductionOuter = static_cast<bool>(dict.get("reduction_outer"));
  return d;
}

/// For a reduction `op` over one loop, the innermost, tiled by `d`: a
/// parallel free loop along which an input that the reduction strides over
/// is contiguous (its indexing map's last result; HBM buffers are row
/// major), when its tile under `d` holds fewer elements of that loop than
/// the loop has (the input then loads one element per DMA descriptor);
/// else -1.
static int64_t contiguousParallelLoop(linalg::LinalgOp op,
                                      const systole::TilingDecision &d) {
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  int64_t n = static_cast<int64_t>(iters.size());
  if (n < 2 || op.getNumReductionLoops() != 1 ||
      iters[n - 1] == utils::IteratorType::parallel || d.partition < 0)
    return -1;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.getNumResults() == 0 || !map.isProjectedPermutation())
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!last)
      continue;
    int64_t q = last.getPosition();
    if (q == d.partition || iters[q] != utils::IteratorType::parallel ||
        d.tiles[q] >= ranges[q] ||
        !map.isFunctionOfDim(static_cast<unsigned>(n - 1)))
      continue;
    return q;
  }
  return -1;
}

/// Largest free elements per partition of one tile: keeps instructions at a
/// size where their fixed costs are amortized without starving double
/// buffering.
static constexpr int64_t kMaxFreeElements = 4096;
/// Bytes of a reduction's innermost rows by its reduced elements above which
/// the innermost loop takes the partitions (decideTiling); the contiguous
/// span one load takes (`ncore`'s load spans).
static constexpr int64_t kTransposedReductionBytes = 16384;

static int64_t elementBytes(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    t = shaped.getElementType();
  // Indices, and i8/i16 values (the `ncore` phase keeps integers in 32-bit
  // tiles), take 4 bytes on chip.
  if (t.isIndex() || (isa<IntegerType>(t) && t.getIntOrFloatBitWidth() > 1))
    return 4;
  return std::max<int64_t>(1, (t.getIntOrFloatBitWidth() + 7) / 8);
}

bool systole::isContraction(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInputs() != 2 ||
      linalgOp.getNumDpsInits() != 1 || op->getNumRegions() != 1 ||
      op->getRegion(0).empty())
    return false;
  Block &body = op->getRegion(0).front();
  Operation *yield = body.getTerminator();
  if (!yield || yield->getNumOperands() != 1)
    return false;
  Operation *reduction = yield->getOperand(0).getDefiningOp();
  if (!reduction || reduction->getBlock() != &body ||
      reduction->getNumOperands() != 2)
    return false;
  // One operand the running value, the other computed in the body.
  Value out = body.getArgument(linalgOp.getNumDpsInputs());
  Value lhs = reduction->getOperand(0), rhs = reduction->getOperand(1);
  Value other = lhs == out ? rhs : rhs == out ? lhs : Value();
  if (!other || !other.getDefiningOp() ||
      other.getDefiningOp()->getBlock() != &body)
    return false;
  return linalg::isaContractionOpInterface(linalgOp);
}

bool systole::wrapsNarrowInteger(Operation &op) {
  if (op.getNumResults() != 1)
    return false;
  auto it = dyn_cast<IntegerType>(op.getResult(0).getType());
  if (!it || it.getWidth() <= 1 || it.getWidth() >= 32)
    return false;
  return isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
             math::AbsIOp, arith::IndexCastOp, arith::IndexCastUIOp,
             arith::FPToSIOp, arith::FPToUIOp, arith::DivUIOp, arith::RemUIOp>(
      op);
}

/// extraTemporaries without the narrow integers' wrap.
static int64_t bodyTemporaries(Operation &op) {
  if (isa<tensor::ExtractOp, memref::LoadOp>(op)) {
    // A gather with several computed indices: its linear element offset,
    // a product and a running sum per index and the partitions' offsets.
    int64_t computed =
        llvm::count_if(op.getOperands().drop_front(), [](Value v) {
          return !v.getDefiningOp<linalg::IndexOp>() && !getConstantIntValue(v);
        });
    return computed > 1 ? 2 * computed + 1 : 0;
  }
  if (isa<math::Atan2Op>(op))
    return 12;
  if (isa<arith::DivSIOp, arith::RemSIOp, arith::DivUIOp, arith::RemUIOp,
          arith::RemFOp>(op))
    return 10;
  if (isa<math::FloorOp, math::CeilOp, math::TruncOp, math::RoundOp,
          math::RoundEvenOp, arith::FPToSIOp>(op))
    return 9;
  if (isa<math::Log1pOp, math::ExpM1Op>(op))
    return 7;
  if (isa<math::CbrtOp>(op))
    return 6;
  if (isa<arith::CmpIOp, arith::MinUIOp, arith::MaxUIOp, arith::ShLIOp,
          arith::ShRSIOp, arith::ShRUIOp, arith::ExtUIOp, arith::UIToFPOp,
          math::AbsIOp, math::CopySignOp, math::CtPopOp,
          math::CountLeadingZerosOp>(op))
    return 4;
  return 0;
}

int64_t systole::extraTemporaries(Operation &op) {
  // The wrap of a narrow integer result: a shift up and one down.
  int64_t wrap = wrapsNarrowInteger(op) ? 2 : 0;
  return wrap + bodyTemporaries(op);
}

systole::TilingDecision
systole::decideTiling(ArrayRef<int64_t> ranges,
                      ArrayRef<utils::IteratorType> iters,
                      int64_t bytesPerElement, int64_t sbufBytesPerPartition,
                      int64_t partitions, int64_t transposedLoadBytes) {
  TilingDecision d;
  int64_t slotBytes = sbufBytesPerPartition / 2;
  size_t n = ranges.size();
  SmallVector<int64_t> parallel;
  for (size_t i = 0; i < n; ++i)
    if (iters[i] == utils::IteratorType::parallel)
      parallel.push_back(static_cast<int64_t>(i));
  d.partition = -1;
  if (parallel.size() == 1) {
    d.partition = parallel[0];
  } else if (parallel.size() > 1) {
    // The largest parallel loop other than the innermost loop when that is
    // parallel: the innermost stays contiguous in each partition's row. When
    // the innermost loop is a reduction, it is the contiguous one, and the
    // parallel loop next to it may take the partitions (softmax and layer
    // norm rows: 128 rows per tile rather than the few heads or batch
    // entries an outer loop has).
    bool innermostParallel = parallel.back() == static_cast<int64_t>(n) - 1;
    size_t candidates = parallel.size() - (innermostParallel ? 1 : 0);
    for (size_t i = 0; i < candidates; ++i)
      if (d.partition < 0 || ranges[parallel[i]] > ranges[d.partition])
        d.partition = parallel[i];
    // A reduction over loops outside a parallel innermost one (NHWC global
    // pooling: [images, h, w, channels] summed over h and w) whose rows of
    // the innermost loop by the reduced elements take more than
    // kTransposedReductionBytes: the innermost loop takes the partitions,
    // and its tiles load as rows transposed on the tensor engine; else each
    // partition would read a few of the innermost loop's elements per
    // reduced index (20 of 512 channels: 854.8 us where this takes 17.9 on
    // trn2). Smaller ones load fast as they are.
    int64_t reduced = 1;
    for (size_t i = 0; i < n; ++i)
      if (iters[i] != utils::IteratorType::parallel)
        reduced *= ranges[i];
    int64_t innermost = static_cast<int64_t>(n) - 1;
    if (transposedLoadBytes > 0 && innermostParallel && reduced > 1 &&
        reduced * ranges[innermost] * transposedLoadBytes >
            kTransposedReductionBytes)
      d.partition = innermost;
  }
  d.tiles.assign(n, 1);
  if (d.partition >= 0)
    d.tiles[d.partition] = std::min<int64_t>(ranges[d.partition], partitions);
  int64_t budget = std::min<int64_t>(
      kMaxFreeElements,
      std::max<int64_t>(1, slotBytes / std::max<int64_t>(1, bytesPerElement)));

  // Free loops: after the partition loop, and every reduction loop; grown
  // from the innermost, reductions innermost. At most 4 (access patterns
  // have 4 free dims).
  SmallVector<int64_t> freeLoops;
  for (size_t i = 0; i < n; ++i) {
    bool reduction = iters[i] != utils::IteratorType::parallel;
    if (static_cast<int64_t>(i) != d.partition &&
        (reduction || static_cast<int64_t>(i) > d.partition))
      freeLoops.push_back(static_cast<int64_t>(i));
  }
  std::stable_partition(freeLoops.begin(), freeLoops.end(), [&](int64_t l) {
    return iters[l] == utils::IteratorType::parallel;
  });
  int64_t used = 1, dims = 0;
  for (int64_t l : llvm::reverse(freeLoops)) {
    if (ranges[l] == 1)
      continue; // takes no access-pattern dim
    if (dims == 4 || used >= budget)
      break;
    int64_t t = std::min<int64_t>(ranges[l], budget / used);
    d.tiles[l] = std::max<int64_t>(1, t);
    used *= d.tiles[l];
    ++dims;
    if (t < ranges[l])
      break;
  }
  return d;
}

namespace {

struct TilePass : systole::impl::TileBase<TilePass> {
  using TileBase::TileBase;

  void runOnOperation() override {
    FailureOr<systole::TargetDesc> loaded =
        systole::loadTargetFor(getOperation(), target);
    if (failed(loaded))
      return signalPassFailure();
    int64_t partitions = loaded->sbuf_partitions();

    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() && !op.hasPureBufferSemantics())
        return;
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (llvm::any_of(ranges, ShapedType::isDynamic))
        return;
      // Float contractions go to the tensor engine; integer ones (it has no
      // integer mode) are tiled like any reduction for the vector engine.
      bool floatOperands = llvm::all_of(op->getOperands(), [](Value v) {
        return isa<FloatType>(getElementTypeOrSelf(v.getType()));
      });
      if (floatOperands && systole::isContraction(op)) {
        FailureOr<linalg::ContractionDimensions> dims =
            linalg::inferContractionDims(op);
        if (succeeded(dims) && dims->m.size() <= 1 && dims->n.size() <= 1 &&
            dims->k.size() == 1) {
          // K on partitions, M <= 128 (PSUM partitions), N <= 512 (a PSUM
          // bank of fp32), K <= 128; batch loops one at a time.
          systole::TilingDecision d;
          d.tiles.assign(ranges.size(), 1);
          auto set = [&](ArrayRef<unsigned> loops, int64_t limit) {
            for (unsigned l : loops)
              d.tiles[l] = std::min<int64_t>(ranges[l], limit);
          };
          set(dims->m, loaded->pe_columns());
          set(dims->n, loaded->matmul_max_n());
          set(dims->k, loaded->pe_rows());
          d.partition = dims->k[0];
          systole::setTiling(op, d);
          return;
        }
      }
      if (isa<linalg::ConvolutionOpInterface>(op.getOperation()))
        return; // not lowered yet; the `ncore` phase reports it
      // Bytes per free element of one tile set: every operand, plus a 4-byte
      // temporary per body op.
      int64_t bytesPerElement = 0;
      for (OpOperand &operand : op->getOpOperands())
        bytesPerElement += elementBytes(operand.get().getType());
      if (op->getNumRegions() == 1)
        for (Operation &bodyOp : op->getRegion(0).front())
          bytesPerElement += 4 * (1 + systole::extraTemporaries(bodyOp));
      // Inputs that `ncore` can load transposed (2- and 4-byte floats): the
      // largest element size, or 0.
      int64_t transposedLoadBytes = 0;
      for (Value v : op.getDpsInputs()) {
        Type t = getElementTypeOrSelf(v.getType());
        int64_t bits = t.getIntOrFloatBitWidth();
        if (!isa<FloatType>(t) || (bits != 16 && bits != 32)) {
          transposedLoadBytes = 0;
          break;
        }
        transposedLoadBytes = std::max(transposedLoadBytes, bits / 8);
      }
      systole::TilingDecision d = systole::decideTiling(
          ranges, op.getIteratorTypesArray(), bytesPerElement,
          loaded->sbuf_bytes_per_partition(), partitions, transposedLoadBytes);
      // An input contiguous along a parallel loop and strided along the
      // reduction (a masked scatter reduction's updates, [updates x
      // features], reduced over the updates): that loop's elements first,
      // then as much of the reduction as the budget leaves, with the
      // reduction outside it in the tile.
      if (int64_t q = contiguousParallelLoop(op, d); q >= 0) {
        int64_t r = static_cast<int64_t>(ranges.size()) - 1;
        // The free elements decideTiling gave the tile, redistributed.
        int64_t budget = 1;
        for (size_t l = 0; l < ranges.size(); ++l)
          if (static_cast<int64_t>(l) != d.partition) {
            budget *= d.tiles[l];
            d.tiles[l] = 1;
          }
        d.tiles[q] = std::min(ranges[q], budget);
        d.tiles[r] = std::max<int64_t>(1, budget / d.tiles[q]);
        d.reductionOuter = true;
      }
      systole::setTiling(op, d);
    });
  }
};

} // namespace
