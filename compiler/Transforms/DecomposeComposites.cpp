//===- DecomposeComposites.cpp - composite stablehlo into core ops --------===//
//
// See Passes.td (DecomposeComposites). The formulas are the spec's
// definitions of each op (https://openxla.org/stablehlo/spec), evaluated in the
// op's element type as the spec does.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>
#include <functional>
#include <limits>

namespace systole {
#define GEN_PASS_DEF_DECOMPOSECOMPOSITES
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// batch_norm_inference(x, scale, offset, mean, variance) =
///   x * factor + shift, factor = scale * rsqrt(variance + epsilon),
///   shift = offset - mean * factor,
/// as XLA's BatchNormExpander and the reference interpreter compute it: the
/// per-feature factor and shift on the 1-D operands, then one multiply and
/// one add per element (an activation-engine instruction with a scale and
/// a bias column), in f32 for narrower types (bf16, f16) with one rounding
/// to the result type at the end.
struct BatchNormInferencePattern
    : OpRewritePattern<stablehlo::BatchNormInferenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::BatchNormInferenceOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto element = dyn_cast<FloatType>(type.getElementType());
    if (!element)
      return rewriter.notifyMatchFailure(op, "not a float type");
    Type compute = element.getWidth() < 32 ? rewriter.getF32Type() : element;
    auto featureType =
        cast<RankedTensorType>(op.getScale().getType()).clone(compute);
    auto computeType = type.clone(compute);
    Location loc = op.getLoc();
    HloBuilder f(rewriter, loc, featureType);
    HloBuilder h(rewriter, loc, computeType);
    // One statement per op: the order of the created ops is fixed.
    Value variance = f.convert(op.getVariance(), compute);
    Value eps = f.splat(op.getEpsilon().convertToDouble());
    Value sum = f.add(variance, eps);
    Value inverse = f.unary<stablehlo::RsqrtOp>(sum);
    Value scale = f.convert(op.getScale(), compute);
    Value factor = f.mul(scale, inverse);
    Value mean = f.convert(op.getMean(), compute);
    Value product = f.mul(mean, factor);
    Value offset = f.convert(op.getOffset(), compute);
    Value shift = f.sub(offset, product);
    int64_t feature = op.getFeatureIndex();
    auto broadcast = [&](Value v) -> Value {
      return rewriter.create<stablehlo::BroadcastInDimOp>(
          loc, computeType, v, ArrayRef<int64_t>{feature});
    };
    Value x = h.convert(op.getOperand(), compute);
    Value scaled = h.mul(x, broadcast(factor));
    Value result = h.add(scaled, broadcast(shift));
    rewriter.replaceOp(op, h.convert(result, element));
    return success();
  }
};

/// Elements per feature of `type`: the product of every dim but `feature`
/// (0 where a dim is 0, the feature dim included).
int64_t featureCount(RankedTensorType type, int64_t feature) {
  int64_t count = 1;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != feature)
      count *= type.getDimSize(d);
  return count;
}

/// Sum of `x` over every dim but `feature`: a [C] tensor.
Value sumOverAllBut(PatternRewriter &rewriter, Location loc, Value x,
                    int64_t feature) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != feature)
      dims.push_back(d);
  auto scalar = RankedTensorType::get({}, type.getElementType());
  HloBuilder s(rewriter, loc, scalar);
  auto reduce = rewriter.create<stablehlo::ReduceOp>(
      loc,
      TypeRange{RankedTensorType::get({type.getDimSize(feature)},
                                      type.getElementType())},
      ValueRange{x}, ValueRange{s.splat(0.0)},
      rewriter.getDenseI64ArrayAttr(dims));
  OpBuilder::InsertionGuard guard(rewriter);
  Block *body =
      rewriter.createBlock(&reduce.getBody(), {}, {scalar, scalar}, {loc, loc});
  rewriter.create<stablehlo::ReturnOp>(
      loc, s.add(body->getArgument(0), body->getArgument(1)));
  return reduce.getResult(0);
}

/// What the batch-norm training decompositions share: the element types,
/// the type they compute in (f32 for narrower floats), the feature dim, N
/// (elements per feature), builders of [C] (`f`) and operand-shaped (`h`)
/// tensors in that type, and the broadcast of a [C] tensor along the
/// feature dim.
struct BatchNormFrame {
  FloatType element, featureElement;
  Type compute;
  int64_t feature;
  double count;
  HloBuilder f, h;
  std::function<Value(Value)> broadcast;
};

