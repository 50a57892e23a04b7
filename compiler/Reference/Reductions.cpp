//===- Reductions.cpp - ops with computation regions ----------------------===//
//
// reduce, reduce_window, select_and_scatter, sort, map (spec sections of the
// same names), chlo.top_k, and the reducing collectives for a single
// process. Regions are evaluated on rank-0 tensors; regions that are one
// add/mul/max/min/and/or/xor of the two arguments take a fast path with the
// same rounding (one rounding to the element type per step), except that
// `reduce` over floats narrower than f32 accumulates in f32 (see
// accumulatorType).
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Internal.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

using namespace mlir;

namespace systole::reference::detail {
namespace {

namespace sh = systole::stablehlo;
namespace ch = systole::chlo;

/// The type a `reduce` of `dt` accumulates in. Floats narrower than f32
/// (bf16, f16, f8) accumulate in f32 and round to their type once at the
/// end, as XLA does (its float normalization widens 16-bit reductions), so
/// the reference matches what JAX computes and what the NeuronCore's fp32
/// engines do. Every other type rounds to itself per step. `reduce_window`
/// keeps per-step rounding: JAX's cumulative sums over bf16 are checked
/// against exactly that (cumsum_bfloat16_8_9.mlir).
DType accumulatorType(DType dt) {
  return isFloat(dt) && byteWidth(dt) < 4 ? DType::F32 : dt;
}

/// Accumulates `x[j]` into `acc[i]` with a fast combiner, on the tensors'
/// storage.
struct FastAcc {
  ScalarCombiner sc;
  bool fl, cx;
  std::vector<double> fAcc;
  std::vector<int64_t> iAcc;
  std::vector<std::complex<double>> cAcc;
  std::vector<double> fIn;
  std::vector<int64_t> iIn;
  std::vector<std::complex<double>> cIn;

  FastAcc(Combiner k, DType dt, DType accType, int64_t outCount,
          const HostTensor &init, const HostTensor &input)
      : sc{k, accType}, fl(isFloat(dt)), cx(isComplex(dt)) {
    if (fl) {
      fAcc.assign(outCount, init.getDouble(0));
      fIn = toDoubles(input);
    } else if (cx) {
      cAcc.assign(outCount, init.getComplex(0));
      cIn = toComplex(input);
    } else {
      iAcc.assign(outCount, init.getInt64(0));
      iIn = toInts(input);
    }
  }
  inline void add(int64_t i, int64_t j) {
    if (fl)
      fAcc[i] = sc.applyF(fAcc[i], fIn[j]);
    else if (cx)
      cAcc[i] = sc.applyC(cAcc[i], cIn[j]);
    else
      iAcc[i] = sc.applyI(iAcc[i], iIn[j]);
  }
  void store(HostTensor &out) {
    if (fl)
      storeDoubles(out, fAcc);
    else if (cx)
      storeComplex(out, cAcc);
    else
      storeInts(out, iAcc);
  }
};

FailureOr<Results> evalReduce(sh::ReduceOp op, Operands operands,
                              const RegionRunner &run) {
  const size_t n = op.getInputs().size();
  const HostTensor &in0 = operands[0].tensor;
  auto dims = op.getDimensions();
  const int64_t rank = in0.shape.size();
  std::vector<int64_t> outShape;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, d))
      outShape.push_back(in0.shape[d]);
  auto ostrKept = stridesOf(outShape);
  std::vector<int64_t> ostr(rank, 0);
  for (int64_t d = 0, k = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, d))
      ostr[d] = ostrKept[k++];
  const int64_t outCount = numElementsOf(outShape);
  std::vector<HostTensor> outs;
  for (size_t i = 0; i < n; ++i) {
    auto rt = tensorTypeOf(op, op->getResult(i).getType());
    if (failed(rt))
      return failure();
    outs.push_back(makeTensor(rt->first, outShape));
  }
  // Output position of every input element, in row-major input order.
  auto forEachInput = [&](const std::function<void(int64_t, int64_t)> &fn) {
    int64_t lin = 0;
    forEachIndex(in0.shape, [&](ArrayRef<int64_t> idx) {
      int64_t o = 0;
      for (int64_t d = 0; d < rank; ++d)
        o += idx[d] * ostr[d];
      fn(lin++, o);
    });
  };
  auto comb = n == 1 ? matchCombiner(op.getBody()) : std::nullopt;
  if (comb && outs[0].dtype == in0.dtype) {
    FastAcc acc(*comb, in0.dtype, accumulatorType(in0.dtype), outCount,
                operands[1].tensor, in0);
    forEachInput([&](int64_t j, int64_t i) { acc.add(i, j); });
    acc.store(outs[0]);
    Results r;
    r.push_back(Value::ofTensor(std::move(outs[0])));
    return r;
  }
  // Generic: accumulators are rank-0 tensors per output element.
  std::vector<std::vector<Value>> acc(outCount);
  for (int64_t o = 0; o < outCount; ++o)
    for (size_t i = 0; i < n; ++i)
      acc[o].push_back(operands[n + i]);
  bool bad = false;
  forEachInput([&](int64_t j, int64_t o) {
    if (bad)
      return;
    std::vector<Value> args = acc[o];
    for (size_t i = 0; i < n; ++i)
      args.push_back(Value::ofTensor(scalarAt(operands[i].tensor, j)));
    auto r = run(op.getBody(), args);
    if (failed(r) || r->size() != n) {
      bad = true;
      return;
    }
    acc[o] = std::move(*r);
  });
  if (bad)
    return failure();
  Results res;
  for (size_t i = 0; i < n; ++i) {
    for (int64_t o = 0; o < outCount; ++o)
      copyElement(acc[o][i].tensor, 0, outs[i], o);
    res.push_back(Value::ofTensor(std::move(outs[i])));
  }
  return res;
}

