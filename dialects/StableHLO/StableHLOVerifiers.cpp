//===- StableHLOVerifiers.cpp - StableHLO op verifiers --------------------===//
//
// The constraints of the StableHLO specification, op by op (the spec's
// "Constraints" sections, cited as (C<n>) where the numbering helps). Every
// error names the op, the operand or attribute at fault and what was expected;
// each has a -verify-diagnostics test in test/Dialect/StableHLO/.
//
//===----------------------------------------------------------------------===//

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"

#include <numeric>

using namespace mlir;
using namespace systole::stablehlo;

namespace {

RankedTensorType tensorOf(Value v) {
  return dyn_cast<RankedTensorType>(v.getType());
}

/// Checks that `dims` are unique and in [0, rank); `what` names the
/// attribute in the error.
LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims, int64_t rank,
                        StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " " << d << " is out of range [0, " << rank << ")";
    if (!seen.insert(d).second)
      return op->emitOpError() << what << " " << d << " appears twice";
  }
  return success();
}

/// The element type of a complex element type's parts, or the type itself.
Type realPart(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType();
  return t;
}

/// The terminator of the single block of `region`, or null when the block
/// does not end in one (the generic verifier reports that after the op's
/// verifier, which runs first).
Operation *terminatorOf(Region &region) {
  Block &block = region.front();
  return block.mightHaveTerminator() ? &block.back() : nullptr;
}

LogicalResult checkRegionReturns(Operation *op, Region &region,
                                 TypeRange expected, StringRef regionName) {
  Operation *term = terminatorOf(region);
  if (term && term->getOperandTypes() != expected) {
    auto diag = op->emitOpError() << regionName << " must return "
                                  << expected.size() << " values of types (";
    llvm::interleaveComma(expected, diag);
    diag << "), got (";
    llvm::interleaveComma(term->getOperandTypes(), diag);
    return diag << ")";
  }
  return success();
}

/// Checks that the entry block of `region` takes arguments of the types
/// `expected` (spec: the function types of the ops' regions).
LogicalResult checkRegionArgs(Operation *op, Region &region, TypeRange expected,
                              StringRef regionName) {
  TypeRange got = region.front().getArgumentTypes();
  if (got == expected)
    return success();
  if (expected.empty())
    return op->emitOpError()
           << regionName << " must take no arguments, got " << got.size();
  auto diag = op->emitOpError() << regionName << " must take "
                                << expected.size() << " arguments of types (";
  llvm::interleaveComma(expected, diag);
  diag << "), got (";
  llvm::interleaveComma(got, diag);
  return diag << ")";
}

/// `tensor<E>`, the type of one element of a region argument or result.
RankedTensorType scalarOf(Type element) {
  return RankedTensorType::get({}, element);
}

/// Checks that the result has rank `rank` before its dimensions are read.
LogicalResult checkResultRank(Operation *op, RankedTensorType result,
                              int64_t rank) {
  if (result.getRank() != rank)
    return op->emitOpError()
           << "result must have rank " << rank << ", got " << result;
  return success();
}

} // namespace

LogicalResult systole::stablehlo::verifyUnaryElementwise(Operation *op) {
  Type in = getElementTypeOrSelf(op->getOperand(0).getType());
  Type out = getElementTypeOrSelf(op->getResult(0).getType());
  StringRef name = op->getName().stripDialect();
  if (name == "convert")
    return success();
  if (name == "real" || name == "imag") {
    if (out != realPart(in))
      return op->emitOpError() << "result element type must be " << realPart(in)
                               << ", got " << out;
    return success();
  }
  if (name == "is_finite") {
    if (!isa<FloatType>(in))
      return op->emitOpError() << "operand must be a float tensor, got " << in;
    if (!out.isInteger(1))
      return op->emitOpError() << "result element type must be i1, got " << out;
    return success();
  }
  if (name == "abs" && isa<ComplexType>(in)) {
    if (out != realPart(in))
      return op->emitOpError() << "result element type must be " << realPart(in)
                               << ", got " << out;
    return success();
  }
  if (in != out)
    return op->emitOpError()
           << "operand and result element types differ: " << in << " vs "
           << out;
  bool isFloatOrComplex = isa<FloatType, ComplexType>(in);
  static const llvm::StringSet<> floatOnly = {"cbrt",
                                              "ceil",
                                              "cosine",
                                              "exponential",
                                              "exponential_minus_one",
                                              "floor",
                                              "log",
                                              "log_plus_one",
                                              "logistic",
                                              "round_nearest_afz",
                                              "round_nearest_even",
                                              "rsqrt",
                                              "sine",
                                              "sqrt",
                                              "tan",
                                              "tanh"};
  if (floatOnly.contains(name) && !isFloatOrComplex)
    return op->emitOpError()
           << "operand must be a float or complex tensor, got "
           << op->getOperand(0).getType();
  static const llvm::StringSet<> intOnly = {"count_leading_zeros", "popcnt",
                                            "not"};
  if (intOnly.contains(name) && !isa<IntegerType>(in))
    return op->emitOpError() << "operand must be an integer tensor, got "
                             << op->getOperand(0).getType();
  return success();
}

LogicalResult systole::stablehlo::verifyBinaryElementwise(Operation *op) {
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType(),
       res = op->getResult(0).getType();
  if (lhs != rhs || lhs != res)
    return op->emitOpError() << "operands and result must have the same type, "
                             << "got " << lhs << ", " << rhs << " -> " << res;
  Type e = getElementTypeOrSelf(lhs);
  StringRef name = op->getName().stripDialect();
  if ((name == "and" || name == "or" || name == "xor" ||
       name.starts_with("shift")) &&
      !isa<IntegerType>(e))
    return op->emitOpError() << "operands must be integer or boolean tensors, "
                             << "got " << lhs;
  if ((name == "atan2" || name == "remainder" || name == "power") &&
      e.isInteger(1))
    return op->emitOpError() << "operands must not be boolean tensors";
  return success();
}

LogicalResult ComplexOp::verify() {
  Type l = getLhs().getType(), r = getRhs().getType();
  if (l != r)
    return emitOpError() << "operands must have the same type, got " << l
                         << " and " << r;
  Type e = getElementTypeOrSelf(l);
  if (!e.isF32() && !e.isF64())
    return emitOpError() << "operands must be f32 or f64 tensors, got " << l;
  Type out = getElementTypeOrSelf(getResult().getType());
  if (out != ComplexType::get(e))
    return emitOpError() << "result element type must be "
                         << ComplexType::get(e) << ", got " << out;
  return success();
}

LogicalResult CompareOp::verify() {
  if (getLhs().getType() != getRhs().getType())
    return emitOpError() << "operands must have the same type, got "
                         << getLhs().getType() << " and " << getRhs().getType();
  if (!getElementTypeOrSelf(getResult().getType()).isInteger(1))
    return emitOpError() << "result element type must be i1";
  // compare_type fits the element type (spec C3): SIGNED for signed and
  // signless integers, UNSIGNED for unsigned integers and i1, FLOAT or
  // TOTALORDER for floats, FLOAT for complex. NOTYPE (MHLO's "unset") and
  // other element types (quantized) are not checked.
  std::optional<ComparisonType> kind = getCompareType();
  if (!kind || *kind == ComparisonType::NOTYPE)
    return success();
  Type e = getElementTypeOrSelf(getLhs().getType());
  StringRef expected;
  bool fits = true;
  if (isa<ComplexType>(e)) {
    expected = "FLOAT";
    fits = *kind == ComparisonType::FLOAT;
  } else if (isa<FloatType>(e)) {
    expected = "FLOAT or TOTALORDER";
    fits =
        *kind == ComparisonType::FLOAT || *kind == ComparisonType::TOTALORDER;
  } else if (auto i = dyn_cast<IntegerType>(e)) {
    bool isUnsigned = i.getWidth() == 1 || i.isUnsigned();
    expected = isUnsigned ? "UNSIGNED" : "SIGNED";
    fits = *kind ==
           (isUnsigned ? ComparisonType::UNSIGNED : ComparisonType::SIGNED);
  }
  if (!fits)
    return emitOpError() << "compare_type must be " << expected << " for " << e
                         << " elements, got " << stringifyComparisonType(*kind);
  return success();
}

