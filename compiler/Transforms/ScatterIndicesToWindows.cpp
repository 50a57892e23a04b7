//===- ScatterIndicesToWindows.cpp - element scatters as window scatters -===//
//
// `systole-scatter-indices-to-windows` (DESIGN section 1, phase `simplify`):
// a `scatter` that addresses every update element with a full index tuple
// (StableHLO spec: scatter, with no window dims), some of whose components
// are iotas along the update's own dims, becomes a scatter of windows along
// those dims, indexed by the other components only. PyTorch/XLA exports a
// KV-cache update (`index_copy_`) that way: batch, head and feature are
// iotas and only the position comes from an input, so the rewrite scatters
// one [heads x features] window per position instead of every element.
// Also: a scatter of one update window gets an out-of-bounds second window
// (widenSingleWindow).
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Interpreter.h"
#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace systole {
#define GEN_PASS_DEF_SCATTERINDICESTOWINDOWS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Index components of more elements are not evaluated at compile time.
constexpr int64_t kMaxEvaluatedElements = int64_t{1} << 20;

/// Whether `v` (an index component, [U..., 1], not empty) holds, at every
/// position i, i's coordinate along dim `dim`: it depends on no block
/// argument and the reference interpreter, run on its backward slice (pure
/// stablehlo ops without regions, none with more than
/// kMaxEvaluatedElements elements), says so.
bool isIotaAlong(Value v, int64_t dim) {
  auto type = cast<RankedTensorType>(v.getType());
  if (!type.hasStaticShape() || type.getNumElements() > kMaxEvaluatedElements)
    return false;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  getBackwardSlice(def, &slice, options);
  for (Operation *op : slice) {
    if (op->getNumRegions() != 0 || !isPure(op) ||
        !isa<stablehlo::StableHLODialect>(op->getDialect()))
      return false;
    for (Value operand : op->getOperands())
      if (isa<BlockArgument>(operand))
        return false;
    for (Type t : op->getResultTypes()) {
      auto shaped = dyn_cast<RankedTensorType>(t);
      if (!shaped || !shaped.hasStaticShape() ||
          shaped.getNumElements() > kMaxEvaluatedElements)
        return false;
    }
  }
  FailureOr<std::vector<HostTensor>> values =
      reference::evaluateOps(slice.getArrayRef(), v);
  if (failed(values))
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < type.getRank(); ++d)
    inner *= shape[d];
  for (int64_t i = 0, n = type.getNumElements(); i < n; ++i)
    if ((*values)[0].getInt64(i) != i / inner % shape[dim])
      return false;
  return true;
}

/// Whether `v` (an index component, [U..., 1]) is the same at positions
/// that differ only along `windowDims`: a broadcast (through converts and a
/// reshape that appends the unit dim) of a value indexed by other dims.
bool isIndependentOf(Value v, ArrayRef<int64_t> windowDims) {
  while (auto convert = v.getDefiningOp<stablehlo::ConvertOp>())
    v = convert.getOperand();
  if (auto reshape = v.getDefiningOp<stablehlo::ReshapeOp>()) {
    auto from = cast<RankedTensorType>(reshape.getOperand().getType());
    auto to = cast<RankedTensorType>(reshape.getType());
    if (to.getRank() != from.getRank() + 1 ||
        from.getShape() != to.getShape().drop_back())
      return false;
    v = reshape.getOperand();
  }
  while (auto convert = v.getDefiningOp<stablehlo::ConvertOp>())
    v = convert.getOperand();
  auto broadcast = v.getDefiningOp<stablehlo::BroadcastInDimOp>();
  if (!broadcast)
    return false;
  auto source = cast<RankedTensorType>(broadcast.getOperand().getType());
  for (int64_t w : windowDims)
    for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions()))
      if (d == w && source.getDimSize(i) != 1)
        return false;
  return true;
}

