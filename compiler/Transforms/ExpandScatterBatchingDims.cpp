//===- ExpandScatterBatchingDims.cpp - batching dims as index components -===//
//
// `systole-expand-scatter-batching-dims` (DESIGN section 1, phase
// `simplify`): a `scatter` with `input_batching_dims` (StableHLO spec:
// scatter; what `jax.vmap` of `x.at[i].set(u)` exports) becomes one without.
// Each batching dim of the input is addressed by an extra index component,
// an iota along the paired `scatter_indices_batching_dims` dim, and becomes
// an inserted window dim. The index components are ordered by the operand
// dim they address, so that an element-wise scatter keeps the form
// `systole-scatter-indices-to-windows` recognizes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

namespace systole {
#define GEN_PASS_DEF_EXPANDSCATTERBATCHINGDIMS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether every value 0..size-1 fits integers of type `t`.
bool holdsIndicesBelow(IntegerType t, int64_t size) {
  unsigned bits = t.getWidth() - (t.isUnsigned() ? 0 : 1);
  return bits >= 63 || size - 1 <= (int64_t(1) << bits) - 1;
}

/// Rewrites `op` (see the file comment). Leaves scatters without batching
/// dims and those whose operand or indices have dynamic shapes.
void expand(stablehlo::ScatterOp op) {
  auto dims = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> inputBatching = dims.getInputBatchingDims();
  ArrayRef<int64_t> indicesBatching = dims.getScatterIndicesBatchingDims();
  if (inputBatching.empty())
    return;
  auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto indicesType = cast<RankedTensorType>(op.getScatterIndices().getType());
  if (!operandType.hasStaticShape() || !indicesType.hasStaticShape())
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value indices = op.getScatterIndices();
  int64_t ivd = dims.getIndexVectorDim();
  // An implicit index vector dim becomes an explicit one of size 1.
  if (ivd == indicesType.getRank()) {
    SmallVector<int64_t> shape(indicesType.getShape());
    shape.push_back(1);
    indicesType = indicesType.clone(shape);
    indices = b.create<stablehlo::ReshapeOp>(loc, indicesType, indices);
  }
  // Narrow index types are widened to i32 where an iota would not fit.
  auto element = cast<IntegerType>(indicesType.getElementType());
  for (int64_t d : inputBatching)
    if (!holdsIndicesBelow(element, operandType.getDimSize(d))) {
      element = b.getI32Type();
      indicesType = indicesType.clone(element);
      indices = b.create<stablehlo::ConvertOp>(loc, indicesType, indices);
      break;
    }
  // The components, [..., 1 (at ivd), ...] each, with the operand dim each
  // addresses.
  SmallVector<int64_t> componentShape(indicesType.getShape());
  componentShape[ivd] = 1;
  auto componentType = RankedTensorType::get(componentShape, element);
  SmallVector<std::pair<int64_t, Value>> components;
  for (auto [k, d] : llvm::enumerate(dims.getScatterDimsToOperandDims()))
    components.push_back(
        {d, indexComponent(b, loc, indices, ivd, static_cast<int64_t>(k))});
  for (auto [d, along] : llvm::zip(inputBatching, indicesBatching))
    components.push_back(
        {d, b.create<stablehlo::IotaOp>(loc, componentType, along)});
  llvm::stable_sort(components, [](const auto &x, const auto &y) {
    return x.first < y.first;
  });
  SmallVector<int64_t> newToOperand;
  SmallVector<Value> values;
  for (auto &[d, v] : components) {
    newToOperand.push_back(d);
    values.push_back(v);
  }
  Value newIndices = b.create<stablehlo::ConcatenateOp>(loc, values, ivd);
  SmallVector<int64_t> inserted(dims.getInsertedWindowDims());
  inserted.append(inputBatching.begin(), inputBatching.end());
  llvm::sort(inserted);
  auto newDims = stablehlo::ScatterDimensionNumbersAttr::get(
      op.getContext(), dims.getUpdateWindowDims(), inserted, {}, {},
      newToOperand, ivd);
  // Unique indices stay unique with the batch coordinates added; their
  // order over the components (indices_are_sorted) need not stay.
  replaceScatter(b, op, newIndices, op.getUpdates(), newDims,
                 b.getBoolAttr(false));
}

struct ExpandScatterBatchingDimsPass
    : systole::impl::ExpandScatterBatchingDimsBase<
          ExpandScatterBatchingDimsPass> {
  void runOnOperation() override {
    SmallVector<stablehlo::ScatterOp> scatters;
    getOperation().walk(
        [&](stablehlo::ScatterOp op) { scatters.push_back(op); });
    for (stablehlo::ScatterOp op : scatters)
      expand(op);
  }
};

} // namespace
