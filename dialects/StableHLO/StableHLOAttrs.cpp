//===- StableHLOAttrs.cpp - StableHLO attribute syntax -------------------===//
//
// Parsers and printers of the structured attributes of the StableHLO spec:
//   #stablehlo.dot<lhs_batching_dimensions = [0], ...>
//   #stablehlo.gather<offset_dims = [1], ..., index_vector_dim = 1>
//   #stablehlo.scatter<update_window_dims = [1], ...>
//   #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//   #stablehlo.output_operand_alias<...>, #stablehlo.channel_handle<...>
// Empty lists and zero scalars are omitted when printing, and default to
// empty / zero when absent, as in the spec's examples.
//
//===----------------------------------------------------------------------===//

#include "dialects/StableHLO/StableHLOAttrs.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systole::stablehlo;

namespace systole::stablehlo {

ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims) {
  dims.clear();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        dims.push_back(v);
        return success();
      });
}

void printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer);
  printer << ']';
}

namespace {
/// One `name = value` field of a structured attribute: either a list of
/// integers or one integer.
struct Field {
  StringRef name;
  SmallVector<int64_t> *list = nullptr;
  int64_t *scalar = nullptr;
  bool seen = false;
};

/// Parses `name = [..], name = n, ...>` (the fields and the closing `>`);
/// every name at most once, in any order; unknown and repeated names are an
/// error naming the field.
ParseResult parseStructBody(AsmParser &parser, MutableArrayRef<Field> fields) {
  do {
    StringRef key;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    Field *field = llvm::find_if(fields, [&](Field &f) { return f.name == key; });
    if (field == fields.end())
      return parser.emitError(loc) << "unknown field '" << key << "'";
    if (field->seen)
      return parser.emitError(loc) << "duplicate field '" << key << "'";
    field->seen = true;
    if (field->list ? parseDimList(parser, *field->list)
                    : parser.parseInteger(*field->scalar))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

/// Parses `<name = [..], name = n, ...>` as parseStructBody, or `<>`.
ParseResult parseStruct(AsmParser &parser, MutableArrayRef<Field> fields) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  return parseStructBody(parser, fields);
}

void printStruct(AsmPrinter &printer, ArrayRef<Field> fields) {
  printer << '<';
  bool first = true;
  for (const Field &f : fields) {
    if (f.list ? f.list->empty() : *f.scalar == 0)
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << f.name << " = ";
    if (f.list)
      printDimList(printer, *f.list);
    else
      printer << *f.scalar;
  }
  printer << '>';
}
} // namespace

//===----------------------------------------------------------------------===//
// Convolution dimension numbers: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
//===----------------------------------------------------------------------===//

namespace {
/// Parses one bracketed layout such as `[b, 0, 1, f]`. `outer` names the two
/// non-spatial dimensions (`b`,`f` or `i`,`o`). Spatial dimension k is at
/// position spatial[k].
ParseResult parseConvLayout(AsmParser &parser, char first, char second,
                            int64_t &firstPos, int64_t &secondPos,
                            SmallVectorImpl<int64_t> &spatial) {
  firstPos = secondPos = -1;
  SmallVector<int64_t> spatialAt; // spatial index -> position
  int64_t pos = 0;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t idx;
            OptionalParseResult intRes = parser.parseOptionalInteger(idx);
            if (intRes.has_value()) {
              if (failed(*intRes))
                return failure();
              if (idx < 0)
                return parser.emitError(parser.getCurrentLocation())
                       << "negative spatial dimension";
              if ((int64_t)spatialAt.size() <= idx)
                spatialAt.resize(idx + 1, -1);
              if (spatialAt[idx] != -1)
                return parser.emitError(parser.getCurrentLocation())
                       << "spatial dimension " << idx << " appears twice";
              spatialAt[idx] = pos++;
              return success();
            }
            StringRef kw;
            if (parser.parseKeyword(&kw))
              return failure();
            if (kw.size() == 1 && kw[0] == first && firstPos == -1)
              firstPos = pos++;
            else if (kw.size() == 1 && kw[0] == second && secondPos == -1)
              secondPos = pos++;
            else
              return parser.emitError(parser.getCurrentLocation())
                     << "unexpected dimension '" << kw << "' (expected '"
                     << first << "', '" << second << "' or a spatial index)";
            return success();
          }))
    return failure();
  if (firstPos == -1 || secondPos == -1)
    return parser.emitError(loc) << "layout must name '" << first << "' and '"
                                 << second << "'";
  for (int64_t p : spatialAt)
    if (p == -1)
      return parser.emitError(loc) << "spatial dimensions are not contiguous";
  spatial.assign(spatialAt.begin(), spatialAt.end());
  return success();
}

