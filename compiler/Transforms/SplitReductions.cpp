//===- SplitReductions.cpp - one result per linalg op ---------------------===//
//
// `systole-split-reductions` (DESIGN section 1, end of phase `linalg`): the
// `ncore` phase lowers linalg ops with one result, so multi-result ones
// (variadic `stablehlo.reduce`, multi-operand `sort` results, argmax) are
// rewritten here into single-result `linalg.generic`s.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace systole {
#define GEN_PASS_DEF_SPLITREDUCTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

/// The body values yield operand `i` of `op` depends on, as block arguments:
/// returns false when one of them is the running value of another result.
bool dependsOnlyOnOwnOutput(linalg::GenericOp op, unsigned i) {
  Block *body = op.getBody();
  unsigned numInputs = op.getNumDpsInputs();
  SmallVector<Value> work = {body->getTerminator()->getOperand(i)};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg.getArgNumber() >= numInputs &&
          arg.getArgNumber() != numInputs + i)
        return false;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body)
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return true;
}

/// Rewrites a multi-result generic whose results do not read each other's
/// running values into one generic per result: each keeps every input (the
/// canonicalizer drops the unused ones), its own output and the body ops its
/// yield needs.
LogicalResult splitIndependent(RewriterBase &rewriter, linalg::GenericOp op) {
  unsigned n = op.getNumDpsInits();
  for (unsigned i = 0; i < n; ++i)
    if (!dependsOnlyOnOwnOutput(op, i))
      return failure();
  unsigned numInputs = op.getNumDpsInputs();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<Value> results;
  rewriter.setInsertionPoint(op);
  for (unsigned i = 0; i < n; ++i) {
    SmallVector<AffineMap> newMaps(maps.begin(), maps.begin() + numInputs);
    newMaps.push_back(maps[numInputs + i]);
    Value init = op.getDpsInits()[i];
    auto split = rewriter.create<linalg::GenericOp>(
        op.getLoc(), TypeRange{op.getResult(i).getType()}, op.getInputs(),
        ValueRange{init}, newMaps, op.getIteratorTypesArray(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          IRMapping map;
          Block *body = op.getBody();
          for (unsigned a = 0; a < numInputs; ++a)
            map.map(body->getArgument(a), args[a]);
          map.map(body->getArgument(numInputs + i), args[numInputs]);
          for (Operation &inner : body->without_terminator()) {
            // Ops reading another result's running value belong to it.
            bool foreign = llvm::any_of(inner.getOperands(), [&](Value v) {
              return !map.contains(v) && v.getParentBlock() == body;
            });
            if (!foreign)
              b.clone(inner, map);
          }
          b.create<linalg::YieldOp>(
              loc, map.lookupOrDefault(body->getTerminator()->getOperand(i)));
        });
    results.push_back(split.getResult(0));
  }
  rewriter.replaceOp(op, results);
  return success();
}

/// Matches `v` = an `arith.ori` of `a` and `b` (either order).
bool matchOr(Value v, Value &a, Value &b) {
  auto op = v.getDefiningOp<arith::OrIOp>();
  if (!op)
    return false;
  a = op.getLhs();
  b = op.getRhs();
  return true;
}

/// Whether `v` is `cmp(x, y)` for the float predicate `fp` or the integer
/// predicate `ip`.
bool isCompare(Value v, Value x, Value y, arith::CmpFPredicate fp,
               arith::CmpIPredicate ip) {
  if (auto c = v.getDefiningOp<arith::CmpFOp>())
    return c.getPredicate() == fp && c.getLhs() == x && c.getRhs() == y;
  if (auto c = v.getDefiningOp<arith::CmpIOp>())
    return c.getPredicate() == ip && c.getLhs() == x && c.getRhs() == y;
  return false;
}

