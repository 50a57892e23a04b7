//===- ScattersAsMaskedReductions.cpp - combining scatters as reductions -===//
//
// `systole-scatters-as-masked-reductions` (DESIGN section 1, phase
// `simplify`): a `scatter` whose update computation combines with
// `maximum`, `minimum` or `multiply`, with an integer `add`, or with `and`
// or `or` on booleans (JAX's `x.at[i].max(v)`,
// `segment_max`, an integer `jnp.bincount`), becomes a masked reduction
// over its updates. The NeuronCore's DMA scatter can only overwrite or add
// floats. For every operand element p,
//
//   result[p] = x[p] (+) reduce_{u : window u in bounds and covers p} upd[u]
//
// with (+) the combiner and the reduction's identity where no window
// covers p (spec: scatter, which leaves the order of the updates to the
// implementation). Max, min and the integer ops are associative and
// commutative; a float product reduces x first and then the updates in
// their order. Integer sums and products are exact while they stay below
// 2^24, like all i32 arithmetic and integer reductions on the engines (a
// product of many 8-bit updates passes that before it wraps). The masked
// tensor is [operand dims..., update scatter dims...,
// window offsets...], with a window offset dim for each window dim longer
// than 1 and shorter than the operand's; scatters where that passes
// kMaxMaskedElements are left.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace systole {
#define GEN_PASS_DEF_SCATTERSASMASKEDREDUCTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// The masked tensor's largest element count (16 Mi).
constexpr int64_t kMaxMaskedElements = int64_t{1} << 24;

/// The combining op of `op`'s update computation (one binary op of the two
/// arguments, returned) when it is one this pass rewrites, else null.
Operation *combinerOf(stablehlo::ScatterOp op) {
  Block &body = op.getUpdateComputation().front();
  if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
    return nullptr;
  Operation *combine = &body.front();
  auto ret = dyn_cast<stablehlo::ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != 1 || combine->getNumResults() != 1 ||
      ret.getOperand(0) != combine->getResult(0) ||
      combine->getNumOperands() != 2 ||
      !llvm::is_contained(combine->getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combine->getOperands(), body.getArgument(1)))
    return nullptr;
  Type element = getElementTypeOrSelf(body.getArgument(0).getType());
  if (!isa<FloatType, IntegerType>(element))
    return nullptr;
  if (isa<stablehlo::MaximumOp, stablehlo::MinimumOp, stablehlo::MultiplyOp>(
          combine))
    return combine;
  if (isa<IntegerType>(element) && isa<stablehlo::AddOp>(combine))
    return combine;
  // Bitwise reductions lower on i1 only.
  if (element.isInteger(1) && isa<stablehlo::AndOp, stablehlo::OrOp>(combine))
    return combine;
  return nullptr;
}

/// The identity of `combine` on `element` (a float or integer type; i1 is
/// unsigned), as an attribute: -inf / the least value for maximum, +inf /
/// the largest for minimum, 1 for multiply, all ones for and, else 0.
TypedAttr identityOf(Operation *combine, Type element) {
  if (auto ft = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    // Formats without infinities (MLIR 19's are the NaN-only 8-bit ones)
    // start from their largest finite value.
    bool hasInf = !isa<Float8E4M3FNType, Float8E5M2FNUZType, Float8E4M3FNUZType,
                       Float8E4M3B11FNUZType>(ft);
    if (isa<stablehlo::MaximumOp>(combine))
      return FloatAttr::get(ft, hasInf ? APFloat::getInf(sem, true)
                                       : APFloat::getLargest(sem, true));
    if (isa<stablehlo::MinimumOp>(combine))
      return FloatAttr::get(ft, hasInf ? APFloat::getInf(sem, false)
                                       : APFloat::getLargest(sem, false));
    return FloatAttr::get(ft, APFloat::getOne(sem));
  }
  auto it = cast<IntegerType>(element);
  unsigned w = it.getWidth();
  bool isUnsigned = it.isUnsigned() || w == 1;
  APInt value(w, 0);
  if (isa<stablehlo::MaximumOp>(combine))
    value = isUnsigned ? APInt::getMinValue(w) : APInt::getSignedMinValue(w);
  else if (isa<stablehlo::MinimumOp>(combine))
    value = isUnsigned ? APInt::getMaxValue(w) : APInt::getSignedMaxValue(w);
  else if (isa<stablehlo::MultiplyOp>(combine))
    value = APInt(w, 1);
  else if (isa<stablehlo::AndOp>(combine))
    value = APInt::getAllOnes(w);
  return IntegerAttr::get(it, value);
}