void printConvLayout(AsmPrinter &printer, char first, char second,
                     int64_t firstPos, int64_t secondPos,
                     ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> names(rank, "?");
  if (firstPos >= 0 && firstPos < rank)
    names[firstPos] = std::string(1, first);
  if (secondPos >= 0 && secondPos < rank)
    names[secondPos] = std::string(1, second);
  for (auto [i, p] : llvm::enumerate(spatial))
    if (p >= 0 && p < rank)
      names[p] = std::to_string(i);
  printer << '[';
  llvm::interleaveComma(names, printer);
  printer << ']';
}
} // namespace

ParseResult parseConvDimensions(AsmParser &parser,
                                ConvDimensionNumbersAttr &attr) {
  int64_t ib, ifeat, ki, ko, ob, of;
  SmallVector<int64_t> is, ks, os;
  if (parseConvLayout(parser, 'b', 'f', ib, ifeat, is) ||
      parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', ki, ko, ks) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', ob, of, os))
    return failure();
  attr = ConvDimensionNumbersAttr::get(parser.getContext(), ib, ifeat, is, ki,
                                       ko, ks, ob, of, os);
  return success();
}

void printConvDimensions(AsmPrinter &printer, ConvDimensionNumbersAttr attr) {
  printConvLayout(printer, 'b', 'f', attr.getInputBatchDimension(),
                  attr.getInputFeatureDimension(),
                  attr.getInputSpatialDimensions());
  printer << "x";
  printConvLayout(printer, 'i', 'o', attr.getKernelInputFeatureDimension(),
                  attr.getKernelOutputFeatureDimension(),
                  attr.getKernelSpatialDimensions());
  printer << "->";
  printConvLayout(printer, 'b', 'f', attr.getOutputBatchDimension(),
                  attr.getOutputFeatureDimension(),
                  attr.getOutputSpatialDimensions());
}

void printConvDimensions(OpAsmPrinter &printer, Operation *,
                         ConvDimensionNumbersAttr attr) {
  printConvDimensions(static_cast<AsmPrinter &>(printer), attr);
}
ParseResult parseConvDimensions(OpAsmParser &parser,
                                ConvDimensionNumbersAttr &attr) {
  return parseConvDimensions(static_cast<AsmParser &>(parser), attr);
}

} // namespace systole::stablehlo