std::vector<int64_t> attrOr(std::optional<ArrayRef<int64_t>> a, size_t rank,
                            int64_t dflt) {
  std::vector<int64_t> v(rank, dflt);
  if (a && a->size() == rank)
    v.assign(a->begin(), a->end());
  return v;
}

std::vector<int64_t> padLow(std::optional<DenseIntElementsAttr> pad,
                            size_t rank) {
  std::vector<int64_t> lo(rank, 0);
  if (pad) {
    auto vals = llvm::to_vector(pad->getValues<int64_t>());
    for (size_t d = 0; d < rank && 2 * d < vals.size(); ++d)
      lo[d] = vals[2 * d];
  }
  return lo;
}

FailureOr<Results> evalReduceWindow(sh::ReduceWindowOp op, Operands operands,
                                    const RegionRunner &run) {
  const size_t n = op.getInputs().size();
  const HostTensor &in0 = operands[0].tensor;
  const size_t rank = in0.shape.size();
  auto win = op.getWindowDimensions();
  auto strides = attrOr(op.getWindowStrides(), rank, 1);
  auto baseDil = attrOr(op.getBaseDilations(), rank, 1);
  auto winDil = attrOr(op.getWindowDilations(), rank, 1);
  std::optional<DenseIntElementsAttr> pad;
  if (auto p = op.getPadding())
    pad = *p;
  auto lo = padLow(pad, rank);
  auto rt = tensorTypeOf(op, op->getResult(0).getType());
  if (failed(rt))
    return failure();
  const std::vector<int64_t> outShape = rt->second;
  const int64_t outCount = numElementsOf(outShape);
  auto istr = stridesOf(in0.shape);
  // Input elements of each window, in window row-major order (padding and
  // dilation holes are skipped, as XLA does).
  auto forEachWindow = [&](const std::function<void(int64_t, int64_t)> &fn) {
    int64_t o = 0;
    forEachIndex(outShape, [&](ArrayRef<int64_t> oidx) {
      forEachIndex(win, [&](ArrayRef<int64_t> widx) {
        int64_t src = 0;
        for (size_t d = 0; d < rank; ++d) {
          int64_t p = oidx[d] * strides[d] + widx[d] * winDil[d] - lo[d];
          if (p < 0 || p % baseDil[d] || p / baseDil[d] >= in0.shape[d])
            return;
          src += (p / baseDil[d]) * istr[d];
        }
        fn(o, src);
      });
      ++o;
    });
  };
  auto comb = n == 1 ? matchCombiner(op.getBody()) : std::nullopt;
  if (comb && rt->first == in0.dtype) {
    HostTensor out = makeTensor(rt->first, outShape);
    FastAcc acc(*comb, in0.dtype, in0.dtype, outCount, operands[1].tensor, in0);
    forEachWindow([&](int64_t o, int64_t j) { acc.add(o, j); });
    acc.store(out);
    return Results{Value::ofTensor(std::move(out))};
  }
  std::vector<std::vector<Value>> acc(outCount);
  for (int64_t o = 0; o < outCount; ++o)
    for (size_t i = 0; i < n; ++i)
      acc[o].push_back(operands[n + i]);
  bool bad = false;
  forEachWindow([&](int64_t o, int64_t j) {
    if (bad)
      return;
    std::vector<Value> args = acc[o];
    for (size_t i = 0; i < n; ++i)
      args.push_back(Value::ofTensor(scalarAt(operands[i].tensor, j)));
    auto r = run(op.getBody(), args);
    if (failed(r) || r->size() != n) {
      bad = true;
      return;
    }
    acc[o] = std::move(*r);
  });
  if (bad)
    return failure();
  Results res;
  for (size_t i = 0; i < n; ++i) {
    auto rti = tensorTypeOf(op, op->getResult(i).getType());
    if (failed(rti))
      return failure();
    HostTensor out = makeTensor(rti->first, rti->second);
    for (int64_t o = 0; o < outCount; ++o)
      copyElement(acc[o][i].tensor, 0, out, o);
    res.push_back(Value::ofTensor(std::move(out)));
  }
  return res;
}