LogicalResult SelectOp::verify() {
  auto pred = tensorOf(getPred());
  if (!pred.getElementType().isInteger(1))
    return emitOpError() << "pred must be a tensor of i1, got " << pred;
  if (getOnTrue().getType() != getOnFalse().getType() ||
      getOnTrue().getType() != getResult().getType())
    return emitOpError()
           << "on_true, on_false and the result must have the same type";
  if (pred.getRank() != 0 &&
      pred.getShape() != tensorOf(getOnTrue()).getShape())
    return emitOpError() << "pred must be a scalar or have the shape of "
                         << "on_true, got " << pred;
  return success();
}

LogicalResult ClampOp::verify() {
  auto operand = tensorOf(getOperand());
  if (getResult().getType() != operand)
    return emitOpError() << "result type must equal the operand type";
  for (auto [v, name] :
       {std::pair(getMin(), "min"), std::pair(getMax(), "max")}) {
    auto t = tensorOf(v);
    if (t.getElementType() != operand.getElementType() ||
        (t.getRank() != 0 && t.getShape() != operand.getShape()))
      return emitOpError() << name << " must be a scalar or have the type of "
                           << "the operand, got " << t;
  }
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  for (Type t : {in.getElementType(), out.getElementType()})
    if (!t.isIntOrFloat() && !isa<ComplexType>(t))
      return emitOpError() << "element types must be integer, float or "
                           << "complex, got " << t;
  auto bits = [](Type t) -> int64_t {
    if (auto c = dyn_cast<ComplexType>(t))
      return 2 * c.getElementType().getIntOrFloatBitWidth();
    return t.getIntOrFloatBitWidth();
  };
  int64_t inBits = bits(in.getElementType()),
          outBits = bits(out.getElementType());
  if (inBits == outBits) {
    if (in.getShape() != out.getShape())
      return emitOpError() << "shapes must match when element widths match";
    return success();
  }
  if (inBits > outBits) {
    if (out.getRank() != in.getRank() + 1 ||
        out.getShape().drop_back() != in.getShape() ||
        out.getShape().back() * outBits != inBits)
      return emitOpError() << "result shape must be the operand shape plus a "
                           << "last dimension of " << inBits / outBits;
    return success();
  }
  if (in.getRank() != out.getRank() + 1 ||
      in.getShape().drop_back() != out.getShape() ||
      in.getShape().back() * inBits != outBits)
    return emitOpError() << "operand shape must be the result shape plus a "
                         << "last dimension of " << outBits / inBits;
  return success();
}

LogicalResult ReducePrecisionOp::verify() {
  // The attributes are signless: read them as signed values.
  if (getExponentBitsAttr().getInt() < 1)
    return emitOpError() << "exponent_bits must be at least 1";
  if (getMantissaBitsAttr().getInt() < 0)
    return emitOpError() << "mantissa_bits must be non-negative";
  return success();
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError() << "value type " << getValue().getType()
                         << " differs from the result type " << getType();
  return success();
}

LogicalResult IotaOp::verify() {
  auto t = cast<RankedTensorType>(getType());
  int64_t dim = getIotaDimensionAttr().getInt();
  if (dim < 0 || dim >= t.getRank())
    return emitOpError() << "iota_dimension " << dim
                         << " is out of range for rank " << t.getRank();
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  auto t = cast<RankedTensorType>(getType());
  int64_t dim = getIotaDimensionAttr().getInt();
  if (dim < 0 || dim >= t.getRank())
    return emitOpError() << "iota_dimension " << dim
                         << " is out of range for rank " << t.getRank();
  auto shape = tensorOf(getOutputShape());
  if (shape.getRank() != 1 || shape.getDimSize(0) != t.getRank())
    return emitOpError() << "output_shape must be a 1-d tensor of "
                         << t.getRank() << " elements";
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  if (getInitialState().getType() != getOutputState().getType())
    return emitOpError() << "initial_state and output_state types differ";
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if ((int64_t)dims.size() != in.getRank())
    return emitOpError() << "broadcast_dimensions has " << dims.size()
                         << " entries, operand rank is " << in.getRank();
  if (failed(checkDims(*this, dims, out.getRank(), "broadcast dimension")))
    return failure();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "operand and result element types differ";
  for (auto [i, d] : llvm::enumerate(dims))
    if (in.getDimSize(i) != 1 && in.getDimSize(i) != out.getDimSize(d))
      return emitOpError() << "operand dimension " << i << " of size "
                           << in.getDimSize(i) << " cannot broadcast to result "
                           << "dimension " << d << " of size "
                           << out.getDimSize(d);
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  SmallVector<int64_t> expected(getBroadcastSizes());
  expected.append(in.getShape().begin(), in.getShape().end());
  if (out.getShape() != ArrayRef<int64_t>(expected) ||
      in.getElementType() != out.getElementType())
    return emitOpError() << "result type must be broadcast_sizes followed by "
                         << "the operand shape";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  if (in.getNumElements() != out.getNumElements())
    return emitOpError() << "operand has " << in.getNumElements()
                         << " elements, result has " << out.getNumElements();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "operand and result element types differ";
  return success();
}

LogicalResult TransposeOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  ArrayRef<int64_t> perm = getPermutation();
  if ((int64_t)perm.size() != in.getRank())
    return emitOpError() << "permutation has " << perm.size()
                         << " entries, operand rank is " << in.getRank();
  if (failed(checkDims(*this, perm, in.getRank(), "permutation entry")) ||
      failed(checkResultRank(*this, out, in.getRank())))
    return failure();
  if (out.getElementType() != in.getElementType())
    return emitOpError() << "operand and result element types differ";
  for (auto [i, p] : llvm::enumerate(perm))
    if (out.getDimSize(i) != in.getDimSize(p))
      return emitOpError() << "result dimension " << i << " must be "
                           << in.getDimSize(p) << ", got " << out.getDimSize(i);
  return success();
}

LogicalResult SliceOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    stride = getStrides();
  if ((int64_t)start.size() != in.getRank() ||
      (int64_t)limit.size() != in.getRank() ||
      (int64_t)stride.size() != in.getRank())
    return emitOpError() << "start, limit and strides need " << in.getRank()
                         << " entries each";
  if (failed(checkResultRank(*this, out, in.getRank())))
    return failure();
  for (int64_t i = 0; i < in.getRank(); ++i) {
    if (start[i] < 0 || limit[i] > in.getDimSize(i) || start[i] > limit[i])
      return emitOpError() << "dimension " << i << ": need 0 <= start ("
                           << start[i] << ") <= limit (" << limit[i]
                           << ") <= size (" << in.getDimSize(i) << ")";
    if (stride[i] <= 0)
      return emitOpError() << "dimension " << i << ": stride must be positive";
    int64_t size = (limit[i] - start[i] + stride[i] - 1) / stride[i];
    if (out.getDimSize(i) != size)
      return emitOpError() << "result dimension " << i << " must be " << size
                           << ", got " << out.getDimSize(i);
  }
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  ArrayRef<int64_t> sizes = getSliceSizes();
  if ((int64_t)getStartIndices().size() != in.getRank() ||
      (int64_t)sizes.size() != in.getRank())
    return emitOpError() << "need " << in.getRank()
                         << " start indices and slice sizes";
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (sizes[i] < 0 || sizes[i] > in.getDimSize(i))
      return emitOpError() << "slice size " << sizes[i] << " of dimension " << i
                           << " exceeds " << in.getDimSize(i);
  if (out.getShape() != sizes)
    return emitOpError() << "result shape must equal slice_sizes";
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto in = tensorOf(getOperand()), upd = tensorOf(getUpdate());
  if ((int64_t)getStartIndices().size() != in.getRank())
    return emitOpError() << "need " << in.getRank() << " start indices";
  if (upd.getRank() != in.getRank())
    return emitOpError() << "update rank must equal operand rank";
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (upd.getDimSize(i) > in.getDimSize(i))
      return emitOpError() << "update dimension " << i << " exceeds operand";
  if (getResult().getType() != in)
    return emitOpError() << "result type must equal the operand type";
  return success();
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  auto first = tensorOf(getInputs()[0]);
  int64_t dim = getDimension();
  if (dim < 0 || dim >= first.getRank())
    return emitOpError() << "dimension " << dim << " is out of range";
  int64_t total = 0;
  for (Value v : getInputs()) {
    auto t = tensorOf(v);
    if (t.getRank() != first.getRank() ||
        t.getElementType() != first.getElementType())
      return emitOpError() << "inputs must have the same rank and element type";
    for (int64_t i = 0; i < t.getRank(); ++i)
      if (i != dim && t.getDimSize(i) != first.getDimSize(i))
        return emitOpError() << "inputs differ in dimension " << i;
    total += t.getDimSize(dim);
  }
  if (failed(checkResultRank(*this, tensorOf(getResult()), first.getRank())))
    return failure();
  if (tensorOf(getResult()).getDimSize(dim) != total)
    return emitOpError() << "result dimension " << dim << " must be " << total;
  return success();
}

