//===- StableHLOToLinalg.cpp - the `linalg` phase -------------------------===//
//
// See compiler/Conversion/Passes.td (StableHLOToLinalg). Each lowering follows
// the op's definition in the StableHLO specification
// (https://openxla.org/stablehlo/spec); tensor types are kept as they are
// (unsigned integer tensors are bitcast to signless ones where arith needs
// it). Ops without a lowering stay and are reported, all of them, each at its
// location with the reason.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarOps.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/Transforms/DialectConversion.h"

namespace systole {
#define GEN_PASS_DEF_STABLEHLOTOLINALG
#include "compiler/Conversion/Passes.h.inc"
} // namespace systole

using namespace mlir;
namespace shlo = systole::stablehlo;
using systole::toSignless;

namespace {

/// Why an op could not be lowered, by op, for the final report.
using Reasons = llvm::DenseMap<Operation *, std::string>;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}
RankedTensorType withElement(RankedTensorType t, Type element) {
  return RankedTensorType::get(t.getShape(), element);
}

/// `v` with signless integer elements (a tensor.bitcast when unsigned).
Value signlessTensor(OpBuilder &b, Location loc, Value v) {
  RankedTensorType t = tensorType(v);
  Type s = toSignless(t.getElementType());
  if (s == t.getElementType())
    return v;
  return b.create<tensor::BitcastOp>(loc, withElement(t, s), v);
}
/// The replacement of a result of type `type`: `v` itself, signless (the
/// type converter maps unsigned tensors to signless ones; tensor.bitcast has
/// no bufferization in MLIR 19).
Value restoreSign(OpBuilder &, Location, Value v, RankedTensorType) {
  return v;
}

/// `t` with signless integer elements.
RankedTensorType signlessType(Type t) {
  auto r = cast<RankedTensorType>(t);
  return RankedTensorType::get(r.getShape(), toSignless(r.getElementType()));
}

Value emptyLike(OpBuilder &b, Location loc, RankedTensorType t) {
  return b.create<tensor::EmptyOp>(loc, t.getShape(),
                                   toSignless(t.getElementType()));
}
/// A tensor of type `t` (signless) holding `scalar` everywhere: a
/// `linalg.fill` where the scalar is a constant or computed on scalars, and
/// a `linalg.generic` broadcasting the rank-0 tensor where `scalar` is read
/// from one that is not constant (a reduce's or pad's runtime init value,
/// e.g. a function argument), as `ncore` lowers fills of constants only and
/// loads a rank-0 tensor broadcast over partitions and free dims.
Value fill(OpBuilder &b, Location loc, Value scalar, RankedTensorType t) {
  Value empty = emptyLike(b, loc, t);
  auto extract = scalar.getDefiningOp<tensor::ExtractOp>();
  if (!extract || matchPattern(extract.getTensor(), m_Constant()) ||
      extract.getTensor().getType().getRank() != 0)
    return b.create<linalg::FillOp>(loc, scalar, empty).getResult(0);
  int64_t rank = t.getRank();
  SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, b.getContext()),
                                 b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return b
      .create<linalg::GenericOp>(
          loc, TypeRange{empty.getType()}, ValueRange{extract.getTensor()},
          ValueRange{empty}, maps, iterators,
          [](OpBuilder &nb, Location nl, ValueRange args) {
            nb.create<linalg::YieldOp>(nl, args[0]);
          })
      .getResult(0);
}
Value zeroOf(OpBuilder &b, Location loc, Type element) {
  return b.create<arith::ConstantOp>(loc, b.getZeroAttr(element));
}
/// The scalar in a rank-0 tensor, signless.
Value extractScalar(OpBuilder &b, Location loc, Value rank0) {
  Value v = signlessTensor(b, loc, rank0);
  return b.create<tensor::ExtractOp>(loc, v, ValueRange{});
}

/// An integer scalar (any width, signedness from `element`) as an index.
Value toIndex(OpBuilder &b, Location loc, Value v, Type element) {
  if (auto it = dyn_cast<IntegerType>(element); it && it.isUnsigned())
    return b.create<arith::IndexCastUIOp>(loc, b.getIndexType(), v);
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), v);
}
/// min(max(v, 0), upper) on index values.
Value clampIndex(OpBuilder &b, Location loc, Value v, int64_t upper) {
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value hi = b.create<arith::ConstantIndexOp>(loc, upper);
  return b.create<arith::MinSIOp>(loc, b.create<arith::MaxSIOp>(loc, v, zero),
                                  hi);
}

SmallVector<utils::IteratorType> parallel(int64_t n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

/// Creates a linalg.generic whose body is produced by `body` (given the
/// block arguments, returns the yielded values). When `body` fails nothing is
/// left in the IR and the failure is returned.
FailureOr<linalg::GenericOp>
buildGeneric(ConversionPatternRewriter &rewriter, Location loc,
             TypeRange resultTypes, ValueRange inputs, ValueRange outputs,
             ArrayRef<AffineMap> maps, ArrayRef<utils::IteratorType> iterators,
             function_ref<LogicalResult(OpBuilder &, ValueRange,
                                        SmallVectorImpl<Value> &)>
                 body) {
  auto block = std::make_unique<Block>();
  for (Value v : inputs)
    block->addArgument(getElementTypeOrSelf(v.getType()), loc);
  for (Value v : outputs)
    block->addArgument(getElementTypeOrSelf(v.getType()), loc);
  OpBuilder b(rewriter.getContext());
  b.setInsertionPointToStart(block.get());
  SmallVector<Value> yields;
  if (failed(body(b, block->getArguments(), yields)))
    return failure();
  b.create<linalg::YieldOp>(loc, yields);
  auto generic = rewriter.create<linalg::GenericOp>(loc, resultTypes, inputs,
                                                    outputs, maps, iterators);
  generic.getRegion().push_back(block.release());
  return generic;
}

/// A float accumulator for contractions: f32 for narrower floats (as the
/// tensor engine accumulates in fp32 PSUM), the element type otherwise.
Type accumulatorType(OpBuilder &b, Type element) {
  if (auto ft = dyn_cast<FloatType>(element); ft && ft.getWidth() < 32)
    return b.getF32Type();
  return toSignless(element);
}

/// Extends or converts an input element to the accumulator type.
Value toAccumulator(OpBuilder &b, Location loc, Value v, Type from, Type acc) {
  if (v.getType() == acc)
    return v;
  if (isa<FloatType>(acc)) {
    if (isa<FloatType>(v.getType())) {
      if (v.getType().getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth())
        return b.create<arith::ExtFOp>(loc, acc, v);
      return b.create<arith::TruncFOp>(loc, acc, v);
    }
    if (cast<IntegerType>(from).isUnsigned())
      return b.create<arith::UIToFPOp>(loc, acc, v);
    return b.create<arith::SIToFPOp>(loc, acc, v);
  }
  if (isa<FloatType>(v.getType()))
    return b.create<arith::FPToSIOp>(loc, acc, v);
  if (v.getType().getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth()) {
    if (cast<IntegerType>(from).isUnsigned())
      return b.create<arith::ExtUIOp>(loc, acc, v);
    return b.create<arith::ExtSIOp>(loc, acc, v);
  }
  return b.create<arith::TruncIOp>(loc, acc, v);
}

/// Rounds an accumulated tensor to `type`'s element type (elementwise).
Value fromAccumulator(ConversionPatternRewriter &rewriter, Location loc,
                      Value acc, RankedTensorType type) {
  if (tensorType(acc).getElementType() == toSignless(type.getElementType()))
    return restoreSign(rewriter, loc, acc, type);
  int64_t rank = type.getRank();
  AffineMap id = rewriter.getMultiDimIdentityMap(rank);
  Type dst = toSignless(type.getElementType());
  auto generic = buildGeneric(
      rewriter, loc, withElement(type, dst), acc,
      emptyLike(rewriter, loc, type), {id, id}, parallel(rank),
      [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
        Value v = args[0];
        if (isa<FloatType>(dst))
          v = b.create<arith::TruncFOp>(loc, dst, v);
        else
          v = b.create<arith::TruncIOp>(loc, dst, v);
        out.push_back(v);
        return success();
      });
  return restoreSign(rewriter, loc, (*generic).getResult(0), type);
}

/// `v` padded with `padValue` (a scalar): `low`/`high` elements before/after
/// each dimension and `interior` between elements (all non-negative), as a
/// fill of the result and an insert_slice with strides.
Value padTensor(OpBuilder &b, Location loc, Value v, Value padValue,
                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                ArrayRef<int64_t> interior) {
  RankedTensorType t = tensorType(v);
  bool trivial = llvm::all_of(low, [](int64_t x) { return x == 0; }) &&
                 llvm::all_of(high, [](int64_t x) { return x == 0; }) &&
                 llvm::all_of(interior, [](int64_t x) { return x == 0; });
  if (trivial)
    return v;
  SmallVector<int64_t> shape, strides;
  for (int64_t d = 0; d < t.getRank(); ++d) {
    int64_t n = t.getDimSize(d);
    int64_t in = interior.empty() ? 0 : interior[d];
    shape.push_back(low[d] + high[d] + n + std::max<int64_t>(n - 1, 0) * in);
    strides.push_back(in + 1);
  }
  auto padded = RankedTensorType::get(shape, t.getElementType());
  Value init = fill(b, loc, padValue, padded);
  SmallVector<OpFoldResult> offsets, sizes, strideAttrs;
  for (int64_t d = 0; d < t.getRank(); ++d) {
    offsets.push_back(b.getIndexAttr(low[d]));
    sizes.push_back(b.getIndexAttr(t.getDimSize(d)));
    strideAttrs.push_back(b.getIndexAttr(strides[d]));
  }
  (void)padded;
  return b.create<tensor::InsertSliceOp>(loc, v, init, offsets, sizes,
                                         strideAttrs);
}

//===----------------------------------------------------------------------===//
// Pattern base: records why a match failed.
//===----------------------------------------------------------------------===//

template <typename OpTy> struct Lowering : OpConversionPattern<OpTy> {
  Lowering(const TypeConverter &converter, MLIRContext *ctx, Reasons &reasons)
      : OpConversionPattern<OpTy>(converter, ctx), reasons(reasons) {}
  LogicalResult reject(Operation *op, const Twine &why) const {
    reasons[op] = why.str();
    return failure();
  }
  Reasons &reasons;
};

//===----------------------------------------------------------------------===//
// Constants, iota, elementwise
//===----------------------------------------------------------------------===//

struct ConstantLowering : Lowering<shlo::ConstantOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Type s = toSignless(type.getElementType());
    if (s == type.getElementType()) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, cast<TypedAttr>(op.getValue()));
      return success();
    }
    auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue());
    if (!dense)
      return reject(op, "a non-dense unsigned constant is not supported");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(dense.bitcast(s)));
    return success();
  }
};

