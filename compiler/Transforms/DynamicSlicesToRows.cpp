//===- DynamicSlicesToRows.cpp - runtime-indexed slices as row gathers ----===//
//
// See Passes.td (DynamicSlicesToRows). Access patterns have addresses fixed
// at compile time (DESIGN section 4); what an index computed on the device
// can address is a row of a `gather` or `scatter` (indices in SBUF). So a
// `dynamic_slice` (spec: dynamic_slice) whose start indices are not all
// constants reads whole rows: with K the last dimension of a computed
// start, the operand is viewed as [D0 * ... * DK, rest] and row
//   sum over d <= K of (clamp(start_d, 0, D_d - S_d) + i_d) * stride_d
// is gathered for every i in the window [S0, ..., SK]; constant starts of
// the dims after K become a static slice of the rows. `dynamic_update_slice`
// (spec: dynamic_update_slice) scatters whole rows the same way (a
// partial row is first gathered and updated at its static offsets). The
// start clamping is the spec's, so the rows are always in bounds.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/Matchers.h"

namespace systole {
#define GEN_PASS_DEF_DYNAMICSLICESTOROWS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Largest row index the rewrite emits: the engines' i32 arithmetic is exact
/// below 2^24.
constexpr int64_t kMaxRows = int64_t{1} << 24;

/// The constant start of dim d, clamped as the spec clamps it.
int64_t constantStart(Value start, int64_t dim, int64_t size) {
  DenseIntElementsAttr attr;
  if (!matchPattern(start, m_Constant(&attr)))
    return 0;
  APInt v = *attr.value_begin<APInt>();
  bool isUnsigned = cast<IntegerType>(attr.getElementType()).isUnsigned();
  int64_t s =
      isUnsigned
          ? static_cast<int64_t>(std::min<uint64_t>(v.getZExtValue(), dim))
          : v.getSExtValue();
  return std::clamp<int64_t>(s, 0, dim - size);
}

/// Builds the row gathers and scatters of one op.
class RowBuilder {
public:
  RowBuilder(Operation *op) : b(op), loc(op->getLoc()), ctx(op->getContext()) {}

  RankedTensorType i32(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, b.getI32Type());
  }
  Value constant(int64_t v) {
    return b.create<stablehlo::ConstantOp>(
        loc, DenseElementsAttr::get(i32({}), APInt(32, v, true)));
  }

  /// The row indices, shape [S0, ..., SK] flattened to [P, 1], of the
  /// window at `starts` (the op's start index operands) of `sizes` in
  /// `shape`, for dims 0..K.
  Value rowIndices(ValueRange starts, ArrayRef<int64_t> shape,
                   ArrayRef<int64_t> sizes, int64_t last) {
    SmallVector<int64_t> window(sizes.begin(), sizes.begin() + last + 1);
    int64_t rows = 1;
    for (int64_t s : window)
      rows *= s;
    RankedTensorType type = i32(window);
    Value sum;
    int64_t stride = 1;
    for (int64_t d = last; d >= 0; --d) {
      Value s = starts[d], start;
      if (matchPattern(s, m_Constant())) {
        start = constant(constantStart(s, shape[d], sizes[d]));
      } else {
        if (getElementTypeOrSelf(s.getType()) != b.getI32Type())
          s = b.create<stablehlo::ConvertOp>(loc, i32({}), s);
        start = b.create<stablehlo::ClampOp>(loc, i32({}), constant(0), s,
                                             constant(shape[d] - sizes[d]));
      }
      Value at =
          b.create<stablehlo::AddOp>(loc,
                                     b.create<stablehlo::BroadcastInDimOp>(
                                         loc, type, start, ArrayRef<int64_t>{}),
                                     b.create<stablehlo::IotaOp>(loc, type, d));
      if (stride != 1)
        at = b.create<stablehlo::MultiplyOp>(
            loc, at,
            b.create<stablehlo::BroadcastInDimOp>(loc, type, constant(stride),
                                                  ArrayRef<int64_t>{}));
      sum = sum ? b.create<stablehlo::AddOp>(loc, sum, at).getResult() : at;
      stride *= shape[d];
    }
    return b.create<stablehlo::ReshapeOp>(loc, i32({rows, 1}), sum);
  }

