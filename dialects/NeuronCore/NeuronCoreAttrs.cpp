//===- NeuronCoreAttrs.cpp - #ncore.ap access patterns --------------------===//
//
// Syntax (DESIGN section 3; see NeuronCoreBase.td):
//   #ncore.ap<MEM[start:end (step PSTRIDE)?] (+ BYTE_OFFSET)? TYPE [count:stride, ...]>
//
//===----------------------------------------------------------------------===//
#include "dialects/NeuronCore/NeuronCoreOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systole::ncore;

#define GET_ATTRDEF_CLASSES
#include "dialects/NeuronCore/NeuronCoreAttrs.cpp.inc"

namespace {
// Limits that keep every computation in int64 (the NCX validator's limits).
constexpr int64_t kMaxCount = int64_t(1) << 31;
constexpr int64_t kMaxStride = int64_t(1) << 40;
constexpr int64_t kMaxElementsPerPartition = int64_t(1) << 24;
constexpr int64_t kMaxElements = int64_t(1) << 26;
constexpr int64_t kMaxByteOffset = int64_t(1) << 48;
constexpr int kMaxFreeDims = 4;
} // namespace

void NCoreDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/NeuronCore/NeuronCoreAttrs.cpp.inc"
      >();
}

bool systole::ncore::isSupportedElementType(Type type) {
  if (type.isF32() || type.isBF16() || type.isF16() || type.isFloat8E4M3() ||
      type.isFloat8E4M3FN() || type.isFloat8E5M2())
    return true;
  if (auto i = dyn_cast<IntegerType>(type)) {
    if (i.isSignless())
      return i.getWidth() == 32 || i.getWidth() == 16 || i.getWidth() == 8 ||
             i.getWidth() == 1;
    return i.isUnsigned() &&
           (i.getWidth() == 8 || i.getWidth() == 16 || i.getWidth() == 32);
  }
  return false;
}

int64_t systole::ncore::getElementByteSize(Type type) {
  if (!isSupportedElementType(type))
    return 0;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

Attribute AccessPatternAttr::parse(AsmParser &p, Type) {
  SMLoc loc = p.getCurrentLocation();
  StringRef memoryName;
  if (p.parseLess() || p.parseKeyword(&memoryName))
    return {};
  std::optional<Memory> memory = symbolizeMemory(memoryName);
  if (!memory) {
    p.emitError(loc, "expected a memory: 'hbm', 'sbuf' or 'psum'");
    return {};
  }
  int64_t start = 0, end = 0, partitionStride = 0, byteOffset = 0;
  if (p.parseLSquare() || p.parseInteger(start) || p.parseColon() ||
      p.parseInteger(end))
    return {};
  if (succeeded(p.parseOptionalKeyword("step")) && p.parseInteger(partitionStride))
    return {};
  if (p.parseRSquare())
    return {};
  if (succeeded(p.parseOptionalPlus()) && p.parseInteger(byteOffset))
    return {};
  Type elementType;
  if (p.parseType(elementType))
    return {};
  SmallVector<int64_t> counts, strides;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t count, stride;
        if (p.parseInteger(count) || p.parseColon() || p.parseInteger(stride))
          return failure();
        counts.push_back(count);
        strides.push_back(stride);
        return success();
      }))
    return {};
  if (p.parseGreater())
    return {};
  return AccessPatternAttr::getChecked([&] { return p.emitError(loc); },
                                       p.getContext(), *memory, start, end - start,
                                       byteOffset, elementType, counts, strides,
                                       partitionStride);
}

void AccessPatternAttr::print(AsmPrinter &p) const {
  p << "<" << stringifyMemory(getMemory()) << "[" << getStartPartition() << ":"
    << getEndPartition();
  if (getPartitionStride() != 0)
    p << " step " << getPartitionStride();
  p << "]";
  if (getByteOffset() != 0)
    p << " + " << getByteOffset();
  p << " " << getElementType() << " [";
  for (size_t i = 0; i < getCounts().size(); ++i)
    p << (i ? ", " : "") << getCounts()[i] << ":" << getStrides()[i];
  p << "]>";
}

