//===- WidenFloatReductions.cpp - 16-bit float sums and products in f32 ---===//
//
// See Passes.td (WidenFloatReductions). A `reduce` that adds or multiplies
// bf16, f16 or 8-bit float values runs on the values converted to f32 and
// rounds its results once, as XLA's float normalization widens 16-bit
// reductions and as the reference interpreter computes them. Without it,
// a reduction split over several tiles keeps its running value in the
// narrow type and rounds it once per tile (the sum of 128 x 300 bf16 ones
// came out 38144, not 38400).
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace systole {
#define GEN_PASS_DEF_WIDENFLOATREDUCTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// Whether `t` is a tensor of floats narrower than f32.
bool isNarrowFloat(Type t) {
  auto ft = dyn_cast<FloatType>(getElementTypeOrSelf(t));
  return ft && ft.getWidth() < 32;
}

/// `t` with its element type f32.
RankedTensorType widened(Type t) {
  return cast<RankedTensorType>(t).clone(Float32Type::get(t.getContext()));
}

/// Whether `body` is one `add` or `multiply` of its two arguments (in either
/// order), returned: the combiners whose rounding depends on the
/// accumulator's width (max and min are exact in any).
bool isSumOrProduct(Region &body) {
  if (!body.hasOneBlock())
    return false;
  Block &b = body.front();
  if (b.getNumArguments() != 2 || b.getOperations().size() != 2)
    return false;
  Operation &op = b.front();
  if (!isa<stablehlo::AddOp, stablehlo::MultiplyOp>(op))
    return false;
  Value x = op.getOperand(0), y = op.getOperand(1);
  bool args = (x == b.getArgument(0) && y == b.getArgument(1)) ||
              (x == b.getArgument(1) && y == b.getArgument(0));
  return args && b.getTerminator()->getOperand(0) == op.getResult(0);
}

/// Rewrites `op` to reduce in f32 where it qualifies (file comment).
void widen(stablehlo::ReduceOp op) {
  Type element = getElementTypeOrSelf(op.getInputs()[0].getType());
  if (op.getInputs().size() != 1 || !isNarrowFloat(element) ||
      getElementTypeOrSelf(op.getResult(0).getType()) != element ||
      !isSumOrProduct(op.getBody()))
    return;
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto convert = [&](Value v) -> Value {
    // A constant (the init value) converts here, exactly: the `ncore`
    // phase fills reduction outputs from constants only.
    DenseFPElementsAttr constant;
    if (matchPattern(v, m_Constant(&constant))) {
      RankedTensorType type = widened(v.getType());
      return b.create<stablehlo::ConstantOp>(
          loc, constant.mapValues(type.getElementType(), [](const APFloat &x) {
            APFloat wide = x;
            bool lost = false;
            wide.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                         &lost);
            return wide.bitcastToAPInt();
          }));
    }
    return b.create<stablehlo::ConvertOp>(loc, widened(v.getType()), v);
  };
  IRMapping map;
  map.map(op.getInputs()[0], convert(op.getInputs()[0]));
  map.map(op.getInitValues()[0], convert(op.getInitValues()[0]));
  auto wide = cast<stablehlo::ReduceOp>(b.clone(*op, map));
  Block &block = wide.getBody().front();
  for (BlockArgument arg : block.getArguments())
    arg.setType(widened(arg.getType()));
  block.front().getResult(0).setType(
      widened(block.front().getResult(0).getType()));
  Value result = wide.getResult(0);
  Type narrow = result.getType();
  result.setType(widened(narrow));
  op.getResult(0).replaceAllUsesWith(
      b.create<stablehlo::ConvertOp>(loc, narrow, result).getResult());
  op.erase();
}

struct WidenFloatReductionsPass
    : systole::impl::WidenFloatReductionsBase<WidenFloatReductionsPass> {
  void runOnOperation() override {
    SmallVector<stablehlo::ReduceOp> ops;
    getOperation().walk([&](stablehlo::ReduceOp op) { ops.push_back(op); });
    for (stablehlo::ReduceOp op : ops)
      widen(op);
  }
};

} // namespace