template <typename OpTy> struct IotaLowering : Lowering<OpTy> {
  using Lowering<OpTy>::Lowering;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    if (!type.hasStaticShape())
      return this->reject(op, "its result shape is not static");
    Type element = type.getElementType();
    if (!isa<FloatType, IntegerType>(element))
      return this->reject(op, "its element type is not supported");
    Location loc = op.getLoc();
    int64_t dim = op.getIotaDimension();
    AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
    auto generic = buildGeneric(
        rewriter, loc, withElement(type, toSignless(element)), {},
        emptyLike(rewriter, loc, type), {id}, parallel(type.getRank()),
        [&](OpBuilder &b, ValueRange, SmallVectorImpl<Value> &out) {
          Value i = b.create<linalg::IndexOp>(loc, dim);
          if (auto it = dyn_cast<IntegerType>(element)) {
            out.push_back(
                b.create<arith::IndexCastUIOp>(loc, toSignless(element), i));
          } else {
            // Through i32 where the dim's indices fit (the NeuronCore has no
            // i64); either way uitofp rounds the index to `element`.
            Type wide = type.getDimSize(dim) <= (int64_t{1} << 31)
                            ? b.getI32Type()
                            : b.getI64Type();
            Value index = b.create<arith::IndexCastUIOp>(loc, wide, i);
            out.push_back(b.create<arith::UIToFPOp>(loc, element, index));
          }
          return success();
        });
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, (*generic).getResult(0), type));
    return success();
  }
};

/// Every elementwise op (and select/clamp with scalar operands) becomes a
/// linalg.generic with identity maps (scalar operands broadcast).
struct ElementwiseLowering : ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx,
                      Reasons &reasons)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, ctx),
        reasons(reasons) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<shlo::StableHLODialect>(op->getDialect()))
      return failure();
    bool elementwise = op->hasTrait<OpTrait::Elementwise>() ||
                       isa<shlo::SelectOp, shlo::ClampOp>(op);
    if (auto bc = dyn_cast<shlo::BitcastConvertOp>(op))
      elementwise = tensorType(bc.getOperand()).getRank() ==
                    tensorType(bc.getResult()).getRank();
    if (!elementwise || op->getNumResults() != 1)
      return failure();
    if (isa<shlo::ReducePrecisionOp>(op)) {
      reasons[op] = "reduce_precision is lowered only on f32, f16 and bf16 "
                    "with 7, 10 or all mantissa bits, which the `simplify` "
                    "phase rewrites";
      return failure();
    }
    Location loc = op->getLoc();
    auto type = signlessType(op->getResult(0).getType());
    int64_t rank = type.getRank();
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (Value v : operands) {
      inputs.push_back(signlessTensor(rewriter, loc, v));
      if (tensorType(v).getRank() == rank)
        maps.push_back(rewriter.getMultiDimIdentityMap(rank));
      else
        maps.push_back(AffineMap::get(rank, 0, {}, rewriter.getContext()));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    std::string why;
    auto generic = buildGeneric(
        rewriter, loc, withElement(type, toSignless(type.getElementType())),
        inputs, emptyLike(rewriter, loc, type), maps, parallel(rank),
        [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
          FailureOr<Value> r =
              systole::emitScalarOp(b, loc, op, args.drop_back(), why);
          if (failed(r))
            return failure();
          out.push_back(*r);
          return success();
        });
    if (failed(generic)) {
      reasons[op] = why;
      return failure();
    }
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, (*generic).getResult(0), type));
    return success();
  }
  Reasons &reasons;
};

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

/// broadcast_in_dim: linalg.broadcast when the kept dimensions are in order
/// (size-1 dimensions that expand are collapsed away first), a linalg.generic
/// otherwise.
Value broadcastInDim(ConversionPatternRewriter &rewriter, Location loc,
                     Value operand, RankedTensorType type,
                     ArrayRef<int64_t> dims) {
  RankedTensorType in = tensorType(operand);
  operand = signlessTensor(rewriter, loc, operand);
  if (in == type && llvm::equal(dims, llvm::seq<int64_t>(0, type.getRank())))
    return restoreSign(rewriter, loc, operand, type);
  bool sorted = llvm::is_sorted(dims) &&
                std::adjacent_find(dims.begin(), dims.end()) == dims.end();
  // Only unit dimensions added, in order: a reshape (tensor.expand_shape),
  // which folds with the collapse of a later broadcast and keeps no copy.
  bool unitDimsAdded =
      sorted && in.hasStaticShape() && type.hasStaticShape() &&
      llvm::all_of(llvm::seq<int64_t>(0, type.getRank()), [&](int64_t d) {
        auto it = llvm::find(dims, d);
        return it == dims.end()
                   ? type.getDimSize(d) == 1
                   : in.getDimSize(it - dims.begin()) == type.getDimSize(d);
      });
  if (unitDimsAdded) {
    auto out =
        RankedTensorType::get(type.getShape(), toSignless(in.getElementType()));
    std::optional<SmallVector<ReassociationIndices>> r;
    if (in.getRank() == 0)
      r.emplace();
    else
      r = getReassociationIndicesForCollapse(type.getShape(), in.getShape());
    if (r) {
      Value expanded =
          rewriter.create<tensor::ExpandShapeOp>(loc, out, operand, *r);
      return restoreSign(rewriter, loc, expanded, type);
    }
  }
  Value init = emptyLike(rewriter, loc, type);
  if (sorted) {
    // Drop operand dims of size 1 that expand.
    SmallVector<int64_t> kept, keptShape;
    SmallVector<ReassociationIndices> reassociation;
    for (auto [i, d] : llvm::enumerate(dims)) {
      bool expands = in.getDimSize(i) == 1 && type.getDimSize(d) != 1;
      if (!expands) {
        kept.push_back(d);
        keptShape.push_back(in.getDimSize(i));
        reassociation.emplace_back();
      }
      if (reassociation.empty())
        reassociation.emplace_back();
    }
    if (kept.size() != dims.size()) {
      // Build the reassociation: each kept dim groups with the adjacent
      // dropped unit dims.
      reassociation.clear();
      ReassociationIndices pending;
      for (int64_t i = 0; i < in.getRank(); ++i) {
        pending.push_back(i);
        bool expands = in.getDimSize(i) == 1 && type.getDimSize(dims[i]) != 1;
        if (!expands) {
          reassociation.push_back(pending);
          pending.clear();
        }
      }
      if (!pending.empty()) {
        if (reassociation.empty())
          reassociation.push_back({}); // all dropped: collapse to rank 0
        reassociation.back().append(pending.begin(), pending.end());
      }
      if (keptShape.empty())
        reassociation.clear();
      operand = rewriter.create<tensor::CollapseShapeOp>(
          loc,
          RankedTensorType::get(keptShape, toSignless(in.getElementType())),
          operand, reassociation);
    }
    SmallVector<int64_t> added;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!llvm::is_contained(kept, d))
        added.push_back(d);
    Value r = rewriter.create<linalg::BroadcastOp>(loc, operand, init, added)
                  .getResult()[0];
    return restoreSign(rewriter, loc, r, type);
  }
  SmallVector<AffineExpr> exprs;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (in.getDimSize(i) == 1 && type.getDimSize(d) != 1)
      exprs.push_back(rewriter.getAffineConstantExpr(0));
    else
      exprs.push_back(rewriter.getAffineDimExpr(d));
  }
  AffineMap inMap =
      AffineMap::get(type.getRank(), 0, exprs, rewriter.getContext());
  auto generic = buildGeneric(
      rewriter, loc, tensorType(init), operand, init,
      {inMap, rewriter.getMultiDimIdentityMap(type.getRank())},
      parallel(type.getRank()),
      [&](OpBuilder &, ValueRange args, SmallVectorImpl<Value> &out) {
        out.push_back(args[0]);
        return success();
      });
  return restoreSign(rewriter, loc, (*generic).getResult(0), type);
}

struct BroadcastInDimLowering : Lowering<shlo::BroadcastInDimOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, broadcastInDim(rewriter, op.getLoc(),
                                          adaptor.getOperand(),
                                          signlessType(op.getType()),
                                          op.getBroadcastDimensions()));
    return success();
  }
};

struct BroadcastLowering : Lowering<shlo::BroadcastOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    int64_t inRank = tensorType(op.getOperand()).getRank();
    SmallVector<int64_t> dims;
    for (int64_t i = 0; i < inRank; ++i)
      dims.push_back(type.getRank() - inRank + i);
    rewriter.replaceOp(op, broadcastInDim(rewriter, op.getLoc(),
                                          adaptor.getOperand(), type, dims));
    return success();
  }
};