/// Rewrites `op` (see the file comment), or leaves it when its updates are
/// empty, its indices are not a concatenation of one [U..., 1] component
/// per operand dim, none of them is an iota, all are, or the others depend
/// on the iotas' dims.
void rewrite(stablehlo::ScatterOp op) {
  if (!isStaticSingleScatter(op))
    return;
  auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto updateType = cast<RankedTensorType>(op.getUpdates()[0].getType());
  auto indicesType = cast<RankedTensorType>(op.getScatterIndices().getType());
  int64_t r = operandType.getRank();
  auto dims = op.getScatterDimensionNumbers();
  SmallVector<int64_t> identity = llvm::to_vector(llvm::seq<int64_t>(0, r));
  if (updateType.getNumElements() == 0 || updateType.getRank() != r ||
      indicesType.getRank() != r + 1 || dims.getIndexVectorDim() != r ||
      indicesType.getShape().drop_back() != updateType.getShape() ||
      !dims.getUpdateWindowDims().empty() ||
      !dims.getInputBatchingDims().empty() ||
      !dims.getScatterIndicesBatchingDims().empty() ||
      dims.getInsertedWindowDims() != ArrayRef<int64_t>(identity) ||
      dims.getScatterDimsToOperandDims() != ArrayRef<int64_t>(identity))
    return;
  auto concat =
      op.getScatterIndices().getDefiningOp<stablehlo::ConcatenateOp>();
  if (!concat || concat.getDimension() != static_cast<uint64_t>(r) ||
      concat.getNumOperands() != static_cast<unsigned>(r))
    return;
  SmallVector<int64_t> componentShape(updateType.getShape());
  componentShape.push_back(1);
  for (Value component : concat.getOperands())
    if (cast<RankedTensorType>(component.getType()).getShape() !=
        ArrayRef<int64_t>(componentShape))
      return;
  SmallVector<int64_t> window, scattered;
  for (int64_t j = 0; j < r; ++j) {
    // A window dim must fit the operand, so that no element of the window
    // is out of bounds where the element-wise scatter would skip only it.
    if (updateType.getDimSize(j) <= operandType.getDimSize(j) &&
        isIotaAlong(concat.getOperand(j), j))
      window.push_back(j);
    else
      scattered.push_back(j);
  }
  if (window.empty() || scattered.empty())
    return;
  for (int64_t p : scattered)
    if (!isIndependentOf(concat.getOperand(p), window))
      return;
  // The scattered components at the window dims' first position, as
  // [U_P..., |P|] indices.
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto componentType = cast<RankedTensorType>(concat.getOperand(0).getType());
  SmallVector<int64_t> starts(r + 1, 0), limits(componentType.getShape()),
      strides(r + 1, 1), rowShape;
  for (int64_t w : window)
    limits[w] = 1;
  for (int64_t p : scattered)
    rowShape.push_back(updateType.getDimSize(p));
  rowShape.push_back(1);
  SmallVector<Value> components;
  for (int64_t p : scattered) {
    Value slice = b.create<stablehlo::SliceOp>(
        loc, concat.getOperand(p), b.getDenseI64ArrayAttr(starts),
        b.getDenseI64ArrayAttr(limits), b.getDenseI64ArrayAttr(strides));
    components.push_back(b.create<stablehlo::ReshapeOp>(
        loc, RankedTensorType::get(rowShape, indicesType.getElementType()),
        slice));
  }
  Value indices = components.front();
  if (components.size() > 1)
    indices = b.create<stablehlo::ConcatenateOp>(
        loc, components, static_cast<int64_t>(scattered.size()));
  auto newDims = stablehlo::ScatterDimensionNumbersAttr::get(
      op.getContext(), window, scattered, {}, {}, scattered,
      static_cast<int64_t>(scattered.size()));
  // The result indices, so their uniqueness, stay; their order over the
  // update's dims (indices_are_sorted) need not.
  replaceScatter(b, op, indices, op.getUpdates(), newDims,
                 b.getBoolAttr(false));
}

