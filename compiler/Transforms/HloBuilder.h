//===- HloBuilder.h - terse construction of elementwise stablehlo --*- C++
//-*-===//
//
// A small helper for the `simplify` decompositions (DESIGN section 1): builds
// elementwise `stablehlo` ops on tensors of one shape, so that a formula such
// as `0.5 * (expm1(x) - expm1(-x))` reads as one line of C++.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_COMPILER_TRANSFORMS_HLOBUILDER_H
#define SYSTOLE_COMPILER_TRANSFORMS_HLOBUILDER_H

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace systole {

/// Builds elementwise stablehlo ops at `loc` whose operands all have the
/// shape of `type` (a ranked tensor). Constants are splats of that shape,
/// rounded to nearest even into the element type. Comparisons produce
/// tensors of i1 with the same shape.
class HloBuilder {
public:
  HloBuilder(mlir::OpBuilder &builder, mlir::Location loc,
             mlir::RankedTensorType type)
      : b(builder), loc(loc), type(type) {}

  mlir::RankedTensorType getType() const { return type; }
  /// The same shape with element type `element`.
  mlir::RankedTensorType withElement(mlir::Type element) const {
    return mlir::RankedTensorType::get(type.getShape(), element);
  }

  /// A splat constant `value` (float element types) of this builder's type.
  mlir::Value splat(double value) const { return splatOf(type, value); }
  /// A splat constant of an arbitrary tensor type (float or integer elements).
  mlir::Value splatOf(mlir::RankedTensorType t, double value) const {
    mlir::Attribute element;
    if (auto ft = mlir::dyn_cast<mlir::FloatType>(t.getElementType()))
      element = b.getFloatAttr(ft, value);
    else
      element =
          b.getIntegerAttr(t.getElementType(), static_cast<int64_t>(value));
    auto attr = mlir::DenseElementsAttr::get(t, element);
    return b.create<stablehlo::ConstantOp>(loc, t, attr);
  }

  template <typename OpTy> mlir::Value unary(mlir::Value x) const {
    return b.create<OpTy>(loc, x.getType(), x);
  }
  template <typename OpTy>
  mlir::Value binary(mlir::Value x, mlir::Value y) const {
    return b.create<OpTy>(loc, x.getType(), x, y);
  }
  mlir::Value add(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::AddOp>(x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::SubtractOp>(x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::MultiplyOp>(x, y);
  }
  mlir::Value div(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::DivideOp>(x, y);
  }
  mlir::Value max(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::MaximumOp>(x, y);
  }
  mlir::Value min(mlir::Value x, mlir::Value y) const {
    return binary<stablehlo::MinimumOp>(x, y);
  }
  mlir::Value neg(mlir::Value x) const { return unary<stablehlo::NegateOp>(x); }
  mlir::Value abs(mlir::Value x) const { return unary<stablehlo::AbsOp>(x); }
  mlir::Value exp(mlir::Value x) const {
    return unary<stablehlo::ExponentialOp>(x);
  }
  mlir::Value log(mlir::Value x) const { return unary<stablehlo::LogOp>(x); }
  mlir::Value sqrt(mlir::Value x) const { return unary<stablehlo::SqrtOp>(x); }

  /// `x <dir> y` as a tensor of i1 (compare type left to the default).
  mlir::Value compare(stablehlo::ComparisonDirection dir, mlir::Value x,
                      mlir::Value y) const {
    auto shaped = mlir::cast<mlir::RankedTensorType>(x.getType());
    auto i1 = mlir::RankedTensorType::get(shaped.getShape(), b.getI1Type());
    return b.create<stablehlo::CompareOp>(
        loc, i1, x, y,
        stablehlo::ComparisonDirectionAttr::get(b.getContext(), dir),
        stablehlo::ComparisonTypeAttr());
  }
  mlir::Value select(mlir::Value pred, mlir::Value onTrue,
                     mlir::Value onFalse) const {
    return b.create<stablehlo::SelectOp>(loc, onTrue.getType(), pred, onTrue,
                                         onFalse);
  }
  /// `x` converted to element type `element` (spec: convert).
  mlir::Value convert(mlir::Value x, mlir::Type element) const {
    auto shaped = mlir::cast<mlir::RankedTensorType>(x.getType());
    if (shaped.getElementType() == element)
      return x;
    return b.create<stablehlo::ConvertOp>(
        loc, mlir::RankedTensorType::get(shaped.getShape(), element), x);
  }
  /// Horner evaluation of `sum_i coefficients[i] * s^i`.
  mlir::Value polynomial(mlir::Value s,
                         llvm::ArrayRef<double> coefficients) const {
    mlir::Value r = splat(coefficients.back());
    for (double c : llvm::reverse(coefficients.drop_back()))
      r = add(mul(r, s), splat(c));
    return r;
  }

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::RankedTensorType type;
};

/// Index component `k` of scatter or gather `indices` whose index vector
/// dim is `ivd` (spec: scatter, gather): the slice [k, k + 1) along `ivd`,
/// of the indices' shape with 1 there; `indices` itself when `ivd` is
/// their rank (an implicit index vector of one component) or has size 1.
inline mlir::Value indexComponent(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Value indices, int64_t ivd, int64_t k) {
  auto type = mlir::cast<mlir::RankedTensorType>(indices.getType());
  if (ivd == type.getRank() || type.getDimSize(ivd) == 1)
    return indices;
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      strides(type.getRank(), 1);
  starts[ivd] = k;
  limits[ivd] = k + 1;
  return b.create<stablehlo::SliceOp>(
      loc, indices, b.getDenseI64ArrayAttr(starts),
      b.getDenseI64ArrayAttr(limits), b.getDenseI64ArrayAttr(strides));
}

/// Whether `op` scatters one input, and its operand, updates and indices
/// have static shapes: the scatters the `simplify` rewrites take.
inline bool isStaticSingleScatter(stablehlo::ScatterOp op) {
  auto shaped = [](mlir::Value v) {
    return mlir::cast<mlir::RankedTensorType>(v.getType()).hasStaticShape();
  };
  return op.getInputs().size() == 1 && shaped(op.getInputs()[0]) &&
         shaped(op.getUpdates()[0]) && shaped(op.getScatterIndices());
}

/// Replaces `op` with a scatter of the same inputs, result types, update
/// computation (moved) and `unique_indices`, reading `indices` and
/// `updates` through `dims`, with `indices_are_sorted` = `sorted` (spec:
/// scatter). Returns the new scatter.
inline stablehlo::ScatterOp
replaceScatter(mlir::OpBuilder &b, stablehlo::ScatterOp op, mlir::Value indices,
               mlir::ValueRange updates,
               stablehlo::ScatterDimensionNumbersAttr dims,
               mlir::BoolAttr sorted) {
  auto scatter = b.create<stablehlo::ScatterOp>(
      op.getLoc(), op->getResultTypes(), op.getInputs(), indices, updates, dims,
      sorted, op.getUniqueIndicesAttr());
  scatter.getUpdateComputation().takeBody(op.getUpdateComputation());
  op.replaceAllUsesWith(scatter->getResults());
  op.erase();
  return scatter;
}

} // namespace systole

#endif
