//===- Fuse.cpp - the `fuse` phase ---------------------------------------===//
//
// `systole-fuse` (DESIGN section 1, phase `fuse`): generalize the named linalg
// ops that are not contractions, convolutions or fills, then fuse
// single-use elementwise producers into their `linalg.generic` consumers with
// upstream's elementwise fusion patterns (through the `tensor.expand_shape`
// between them, by collapsing the consumer's dims), and move each reduction
// right before its one elementwise consumer. A generic that yields its
// running values unchanged is replaced by its inits.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systole {
#define GEN_PASS_DEF_FUSE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// Named ops that keep their name: the `ncore` phase maps them directly.
/// Convolutions are generalized too: until the tensor-engine convolution
/// kernel exists, the `ncore` phase runs them as windowed reductions.
bool keepsName(linalg::LinalgOp op) {
  return isa<linalg::GenericOp, linalg::MatmulOp, linalg::BatchMatmulOp,
             linalg::FillOp>(op);
}

/// Whether `op` only permutes its one input: a transpose, as a generic.
bool isPermutationCopy(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0)
    return false;
  Block &body = *generic.getBody();
  if (body.getOperations().size() != 1 ||
      body.getTerminator()->getOperand(0) != body.getArgument(0))
    return false;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  return maps[0].isPermutation() && maps[1].isPermutation();
}

/// `tensor.collapse_shape` of an elementwise `linalg.generic` (all loops
/// parallel, identity output map) that only the collapse reads, whose users
/// are all elementwise generics: the generic runs over the collapsed dims
/// instead (upstream `linalg::collapseOpIterationDims`), and the collapse
/// folds away, so that the generic can fuse into those users. A bias
/// broadcast to [batch x tokens x features] and added to a matmul's [rows x
/// features] (through the reshape between them) then costs no pass of its own.
struct CollapseElementwiseProducer : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::CollapseShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto generic = op.getSrc().getDefiningOp<linalg::GenericOp>();
    if (!generic || !generic->hasOneUse() || generic.getNumDpsInits() != 1 ||
        !generic.hasPureTensorSemantics() ||
        generic.getNumLoops() != generic.getNumParallelLoops() ||
        !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
             .isIdentity() ||
        op->use_empty() || !llvm::all_of(op->getUsers(), [](Operation *user) {
          auto consumer = dyn_cast<linalg::GenericOp>(user);
          return consumer &&
                 consumer.getNumLoops() == consumer.getNumParallelLoops();
        }))
      return failure();
    // Upstream's collapsing takes maps of loops only (a reverse's `3 - d0`
    // or a broadcast's constant 0 are not).
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    if (!llvm::all_of(maps,
                      [](AffineMap m) { return m.isProjectedPermutation(); }))
      return failure();
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    if (!linalg::areDimSequencesPreserved(maps, groups))
      return failure();
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(generic, groups, rewriter);
    if (failed(collapsed))
      return failure();
    rewriter.replaceOp(generic, collapsed->results);
    return success();
  }
};

/// Whether `v` is the constant -inf of its float type.
bool isNegativeInfinity(Value v) {
  FloatAttr attr;
  return matchPattern(v, m_Constant(&attr)) && attr.getValue().isInfinity() &&
         attr.getValue().isNegative();
}

/// A `linalg.generic` whose body yields each result's running value
/// unchanged (what folding leaves of a reduction that adds constant zeros:
/// a scatter-add of zeros as a masked reduction) is its inits.
struct GenericYieldingItsInits : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() == 0)
      return failure();
    auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
    for (OpOperand &init : op.getDpsInitsMutable())
      if (yield.getOperand(init.getOperandNumber() - op.getNumDpsInputs()) !=
              op.getMatchingBlockArgument(&init) ||
          init.get().getType() !=
              op->getResult(init.getOperandNumber() - op.getNumDpsInputs())
                  .getType())
        return failure();
    rewriter.replaceOp(op, op.getDpsInits());
    return success();
  }
};