LogicalResult PadOp::verify() {
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  auto pv = tensorOf(getPaddingValue());
  if (pv.getRank() != 0 || pv.getElementType() != in.getElementType())
    return emitOpError() << "padding_value must be a scalar of the operand's "
                         << "element type";
  ArrayRef<int64_t> lo = getEdgePaddingLow(), hi = getEdgePaddingHigh(),
                    inner = getInteriorPadding();
  if ((int64_t)lo.size() != in.getRank() ||
      (int64_t)hi.size() != in.getRank() ||
      (int64_t)inner.size() != in.getRank())
    return emitOpError() << "padding needs " << in.getRank()
                         << " entries per list";
  if (failed(checkResultRank(*this, out, in.getRank())))
    return failure();
  for (int64_t i = 0; i < in.getRank(); ++i) {
    if (inner[i] < 0)
      return emitOpError() << "interior padding must be non-negative";
    int64_t n = in.getDimSize(i);
    int64_t size = lo[i] + hi[i] + n + std::max<int64_t>(n - 1, 0) * inner[i];
    if (out.getDimSize(i) != size)
      return emitOpError() << "result dimension " << i << " must be " << size
                           << ", got " << out.getDimSize(i);
  }
  return success();
}

LogicalResult ReverseOp::verify() {
  return checkDims(*this, getDimensions(), tensorOf(getOperand()).getRank(),
                   "dimension");
}

LogicalResult GatherOp::verify() {
  auto in = tensorOf(getOperand());
  auto idx = tensorOf(getStartIndices());
  GatherDimensionNumbersAttr d = getDimensionNumbers();
  ArrayRef<int64_t> sizes = getSliceSizes();
  if ((int64_t)sizes.size() != in.getRank())
    return emitOpError() << "slice_sizes needs " << in.getRank() << " entries";
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (sizes[i] < 0 || sizes[i] > in.getDimSize(i))
      return emitOpError() << "slice size " << sizes[i] << " of dimension " << i
                           << " is out of range";
  if (d.getIndexVectorDim() < 0 || d.getIndexVectorDim() > idx.getRank())
    return emitOpError() << "index_vector_dim is out of range";
  if (failed(checkDims(*this, d.getCollapsedSliceDims(), in.getRank(),
                       "collapsed_slice_dims entry")) ||
      failed(checkDims(*this, d.getStartIndexMap(), in.getRank(),
                       "start_index_map entry")) ||
      failed(checkDims(*this, d.getOperandBatchingDims(), in.getRank(),
                       "operand_batching_dims entry")))
    return failure();
  for (int64_t c : d.getCollapsedSliceDims())
    if (sizes[c] > 1)
      return emitOpError() << "collapsed dimension " << c
                           << " must have slice size 0 or 1";
  int64_t indexVectorSize = d.getIndexVectorDim() < idx.getRank()
                                ? idx.getDimSize(d.getIndexVectorDim())
                                : 1;
  if ((int64_t)d.getStartIndexMap().size() != indexVectorSize)
    return emitOpError() << "start_index_map has "
                         << d.getStartIndexMap().size()
                         << " entries, the index vector has "
                         << indexVectorSize;
  // Batching dimensions (spec C3-C7): pairwise, of equal size, disjoint
  // from the collapsed dimensions and the index vector dimension.
  ArrayRef<int64_t> ob = d.getOperandBatchingDims(),
                    sb = d.getStartIndicesBatchingDims();
  if (ob.size() != sb.size())
    return emitOpError() << "operand_batching_dims and "
                         << "start_indices_batching_dims differ in length";
  if (failed(checkDims(*this, sb, idx.getRank(),
                       "start_indices_batching_dims entry")))
    return failure();
  for (auto [o, b] : llvm::zip(ob, sb)) {
    if (llvm::is_contained(d.getCollapsedSliceDims(), o))
      return emitOpError() << "dimension " << o << " is both collapsed and "
                           << "a batching dimension";
    if (b == d.getIndexVectorDim())
      return emitOpError() << "index_vector_dim " << b
                           << " cannot be a batching dimension";
    if (in.getDimSize(o) != idx.getDimSize(b))
      return emitOpError() << "batching dimension sizes differ: "
                           << in.getDimSize(o) << " vs " << idx.getDimSize(b);
    if (sizes[o] > 1)
      return emitOpError() << "batching dimension " << o
                           << " must have slice size 0 or 1";
  }
  // Result shape (spec C22): the batch dimensions of start_indices, with the
  // slice's non-collapsed, non-batching sizes at offset_dims.
  SmallVector<int64_t> batchSizes, offsetSizes;
  for (int64_t i = 0; i < idx.getRank(); ++i)
    if (i != d.getIndexVectorDim())
      batchSizes.push_back(idx.getDimSize(i));
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!llvm::is_contained(d.getCollapsedSliceDims(), i) &&
        !llvm::is_contained(ob, i))
      offsetSizes.push_back(sizes[i]);
  ArrayRef<int64_t> offsetDims = d.getOffsetDims();
  int64_t expectedRank = batchSizes.size() + offsetDims.size();
  if (offsetDims.size() != offsetSizes.size())
    return emitOpError() << "offset_dims has " << offsetDims.size()
                         << " entries, the slice keeps " << offsetSizes.size()
                         << " dimensions";
  if (failed(checkDims(*this, offsetDims, expectedRank, "offset_dims entry")))
    return failure();
  if (!llvm::is_sorted(offsetDims))
    return emitOpError() << "offset_dims must be sorted";
  SmallVector<int64_t> shape;
  for (int64_t i = 0, b = 0, o = 0; i < expectedRank; ++i)
    shape.push_back(llvm::is_contained(offsetDims, i) ? offsetSizes[o++]
                                                      : batchSizes[b++]);
  auto out = tensorOf(getResult());
  if (out.getShape() != ArrayRef<int64_t>(shape)) {
    auto diag = emitOpError() << "result shape must be [";
    llvm::interleaveComma(shape, diag);
    return diag << "], got " << out;
  }
  if (out.getElementType() != in.getElementType())
    return emitOpError() << "result element type must be "
                         << in.getElementType();
  return success();
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getUpdates().size() != n || getNumResults() != n)
    return emitOpError() << "needs as many updates and results as inputs";
  auto in = tensorOf(getInputs()[0]);
  ScatterDimensionNumbersAttr d = getScatterDimensionNumbers();
  auto idx = tensorOf(getScatterIndices());
  if (d.getIndexVectorDim() < 0 || d.getIndexVectorDim() > idx.getRank())
    return emitOpError() << "index_vector_dim is out of range";
  if (failed(checkDims(*this, d.getInsertedWindowDims(), in.getRank(),
                       "inserted_window_dims entry")) ||
      failed(checkDims(*this, d.getScatterDimsToOperandDims(), in.getRank(),
                       "scatter_dims_to_operand_dims entry")))
    return failure();
  for (size_t i = 0; i < n; ++i)
    if (getResult(i).getType() != getInputs()[i].getType())
      return emitOpError() << "result " << i << " type must equal input " << i;
  for (Value v : getInputs())
    if (tensorOf(v).getShape() != in.getShape())
      return emitOpError() << "inputs must have the same shape";
  // Shape of the updates (spec C4-C12): the batch dimensions of
  // scatter_indices, then windows at update_window_dims no larger than the
  // input's non-inserted, non-batching dimensions.
  ArrayRef<int64_t> ib = d.getInputBatchingDims(),
                    sb = d.getScatterIndicesBatchingDims(),
                    uwd = d.getUpdateWindowDims();
  if (ib.size() != sb.size())
    return emitOpError() << "input_batching_dims and "
                         << "scatter_indices_batching_dims differ in length";
  if (failed(checkDims(*this, ib, in.getRank(), "input_batching_dims entry")) ||
      failed(checkDims(*this, sb, idx.getRank(),
                       "scatter_indices_batching_dims entry")))
    return failure();
  int64_t indexVectorSize = d.getIndexVectorDim() < idx.getRank()
                                ? idx.getDimSize(d.getIndexVectorDim())
                                : 1;
  if ((int64_t)d.getScatterDimsToOperandDims().size() != indexVectorSize)
    return emitOpError() << "scatter_dims_to_operand_dims has "
                         << d.getScatterDimsToOperandDims().size()
                         << " entries, the index vector has "
                         << indexVectorSize;
  SmallVector<int64_t> batchSizes, windowBounds;
  for (int64_t i = 0; i < idx.getRank(); ++i)
    if (i != d.getIndexVectorDim())
      batchSizes.push_back(idx.getDimSize(i));
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!llvm::is_contained(d.getInsertedWindowDims(), i) &&
        !llvm::is_contained(ib, i))
      windowBounds.push_back(in.getDimSize(i));
  int64_t updateRank = batchSizes.size() + uwd.size();
  if (uwd.size() != windowBounds.size())
    return emitOpError() << "update_window_dims has " << uwd.size()
                         << " entries, the input keeps " << windowBounds.size()
                         << " window dimensions";
  if (failed(checkDims(*this, uwd, updateRank, "update_window_dims entry")))
    return failure();
  if (!llvm::is_sorted(uwd))
    return emitOpError() << "update_window_dims must be sorted";
  for (auto [k, v] : llvm::enumerate(getUpdates())) {
    auto upd = tensorOf(v);
    if (upd.getRank() != updateRank)
      return emitOpError() << "update " << k << " must have rank " << updateRank
                           << ", got " << upd;
    if (upd.getElementType() != tensorOf(getInputs()[k]).getElementType())
      return emitOpError() << "update " << k
                           << " element type must equal input " << k;
    for (int64_t i = 0, b = 0, w = 0; i < updateRank; ++i) {
      bool isWindow = llvm::is_contained(uwd, i);
      int64_t size = upd.getDimSize(i);
      if (isWindow ? size > windowBounds[w++] : size != batchSizes[b++])
        return emitOpError() << "update " << k << " dimension " << i
                             << " of size " << size << " does not fit";
    }
  }
  SmallVector<Type> scalars;
  for (Value v : getInputs())
    scalars.push_back(RankedTensorType::get({}, tensorOf(v).getElementType()));
  Block &block = getUpdateComputation().front();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "update_computation needs " << 2 * n
                         << " arguments";
  // (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
  // (tensor<E0>, ..., tensor<EN-1>) (spec C23).
  SmallVector<Type> args(scalars);
  args.append(scalars);
  if (failed(checkRegionArgs(*this, getUpdateComputation(), args,
                             "update_computation")))
    return failure();
  return checkRegionReturns(*this, getUpdateComputation(), scalars,
                            "update_computation");
}