/// Rewrites `op` (see the file comment), or leaves it.
void rewrite(stablehlo::ScatterOp op) {
  auto dims = op.getScatterDimensionNumbers();
  if (!isStaticSingleScatter(op) || !dims.getInputBatchingDims().empty())
    return;
  Operation *combine = combinerOf(op);
  if (!combine)
    return;
  auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto updateType = cast<RankedTensorType>(op.getUpdates()[0].getType());
  int64_t rank = operandType.getRank();
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dims.getInsertedWindowDims();
  // The update scatter dims, and the operand dim of each window dim.
  SmallVector<int64_t> scatterShape, windowSizes(rank, 1), updateToResult;
  SmallVector<int64_t> windowOperandDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(inserted, d))
      windowOperandDims.push_back(d);
  int64_t s = 0, w = 0;
  for (int64_t j = 0; j < updateType.getRank(); ++j) {
    if (llvm::is_contained(windowDims, j)) {
      int64_t d = windowOperandDims[w++];
      windowSizes[d] = updateType.getDimSize(j);
      updateToResult.push_back(d);
    } else {
      scatterShape.push_back(updateType.getDimSize(j));
      updateToResult.push_back(rank + s++);
    }
  }
  int64_t nS = static_cast<int64_t>(scatterShape.size());
  // A window dim shorter than the operand's and longer than 1 gets a dim of
  // the masked tensor for the offset in the window, after the scatter dims.
  SmallVector<int64_t> maskedShape(operandType.getShape());
  maskedShape.append(scatterShape.begin(), scatterShape.end());
  SmallVector<int64_t> offsetDim(rank, -1);
  for (int64_t d = 0; d < rank; ++d)
    if (windowSizes[d] != 1 && windowSizes[d] != operandType.getDimSize(d)) {
      offsetDim[d] = static_cast<int64_t>(maskedShape.size());
      maskedShape.push_back(windowSizes[d]);
    }
  for (int64_t &m : updateToResult)
    if (m < rank && offsetDim[m] >= 0)
      m = offsetDim[m];
  int64_t maskedElements = 1;
  for (int64_t n : maskedShape) {
    if (n == 0)
      return;
    if (maskedElements > kMaxMaskedElements / n)
      return;
    maskedElements *= n;
  }

  // Updates that all hold the combiner's identity change nothing.
  Type element = operandType.getElementType();
  TypedAttr identity = identityOf(combine, element);
  SplatElementsAttr splat;
  if (matchPattern(op.getUpdates()[0], m_Constant(&splat)) &&
      splat.getSplatValue<Attribute>() == identity) {
    op.getResult(0).replaceAllUsesWith(op.getInputs()[0]);
    op.erase();
    return;
  }

  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  auto maskedType = RankedTensorType::get(maskedShape, element);
  HloBuilder h(b, loc, maskedType);
  auto scatterI32 = RankedTensorType::get(scatterShape, i32);
  auto maskedI1 = h.withElement(b.getI1Type());
  SmallVector<int64_t> scatterDimsOfMasked =
      llvm::to_vector(llvm::seq<int64_t>(rank, rank + nS));
  SmallVector<int64_t> reducedDims = llvm::to_vector(
      llvm::seq<int64_t>(rank, static_cast<int64_t>(maskedShape.size())));
  // The start of each indexed operand dim, per update, as [S...] i32.
  int64_t ivd = dims.getIndexVectorDim();
  Value indices = op.getScatterIndices();
  ArrayRef<int64_t> toOperand = dims.getScatterDimsToOperandDims();
  auto startOf = [&](int64_t k) -> Value {
    Value component = indexComponent(b, loc, indices, ivd, k);
    auto type = cast<RankedTensorType>(component.getType());
    component = b.create<stablehlo::ReshapeOp>(
        loc, RankedTensorType::get(scatterShape, type.getElementType()),
        component);
    return HloBuilder(b, loc, scatterI32).convert(component, i32);
  };
  SmallVector<Value> starts(rank);
  for (auto [k, d] : llvm::enumerate(toOperand))
    starts[d] = startOf(static_cast<int64_t>(k));
  // covered[P..., S...]: the window is in bounds and covers p.
  Value covered;
  auto both = [&](Value x, Value y) {
    return x ? b.create<stablehlo::AndOp>(loc, x, y).getResult() : y;
  };
  HloBuilder hs(b, loc, scatterI32);
  for (int64_t d = 0; d < rank; ++d) {
    Value start = starts[d];
    if (start) {
      // In bounds: 0 <= start <= size - window (spec: scatter).
      Value ok = b.create<stablehlo::AndOp>(
          loc,
          hs.compare(stablehlo::ComparisonDirection::GE, start,
                     hs.splatOf(scatterI32, 0)),
          hs.compare(stablehlo::ComparisonDirection::LE, start,
                     hs.splatOf(scatterI32,
                                operandType.getDimSize(d) - windowSizes[d])));
      covered = both(covered, b.create<stablehlo::BroadcastInDimOp>(
                                  loc, maskedI1, ok,
                                  b.getDenseI64ArrayAttr(scatterDimsOfMasked)));
    }
    if (windowSizes[d] == operandType.getDimSize(d))
      continue;
    // p's coordinate is the start (0 when the dim is not indexed), plus the
    // offset in a window longer than 1.
    auto maskedI32 = RankedTensorType::get(maskedShape, i32);
    Value at = b.create<stablehlo::IotaOp>(loc, maskedI32, d);
    Value startHere = start ? b.create<stablehlo::BroadcastInDimOp>(
                                   loc, maskedI32, start,
                                   b.getDenseI64ArrayAttr(scatterDimsOfMasked))
                                  .getResult()
                            : h.splatOf(maskedI32, 0);
    if (offsetDim[d] >= 0)
      startHere = b.create<stablehlo::AddOp>(
          loc, startHere,
          b.create<stablehlo::IotaOp>(loc, maskedI32, offsetDim[d]));
    covered =
        both(covered,
             HloBuilder(b, loc, RankedTensorType::get(maskedShape, i32))
                 .compare(stablehlo::ComparisonDirection::EQ, at, startHere));
  }
  // The updates at every p their window covers, the identity elsewhere.
  Value updates = b.create<stablehlo::BroadcastInDimOp>(
      loc, maskedType, op.getUpdates()[0],
      b.getDenseI64ArrayAttr(updateToResult));
  Value masked = updates;
  if (covered)
    masked = h.select(covered, updates,
                      b.create<stablehlo::ConstantOp>(
                          loc, DenseElementsAttr::get(maskedType, identity)));
  // A float product is not associative (1e-30 * 1e30 * 1e30 is 1e30, but
  // 1e-30 * (1e30 * 1e30) inf): x is put first along one reduced dim, so
  // the reduction multiplies it by the updates in their order.
  bool xFirst = isa<FloatType>(element) && isa<stablehlo::MultiplyOp>(combine);
  if (xFirst) {
    SmallVector<int64_t> flatShape(operandType.getShape());
    flatShape.push_back(maskedElements / operandType.getNumElements());
    masked = b.create<stablehlo::ReshapeOp>(loc, maskedType.clone(flatShape),
                                            masked);
    SmallVector<int64_t> oneShape(operandType.getShape());
    oneShape.push_back(1);
    Value x = b.create<stablehlo::ReshapeOp>(loc, operandType.clone(oneShape),
                                             op.getInputs()[0]);
    masked =
        b.create<stablehlo::ConcatenateOp>(loc, ValueRange{x, masked}, rank);
    reducedDims.assign({rank});
  }
  auto scalarType = RankedTensorType::get({}, element);
  Value init = b.create<stablehlo::ConstantOp>(
      loc, DenseElementsAttr::get(scalarType, identity));
  auto reduce = b.create<stablehlo::ReduceOp>(
      loc, TypeRange{operandType}, ValueRange{masked}, ValueRange{init},
      b.getDenseI64ArrayAttr(reducedDims));
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&reduce.getBody(), {}, {scalarType, scalarType},
                                {loc, loc});
    IRMapping map;
    map.map(combine->getOperand(0), body->getArgument(0));
    map.map(combine->getOperand(1), body->getArgument(1));
    Operation *inner = b.clone(*combine, map);
    b.create<stablehlo::ReturnOp>(loc, inner->getResult(0));
  }
  if (xFirst) {
    op.getResult(0).replaceAllUsesWith(reduce.getResult(0));
    op.erase();
    return;
  }
  // x (+) the reduction, elementwise.
  OperationState state(loc, combine->getName());
  state.addOperands({op.getInputs()[0], reduce.getResult(0)});
  state.addTypes(operandType);
  state.addAttributes(combine->getAttrs());
  Operation *result = b.create(state);
  op.getResult(0).replaceAllUsesWith(result->getResult(0));
  op.erase();
}

struct ScattersAsMaskedReductionsPass
    : systole::impl::ScattersAsMaskedReductionsBase<
          ScattersAsMaskedReductionsPass> {
  void runOnOperation() override {
    SmallVector<stablehlo::ScatterOp> scatters;
    getOperation().walk(
        [&](stablehlo::ScatterOp op) { scatters.push_back(op); });
    for (stablehlo::ScatterOp op : scatters)
      rewrite(op);
  }
};

} // namespace