  /// `x` ([D0, ..., Dn-1]) as rows: [D0 * ... * DK, DK+1, ..., Dn-1].
  Value asRows(Value x, int64_t last) {
    auto type = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> shape = rowShape(type.getShape(), last);
    return b.create<stablehlo::ReshapeOp>(loc, type.clone(shape), x);
  }
  static SmallVector<int64_t> rowShape(ArrayRef<int64_t> shape, int64_t last) {
    int64_t rows = 1;
    for (int64_t d = 0; d <= last; ++d)
      rows *= shape[d];
    SmallVector<int64_t> out = {rows};
    out.append(shape.begin() + last + 1, shape.end());
    return out;
  }

  /// Rows `indices` ([P, 1]) of `rows` ([R, rest...]): [P, rest...].
  Value gather(Value rows, Value indices) {
    auto type = cast<RankedTensorType>(rows.getType());
    int64_t p = cast<RankedTensorType>(indices.getType()).getDimSize(0);
    SmallVector<int64_t> shape(type.getShape());
    shape[0] = p;
    SmallVector<int64_t> offsetDims, sliceSizes(type.getShape());
    sliceSizes[0] = 1;
    for (int64_t d = 1; d < type.getRank(); ++d)
      offsetDims.push_back(d);
    auto dims = stablehlo::GatherDimensionNumbersAttr::get(
        ctx, offsetDims, /*collapsedSliceDims=*/{0}, {}, {},
        /*startIndexMap=*/{0}, /*indexVectorDim=*/1);
    return b.create<stablehlo::GatherOp>(
        loc, type.clone(shape), rows, indices, dims,
        b.getDenseI64ArrayAttr(sliceSizes), b.getBoolAttr(false));
  }

  /// `rows` ([R, rest...]) with rows `indices` ([P, 1]) replaced by
  /// `updates` ([P, rest...]); `unique`: no row is written twice.
  Value scatter(Value rows, Value indices, Value updates, bool unique) {
    auto type = cast<RankedTensorType>(rows.getType());
    SmallVector<int64_t> windowDims;
    for (int64_t d = 1; d < type.getRank(); ++d)
      windowDims.push_back(d);
    auto dims = stablehlo::ScatterDimensionNumbersAttr::get(
        ctx, windowDims, /*insertedWindowDims=*/{0}, {}, {},
        /*scatterDimsToOperandDims=*/{0}, /*indexVectorDim=*/1);
    auto op = b.create<stablehlo::ScatterOp>(
        loc, TypeRange{type}, ValueRange{rows}, indices, ValueRange{updates},
        dims, b.getBoolAttr(false), b.getBoolAttr(unique));
    auto scalar = RankedTensorType::get({}, type.getElementType());
    {
      // The update computation returns the update.
      OpBuilder::InsertionGuard guard(b);
      Block *body = b.createBlock(&op.getUpdateComputation(), {},
                                  {scalar, scalar}, {loc, loc});
      b.create<stablehlo::ReturnOp>(loc, body->getArgument(1));
    }
    return op.getResult(0);
  }

  OpBuilder b;
  Location loc;
  MLIRContext *ctx;
};

/// The last dim whose start index is not a constant, or -1.
int64_t lastComputedStart(ValueRange starts) {
  int64_t last = -1;
  for (auto [d, s] : llvm::enumerate(starts))
    if (!matchPattern(s, m_Constant()))
      last = static_cast<int64_t>(d);
  return last;
}

/// Whether the start types allow the rewrite: computed starts of signed (or
/// signless) integer types, or unsigned ones narrower than 32 bits
/// (converted to i32 by value: ui8 200 stays 200).
bool startTypesApply(ValueRange starts) {
  return llvm::all_of(starts, [](Value s) {
    auto it = cast<IntegerType>(getElementTypeOrSelf(s.getType()));
    return !it.isUnsigned() || it.getWidth() < 32 ||
           matchPattern(s, m_Constant());
  });
}

