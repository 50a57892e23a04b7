//===- StableHLOTypeInference.cpp - StableHLO result types ----------------===//
//
// Result-type inference (InferTypeOpInterface) for every op whose result type
// the StableHLO specification determines from its operands and attributes.
// It gives each such op a builder without result types, and MLIR's verifier
// compares the declared result types with the inferred ones after the op's own
// verifier (StableHLOVerifiers.cpp) has passed, reporting
// "inferred type(s) ... are incompatible with return type(s) of operation".
//
// Inference runs on unverified input too (builders), so every function checks
// what it reads and fails with an error at the location instead of crashing.
//
// Not inferred, because the spec leaves the result type free, or it depends
// on operand values or on the process grid:
//   convert, bitcast_convert (the target element type is free);
//   iota, broadcast_in_dim, reshape (the result shape is free);
//   dynamic_iota, rng (the shape is an operand's value);
//   rng_bit_generator (the output shape is free; output_state is checked by
//   its verifier); custom_call (opaque);
//   uniform_quantize (the quantization parameters are free);
//   all_reduce, all_gather, reduce_scatter, all_to_all, collective_permute
//   (collectives, left as they are);
//   constant already infers from its value (StableHLOOps.cpp).
// reverse, cholesky and reduce_precision (SameOperandsAndResultType) get the
// operand type from ODS-generated inference; the unary and binary
// elementwise classes define theirs in StableHLOOps.td.
// dot, dot_general and convolution infer the lhs element type but compare
// shapes only: the spec lets their result element type differ (e.g. bf16
// operands accumulated into an f32 result, i8 into i32).
//
//===----------------------------------------------------------------------===//

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace systole::stablehlo;

namespace {

using Types = SmallVectorImpl<Type>;

RankedTensorType ranked(Type t) { return dyn_cast<RankedTensorType>(t); }
RankedTensorType ranked(Value v) { return ranked(v.getType()); }

/// The part type of a complex element type, or the type itself.
Type partType(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType();
  return t;
}

LogicalResult fail(std::optional<Location> loc, StringRef op,
                   const Twine &what) {
  return emitOptionalError(loc, "'", op,
                           "' op cannot infer the result type: ", what.str());
}

/// Pushes `t` if it is a ranked tensor, else fails naming `what`.
LogicalResult pushRanked(std::optional<Location> loc, StringRef op, Type t,
                         StringRef what, Types &inferred) {
  if (!ranked(t))
    return fail(loc, op, what + " is not a ranked tensor");
  inferred.push_back(t);
  return success();
}

/// True when every entry of `dims` is in [0, rank).
bool inRange(ArrayRef<int64_t> dims, int64_t rank) {
  return llvm::all_of(dims, [&](int64_t d) { return d >= 0 && d < rank; });
}

/// The types of the values `region`'s terminator returns; fails when the
/// region has no block yet (e.g. an op built before its regions are filled).
LogicalResult regionReturnTypes(std::optional<Location> loc, StringRef op,
                                Region &region, Types &inferred) {
  if (region.empty() || region.front().empty())
    return fail(loc, op, "a region has no terminator yet");
  llvm::append_range(inferred, region.front().back().getOperandTypes());
  return success();
}

} // namespace

LogicalResult
systole::stablehlo::inferUnaryElementwiseType(StringRef opName,
                                              std::optional<Location> location,
                                              Type operand, Types &inferred) {
  auto t = ranked(operand);
  if (!t)
    return fail(location, opName, "operand is not a ranked tensor");
  Type e = t.getElementType();
  StringRef name = opName.drop_front(opName.find('.') + 1);
  if (name == "is_finite")
    inferred.push_back(t.clone(IntegerType::get(t.getContext(), 1)));
  else if (name == "real" || name == "imag" ||
           (name == "abs" && isa<ComplexType>(e)))
    inferred.push_back(t.clone(partType(e)));
  else
    inferred.push_back(t);
  return success();
}