LogicalResult DotOp::verify() {
  auto l = tensorOf(getLhs()), r = tensorOf(getRhs());
  if (l.getRank() < 1 || l.getRank() > 2 || r.getRank() < 1 || r.getRank() > 2)
    return emitOpError() << "operands must be vectors or matrices";
  if (l.getDimSize(l.getRank() - 1) != r.getDimSize(0))
    return emitOpError() << "contracting dimensions differ: "
                         << l.getDimSize(l.getRank() - 1) << " vs "
                         << r.getDimSize(0);
  SmallVector<int64_t> shape(l.getShape().drop_back());
  shape.append(r.getShape().begin() + 1, r.getShape().end());
  auto out = tensorOf(getResult());
  if (out.getShape() != ArrayRef<int64_t>(shape)) {
    auto diag = emitOpError() << "result shape must be [";
    llvm::interleaveComma(shape, diag);
    return diag << "], got " << out;
  }
  if (auto p = getPrecisionConfig())
    if (p->size() != 0 && p->size() != 2)
      return emitOpError() << "precision_config must have 0 or 2 entries";
  return success();
}

LogicalResult DotGeneralOp::verify() {
  auto l = tensorOf(getLhs()), r = tensorOf(getRhs());
  DotDimensionNumbersAttr d = getDotDimensionNumbers();
  ArrayRef<int64_t> lb = d.getLhsBatchingDimensions(),
                    rb = d.getRhsBatchingDimensions(),
                    lc = d.getLhsContractingDimensions(),
                    rc = d.getRhsContractingDimensions();
  if (lb.size() != rb.size())
    return emitOpError() << "lhs and rhs need the same number of batching "
                         << "dimensions";
  if (lc.size() != rc.size())
    return emitOpError() << "lhs and rhs need the same number of contracting "
                         << "dimensions";
  SmallVector<int64_t> lAll(lb), rAll(rb);
  lAll.append(lc.begin(), lc.end());
  rAll.append(rc.begin(), rc.end());
  if (failed(checkDims(*this, lAll, l.getRank(), "lhs dimension")) ||
      failed(checkDims(*this, rAll, r.getRank(), "rhs dimension")))
    return failure();
  for (size_t i = 0; i < lb.size(); ++i)
    if (l.getDimSize(lb[i]) != r.getDimSize(rb[i]))
      return emitOpError() << "batching dimension sizes differ: "
                           << l.getDimSize(lb[i]) << " vs "
                           << r.getDimSize(rb[i]);
  for (size_t i = 0; i < lc.size(); ++i)
    if (l.getDimSize(lc[i]) != r.getDimSize(rc[i]))
      return emitOpError() << "contracting dimension sizes differ: "
                           << l.getDimSize(lc[i]) << " vs "
                           << r.getDimSize(rc[i]);
  // Result shape: batch dims, lhs free dims, rhs free dims (spec C13).
  SmallVector<int64_t> shape;
  for (int64_t b : lb)
    shape.push_back(l.getDimSize(b));
  for (int64_t i = 0; i < l.getRank(); ++i)
    if (!llvm::is_contained(lAll, i))
      shape.push_back(l.getDimSize(i));
  for (int64_t i = 0; i < r.getRank(); ++i)
    if (!llvm::is_contained(rAll, i))
      shape.push_back(r.getDimSize(i));
  auto out = tensorOf(getResult());
  if (out.getShape() != ArrayRef<int64_t>(shape)) {
    auto diag = emitOpError() << "result shape must be [";
    llvm::interleaveComma(shape, diag);
    return diag << "], got " << out;
  }
  if (auto p = getPrecisionConfig())
    if (p->size() != 0 && p->size() != 2)
      return emitOpError() << "precision_config must have 0 or 2 entries";
  return success();
}