/// Whether the rewrite applies: start types that allow it
/// (startTypesApply), static shapes, and row indices below kMaxRows.
bool applies(ValueRange starts, RankedTensorType type, int64_t last) {
  if (last < 0 || !type.hasStaticShape() || !startTypesApply(starts))
    return false;
  int64_t rows = 1;
  for (int64_t d = 0; d <= last; ++d)
    rows *= type.getDimSize(d);
  return rows < kMaxRows;
}

/// The window's shape over whole rows, [S0, ..., SK, DK+1, ..., Dn-1]
/// (`sizes` of the window, `shape` of the operand), and the clamped constant
/// starts of every dim (0 for dims <= K, which the row indices cover).
std::pair<SmallVector<int64_t>, SmallVector<int64_t>>
rowWindow(ValueRange starts, ArrayRef<int64_t> shape, ArrayRef<int64_t> sizes,
          int64_t last) {
  SmallVector<int64_t> window(sizes.begin(), sizes.begin() + last + 1);
  window.append(shape.begin() + last + 1, shape.end());
  SmallVector<int64_t> at;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
    at.push_back(d <= last ? 0 : constantStart(starts[d], shape[d], sizes[d]));
  return {window, at};
}

void rewriteSlice(stablehlo::DynamicSliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  ValueRange starts = op.getStartIndices();
  int64_t last = lastComputedStart(starts);
  if (!applies(starts, type, last))
    return;
  ArrayRef<int64_t> sizes = op.getSliceSizes();
  RowBuilder r(op);
  Value rows = r.gather(r.asRows(op.getOperand(), last),
                        r.rowIndices(starts, type.getShape(), sizes, last));
  // The whole rows, then the static slice of dims > K.
  auto [shape, lo] = rowWindow(starts, type.getShape(), sizes, last);
  Value result =
      r.b.create<stablehlo::ReshapeOp>(op.getLoc(), type.clone(shape), rows);
  if (!llvm::equal(shape, sizes)) {
    SmallVector<int64_t> hi, step(type.getRank(), 1);
    for (auto [s, size] : llvm::zip(lo, sizes))
      hi.push_back(s + size);
    result = r.b.create<stablehlo::SliceOp>(op.getLoc(), result, lo, hi, step);
  }
  op.replaceAllUsesWith(result);
  op.erase();
}

/// Where a slice or update of `type` at `starts` whose rows number 2^24 or
/// more splits: the last dim before the last computed start that has a
/// computed start and keeps the rows up to it below kMaxRows; -1 when the
/// rewrite applies as it is or no such dim exists.
int64_t splitDim(ValueRange starts, RankedTensorType type) {
  int64_t last = lastComputedStart(starts);
  if (last < 0 || !type.hasStaticShape() || !startTypesApply(starts) ||
      applies(starts, type, last))
    return -1;
  int64_t split = -1, rows = 1;
  for (int64_t d = 0; d < last; ++d) {
    rows *= type.getDimSize(d);
    if (rows >= kMaxRows)
      break;
    if (!matchPattern(starts[d], m_Constant()))
      split = d;
  }
  return split;
}