/// JAX's argmax/argmin comparator (see splitArgMax) in the body ending in
/// `yield`: whether it takes the maximum (true) or the minimum (false).
std::optional<bool> matchJaxArgMax(linalg::YieldOp yield, Value x, Value xIdx,
                                   Value acc, Value accIdx) {
  bool isFloat = isa<FloatType>(x.getType());
  auto sel0 = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
  auto sel1 = yield.getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!sel0 || !sel1 || sel0.getTrueValue() != acc ||
      sel0.getFalseValue() != x || sel1.getTrueValue() != accIdx ||
      sel1.getFalseValue() != xIdx)
    return std::nullopt;
  Value better = sel0.getCondition();
  // better = cmp(acc, x) [or isnan(acc)]; without the NaN clause (a form
  // some exporters write), data without NaN gives the same first index.
  Value cmp = better;
  Value l, r;
  if (isFloat && matchOr(better, l, r)) {
    auto isNaNOfAcc = [&](Value v) {
      return isCompare(v, acc, acc, arith::CmpFPredicate::UNE,
                       arith::CmpIPredicate::ne);
    };
    if (isNaNOfAcc(r))
      cmp = l;
    else if (isNaNOfAcc(l))
      cmp = r;
    else
      return std::nullopt;
  }
  bool isMax;
  if (isCompare(cmp, acc, x, arith::CmpFPredicate::OGT,
                arith::CmpIPredicate::sgt))
    isMax = true;
  else if (isCompare(cmp, acc, x, arith::CmpFPredicate::OLT,
                     arith::CmpIPredicate::slt))
    isMax = false;
  else
    return std::nullopt;
  // keepIdx = better or (acc == x and accIdx < xIdx)
  if (!matchOr(sel1.getCondition(), l, r))
    return std::nullopt;
  Value tie = l == better ? r : r == better ? l : Value();
  auto tieAnd = tie ? tie.getDefiningOp<arith::AndIOp>() : nullptr;
  if (!tieAnd)
    return std::nullopt;
  auto isEq = [&](Value v) {
    return isCompare(v, acc, x, arith::CmpFPredicate::OEQ,
                     arith::CmpIPredicate::eq);
  };
  auto isIdxLess = [&](Value v) {
    return isCompare(v, accIdx, xIdx, arith::CmpFPredicate::OLT,
                     arith::CmpIPredicate::slt);
  };
  if (!((isEq(tieAnd.getLhs()) && isIdxLess(tieAnd.getRhs())) ||
        (isEq(tieAnd.getRhs()) && isIdxLess(tieAnd.getLhs()))))
    return std::nullopt;
  return isMax;
}

/// The argmax/argmin comparator of XLA's client library (ArgMax, ArgMin;
/// TensorFlow's and PyTorch/XLA's argmax export it):
///   keep = cmp(acc, x), cmp in {ge, gt} (max) or {le, lt} (min)
///   acc' = keep ? acc : x
///   idx' = acc == x ? min(accIdx, xIdx) : (keep ? accIdx : xIdx)
/// The first index of the extremum, as JAX's form gives on data without
/// NaN (where XLA's form depends on the order it combines elements in, the
/// split takes JAX's rule: the first NaN).
std::optional<bool> matchXlaArgMax(linalg::YieldOp yield, Value x, Value xIdx,
                                   Value acc, Value accIdx) {
  auto sel0 = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
  auto sel1 = yield.getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!sel0 || !sel1 || sel0.getTrueValue() != acc || sel0.getFalseValue() != x)
    return std::nullopt;
  Value keep = sel0.getCondition();
  std::optional<bool> isMax;
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  if (isCompare(keep, acc, x, FP::OGE, IP::sge) ||
      isCompare(keep, acc, x, FP::OGT, IP::sgt))
    isMax = true;
  else if (isCompare(keep, acc, x, FP::OLE, IP::sle) ||
           isCompare(keep, acc, x, FP::OLT, IP::slt))
    isMax = false;
  else
    return std::nullopt;
  Value eq = sel1.getCondition();
  if (!isCompare(eq, acc, x, FP::OEQ, IP::eq) &&
      !isCompare(eq, x, acc, FP::OEQ, IP::eq))
    return std::nullopt;
  auto least = sel1.getTrueValue().getDefiningOp<arith::MinSIOp>();
  if (!least || !((least.getLhs() == accIdx && least.getRhs() == xIdx) ||
                  (least.getLhs() == xIdx && least.getRhs() == accIdx)))
    return std::nullopt;
  auto inner = sel1.getFalseValue().getDefiningOp<arith::SelectOp>();
  if (!inner || inner.getCondition() != keep ||
      inner.getTrueValue() != accIdx || inner.getFalseValue() != xIdx)
    return std::nullopt;
  return isMax;
}