/// Evaluates a binary region to a boolean on two elements.
FailureOr<bool> runPredicate(const RegionRunner &run, Region &r,
                             std::vector<Value> args) {
  auto out = run(r, args);
  if (failed(out) || out->size() != 1 || (*out)[0].isTuple ||
      (*out)[0].tensor.numElements() != 1)
    return failure();
  return (*out)[0].tensor.getInt64(0) != 0;
}

FailureOr<Results> evalSelectAndScatter(sh::SelectAndScatterOp op,
                                        Operands operands,
                                        const RegionRunner &run) {
  const HostTensor &x = operands[0].tensor;
  const HostTensor &src = operands[1].tensor;
  const size_t rank = x.shape.size();
  auto win = attrOr(op.getWindowDimensions(), rank, 1);
  auto strides = attrOr(op.getWindowStrides(), rank, 1);
  std::optional<DenseIntElementsAttr> pad;
  if (auto p = op.getPadding())
    pad = *p;
  auto lo = padLow(pad, rank);
  HostTensor out = makeTensor(x.dtype, x.shape);
  for (int64_t i = 0; i < out.numElements(); ++i)
    copyElement(operands[2].tensor, 0, out, i);
  auto xstr = stridesOf(x.shape);
  auto scatterComb = matchCombiner(op.getScatter());
  bool bad = false;
  int64_t s = 0;
  forEachIndex(src.shape, [&](ArrayRef<int64_t> sidx) {
    const int64_t sLin = s++;
    if (bad)
      return;
    int64_t selected = -1;
    forEachIndex(win, [&](ArrayRef<int64_t> widx) {
      if (bad)
        return;
      int64_t pos = 0;
      for (size_t d = 0; d < rank; ++d) {
        int64_t p = sidx[d] * strides[d] + widx[d] - lo[d];
        if (p < 0 || p >= x.shape[d])
          return;
        pos += p * xstr[d];
      }
      if (selected < 0) {
        selected = pos;
        return;
      }
      auto keep = runPredicate(run, op.getSelect(),
                               {Value::ofTensor(scalarAt(x, selected)),
                                Value::ofTensor(scalarAt(x, pos))});
      if (failed(keep)) {
        bad = true;
        return;
      }
      if (!*keep)
        selected = pos;
    });
    if (bad || selected < 0)
      return;
    if (scatterComb) {
      ScalarCombiner sc{*scatterComb, x.dtype};
      if (isFloat(x.dtype))
        out.setDouble(selected,
                      sc.applyF(out.getDouble(selected), src.getDouble(sLin)));
      else if (isComplex(x.dtype))
        out.setComplex(selected, sc.applyC(out.getComplex(selected),
                                           src.getComplex(sLin)));
      else
        out.setInt64(selected,
                     sc.applyI(out.getInt64(selected), src.getInt64(sLin)));
      return;
    }
    auto r = run(op.getScatter(), {Value::ofTensor(scalarAt(out, selected)),
                                   Value::ofTensor(scalarAt(src, sLin))});
    if (failed(r) || r->size() != 1) {
      bad = true;
      return;
    }
    copyElement((*r)[0].tensor, 0, out, selected);
  });
  if (bad)
    return failure();
  return Results{Value::ofTensor(std::move(out))};
}