LogicalResult ConvolutionOp::verify() {
  auto l = tensorOf(getLhs()), r = tensorOf(getRhs()),
       o = tensorOf(getResult());
  ConvDimensionNumbersAttr d = getDimensionNumbers();
  int64_t n = d.getInputSpatialDimensions().size();
  if (l.getRank() != n + 2 || r.getRank() != n + 2 || o.getRank() != n + 2)
    return emitOpError() << "lhs, rhs and result must have rank " << n + 2;
  if ((int64_t)d.getKernelSpatialDimensions().size() != n ||
      (int64_t)d.getOutputSpatialDimensions().size() != n)
    return emitOpError() << "dimension numbers disagree on the number of "
                         << "spatial dimensions";
  // Each layout names every dimension once (spec C13-C21); the `raw` form
  // of #stablehlo.conv can say otherwise. Each layout has n + 2 entries.
  auto layout = [](int64_t a, int64_t b, ArrayRef<int64_t> spatial) {
    SmallVector<int64_t> all = {a, b};
    all.append(spatial.begin(), spatial.end());
    return all;
  };
  SmallVector<int64_t> input =
      layout(d.getInputBatchDimension(), d.getInputFeatureDimension(),
             d.getInputSpatialDimensions());
  SmallVector<int64_t> kernel = layout(d.getKernelInputFeatureDimension(),
                                       d.getKernelOutputFeatureDimension(),
                                       d.getKernelSpatialDimensions());
  SmallVector<int64_t> output =
      layout(d.getOutputBatchDimension(), d.getOutputFeatureDimension(),
             d.getOutputSpatialDimensions());
  if (failed(checkDims(*this, input, n + 2, "input dimension")) ||
      failed(checkDims(*this, kernel, n + 2, "kernel dimension")) ||
      failed(checkDims(*this, output, n + 2, "output dimension")))
    return failure();
  int64_t fgc = getFeatureGroupCount(), bgc = getBatchGroupCount();
  if (fgc < 1 || bgc < 1)
    return emitOpError() << "group counts must be positive";
  if (fgc > 1 && bgc > 1)
    return emitOpError() << "feature_group_count and batch_group_count "
                         << "cannot both exceed 1";
  int64_t inFeatures = l.getDimSize(d.getInputFeatureDimension());
  int64_t kIn = r.getDimSize(d.getKernelInputFeatureDimension());
  if (inFeatures % fgc != 0 || inFeatures / fgc != kIn)
    return emitOpError() << "input features (" << inFeatures
                         << ") / feature_group_count (" << fgc
                         << ") must equal the kernel input features (" << kIn
                         << ")";
  int64_t batch = l.getDimSize(d.getInputBatchDimension());
  int64_t kOut = r.getDimSize(d.getKernelOutputFeatureDimension());
  if (batch % bgc != 0)
    return emitOpError() << "input batch (" << batch
                         << ") must be a multiple of batch_group_count (" << bgc
                         << ")";
  if (kOut % bgc != 0 || kOut % fgc != 0)
    return emitOpError() << "kernel output features (" << kOut
                         << ") must be a multiple of both group counts";
  auto check = [&](std::optional<ArrayRef<int64_t>> v, StringRef what) {
    if (v && (int64_t)v->size() != n)
      return emitOpError() << what << " needs " << n << " entries", false;
    if (v && llvm::any_of(*v, [](int64_t x) { return x < 1; }))
      return emitOpError() << what << " entries must be positive", false;
    return true;
  };
  if (!check(getWindowStrides(), "window_strides") ||
      !check(getLhsDilation(), "lhs_dilation") ||
      !check(getRhsDilation(), "rhs_dilation"))
    return failure();
  if (auto rev = getWindowReversal())
    if ((int64_t)rev->size() != n)
      return emitOpError() << "window_reversal needs " << n << " entries";
  SmallVector<int64_t> pad(2 * n, 0);
  if (auto p = getPadding()) {
    if (p->getType().getShape() != ArrayRef<int64_t>{n, 2})
      return emitOpError() << "padding must have shape [" << n << ", 2]";
    pad.assign(p->getValues<int64_t>().begin(), p->getValues<int64_t>().end());
  }
  // Result shape (spec C25).
  SmallVector<int64_t> shape(n + 2);
  shape[d.getOutputBatchDimension()] = batch / bgc;
  shape[d.getOutputFeatureDimension()] = kOut;
  for (int64_t i = 0; i < n; ++i) {
    auto at = [&](std::optional<ArrayRef<int64_t>> v) {
      return v ? (*v)[i] : int64_t(1);
    };
    shape[d.getOutputSpatialDimensions()[i]] =
        windowedSize(l.getDimSize(d.getInputSpatialDimensions()[i]),
                     at(getLhsDilation()), pad[2 * i], pad[2 * i + 1],
                     r.getDimSize(d.getKernelSpatialDimensions()[i]),
                     at(getRhsDilation()), at(getWindowStrides()));
  }
  if (o.getShape() != ArrayRef<int64_t>(shape)) {
    auto diag = emitOpError() << "result shape must be [";
    llvm::interleaveComma(shape, diag);
    return diag << "], got " << o;
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getInitValues().size() != n || getNumResults() != n)
    return emitOpError() << "needs as many init values and results as inputs";
  auto first = tensorOf(getInputs()[0]);
  for (Value v : getInputs())
    if (tensorOf(v).getShape() != first.getShape())
      return emitOpError() << "inputs must have the same shape";
  if (failed(checkDims(*this, getDimensions(), first.getRank(), "dimension")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < first.getRank(); ++i)
    if (!llvm::is_contained(getDimensions(), i))
      shape.push_back(first.getDimSize(i));
  SmallVector<Type> scalars;
  for (size_t i = 0; i < n; ++i) {
    auto init = tensorOf(getInitValues()[i]);
    if (init.getRank() != 0)
      return emitOpError() << "init value " << i << " must be a scalar";
    auto res = dyn_cast<RankedTensorType>(getResult(i).getType());
    if (!res || res.getShape() != ArrayRef<int64_t>(shape))
      return emitOpError() << "result " << i << " has the wrong shape";
    scalars.push_back(init);
  }
  Block &block = getBody().front();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "body needs " << 2 * n << " arguments";
  // (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
  // (tensor<E0>, ..., tensor<EN-1>) (spec C6).
  SmallVector<Type> args(scalars);
  args.append(scalars);
  if (failed(checkRegionArgs(*this, getBody(), args, "body")))
    return failure();
  return checkRegionReturns(*this, getBody(), scalars, "body");
}

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getInitValues().size() != n || getNumResults() != n)
    return emitOpError() << "needs as many init values and results as inputs";
  int64_t rank = tensorOf(getInputs()[0]).getRank();
  if ((int64_t)getWindowDimensions().size() != rank)
    return emitOpError() << "window_dimensions needs " << rank << " entries";
  if (llvm::any_of(getWindowDimensions(), [](int64_t x) { return x < 1; }))
    return emitOpError() << "window_dimensions must be positive";
  for (auto v : {getWindowStrides(), getBaseDilations(), getWindowDilations()})
    if (v && (int64_t)v->size() != rank)
      return emitOpError() << "window attributes need " << rank << " entries";
  for (auto v : {getWindowStrides(), getBaseDilations(), getWindowDilations()})
    if (v && llvm::any_of(*v, [](int64_t x) { return x < 1; }))
      return emitOpError() << "window strides and dilations must be positive";
  SmallVector<int64_t> pad(2 * rank, 0);
  if (auto p = getPadding()) {
    if (p->getType().getShape() != ArrayRef<int64_t>{rank, 2})
      return emitOpError() << "padding must have shape [" << rank << ", 2]";
    pad.assign(p->getValues<int64_t>().begin(), p->getValues<int64_t>().end());
  }
  auto first = tensorOf(getInputs()[0]);
  for (Value v : getInputs())
    if (tensorOf(v).getShape() != first.getShape())
      return emitOpError() << "inputs must have the same shape";
  // Result shape (spec C16).
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    auto at = [&](std::optional<ArrayRef<int64_t>> v) {
      return v ? (*v)[i] : int64_t(1);
    };
    shape.push_back(
        windowedSize(first.getDimSize(i), at(getBaseDilations()), pad[2 * i],
                     pad[2 * i + 1], getWindowDimensions()[i],
                     at(getWindowDilations()), at(getWindowStrides())));
  }
  SmallVector<Type> scalars;
  for (auto [i, v] : llvm::enumerate(getInitValues())) {
    auto init = tensorOf(v);
    if (init.getRank() != 0)
      return emitOpError() << "init value " << i << " must be a scalar";
    auto res = tensorOf(getResult(i));
    if (!res || res.getShape() != ArrayRef<int64_t>(shape)) {
      auto diag = emitOpError() << "result " << i << " shape must be [";
      llvm::interleaveComma(shape, diag);
      return diag << "]";
    }
    scalars.push_back(init);
  }
  // (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
  // (tensor<E0>, ..., tensor<EN-1>) (spec C13).
  SmallVector<Type> args(scalars);
  args.append(scalars);
  if (failed(checkRegionArgs(*this, getBody(), args, "body")))
    return failure();
  return checkRegionReturns(*this, getBody(), scalars, "body");
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = tensorOf(getOperand()), source = tensorOf(getSource()),
       init = tensorOf(getInitValue());
  int64_t rank = operand.getRank();
  // Window attributes (spec C4-C8); absent ones are 1s and 0s.
  SmallVector<int64_t> window(rank, 1), strides(rank, 1), pad(2 * rank, 0);
  if (auto w = getWindowDimensions()) {
    if ((int64_t)w->size() != rank)
      return emitOpError() << "window_dimensions needs " << rank << " entries";
    window.assign(w->begin(), w->end());
  }
  if (getResult().getType() != getOperand().getType())
    return emitOpError() << "result type must equal the operand type";
  if (llvm::any_of(window, [](int64_t x) { return x < 1; }))
    return emitOpError() << "window_dimensions must be positive";
  if (auto s = getWindowStrides()) {
    if ((int64_t)s->size() != rank)
      return emitOpError() << "window_strides needs " << rank << " entries";
    strides.assign(s->begin(), s->end());
  }
  if (llvm::any_of(strides, [](int64_t x) { return x < 1; }))
    return emitOpError() << "window_strides must be positive";
  if (auto p = getPadding()) {
    if (p->getType().getShape() != ArrayRef<int64_t>{rank, 2})
      return emitOpError() << "padding must have shape [" << rank << ", 2]";
    pad.assign(p->getValues<int64_t>().begin(), p->getValues<int64_t>().end());
  }
  // Element types of source and init_value (spec C1, C3).
  Type e = operand.getElementType();
  if (source.getElementType() != e)
    return emitOpError() << "source element type must be " << e << ", got "
                         << source.getElementType();
  if (init != scalarOf(e))
    return emitOpError() << "init_value must be " << scalarOf(e) << ", got "
                         << init;
  // Source shape: the shape of reduce_window over the operand (spec C2).
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i)
    shape.push_back(windowedSize(operand.getDimSize(i), 1, pad[2 * i],
                                 pad[2 * i + 1], window[i], 1, strides[i]));
  if (source.getShape() != ArrayRef<int64_t>(shape)) {
    auto diag = emitOpError() << "source shape must be [";
    llvm::interleaveComma(shape, diag);
    return diag << "], got " << source;
  }
  // select: (tensor<E>, tensor<E>) -> tensor<i1>; scatter: (tensor<E>,
  // tensor<E>) -> tensor<E> (spec C9, C10).
  Type scalar = scalarOf(e);
  if (failed(checkRegionArgs(*this, getSelect(), {scalar, scalar}, "select")) ||
      failed(checkRegionReturns(*this, getSelect(),
                                {scalarOf(IntegerType::get(getContext(), 1))},
                                "select")) ||
      failed(checkRegionArgs(*this, getScatter(), {scalar, scalar}, "scatter")))
    return failure();
  return checkRegionReturns(*this, getScatter(), {scalar}, "scatter");
}

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  auto first = tensorOf(getInputs()[0]);
  for (Value v : getInputs())
    if (tensorOf(v).getShape() != first.getShape())
      return emitOpError() << "inputs must have the same shape";
  int64_t dim = getDimension();
  if (dim < -first.getRank() || dim >= first.getRank())
    return emitOpError() << "dimension " << dim << " is out of range";
  if (getResultTypes() != getInputs().getTypes())
    return emitOpError() << "result types must equal the input types";
  Block &block = getComparator().front();
  if (block.getNumArguments() != 2 * getInputs().size())
    return emitOpError() << "comparator needs " << 2 * getInputs().size()
                         << " arguments";
  // (tensor<E0>, tensor<E0>, ..., tensor<EN-1>, tensor<EN-1>) -> tensor<i1>
  // (spec C5).
  SmallVector<Type> args;
  for (Value v : getInputs())
    args.append(2, scalarOf(tensorOf(v).getElementType()));
  if (failed(checkRegionArgs(*this, getComparator(), args, "comparator")))
    return failure();
  return checkRegionReturns(
      *this, getComparator(),
      {RankedTensorType::get({}, IntegerType::get(getContext(), 1))},
      "comparator");
}