/// A batch-norm decomposition: `build` replaces `op` given its frame, once
/// the operand and scale are static float tensors.
template <typename OpTy> struct BatchNormPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  virtual void build(OpTy op, PatternRewriter &rewriter,
                     BatchNormFrame &bn) const = 0;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    auto element = dyn_cast<FloatType>(type.getElementType());
    auto featureElement = dyn_cast<FloatType>(
        cast<RankedTensorType>(op.getScale().getType()).getElementType());
    if (!element || !featureElement || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static float type");
    Type compute = element.getWidth() < 32 ? rewriter.getF32Type() : element;
    auto featureType =
        cast<RankedTensorType>(op.getScale().getType()).clone(compute);
    auto computeType = type.clone(compute);
    Location loc = op.getLoc();
    int64_t feature = op.getFeatureIndex();
    BatchNormFrame bn{element,
                      featureElement,
                      compute,
                      feature,
                      static_cast<double>(featureCount(type, feature)),
                      HloBuilder(rewriter, loc, featureType),
                      HloBuilder(rewriter, loc, computeType),
                      [&rewriter, loc, computeType, feature](Value v) -> Value {
                        return rewriter.create<stablehlo::BroadcastInDimOp>(
                            loc, computeType, v, ArrayRef<int64_t>{feature});
                      }};
    build(op, rewriter, bn);
    return success();
  }
};

/// batch_norm_training(x, scale, offset) = (y, mean, variance) over every
/// dim but `feature_index` (N elements per feature), as the spec defines it
/// and XLA's BatchNormExpander computes it:
///   mean = sum(x) / N, variance = sum((x - mean)^2) / N (biased),
///   y = (x - mean) * (scale * rsqrt(variance + epsilon)) + offset,
/// in f32 for narrower types, rounded once to each result type.
struct BatchNormTrainingPattern
    : BatchNormPattern<stablehlo::BatchNormTrainingOp> {
  using BatchNormPattern::BatchNormPattern;
  void build(stablehlo::BatchNormTrainingOp op, PatternRewriter &rewriter,
             BatchNormFrame &bn) const override {
    Location loc = op.getLoc();
    HloBuilder &f = bn.f, &h = bn.h;
    auto &broadcast = bn.broadcast;
    Type compute = bn.compute;
    int64_t feature = bn.feature;
    double count = bn.count;
    FloatType element = bn.element, featureElement = bn.featureElement;
    // One statement per op: the order of the created ops is fixed.
    Value x = h.convert(op.getOperand(), compute);
    Value n = f.splat(count);
    Value sum = sumOverAllBut(rewriter, loc, x, feature);
    Value mean = f.div(sum, n);
    Value centered = h.sub(x, broadcast(mean));
    Value squares = h.mul(centered, centered);
    Value squareSum = sumOverAllBut(rewriter, loc, squares, feature);
    Value variance = f.div(squareSum, n);
    Value eps = f.splat(op.getEpsilon().convertToDouble());
    Value shifted = f.add(variance, eps);
    Value inverse = f.unary<stablehlo::RsqrtOp>(shifted);
    Value scale = f.convert(op.getScale(), compute);
    Value factor = f.mul(scale, inverse);
    Value scaled = h.mul(centered, broadcast(factor));
    Value offset = f.convert(op.getOffset(), compute);
    Value y = h.add(scaled, broadcast(offset));
    Value yOut = h.convert(y, element);
    Value meanOut = f.convert(mean, featureElement);
    Value varianceOut = f.convert(variance, featureElement);
    rewriter.replaceOp(op, {yOut, meanOut, varianceOut});
  }
};

/// batch_norm_grad(x, scale, mean, variance, dy) = (dx, dscale, doffset)
/// over every dim but `feature_index` (N elements per feature; spec:
/// batch_norm_grad), with inv = rsqrt(variance + epsilon):
///   doffset = sum(dy), dscale = sum(dy * (x - mean)) * inv,
///   dx = scale * inv * (dy - doffset / N - (x - mean) * inv * dscale / N),
/// in f32 for narrower types, rounded once to each result type.
struct BatchNormGradPattern : BatchNormPattern<stablehlo::BatchNormGradOp> {
  using BatchNormPattern::BatchNormPattern;
  void build(stablehlo::BatchNormGradOp op, PatternRewriter &rewriter,
             BatchNormFrame &bn) const override {
    Location loc = op.getLoc();
    HloBuilder &f = bn.f, &h = bn.h;
    auto &broadcast = bn.broadcast;
    Type compute = bn.compute;
    int64_t feature = bn.feature;
    double count = bn.count;
    FloatType element = bn.element, featureElement = bn.featureElement;
    // One statement per op: the order of the created ops is fixed.
    Value x = h.convert(op.getOperand(), compute);
    Value dy = h.convert(op.getGradOutput(), compute);
    Value variance = f.convert(op.getVariance(), compute);
    Value eps = f.splat(op.getEpsilon().convertToDouble());
    Value shifted = f.add(variance, eps);
    Value inverse = f.unary<stablehlo::RsqrtOp>(shifted);
    Value mean = f.convert(op.getMean(), compute);
    Value centered = h.sub(x, broadcast(mean));
    Value dOffset = sumOverAllBut(rewriter, loc, dy, feature);
    Value products = h.mul(dy, centered);
    Value productSum = sumOverAllBut(rewriter, loc, products, feature);
    Value dScale = f.mul(productSum, inverse);
    Value n = f.splat(count);
    Value shift = f.div(dOffset, n);
    Value inverseScale = f.mul(inverse, dScale);
    Value slope = f.div(inverseScale, n);
    Value lessShift = h.sub(dy, broadcast(shift));
    Value tilt = h.mul(centered, broadcast(slope));
    Value inner = h.sub(lessShift, tilt);
    Value scale = f.convert(op.getScale(), compute);
    Value factor = f.mul(scale, inverse);
    Value dx = h.mul(broadcast(factor), inner);
    Value dxOut = h.convert(dx, element);
    Value dScaleOut = f.convert(dScale, featureElement);
    Value dOffsetOut = f.convert(dOffset, featureElement);
    rewriter.replaceOp(op, {dxOut, dScaleOut, dOffsetOut});
  }
};