struct ReshapeLowering : Lowering<shlo::ReshapeOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto in = tensorType(op.getOperand());
    auto out = signlessType(op.getType());
    Location loc = op.getLoc();
    Value v = adaptor.getOperand();
    if (!in.hasStaticShape() || !out.hasStaticShape())
      return reject(op, "dynamic shapes are not supported");
    if (in.getShape() == out.getShape()) {
      rewriter.replaceOp(op, v);
      return success();
    }
    if (out.getRank() == 0) { // all dimensions are 1
      rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
          op, out, v, SmallVector<ReassociationIndices>{});
      return success();
    }
    if (in.getRank() == 0) {
      rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
          op, out, v, SmallVector<ReassociationIndices>{});
      return success();
    }
    if (in.getRank() > out.getRank())
      if (auto r = getReassociationIndicesForCollapse(in.getShape(),
                                                      out.getShape())) {
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, out, v, *r);
        return success();
      }
    if (in.getRank() < out.getRank())
      if (auto r = getReassociationIndicesForCollapse(out.getShape(),
                                                      in.getShape())) {
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, out, v, *r);
        return success();
      }
    // General case: through a rank-1 tensor (of the signless element type
    // the converted operand has: ui8 data is i8 here).
    auto flat =
        RankedTensorType::get({in.getNumElements()}, out.getElementType());
    auto all = [](int64_t rank) {
      ReassociationIndices r;
      for (int64_t i = 0; i < rank; ++i)
        r.push_back(i);
      return SmallVector<ReassociationIndices>{r};
    };
    if (in.getRank() != 1)
      v = rewriter.create<tensor::CollapseShapeOp>(loc, flat, v,
                                                   all(in.getRank()));
    if (out.getRank() == 1)
      rewriter.replaceOp(op, v);
    else
      rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, out, v,
                                                         all(out.getRank()));
    return success();
  }
};

struct TransposeLowering : Lowering<shlo::TransposeOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    Location loc = op.getLoc();
    Value in = signlessTensor(rewriter, loc, adaptor.getOperand());
    Value r = rewriter
                  .create<linalg::TransposeOp>(loc, in,
                                               emptyLike(rewriter, loc, type),
                                               op.getPermutation())
                  .getResult()[0];
    rewriter.replaceOp(op, restoreSign(rewriter, loc, r, type));
    return success();
  }
};

struct ReverseLowering : Lowering<shlo::ReverseOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr e = rewriter.getAffineDimExpr(d);
      if (llvm::is_contained(op.getDimensions(), d))
        e = rewriter.getAffineConstantExpr(type.getDimSize(d) - 1) - e;
      exprs.push_back(e);
    }
    auto generic = buildGeneric(
        rewriter, loc, withElement(type, toSignless(type.getElementType())),
        signlessTensor(rewriter, loc, adaptor.getOperand()),
        emptyLike(rewriter, loc, type),
        {AffineMap::get(rank, 0, exprs, getContext()),
         rewriter.getMultiDimIdentityMap(rank)},
        parallel(rank),
        [&](OpBuilder &, ValueRange args, SmallVectorImpl<Value> &out) {
          out.push_back(args[0]);
          return success();
        });
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, (*generic).getResult(0), type));
    return success();
  }
};

struct SliceLowering : Lowering<shlo::SliceOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      offsets.push_back(rewriter.getIndexAttr(op.getStartIndices()[d]));
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(op.getStrides()[d]));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

struct ConcatenateLowering : Lowering<shlo::ConcatenateOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    Location loc = op.getLoc();
    int64_t dim = op.getDimension();
    Value result = rewriter.create<tensor::EmptyOp>(loc, type.getShape(),
                                                    type.getElementType());
    int64_t offset = 0;
    for (Value in : adaptor.getInputs()) {
      RankedTensorType t = tensorType(in);
      SmallVector<OpFoldResult> offsets(type.getRank(),
                                        rewriter.getIndexAttr(0));
      offsets[dim] = rewriter.getIndexAttr(offset);
      SmallVector<OpFoldResult> sizes,
          strides(type.getRank(), rewriter.getIndexAttr(1));
      for (int64_t s : t.getShape())
        sizes.push_back(rewriter.getIndexAttr(s));
      result = rewriter.create<tensor::InsertSliceOp>(loc, in, result, offsets,
                                                      sizes, strides);
      offset += t.getDimSize(dim);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PadLowering : Lowering<shlo::PadOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    Location loc = op.getLoc();
    // Pad by the non-negative parts, then cut the negative ones.
    SmallVector<int64_t> low, high;
    for (auto [l, h] :
         llvm::zip(op.getEdgePaddingLow(), op.getEdgePaddingHigh())) {
      low.push_back(std::max<int64_t>(l, 0));
      high.push_back(std::max<int64_t>(h, 0));
    }
    Value operand = signlessTensor(rewriter, loc, adaptor.getOperand());
    Value padValue = extractScalar(rewriter, loc, adaptor.getPaddingValue());
    Value padded = padTensor(rewriter, loc, operand, padValue, low, high,
                             op.getInteriorPadding());
    bool cut =
        llvm::any_of(op.getEdgePaddingLow(), [](int64_t x) { return x < 0; }) ||
        llvm::any_of(op.getEdgePaddingHigh(), [](int64_t x) { return x < 0; });
    if (cut) {
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        offsets.push_back(rewriter.getIndexAttr(
            std::max<int64_t>(-op.getEdgePaddingLow()[d], 0)));
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
        strides.push_back(rewriter.getIndexAttr(1));
      }
      padded = rewriter.create<tensor::ExtractSliceOp>(
          loc, withElement(type, toSignless(type.getElementType())), padded,
          offsets, sizes, strides);
    }
    rewriter.replaceOp(op, restoreSign(rewriter, loc, padded, type));
    return success();
  }
};

/// Start indices of dynamic_slice/dynamic_update_slice, clamped so that a
/// window of `sizes` fits in `shape` (spec: dynamic_slice). `starts` are the
/// converted (signless) values, `original` the op's own, whose element types
/// say whether a start is unsigned (ui8 150 is 150, not -106).
SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        ValueRange starts, ValueRange original,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> offsets;
  for (auto [i, s] : llvm::enumerate(starts)) {
    Type element = tensorType(original[i]).getElementType();
    Value idx = toIndex(b, loc, extractScalar(b, loc, s), element);
    offsets.push_back(clampIndex(b, loc, idx, shape[i] - sizes[i]));
  }
  return offsets;
}

struct DynamicSliceLowering : Lowering<shlo::DynamicSliceOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    auto in = tensorType(op.getOperand());
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> offsets =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(),
                      op.getStartIndices(), in.getShape(), op.getSliceSizes());
    SmallVector<OpFoldResult> sizes,
        strides(type.getRank(), rewriter.getIndexAttr(1));
    for (int64_t s : op.getSliceSizes())
      sizes.push_back(rewriter.getIndexAttr(s));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

struct DynamicUpdateSliceLowering : Lowering<shlo::DynamicUpdateSliceOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto in = tensorType(op.getOperand());
    auto update = tensorType(op.getUpdate());
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> offsets =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(),
                      op.getStartIndices(), in.getShape(), update.getShape());
    SmallVector<OpFoldResult> sizes,
        strides(in.getRank(), rewriter.getIndexAttr(1));
    for (int64_t s : update.getShape())
      sizes.push_back(rewriter.getIndexAttr(s));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