int64_t systole::stablehlo::windowedSize(int64_t size, int64_t baseDilation,
                                         int64_t padLow, int64_t padHigh,
                                         int64_t window, int64_t windowDilation,
                                         int64_t stride) {
  int64_t dilatedBase = size == 0 ? 0 : (size - 1) * baseDilation + 1;
  int64_t padded = dilatedBase + padLow + padHigh;
  int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * windowDilation + 1;
  if (padded < dilatedWindow || stride < 1)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

//===----------------------------------------------------------------------===//
// Elementwise ops other than the unary/binary classes (whose inference is in
// StableHLOOps.td)
//===----------------------------------------------------------------------===//

// spec: complex — complex<E> of the operands' shape.
LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor, Types &inferred) {
  auto l = ranked(adaptor.getLhs());
  if (!l || !isa<FloatType>(l.getElementType()))
    return fail(loc, getOperationName(), "lhs is not a float tensor");
  inferred.push_back(l.clone(ComplexType::get(l.getElementType())));
  return success();
}

// spec: uniform_dequantize C1-C2 — the operand's shape with the expressed
// type of its quantized element type.
LogicalResult UniformDequantizeOp::inferReturnTypes(MLIRContext *,
                                                    std::optional<Location> loc,
                                                    Adaptor adaptor, Types &inferred) {
  auto t = ranked(adaptor.getOperand());
  auto q = t ? dyn_cast<quant::QuantizedType>(t.getElementType()) : nullptr;
  if (!q)
    return fail(loc, getOperationName(), "operand is not a tensor of a quantized type");
  inferred.push_back(t.clone(q.getExpressedType()));
  return success();
}

// spec: compare — i1 of the operands' shape.
LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor, Types &inferred) {
  auto l = ranked(adaptor.getLhs());
  if (!l)
    return fail(loc, getOperationName(), "lhs is not a ranked tensor");
  inferred.push_back(l.clone(IntegerType::get(ctx, 1)));
  return success();
}

// spec: select C2 — the type of on_true.
LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor, Types &inferred) {
  return pushRanked(loc, getOperationName(), adaptor.getOnTrue().getType(),
                    "on_true", inferred);
}

// spec: clamp C3 — the operand type.
LogicalResult ClampOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor, Types &inferred) {
  return pushRanked(loc, getOperationName(), adaptor.getOperand().getType(),
                    "operand", inferred);
}

// spec: replica_id / partition_id — tensor<ui32>.
LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location>, Adaptor,
                                            Types &inferred) {
  inferred.push_back(RankedTensorType::get(
      {}, IntegerType::get(ctx, 32, IntegerType::Unsigned)));
  return success();
}

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location>, Adaptor,
                                              Types &inferred) {
  inferred.push_back(RankedTensorType::get(
      {}, IntegerType::get(ctx, 32, IntegerType::Unsigned)));
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

// Legacy broadcast: broadcast_sizes followed by the operand shape.
LogicalResult BroadcastOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  if (!in)
    return fail(loc, getOperationName(), "operand is not a ranked tensor");
  SmallVector<int64_t> shape(adaptor.getBroadcastSizes());
  llvm::append_range(shape, in.getShape());
  inferred.push_back(in.clone(shape));
  return success();
}

// spec: transpose C4 — dim(result, i) = dim(operand, permutation[i]).
LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  if (!in || (int64_t)perm.size() != in.getRank() ||
      !inRange(perm, in.getRank()))
    return fail(loc, getOperationName(),
                "permutation does not fit the operand");
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(in.getDimSize(p));
  inferred.push_back(in.clone(shape));
  return success();
}

// spec: slice C5 — ceil((limit - start) / stride) per dimension.
LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  ArrayRef<int64_t> start = adaptor.getStartIndices(),
                    limit = adaptor.getLimitIndices(),
                    stride = adaptor.getStrides();
  if (!in || (int64_t)start.size() != in.getRank() ||
      limit.size() != start.size() || stride.size() != start.size() ||
      llvm::any_of(stride, [](int64_t s) { return s < 1; }))
    return fail(loc, getOperationName(),
                "start, limit and strides do not fit the operand");
  SmallVector<int64_t> shape;
  for (size_t i = 0; i < start.size(); ++i)
    shape.push_back(std::max<int64_t>(0, (limit[i] - start[i] + stride[i] - 1) /
                                             stride[i]));
  inferred.push_back(in.clone(shape));
  return success();
}

