//===- StableHLOOps.cpp - StableHLO dialect and op syntax ----------------===//
//
// Dialect registration, the custom directives of the pretty syntax that JAX
// and PyTorch/XLA print, and the hand-written formats of constant, reduce and
// while. Verifiers live in StableHLOVerifiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/StableHLO/StableHLOOps.h"
#include "dialects/StableHLO/StableHLOAttrs.h"
#include "dialects/Common/TensorConstantSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systole::stablehlo;

#include "dialects/StableHLO/StableHLODialect.cpp.inc"

namespace systole::stablehlo {
ParseResult parseConvDimensions(OpAsmParser &parser,
                                ConvDimensionNumbersAttr &attr);
void printConvDimensions(OpAsmPrinter &printer, Operation *,
                         ConvDimensionNumbersAttr attr);
} // namespace systole::stablehlo

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

namespace {

/// `tensor<2xf32>` when every operand and the result share one type, else
/// the functional form `(tensor<2xf32>, ...) -> tensor<2xi1>`.
template <typename... Types>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                           Types &...types) {
  constexpr size_t n = sizeof...(Types);
  SmallVector<Type *> refs = {&types...};
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    SmallVector<Type> inputs;
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseTypeList(inputs) || parser.parseRParen())
        return failure();
    }
    Type result;
    if (parser.parseArrow() || parser.parseType(result))
      return failure();
    if (inputs.size() != n - 1)
      return parser.emitError(loc) << "expected " << (n - 1)
                                   << " operand types, got " << inputs.size();
    for (size_t i = 0; i + 1 < n; ++i)
      *refs[i] = inputs[i];
    *refs[n - 1] = result;
    return success();
  }
  Type type;
  if (parser.parseType(type))
    return failure();
  for (Type *t : refs)
    *t = type;
  return success();
}

template <typename... Types>
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *,
                                    Types... types) {
  SmallVector<Type> all = {types...};
  if (llvm::all_equal(all)) {
    p << all.front();
    return;
  }
  p << '(';
  llvm::interleaveComma(ArrayRef<Type>(all).drop_back(), p);
  p << ") -> " << all.back();
}

/// `complex` prints its result type only; the operand types are its element
/// type's real counterpart.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseType(lhs) || parser.parseComma() ||
        parser.parseType(rhs) || parser.parseRParen() ||
        parser.parseArrow() || parser.parseType(result))
      return failure();
    return success();
  }
  if (parser.parseType(result))
    return failure();
  auto tensor = dyn_cast<RankedTensorType>(result);
  auto complex =
      tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : ComplexType();
  if (!complex)
    return parser.emitError(loc, "expected a tensor of complex type");
  lhs = rhs = tensor.clone(complex.getElementType());
  return success();
}

void printComplexOpType(OpAsmPrinter &p, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto tensor = cast<RankedTensorType>(result);
  auto complex = dyn_cast<ComplexType>(tensor.getElementType());
  if (complex && lhs == rhs &&
      lhs == tensor.clone(complex.getElementType())) {
    p << result;
    return;
  }
  p << '(' << lhs << ", " << rhs << ") -> " << result;
}

/// `select`: `pred_type, value_type` when on_true, on_false and the result
/// agree, else the functional form.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseType(pred) || parser.parseComma() ||
        parser.parseType(onTrue) || parser.parseComma() ||
        parser.parseType(onFalse) || parser.parseRParen() ||
        parser.parseArrow() || parser.parseType(result))
      return failure();
    return success();
  }
  if (parser.parseType(pred) || parser.parseComma() ||
      parser.parseType(result))
    return failure();
  onTrue = onFalse = result;
  return success();
}

void printSelectOpType(OpAsmPrinter &p, Operation *, Type pred, Type onTrue,
                       Type onFalse, Type result) {
  if (onTrue == onFalse && onTrue == result) {
    p << pred << ", " << result;
    return;
  }
  p << '(' << pred << ", " << onTrue << ", " << onFalse << ") -> " << result;
}

/// `%a, %b, ` before an attribute keyword (`concatenate`, `dynamic_slice`).
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult res = parser.parseOptionalOperand(operand);
    if (!res.has_value())
      return success();
    if (failed(*res))
      return failure();
    operands.push_back(operand);
    if (parser.parseComma())
      return failure();
  }
}

void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *,
                                       OperandRange operands) {
  // `%a, %b,`: the format prints the space before the attribute keyword.
  llvm::interleave(
      operands, p, [&](Value v) { p << v << ','; }, " ");
}

