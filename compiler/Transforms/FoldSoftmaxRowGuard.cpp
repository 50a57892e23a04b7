//===- FoldSoftmaxRowGuard.cpp - a masked softmax's guard per row --------===//
//
// `systole-fold-softmax-row-guard` (DESIGN section 1, phase `fuse`, after
// its CSE): the guard of a masked softmax, select(max != -inf, e / sum, 0)
// for every element (JAX's and PyTorch's softmax give 0, not 0/0, on a row
// that is all -inf), becomes two selects per row: the exp uses
// select(max != -inf, max, 0) as the row's max, and the division
// select(max != -inf, sum, 1) as its sum. The elementwise select costs a
// pass over the scores (2N cycles per tile on the vector engine); the two
// per-row ones cost a [P x 1] column each.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systole {
#define GEN_PASS_DEF_FOLDSOFTMAXROWGUARD
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// Whether `v` is the constant `value` (compared as a double; exact for
/// the ones below: +0, 1 and -inf) of a float type.
bool isFloatConstant(Value v, double value) {
  FloatAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  const APFloat &f = attr.getValue();
  if (value == 0)
    return f.isPosZero();
  return f.convertToDouble() == value;
}

/// The block argument of `op`'s input `v` stands for, as an input index.
std::optional<unsigned> inputIndex(linalg::GenericOp op, Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != op.getBody() ||
      arg.getArgNumber() >= op.getNumDpsInputs())
    return std::nullopt;
  return arg.getArgNumber();
}

/// The one op of `op`'s body before its yield, when it is an `OpTy`
/// combining the output argument with the input argument (either order).
template <typename OpTy> bool isRunning(linalg::GenericOp op) {
  Block &body = *op.getBody();
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      body.getOperations().size() != 2)
    return false;
  auto comb = body.getTerminator()->getOperand(0).getDefiningOp<OpTy>();
  Value in = body.getArgument(0), out = body.getArgument(1);
  return comb && ((comb.getLhs() == out && comb.getRhs() == in) ||
                  (comb.getLhs() == in && comb.getRhs() == out));
}

bool allParallel(linalg::GenericOp op) {
  return op.getNumLoops() == op.getNumParallelLoops();
}