// spec: dynamic_slice C5 — shape(result) = slice_sizes.
LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  if (!in)
    return fail(loc, getOperationName(), "operand is not a ranked tensor");
  inferred.push_back(in.clone(adaptor.getSliceSizes()));
  return success();
}

// spec: dynamic_update_slice C1 — the operand type.
LogicalResult
DynamicUpdateSliceOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor, Types &inferred) {
  return pushRanked(loc, getOperationName(), adaptor.getOperand().getType(),
                    "operand", inferred);
}

// spec: concatenate C6 — the inputs' shape with the sizes at `dimension`
// summed.
LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              Types &inferred) {
  if (adaptor.getInputs().empty())
    return fail(loc, getOperationName(), "there are no inputs");
  auto first = ranked(adaptor.getInputs()[0]);
  int64_t dim = adaptor.getDimensionAttr().getInt();
  if (!first || dim < 0 || dim >= first.getRank())
    return fail(loc, getOperationName(), "dimension does not fit the inputs");
  SmallVector<int64_t> shape(first.getShape());
  shape[dim] = 0;
  for (Value v : adaptor.getInputs()) {
    auto t = ranked(v);
    if (!t || t.getRank() != first.getRank())
      return fail(loc, getOperationName(), "inputs differ in rank");
    shape[dim] += t.getDimSize(dim);
  }
  inferred.push_back(first.clone(shape));
  return success();
}

// spec: pad C4 — low + high + size + (size - 1) * interior per dimension.
LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  ArrayRef<int64_t> lo = adaptor.getEdgePaddingLow(),
                    hi = adaptor.getEdgePaddingHigh(),
                    inner = adaptor.getInteriorPadding();
  if (!in || (int64_t)lo.size() != in.getRank() || hi.size() != lo.size() ||
      inner.size() != lo.size())
    return fail(loc, getOperationName(), "padding does not fit the operand");
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t n = in.getDimSize(i);
    shape.push_back(lo[i] + hi[i] + n + std::max<int64_t>(n - 1, 0) * inner[i]);
  }
  inferred.push_back(in.clone(shape));
  return success();
}

// spec: get_dimension_size — tensor<i32>.
LogicalResult GetDimensionSizeOp::inferReturnTypes(MLIRContext *ctx,
                                                   std::optional<Location>,
                                                   Adaptor, Types &inferred) {
  inferred.push_back(RankedTensorType::get({}, IntegerType::get(ctx, 32)));
  return success();
}

// spec: gather C22-C23 — the batch dimensions of start_indices (all but
// index_vector_dim), with the slice sizes of the dimensions that are neither
// collapsed nor batching at offset_dims; the operand's element type.
LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  auto idx = ranked(adaptor.getStartIndices());
  GatherDimensionNumbersAttr d = adaptor.getDimensionNumbers();
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  if (!in || !idx || !d || (int64_t)sizes.size() != in.getRank())
    return fail(loc, getOperationName(),
                "slice_sizes does not fit the operand");
  SmallVector<int64_t> batchSizes, offsetSizes;
  for (int64_t i = 0; i < idx.getRank(); ++i)
    if (i != d.getIndexVectorDim())
      batchSizes.push_back(idx.getDimSize(i));
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!llvm::is_contained(d.getCollapsedSliceDims(), i) &&
        !llvm::is_contained(d.getOperandBatchingDims(), i))
      offsetSizes.push_back(sizes[i]);
  ArrayRef<int64_t> offsetDims = d.getOffsetDims();
  int64_t rank = batchSizes.size() + offsetDims.size();
  if (offsetDims.size() != offsetSizes.size() || !inRange(offsetDims, rank))
    return fail(loc, getOperationName(), "offset_dims does not fit the slice");
  SmallVector<int64_t> shape;
  for (int64_t i = 0, b = 0, o = 0; i < rank; ++i) {
    bool isOffset = llvm::is_contained(offsetDims, i);
    if (!isOffset && b >= (int64_t)batchSizes.size())
      return fail(loc, getOperationName(), "offset_dims repeats an entry");
    shape.push_back(isOffset ? offsetSizes[o++] : batchSizes[b++]);
  }
  inferred.push_back(in.clone(shape));
  return success();
}