/// The value/index pair of JAX's argmax and argmin (`jnp.argmax` lowers to
/// a variadic `stablehlo.reduce` with this comparator; XLA's client-library
/// form, matchXlaArgMax, is rewritten alike):
///   better = cmp(acc, x) [or acc != acc for floats: NaN wins]
///   acc'   = better ? acc : x
///   idx'   = (better or (acc == x and accIdx < xIdx)) ? accIdx : xIdx
/// over one reduced dim, the index operand an iota along it, starting from
/// (the identity of cmp, 0), or for integers from any (v0, 0) (ui8 argmax
/// widened to i32 starts from 0). The result is the first index of the
/// maximum (minimum), or of the first NaN. Rewritten as a max (min)
/// reduction and a second reduction taking the least index whose element
/// equals it (or is NaN): two single-result reductions with min/max
/// combiners; where v0 is not the identity, an elementwise op then takes
/// index 0 where the extremum equals v0 (no element beat the start).
LogicalResult splitArgMax(RewriterBase &rewriter, linalg::GenericOp op) {
  if (op.getNumDpsInits() != 2 || op.getNumDpsInputs() != 2 ||
      op.getNumReductionLoops() != 1)
    return failure();
  Block *body = op.getBody();
  Value x = body->getArgument(0), xIdx = body->getArgument(1),
        acc = body->getArgument(2), accIdx = body->getArgument(3);
  Type et = x.getType();
  bool isFloat = isa<FloatType>(et);
  if (!isFloat && !et.isSignlessInteger())
    return failure();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  std::optional<bool> isMaxOrMin = matchJaxArgMax(yield, x, xIdx, acc, accIdx);
  if (!isMaxOrMin)
    isMaxOrMin = matchXlaArgMax(yield, x, xIdx, acc, accIdx);
  if (!isMaxOrMin)
    return failure();
  bool isMax = *isMaxOrMin;
  // The reduced loop, and the index operand an iota along it.
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  unsigned red = 0;
  for (auto [d, it] : llvm::enumerate(iters))
    if (it == utils::IteratorType::reduction)
      red = d;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto iota = op.getInputs()[1].getDefiningOp<linalg::GenericOp>();
  if (!iota || iota.getNumDpsInputs() != 0 || iota.getNumDpsInits() != 1)
    return failure();
  Value iotaYield = iota.getBody()->getTerminator()->getOperand(0);
  Operation *castOp = iotaYield.getDefiningOp();
  if (!castOp || !isa<arith::IndexCastOp, arith::IndexCastUIOp>(castOp))
    return failure();
  auto iotaIndex = castOp->getOperand(0).getDefiningOp<linalg::IndexOp>();
  if (!iotaIndex)
    return failure();
  AffineMap iotaMap = iota.getIndexingMapsArray()[0];
  AffineMap idxMap = maps[1];
  if (!iotaMap.isIdentity() || idxMap.getResult(iotaIndex.getDim()) !=
                                   getAffineDimExpr(red, op.getContext()))
    return failure();

  // The starting pair: (identity of cmp, 0), or for integers (v0, 0).
  Attribute accInit, idxInit;
  bool startMayWin = false;
  auto fillValue = [](Value init, Attribute &value) {
    auto fill = init.getDefiningOp<linalg::FillOp>();
    return fill && matchPattern(fill.getInputs()[0], m_Constant(&value));
  };
  if (!fillValue(op.getDpsInits()[0], accInit) ||
      !fillValue(op.getDpsInits()[1], idxInit))
    return failure();
  auto idxZero = dyn_cast<IntegerAttr>(idxInit);
  if (!idxZero || !idxZero.getValue().isZero())
    return failure();
  if (auto f = dyn_cast<FloatAttr>(accInit)) {
    if (!f.getValue().isInfinity() || f.getValue().isNegative() != isMax)
      return failure();
  } else if (auto i = dyn_cast<IntegerAttr>(accInit)) {
    unsigned w = i.getValue().getBitWidth();
    APInt identity =
        isMax ? APInt::getSignedMinValue(w) : APInt::getSignedMaxValue(w);
    // Another start value (0 for unsigned data widened to i32) wins where
    // no element beats it: then the result is its index, 0.
    startMayWin = i.getValue() != identity;
  } else {
    return failure();
  }

  int64_t size = op.getStaticLoopRanges()[red];
  if (ShapedType::isDynamic(size) || size < 1)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // 1. The extremum.
  Value accOut = op.getDpsInits()[0];
  auto extremum = rewriter.create<linalg::GenericOp>(
      loc, TypeRange{op.getResult(0).getType()}, ValueRange{op.getInputs()[0]},
      ValueRange{accOut}, ArrayRef<AffineMap>{maps[0], maps[2]}, iters,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value m;
        if (isFloat)
          m = isMax
                  ? b.create<arith::MaximumFOp>(l, args[1], args[0]).getResult()
                  : b.create<arith::MinimumFOp>(l, args[1], args[0])
                        .getResult();
        else
          m = isMax ? b.create<arith::MaxSIOp>(l, args[1], args[0]).getResult()
                    : b.create<arith::MinSIOp>(l, args[1], args[0]).getResult();
        b.create<linalg::YieldOp>(l, m);
      });
  // 2. The least index whose element equals it (or is NaN, when it is NaN:
  // a NaN element makes the extremum NaN). No match is impossible: the
  // reduced dim is not empty, and a start value equal to every element
  // (all -inf) matches the first.
  auto idxType = cast<RankedTensorType>(op.getDpsInits()[1].getType());
  Type it = idxType.getElementType();
  Value sentinel = rewriter.create<arith::ConstantOp>(
      loc, rewriter.getIntegerAttr(it, size));
  Value empty = rewriter.create<tensor::EmptyOp>(loc, idxType.getShape(), it);
  Value start =
      rewriter.create<linalg::FillOp>(loc, ValueRange{sentinel}, empty)
          .getResult(0);
  auto index = rewriter.create<linalg::GenericOp>(
      loc, TypeRange{idxType},
      ValueRange{op.getInputs()[0], extremum.getResult(0)}, ValueRange{start},
      ArrayRef<AffineMap>{maps[0], maps[2], maps[3]}, iters,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value match;
        if (isFloat) {
          Value same = b.create<arith::CmpFOp>(l, arith::CmpFPredicate::OEQ,
                                               args[0], args[1]);
          Value nan = b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNO,
                                              args[0], args[0]);
          match = b.create<arith::OrIOp>(l, same, nan);
        } else {
          match = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, args[0],
                                          args[1]);
        }
        Value i = b.create<arith::IndexCastOp>(
            l, it, b.create<linalg::IndexOp>(l, red));
        Value candidate = b.create<arith::SelectOp>(l, match, i, sentinel);
        b.create<linalg::YieldOp>(
            l, b.create<arith::MinSIOp>(l, args[2], candidate).getResult());
      });
  Value indexResult = index.getResult(0);
  if (startMayWin) {
    // 3. Index 0 where the extremum is the start value v0: no element beat
    // it, and the comparator's tie rule keeps index 0 on equal elements.
    Value zero =
        rewriter.create<arith::ConstantOp>(loc, rewriter.getIntegerAttr(it, 0));
    Value v0 =
        rewriter.create<arith::ConstantOp>(loc, cast<TypedAttr>(accInit));
    Value empty2 =
        rewriter.create<tensor::EmptyOp>(loc, idxType.getShape(), it);
    auto fixed = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{idxType}, ValueRange{extremum.getResult(0), indexResult},
        ValueRange{empty2},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(idxType.getRank()),
                            rewriter.getMultiDimIdentityMap(idxType.getRank()),
                            rewriter.getMultiDimIdentityMap(idxType.getRank())},
        SmallVector<utils::IteratorType>(idxType.getRank(),
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value isStart =
              b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq, args[0], v0);
          b.create<linalg::YieldOp>(
              l,
              b.create<arith::SelectOp>(l, isStart, zero, args[1]).getResult());
        });
    indexResult = fixed.getResult(0);
  }
  rewriter.replaceOp(op, ValueRange{extremum.getResult(0), indexResult});
  return success();
}