//===----------------------------------------------------------------------===//
// AttrDef hooks
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lb, rb, lc, rc;
  Field fields[] = {{"lhs_batching_dimensions", &lb},
                    {"rhs_batching_dimensions", &rb},
                    {"lhs_contracting_dimensions", &lc},
                    {"rhs_contracting_dimensions", &rc}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), lb, rb, lc, rc);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  SmallVector<int64_t> lb(getLhsBatchingDimensions()),
      rb(getRhsBatchingDimensions()), lc(getLhsContractingDimensions()),
      rc(getRhsContractingDimensions());
  Field fields[] = {{"lhs_batching_dimensions", &lb},
                    {"rhs_batching_dimensions", &rb},
                    {"lhs_contracting_dimensions", &lc},
                    {"rhs_contracting_dimensions", &rc}};
  printStruct(printer, fields);
}

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> od, cs, ob, sb, sm;
  int64_t ivd = 0;
  Field fields[] = {{"offset_dims", &od},
                    {"collapsed_slice_dims", &cs},
                    {"operand_batching_dims", &ob},
                    {"start_indices_batching_dims", &sb},
                    {"start_index_map", &sm},
                    {"index_vector_dim", nullptr, &ivd}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), od, cs, ob, sb, sm, ivd);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  SmallVector<int64_t> od(getOffsetDims()), cs(getCollapsedSliceDims()),
      ob(getOperandBatchingDims()), sb(getStartIndicesBatchingDims()),
      sm(getStartIndexMap());
  int64_t ivd = getIndexVectorDim();
  Field fields[] = {{"offset_dims", &od},
                    {"collapsed_slice_dims", &cs},
                    {"operand_batching_dims", &ob},
                    {"start_indices_batching_dims", &sb},
                    {"start_index_map", &sm},
                    {"index_vector_dim", nullptr, &ivd}};
  printStruct(printer, fields);
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> uw, iw, ib, sb, sd;
  int64_t ivd = 0;
  Field fields[] = {{"update_window_dims", &uw},
                    {"inserted_window_dims", &iw},
                    {"input_batching_dims", &ib},
                    {"scatter_indices_batching_dims", &sb},
                    {"scatter_dims_to_operand_dims", &sd},
                    {"index_vector_dim", nullptr, &ivd}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), uw, iw, ib, sb, sd, ivd);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  SmallVector<int64_t> uw(getUpdateWindowDims()), iw(getInsertedWindowDims()),
      ib(getInputBatchingDims()), sb(getScatterIndicesBatchingDims()),
      sd(getScatterDimsToOperandDims());
  int64_t ivd = getIndexVectorDim();
  Field fields[] = {{"update_window_dims", &uw},
                    {"inserted_window_dims", &iw},
                    {"input_batching_dims", &ib},
                    {"scatter_indices_batching_dims", &sb},
                    {"scatter_dims_to_operand_dims", &sd},
                    {"index_vector_dim", nullptr, &ivd}};
  printStruct(printer, fields);
}

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    SmallVector<int64_t> is, ks, os;
    int64_t ib = 0, ifeat = 0, ki = 0, ko = 0, ob = 0, of = 0;
    Field fields[] = {{"input_batch_dimension", nullptr, &ib},
                      {"input_feature_dimension", nullptr, &ifeat},
                      {"input_spatial_dimensions", &is},
                      {"kernel_input_feature_dimension", nullptr, &ki},
                      {"kernel_output_feature_dimension", nullptr, &ko},
                      {"kernel_spatial_dimensions", &ks},
                      {"output_batch_dimension", nullptr, &ob},
                      {"output_feature_dimension", nullptr, &of},
                      {"output_spatial_dimensions", &os}};
    if (parseStructBody(parser, fields))
      return {};
    return get(parser.getContext(), ib, ifeat, is, ki, ko, ks, ob, of, os);
  }
  ConvDimensionNumbersAttr attr;
  if (parseConvDimensions(parser, attr) || parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printConvDimensions(printer, *this);
  printer << '>';
}

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> out, opnd;
  int64_t idx = 0;
  Field fields[] = {{"output_tuple_indices", &out},
                    {"operand_index", nullptr, &idx},
                    {"operand_tuple_indices", &opnd}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), out, idx, opnd);
}

void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printer << "<output_tuple_indices = ";
  printDimList(printer, getOutputTupleIndices());
  printer << ", operand_index = " << getOperandIndex()
          << ", operand_tuple_indices = ";
  printDimList(printer, getOperandTupleIndices());
  printer << '>';
}

Attribute ChannelHandleAttr::parse(AsmParser &parser, Type) {
  int64_t handle = 0, type = 0;
  Field fields[] = {{"handle", nullptr, &handle}, {"type", nullptr, &type}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), handle, type);
}

void ChannelHandleAttr::print(AsmPrinter &printer) const {
  printer << "<handle = " << getHandle() << ", type = " << getType() << '>';
}

#define GET_ATTRDEF_CLASSES
#include "dialects/StableHLO/StableHLOAttrs.cpp.inc"

#include "dialects/StableHLO/StableHLOEnums.cpp.inc"

void StableHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/StableHLO/StableHLOAttrs.cpp.inc"
      >();
}