LogicalResult MapOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  int64_t rank = tensorOf(getInputs()[0]).getRank();
  SmallVector<int64_t> iota(rank);
  std::iota(iota.begin(), iota.end(), 0);
  if (getDimensions() != ArrayRef<int64_t>(iota))
    return emitOpError() << "dimensions must be [0, ..., rank - 1]";
  // All inputs have one shape (spec C1); the computation has type
  // (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'> (spec C4).
  auto first = tensorOf(getInputs()[0]);
  SmallVector<Type> args;
  for (Value v : getInputs()) {
    auto t = tensorOf(v);
    if (t.getShape() != first.getShape())
      return emitOpError() << "inputs must have the same shape, got " << first
                           << " and " << t;
    args.push_back(scalarOf(t.getElementType()));
  }
  if (failed(checkRegionArgs(*this, getComputation(), args, "computation")))
    return failure();
  // One 0-d tensor; its element type is the result's (checked by the type
  // inference, StableHLOTypeInference.cpp).
  Operation *term = terminatorOf(getComputation());
  if (!term)
    return success();
  TypeRange returned = term->getOperandTypes();
  auto scalar = returned.size() == 1
                    ? dyn_cast<RankedTensorType>(returned.front())
                    : RankedTensorType();
  if (!scalar || scalar.getRank() != 0) {
    auto diag = emitOpError()
                << "computation must return one 0-d tensor, got (";
    llvm::interleaveComma(returned, diag);
    return diag << ")";
  }
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange types = getOperand().getTypes();
  if (getResultTypes() != types)
    return emitOpError() << "result types must equal the operand types";
  if (getCond().front().getArgumentTypes() != types ||
      getBody().front().getArgumentTypes() != types)
    return emitOpError() << "cond and body arguments must have the operand "
                         << "types";
  if (failed(checkRegionReturns(
          *this, getCond(),
          {RankedTensorType::get({}, IntegerType::get(getContext(), 1))},
          "cond")))
    return failure();
  return checkRegionReturns(*this, getBody(), types, "body");
}

LogicalResult IfOp::verify() {
  auto pred = tensorOf(getPred());
  if (pred.getRank() != 0 || !pred.getElementType().isInteger(1))
    return emitOpError() << "pred must be tensor<i1>";
  // The branches take no arguments (spec C1) and return the result types
  // (spec C2, C3).
  if (failed(checkRegionArgs(*this, getTrueBranch(), {}, "true_branch")) ||
      failed(checkRegionArgs(*this, getFalseBranch(), {}, "false_branch")))
    return failure();
  if (failed(checkRegionReturns(*this, getTrueBranch(), getResultTypes(),
                                "true_branch")))
    return failure();
  return checkRegionReturns(*this, getFalseBranch(), getResultTypes(),
                            "false_branch");
}

LogicalResult CaseOp::verify() {
  auto index = tensorOf(getIndex());
  if (index.getRank() != 0 || !index.getElementType().isInteger(32))
    return emitOpError() << "index must be tensor<i32>";
  if (getBranches().empty())
    return emitOpError() << "needs at least one branch";
  // Each branch takes no arguments (spec C2) and returns the result types
  // (spec C3, C4).
  for (Region &r : getBranches())
    if (failed(checkRegionArgs(*this, r, {}, "branch")) ||
        failed(checkRegionReturns(*this, r, getResultTypes(), "branch")))
      return failure();
  return success();
}

LogicalResult OptimizationBarrierOp::verify() {
  if (getOperand().getTypes() != getResultTypes())
    return emitOpError() << "result types must equal the operand types";
  return success();
}

LogicalResult TupleOp::verify() {
  auto tuple = cast<TupleType>(getType());
  if (TypeRange(tuple.getTypes()) != getVal().getTypes())
    return emitOpError() << "tuple type must list the operand types";
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  int64_t index = getIndexAttr().getInt();
  if (index < 0 || index >= (int64_t)tuple.size())
    return emitOpError() << "index " << index << " is out of range";
  if (tuple.getType(getIndex()) != getType())
    return emitOpError() << "result type must be " << tuple.getType(getIndex());
  return success();
}

static LogicalResult verifyBatchNorm(Operation *op, Value operand,
                                     int64_t featureIndex,
                                     ArrayRef<Value> perFeature) {
  auto in = tensorOf(operand);
  if (featureIndex < 0 || featureIndex >= in.getRank())
    return op->emitOpError()
           << "feature_index " << featureIndex << " is out of range";
  int64_t features = in.getDimSize(featureIndex);
  for (Value v : perFeature) {
    auto t = tensorOf(v);
    if (t.getRank() != 1 || t.getDimSize(0) != features ||
        t.getElementType() != in.getElementType())
      return op->emitOpError() << "scale, offset, mean and variance must be "
                               << "1-d tensors of " << features << " elements";
  }
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  return verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                         {getScale(), getOffset(), getMean(), getVariance()});
}

LogicalResult BatchNormTrainingOp::verify() {
  return verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                         {getScale(), getOffset()});
}

LogicalResult BatchNormGradOp::verify() {
  return verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                         {getScale(), getMean(), getVariance()});
}

