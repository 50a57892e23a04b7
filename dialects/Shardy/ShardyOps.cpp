//===- ShardyOps.cpp - Shardy constructs real exports carry --------------===//
#include "dialects/Shardy/ShardyOps.h"
#include "dialects/Common/TensorConstantSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systole::sdy;

#include "dialects/Shardy/ShardyDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/Shardy/ShardyAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/Shardy/ShardyOps.cpp.inc"

void SdyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/Shardy/ShardyOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/Shardy/ShardyAttrs.cpp.inc"
      >();
}

/// `{"x", "y"}` or `{"x", ?}`: the axes of one dimension.
static ParseResult parseAxisSet(AsmParser &parser, ArrayAttr &axes,
                                bool *open) {
  SmallVector<Attribute> names;
  if (open)
    *open = false;
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace())) {
    axes = parser.getBuilder().getArrayAttr(names);
    return success();
  }
  do {
    if (open && succeeded(parser.parseOptionalQuestion())) {
      *open = true;
      continue;
    }
    std::string name;
    if (parser.parseString(&name))
      return failure();
    names.push_back(parser.getBuilder().getStringAttr(name));
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseRBrace())
    return failure();
  axes = parser.getBuilder().getArrayAttr(names);
  return success();
}

static void printAxisSet(AsmPrinter &printer, ArrayAttr axes, bool open) {
  printer << '{';
  llvm::interleaveComma(axes, printer, [&](Attribute a) {
    printer << '"' << cast<StringAttr>(a).getValue() << '"';
  });
  if (open)
    printer << (axes.empty() ? "?" : ", ?");
  printer << '}';
}

Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  FlatSymbolRefAttr mesh;
  SmallVector<Attribute> dims;
  SmallVector<bool> open;
  if (parser.parseLess() || parser.parseAttribute(mesh) || parser.parseComma())
    return {};
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            ArrayAttr axes;
            bool isOpen;
            if (parseAxisSet(parser, axes, &isOpen))
              return failure();
            dims.push_back(axes);
            open.push_back(isOpen);
            return success();
          }))
    return {};
  ArrayAttr replicated = parser.getBuilder().getArrayAttr({});
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("replicated") || parser.parseEqual() ||
        parseAxisSet(parser, replicated, nullptr))
      return {};
  }
  if (parser.parseGreater())
    return {};
  Builder b(parser.getContext());
  return get(parser.getContext(), mesh, b.getArrayAttr(dims),
             b.getDenseBoolArrayAttr(open), replicated);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << '<' << getMesh() << ", [";
  for (auto [i, dim] : llvm::enumerate(getDimAxes())) {
    if (i)
      printer << ", ";
    printAxisSet(printer, llvm::cast<ArrayAttr>(dim), getDimOpen()[i]);
  }
  printer << ']';
  if (!getReplicated().empty()) {
    printer << ", replicated=";
    printAxisSet(printer, getReplicated(), false);
  }
  printer << '>';
}

/// `sdy.mesh @name = <["x"=2, "y"=1], device_ids=[0, 1]>`
ParseResult MeshOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name) || parser.parseEqual() ||
      parser.parseLess())
    return failure();
  SmallVector<Attribute> axes;
  SmallVector<int64_t> sizes;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            std::string axis;
            int64_t size;
            if (parser.parseString(&axis) || parser.parseEqual() ||
                parser.parseInteger(size))
              return failure();
            axes.push_back(parser.getBuilder().getStringAttr(axis));
            sizes.push_back(size);
            return success();
          }))
    return failure();
  Properties &props = result.getOrAddProperties<Properties>();
  if (succeeded(parser.parseOptionalComma())) {
    SmallVector<int64_t> ids;
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              int64_t id;
              if (parser.parseInteger(id))
                return failure();
              ids.push_back(id);
              return success();
            }))
      return failure();
    props.device_ids = parser.getBuilder().getDenseI64ArrayAttr(ids);
  }
  if (parser.parseGreater() ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  props.sym_name = name;
  props.axis_names = parser.getBuilder().getArrayAttr(axes);
  props.axis_sizes = parser.getBuilder().getDenseI64ArrayAttr(sizes);
  return success();
}

void MeshOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << " = <[";
  for (auto [i, axis] : llvm::enumerate(getAxisNames())) {
    if (i)
      p << ", ";
    p << '"' << cast<StringAttr>(axis).getValue() << "\"=" << getAxisSizes()[i];
  }
  p << ']';
  if (auto ids = getDeviceIds()) {
    p << ", device_ids=[";
    llvm::interleaveComma(*ids, p);
    p << ']';
  }
  p << '>';
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"sym_name", "axis_names", "axis_sizes", "device_ids"});
}

/// `sdy.constant dense<1.0> : tensor<f32>`
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