/// For a split at `split` (splitDim) of a slice or update of `operand` at
/// `starts` with window `sizes`: the slice of `operand` at `starts` up to
/// `split` (of `sizes` there) and whole after it, and in `innerStarts` the
/// starts within that slice (0 up to `split`, `starts` after it). The
/// outer starts are in `outerStarts`.
stablehlo::DynamicSliceOp outerWindow(OpBuilder &b, Location loc, Value operand,
                                      ValueRange starts,
                                      ArrayRef<int64_t> sizes, int64_t split,
                                      SmallVectorImpl<Value> &outerStarts,
                                      SmallVectorImpl<Value> &innerStarts) {
  auto type = cast<RankedTensorType>(operand.getType());
  SmallVector<int64_t> outerSizes;
  for (auto [d, start] : llvm::enumerate(starts)) {
    auto startType = cast<RankedTensorType>(start.getType());
    Value zero = b.create<stablehlo::ConstantOp>(
        loc, DenseElementsAttr::get(
                 startType, IntegerAttr::get(startType.getElementType(), 0)));
    bool isOuter = static_cast<int64_t>(d) <= split;
    outerStarts.push_back(isOuter ? start : zero);
    innerStarts.push_back(isOuter ? zero : start);
    outerSizes.push_back(isOuter ? sizes[d] : type.getDimSize(d));
  }
  return b.create<stablehlo::DynamicSliceOp>(
      loc, type.clone(outerSizes), operand, outerStarts,
      b.getDenseI64ArrayAttr(outerSizes));
}

/// A `dynamic_slice` whose rows up to its last computed start number 2^24
/// or more (an [8192 x 4096] table read at two computed starts) becomes two
/// at splitDim K1: the first keeps the starts up to K1 and reads the dims
/// after it whole (rows below kMaxRows); the second slices the dims after
/// K1 out of that smaller result (starts 0 up to K1, where the first result
/// is exactly the window). The spec's clamping is the same in both. Returns
/// the second, which may need splitting again, or null.
stablehlo::DynamicSliceOp splitSlice(stablehlo::DynamicSliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  int64_t split = splitDim(op.getStartIndices(), type);
  if (split < 0)
    return nullptr;
  OpBuilder b(op);
  SmallVector<Value> outerStarts, innerStarts;
  stablehlo::DynamicSliceOp outer =
      outerWindow(b, op.getLoc(), op.getOperand(), op.getStartIndices(),
                  op.getSliceSizes(), split, outerStarts, innerStarts);
  auto inner = b.create<stablehlo::DynamicSliceOp>(
      op.getLoc(), op.getType(), outer, innerStarts, op.getSliceSizesAttr());
  rewriteSlice(outer);
  op.replaceAllUsesWith(inner.getResult());
  op.erase();
  return inner;
}

void rewriteUpdate(stablehlo::DynamicUpdateSliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  auto updateType = cast<RankedTensorType>(op.getUpdate().getType());
  ValueRange starts = op.getStartIndices();
  int64_t last = lastComputedStart(starts);
  if (!applies(starts, type, last))
    return;
  ArrayRef<int64_t> sizes = updateType.getShape();
  RowBuilder r(op);
  Value rows = r.asRows(op.getOperand(), last);
  Value indices = r.rowIndices(starts, type.getShape(), sizes, last);
  int64_t p = cast<RankedTensorType>(indices.getType()).getDimSize(0);
  SmallVector<int64_t> updateRowsShape =
      RowBuilder::rowShape(type.getShape(), last);
  updateRowsShape[0] = p;
  Value updates;
  if (llvm::equal(ArrayRef<int64_t>(updateRowsShape).drop_front(),
                  sizes.drop_front(last + 1))) {
    updates = r.b.create<stablehlo::ReshapeOp>(
        op.getLoc(), updateType.clone(updateRowsShape), op.getUpdate());
  } else {
    // Partial rows: the current rows, updated at their static offsets.
    Value current = r.gather(rows, indices);
    auto [shape, offsets] = rowWindow(starts, type.getShape(), sizes, last);
    Value window = r.b.create<stablehlo::ReshapeOp>(op.getLoc(),
                                                    type.clone(shape), current);
    SmallVector<Value> at;
    for (int64_t o : offsets)
      at.push_back(r.constant(o));
    window = r.b.create<stablehlo::DynamicUpdateSliceOp>(
        op.getLoc(), window.getType(), window, op.getUpdate(), at);
    updates = r.b.create<stablehlo::ReshapeOp>(
        op.getLoc(), type.clone(updateRowsShape), window);
  }
  if (p == 1) {
    // One row (a batch-1 KV-cache write): the row twice, so the scatter
    // stays a loop over its indices, the form the `ncore` phase lowers (a
    // single-index scatter is lowered to a guarded insert instead). Both
    // copies write the same values, so their order does not matter.
    auto twice = [&](Value v) -> Value {
      return r.b.create<stablehlo::ConcatenateOp>(op.getLoc(), ValueRange{v, v},
                                                  0);
    };
    indices = twice(indices);
    updates = twice(updates);
  }
  Value result = r.scatter(rows, indices, updates, /*unique=*/p != 1);
  result = r.b.create<stablehlo::ReshapeOp>(op.getLoc(), type, result);
  op.replaceAllUsesWith(result);
  op.erase();
}