LogicalResult CholeskyOp::verify() {
  auto a = tensorOf(getA());
  if (a.getRank() < 2 ||
      a.getDimSize(a.getRank() - 1) != a.getDimSize(a.getRank() - 2))
    return emitOpError() << "a must be a batch of square matrices, got " << a;
  if (!isa<FloatType, ComplexType>(a.getElementType()))
    return emitOpError() << "a must be a float or complex tensor, got " << a;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = tensorOf(getA()), b = tensorOf(getB());
  if (a.getRank() < 2 ||
      a.getDimSize(a.getRank() - 1) != a.getDimSize(a.getRank() - 2))
    return emitOpError() << "a must be a batch of square matrices";
  if (b.getRank() != a.getRank())
    return emitOpError() << "a and b must have the same rank";
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError() << "transpose_a must not be TRANSPOSE_INVALID";
  // Element types (spec C1, inputs I1-I2).
  if (a.getElementType() != b.getElementType())
    return emitOpError() << "a and b must have the same element type, got "
                         << a.getElementType() << " and " << b.getElementType();
  if (!isa<FloatType, ComplexType>(a.getElementType()))
    return emitOpError() << "a must be a float or complex tensor, got " << a;
  // Shapes (spec C3): equal batch dimensions; b's rows (left_side) or
  // columns (right side) match the size of a.
  int64_t rank = a.getRank();
  for (int64_t i = 0; i < rank - 2; ++i)
    if (a.getDimSize(i) != b.getDimSize(i))
      return emitOpError() << "batch dimension " << i << " differs: a has "
                           << a.getDimSize(i) << ", b has " << b.getDimSize(i);
  int64_t n = a.getDimSize(rank - 1);
  int64_t bDim = getLeftSide() ? rank - 2 : rank - 1;
  if (b.getDimSize(bDim) != n)
    return emitOpError() << "b dimension " << bDim << " must be " << n
                         << " (the size of a, left_side = "
                         << (getLeftSide() ? "true" : "false") << "), got "
                         << b.getDimSize(bDim);
  return success();
}

//===----------------------------------------------------------------------===//
// rng, fft, custom_call and the collectives
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  auto a = tensorOf(getA()), b = tensorOf(getB()), out = tensorOf(getResult());
  Type e = out.getElementType();
  // a and b are scalars of the result's element type (spec C1, I1-I2).
  for (auto [t, name] : {std::pair(a, "a"), std::pair(b, "b")})
    if (t != scalarOf(e))
      return emitOpError() << name << " must be " << scalarOf(e) << ", got "
                           << t;
  // NORMAL draws floats (spec C2); UNIFORM also integers and booleans.
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(e))
    return emitOpError() << "rng_distribution NORMAL needs a float result, "
                         << "got " << out;
  if (!isa<FloatType, IntegerType>(e))
    return emitOpError() << "result must be an integer, boolean or float "
                         << "tensor, got " << out;
  // shape is a 1-d tensor of rank(result) entries; when it is a constant,
  // its value is the result shape (spec C3).
  auto shape = tensorOf(getShape());
  if (shape.getRank() != 1 || shape.getDimSize(0) != out.getRank() ||
      !isa<IntegerType>(shape.getElementType()))
    return emitOpError() << "shape must be a 1-d integer tensor of "
                         << out.getRank() << " elements, got " << shape;
  DenseIntElementsAttr value;
  if (matchPattern(getShape(), m_Constant(&value))) {
    SmallVector<int64_t> dims;
    for (const APInt &d : value.getValues<APInt>())
      dims.push_back(d.getSExtValue());
    if (ArrayRef<int64_t>(dims) != out.getShape()) {
      auto diag = emitOpError() << "result shape must be the value of shape [";
      llvm::interleaveComma(dims, diag);
      return diag << "], got " << out;
    }
  }
  return success();
}

LogicalResult FftOp::verify() {
  // The result type follows from the operand, fft_type and fft_length by
  // the type inference (spec C2 for the result, C5); this checks the rest.
  auto in = tensorOf(getOperand());
  ArrayRef<int64_t> length = getFftLength();
  int64_t n = length.size();
  // 1 <= size(fft_length) <= 3 (spec C3), rank(operand) >= size(fft_length)
  // (spec C1).
  if (n < 1 || n > 3)
    return emitOpError() << "fft_length must have 1 to 3 entries, got " << n;
  if (in.getRank() < n)
    return emitOpError() << "operand rank " << in.getRank()
                         << " is less than the " << n
                         << " entries of fft_length";
  // Operand element types (spec C2): complex, float for RFFT.
  FftType kind = getFftType();
  if (kind == FftType::RFFT ? !isa<FloatType>(in.getElementType())
                            : !isa<ComplexType>(in.getElementType()))
    return emitOpError() << stringifyFftType(kind) << " needs a "
                         << (kind == FftType::RFFT ? "float" : "complex")
                         << " operand, got " << in;
  // The real tensor's trailing dimensions are fft_length (spec C4): the
  // operand's for RFFT; for IRFFT the result's, whose other dimensions are
  // the operand's and whose last one halved plus one is the operand's
  // (spec C5).
  auto expect = [&](ArrayRef<int64_t> dims) -> LogicalResult {
    if (in.getShape().take_back(n) == dims)
      return success();
    auto diag = emitOpError() << "the trailing dimensions of the operand "
                              << "must be [";
    llvm::interleaveComma(dims, diag);
    diag << "] for fft_length [";
    llvm::interleaveComma(length, diag);
    return diag << "], got " << in;
  };
  if (kind == FftType::RFFT)
    return expect(length);
  if (kind == FftType::IRFFT) {
    SmallVector<int64_t> dims(length);
    dims.back() = dims.back() == 0 ? 0 : dims.back() / 2 + 1;
    return expect(dims);
  }
  return success();
}

LogicalResult CustomCallOp::verify() {
  // output_operand_aliases name an existing operand (and result) whose
  // (tuple element) types agree.
  ArrayAttr aliases = getOutputOperandAliasesAttr();
  if (!aliases)
    return success();
  auto element = [](Type t, ArrayRef<int64_t> path) -> Type {
    for (int64_t i : path) {
      auto tuple = dyn_cast<TupleType>(t);
      if (!tuple || i < 0 || i >= (int64_t)tuple.size())
        return {};
      t = tuple.getType(i);
    }
    return t;
  };
  for (Attribute a : aliases) {
    auto alias = dyn_cast<OutputOperandAliasAttr>(a);
    if (!alias)
      return emitOpError() << "output_operand_aliases entries must be "
                           << "#stablehlo.output_operand_alias, got " << a;
    int64_t index = alias.getOperandIndex();
    if (index < 0 || index >= (int64_t)getNumOperands())
      return emitOpError() << "output_operand_alias operand_index " << index
                           << " is out of range [0, " << getNumOperands()
                           << ")";
    Type operand =
        element(getOperand(index).getType(), alias.getOperandTupleIndices());
    if (!operand)
      return emitOpError() << "output_operand_alias operand_tuple_indices "
                           << "do not name an element of operand " << index;
    ArrayRef<int64_t> out = alias.getOutputTupleIndices();
    Type result;
    if (getNumResults() == 1)
      result = element(getResult(0).getType(), out);
    else if (!out.empty() && out[0] >= 0 && out[0] < (int64_t)getNumResults())
      result = element(getResult(out[0]).getType(), out.drop_front());
    if (!result)
      return emitOpError() << "output_operand_alias output_tuple_indices "
                           << "do not name a result";
    if (result != operand)
      return emitOpError() << "output_operand_alias aliases " << operand
                           << " with " << result;
  }
  return success();
}

namespace {
/// Checks replica_groups / source_target_pairs values (spec all_gather C2,
/// C4 and the others'): unique and non-negative, -1 pads rows of unequal
/// groups. Returns the group size, dim(replica_groups, 1), or 0 when it is
/// not known statically (no groups: one group of all processes).
FailureOr<int64_t> checkReplicaGroups(Operation *op,
                                      DenseIntElementsAttr groups) {
  ArrayRef<int64_t> shape = groups.getType().getShape();
  if (shape.size() != 2)
    return op->emitOpError()
           << "replica_groups must be a 2-d tensor, got " << groups.getType();
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &v : groups.getValues<APInt>()) {
    int64_t id = v.getSExtValue();
    if (id == -1)
      continue;
    if (id < 0)
      return op->emitOpError() << "replica id " << id << " is negative";
    if (!seen.insert(id).second)
      return op->emitOpError() << "replica id " << id << " appears twice";
  }
  return shape[0] == 0 ? 0 : shape[1];
}