FailureOr<Results> evalSort(sh::SortOp op, Operands operands,
                            const RegionRunner &run) {
  const size_t n = operands.size();
  const auto &shape = operands[0].tensor.shape;
  const int64_t rank = shape.size();
  int64_t dim = op.getDimension();
  if (dim < 0)
    dim += rank;
  if (rank == 0)
    return Results(operands.begin(), operands.end());
  const int64_t len = shape[dim];
  const auto str = stridesOf(shape);
  const int64_t step = str[dim];
  std::vector<HostTensor> outs;
  for (const Value &v : operands)
    outs.push_back(v.tensor);
  Region &cmpRegion = op.getComparator();
  // Fast path: the comparator is `compare DIR, %arg0, %arg1` on floats or
  // integers (FLOAT or default compare type).
  std::optional<sh::ComparisonDirection> fastDir;
  {
    Block &b = cmpRegion.front();
    if (b.getOperations().size() == 2) {
      if (auto c = dyn_cast<sh::CompareOp>(b.front())) {
        auto ct = c.getCompareType();
        bool plain = !ct || *ct != sh::ComparisonType::TOTALORDER;
        if (plain && c.getLhs() == b.getArgument(0) &&
            c.getRhs() == b.getArgument(1) &&
            b.getTerminator()->getOperand(0) == c.getResult() &&
            !isComplex(operands[0].tensor.dtype) &&
            (c.getComparisonDirection() == sh::ComparisonDirection::LT ||
             c.getComparisonDirection() == sh::ComparisonDirection::GT))
          fastDir = c.getComparisonDirection();
      }
    }
  }
  const DType dt0 = operands[0].tensor.dtype;
  std::vector<double> keysF;
  std::vector<int64_t> keysI;
  if (fastDir) {
    if (isFloat(dt0))
      keysF = toDoubles(operands[0].tensor);
    else
      keysI = toInts(operands[0].tensor);
  }
  const bool uns = isUnsignedInteger(dt0) || dt0 == DType::I1;
  std::vector<int64_t> perm(len);
  bool bad = false;
  // Iterate over every slice along `dim`.
  std::vector<int64_t> outer = shape;
  outer[dim] = 1;
  forEachIndex(outer, [&](ArrayRef<int64_t> idx) {
    if (bad)
      return;
    int64_t base = 0;
    for (int64_t d = 0; d < rank; ++d)
      base += idx[d] * str[d];
    std::iota(perm.begin(), perm.end(), 0);
    auto less = [&](int64_t a, int64_t b) -> bool {
      if (bad)
        return false;
      int64_t ia = base + a * step, ib = base + b * step;
      if (fastDir) {
        bool lt = *fastDir == sh::ComparisonDirection::LT;
        if (isFloat(dt0))
          return lt ? keysF[ia] < keysF[ib] : keysF[ia] > keysF[ib];
        if (uns)
          return lt ? (uint64_t)keysI[ia] < (uint64_t)keysI[ib]
                    : (uint64_t)keysI[ia] > (uint64_t)keysI[ib];
        return lt ? keysI[ia] < keysI[ib] : keysI[ia] > keysI[ib];
      }
      std::vector<Value> args;
      for (size_t i = 0; i < n; ++i) {
        args.push_back(Value::ofTensor(scalarAt(operands[i].tensor, ia)));
        args.push_back(Value::ofTensor(scalarAt(operands[i].tensor, ib)));
      }
      auto r = runPredicate(run, cmpRegion, std::move(args));
      if (failed(r)) {
        bad = true;
        return false;
      }
      return *r;
    };
    std::stable_sort(perm.begin(), perm.end(), less);
    for (size_t i = 0; i < n; ++i)
      for (int64_t k = 0; k < len; ++k)
        copyElement(operands[i].tensor, base + perm[k] * step, outs[i],
                    base + k * step);
  });
  if (bad)
    return failure();
  Results res;
  for (auto &t : outs)
    res.push_back(Value::ofTensor(std::move(t)));
  return res;
}