/// A row test "any element is not -inf" (an i1 or-reduction from false of
/// `not(x == -inf)` or `x != -inf`, as the masked softmax of an attention
/// block computes it to find fully masked rows) as "max(x) != -inf": a max
/// reduction, which CSE merges with the softmax's own max over the same
/// scores, and one compare per row, which fuses into its users; one pass
/// over the scores instead of three. Exact for every input: a NaN makes
/// both true (the max propagates it, and NaN != -inf), a row of -inf makes
/// both false, and so does an empty row (the max's init is -inf).
struct AnyNotNegInfAsMax : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics())
      return failure();
    auto initType = dyn_cast<RankedTensorType>(op.getDpsInits()[0].getType());
    auto inType = dyn_cast<RankedTensorType>(op.getDpsInputs()[0].getType());
    if (!initType || !inType)
      return failure();
    auto floatType = dyn_cast<FloatType>(inType.getElementType());
    if (!initType.getElementType().isInteger(1) || !floatType)
      return failure();
    auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !matchPattern(fill.getDpsInputs()[0], m_Zero()))
      return failure();
    // Body: or(out, test) where test is x != -inf.
    Block &body = *op.getBody();
    Value in = body.getArgument(0), out = body.getArgument(1);
    auto ori =
        body.getTerminator()->getOperand(0).getDefiningOp<arith::OrIOp>();
    if (!ori || body.getOperations().size() > 4)
      return failure();
    Value test = ori.getLhs() == out ? ori.getRhs() : ori.getLhs();
    if ((ori.getLhs() != out && ori.getRhs() != out) || test == out)
      return failure();
    auto isCompare = [&](Value v, arith::CmpFPredicate predicate) {
      auto cmp = v.getDefiningOp<arith::CmpFOp>();
      return cmp && cmp->getBlock() == &body &&
             cmp.getPredicate() == predicate && cmp.getLhs() == in &&
             isNegativeInfinity(cmp.getRhs());
    };
    bool matched = isCompare(test, arith::CmpFPredicate::UNE);
    if (auto xori = test.getDefiningOp<arith::XOrIOp>(); !matched && xori) {
      Value other =
          isCompare(xori.getLhs(), arith::CmpFPredicate::OEQ)   ? xori.getRhs()
          : isCompare(xori.getRhs(), arith::CmpFPredicate::OEQ) ? xori.getLhs()
                                                                : Value();
      matched = other && matchPattern(other, m_One());
    }
    if (!matched)
      return failure();

    Location loc = op.getLoc();
    Value negInf = rewriter.create<arith::ConstantOp>(
        loc,
        rewriter.getFloatAttr(
            floatType, APFloat::getInf(floatType.getFloatSemantics(), true)));
    Value maxInit =
        rewriter.create<tensor::EmptyOp>(loc, initType.getShape(), floatType);
    maxInit =
        rewriter.create<linalg::FillOp>(loc, negInf, maxInit).getResult(0);
    auto max = rewriter.create<linalg::GenericOp>(
        loc, maxInit.getType(), op.getDpsInputs(), maxInit,
        op.getIndexingMapsArray(), op.getIteratorTypesArray(),
        [](OpBuilder &b, Location l, ValueRange args) {
          Value m = b.create<arith::MaximumFOp>(l, args[1], args[0]);
          b.create<linalg::YieldOp>(l, m);
        });
    int64_t rank = initType.getRank();
    AffineMap id = rewriter.getMultiDimIdentityMap(rank);
    Value testInit = rewriter.create<tensor::EmptyOp>(
        loc, initType.getShape(), initType.getElementType());
    auto any = rewriter.create<linalg::GenericOp>(
        loc, initType, max.getResult(0), testInit, ArrayRef<AffineMap>{id, id},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value t = b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNE,
                                            args[0], negInf);
          b.create<linalg::YieldOp>(l, t);
        });
    rewriter.replaceOp(op, any.getResults());
    return success();
  }
};