LogicalResult checkChannel(Operation *op, ChannelHandleAttr channel,
                           bool useGlobalDeviceIds) {
  if (useGlobalDeviceIds && (!channel || channel.getHandle() <= 0))
    return op->emitOpError() << "use_global_device_ids needs a channel_handle "
                             << "with a positive handle";
  return success();
}
} // namespace

LogicalResult AllReduceOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups())) ||
      failed(
          checkChannel(*this, getChannelHandleAttr(), getUseGlobalDeviceIds())))
    return failure();
  // type(results[i]) = type(operands[i]) (spec C6); computation has type
  // (tensor<E>, tensor<E>) -> tensor<E> (spec C5).
  if (getResultTypes() != getOperands().getTypes())
    return emitOpError() << "result types must equal the operand types";
  if (getOperands().empty())
    return success();
  Type e = tensorOf(getOperands()[0]).getElementType();
  for (Value v : getOperands())
    if (tensorOf(v).getElementType() != e)
      return emitOpError() << "operands must have one element type";
  if (failed(checkRegionArgs(*this, getComputation(),
                             {scalarOf(e), scalarOf(e)}, "computation")))
    return failure();
  return checkRegionReturns(*this, getComputation(), {scalarOf(e)},
                            "computation");
}

LogicalResult AllGatherOp::verify() {
  FailureOr<int64_t> groupSize = checkReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize) || failed(checkChannel(*this, getChannelHandleAttr(),
                                               getUseGlobalDeviceIds())))
    return failure();
  if (getNumResults() != getOperands().size())
    return emitOpError() << "needs as many results as operands";
  int64_t dim = getAllGatherDim();
  for (auto [i, v] : llvm::enumerate(getOperands())) {
    auto in = tensorOf(v), out = tensorOf(getResult(i));
    // all_gather_dim in [0, rank) (spec C1).
    if (dim < 0 || dim >= in.getRank())
      return emitOpError() << "all_gather_dim " << dim
                           << " is out of range [0, " << in.getRank() << ")";
    // The operand type, dimension all_gather_dim times the group size
    // (spec C6).
    if (out.getRank() != in.getRank() ||
        out.getElementType() != in.getElementType())
      return emitOpError() << "result " << i << " must have the rank and "
                           << "element type of " << in << ", got " << out;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t a = in.getDimSize(d), r = out.getDimSize(d);
      bool fits = d != dim         ? r == a
                  : *groupSize > 0 ? r == a * *groupSize
                  : a == 0         ? r == 0
                                   : r % a == 0;
      if (!fits) {
        auto diag = emitOpError()
                    << "result " << i << " dimension " << d << " must be ";
        if (d != dim)
          diag << a;
        else if (*groupSize > 0)
          diag << a * *groupSize << " (" << a << " x group size " << *groupSize
               << ")";
        else
          diag << "a multiple of " << a;
        return diag << ", got " << r;
      }
    }
  }
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  FailureOr<int64_t> groupSize = checkReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize) || failed(checkChannel(*this, getChannelHandleAttr(),
                                               getUseGlobalDeviceIds())))
    return failure();
  auto in = tensorOf(getOperand()), out = tensorOf(getResult());
  int64_t dim = getScatterDimension();
  if (dim < 0 || dim >= in.getRank())
    return emitOpError() << "scatter_dimension " << dim
                         << " is out of range [0, " << in.getRank() << ")";
  if (out.getRank() != in.getRank() ||
      out.getElementType() != in.getElementType())
    return emitOpError() << "result must have the rank and element type of "
                         << in << ", got " << out;
  // The operand type, dimension scatter_dimension divided by the group
  // size (spec: reduce_scatter).
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t a = in.getDimSize(d), r = out.getDimSize(d);
    if (d != dim && r != a)
      return emitOpError() << "result dimension " << d << " must be " << a
                           << ", got " << r;
    if (d == dim && *groupSize > 0 && a != r * *groupSize)
      return emitOpError() << "operand dimension " << d << " (" << a
                           << ") must be result dimension " << d << " (" << r
                           << ") x group size " << *groupSize;
    if (d == dim && *groupSize == 0 && (r == 0 ? a != 0 : a % r != 0))
      return emitOpError() << "operand dimension " << d << " (" << a
                           << ") must be a multiple of result dimension " << d
                           << " (" << r << ")";
  }
  Type e = in.getElementType();
  if (failed(checkRegionArgs(*this, getComputation(),
                             {scalarOf(e), scalarOf(e)}, "computation")))
    return failure();
  return checkRegionReturns(*this, getComputation(), {scalarOf(e)},
                            "computation");
}

LogicalResult AllToAllOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups())))
    return failure();
  if (getNumResults() != getOperands().size())
    return emitOpError() << "needs as many results as operands";
  int64_t split = getSplitDimension(), concat = getConcatDimension(),
          count = getSplitCount();
  // split_count > 0 (spec C4).
  if (count <= 0)
    return emitOpError() << "split_count must be positive, got " << count;
  for (auto [i, v] : llvm::enumerate(getOperands())) {
    auto in = tensorOf(v), out = tensorOf(getResult(i));
    // Dimensions in range (spec C1, C3); the split one divisible (C2).
    if (split < 0 || split >= in.getRank())
      return emitOpError() << "split_dimension " << split
                           << " is out of range [0, " << in.getRank() << ")";
    if (concat < 0 || concat >= in.getRank())
      return emitOpError() << "concat_dimension " << concat
                           << " is out of range [0, " << in.getRank() << ")";
    if (in.getDimSize(split) % count != 0)
      return emitOpError() << "operand dimension " << split << " ("
                           << in.getDimSize(split)
                           << ") must be a multiple of split_count (" << count
                           << ")";
    // The operand type with split / count and concat * count (spec C8).
    SmallVector<int64_t> shape(in.getShape());
    shape[split] /= count;
    shape[concat] *= count;
    if (out != in.clone(shape)) {
      auto diag = emitOpError() << "result " << i << " must be "
                                << in.clone(shape) << ", got " << out;
      return diag;
    }
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  // type(result) = type(operand) (spec C5).
  if (getResult().getType() != getOperand().getType())
    return emitOpError() << "result type must equal the operand type";
  // source_target_pairs has shape [N, 2] (spec C1), unique sources (C2) and
  // targets (C3), non-negative ids (C4).
  DenseIntElementsAttr pairs = getSourceTargetPairs();
  ArrayRef<int64_t> shape = pairs.getType().getShape();
  if (shape.size() != 2 || shape[1] != 2)
    return emitOpError() << "source_target_pairs must have shape [N, 2], got "
                         << pairs.getType();
  SmallVector<int64_t> ids;
  for (const APInt &v : pairs.getValues<APInt>())
    ids.push_back(v.getSExtValue());
  llvm::SmallSet<int64_t, 16> sources, targets;
  for (size_t i = 0; i < ids.size(); i += 2) {
    if (ids[i] < 0 || ids[i + 1] < 0)
      return emitOpError() << "source_target_pairs ids must be non-negative";
    if (!sources.insert(ids[i]).second)
      return emitOpError() << "source " << ids[i] << " appears twice";
    if (!targets.insert(ids[i + 1]).second)
      return emitOpError() << "target " << ids[i + 1] << " appears twice";
  }
  return success();
}

/// The decomposition names a function of the module whose type is the op's
/// (spec: composite, constraints C1-C2 in the spirit of `call`).
LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto func = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getDecompositionAttr());
  if (!func)
    return emitOpError() << "decomposition " << getDecompositionAttr()
                         << " is not a function of the module";
  if (func.isExternal())
    return emitOpError() << "decomposition " << getDecompositionAttr()
                         << " has no body";
  if (func == (*this)->getParentOfType<func::FuncOp>())
    return emitOpError() << "decomposition " << getDecompositionAttr()
                         << " is the function the composite is in";
  FunctionType type = func.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()) ||
      !llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError() << "has type "
                         << FunctionType::get(getContext(), getOperandTypes(),
                                              getResultTypes())
                         << " but its decomposition " << getDecompositionAttr()
                         << " has type " << type;
  return success();
}