LogicalResult
AccessPatternAttr::verify(function_ref<InFlightDiagnostic()> emitError, Memory memory,
                          int64_t startPartition, int64_t partitionCount,
                          int64_t byteOffset, Type elementType, ArrayRef<int64_t> counts,
                          ArrayRef<int64_t> strides, int64_t partitionStride) {
  if (!isSupportedElementType(elementType))
    return emitError()
           << "access pattern element type " << elementType
           << " is not a NeuronCore type (f32, bf16, f16, f8E4M3, "
              "f8E4M3FN, f8E5M2, i32, i16, i8, ui32, ui16, ui8, i1)";
  if (counts.size() != strides.size())
    return emitError() << "access pattern has " << counts.size() << " counts but "
                       << strides.size() << " strides";
  if (counts.size() > kMaxFreeDims)
    return emitError() << "access pattern has " << counts.size()
                       << " free dims; a tile has at most " << kMaxFreeDims;
  if (startPartition < 0 || partitionCount < 1 || partitionCount > kMaxCount)
    return emitError() << "access pattern partitions [" << startPartition << ":"
                       << startPartition + partitionCount
                       << "] must be a non-empty range from partition 0 or later";
  int64_t perPartition = 1;
  for (auto [count, stride] : llvm::zip(counts, strides)) {
    if (count < 1 || count > kMaxCount)
      return emitError() << "access pattern dim count " << count
                         << " is out of range [1, " << kMaxCount << "]";
    if (stride < -kMaxStride || stride > kMaxStride)
      return emitError() << "access pattern dim stride " << stride << " is out of range";
    perPartition *= count;
    if (perPartition > kMaxElementsPerPartition)
      return emitError() << "access pattern has more than " << kMaxElementsPerPartition
                         << " elements per partition";
  }
  if (perPartition * partitionCount > kMaxElements)
    return emitError() << "access pattern has more than " << kMaxElements
                       << " elements";
  if (byteOffset < 0 || byteOffset > kMaxByteOffset)
    return emitError() << "access pattern byte offset " << byteOffset
                       << " is out of range [0, 2^48]";
  if (memory == Memory::hbm) {
    if (startPartition != 0)
      return emitError() << "an HBM access pattern starts at partition 0 (its "
                            "partitions are 'step' elements apart)";
    if (partitionStride < -kMaxStride || partitionStride > kMaxStride)
      return emitError() << "access pattern partition step " << partitionStride
                         << " is out of range";
  } else if (partitionStride != 0) {
    return emitError() << "a partition step is only for HBM access patterns ("
                       << stringifyMemory(memory) << " has physical partitions)";
  }
  return success();
}

int64_t AccessPatternAttr::getElementsPerPartition() const {
  int64_t n = 1;
  for (int64_t count : getCounts())
    n *= count;
  return n;
}

int64_t AccessPatternAttr::getElementBytes() const {
  return getElementByteSize(getElementType());
}

std::pair<int64_t, int64_t> AccessPatternAttr::getByteExtent() const {
  __int128 lo = 0, hi = 0;
  auto add = [&](int64_t count, int64_t stride) {
    __int128 span = static_cast<__int128>(count - 1) * stride;
    (span < 0 ? lo : hi) += span;
  };
  for (auto [count, stride] : llvm::zip(getCounts(), getStrides()))
    add(count, stride);
  if (getMemory() == Memory::hbm)
    add(getPartitionCount(), getPartitionStride());
  int64_t eb = getElementBytes();
  __int128 begin = getByteOffset() + lo * eb;
  __int128 end = getByteOffset() + (hi + 1) * eb;
  auto clamp = [](__int128 v) {
    const __int128 limit = int64_t(1) << 62;
    return static_cast<int64_t>(v < -limit ? -limit : v > limit ? limit : v);
  };
  return {clamp(begin), clamp(end)};
}