/// A scatter of exactly one update window (JAX's `x.at[i].set(row)` or
/// `.add(row)` with a scalar i) becomes a scatter of two: the window, and a
/// copy of it at an index out of the operand's bounds (-1, or for unsigned
/// indices the operand's size, along every indexed dim), which the spec
/// skips. The `linalg` lowering
/// then keeps its loop over the windows, the form `ncore` lowers to a
/// scatter instruction (one window would leave a bare guarded insert).
/// Leaves scatters of several inputs, with batching dims, and with an empty
/// index vector (which has no out-of-bounds index).
void widenSingleWindow(stablehlo::ScatterOp op) {
  auto dims = op.getScatterDimensionNumbers();
  if (!isStaticSingleScatter(op) || !dims.getInputBatchingDims().empty() ||
      !dims.getScatterIndicesBatchingDims().empty())
    return;
  auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto updateType = cast<RankedTensorType>(op.getUpdates()[0].getType());
  auto indicesType = cast<RankedTensorType>(op.getScatterIndices().getType());
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  int64_t windows = 1;
  SmallVector<int64_t> windowShape;
  for (int64_t d = 0; d < updateType.getRank(); ++d) {
    if (llvm::is_contained(windowDims, d))
      windowShape.push_back(updateType.getDimSize(d));
    else
      windows *= updateType.getDimSize(d);
  }
  if (windows != 1)
    return;
  ArrayRef<int64_t> toOperand = dims.getScatterDimsToOperandDims();
  int64_t k = static_cast<int64_t>(toOperand.size());
  // Without index components no copy is out of bounds: it would apply the
  // window twice.
  if (k == 0)
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type indexElement = indicesType.getElementType();
  // [2, k] indices: the one index vector, then the out-of-bounds one.
  Value index = b.create<stablehlo::ReshapeOp>(
      loc, RankedTensorType::get({1, k}, indexElement), op.getScatterIndices());
  // -1 for signed indices; the operand's size for unsigned ones, where it
  // fits (else the scatter is left).
  SmallVector<APInt> outside;
  unsigned width = indexElement.getIntOrFloatBitWidth();
  bool isUnsigned = indexElement.isUnsignedInteger();
  for (int64_t d : toOperand) {
    int64_t size = operandType.getDimSize(d);
    if (isUnsigned && (width < 63 && size >= (int64_t(1) << width)))
      return;
    outside.push_back(isUnsigned ? APInt(width, size)
                                 : APInt::getAllOnes(width));
  }
  auto outsideType = RankedTensorType::get({1, k}, indexElement);
  Value outOfBounds = b.create<stablehlo::ConstantOp>(
      loc, DenseElementsAttr::get(outsideType, outside));
  Value indices = b.create<stablehlo::ConcatenateOp>(
      loc, ValueRange{index, outOfBounds}, 0);
  // [2, window...] updates: the window twice.
  SmallVector<int64_t> oneShape = {1};
  oneShape.append(windowShape);
  Value update = b.create<stablehlo::ReshapeOp>(loc, updateType.clone(oneShape),
                                                op.getUpdates()[0]);
  Value updates =
      b.create<stablehlo::ConcatenateOp>(loc, ValueRange{update, update}, 0);
  SmallVector<int64_t> newWindowDims;
  for (int64_t i = 0; i < static_cast<int64_t>(windowShape.size()); ++i)
    newWindowDims.push_back(i + 1);
  auto newDims = stablehlo::ScatterDimensionNumbersAttr::get(
      op.getContext(), newWindowDims, dims.getInsertedWindowDims(), {}, {},
      toOperand, 1);
  replaceScatter(b, op, indices, ValueRange{updates}, newDims,
                 op.getIndicesAreSortedAttr());
}

struct ScatterIndicesToWindowsPass
    : systole::impl::ScatterIndicesToWindowsBase<ScatterIndicesToWindowsPass> {
  void runOnOperation() override {
    SmallVector<stablehlo::ScatterOp> scatters;
    getOperation().walk(
        [&](stablehlo::ScatterOp op) { scatters.push_back(op); });
    for (stablehlo::ScatterOp op : scatters)
      rewrite(op);
    scatters.clear();
    getOperation().walk(
        [&](stablehlo::ScatterOp op) { scatters.push_back(op); });
    for (stablehlo::ScatterOp op : scatters)
      widenSingleWindow(op);
  }
};

} // namespace