/// The constant a `linalg.fill` writes into `init`, if it is one.
Attribute filledConstant(Value init) {
  Attribute value;
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (fill && matchPattern(fill.getInputs()[0], m_Constant(&value)))
    return value;
  return {};
}

/// The value/payload pair of `select_and_gather_add` (XLA's max-pool
/// gradient helper) and alike: one comparison of the running value with
/// the element picks both results,
///   keep = cmp(acc, x);  acc' = keep ? acc : x;  pay' = keep ? pay : y
/// with cmp one of <=, >= (ties keep the earlier element) or <, > (ties
/// take the later one). Rewritten as four single-result ops: the extremum
/// E (min or max, NaN-propagating); the first (last) linear position of
/// the reduced loops whose element equals E or is NaN; the payload there
/// (a sum of that one element and identities, as in `sort`); and the
/// starting payload where the start value wins (E equals it, ties keeping
/// it, or no element matches). The order of a reduction is unspecified in
/// the spec, so this order (by position) is one the spec allows.
LogicalResult splitSelectPair(RewriterBase &rewriter, linalg::GenericOp op) {
  if (op.getNumDpsInits() != 2 || op.getNumReductionLoops() < 1)
    return failure();
  Block *body = op.getBody();
  unsigned numInputs = op.getNumDpsInputs();
  Value acc = body->getArgument(numInputs),
        pay = body->getArgument(numInputs + 1);
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto sel0 = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
  auto sel1 = yield.getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!sel0 || !sel1 || sel0.getCondition() != sel1.getCondition() ||
      sel0.getTrueValue() != acc || sel1.getTrueValue() != pay)
    return failure();
  auto xArg = dyn_cast<BlockArgument>(sel0.getFalseValue());
  auto yArg = dyn_cast<BlockArgument>(sel1.getFalseValue());
  if (!xArg || !yArg || xArg.getOwner() != body || yArg.getOwner() != body ||
      xArg.getArgNumber() >= numInputs || yArg.getArgNumber() >= numInputs)
    return failure();
  Value x = xArg;
  Type et = x.getType(), pt = yArg.getType();
  bool isFloat = isa<FloatType>(et);
  if ((!isFloat && !et.isSignlessInteger()) ||
      (!isa<FloatType>(pt) && !pt.isSignlessInteger()))
    return failure();
  Value cond = sel0.getCondition();
  bool isMin, keepFirst;
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  if (isCompare(cond, acc, x, FP::OLE, IP::sle))
    isMin = true, keepFirst = true;
  else if (isCompare(cond, acc, x, FP::OLT, IP::slt))
    isMin = true, keepFirst = false;
  else if (isCompare(cond, acc, x, FP::OGE, IP::sge))
    isMin = false, keepFirst = true;
  else if (isCompare(cond, acc, x, FP::OGT, IP::sgt))
    isMin = false, keepFirst = false;
  else
    return failure();
  // Nothing else in the body.
  if (body->getOperations().size() != 4)
    return failure();
  Attribute start0 = filledConstant(op.getDpsInits()[0]),
            start1 = filledConstant(op.getDpsInits()[1]);
  if (!start0 || !start1)
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return failure();
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  SmallVector<unsigned> red;
  int64_t positions = 1;
  for (auto [d, it] : llvm::enumerate(iters))
    if (it == utils::IteratorType::reduction) {
      red.push_back(d);
      positions *= ranges[d];
    }
  if (positions < 1 || positions >= (int64_t(1) << 24))
    return failure();

  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  rewriter.setInsertionPoint(op);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps[numInputs];
  if (maps[numInputs + 1] != outMap)
    return failure();
  auto outType0 = cast<RankedTensorType>(op.getResult(0).getType());
  auto outType1 = cast<RankedTensorType>(op.getResult(1).getType());
  Type i32 = rewriter.getI32Type();
  auto filled = [&](Value v, RankedTensorType t) {
    Value empty =
        rewriter.create<tensor::EmptyOp>(loc, t.getShape(), t.getElementType());
    return rewriter.create<linalg::FillOp>(loc, ValueRange{v}, empty)
        .getResult(0);
  };
  // The linear position of the reduced loops, as i32.
  auto position = [&](OpBuilder &b, Location l) -> Value {
    Value lin;
    for (unsigned d : red) {
      Value i = b.create<linalg::IndexOp>(l, d);
      if (!lin) {
        lin = i;
        continue;
      }
      Value size = b.create<arith::ConstantIndexOp>(l, ranges[d]);
      Value scaled = b.create<arith::MulIOp>(l, lin, size);
      lin = b.create<arith::AddIOp>(l, scaled, i);
    }
    return b.create<arith::IndexCastOp>(l, i32, lin);
  };

  // Each op keeps every input of `op` (a window reduction's loop bounds come
  // from an input the body never reads), plus the values it adds; the
  // canonicalizer drops what it can.
  SmallVector<Value> ins(op.getInputs());
  SmallVector<AffineMap> inMaps(maps.begin(), maps.begin() + numInputs);
  unsigned xi = xArg.getArgNumber(), yi = yArg.getArgNumber();
  auto reduction = [&](Type resultType, ArrayRef<Value> extra, Value init,
                       function_ref<Value(OpBuilder &, Location, ValueRange,
                                          ValueRange, Value)>
                           bodyFn) {
    SmallVector<Value> allIns(ins);
    SmallVector<AffineMap> allMaps(inMaps);
    for (Value v : extra) {
      allIns.push_back(v);
      allMaps.push_back(outMap);
    }
    allMaps.push_back(outMap);
    return rewriter
        .create<linalg::GenericOp>(
            loc, TypeRange{resultType}, allIns, ValueRange{init}, allMaps,
            iters,
            [&](OpBuilder &b, Location l, ValueRange args) {
              b.create<linalg::YieldOp>(
                  l, bodyFn(b, l, args.take_front(numInputs),
                            args.slice(numInputs, extra.size()), args.back()));
            })
        .getResult(0);
  };

  // 1. E.
  Value e = reduction(
      outType0, {}, op.getDpsInits()[0],
      [&](OpBuilder &b, Location l, ValueRange in, ValueRange, Value out) {
        if (isFloat)
          return isMin
                     ? b.create<arith::MinimumFOp>(l, out, in[xi]).getResult()
                     : b.create<arith::MaximumFOp>(l, out, in[xi]).getResult();
        return isMin ? b.create<arith::MinSIOp>(l, out, in[xi]).getResult()
                     : b.create<arith::MaxSIOp>(l, out, in[xi]).getResult();
      });
  // 2. Its first (last) position; none: `positions` (-1).
  auto posType = RankedTensorType::get(outType0.getShape(), i32);
  Value none = rewriter.create<arith::ConstantOp>(
      loc, rewriter.getI32IntegerAttr(keepFirst ? positions : -1));
  Value pos = reduction(
      posType, {e}, filled(none, posType),
      [&](OpBuilder &b, Location l, ValueRange in, ValueRange extra,
          Value out) {
        Value match;
        if (isFloat) {
          Value same = b.create<arith::CmpFOp>(l, FP::OEQ, in[xi], extra[0]);
          Value nan = b.create<arith::CmpFOp>(l, FP::UNO, in[xi], in[xi]);
          match = b.create<arith::OrIOp>(l, same, nan);
        } else
          match = b.create<arith::CmpIOp>(l, IP::eq, in[xi], extra[0]);
        Value cand = b.create<arith::SelectOp>(l, match, position(b, l), none);
        return keepFirst ? b.create<arith::MinSIOp>(l, out, cand).getResult()
                         : b.create<arith::MaxSIOp>(l, out, cand).getResult();
      });
  // 3. The payload there.
  Value identity;
  if (auto ft = dyn_cast<FloatType>(pt))
    identity = rewriter.create<arith::ConstantOp>(
        loc, rewriter.getFloatAttr(
                 ft, APFloat::getZero(ft.getFloatSemantics(), true)));
  else
    identity =
        rewriter.create<arith::ConstantOp>(loc, rewriter.getIntegerAttr(pt, 0));
  Value paid =
      reduction(outType1, {pos}, filled(identity, outType1),
                [&](OpBuilder &b, Location l, ValueRange in, ValueRange extra,
                    Value out) {
                  Value hit = b.create<arith::CmpIOp>(l, IP::eq, position(b, l),
                                                      extra[0]);
                  Value v = b.create<arith::SelectOp>(l, hit, in[yi], identity);
                  return isa<FloatType>(pt)
                             ? b.create<arith::AddFOp>(l, out, v).getResult()
                             : b.create<arith::AddIOp>(l, out, v).getResult();
                });
  // 4. The starting payload where the start value wins.
  Value s0 = rewriter.create<arith::ConstantOp>(loc, cast<TypedAttr>(start0));
  Value s1 = rewriter.create<arith::ConstantOp>(loc, cast<TypedAttr>(start1));
  unsigned rank = outType1.getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  auto result = rewriter.create<linalg::GenericOp>(
      loc, TypeRange{outType1}, ValueRange{e, pos, paid},
      ValueRange{filled(identity, outType1)},
      ArrayRef<AffineMap>{id, id, id, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value useStart =
            keepFirst
                ? (isFloat ? b.create<arith::CmpFOp>(l, FP::OEQ, args[0], s0)
                                 .getResult()
                           : b.create<arith::CmpIOp>(l, IP::eq, args[0], s0)
                                 .getResult())
                : b.create<arith::CmpIOp>(l, IP::eq, args[1], none).getResult();
        b.create<linalg::YieldOp>(
            l, b.create<arith::SelectOp>(l, useStart, s1, args[2]).getResult());
      });
  rewriter.replaceOp(op, ValueRange{e, result.getResult(0)});
  return success();
}

struct SplitReductionsPass
    : systole::impl::SplitReductionsBase<SplitReductionsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> multi;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getNumResults() > 1)
        multi.push_back(op);
    });
    for (linalg::LinalgOp named : multi) {
      linalg::GenericOp op = dyn_cast<linalg::GenericOp>(named.getOperation());
      if (!op) {
        rewriter.setInsertionPoint(named);
        FailureOr<linalg::GenericOp> g =
            linalg::generalizeNamedOp(rewriter, named);
        if (failed(g))
          continue;
        op = *g;
      }
      if (succeeded(splitIndependent(rewriter, op)))
        continue;
      if (succeeded(splitArgMax(rewriter, op)))
        continue;
      (void)splitSelectPair(rewriter, op);
    }
  }
};

} // namespace