struct FusePass : systole::impl::FuseBase<FusePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> named;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!keepsName(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      // A named op without a region body (none in MLIR 19) stays as it is.
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    // A matmul reading a transposed operand (`x @ W.T`) becomes a generic
    // contraction, so that the transpose folds into its indexing map below
    // (the tensor engine's loads or transposes handle either layout) rather
    // than being a pass over HBM of its own.
    SmallVector<linalg::LinalgOp> transposedOperand;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
        return;
      for (Value in : op.getDpsInputs())
        if (in.hasOneUse() && isPermutationCopy(in.getDefiningOp())) {
          transposedOperand.push_back(op);
          return;
        }
    });
    for (linalg::LinalgOp op : transposedOperand) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }

    // A scalar broadcast to a tensor (a per-tensor scale, as FP8
    // quantization divides by and multiplies with) that several ops read
    // would be materialized whole, since fusion takes only single-use
    // producers (and CSE merges equal broadcasts): each user gets its own
    // copy, which then fuses into it and costs nothing.
    SmallVector<linalg::GenericOp> scalarBroadcasts;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op.getNumDpsInputs() == 1 && op.getNumDpsInits() == 1 &&
          op.getNumReductionLoops() == 0 && !op->hasOneUse() &&
          !op->use_empty() &&
          cast<ShapedType>(op.getDpsInputs()[0].getType()).getRank() == 0 &&
          op.getBody()->getOperations().size() == 1 &&
          op.getBody()->getTerminator()->getOperand(0) ==
              op.getBody()->getArgument(0))
        scalarBroadcasts.push_back(op);
    });
    for (linalg::GenericOp op : scalarBroadcasts) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : op->getResult(0).getUses())
        uses.push_back(&use);
      for (OpOperand *use : llvm::drop_begin(uses)) {
        rewriter.setInsertionPoint(use->getOwner());
        use->set(rewriter.clone(*op)->getResult(0));
      }
    }

    RewritePatternSet patterns(&getContext());
    linalg::ControlFusionFn control = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
      // Contractions are generics only when dot_general had no named form;
      // fusing elementwise work into them would recompute it per output.
      // A windowed operand (convolution or pooling input, d2 * 2 + d5) is
      // read once per window element: fusing its producer would recompute
      // it that many times, and hides the convolution from `ncore`.
      // A transpose folds even into a contraction: it computes nothing.
      // Nor does anything fuse into a convolution's other operand (its
      // kernel, which FP8 quantization computes): the op would then no
      // longer be a convolution for `ncore`.
      auto windowed = [](linalg::GenericOp op) {
        return op.getNumDpsInputs() >= 2 &&
               llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *in) {
                 return !op.getMatchingIndexingMap(in).isProjectedPermutation();
               });
      };
      // A transpose that feeds a contraction keeps its producer separate,
      // so that it folds into the contraction (below) instead.
      auto feedsContraction = [](linalg::GenericOp op) {
        return isPermutationCopy(op) && op->hasOneUse() &&
               systole::isContraction(*op->getUsers().begin());
      };
      return producer && producer->hasOneUse() && consumer &&
             !feedsContraction(consumer) && !isa<linalg::FillOp>(producer) &&
             (!systole::isContraction(consumer) ||
              isPermutationCopy(producer)) &&
             (!windowed(consumer) || isPermutationCopy(producer)) &&
             consumer.getMatchingIndexingMap(fused).isProjectedPermutation();
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    // An elementwise op reading another op's result through a
    // `tensor.expand_shape` (a matmul's [rows x features] viewed as
    // [batch x tokens x features] before the bias add) runs over the
    // collapsed dims instead, so that it can fuse with that producer (and
    // the `ncore` phase can apply it to the matmul's PSUM tiles).
    // A reduction that is not a contraction (a softmax's max and sum over
    // [batch x heads x rows x cols] scores that a batched matmul computed as
    // [batch*heads x rows x cols]) collapses alike, so that it keeps the
    // loop ranges of the elementwise ops around it (a row group needs them
    // equal); upstream folds only dims of one iterator type together.
    linalg::ControlFusionFn collapse = [](OpOperand *fused) {
      auto reshape = fused->get().getDefiningOp<tensor::ExpandShapeOp>();
      auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
      return reshape && consumer &&
             reshape.getSrc().getDefiningOp<linalg::LinalgOp>() &&
             (consumer.getNumLoops() == consumer.getNumParallelLoops() ||
              (!systole::isContraction(consumer) &&
               consumer.getNumDpsInputs() == 1));
    };
    linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, collapse);
    patterns.add<CollapseElementwiseProducer, AnyNotNegInfAsMax,
                 GenericYieldingItsInits>(&getContext());
    linalg::FillOp::getCanonicalizationPatterns(patterns, &getContext());
    linalg::GenericOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // A reduction (a contraction, a convolution) whose only user is an
    // elementwise `linalg.generic` moves right before it: the `ncore` phase
    // applies such a consumer to the producer's PSUM tiles as they are
    // evacuated only when nothing computes between the two. Both are pure
    // ops on tensors, so moving the producer down to its one user is legal.
    SmallVector<std::pair<Operation *, Operation *>> moves;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.getNumReductionLoops() == 0 || op->getNumResults() != 1 ||
          !op->getResult(0).hasOneUse())
        return;
      auto consumer =
          dyn_cast<linalg::GenericOp>(*op->getResult(0).getUsers().begin());
      if (consumer && consumer->getBlock() == op->getBlock() &&
          consumer.getNumReductionLoops() == 0)
        moves.push_back({op, consumer});
    });
    for (auto [op, consumer] : moves) {
      // Its zero fill goes with it when nothing else reads that (the `ncore`
      // phase looks for the fill a few ops back).
      for (Value init : cast<linalg::LinalgOp>(op).getDpsInits())
        if (auto fill = init.getDefiningOp<linalg::FillOp>();
            fill && init.hasOneUse() && fill->getBlock() == op->getBlock())
          fill->moveBefore(consumer);
      op->moveBefore(consumer);
    }
  }
};

} // namespace