// spec: scatter C15 — the input types.
LogicalResult ScatterOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor, Types &inferred) {
  llvm::append_range(inferred, adaptor.getInputs().getTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// Contractions: the shape is determined, the element type is not (the lhs
// element type is inferred; only shapes are compared)
//===----------------------------------------------------------------------===//

/// Result types of a contraction are compatible when they have equal shapes.
static bool sameShapes(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [a, b] : llvm::zip(inferred, actual)) {
    auto ta = ranked(a), tb = ranked(b);
    if (!ta || !tb || ta.getShape() != tb.getShape())
      return false;
  }
  return true;
}

// spec: dot — lhs shape without its last dimension, then rhs shape without
// its first.
LogicalResult DotOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor, Types &inferred) {
  auto l = ranked(adaptor.getLhs()), r = ranked(adaptor.getRhs());
  if (!l || !r || l.getRank() < 1 || r.getRank() < 1)
    return fail(loc, getOperationName(),
                "operands must be vectors or matrices");
  SmallVector<int64_t> shape(l.getShape().drop_back());
  llvm::append_range(shape, r.getShape().drop_front());
  inferred.push_back(l.clone(shape));
  return success();
}

bool DotOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return sameShapes(l, r);
}

// spec: dot_general C13 — batch dimensions, lhs free dimensions, rhs free
// dimensions.
LogicalResult DotGeneralOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor, Types &inferred) {
  auto l = ranked(adaptor.getLhs()), r = ranked(adaptor.getRhs());
  DotDimensionNumbersAttr d = adaptor.getDotDimensionNumbers();
  if (!l || !r || !d)
    return fail(loc, getOperationName(), "operands are not ranked tensors");
  SmallVector<int64_t> lAll(d.getLhsBatchingDimensions()),
      rAll(d.getRhsBatchingDimensions());
  llvm::append_range(lAll, d.getLhsContractingDimensions());
  llvm::append_range(rAll, d.getRhsContractingDimensions());
  if (!inRange(lAll, l.getRank()) || !inRange(rAll, r.getRank()))
    return fail(loc, getOperationName(),
                "dimension numbers do not fit the operands");
  SmallVector<int64_t> shape;
  for (int64_t b : d.getLhsBatchingDimensions())
    shape.push_back(l.getDimSize(b));
  for (int64_t i = 0; i < l.getRank(); ++i)
    if (!llvm::is_contained(lAll, i))
      shape.push_back(l.getDimSize(i));
  for (int64_t i = 0; i < r.getRank(); ++i)
    if (!llvm::is_contained(rAll, i))
      shape.push_back(r.getDimSize(i));
  inferred.push_back(l.clone(shape));
  return success();
}

bool DotGeneralOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return sameShapes(l, r);
}