/// `[0:2, 1:4:2]` for slice's start, limit and stride.
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> s, l, st;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t a, b, c = 1;
            if (parser.parseInteger(a) || parser.parseColon() ||
                parser.parseInteger(b))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(c))
              return failure();
            s.push_back(a);
            l.push_back(b);
            st.push_back(c);
            return success();
          }))
    return failure();
  start = parser.getBuilder().getDenseI64ArrayAttr(s);
  limit = parser.getBuilder().getDenseI64ArrayAttr(l);
  strides = parser.getBuilder().getDenseI64ArrayAttr(st);
  return success();
}

void printSliceRanges(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr start,
                      DenseI64ArrayAttr limit, DenseI64ArrayAttr strides) {
  p << '[';
  for (size_t i = 0, e = start.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p << start[i] << ':' << limit[i];
    if (i < (size_t)strides.size() && strides[i] != 1)
      p << ':' << strides[i];
  }
  p << ']';
}

/// `e8m23` for reduce_precision's exponent and mantissa bits.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return failure();
  unsigned e, m;
  auto [ePart, mPart] = kw.drop_front().split('m');
  if (!kw.starts_with("e") || ePart.getAsInteger(10, e) ||
      mPart.getAsInteger(10, m))
    return parser.emitError(loc, "expected a format like e8m23, got ") << kw;
  exponent = parser.getBuilder().getI32IntegerAttr(e);
  mantissa = parser.getBuilder().getI32IntegerAttr(m);
  return success();
}

void printExponentMantissa(OpAsmPrinter &p, Operation *, IntegerAttr exponent,
                           IntegerAttr mantissa) {
  p << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

/// `precision = [DEFAULT, HIGHEST]` after a leading comma; absent when none.
ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision") || parser.parseEqual())
    return failure();
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef kw;
            if (parser.parseKeyword(&kw))
              return failure();
            std::optional<Precision> p = symbolizePrecision(kw);
            if (!p)
              return parser.emitError(loc, "unknown precision ") << kw;
            values.push_back(PrecisionAttr::get(parser.getContext(), *p));
            return success();
          }))
    return failure();
  config = parser.getBuilder().getArrayAttr(values);
  return success();
}

void printPrecisionConfig(OpAsmPrinter &p, Operation *, ArrayAttr config) {
  if (!config)
    return;
  p << ", precision = [";
  llvm::interleaveComma(config, p, [&](Attribute a) {
    p << stringifyPrecision(cast<PrecisionAttr>(a).getValue());
  });
  p << ']';
}

/// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`.
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &attr) {
  SmallVector<int64_t> lb, rb, lc, rc;
  auto parsePair = [&](SmallVectorImpl<int64_t> &l,
                       SmallVectorImpl<int64_t> &r) -> ParseResult {
    return failure(parser.parseEqual() || parseDimList(parser, l) ||
                   parser.parseKeyword("x") || parseDimList(parser, r));
  };
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parsePair(lb, rb) || parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parsePair(lc, rc))
    return failure();
  attr = DotDimensionNumbersAttr::get(parser.getContext(), lb, rb, lc, rc);
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &p, Operation *,
                              DotDimensionNumbersAttr attr) {
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printDimList(p, attr.getLhsBatchingDimensions());
    p << " x ";
    printDimList(p, attr.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printDimList(p, attr.getLhsContractingDimensions());
  p << " x ";
  printDimList(p, attr.getRhsContractingDimensions());
}

/// Convolution window printer: `stride = [..], pad = [[l, h], ..], lhs_dilate = [..],
/// rhs_dilate = [..], reverse = [..]`, each only when present.
void printWindowAttributes(OpAsmPrinter &p, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  bool first = true;
  auto sep = [&]() {
    if (!first)
      p << ", ";
    first = false;
  };
  if (strides) {
    sep();
    p << "stride = ";
    printDimList(p, strides.asArrayRef());
  }
  if (padding) {
    sep();
    p << "pad = [";
    auto values = llvm::to_vector(padding.getValues<int64_t>());
    for (size_t i = 0; i + 1 < values.size(); i += 2) {
      if (i)
        p << ", ";
      p << '[' << values[i] << ", " << values[i + 1] << ']';
    }
    p << ']';
  }
  if (lhsDilation) {
    sep();
    p << "lhs_dilate = ";
    printDimList(p, lhsDilation.asArrayRef());
  }
  if (rhsDilation) {
    sep();
    p << "rhs_dilate = ";
    printDimList(p, rhsDilation.asArrayRef());
  }
  if (reversal) {
    sep();
    p << "reverse = [";
    llvm::interleaveComma(reversal.asArrayRef(), p,
                          [&](bool v) { p << (v ? "true" : "false"); });
    p << ']';
  }
}

/// custom_call's target: `@name` (a symbol-like string).
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &p, Operation *, StringAttr target) {
  p.printSymbolName(target.getValue());
}