/// Most batch groups a convolution is split into (each is one convolution).
constexpr int64_t kMaxBatchGroups = 1024;

/// convolution with batch_group_count G > 1 (the weight gradient of a
/// grouped or depthwise convolution in a training graph) = G convolutions
/// with batch_group_count 1, as the spec defines it: the input's batch dim
/// and the kernel's output-feature dim split into G contiguous parts, part
/// g of each convolved, the results concatenated along the output's feature
/// dim (spec: convolution).
struct BatchGroupConvolutionPattern
    : OpRewritePattern<stablehlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    int64_t groups = op.getBatchGroupCount();
    if (groups <= 1)
      return failure();
    if (groups > kMaxBatchGroups)
      return rewriter.notifyMatchFailure(op, "too many batch groups");
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto type = cast<RankedTensorType>(op.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    auto dn = op.getDimensionNumbers();
    int64_t batchDim = dn.getInputBatchDimension();
    int64_t kernelOutDim = dn.getKernelOutputFeatureDimension();
    int64_t outFeatureDim = dn.getOutputFeatureDimension();
    int64_t batch = lhsType.getDimSize(batchDim) / groups;
    int64_t features = rhsType.getDimSize(kernelOutDim) / groups;
    Location loc = op.getLoc();
    auto slice = [&](Value v, RankedTensorType t, int64_t dim, int64_t from,
                     int64_t size) -> Value {
      SmallVector<int64_t> lo(t.getRank(), 0), hi(t.getShape()),
          step(t.getRank(), 1);
      lo[dim] = from;
      hi[dim] = from + size;
      return rewriter.create<stablehlo::SliceOp>(loc, v, lo, hi, step);
    };
    SmallVector<int64_t> partShape(type.getShape());
    partShape[outFeatureDim] = features;
    auto partType = type.clone(partShape);
    SmallVector<Value> parts;
    for (int64_t g = 0; g < groups; ++g) {
      Value lhs = slice(op.getLhs(), lhsType, batchDim, g * batch, batch);
      Value rhs =
          slice(op.getRhs(), rhsType, kernelOutDim, g * features, features);
      Operation *part = rewriter.clone(*op);
      part->setOperands({lhs, rhs});
      part->getResult(0).setType(partType);
      cast<stablehlo::ConvolutionOp>(part).setBatchGroupCount(1);
      parts.push_back(part->getResult(0));
    }
    rewriter.replaceOpWithNewOp<stablehlo::ConcatenateOp>(op, type, parts,
                                                          outFeatureDim);
    return success();
  }
};

/// dot(lhs, rhs) = dot_general contracting the last dimension of lhs with the
/// first of rhs (ranks 1 or 2), no batch dimensions.
struct DotPattern : OpRewritePattern<stablehlo::DotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::DotOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto dims = stablehlo::DotDimensionNumbersAttr::get(
        getContext(), {}, {}, {lhsType.getRank() - 1}, {0});
    rewriter.replaceOpWithNewOp<stablehlo::DotGeneralOp>(
        op, op.getType(), op.getLhs(), op.getRhs(), dims,
        op.getPrecisionConfigAttr());
    return success();
  }
};