/// The guarded division of a masked softmax, rooted at the generic that
/// yields select(cmpf une(m, -inf), a / s, +0), with
/// - a = exp(x - m'): an all-parallel generic with an identity output map,
///   reading x and m' (m' the same tensor as m);
/// - m = a maximumf reduction of x, read by the exp through the same map as
///   the reduction reads it, its row through the reduction's output map R;
/// - s = an addf reduction of a, through the identity map into R;
/// - the division reads a through the identity, m and s through R;
/// - all four over the same loop ranges, and only the sum and the division
///   read a, and only the division reads s.
/// Rewritten: the exp uses select(m != -inf, m, 0), the division divides by
/// select(m != -inf, s, 1), and it yields the quotient. Exact for every
/// input. On a row where m != -inf, both selects give m and s, and nothing
/// else changes. On a row where m == -inf (a maximumf reduction propagates
/// NaN, so every x of the row is -inf, the reduction reading each element
/// the exp reads at the same loop point), exp(-inf - 0) = +0 for every
/// element, their sum is +0 or the init, and +0 / 1 = +0: the value the
/// select gave.
struct GuardedDivisionPerRow : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp div,
                                PatternRewriter &rewriter) const override {
    if (!allParallel(div) || div.getNumDpsInits() != 1 ||
        !div.hasPureTensorSemantics())
      return failure();
    Block &body = *div.getBody();
    auto select =
        body.getTerminator()->getOperand(0).getDefiningOp<arith::SelectOp>();
    if (!select || !isFloatConstant(select.getFalseValue(), 0))
      return failure();
    auto cmp = select.getCondition().getDefiningOp<arith::CmpFOp>();
    auto quotient = select.getTrueValue().getDefiningOp<arith::DivFOp>();
    if (!cmp || !quotient || cmp->getBlock() != &body ||
        quotient->getBlock() != &body || !quotient->hasOneUse() ||
        cmp.getPredicate() != arith::CmpFPredicate::UNE ||
        !isFloatConstant(cmp.getRhs(), -INFINITY))
      return failure();
    std::optional<unsigned> im = inputIndex(div, cmp.getLhs()),
                            ia = inputIndex(div, quotient.getLhs()),
                            is = inputIndex(div, quotient.getRhs());
    if (!im || !ia || !is)
      return failure();
    Value m = div.getDpsInputs()[*im], a = div.getDpsInputs()[*ia],
          s = div.getDpsInputs()[*is];
    auto exp = a.getDefiningOp<linalg::GenericOp>();
    auto max = m.getDefiningOp<linalg::GenericOp>();
    auto sum = s.getDefiningOp<linalg::GenericOp>();
    if (!exp || !max || !sum || !isRunning<arith::MaximumFOp>(max) ||
        !isRunning<arith::AddFOp>(sum) || sum.getDpsInputs()[0] != a ||
        !allParallel(exp) || exp.getNumDpsInits() != 1 ||
        exp.getNumDpsInputs() != 2 || !exp.hasPureTensorSemantics() ||
        !max.hasPureTensorSemantics() || !sum.hasPureTensorSemantics())
      return failure();
    // The exp: yield exp(x - m).
    Block &expBody = *exp.getBody();
    auto e =
        expBody.getTerminator()->getOperand(0).getDefiningOp<math::ExpOp>();
    auto diff = e ? e.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
    if (!diff || expBody.getOperations().size() != 3 || !diff->hasOneUse())
      return failure();
    std::optional<unsigned> ix = inputIndex(exp, diff.getLhs()),
                            im2 = inputIndex(exp, diff.getRhs());
    if (!ix || !im2 || exp.getDpsInputs()[*im2] != m ||
        exp.getDpsInputs()[*ix] != max.getDpsInputs()[0])
      return failure();
    // Loop ranges and maps.
    SmallVector<int64_t> ranges = div.getStaticLoopRanges();
    if (exp.getStaticLoopRanges() != ranges ||
        max.getStaticLoopRanges() != ranges ||
        sum.getStaticLoopRanges() != ranges ||
        max.getIteratorTypesArray() != sum.getIteratorTypesArray())
      return failure();
    AffineMap rowMap = max.getIndexingMapsArray()[1];
    SmallVector<AffineMap> expMaps = exp.getIndexingMapsArray(),
                           sumMaps = sum.getIndexingMapsArray(),
                           divMaps = div.getIndexingMapsArray();
    if (expMaps[*ix] != max.getIndexingMapsArray()[0] ||
        expMaps[*im2] != rowMap || !expMaps[2].isIdentity() ||
        !sumMaps[0].isIdentity() || sumMaps[1] != rowMap ||
        !divMaps[*ia].isIdentity() || divMaps[*im] != rowMap ||
        divMaps[*is] != rowMap)
      return failure();
    // Only the sum and the division read a; only the division reads s.
    for (OpOperand &use : a.getUses())
      if ((use.getOwner() != sum && use.getOwner() != div) ||
          (use.getOwner() == div &&
           use.getOperandNumber() != static_cast<unsigned>(*ia)))
        return failure();
    for (OpOperand &use : s.getUses())
      if (use.getOwner() != div ||
          use.getOperandNumber() != static_cast<unsigned>(*is))
        return failure();

    Location loc = div.getLoc();
    Type type = diff.getType();
    if (cmp.getLhs().getType() != type || quotient.getType() != type)
      return failure();
    auto constant = [&](double v) {
      return rewriter.create<arith::ConstantOp>(loc,
                                                rewriter.getFloatAttr(type, v));
    };
    // The exp's row max: select(m != -inf, m, 0).
    rewriter.setInsertionPoint(diff);
    Value mArg = diff.getRhs();
    Value ninf = constant(-INFINITY);
    Value finite = rewriter.create<arith::CmpFOp>(
        loc, arith::CmpFPredicate::UNE, mArg, ninf);
    Value rowMax =
        rewriter.create<arith::SelectOp>(loc, finite, mArg, constant(0.0));
    rewriter.modifyOpInPlace(diff, [&] { diff.getRhsMutable().set(rowMax); });
    // The division's row sum: select(m != -inf, s, 1).
    rewriter.setInsertionPoint(select);
    Value rowSum = rewriter.create<arith::SelectOp>(
        loc, cmp.getResult(), quotient.getRhs(), constant(1.0));
    Value q = rewriter.create<arith::DivFOp>(loc, quotient.getLhs(), rowSum);
    rewriter.replaceOp(select, q);
    rewriter.eraseOp(quotient);
    return success();
  }
};

struct FoldSoftmaxRowGuardPass
    : systole::impl::FoldSoftmaxRowGuardBase<FoldSoftmaxRowGuardPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<GuardedDivisionPerRow>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