// spec: convolution C25 — output batch = batch / batch_group_count, output
// features = kernel output features, each spatial size windowed.
LogicalResult ConvolutionOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              Types &inferred) {
  auto l = ranked(adaptor.getLhs()), r = ranked(adaptor.getRhs());
  ConvDimensionNumbersAttr d = adaptor.getDimensionNumbers();
  if (!l || !r || !d)
    return fail(loc, getOperationName(), "operands are not ranked tensors");
  int64_t n = d.getInputSpatialDimensions().size();
  int64_t bgc = adaptor.getBatchGroupCountAttr().getInt();
  auto fits = [&](std::optional<ArrayRef<int64_t>> v) {
    return !v || (int64_t)v->size() == n;
  };
  auto padding = adaptor.getPadding();
  if (l.getRank() != n + 2 || r.getRank() != n + 2 ||
      (int64_t)d.getKernelSpatialDimensions().size() != n ||
      (int64_t)d.getOutputSpatialDimensions().size() != n ||
      !inRange(d.getInputSpatialDimensions(), n + 2) ||
      !inRange(d.getKernelSpatialDimensions(), n + 2) ||
      !inRange(d.getOutputSpatialDimensions(), n + 2) ||
      !inRange({d.getInputBatchDimension(), d.getInputFeatureDimension(),
                d.getKernelOutputFeatureDimension(),
                d.getOutputBatchDimension(), d.getOutputFeatureDimension()},
               n + 2) ||
      bgc < 1 || !fits(adaptor.getWindowStrides()) ||
      !fits(adaptor.getLhsDilation()) || !fits(adaptor.getRhsDilation()) ||
      (padding && padding->getNumElements() != 2 * n))
    return fail(loc, getOperationName(),
                "dimension numbers or window do not fit the operands");
  SmallVector<int64_t> pad(2 * n, 0);
  if (padding)
    pad.assign(padding->getValues<int64_t>().begin(),
               padding->getValues<int64_t>().end());
  SmallVector<int64_t> shape(n + 2, 0);
  shape[d.getOutputBatchDimension()] =
      l.getDimSize(d.getInputBatchDimension()) / bgc;
  shape[d.getOutputFeatureDimension()] =
      r.getDimSize(d.getKernelOutputFeatureDimension());
  for (int64_t i = 0; i < n; ++i) {
    auto at = [&](std::optional<ArrayRef<int64_t>> v) {
      return v ? (*v)[i] : int64_t(1);
    };
    shape[d.getOutputSpatialDimensions()[i]] = windowedSize(
        l.getDimSize(d.getInputSpatialDimensions()[i]),
        at(adaptor.getLhsDilation()), pad[2 * i], pad[2 * i + 1],
        r.getDimSize(d.getKernelSpatialDimensions()[i]),
        at(adaptor.getRhsDilation()), at(adaptor.getWindowStrides()));
  }
  inferred.push_back(l.clone(shape));
  return success();
}

bool ConvolutionOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return sameShapes(l, r);
}

//===----------------------------------------------------------------------===//
// Ops with regions
//===----------------------------------------------------------------------===//

// spec: reduce C7-C8 — the inputs' shape without `dimensions`, with the
// element type of each init value.
LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor, Types &inferred) {
  if (adaptor.getInputs().empty() ||
      adaptor.getInputs().size() != adaptor.getInitValues().size())
    return fail(loc, getOperationName(), "needs as many init values as inputs");
  auto first = ranked(adaptor.getInputs()[0]);
  if (!first || !inRange(adaptor.getDimensions(), first.getRank()))
    return fail(loc, getOperationName(), "dimensions do not fit the inputs");
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < first.getRank(); ++i)
    if (!llvm::is_contained(adaptor.getDimensions(), i))
      shape.push_back(first.getDimSize(i));
  for (Value init : adaptor.getInitValues()) {
    auto t = ranked(init);
    if (!t)
      return fail(loc, getOperationName(), "an init value is not a tensor");
    inferred.push_back(RankedTensorType::get(shape, t.getElementType()));
  }
  return success();
}