struct DotGeneralLowering : Lowering<shlo::DotGeneralOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    auto lhsT = tensorType(op.getLhs()), rhsT = tensorType(op.getRhs());
    Type lhsE = lhsT.getElementType(), rhsE = rhsT.getElementType();
    if (isa<ComplexType>(lhsE) || isa<ComplexType>(type.getElementType()))
      return reject(op, "complex numbers are not supported");
    if (!lhsT.hasStaticShape() || !rhsT.hasStaticShape())
      return reject(op, "dynamic shapes are not supported");
    Location loc = op.getLoc();
    auto dn = op.getDotDimensionNumbers();
    ArrayRef<int64_t> lb = dn.getLhsBatchingDimensions(),
                      rb = dn.getRhsBatchingDimensions(),
                      lc = dn.getLhsContractingDimensions(),
                      rc = dn.getRhsContractingDimensions();
    Type acc = accumulatorType(rewriter, type.getElementType());
    auto accType = withElement(type, acc);
    Value init = fill(rewriter, loc, zeroOf(rewriter, loc, acc), accType);
    Value lhs = signlessTensor(rewriter, loc, adaptor.getLhs());
    Value rhs = signlessTensor(rewriter, loc, adaptor.getRhs());
    // Named matmuls are the tensor engine's (float) form; integer
    // contractions stay generics, which run on the vector engine.
    bool signlessInputs = toSignless(lhsE) == lhsE &&
                          toSignless(rhsE) == rhsE && isa<FloatType>(acc);
    Value result;
    if (signlessInputs && lb.empty() && lhsT.getRank() == 2 &&
        rhsT.getRank() == 2 && lc == ArrayRef<int64_t>{1} &&
        rc == ArrayRef<int64_t>{0}) {
      result = rewriter
                   .create<linalg::MatmulOp>(loc, TypeRange{accType},
                                             ValueRange{lhs, rhs}, init)
                   .getResult(0);
    } else if (signlessInputs && lb == ArrayRef<int64_t>{0} &&
               rb == ArrayRef<int64_t>{0} && lhsT.getRank() == 3 &&
               rhsT.getRank() == 3 && lc == ArrayRef<int64_t>{2} &&
               rc == ArrayRef<int64_t>{1}) {
      result = rewriter
                   .create<linalg::BatchMatmulOp>(loc, TypeRange{accType},
                                                  ValueRange{lhs, rhs}, init)
                   .getResult(0);
    } else {
      // Iteration space: result dims (batch, lhs free, rhs free), then the
      // contracting dims.
      int64_t nb = lb.size(), nc = lc.size();
      int64_t nlf = lhsT.getRank() - nb - nc;
      int64_t rank = type.getRank();
      int64_t loops = rank + nc;
      auto mapFor = [&](RankedTensorType t, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contract, int64_t freeStart) {
        SmallVector<AffineExpr> exprs;
        int64_t free = freeStart;
        for (int64_t d = 0; d < t.getRank(); ++d) {
          auto bi = llvm::find(batch, d), ci = llvm::find(contract, d);
          if (bi != batch.end())
            exprs.push_back(rewriter.getAffineDimExpr(bi - batch.begin()));
          else if (ci != contract.end())
            exprs.push_back(
                rewriter.getAffineDimExpr(rank + (ci - contract.begin())));
          else
            exprs.push_back(rewriter.getAffineDimExpr(free++));
        }
        return AffineMap::get(loops, 0, exprs, getContext());
      };
      // The result's map: its `rank` leading loops (none for a rank-0
      // result, where getMajorSubMap(0) would be a null map).
      AffineMap resultMap =
          rank == 0 ? AffineMap::get(loops, 0, {}, getContext())
                    : AffineMap::getMultiDimIdentityMap(loops, getContext())
                          .getMajorSubMap(rank);
      SmallVector<AffineMap> maps = {mapFor(lhsT, lb, lc, nb),
                                     mapFor(rhsT, rb, rc, nb + nlf), resultMap};
      SmallVector<utils::IteratorType> iters = parallel(rank);
      iters.append(nc, utils::IteratorType::reduction);
      // No contracting dims (an outer product, or a product of scalars):
      // each result element is one product, as XLA computes it (a multiply;
      // 0 + a * b would turn a -0 product into +0), and an elementwise op
      // that does not read its output.
      if (nc == 0)
        init = rewriter.create<tensor::EmptyOp>(loc, accType.getShape(), acc);
      auto generic = buildGeneric(
          rewriter, loc, accType, ValueRange{lhs, rhs}, init, maps, iters,
          [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
            Value a = toAccumulator(b, loc, args[0], lhsE, acc);
            Value c = toAccumulator(b, loc, args[1], rhsE, acc);
            if (nc == 0)
              out.push_back(
                  isa<FloatType>(acc)
                      ? b.create<arith::MulFOp>(loc, a, c).getResult()
                      : b.create<arith::MulIOp>(loc, a, c).getResult());
            else if (isa<FloatType>(acc))
              out.push_back(b.create<arith::AddFOp>(
                  loc, args[2], b.create<arith::MulFOp>(loc, a, c)));
            else
              out.push_back(b.create<arith::AddIOp>(
                  loc, args[2], b.create<arith::MulIOp>(loc, a, c)));
            return success();
          });
      result = (*generic).getResult(0);
    }
    rewriter.replaceOp(op, fromAccumulator(rewriter, loc, result, type));
    return success();
  }
};

struct ConvolutionLowering : Lowering<shlo::ConvolutionOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    auto inT = tensorType(op.getLhs()), kT = tensorType(op.getRhs());
    Location loc = op.getLoc();
    if (isa<ComplexType>(type.getElementType()))
      return reject(op, "complex numbers are not supported");
    if (op.getBatchGroupCount() != 1)
      return reject(op, "batch_group_count > 1 is not supported");
    auto dn = op.getDimensionNumbers();
    int64_t k = dn.getInputSpatialDimensions().size();
    auto get = [&](std::optional<ArrayRef<int64_t>> a, int64_t i,
                   int64_t dflt) -> int64_t {
      return a && !a->empty() ? (*a)[i] : dflt;
    };
    std::optional<ArrayRef<int64_t>> strides, lhsDil, rhsDil;
    if (auto a = op.getWindowStridesAttr())
      strides = a.asArrayRef();
    if (auto a = op.getLhsDilationAttr())
      lhsDil = a.asArrayRef();
    if (auto a = op.getRhsDilationAttr())
      rhsDil = a.asArrayRef();
    // lhs_dilation (transposed convolution) is interior padding of the
    // input with zeros.
    SmallVector<int64_t> low(inT.getRank(), 0), high(inT.getRank(), 0),
        interior(inT.getRank(), 0);
    for (int64_t i = 0; i < k; ++i)
      interior[dn.getInputSpatialDimensions()[i]] = get(lhsDil, i, 1) - 1;
    if (auto pad = op.getPaddingAttr()) {
      auto values = llvm::to_vector(pad.getValues<int64_t>());
      for (int64_t i = 0; i < k; ++i) {
        int64_t d = dn.getInputSpatialDimensions()[i];
        low[d] = values[2 * i];
        high[d] = values[2 * i + 1];
        if (low[d] < 0 || high[d] < 0)
          return reject(op, "negative padding is not supported");
      }
    }
    Type acc = accumulatorType(rewriter, type.getElementType());
    auto accType = withElement(type, acc);
    // The accumulator, zero (created where it is used: a grouped
    // convolution's has the expanded shape).
    auto zeroInit = [&](RankedTensorType t) {
      return fill(rewriter, loc, zeroOf(rewriter, loc, acc), t);
    };
    Value input = signlessTensor(rewriter, loc, adaptor.getLhs());
    Value kernel = signlessTensor(rewriter, loc, adaptor.getRhs());
    auto nonzero = [](int64_t x) { return x != 0; };
    if (llvm::any_of(low, nonzero) || llvm::any_of(high, nonzero) ||
        llvm::any_of(interior, nonzero))
      input =
          padTensor(rewriter, loc, input,
                    zeroOf(rewriter, loc, tensorType(input).getElementType()),
                    low, high, interior);
    // window_reversal: the kernel's spatial dims reversed.
    if (auto rev = op.getWindowReversalAttr();
        rev && llvm::any_of(rev.asArrayRef(), [](bool r) { return r; })) {
      int64_t kr = kT.getRank();
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < kr; ++d)
        exprs.push_back(rewriter.getAffineDimExpr(d));
      for (int64_t i = 0; i < k; ++i)
        if (rev.asArrayRef()[i]) {
          int64_t d = dn.getKernelSpatialDimensions()[i];
          exprs[d] = rewriter.getAffineConstantExpr(kT.getDimSize(d) - 1) -
                     rewriter.getAffineDimExpr(d);
        }
      auto kType = tensorType(kernel);
      auto reversed = buildGeneric(
          rewriter, loc, kType, kernel,
          rewriter
              .create<tensor::EmptyOp>(loc, kType.getShape(),
                                       kType.getElementType())
              .getResult(),
          {AffineMap::get(kr, 0, exprs, getContext()),
           rewriter.getMultiDimIdentityMap(kr)},
          parallel(kr),
          [&](OpBuilder &, ValueRange args, SmallVectorImpl<Value> &out) {
            out.push_back(args[0]);
            return success();
          });
      kernel = (*reversed).getResult(0);
    }
    int64_t groups = op.getFeatureGroupCount();
    SmallVector<int64_t> strideV, dilV;
    for (int64_t i = 0; i < k; ++i) {
      strideV.push_back(get(strides, i, 1));
      dilV.push_back(get(rhsDil, i, 1));
    }
    Type inE = inT.getElementType(), kE = kT.getElementType();
    bool signlessInputs = toSignless(inE) == inE && toSignless(kE) == kE;
    auto is = [&](ArrayRef<int64_t> a, std::initializer_list<int64_t> b) {
      return llvm::equal(a, b);
    };
    Value result;
    // The layouts with a named linalg op.
    if (k == 2 && groups == 1 && signlessInputs &&
        dn.getInputBatchDimension() == 0 &&
        dn.getInputFeatureDimension() == 1 &&
        is(dn.getInputSpatialDimensions(), {2, 3}) &&
        dn.getKernelOutputFeatureDimension() == 0 &&
        dn.getKernelInputFeatureDimension() == 1 &&
        is(dn.getKernelSpatialDimensions(), {2, 3}) &&
        dn.getOutputBatchDimension() == 0 &&
        dn.getOutputFeatureDimension() == 1 &&
        is(dn.getOutputSpatialDimensions(), {2, 3})) {
      result = rewriter
                   .create<linalg::Conv2DNchwFchwOp>(
                       loc, TypeRange{accType}, ValueRange{input, kernel},
                       ValueRange{zeroInit(accType)},
                       rewriter.getI64TensorAttr(strideV),
                       rewriter.getI64TensorAttr(dilV))
                   .getResult(0);
    } else if (k == 2 && groups == 1 && signlessInputs &&
               dn.getInputBatchDimension() == 0 &&
               dn.getInputFeatureDimension() == 3 &&
               is(dn.getInputSpatialDimensions(), {1, 2}) &&
               dn.getKernelInputFeatureDimension() == 2 &&
               dn.getKernelOutputFeatureDimension() == 3 &&
               is(dn.getKernelSpatialDimensions(), {0, 1}) &&
               dn.getOutputBatchDimension() == 0 &&
               dn.getOutputFeatureDimension() == 3 &&
               is(dn.getOutputSpatialDimensions(), {1, 2})) {
      result = rewriter
                   .create<linalg::Conv2DNhwcHwcfOp>(
                       loc, TypeRange{accType}, ValueRange{input, kernel},
                       ValueRange{zeroInit(accType)},
                       rewriter.getI64TensorAttr(strideV),
                       rewriter.getI64TensorAttr(dilV))
                   .getResult(0);
    } else {
      // Generic convolution. Loops: n, g, o, s_1..s_k (parallel), c,
      // r_1..r_k (reduction), g the feature group (spec: convolution,
      // feature_group_count): with groups, the input's feature dim and the
      // kernel's and result's output feature dims are expanded to
      // (G, features / G) first (views), so that every index is a loop; the
      // result is collapsed back. Without groups g has range 1 and is left
      // out.
      int64_t outFeatures = type.getDimSize(dn.getOutputFeatureDimension());
      int64_t inFeatures = inT.getDimSize(dn.getInputFeatureDimension());
      if (outFeatures % groups || inFeatures % groups)
        return reject(op, "feature dims not divisible by feature_group_count");
      const bool grouped = groups > 1;
      // Expands dim `d` of `v` (or of `t`) to (G, size / G).
      auto expandedType = [&](RankedTensorType t, int64_t d) {
        SmallVector<int64_t> shape(t.getShape());
        shape[d] = t.getDimSize(d) / groups;
        shape.insert(shape.begin() + d, groups);
        return RankedTensorType::get(shape, t.getElementType());
      };
      auto reassociation = [&](int64_t rank, int64_t d) {
        SmallVector<ReassociationIndices> r;
        for (int64_t i = 0; i < rank; ++i) {
          if (i == d)
            r.push_back({i, i + 1});
          else
            r.push_back({i < d ? i : i + 1});
        }
        return r;
      };
      auto expand = [&](Value v, int64_t d) -> Value {
        auto t = tensorType(v);
        return rewriter.create<tensor::ExpandShapeOp>(
            loc, expandedType(t, d), v, reassociation(t.getRank(), d));
      };
      // Position of original dim `i` once dim `d` is expanded.
      auto at = [&](int64_t i, int64_t d) {
        return !grouped || i <= d ? i : i + 1;
      };
      int64_t inF = dn.getInputFeatureDimension();
      int64_t kOut = dn.getKernelOutputFeatureDimension();
      int64_t outF = dn.getOutputFeatureDimension();
      RankedTensorType genericType = accType;
      if (grouped) {
        input = expand(input, inF);
        kernel = expand(kernel, kOut);
        genericType = expandedType(accType, outF);
      }
      Value genericInit = zeroInit(genericType);
      int64_t loops = 3 + 2 * k + 1;
      auto dim = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };
      AffineExpr n = dim(0), g = dim(1), o = dim(2), c = dim(3 + k);
      SmallVector<AffineExpr> inExprs(tensorType(input).getRank()),
          kExprs(tensorType(kernel).getRank()), outExprs(genericType.getRank());
      inExprs[at(dn.getInputBatchDimension(), inF)] = n;
      kExprs[at(dn.getKernelInputFeatureDimension(), kOut)] = c;
      outExprs[at(dn.getOutputBatchDimension(), outF)] = n;
      if (grouped) {
        inExprs[inF] = g;
        inExprs[inF + 1] = c;
        kExprs[kOut] = g;
        kExprs[kOut + 1] = o;
        outExprs[outF] = g;
        outExprs[outF + 1] = o;
      } else {
        inExprs[inF] = c;
        kExprs[kOut] = o;
        outExprs[outF] = o;
      }
      for (int64_t i = 0; i < k; ++i) {
        AffineExpr s = dim(3 + i), r = dim(4 + k + i);
        inExprs[at(dn.getInputSpatialDimensions()[i], inF)] =
            s * strideV[i] + r * dilV[i];
        kExprs[at(dn.getKernelSpatialDimensions()[i], kOut)] = r;
        outExprs[at(dn.getOutputSpatialDimensions()[i], outF)] = s;
      }
      SmallVector<AffineMap> maps = {
          AffineMap::get(loops, 0, inExprs, getContext()),
          AffineMap::get(loops, 0, kExprs, getContext()),
          AffineMap::get(loops, 0, outExprs, getContext())};
      // Without groups no operand reads g: the loop is dropped.
      if (!grouped)
        maps = compressUnusedDims(maps);
      SmallVector<utils::IteratorType> iters =
          parallel(grouped ? 3 + k : 2 + k);
      iters.append(k + 1, utils::IteratorType::reduction);
      auto generic = buildGeneric(
          rewriter, loc, genericType, ValueRange{input, kernel}, genericInit,
          maps, iters,
          [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
            Value a = toAccumulator(b, loc, args[0], inE, acc);
            Value w = toAccumulator(b, loc, args[1], kE, acc);
            if (isa<FloatType>(acc))
              out.push_back(b.create<arith::AddFOp>(
                  loc, args[2], b.create<arith::MulFOp>(loc, a, w)));
            else
              out.push_back(b.create<arith::AddIOp>(
                  loc, args[2], b.create<arith::MulIOp>(loc, a, w)));
            return success();
          });
      result = (*generic).getResult(0);
      if (grouped)
        result = rewriter.create<tensor::CollapseShapeOp>(
            loc, accType, result, reassociation(accType.getRank(), outF));
    }
    rewriter.replaceOp(op, fromAccumulator(rewriter, loc, result, type));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