FailureOr<Results> evalMap(sh::MapOp op, Operands operands,
                           const RegionRunner &run) {
  auto rt = tensorTypeOf(op, op.getType());
  if (failed(rt))
    return failure();
  HostTensor out = makeTensor(rt->first, rt->second);
  for (int64_t i = 0; i < out.numElements(); ++i) {
    std::vector<Value> args;
    for (const Value &v : operands)
      args.push_back(Value::ofTensor(scalarAt(v.tensor, i)));
    auto r = run(op.getComputation(), args);
    if (failed(r) || r->size() != 1)
      return failure();
    copyElement((*r)[0].tensor, 0, out, i);
  }
  return Results{Value::ofTensor(std::move(out))};
}

/// Key in descending top_k order: floats by IEEE total order, integers by
/// value.
FailureOr<Results> evalTopK(ch::TopKOp op, const HostTensor &x) {
  auto vt = tensorTypeOf(op, op.getValues().getType());
  auto it = tensorTypeOf(op, op.getIndices().getType());
  if (failed(vt) || failed(it))
    return failure();
  const int64_t k = op.getK();
  const int64_t n = x.shape.empty() ? 1 : x.shape.back();
  const int64_t rows = x.numElements() / std::max<int64_t>(n, 1);
  HostTensor vals = makeTensor(vt->first, vt->second);
  HostTensor idxs = makeTensor(it->first, it->second);
  std::vector<int64_t> keys(x.numElements());
  const DType dt = x.dtype;
  if (isFloat(dt)) {
    const int w = byteWidth(dt) * 8;
    for (int64_t i = 0; i < x.numElements(); ++i) {
      uint64_t bits = x.getBits(i);
      int64_t s = w == 64 ? static_cast<int64_t>(bits)
                          : static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
      keys[i] = s < 0 ? (s ^ std::numeric_limits<int64_t>::max()) : s;
    }
  } else if (isUnsignedInteger(dt)) {
    auto v = toInts(x);
    for (size_t i = 0; i < v.size(); ++i)
      keys[i] = static_cast<int64_t>(static_cast<uint64_t>(v[i]) ^
                                     0x8000000000000000ull);
  } else {
    keys = toInts(x);
  }
  std::vector<int64_t> perm(n);
  for (int64_t r = 0; r < rows; ++r) {
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
      return keys[r * n + a] > keys[r * n + b];
    });
    for (int64_t j = 0; j < k && j < n; ++j) {
      copyElement(x, r * n + perm[j], vals, r * k + j);
      idxs.setInt64(r * k + j, perm[j]);
    }
  }
  return Results{Value::ofTensor(std::move(vals)),
                 Value::ofTensor(std::move(idxs))};
}

} // namespace

std::optional<FailureOr<Results>>
evalReduction(Operation *op, Operands operands, const RegionRunner &run) {
  if (auto r = dyn_cast<sh::ReduceOp>(op))
    return evalReduce(r, operands, run);
  if (auto r = dyn_cast<sh::ReduceWindowOp>(op))
    return evalReduceWindow(r, operands, run);
  if (auto s = dyn_cast<sh::SelectAndScatterOp>(op))
    return evalSelectAndScatter(s, operands, run);
  if (auto s = dyn_cast<sh::SortOp>(op))
    return evalSort(s, operands, run);
  if (auto m = dyn_cast<sh::MapOp>(op))
    return evalMap(m, operands, run);
  if (auto t = dyn_cast<ch::TopKOp>(op))
    return evalTopK(t, operands[0].tensor);
  // One process: all_reduce and reduce_scatter over a group of one are the
  // identity.
  if (isa<sh::AllReduceOp, sh::ReduceScatterOp>(op))
    return FailureOr<Results>(Results(operands.begin(), operands.end()));
  return std::nullopt;
}

} // namespace systole::reference::detail
