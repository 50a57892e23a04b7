//===- NarrowTypes.cpp - f64 to f32 and i64 to i32 ------------------------===//
//
// See Passes.td (NarrowTypes). The NeuronCore's data types are those of
// DESIGN section 3: no f64 and no 64-bit integers. Float constants are
// converted with APFloat, rounded to nearest even.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>

namespace systole {
#define GEN_PASS_DEF_NARROWTYPES
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// The element type the NeuronCore computes `t` in: f64 -> f32, i64 and si64
/// -> i32 and si32, ui64 -> ui32; every other type is returned unchanged.
Type narrowElement(Type t) {
  if (t.isF64())
    return Float32Type::get(t.getContext());
  if (auto i = dyn_cast<IntegerType>(t); i && i.getWidth() == 64)
    return IntegerType::get(t.getContext(), 32, i.getSignedness());
  return t;
}

/// `t` with narrowed elements if it is a tensor (or a tuple of them); any
/// other type (scalars, tokens) is returned unchanged.
Type narrowType(Type t) {
  if (auto tensor = dyn_cast<RankedTensorType>(t))
    return tensor.clone(narrowElement(tensor.getElementType()));
  if (auto tensor = dyn_cast<UnrankedTensorType>(t))
    return UnrankedTensorType::get(narrowElement(tensor.getElementType()));
  if (auto tuple = dyn_cast<TupleType>(t))
    return TupleType::get(t.getContext(),
                          llvm::map_to_vector(tuple.getTypes(), narrowType));
  return t;
}

/// Whether `t` is or contains (as a tensor or tuple element) a complex type.
bool hasComplex(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return hasComplex(shaped.getElementType());
  if (auto tuple = dyn_cast<TupleType>(t))
    return llvm::any_of(tuple.getTypes(), hasComplex);
  return isa<ComplexType>(t);
}

/// Whether `t` is a tensor (or tuple of tensors) that narrowType changes.
bool narrows(Type t) { return narrowType(t) != t; }

/// The types of an op's operands, results and region arguments, or of a
/// function's signature.
SmallVector<Type> typesOf(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  for (Region &region : op->getRegions())
    for (Block &block : region)
      llvm::append_range(types, block.getArgumentTypes());
  if (auto func = dyn_cast<func::FuncOp>(op)) {
    llvm::append_range(types, func.getArgumentTypes());
    llvm::append_range(types, func.getResultTypes());
  }
  return types;
}

/// The shortest decimal text of `value` that reads back as the same value.
std::string shortest(const APFloat &value) {
  SmallString<32> text;
  for (unsigned digits = 1; digits < 40; ++digits) {
    text.clear();
    value.toString(text, digits, /*FormatMaxPadding=*/0);
    APFloat back(value.getSemantics());
    auto status = back.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      continue;
    }
    if (back.bitwiseIsEqual(value))
      break;
  }
  return std::string(text);
}

/// The value of `constant` narrowed to `type` (f32, i32, si32 or ui32
/// elements; the 64-bit integer type's least and largest values become the
/// 32-bit type's), or an error at the constant naming the first value that
/// does not fit (and how many more do not).
FailureOr<ElementsAttr> narrowConstant(systole::stablehlo::ConstantOp constant,
                                       RankedTensorType type) {
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense)
    return constant.emitError()
           << "cannot narrow a constant whose value is not a dense elements "
              "attribute to 32 bits (the NeuronCore has no f64 or i64)";
  Type from = dense.getElementType();
  int64_t misfits = 0;
  std::string first;
  auto noteMisfit = [&](auto print) {
    if (misfits++ == 0)
      first = print();
  };
  auto report = [&]() {
    bool isFloat = isa<FloatType>(from);
    InFlightDiagnostic diag = constant.emitError();
    diag << from << " value " << first << " does not fit in "
         << type.getElementType() << ", the NeuronCore's widest "
         << (isFloat ? "float" : "integer") << " type";
    if (isFloat)
      diag << " (it overflows to inf)";
    if (misfits == 2)
      diag << "; nor does 1 other element";
    else if (misfits > 2)
      diag << "; nor do " << misfits - 1 << " other elements";
    return diag;
  };

  if (isa<FloatType>(from)) {
    const llvm::fltSemantics &sem = APFloat::IEEEsingle();
    auto narrow = [&](APFloat value) {
      bool losesInfo = false;
      APFloat narrowed = value;
      narrowed.convert(sem, APFloat::rmNearestTiesToEven, &losesInfo);
      if (narrowed.isInfinity() && !value.isInfinity())
        noteMisfit([&] { return shortest(value); });
      return narrowed;
    };
    if (dense.isSplat()) {
      APFloat value = narrow(dense.getSplatValue<APFloat>());
      if (misfits)
        return report();
      return cast<ElementsAttr>(DenseElementsAttr::get(type, value));
    }
    SmallVector<APFloat> values;
    values.reserve(dense.getNumElements());
    for (APFloat value : dense.getValues<APFloat>())
      values.push_back(narrow(value));
    if (misfits)
      return report();
    return cast<ElementsAttr>(DenseElementsAttr::get(type, values));
  }

  // The 64-bit type's least and largest values narrow to the 32-bit type's:
  // they are the identities of max and min that reductions, argmax,
  // cumulative max and scatter-max start from, and stay the extremes of the
  // narrowed data.
  bool isUnsigned = from.isUnsignedInteger();
  auto narrow = [&](const APInt &value) {
    if (isUnsigned ? value.isMaxValue() : value.isMaxSignedValue())
      return isUnsigned ? APInt::getMaxValue(32) : APInt::getSignedMaxValue(32);
    if (!isUnsigned && value.isMinSignedValue())
      return APInt::getSignedMinValue(32);
    bool fits = isUnsigned ? value.isIntN(32) : value.isSignedIntN(32);
    if (!fits)
      noteMisfit([&] { return llvm::toString(value, 10, !isUnsigned); });
    return value.trunc(32);
  };
  if (dense.isSplat()) {
    APInt value = narrow(dense.getSplatValue<APInt>());
    if (misfits)
      return report();
    return cast<ElementsAttr>(DenseElementsAttr::get(type, value));
  }
  SmallVector<APInt> values;
  values.reserve(dense.getNumElements());
  for (APInt value : dense.getValues<APInt>())
    values.push_back(narrow(value));
  if (misfits)
    return report();
  return cast<ElementsAttr>(DenseElementsAttr::get(type, values));
}