/// A `dynamic_update_slice` whose rows number 2^24 or more, split at
/// splitDim K1 as splitSlice splits a slice: the rows the update touches
/// up to K1 are read whole along the dims after it (a slice), updated at
/// the starts after K1 (an update of that smaller window, split again where
/// needed), and written back at the starts up to K1. The spec's clamping is
/// the same in all three. Returns the write-back, or null.
stablehlo::DynamicUpdateSliceOp
splitUpdate(stablehlo::DynamicUpdateSliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  int64_t split = splitDim(op.getStartIndices(), type);
  if (split < 0)
    return nullptr;
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> outerStarts, innerStarts;
  stablehlo::DynamicSliceOp window =
      outerWindow(b, loc, op.getOperand(), op.getStartIndices(),
                  cast<RankedTensorType>(op.getUpdate().getType()).getShape(),
                  split, outerStarts, innerStarts);
  auto updated = b.create<stablehlo::DynamicUpdateSliceOp>(
      loc, window.getType(), window, op.getUpdate(), innerStarts);
  auto written = b.create<stablehlo::DynamicUpdateSliceOp>(
      loc, op.getType(), op.getOperand(), updated, outerStarts);
  rewriteSlice(window);
  while (stablehlo::DynamicUpdateSliceOp again = splitUpdate(updated))
    updated = again;
  rewriteUpdate(updated);
  op.replaceAllUsesWith(written.getResult());
  op.erase();
  return written;
}

/// A computed start of a dim the window spans whole always clamps to 0:
/// it becomes the constant 0, so a window that is whole along every dim
/// with a computed start is a static slice (a row of such a dim would be
/// every element after it: [1 x 190 x 387] read as one row of 73,530).
void zeroWholeDimStarts(Operation *op, ArrayRef<int64_t> shape,
                        ArrayRef<int64_t> sizes, unsigned firstStart) {
  OpBuilder b(op);
  for (auto [d, size] : llvm::enumerate(sizes)) {
    OpOperand &start = op->getOpOperand(firstStart + d);
    if (shape[d] != size || matchPattern(start.get(), m_Constant()))
      continue;
    auto type = cast<RankedTensorType>(start.get().getType());
    start.set(b.create<stablehlo::ConstantOp>(
        op->getLoc(), DenseElementsAttr::get(
                          type, IntegerAttr::get(type.getElementType(), 0))));
  }
}

struct DynamicSlicesToRowsPass
    : systole::impl::DynamicSlicesToRowsBase<DynamicSlicesToRowsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<stablehlo::DynamicSliceOp, stablehlo::DynamicUpdateSliceOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      auto shape =
          cast<RankedTensorType>(op->getOperand(0).getType()).getShape();
      if (auto slice = dyn_cast<stablehlo::DynamicSliceOp>(op)) {
        zeroWholeDimStarts(op, shape, slice.getSliceSizes(), 1);
        while (stablehlo::DynamicSliceOp second = splitSlice(slice))
          slice = second;
        rewriteSlice(slice);
      } else {
        auto update = cast<stablehlo::DynamicUpdateSliceOp>(op);
        zeroWholeDimStarts(
            op, shape,
            cast<RankedTensorType>(update.getUpdate().getType()).getShape(), 2);
        while (stablehlo::DynamicUpdateSliceOp written = splitUpdate(update))
          update = written;
        rewriteUpdate(update);
      }
    }
  }
};

} // namespace