struct ReduceLowering : Lowering<shlo::ReduceOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<Value> inputs, inits;
    SmallVector<Type> resultTypes;
    for (size_t i = 0; i < n; ++i) {
      auto rt = cast<RankedTensorType>(op.getResult(i).getType());
      inputs.push_back(signlessTensor(rewriter, loc, adaptor.getInputs()[i]));
      inits.push_back(
          fill(rewriter, loc,
               extractScalar(rewriter, loc, adaptor.getInitValues()[i]), rt));
      resultTypes.push_back(withElement(rt, toSignless(rt.getElementType())));
    }
    // linalg.reduce's block: (inputs..., accumulators...); the stablehlo
    // body's: (accumulators..., inputs...).
    auto block = std::make_unique<Block>();
    for (Value v : llvm::concat<Value>(inputs, inits))
      block->addArgument(getElementTypeOrSelf(v.getType()), loc);
    OpBuilder b(getContext());
    b.setInsertionPointToStart(block.get());
    SmallVector<Value> args(block->getArguments().drop_front(n));
    llvm::append_range(args, block->getArguments().take_front(n));
    SmallVector<Value> yields;
    std::string why;
    if (failed(systole::emitScalarRegion(b, op.getBody(), args, yields, why)))
      return reject(op, why);
    b.create<linalg::YieldOp>(loc, yields);
    auto reduce = rewriter.create<linalg::ReduceOp>(loc, resultTypes, inputs,
                                                    inits, op.getDimensions());
    reduce.getRegion().push_back(block.release());
    SmallVector<Value> results;
    for (size_t i = 0; i < n; ++i)
      results.push_back(
          restoreSign(rewriter, loc, reduce.getResult(i),
                      cast<RankedTensorType>(op.getResult(i).getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// reduce_window as a linalg.generic over (output dims, window dims), the
/// window extent given by a shape-only operand as in linalg's pooling ops;
/// padding with the init values first.
struct ReduceWindowLowering : Lowering<shlo::ReduceWindowOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    auto inT = tensorType(op.getInputs()[0]);
    int64_t rank = inT.getRank();
    ArrayRef<int64_t> window = op.getWindowDimensions();
    auto get = [&](std::optional<ArrayRef<int64_t>> a, int64_t i) -> int64_t {
      return a && !a->empty() ? (*a)[i] : 1;
    };
    std::optional<ArrayRef<int64_t>> strides, baseDil, winDil;
    if (auto a = op.getWindowStridesAttr())
      strides = a.asArrayRef();
    if (auto a = op.getBaseDilationsAttr())
      baseDil = a.asArrayRef();
    if (auto a = op.getWindowDilationsAttr())
      winDil = a.asArrayRef();
    for (int64_t d = 0; d < rank; ++d)
      if (get(baseDil, d) != 1)
        return reject(op, "base_dilations are not supported");
    SmallVector<int64_t> low(rank, 0), high(rank, 0);
    if (auto pad = op.getPaddingAttr()) {
      auto values = llvm::to_vector(pad.getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        low[d] = values[2 * d];
        high[d] = values[2 * d + 1];
        if (low[d] < 0 || high[d] < 0)
          return reject(op, "negative padding is not supported");
      }
    }
    SmallVector<Value> inputs, inits, initScalars;
    SmallVector<Type> resultTypes;
    for (size_t i = 0; i < n; ++i) {
      Value init = extractScalar(rewriter, loc, adaptor.getInitValues()[i]);
      initScalars.push_back(init);
      inputs.push_back(padTensor(
          rewriter, loc, signlessTensor(rewriter, loc, adaptor.getInputs()[i]),
          init, low, high, {}));
    }
    for (size_t i = 0; i < n; ++i) {
      auto rt = cast<RankedTensorType>(op.getResult(i).getType());
      inits.push_back(fill(rewriter, loc, initScalars[i], rt));
      resultTypes.push_back(withElement(rt, toSignless(rt.getElementType())));
    }
    Value windowShape =
        rewriter.create<tensor::EmptyOp>(loc, window, rewriter.getI1Type());
    int64_t loops = 2 * rank;
    SmallVector<AffineExpr> inExprs, winExprs, outExprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr o = rewriter.getAffineDimExpr(d),
                 w = rewriter.getAffineDimExpr(rank + d);
      inExprs.push_back(o * get(strides, d) + w * get(winDil, d));
      winExprs.push_back(w);
      outExprs.push_back(o);
    }
    SmallVector<AffineMap> maps(
        n, AffineMap::get(loops, 0, inExprs, getContext()));
    maps.push_back(AffineMap::get(loops, 0, winExprs, getContext()));
    maps.append(n, AffineMap::get(loops, 0, outExprs, getContext()));
    SmallVector<utils::IteratorType> iters = parallel(rank);
    iters.append(rank, utils::IteratorType::reduction);
    SmallVector<Value> allInputs(inputs);
    allInputs.push_back(windowShape);
    std::string why;
    auto generic = buildGeneric(
        rewriter, loc, resultTypes, allInputs, inits, maps, iters,
        [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
          // Body (accumulators..., inputs...).
          SmallVector<Value> bodyArgs(args.drop_front(n + 1));
          llvm::append_range(bodyArgs, args.take_front(n));
          return systole::emitScalarRegion(b, op.getBody(), bodyArgs, out, why);
        });
    if (failed(generic))
      return reject(op, why);
    SmallVector<Value> results;
    for (size_t i = 0; i < n; ++i)
      results.push_back(
          restoreSign(rewriter, loc, (*generic).getResult(i),
                      cast<RankedTensorType>(op.getResult(i).getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct MapLowering : Lowering<shlo::MapOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = signlessType(op.getResult().getType());
    int64_t rank = type.getRank();
    SmallVector<Value> inputs;
    for (Value v : adaptor.getInputs())
      inputs.push_back(signlessTensor(rewriter, loc, v));
    SmallVector<AffineMap> maps(inputs.size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    std::string why;
    auto generic = buildGeneric(
        rewriter, loc, withElement(type, toSignless(type.getElementType())),
        inputs, emptyLike(rewriter, loc, type), maps, parallel(rank),
        [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
          return systole::emitScalarRegion(b, op.getComputation(),
                                           args.drop_back(), out, why);
        });
    if (failed(generic))
      return reject(op, why);
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, (*generic).getResult(0), type));
    return success();
  }
};

/// select_and_scatter reaches this phase only where `simplify` did not
/// unroll it (DecomposeComposites.cpp); the reason says why.
struct SelectAndScatterLowering : Lowering<shlo::SelectAndScatterOp> {
  using Lowering::Lowering;
  LogicalResult matchAndRewrite(shlo::SelectAndScatterOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return reject(op, "select_and_scatter is lowered only with static shapes "
                      "and a window of at most 64 positions, which the "
                      "`simplify` phase unrolls");
  }
};

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

/// gather as a linalg.generic over the result, reading the operand with
/// tensor.extract at the index the spec defines (start indices clamped so the
/// slice fits).
struct GatherLowering : Lowering<shlo::GatherOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = signlessType(op.getType());
    auto opT = tensorType(op.getOperand());
    auto idxT = tensorType(op.getStartIndices());
    auto dn = op.getDimensionNumbers();
    int64_t rank = type.getRank();
    int64_t ivd = dn.getIndexVectorDim();
    ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
    SmallVector<int64_t> batchDims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(offsetDims, d))
        batchDims.push_back(d);
    int64_t indexCount = ivd < idxT.getRank() ? idxT.getDimSize(ivd) : 1;
    Value operand = signlessTensor(rewriter, loc, adaptor.getOperand());
    Value indices = signlessTensor(rewriter, loc, adaptor.getStartIndices());
    Type idxE = idxT.getElementType();
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    auto generic = buildGeneric(
        rewriter, loc, withElement(type, toSignless(type.getElementType())), {},
        emptyLike(rewriter, loc, type), {id}, parallel(rank),
        [&](OpBuilder &b, ValueRange, SmallVectorImpl<Value> &out) {
          SmallVector<Value> resultIndex;
          for (int64_t d = 0; d < rank; ++d)
            resultIndex.push_back(b.create<linalg::IndexOp>(loc, d));
          SmallVector<Value> batchIndex;
          for (int64_t d : batchDims)
            batchIndex.push_back(resultIndex[d]);
          // The start index vector.
          SmallVector<Value> start;
          for (int64_t k = 0; k < indexCount; ++k) {
            SmallVector<Value> at(batchIndex);
            if (ivd < idxT.getRank())
              at.insert(at.begin() + ivd,
                        b.create<arith::ConstantIndexOp>(loc, k));
            Value raw = b.create<tensor::ExtractOp>(loc, indices, at);
            start.push_back(toIndex(b, loc, raw, idxE));
          }
          SmallVector<Value> operandIndex;
          int64_t offset = 0;
          for (int64_t d = 0; d < opT.getRank(); ++d) {
            Value v = b.create<arith::ConstantIndexOp>(loc, 0);
            auto mapped = llvm::find(dn.getStartIndexMap(), d);
            if (mapped != dn.getStartIndexMap().end())
              v = clampIndex(b, loc,
                             start[mapped - dn.getStartIndexMap().begin()],
                             opT.getDimSize(d) - sliceSizes[d]);
            auto batching = llvm::find(dn.getOperandBatchingDims(), d);
            if (batching != dn.getOperandBatchingDims().end()) {
              int64_t sd = dn.getStartIndicesBatchingDims()
                               [batching - dn.getOperandBatchingDims().begin()];
              v = batchIndex[sd < ivd ? sd : sd - 1];
            } else if (!llvm::is_contained(dn.getCollapsedSliceDims(), d)) {
              v = b.create<arith::AddIOp>(loc, v,
                                          resultIndex[offsetDims[offset++]]);
            }
            operandIndex.push_back(v);
          }
          out.push_back(
              b.create<tensor::ExtractOp>(loc, operand, operandIndex));
          return success();
        });
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, (*generic).getResult(0), type));
    return success();
  }
};