/// Whether the result of `op` depends on the 64-bit width of its integer or
/// float elements, so that computing it in 32 bits gives other values.
bool dependsOnWidth(Operation *op) {
  if (!isa<systole::stablehlo::BitcastConvertOp,
           systole::stablehlo::CountLeadingZerosOp,
           systole::stablehlo::PopcntOp, systole::stablehlo::RngBitGeneratorOp>(
          op))
    return false;
  return llvm::any_of(typesOf(op), narrows);
}

struct NarrowTypesPass : systole::impl::NarrowTypesBase<NarrowTypesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failedAny = false;
    // The ops to narrow per function and the new constant values, computed
    // before anything changes so that a failing run leaves the IR as it was.
    SmallVector<std::pair<func::FuncOp, SmallVector<Operation *>>> work;
    DenseMap<Operation *, ElementsAttr> constants;
    for (auto func : module.getOps<func::FuncOp>()) {
      SmallVector<Operation *> narrowed;
      func.walk([&](Operation *op) {
        SmallVector<Type> types = typesOf(op);
        // Terminators only pass values on: their producers are reported.
        bool isTerminator = op->hasTrait<OpTrait::IsTerminator>();
        auto complex = llvm::find_if(types, hasComplex);
        if (complex != types.end() && !isTerminator) {
          // A function is reported at its location only, not printed whole.
          InFlightDiagnostic diag = isa<func::FuncOp>(op)
                                        ? mlir::emitError(op->getLoc())
                                        : op->emitError();
          diag << "complex numbers are not supported by the NeuronCore "
                  "compiler ('"
               << op->getName() << "' has type " << *complex << ")";
          failedAny = true;
          return;
        }
        if (!llvm::any_of(types, narrows))
          return;
        if (dependsOnWidth(op)) {
          op->emitError() << "'" << op->getName()
                          << "' cannot be narrowed to 32 bits: its result "
                             "depends on the 64-bit width of its elements "
                             "(the NeuronCore has no f64 or i64)";
          failedAny = true;
          return;
        }
        if (auto constant = dyn_cast<systole::stablehlo::ConstantOp>(op)) {
          FailureOr<ElementsAttr> value = narrowConstant(
              constant, cast<RankedTensorType>(narrowType(constant.getType())));
          if (failed(value)) {
            failedAny = true;
            return;
          }
          constants[op] = *value;
        }
        narrowed.push_back(op);
      });
      if (!narrowed.empty())
        work.emplace_back(func, std::move(narrowed));
    }
    if (failedAny)
      return signalPassFailure();

    for (auto &[func, ops] : work) {
      std::set<std::string> names;
      int64_t count = 0;
      for (Operation *op : ops) {
        if (auto constant = dyn_cast<systole::stablehlo::ConstantOp>(op))
          constant.setValueAttr(constants.lookup(op));
        for (Value result : op->getResults())
          result.setType(narrowType(result.getType()));
        for (Region &region : op->getRegions())
          for (Block &block : region)
            for (BlockArgument arg : block.getArguments())
              arg.setType(narrowType(arg.getType()));
        if (auto f = dyn_cast<func::FuncOp>(op)) {
          f.setFunctionType(FunctionType::get(
              f.getContext(),
              llvm::map_to_vector(f.getArgumentTypes(), narrowType),
              llvm::map_to_vector(f.getResultTypes(), narrowType)));
          continue;
        }
        // Terminators only pass narrowed values on.
        if (op->hasTrait<OpTrait::IsTerminator>())
          continue;
        ++count;
        names.insert(op->getName().getStringRef().str());
      }
      if (failed(verify(func))) {
        mlir::emitError(func.getLoc())
            << "the IR does not verify after narrowing f64 to "
               "f32 and i64 to i32 in @"
            << func.getSymName();
        failedAny = true;
        continue;
      }
      InFlightDiagnostic warning = mlir::emitWarning(func.getLoc());
      warning << "narrowed f64 to f32 and i64 to i32 (ui64 to ui32; the "
                 "NeuronCore has none of them) in ";
      if (count == 0)
        warning << "the signature of @" << func.getSymName();
      else
        warning << count << (count == 1 ? " op: " : " ops: ")
                << llvm::join(names, ", ");
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