/// optimization_barrier: `%a, %b : tensor<..>, tensor<..>`.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void printPairwiseOpType(OpAsmPrinter &p, Operation *, TypeRange operands,
                         TypeRange) {
  llvm::interleaveComma(operands, p);
}

/// tuple: `%a, %b : tuple<tensor<..>, tensor<..>>`.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type");
  operands.assign(tuple.getTypes().begin(), tuple.getTypes().end());
  return success();
}

void printTupleOpType(OpAsmPrinter &p, Operation *, TypeRange, Type result) {
  p << result;
}

} // namespace

//===----------------------------------------------------------------------===//
// Window attribute parsing (needs the `{` ... `}` handled by the format).
//===----------------------------------------------------------------------===//

namespace {
ParseResult parseWindowAttributes(OpAsmParser &parser,
                                      DenseI64ArrayAttr &strides,
                                      DenseIntElementsAttr &padding,
                                      DenseI64ArrayAttr &lhsDilation,
                                      DenseI64ArrayAttr &rhsDilation,
                                      DenseBoolArrayAttr &reversal) {
  Builder &b = parser.getBuilder();
  StringRef key;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&key)))
    return success(); // empty window `{}`
  while (true) {
    if (parser.parseEqual())
      return failure();
    if (key == "stride" || key == "lhs_dilate" || key == "rhs_dilate") {
      SmallVector<int64_t> v;
      if (parseDimList(parser, v))
        return failure();
      (key == "stride"       ? strides
       : key == "lhs_dilate" ? lhsDilation
                             : rhsDilation) = b.getDenseI64ArrayAttr(v);
    } else if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                if (parseDimList(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(parser.getCurrentLocation(),
                                          "expected [low, high] padding pairs");
                flat.append(pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, b.getI64Type());
      padding = DenseIntElementsAttr::get(type, flat);
    } else if (key == "reverse") {
      SmallVector<bool> v;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                int64_t i;
                OptionalParseResult r = parser.parseOptionalInteger(i);
                if (r.has_value()) {
                  if (failed(*r))
                    return failure();
                  v.push_back(i != 0);
                  return success();
                }
                StringRef kw;
                if (parser.parseKeyword(&kw))
                  return failure();
                if (kw != "true" && kw != "false")
                  return parser.emitError(parser.getCurrentLocation(),
                                          "expected a boolean");
                v.push_back(kw == "true");
                return success();
              }))
        return failure();
      reversal = b.getDenseBoolArrayAttr(v);
    } else {
      return parser.emitError(loc, "unknown window attribute '") << key << "'";
    }
    if (failed(parser.parseOptionalComma()))
      return success();
    loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key))
      return failure();
  }
}
} // namespace

#define GET_OP_CLASSES
#include "dialects/StableHLO/StableHLOOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// Every stablehlo op may be inlined (the `input` phase inlines the private
/// functions exporters emit).
struct StableHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void StableHLODialect::initialize() {
  addInterfaces<StableHLOInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "dialects/StableHLO/StableHLOOps.cpp.inc"
      >();
  registerAttributes();
}

Operation *StableHLODialect::materializeConstant(OpBuilder &builder,
                                                 Attribute value, Type type,
                                                 Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return builder.create<ConstantOp>(loc, type, elements);
}