/// scatter as a loop nest (scf.for) over the update scatter dimensions; each
/// iteration inserts one update window when it is in bounds (spec: scatter),
/// combined with the current values by the update computation unless that
/// computation just returns the update.
struct ScatterLowering : Lowering<shlo::ScatterOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getInputs().size() != 1)
      return reject(op, "scatter of several inputs is not supported");
    auto dn = op.getScatterDimensionNumbers();
    if (!dn.getInputBatchingDims().empty())
      return reject(op, "input_batching_dims are not supported");
    auto opT = tensorType(op.getInputs()[0]);
    auto idxT = tensorType(op.getScatterIndices());
    auto updT = tensorType(op.getUpdates()[0]);
    Type idxE = idxT.getElementType();
    int64_t ivd = dn.getIndexVectorDim();
    ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
    SmallVector<int64_t> scatterDims;
    for (int64_t d = 0; d < updT.getRank(); ++d)
      if (!llvm::is_contained(windowDims, d))
        scatterDims.push_back(d);
    int64_t indexCount = ivd < idxT.getRank() ? idxT.getDimSize(ivd) : 1;

    // The update computation: does it just return the update?
    Block &body = op.getUpdateComputation().front();
    bool overwrite = false;
    if (auto ret = dyn_cast<shlo::ReturnOp>(body.getTerminator()))
      overwrite = ret.getNumOperands() == 1 && body.getNumArguments() == 2 &&
                  ret.getOperand(0) == body.getArgument(1);
    // Window sizes in the operand (1 at inserted dims).
    SmallVector<int64_t> windowSizes;
    SmallVector<int64_t> windowShape;
    {
      int64_t w = 0;
      for (int64_t d = 0; d < opT.getRank(); ++d) {
        if (llvm::is_contained(dn.getInsertedWindowDims(), d)) {
          windowSizes.push_back(1);
        } else {
          int64_t s = updT.getDimSize(windowDims[w++]);
          windowSizes.push_back(s);
          windowShape.push_back(s);
        }
      }
    }
    auto windowType =
        RankedTensorType::get(windowShape, toSignless(opT.getElementType()));
    // Check the body can be emitted before creating anything.
    if (!overwrite) {
      auto probe = std::make_unique<Block>();
      Type e = toSignless(opT.getElementType());
      probe->addArgument(e, loc);
      probe->addArgument(e, loc);
      OpBuilder b(getContext());
      b.setInsertionPointToStart(probe.get());
      SmallVector<Value> r;
      std::string why;
      if (failed(systole::emitScalarRegion(b, op.getUpdateComputation(),
                                           probe->getArguments(), r, why)))
        return reject(op, why);
    }

    Value operand = signlessTensor(rewriter, loc, adaptor.getInputs()[0]);
    Value indices = signlessTensor(rewriter, loc, adaptor.getScatterIndices());
    Value updates = signlessTensor(rewriter, loc, adaptor.getUpdates()[0]);
    // A splat constant update (`zeros.at[i].add(1.0)`) is filled into a
    // tensor: a window sliced from the constant itself would fold into a
    // constant, and the scatter would no longer read its updates.
    // (Seen through reshapes and broadcasts, which keep a splat.)
    Value source = op.getUpdates()[0];
    while (isa_and_nonnull<shlo::ReshapeOp, shlo::BroadcastInDimOp>(
        source.getDefiningOp()))
      source = source.getDefiningOp()->getOperand(0);
    SplatElementsAttr splat;
    if (matchPattern(source, m_Constant(&splat))) {
      auto signless = cast<RankedTensorType>(updates.getType());
      Value scalar = rewriter.create<arith::ConstantOp>(
          loc,
          splat.bitcast(signless.getElementType()).getSplatValue<TypedAttr>());
      updates = fill(rewriter, loc, scalar, signless);
    }

    // Loop nest over the scatter dims of the updates.
    SmallVector<Value> ivs;
    Value current = operand;
    SmallVector<scf::ForOp> loops;
    OpBuilder::InsertionGuard guard(rewriter);
    for (int64_t d : scatterDims) {
      Value lb = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      Value ub =
          rewriter.create<arith::ConstantIndexOp>(loc, updT.getDimSize(d));
      Value step = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      auto loop =
          rewriter.create<scf::ForOp>(loc, lb, ub, step, ValueRange{current});
      if (!loops.empty())
        rewriter.create<scf::YieldOp>(loc, loop.getResults());
      loops.push_back(loop);
      rewriter.setInsertionPointToStart(loop.getBody());
      ivs.push_back(loop.getInductionVar());
      current = loop.getRegionIterArgs()[0];
    }
    // The start index vector and the window's operand offsets.
    SmallVector<Value> start;
    for (int64_t k = 0; k < indexCount; ++k) {
      SmallVector<Value> at(ivs);
      if (ivd < idxT.getRank())
        at.insert(at.begin() + ivd,
                  rewriter.create<arith::ConstantIndexOp>(loc, k));
      Value raw = rewriter.create<tensor::ExtractOp>(loc, indices, at);
      start.push_back(toIndex(rewriter, loc, raw, idxE));
    }
    Value inBounds = rewriter.create<arith::ConstantIntOp>(loc, 1, 1);
    SmallVector<OpFoldResult> offsets, sizes, unit;
    for (int64_t d = 0; d < opT.getRank(); ++d) {
      Value v = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      auto mapped = llvm::find(dn.getScatterDimsToOperandDims(), d);
      if (mapped != dn.getScatterDimsToOperandDims().end()) {
        v = start[mapped - dn.getScatterDimsToOperandDims().begin()];
        Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
        Value hi = rewriter.create<arith::ConstantIndexOp>(
            loc, opT.getDimSize(d) - windowSizes[d]);
        Value geZero = rewriter.create<arith::CmpIOp>(
            loc, arith::CmpIPredicate::sge, v, zero);
        Value leHi = rewriter.create<arith::CmpIOp>(
            loc, arith::CmpIPredicate::sle, v, hi);
        inBounds = rewriter.create<arith::AndIOp>(
            loc, inBounds, rewriter.create<arith::AndIOp>(loc, geZero, leHi));
      }
      offsets.push_back(v);
      sizes.push_back(rewriter.getIndexAttr(windowSizes[d]));
      unit.push_back(rewriter.getIndexAttr(1));
    }
    // The update window.
    SmallVector<OpFoldResult> uOffsets, uSizes, uUnit;
    {
      size_t s = 0;
      for (int64_t d = 0; d < updT.getRank(); ++d) {
        if (llvm::is_contained(windowDims, d)) {
          uOffsets.push_back(rewriter.getIndexAttr(0));
          uSizes.push_back(rewriter.getIndexAttr(updT.getDimSize(d)));
        } else {
          uOffsets.push_back(ivs[s++]);
          uSizes.push_back(rewriter.getIndexAttr(1));
        }
        uUnit.push_back(rewriter.getIndexAttr(1));
      }
    }
    auto ifOp = rewriter.create<scf::IfOp>(loc, TypeRange{current.getType()},
                                           inBounds, true, true);
    {
      OpBuilder::InsertionGuard g2(rewriter);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      Value update = rewriter.create<tensor::ExtractSliceOp>(
          loc, windowType, updates, uOffsets, uSizes, uUnit);
      if (!overwrite) {
        Value existing = rewriter.create<tensor::ExtractSliceOp>(
            loc, windowType, current, offsets, sizes, unit);
        int64_t wr = windowType.getRank();
        AffineMap id = rewriter.getMultiDimIdentityMap(wr);
        std::string why;
        auto combined = buildGeneric(
            rewriter, loc, windowType, ValueRange{existing, update},
            rewriter
                .create<tensor::EmptyOp>(loc, windowType.getShape(),
                                         windowType.getElementType())
                .getResult(),
            {id, id, id}, parallel(wr),
            [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
              return systole::emitScalarRegion(b, op.getUpdateComputation(),
                                               args.drop_back(), out, why);
            });
        update = (*combined).getResult(0);
      }
      Value inserted = rewriter.create<tensor::InsertSliceOp>(
          loc, update, current, offsets, sizes, unit);
      rewriter.create<scf::YieldOp>(loc, inserted);
      rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
      rewriter.create<scf::YieldOp>(loc, current);
    }
    Value result = ifOp.getResult(0);
    if (!loops.empty()) {
      rewriter.create<scf::YieldOp>(loc, result);
      result = loops.front().getResult(0);
    }
    rewriter.restoreInsertionPoint(
        OpBuilder::InsertPoint(op->getBlock(), Block::iterator(op)));
    rewriter.replaceOp(
        op, restoreSign(rewriter, loc, result,
                        cast<RankedTensorType>(op.getResult(0).getType())));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Sort
