//===- CHLOOps.cpp - client HLO ops ----------------------------------------===//
#include "dialects/CHLO/CHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace systole::chlo;

#include "dialects/CHLO/CHLODialect.cpp.inc"

namespace {
/// Every chlo op may be inlined.
struct CHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CHLODialect::initialize() {
  addInterfaces<CHLOInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "dialects/CHLO/CHLOOps.cpp.inc"
      >();
}

LogicalResult TopKOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  if (in.getRank() < 1)
    return emitOpError() << "operand must have rank >= 1";
  int64_t k = getK();
  if (k < 0 || k > in.getShape().back())
    return emitOpError() << "k = " << k << " exceeds the last dimension ("
                         << in.getShape().back() << ")";
  SmallVector<int64_t> shape(in.getShape());
  shape.back() = k;
  auto values = cast<RankedTensorType>(getValues().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  if (values.getShape() != ArrayRef<int64_t>(shape) ||
      indices.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError() << "values and indices must have the operand shape "
                         << "with the last dimension k";
  if (values.getElementType() != in.getElementType())
    return emitOpError() << "values must have the operand element type";
  if (!indices.getElementType().isInteger(32))
    return emitOpError() << "indices must be i32";
  return success();
}

#define GET_OP_CLASSES
#include "dialects/CHLO/CHLOOps.cpp.inc"