// spec: reduce_window C15-C16 — each dimension windowed, with the element
// type of each init value.
LogicalResult ReduceWindowOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               Types &inferred) {
  if (adaptor.getInputs().empty() ||
      adaptor.getInputs().size() != adaptor.getInitValues().size())
    return fail(loc, getOperationName(), "needs as many init values as inputs");
  auto first = ranked(adaptor.getInputs()[0]);
  if (!first)
    return fail(loc, getOperationName(), "input 0 is not a ranked tensor");
  int64_t rank = first.getRank();
  auto fits = [&](std::optional<ArrayRef<int64_t>> v) {
    return !v || (int64_t)v->size() == rank;
  };
  auto padding = adaptor.getPadding();
  if ((int64_t)adaptor.getWindowDimensions().size() != rank ||
      !fits(adaptor.getWindowStrides()) || !fits(adaptor.getBaseDilations()) ||
      !fits(adaptor.getWindowDilations()) ||
      (padding && padding->getNumElements() != 2 * rank))
    return fail(loc, getOperationName(), "window does not fit the inputs");
  SmallVector<int64_t> pad(2 * rank, 0);
  if (padding)
    pad.assign(padding->getValues<int64_t>().begin(),
               padding->getValues<int64_t>().end());
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    auto at = [&](std::optional<ArrayRef<int64_t>> v) {
      return v ? (*v)[i] : int64_t(1);
    };
    shape.push_back(windowedSize(
        first.getDimSize(i), at(adaptor.getBaseDilations()), pad[2 * i],
        pad[2 * i + 1], adaptor.getWindowDimensions()[i],
        at(adaptor.getWindowDilations()), at(adaptor.getWindowStrides())));
  }
  for (Value init : adaptor.getInitValues()) {
    auto t = ranked(init);
    if (!t)
      return fail(loc, getOperationName(), "an init value is not a tensor");
    inferred.push_back(RankedTensorType::get(shape, t.getElementType()));
  }
  return success();
}

// spec: select_and_scatter C11 — the operand type.
LogicalResult SelectAndScatterOp::inferReturnTypes(MLIRContext *,
                                                   std::optional<Location> loc,
                                                   Adaptor adaptor,
                                                   Types &inferred) {
  return pushRanked(loc, getOperationName(), adaptor.getOperand().getType(),
                    "operand", inferred);
}

// spec: sort C2 — the input types.
LogicalResult SortOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor, Types &inferred) {
  llvm::append_range(inferred, adaptor.getInputs().getTypes());
  return success();
}

// spec: map C4 — the inputs' shape with the element type the computation
// returns (the first input's element type while the region is still empty).
LogicalResult MapOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor, Types &inferred) {
  if (adaptor.getInputs().empty())
    return fail(loc, getOperationName(), "there are no inputs");
  auto first = ranked(adaptor.getInputs()[0]);
  if (!first)
    return fail(loc, getOperationName(), "input 0 is not a ranked tensor");
  Type element = first.getElementType();
  Region &body = adaptor.getComputation();
  if (!body.empty() && !body.front().empty() &&
      body.front().back().getNumOperands() == 1)
    element = getElementTypeOrSelf(body.front().back().getOperand(0));
  inferred.push_back(first.clone(element));
  return success();
}

// spec: while C3 — the operand types.
LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor, Types &inferred) {
  llvm::append_range(inferred, adaptor.getOperand().getTypes());
  return success();
}

// spec: if C3 — the types the branches return (read from true_branch). The
// inferring builder therefore needs filled regions: build if/case with
// explicit result types.
LogicalResult IfOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor, Types &inferred) {
  return regionReturnTypes(loc, getOperationName(), adaptor.getTrueBranch(),
                           inferred);
}

// spec: case C3 — the types the branches return (read from the first).
LogicalResult CaseOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor, Types &inferred) {
  if (adaptor.getBranches().empty())
    return fail(loc, getOperationName(), "there are no branches");
  return regionReturnTypes(loc, getOperationName(),
                           *adaptor.getBranches().front(), inferred);
}

// spec: optimization_barrier C1 — the operand types.
LogicalResult OptimizationBarrierOp::inferReturnTypes(MLIRContext *,
                                                      std::optional<Location>,
                                                      Adaptor adaptor,
                                                      Types &inferred) {
  llvm::append_range(inferred, adaptor.getOperand().getTypes());
  return success();
}