//===----------------------------------------------------------------------===//
// ConstantOp: `stablehlo.constant dense<1.0> : tensor<f32>`
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  if (systole::parseTensorConstant(parser, result, value))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  systole::printTensorConstant(p, *this, getValue());
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  ConstantOpAdaptor adaptor(operands, attributes, properties, regions);
  if (!adaptor.getValue())
    return emitOptionalError(loc, "constant has no value");
  inferred.push_back(adaptor.getValue().getType());
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp:
//   stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1]
//     : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
//   stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [0]
//     : (...) -> (...)
//     reducer(%a0: T0, %b0: T0) (%a1: T1, %b1: T1) { ... }
//===----------------------------------------------------------------------===//

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand in, init;
        if (parser.parseLParen() || parser.parseOperand(in) ||
            parser.parseKeyword("init") || parser.parseColon() ||
            parser.parseOperand(init) || parser.parseRParen())
          return failure();
        inputs.push_back(in);
        inits.push_back(init);
        return success();
      }))
    return failure();
  std::optional<OperationName> bodyOp;
  SMLoc bodyOpLoc;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    bodyOpLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    bodyOp = *name;
  }
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDimList(parser, dims))
    return failure();
  result.getOrAddProperties<Properties>().dimensions =
      parser.getBuilder().getDenseI64ArrayAttr(dims);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  FunctionType fnType;
  if (parser.parseColonType(fnType))
    return failure();
  size_t n = inputs.size();
  if (fnType.getNumInputs() != 2 * n)
    return parser.emitError(loc) << "expected " << 2 * n
                                 << " operand types, got "
                                 << fnType.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> all(inputs);
  all.append(inits);
  if (parser.resolveOperands(all, fnType.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(fnType.getResults());

  Region *body = result.addRegion();
  if (bodyOp) {
    // Build the body: block(acc: tensor<E>, x: tensor<E>) { op; return }.
    auto initType = dyn_cast<RankedTensorType>(fnType.getInput(n));
    if (n != 1 || !initType)
      return parser.emitError(bodyOpLoc,
                              "'applies' form needs one input and one init");
    Block *block = new Block;
    body->push_back(block);
    Location bodyLoc = parser.getEncodedSourceLoc(bodyOpLoc);
    block->addArgument(initType, bodyLoc);
    block->addArgument(initType, bodyLoc);
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(block);
    OperationState state(bodyLoc, *bodyOp);
    state.addOperands(block->getArguments());
    state.addTypes(initType);
    Operation *op = builder.create(state);
    builder.create<ReturnOp>(bodyLoc, op->getResults());
    return success();
  }
  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> firsts, seconds;
  for (size_t i = 0; i < n; ++i) {
    OpAsmParser::Argument a, b;
    if (parser.parseLParen() ||
        parser.parseArgument(a, /*allowType=*/true, /*allowAttrs=*/false) ||
        parser.parseComma() ||
        parser.parseArgument(b, /*allowType=*/true, /*allowAttrs=*/false) ||
        parser.parseRParen())
      return failure();
    firsts.push_back(a);
    seconds.push_back(b);
  }
  SmallVector<OpAsmParser::Argument> args(firsts);
  args.append(seconds);
  return parser.parseRegion(*body, args);
}

/// True when the body is `return(op(arg0, arg1))` for a single stablehlo
/// op without attributes, so that the compact `applies` form prints it.
static Operation *getCompactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return nullptr;
  Block &block = op.getBody().front();
  if (!llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != 1 || inner.getNumResults() != 1 ||
      ret.getOperand(0) != inner.getResult(0) ||
      inner.getNumOperands() != 2 ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      !inner.getAttrs().empty() || inner.getNumRegions() != 0 ||
      inner.getResult(0).getType() != block.getArgument(0).getType() ||
      inner.getDialect() != op->getDialect())
    return nullptr;
  return &inner;
}

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << '(' << getInputs()[i] << " init: " << getInitValues()[i] << ')';
  }
  Operation *compact = getCompactReducer(*this);
  if (compact)
    p << " applies " << compact->getName();
  p << " across dimensions = ";
  printDimList(p, getDimensions());
  p.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  p << " : ";
  p.printFunctionalType(*this);
  if (compact)
    return;
  p.printNewline();
  p << " reducer";
  Block &block = getBody().front();
  for (size_t i = 0; i < n; ++i) {
    p << '(';
    p.printRegionArgument(block.getArgument(i));
    p << ", ";
    p.printRegionArgument(block.getArgument(i + n));
    p << ") ";
  }
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// WhileOp:
//   stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i64>, tensor<f32>
//     cond { ... } do { ... }
//===----------------------------------------------------------------------===//

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            OpAsmParser::UnresolvedOperand operand;
            if (parser.parseArgument(arg) || parser.parseEqual() ||
                parser.parseOperand(operand))
              return failure();
            iterArgs.push_back(arg);
            operands.push_back(operand);
            return success();
          }))
    return failure();
  SmallVector<Type> types;
  if (!operands.empty() &&
      (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc) << "expected " << operands.size()
                                 << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  Block &condBlock = getCond().front();
  p << '(';
  llvm::interleaveComma(llvm::zip(condBlock.getArguments(), getOperand()), p,
                        [&](auto pair) {
                          p << std::get<0>(pair) << " = " << std::get<1>(pair);
                        });
  p << ')';
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.shadowRegionArgs(getBody(), condBlock.getArguments());
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}