//===----------------------------------------------------------------------===//

/// sort along dimension d as two linalg.generics, O(n^2) per row (the
/// NeuronCore has no sort; this is the form tiling can handle):
///  1. rank[i] = #{j : cmp(x_j, x_i) or (j < i and not cmp(x_i, x_j))},
///     a reduction over j with the comparator as the body: the position of
///     element i in a stable sort;
///  2. out[p] = x[i] for the i with rank[i] == p, a reduction over i that
///     adds the one matching element to the identity.
struct SortLowering : Lowering<shlo::SortOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    size_t m = op.getInputs().size();
    auto type = tensorType(op.getInputs()[0]);
    int64_t rank = type.getRank();
    // The dimension attribute defaults to -1 (the last dimension).
    int64_t d = static_cast<int64_t>(op.getDimension());
    if (d < 0)
      d += rank;
    if (!type.hasStaticShape())
      return reject(op, "dynamic shapes are not supported");
    SmallVector<Value> inputs;
    for (Value v : adaptor.getInputs())
      inputs.push_back(signlessTensor(rewriter, loc, v));
    int64_t loops = rank + 1;
    MLIRContext *ctx = getContext();
    AffineMap atI =
        AffineMap::getMultiDimIdentityMap(loops, ctx).getMajorSubMap(rank);
    SmallVector<AffineExpr> jExprs;
    for (int64_t k = 0; k < rank; ++k)
      jExprs.push_back(rewriter.getAffineDimExpr(k == d ? rank : k));
    AffineMap atJ = AffineMap::get(loops, 0, jExprs, ctx);
    SmallVector<utils::IteratorType> iters = parallel(rank);
    iters.push_back(utils::IteratorType::reduction);

    // 1. Ranks.
    // i32: the NeuronCore has no 64-bit integers, and ranks stay far below
    // 2^24, where the engines' fp32 is exact.
    auto rankType =
        RankedTensorType::get(type.getShape(), rewriter.getI32Type());
    Value zero =
        rewriter.create<arith::ConstantOp>(loc, rewriter.getI32IntegerAttr(0));
    Value rankInit = fill(rewriter, loc, zero, rankType);
    SmallVector<Value> rankInputs;
    SmallVector<AffineMap> rankMaps;
    for (Value v : inputs) {
      rankInputs.push_back(v);
      rankMaps.push_back(atI);
    }
    for (Value v : inputs) {
      rankInputs.push_back(v);
      rankMaps.push_back(atJ);
    }
    rankMaps.push_back(atI);
    std::string why;
    auto ranks = buildGeneric(
        rewriter, loc, rankType, rankInputs, rankInit, rankMaps, iters,
        [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
          ValueRange xi = args.take_front(m), xj = args.slice(m, m);
          auto compare = [&](ValueRange lhs,
                             ValueRange rhs) -> FailureOr<Value> {
            SmallVector<Value> pairs, results;
            for (size_t k = 0; k < m; ++k) {
              pairs.push_back(lhs[k]);
              pairs.push_back(rhs[k]);
            }
            if (failed(systole::emitScalarRegion(b, op.getComparator(), pairs,
                                                 results, why)))
              return failure();
            return results.front();
          };
          FailureOr<Value> jBeforeI = compare(xj, xi);
          FailureOr<Value> iBeforeJ = compare(xi, xj);
          if (failed(jBeforeI) || failed(iBeforeJ))
            return failure();
          Value i = b.create<linalg::IndexOp>(loc, d);
          Value j = b.create<linalg::IndexOp>(loc, rank);
          Value jLess =
              b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, j, i);
          Value notAfter = b.create<arith::XOrIOp>(
              loc, *iBeforeJ,
              b.create<arith::ConstantOp>(loc, b.getBoolAttr(true)));
          Value tie = b.create<arith::AndIOp>(loc, jLess, notAfter);
          Value before = b.create<arith::OrIOp>(loc, *jBeforeI, tie);
          Value one = b.create<arith::ExtUIOp>(loc, b.getI32Type(), before);
          out.push_back(b.create<arith::AddIOp>(loc, args.back(), one));
          return success();
        });
    if (failed(ranks))
      return reject(op, why);

    // 2. Permute by rank: one single-result generic per input (the ncore
    // phase lowers reductions with one result). Exactly one i matches each
    // p, so the select is a sum of that element and identities: 0 for
    // integers, false for i1 (or), and -0.0 for floats, the one value whose
    // addition leaves every x unchanged, -0.0 and NaN included.
    SmallVector<Value> results;
    for (Value v : inputs) {
      RankedTensorType t = tensorType(v);
      Type et = t.getElementType();
      Value identity;
      if (auto ft = dyn_cast<FloatType>(et))
        identity = rewriter.create<arith::ConstantOp>(
            loc, rewriter.getFloatAttr(
                     ft, APFloat::getZero(ft.getFloatSemantics(), true)));
      else
        identity = zeroOf(rewriter, loc, et);
      auto permuted = buildGeneric(
          rewriter, loc, TypeRange{t}, ValueRange{(*ranks).getResult(0), v},
          ValueRange{fill(rewriter, loc, identity, t)}, {atJ, atJ, atI}, iters,
          [&](OpBuilder &b, ValueRange args, SmallVectorImpl<Value> &out) {
            Value p = b.create<arith::IndexCastOp>(
                loc, b.getI32Type(), b.create<linalg::IndexOp>(loc, d));
            Value hit = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                args[0], p);
            Value x = b.create<arith::SelectOp>(loc, hit, args[1], identity);
            if (isa<FloatType>(et))
              out.push_back(b.create<arith::AddFOp>(loc, args[2], x));
            else if (et.isInteger(1))
              out.push_back(b.create<arith::OrIOp>(loc, args[2], x));
            else
              out.push_back(b.create<arith::AddIOp>(loc, args[2], x));
            return success();
          });
      if (failed(permuted))
        return reject(op, "cannot build the permutation");
      results.push_back((*permuted).getResult(0));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Control flow: scf with the regions moved over; the ops inside are lowered