// spec: tuple C1 — tuple of the operand types.
LogicalResult TupleOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location>,
                                        Adaptor adaptor, Types &inferred) {
  inferred.push_back(TupleType::get(ctx, adaptor.getVal().getTypes()));
  return success();
}

// spec: get_tuple_element C2 — the type of element `index`.
LogicalResult GetTupleElementOp::inferReturnTypes(MLIRContext *,
                                                  std::optional<Location> loc,
                                                  Adaptor adaptor,
                                                  Types &inferred) {
  auto tuple = dyn_cast<TupleType>(adaptor.getOperand().getType());
  int64_t index = adaptor.getIndexAttr().getInt();
  if (!tuple || index < 0 || index >= (int64_t)tuple.size())
    return fail(loc, getOperationName(), "index is out of the tuple's range");
  inferred.push_back(tuple.getType(index));
  return success();
}

//===----------------------------------------------------------------------===//
// Normalisation, linear algebra, FFT
//===----------------------------------------------------------------------===//

/// The operand type, then `perFeature` 1-d tensors of the size of the
/// feature dimension (spec: batch_norm_training C7, batch_norm_grad C8).
static LogicalResult inferBatchNorm(std::optional<Location> loc, StringRef op,
                                    Value operand, int64_t featureIndex,
                                    int perFeature, Types &inferred) {
  auto in = ranked(operand);
  if (!in || featureIndex < 0 || featureIndex >= in.getRank())
    return fail(loc, op, "feature_index does not fit the operand");
  inferred.push_back(in);
  for (int i = 0; i < perFeature; ++i)
    inferred.push_back(RankedTensorType::get({in.getDimSize(featureIndex)},
                                             in.getElementType()));
  return success();
}

LogicalResult
BatchNormInferenceOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor, Types &inferred) {
  return inferBatchNorm(loc, getOperationName(), adaptor.getOperand(),
                        adaptor.getFeatureIndexAttr().getInt(), 0, inferred);
}

LogicalResult BatchNormTrainingOp::inferReturnTypes(MLIRContext *,
                                                    std::optional<Location> loc,
                                                    Adaptor adaptor,
                                                    Types &inferred) {
  return inferBatchNorm(loc, getOperationName(), adaptor.getOperand(),
                        adaptor.getFeatureIndexAttr().getInt(), 2, inferred);
}

LogicalResult BatchNormGradOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                Types &inferred) {
  return inferBatchNorm(loc, getOperationName(), adaptor.getOperand(),
                        adaptor.getFeatureIndexAttr().getInt(), 2, inferred);
}

// spec: triangular_solve C4 — the type of b.
LogicalResult TriangularSolveOp::inferReturnTypes(MLIRContext *,
                                                  std::optional<Location> loc,
                                                  Adaptor adaptor,
                                                  Types &inferred) {
  return pushRanked(loc, getOperationName(), adaptor.getB().getType(), "b",
                    inferred);
}

// spec: fft C4-C5 — FFT and IFFT keep the operand type; RFFT gives complex
// elements and fft_length[-1] / 2 + 1 in the last dimension; IRFFT gives the
// part type and fft_length[-1] in the last dimension.
LogicalResult FftOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor, Types &inferred) {
  auto in = ranked(adaptor.getOperand());
  ArrayRef<int64_t> length = adaptor.getFftLength();
  if (!in || length.empty() || in.getRank() < (int64_t)length.size())
    return fail(loc, getOperationName(), "fft_length does not fit the operand");
  FftType kind = adaptor.getFftType();
  if (kind == FftType::FFT || kind == FftType::IFFT) {
    inferred.push_back(in);
    return success();
  }
  SmallVector<int64_t> shape(in.getShape());
  Type element = in.getElementType();
  if (kind == FftType::RFFT) {
    if (!isa<FloatType>(element))
      return fail(loc, getOperationName(), "RFFT needs a float operand");
    shape.back() = length.back() / 2 + 1;
    element = ComplexType::get(element);
  } else {
    shape.back() = length.back();
    element = partType(element);
  }
  inferred.push_back(in.clone(shape, element));
  return success();
}