/// clamp(min, x, max) = minimum(maximum(x, min), max), scalar bounds
/// broadcast to the shape of x.
struct ClampPattern : OpRewritePattern<stablehlo::ClampOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ClampOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    Location loc = op.getLoc();
    auto expand = [&](Value bound) -> Value {
      if (bound.getType() == type)
        return bound;
      return rewriter.create<stablehlo::BroadcastInDimOp>(loc, type, bound,
                                                          ArrayRef<int64_t>{});
    };
    HloBuilder h(rewriter, loc, type);
    Value lower = expand(op.getMin()), upper = expand(op.getMax());
    rewriter.replaceOp(op, h.min(h.max(op.getOperand(), lower), upper));
    return success();
  }
};

/// Window positions up to which `select_and_scatter` is unrolled (an 8x8
/// pooling window); larger windows are left for the `linalg` phase, which
/// reports them.
constexpr int64_t kMaxSelectAndScatterWindow = 64;

/// select_and_scatter (spec: select_and_scatter) unrolled over the K
/// positions of its window, in the window's row-major order, into
/// elementwise ops on tensors of the source's shape:
///  1. selection: X_k = the operand (padded) read at window offset k of each
///     window (a strided `slice`); the selected value and its offset k start
///     at the first valid position, and move to X_k where X_k is valid and
///     `select(selected, X_k)` (the op's select region, run by a `map`) is
///     false. Padding positions are never selected.
///  2. scatter: the result starts as `init_value`; for each k the source
///     values of the windows that selected k are placed at their operand
///     positions (a `pad` with interior padding stride - 1, then a `slice`
///     removing the op's padding) and combined there by the scatter region.
///     A position receives at most one source value per k; k runs
///     backwards so each position combines its windows' values in the
///     source's row-major order, as the reference interpreter does.
/// Windows of more than kMaxSelectAndScatterWindow positions, base or
/// window dilation (which the op does not have) and dynamic shapes are not
/// matched.
struct SelectAndScatterPattern
    : OpRewritePattern<stablehlo::SelectAndScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::SelectAndScatterOp op,
                                PatternRewriter &rewriter) const override {
    auto xT = cast<RankedTensorType>(op.getOperand().getType());
    auto srcT = cast<RankedTensorType>(op.getSource().getType());
    if (!xT.hasStaticShape() || !srcT.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    const int64_t rank = xT.getRank();
    SmallVector<int64_t> window(rank, 1), strides(rank, 1), lo(rank, 0),
        hi(rank, 0);
    if (auto w = op.getWindowDimensions())
      window.assign(w->begin(), w->end());
    if (auto s = op.getWindowStrides())
      strides.assign(s->begin(), s->end());
    if (auto p = op.getPadding()) {
      auto values = llvm::to_vector(p->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        lo[d] = values[2 * d];
        hi[d] = values[2 * d + 1];
      }
    }
    int64_t positions = 1;
    for (int64_t w : window)
      positions *= w;
    if (positions < 1 || positions > kMaxSelectAndScatterWindow)
      return rewriter.notifyMatchFailure(op, "window too large to unroll");

    Location loc = op.getLoc();
    Type element = xT.getElementType();
    Type i1 = rewriter.getI1Type(), i32 = rewriter.getI32Type();
    HloBuilder h(rewriter, loc, srcT);
    // A splat constant of element type `t`, of `like`'s shape (rank 0 for
    // none).
    auto splat = [&](Type t, double value, RankedTensorType like = {}) {
      return h.splatOf(RankedTensorType::get(
                           like ? like.getShape() : ArrayRef<int64_t>{}, t),
                       value);
    };
    Value init = rewriter.create<stablehlo::BroadcastInDimOp>(
        loc, xT, op.getInitValue(), ArrayRef<int64_t>{});
    if (srcT.getNumElements() == 0 || xT.getNumElements() == 0) {
      rewriter.replaceOp(op, init);
      return success();
    }
    Value zero = splat(element, 0.0);
    Value falseScalar = splat(i1, 0.0);
    SmallVector<int64_t> noInterior(rank, 0);
    const bool padded = llvm::any_of(lo, [](int64_t v) { return v != 0; }) ||
                        llvm::any_of(hi, [](int64_t v) { return v != 0; });
    Value operand = op.getOperand(), valid;
    if (padded) {
      operand = rewriter.create<stablehlo::PadOp>(loc, operand, zero, lo, hi,
                                                  noInterior);
      valid = rewriter.create<stablehlo::PadOp>(
          loc, splat(i1, 1.0, xT), falseScalar, lo, hi, noInterior);
    }
    // Window offset of position k, row-major.
    auto offsetsOf = [&](int64_t k) {
      SmallVector<int64_t> off(rank);
      for (int64_t d = rank - 1; d >= 0; --d) {
        off[d] = k % window[d];
        k /= window[d];
      }
      return off;
    };
    auto atOffset = [&](Value v, ArrayRef<int64_t> off) -> Value {
      SmallVector<int64_t> limit(rank);
      for (int64_t d = 0; d < rank; ++d)
        limit[d] = off[d] + strides[d] * (srcT.getDimSize(d) - 1) + 1;
      return rewriter.create<stablehlo::SliceOp>(loc, v, off, limit, strides);
    };
    auto region = [&](Region &body, Type resultElement, Value a,
                      Value b) -> Value {
      auto at = cast<RankedTensorType>(a.getType());
      SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
      auto map = rewriter.create<stablehlo::MapOp>(
          loc, RankedTensorType::get(at.getShape(), resultElement),
          ValueRange{a, b}, dims);
      rewriter.cloneRegionBefore(body, map.getComputation(),
                                 map.getComputation().end());
      return map.getResult();
    };

    // 1. Selection.
    Value selected, index, any;
    for (int64_t k = 0; k < positions; ++k) {
      SmallVector<int64_t> off = offsetsOf(k);
      Value xk = atOffset(operand, off);
      Value vk = padded ? atOffset(valid, off) : Value();
      Value kIndex = splat(i32, k, srcT);
      if (k == 0) {
        selected = xk;
        index = kIndex;
        any = vk;
        continue;
      }
      Value keep = region(op.getSelect(), i1, selected, xk);
      Value take = h.unary<stablehlo::NotOp>(keep);
      if (any)
        take = h.binary<stablehlo::OrOp>(h.unary<stablehlo::NotOp>(any), take);
      if (vk) {
        take = h.binary<stablehlo::AndOp>(vk, take);
        any = h.binary<stablehlo::OrOp>(any, vk);
      }
      selected = h.select(take, xk, selected);
      index = h.select(take, kIndex, index);
    }

    // 2. Scatter.
    // Offsets in decreasing order: the windows covering a position then
    // combine in increasing row-major order, the spec's order of the source.
    Value result = init;
    for (int64_t k = positions - 1; k >= 0; --k) {
      SmallVector<int64_t> off = offsetsOf(k);
      // Source position w lands at operand position w * stride + off - lo.
      auto place = [&](Value v, Value padValue) -> Value {
        SmallVector<int64_t> low(rank), high(rank), interior(rank);
        for (int64_t d = 0; d < rank; ++d) {
          int64_t paddedSize = xT.getDimSize(d) + lo[d] + hi[d];
          low[d] = off[d];
          interior[d] = strides[d] - 1;
          high[d] =
              paddedSize - off[d] - strides[d] * (srcT.getDimSize(d) - 1) - 1;
        }
        Value placed = rewriter.create<stablehlo::PadOp>(loc, v, padValue, low,
                                                         high, interior);
        if (!padded)
          return placed;
        SmallVector<int64_t> limit(rank), unit(rank, 1);
        for (int64_t d = 0; d < rank; ++d)
          limit[d] = lo[d] + xT.getDimSize(d);
        return rewriter.create<stablehlo::SliceOp>(loc, placed, lo, limit,
                                                   unit);
      };
      Value mask = h.compare(stablehlo::ComparisonDirection::EQ, index,
                             splat(i32, k, srcT));
      if (any)
        mask = h.binary<stablehlo::AndOp>(mask, any);
      Value maskAt = place(mask, falseScalar);
      Value sourceAt = place(op.getSource(), zero);
      Value combined = region(op.getScatter(), element, result, sourceAt);
      result = rewriter.create<stablehlo::SelectOp>(loc, xT, maskAt, combined,
                                                    result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// reduce_precision(x, exponent_bits e, mantissa_bits m) (spec:
/// reduce_precision), as compiler/Reference computes it, following XLA, on
/// the operand's f32 value: the fraction rounded to nearest even at m bits,
/// then, when e < 8, a result beyond the format's largest finite value is
/// inf and one below its smallest normal 2^(1-bias) is zero of the same
/// sign; NaN stays NaN. (So an f16 operand's subnormals become zero when
/// e <= 5, where XLA, working on the f16 pattern, keeps them at e = 5.)
/// For f32, f16 and bf16 operands, computed in f32:
///  - the rounding is a conversion to bf16 (m = 7) or f16 (m = 10, e <= 5)
///    and back, which the engines do with round to nearest even, or nothing
///    where m is at least the operand's fraction width;
///  - overflow: |y| >= 2^(bias+1) becomes inf with y's sign;
///  - underflow: x rounds below the smallest normal exactly when
///    |x| < 2^(1-bias) - 2^(-bias-m-1) (the midpoint below it rounds up, to
///    the even fraction), and becomes x * 0;
///  - NaN: x itself, its payload whole.
/// Other mantissa widths are not matched (the `linalg` phase reports them).
struct ReducePrecisionPattern : OpRewritePattern<stablehlo::ReducePrecisionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::ReducePrecisionOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto ft = dyn_cast<FloatType>(type.getElementType());
    if (!ft || !(ft.isF32() || ft.isF16() || ft.isBF16()))
      return rewriter.notifyMatchFailure(op, "not an f32, f16 or bf16");
    const int fraction = ft.getFPMantissaWidth() - 1;
    const int e = op.getExponentBits();
    const int m = std::min<int>(op.getMantissaBits(), fraction);
    if (e >= 8 && m == fraction) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    Type f32 = rewriter.getF32Type();
    Type rounding;
    if (m == 7)
      rounding = rewriter.getBF16Type();
    else if (m == 10 && e <= 5)
      rounding = rewriter.getF16Type();
    else if (m < fraction)
      return rewriter.notifyMatchFailure(op, "no conversion rounds to m bits");
    Location loc = op.getLoc();
    HloBuilder h(rewriter, loc, RankedTensorType::get(type.getShape(), f32));
    Value x = h.convert(op.getOperand(), f32);
    Value y = rounding ? h.convert(h.convert(x, rounding), f32) : x;
    if (e < 8) {
      const int bias = (1 << (e - 1)) - 1;
      Value inf = h.splat(std::numeric_limits<double>::infinity());
      Value signedInf = h.select(
          h.compare(stablehlo::ComparisonDirection::LT, y, h.splat(0.0)),
          h.neg(inf), inf);
      Value overflows = h.compare(stablehlo::ComparisonDirection::GE, h.abs(y),
                                  h.splat(std::ldexp(1.0, bias + 1)));
      y = h.select(overflows, signedInf, y);
      double threshold =
          std::ldexp(1.0, 1 - bias) - std::ldexp(1.0, -bias - m - 1);
      Value underflows = h.compare(stablehlo::ComparisonDirection::LT, h.abs(x),
                                   h.splat(threshold));
      y = h.select(underflows, h.mul(x, h.splat(0.0)), y);
    }
    // A NaN keeps its payload (the conversions would cut its low bits).
    if (rounding)
      y = h.select(h.compare(stablehlo::ComparisonDirection::NE, x, x), x, y);
    rewriter.replaceOp(op, h.convert(y, ft));
    return success();
  }
};

/// Most rows of a triangular_solve unrolled into substitution steps (each
/// step is a slice, a dot, a subtract and a divide per batch).
constexpr int64_t kMaxTriangularRows = 64;

/// triangular_solve (spec: triangular_solve) by substitution, unrolled over
/// the rows. op(a) is built explicitly: the `lower` (or upper) triangle of
/// a, the diagonal 1 where `unit_diagonal`, transposed for TRANSPOSE and
/// ADJOINT (the same for real types). The right-side form x op(a) = b is
/// solved as op(a)^T x^T = b^T. Left side, op(a) lower: row i of x is
///   (b_i - op(a)[i, 0:i] . x[0:i]) / op(a)[i, i]
/// for i = 0, 1, ...; upper, for i = n-1, n-2, ... with op(a)[i, i+1:n].
/// 16-bit floats are solved in f32 and rounded once, as the reference
/// interpreter does (in double).
struct TriangularSolvePattern : OpRewritePattern<stablehlo::TriangularSolveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::TriangularSolveOp op,
                                PatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto ft = dyn_cast<FloatType>(aType.getElementType());
    if (!ft || !aType.hasStaticShape() || !bType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static float solve");
    int64_t rank = aType.getRank(), n = aType.getDimSize(rank - 1);
    if (n > kMaxTriangularRows)
      return rewriter.notifyMatchFailure(op, "too many rows to unroll");
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    Type et = ft.getWidth() < 32 ? f32 : ft;
    auto retype = [&](RankedTensorType t) { return t.clone(et); };
    Value a = op.getA(), b = op.getB();
    if (et != ft) {
      a = rewriter.create<stablehlo::ConvertOp>(loc, retype(aType), a);
      b = rewriter.create<stablehlo::ConvertOp>(loc, retype(bType), b);
    }
    RankedTensorType at = retype(aType);
    HloBuilder h(rewriter, loc, at);
    // op(a): the triangle, the unit diagonal, the transposition.
    auto i32 = at.clone(rewriter.getI32Type());
    Value row = rewriter.create<stablehlo::IotaOp>(loc, i32, rank - 2);
    Value col = rewriter.create<stablehlo::IotaOp>(loc, i32, rank - 1);
    bool lower = op.getLower();
    Value inTriangle = h.compare(lower ? stablehlo::ComparisonDirection::LE
                                       : stablehlo::ComparisonDirection::GE,
                                 col, row);
    a = h.select(inTriangle, a, h.splat(0.0));
    if (op.getUnitDiagonal())
      a = h.select(h.compare(stablehlo::ComparisonDirection::EQ, col, row),
                   h.splat(1.0), a);
    SmallVector<int64_t> swap;
    for (int64_t d = 0; d < rank; ++d)
      swap.push_back(d);
    std::swap(swap[rank - 2], swap[rank - 1]);
    auto transpose = [&](Value v) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> shape(t.getShape());
      std::swap(shape[rank - 2], shape[rank - 1]);
      return rewriter.create<stablehlo::TransposeOp>(loc, t.clone(shape), v,
                                                     swap);
    };
    if (op.getTransposeA() != stablehlo::Transpose::NO_TRANSPOSE) {
      a = transpose(a);
      lower = !lower;
    }
    bool left = op.getLeftSide();
    if (!left) {
      a = transpose(a);
      lower = !lower;
      b = transpose(b);
    }
    auto bt = cast<RankedTensorType>(b.getType());
    int64_t k = bt.getDimSize(rank - 1);
    SmallVector<int64_t> batchDims;
    for (int64_t d = 0; d + 2 < rank; ++d)
      batchDims.push_back(d);
    auto slice = [&](Value v, int64_t r0, int64_t r1, int64_t c0,
                     int64_t c1) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> lo(rank, 0), hi(t.getShape()), step(rank, 1);
      lo[rank - 2] = r0;
      hi[rank - 2] = r1;
      lo[rank - 1] = c0;
      hi[rank - 1] = c1;
      return rewriter.create<stablehlo::SliceOp>(loc, v, lo, hi, step);
    };
    auto rows = [&](ArrayRef<Value> xs) -> Value {
      if (xs.size() == 1)
        return xs[0];
      return rewriter.create<stablehlo::ConcatenateOp>(loc, xs, rank - 2);
    };
    SmallVector<int64_t> rowShape(bt.getShape());
    rowShape[rank - 2] = 1;
    auto rowType = bt.clone(rowShape);
    HloBuilder hr(rewriter, loc, rowType);
    SmallVector<Value> x(n);
    for (int64_t s = 0; s < n; ++s) {
      int64_t i = lower ? s : n - 1 - s;
      Value r = slice(b, i, i + 1, 0, k);
      // The rows solved so far: [0, i) when lower, (i, n) when upper.
      int64_t j0 = lower ? 0 : i + 1, j1 = lower ? i : n;
      if (j1 > j0) {
        Value coeffs = slice(a, i, i + 1, j0, j1);
        Value solved = rows(ArrayRef<Value>(x).slice(j0, j1 - j0));
        auto dims = stablehlo::DotDimensionNumbersAttr::get(
            getContext(), batchDims, batchDims, {rank - 1}, {rank - 2});
        Value dot = rewriter.create<stablehlo::DotGeneralOp>(
            loc, rowType, coeffs, solved, dims, nullptr);
        r = hr.sub(r, dot);
      }
      if (!op.getUnitDiagonal()) {
        Value diag = slice(a, i, i + 1, i, i + 1);
        SmallVector<int64_t> keep;
        for (int64_t d = 0; d < rank; ++d)
          keep.push_back(d);
        r = hr.div(r, rewriter.create<stablehlo::BroadcastInDimOp>(loc, rowType,
                                                                   diag, keep));
      }
      x[i] = r;
    }
    Value result = rows(x);
    if (!left)
      result = transpose(result);
    if (et != ft)
      result = rewriter.create<stablehlo::ConvertOp>(loc, bType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// cholesky (spec: cholesky) of a real matrix by columns, unrolled (n <=
/// kMaxTriangularRows): for j = 0, 1, ...,
///   t = a[:, j] - L[:, 0:j] . L[j, 0:j],  L[j, j] = sqrt(t[j]),
///   L[i, j] = t[i] / L[j, j] below the diagonal, 0 above it,
/// reading the lower triangle of a (`lower`) or the upper one as the lower
/// triangle of a^T (and returning L^T). Where some t[j] is not positive (a
/// is not positive definite) the batch's result is all NaN, and the other
/// triangle is 0, as the reference interpreter and XLA give. 16-bit floats
/// are factored in f32 and rounded once.
struct CholeskyPattern : OpRewritePattern<stablehlo::CholeskyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(stablehlo::CholeskyOp op,
                                PatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto ft = dyn_cast<FloatType>(aType.getElementType());
    if (!ft || !aType.hasStaticShape() || aType.getRank() < 2)
      return rewriter.notifyMatchFailure(op, "not a static real matrix");
    int64_t rank = aType.getRank(), n = aType.getDimSize(rank - 1);
    if (n > kMaxTriangularRows || n < 1)
      return rewriter.notifyMatchFailure(op, "too many rows to unroll");
    Location loc = op.getLoc();
    Type et = ft.getWidth() < 32 ? rewriter.getF32Type() : ft;
    RankedTensorType at = aType.clone(et);
    Value a = op.getA();
    if (et != ft)
      a = rewriter.create<stablehlo::ConvertOp>(loc, at, a);
    SmallVector<int64_t> swap, keep, batchDims;
    for (int64_t d = 0; d < rank; ++d) {
      swap.push_back(d);
      keep.push_back(d);
      if (d + 2 < rank)
        batchDims.push_back(d);
    }
    std::swap(swap[rank - 2], swap[rank - 1]);
    if (!op.getLower())
      a = rewriter.create<stablehlo::TransposeOp>(loc, at, a, swap);
    auto slice = [&](Value v, int64_t r0, int64_t r1, int64_t c0,
                     int64_t c1) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> lo(rank, 0), hi(t.getShape()), step(rank, 1);
      lo[rank - 2] = r0;
      hi[rank - 2] = r1;
      lo[rank - 1] = c0;
      hi[rank - 1] = c1;
      return rewriter.create<stablehlo::SliceOp>(loc, v, lo, hi, step);
    };
    SmallVector<int64_t> colShape(at.getShape());
    colShape[rank - 1] = 1;
    auto colType = at.clone(colShape);
    SmallVector<int64_t> oneShape(colShape);
    oneShape[rank - 2] = 1;
    auto oneType = at.clone(oneShape);
    HloBuilder hc(rewriter, loc, colType);
    HloBuilder h1(rewriter, loc, oneType);
    Value row = rewriter.create<stablehlo::IotaOp>(
        loc, colType.clone(rewriter.getI32Type()), rank - 2);
    SmallVector<Value> columns;
    Value ok;
    for (int64_t j = 0; j < n; ++j) {
      Value t = slice(a, 0, n, j, j + 1);
      if (j > 0) {
        Value left =
            columns.size() == 1
                ? columns[0]
                : rewriter
                      .create<stablehlo::ConcatenateOp>(loc, columns, rank - 1)
                      .getResult();
        Value rowJ = slice(left, j, j + 1, 0, j);
        auto dims = stablehlo::DotDimensionNumbersAttr::get(
            getContext(), batchDims, batchDims, {rank - 1}, {rank - 1});
        Value dot = rewriter.create<stablehlo::DotGeneralOp>(
            loc, colType, left, rowJ, dims, nullptr);
        t = hc.sub(t, dot);
      }
      Value pivot = slice(t, j, j + 1, 0, 1);
      Value positive =
          h1.compare(stablehlo::ComparisonDirection::GT, pivot, h1.splat(0.0));
      ok = ok ? rewriter.create<stablehlo::AndOp>(loc, ok, positive).getResult()
              : positive;
      Value d = h1.sqrt(pivot);
      Value dj =
          rewriter.create<stablehlo::BroadcastInDimOp>(loc, colType, d, keep);
      Value below = hc.div(t, dj);
      Value jth = rewriter.create<stablehlo::ConstantOp>(
          loc, DenseElementsAttr::get(
                   cast<ShapedType>(row.getType()),
                   rewriter.getI32IntegerAttr(static_cast<int32_t>(j))));
      Value onDiagonal =
          hc.compare(stablehlo::ComparisonDirection::EQ, row, jth);
      Value col = hc.select(onDiagonal, dj, below);
      Value above = hc.compare(stablehlo::ComparisonDirection::LT, row, jth);
      Value zero = hc.splat(0.0);
      col = hc.select(above, zero, col);
      columns.push_back(col);
    }
    Value l =
        columns.size() == 1
            ? columns[0]
            : rewriter.create<stablehlo::ConcatenateOp>(loc, columns, rank - 1)
                  .getResult();
    HloBuilder h(rewriter, loc, at);
    Value okAll = rewriter.create<stablehlo::BroadcastInDimOp>(
        loc, at.clone(rewriter.getI1Type()), ok, keep);
    l = h.select(okAll, l, h.splat(std::nan("")));
    if (!op.getLower())
      l = rewriter.create<stablehlo::TransposeOp>(loc, at, l, swap);
    if (et != ft)
      l = rewriter.create<stablehlo::ConvertOp>(loc, aType, l);
    rewriter.replaceOp(op, l);
    return success();
  }
};

struct DecomposeCompositesPass
    : systole::impl::DecomposeCompositesBase<DecomposeCompositesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<BatchNormInferencePattern, BatchNormTrainingPattern,
             BatchNormGradPattern, BatchGroupConvolutionPattern,
             CholeskyPattern, DotPattern, ClampPattern, SelectAndScatterPattern,
             ReducePrecisionPattern, TriangularSolvePattern>(&getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(patterns)))) {
      getOperation()->emitError()
          << "composite op decomposition did not converge";
      signalPassFailure();
    }
  }
};

} // namespace