// like any other, stablehlo.return becomes scf.yield / scf.condition.
//===----------------------------------------------------------------------===//

/// Whether all `types` are ranked tensors (no tokens or tuples).
bool allTensors(TypeRange types) {
  return llvm::all_of(types, [](Type t) { return isa<RankedTensorType>(t); });
}

struct IfLowering : Lowering<shlo::IfOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!allTensors(op->getResultTypes()))
      return reject(op, "results that are not tensors are not supported");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return reject(op, "its result types cannot be converted");
    Location loc = op.getLoc();
    Value pred = extractScalar(rewriter, loc, adaptor.getPred());
    auto ifOp = rewriter.create<scf::IfOp>(loc, types, pred,
                                           /*addThenBlock=*/false,
                                           /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getTrueBranch(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// case: scf.index_switch; an index out of range takes the last branch
/// (spec: case).
struct CaseLowering : Lowering<shlo::CaseOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!allTensors(op->getResultTypes()))
      return reject(op, "results that are not tensors are not supported");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return reject(op, "its result types cannot be converted");
    Location loc = op.getLoc();
    Type element = tensorType(op.getIndex()).getElementType();
    Value index =
        toIndex(rewriter, loc, extractScalar(rewriter, loc, adaptor.getIndex()),
                element);
    size_t n = op.getBranches().size();
    SmallVector<int64_t> cases;
    for (size_t i = 0; i + 1 < n; ++i)
      cases.push_back(i);
    auto sw = rewriter.create<scf::IndexSwitchOp>(loc, types, index, cases,
                                                  cases.size());
    for (size_t i = 0; i + 1 < n; ++i)
      rewriter.inlineRegionBefore(op.getBranches()[i], sw.getCaseRegions()[i],
                                  sw.getCaseRegions()[i].end());
    rewriter.inlineRegionBefore(op.getBranches()[n - 1], sw.getDefaultRegion(),
                                sw.getDefaultRegion().end());
    rewriter.replaceOp(op, sw.getResults());
    return success();
  }
};

struct WhileLowering : Lowering<shlo::WhileOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!allTensors(op->getResultTypes()))
      return reject(op, "operands that are not tensors are not supported");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return reject(op, "its result types cannot be converted");
    Location loc = op.getLoc();
    auto whileOp =
        rewriter.create<scf::WhileOp>(loc, types, adaptor.getOperands());
    rewriter.inlineRegionBefore(op.getCond(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), whileOp.getAfter(),
                                whileOp.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(),
                                           *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&whileOp.getAfter(),
                                           *getTypeConverter())))
      return reject(op, "its region types cannot be converted");
    rewriter.replaceOp(op, whileOp.getResults());
    return success();
  }
};

/// The terminator of a region moved into scf: scf.yield, or scf.condition
/// (the predicate and the loop values) in the condition of a while.
struct ReturnLowering : Lowering<shlo::ReturnOp> {
  using Lowering::Lowering;
  LogicalResult
  matchAndRewrite(shlo::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto w = dyn_cast<scf::WhileOp>(parent)) {
      if (op->getParentRegion() == &w.getBefore()) {
        if (adaptor.getOperands().size() != 1)
          return failure();
        Value pred =
            extractScalar(rewriter, op.getLoc(), adaptor.getOperands()[0]);
        rewriter.replaceOpWithNewOp<scf::ConditionOp>(
            op, pred, w.getBefore().front().getArguments());
        return success();
      }
    } else if (!isa<scf::IfOp, scf::IndexSwitchOp>(parent)) {
      return failure();
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Identities on a single core
//===----------------------------------------------------------------------===//

/// Ops whose results are their operands on one NeuronCore (a group of one
/// process for the collectives; optimization_barrier).
template <typename OpTy> struct ForwardOperands : Lowering<OpTy> {
  using Lowering<OpTy>::Lowering;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    SmallVector<Type> resultTypes;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      resultTypes)) ||
        operands.size() != op->getNumResults() ||
        !llvm::equal(operands.getTypes(), resultTypes))
      return this->reject(op, "operand and result types differ");
    rewriter.replaceOp(op, operands);
    return success();
  }
};

template <typename OpTy> struct ZeroId : Lowering<OpTy> {
  using Lowering<OpTy>::Lowering;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = signlessType(op.getType());
    Type s = toSignless(type.getElementType());
    Value c = rewriter.create<arith::ConstantOp>(
        op.getLoc(),
        DenseElementsAttr::get(withElement(type, s), rewriter.getZeroAttr(s)));
    rewriter.replaceOp(op, restoreSign(rewriter, op.getLoc(), c, type));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// A reason for the ops no pattern exists for.
std::string defaultReason(Operation *op) {
  if (isa<shlo::CustomCallOp>(op))
    return "custom calls have no lowering";
  if (isa<shlo::BatchNormInferenceOp, shlo::DotOp>(op))
    return "composite op: run systole-simplify first";
  if (isa<shlo::RngOp, shlo::RngBitGeneratorOp>(op))
    return "random number generation is not supported";
  return "no lowering to linalg is implemented for this op";
}

/// Marks each function argument and result of unsigned integer element type
/// with `systole.element_type` (the type converter makes it signless).
void recordUnsignedSignatures(ModuleOp module) {
  module.walk([](func::FuncOp f) {
    auto mark = [](Type t) -> Attribute {
      auto r = dyn_cast<RankedTensorType>(t);
      if (!r || toSignless(r.getElementType()) == r.getElementType())
        return {};
      return TypeAttr::get(r.getElementType());
    };
    for (auto [i, t] : llvm::enumerate(f.getArgumentTypes()))
      if (Attribute a = mark(t))
        f.setArgAttr(i, "systole.element_type", a);
    for (auto [i, t] : llvm::enumerate(f.getResultTypes()))
      if (Attribute a = mark(t))
        f.setResultAttr(i, "systole.element_type", a);
  });
}

struct StableHLOToLinalgPass
    : systole::impl::StableHLOToLinalgBase<StableHLOToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Reasons reasons;
    // Unsigned integer tensors become signless (arith knows no others);
    // function arguments and results keep their dtype in an attribute.
    TypeConverter converter;
    converter.addConversion([](Type t) -> Type {
      if (auto r = dyn_cast<RankedTensorType>(t))
        return signlessType(r);
      return t;
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return b.create<UnrealizedConversionCastOp>(loc, type, inputs)
          .getResult(0);
    };
    converter.addSourceMaterialization(cast);
    converter.addTargetMaterialization(cast);
    converter.addArgumentMaterialization(cast);
    recordUnsignedSignatures(getOperation());

    RewritePatternSet patterns(ctx);
    patterns.add<
        ConstantLowering, IotaLowering<shlo::IotaOp>,
        IotaLowering<shlo::DynamicIotaOp>, ElementwiseLowering,
        BroadcastInDimLowering, BroadcastLowering, ReshapeLowering,
        TransposeLowering, ReverseLowering, SliceLowering, ConcatenateLowering,
        PadLowering, DynamicSliceLowering, DynamicUpdateSliceLowering,
        DotGeneralLowering, ConvolutionLowering, ReduceLowering,
        ReduceWindowLowering, MapLowering, SelectAndScatterLowering,
        GatherLowering, ScatterLowering, SortLowering, IfLowering, CaseLowering,
        WhileLowering, ReturnLowering,
        ForwardOperands<shlo::OptimizationBarrierOp>,
        ForwardOperands<shlo::AllReduceOp>, ForwardOperands<shlo::AllGatherOp>,
        ForwardOperands<shlo::CollectivePermuteOp>,
        ForwardOperands<shlo::AllToAllOp>, ZeroId<shlo::ReplicaIdOp>,
        ZeroId<shlo::PartitionIdOp>>(converter, ctx, reasons);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);

    // stablehlo is left "unknown" to the target so that partial conversion
    // lowers what it can and keeps the rest, which is reported below — every
    // op, not only the first.
    ConversionTarget target(*ctx);
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           arith::ArithDialect, math::MathDialect,
                           scf::SCFDialect, func::FuncDialect>();
    target.addLegalOp<ModuleOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType()) &&
             converter.isLegal(&f.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();

    bool failedAny = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa_and_nonnull<shlo::StableHLODialect>(op->getDialect()))
        return WalkResult::advance();
      failedAny = true;
      auto it = reasons.find(op);
      op->emitError() << "'" << op->getName()
                      << "' cannot be lowered to linalg: "
                      << (it != reasons.end() ? it->second : defaultReason(op));
      // The ops inside its regions are not reported separately.
      return WalkResult::skip();
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
