//===- ShapeOps.cpp - reference semantics of data movement ops ------------===//
//
// broadcast_in_dim, broadcast, reshape, transpose, slice, dynamic_slice,
// dynamic_update_slice, concatenate, pad, reverse, iota, dynamic_iota,
// gather and scatter (spec sections of the same names). Elements are moved
// as raw bytes, so every dtype is handled alike.
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Internal.h"

#include <cstring>

using namespace mlir;

namespace systole::reference::detail {
namespace {

namespace sh = systole::stablehlo;

Results single(HostTensor t) { return Results{Value::ofTensor(std::move(t))}; }
} // namespace

HostTensor affineCopy(const HostTensor &in, ArrayRef<int64_t> outShape,
                      int64_t base, ArrayRef<int64_t> strides) {
  HostTensor out = makeTensor(in.dtype, outShape);
  const int64_t n = out.numElements();
  if (n == 0)
    return out;
  const int64_t w = byteWidth(in.dtype);
  const int64_t rank = outShape.size();
  if (rank == 0) {
    std::memcpy(out.data.data(), in.data.data() + base * w, w);
    return out;
  }
  std::vector<int64_t> idx(rank, 0);
  const uint8_t *src = in.data.data();
  uint8_t *dst = out.data.data();
  const int64_t inner = outShape[rank - 1];
  const int64_t innerStride = strides[rank - 1];
  int64_t offset = base;
  for (int64_t o = 0; o < n; o += inner) {
    if (innerStride == 1) {
      std::memcpy(dst + o * w, src + offset * w, inner * w);
    } else {
      // Fixed-size element copies (a runtime-sized memcpy per element is a
      // library call).
      auto strided = [&](auto tag) {
        using E = decltype(tag);
        E *d = reinterpret_cast<E *>(dst) + o;
        int64_t s = offset;
        for (int64_t i = 0; i < inner; ++i, s += innerStride)
          std::memcpy(d + i, src + s * sizeof(E), sizeof(E));
      };
      switch (w) {
      case 1:
        strided(uint8_t());
        break;
      case 2:
        strided(uint16_t());
        break;
      case 4:
        strided(uint32_t());
        break;
      case 8:
        strided(uint64_t());
        break;
      default: {
        int64_t s = offset;
        for (int64_t i = 0; i < inner; ++i, s += innerStride)
          std::memcpy(dst + (o + i) * w, src + s * w, w);
      }
      }
    }
    for (int64_t d = rank - 2; d >= 0; --d) {
      offset += strides[d];
      if (++idx[d] < outShape[d])
        break;
      offset -= strides[d] * outShape[d];
      idx[d] = 0;
    }
  }
  return out;
}

namespace {
FailureOr<std::pair<DType, std::vector<int64_t>>> resultTypeOf(Operation *op,
                                                               unsigned i = 0) {
  return tensorTypeOf(op, op->getResult(i).getType());
}

/// Reads a scalar integer index tensor.
int64_t scalarIndex(const HostTensor &t) { return t.getInt64(0); }

FailureOr<Results> evalGather(sh::GatherOp op, const HostTensor &operand,
                              const HostTensor &indices) {
  auto rt = resultTypeOf(op);
  if (failed(rt))
    return failure();
  auto dn = op.getDimensionNumbers();
  auto offsetDims = dn.getOffsetDims();
  auto collapsed = dn.getCollapsedSliceDims();
  auto opBatch = dn.getOperandBatchingDims();
  auto idxBatch = dn.getStartIndicesBatchingDims();
  auto startMap = dn.getStartIndexMap();
  const int64_t ivd = dn.getIndexVectorDim();
  auto sliceSizes = op.getSliceSizes();
  HostTensor out = makeTensor(rt->first, rt->second);
  const auto &oshape = operand.shape;
  const int64_t orank = oshape.size();
  const int64_t irank = indices.shape.size();
  const std::vector<int64_t> ostr = stridesOf(oshape);
  const std::vector<int64_t> istr = stridesOf(indices.shape);
  auto idxVals = toInts(indices);
  const std::vector<int64_t> &rshape = out.shape;
  std::vector<int64_t> batchDims;
  for (int64_t d = 0; d < static_cast<int64_t>(rshape.size()); ++d)
    if (!llvm::is_contained(offsetDims, d))
      batchDims.push_back(d);
  // Operand dims that receive offset indices, in order.
  std::vector<int64_t> offsetOperandDims;
  for (int64_t d = 0; d < orank; ++d)
    if (!llvm::is_contained(collapsed, d) && !llvm::is_contained(opBatch, d))
      offsetOperandDims.push_back(d);
  if (offsetOperandDims.size() != offsetDims.size()) {
    op.emitError() << "reference interpreter: inconsistent gather dimensions";
    return failure();
  }
  const int64_t indexCount = ivd < irank ? indices.shape[ivd] : 1;
  std::vector<int64_t> batchIndex(batchDims.size());
  std::vector<int64_t> operandIndex(orank);
  int64_t lin = 0;
  bool bad = false;
  forEachIndex(rshape, [&](ArrayRef<int64_t> ridx) {
    for (size_t i = 0; i < batchDims.size(); ++i)
      batchIndex[i] = ridx[batchDims[i]];
    // Linear position of start_indices[batch_index with ':' at ivd].
    int64_t ibase = 0;
    for (int64_t d = 0, b = 0; d < irank; ++d) {
      if (d == ivd)
        continue;
      ibase += batchIndex[b++] * istr[d];
    }
    std::fill(operandIndex.begin(), operandIndex.end(), 0);
    for (int64_t k = 0; k < indexCount && k < (int64_t)startMap.size(); ++k) {
      int64_t v = idxVals[ibase + (ivd < irank ? k * istr[ivd] : 0)];
      int64_t d = startMap[k];
      v = std::clamp<int64_t>(v, 0, oshape[d] - sliceSizes[d]);
      operandIndex[d] = v;
    }
    for (size_t i = 0; i < opBatch.size(); ++i) {
      int64_t ds = idxBatch[i];
      operandIndex[opBatch[i]] += batchIndex[ds - (ds < ivd ? 0 : 1)];
    }
    for (size_t i = 0; i < offsetDims.size(); ++i)
      operandIndex[offsetOperandDims[i]] += ridx[offsetDims[i]];
    int64_t src = 0;
    for (int64_t d = 0; d < orank; ++d) {
      if (operandIndex[d] < 0 || operandIndex[d] >= oshape[d])
        bad = true;
      src += operandIndex[d] * ostr[d];
    }
    if (!bad)
      copyElement(operand, src, out, lin);
    ++lin;
  });
  if (bad) {
    op.emitError() << "reference interpreter: gather index out of bounds";
    return failure();
  }
  return single(std::move(out));
}

FailureOr<Results> evalScatter(sh::ScatterOp op, Operands operands,
                               const RegionRunner &run) {
  const size_t n = op.getInputs().size();
  std::vector<HostTensor> results;
  for (size_t i = 0; i < n; ++i)
    results.push_back(operands[i].tensor);
  const HostTensor &indices = operands[n].tensor;
  auto dn = op.getScatterDimensionNumbers();
  auto windowDims = dn.getUpdateWindowDims();
  auto inserted = dn.getInsertedWindowDims();
  auto inBatch = dn.getInputBatchingDims();
  auto idxBatch = dn.getScatterIndicesBatchingDims();
  auto toOperand = dn.getScatterDimsToOperandDims();
  const int64_t ivd = dn.getIndexVectorDim();
  const auto &oshape = results[0].shape;
  const int64_t orank = oshape.size();
  const int64_t irank = indices.shape.size();
  const auto ostr = stridesOf(oshape);
  const auto istr = stridesOf(indices.shape);
  auto idxVals = toInts(indices);
  const HostTensor &upd0 = operands[n + 1].tensor;
  const auto &ushape = upd0.shape;
  std::vector<int64_t> scatterDims;
  for (int64_t d = 0; d < static_cast<int64_t>(ushape.size()); ++d)
    if (!llvm::is_contained(windowDims, d))
      scatterDims.push_back(d);
  std::vector<int64_t> windowOperandDims;
  for (int64_t d = 0; d < orank; ++d)
    if (!llvm::is_contained(inserted, d) && !llvm::is_contained(inBatch, d))
      windowOperandDims.push_back(d);
  if (windowOperandDims.size() != windowDims.size()) {
    op.emitError() << "reference interpreter: inconsistent scatter dimensions";
    return failure();
  }
  // Window extent per operand dim (for XLA's whole-window bounds check).
  std::vector<int64_t> windowSize(orank, 1);
  for (size_t i = 0; i < windowDims.size(); ++i)
    windowSize[windowOperandDims[i]] = ushape[windowDims[i]];

  Region &body = op.getUpdateComputation();
  std::optional<Combiner> comb = n == 1 ? matchCombiner(body) : std::nullopt;
  // `return %update` (replacement) region.
  bool replace = false;
  {
    Block &b = body.front();
    if (b.getOperations().size() == 1 && b.getNumArguments() == 2 * n) {
      Operation *ret = b.getTerminator();
      replace = ret->getNumOperands() == n;
      for (size_t i = 0; replace && i < n; ++i)
        replace = ret->getOperand(i) == b.getArgument(n + i);
    }
  }
  const DType dt = results[0].dtype;
  ScalarCombiner sc{comb.value_or(Combiner::Add), dt};
  const int64_t indexCount = ivd < irank ? indices.shape[ivd] : 1;
  std::vector<int64_t> scatterIndex(scatterDims.size());
  std::vector<int64_t> start(orank), full(orank);
  int64_t ulin = 0;
  bool failedRegion = false;
  forEachIndex(ushape, [&](ArrayRef<int64_t> uidx) {
    const int64_t cur = ulin++;
    if (failedRegion)
      return;
    for (size_t i = 0; i < scatterDims.size(); ++i)
      scatterIndex[i] = uidx[scatterDims[i]];
    int64_t ibase = 0;
    for (int64_t d = 0, b = 0; d < irank; ++d) {
      if (d == ivd)
        continue;
      ibase += scatterIndex[b++] * istr[d];
    }
    std::fill(start.begin(), start.end(), 0);
    for (int64_t k = 0; k < indexCount && k < (int64_t)toOperand.size(); ++k)
      start[toOperand[k]] = idxVals[ibase + (ivd < irank ? k * istr[ivd] : 0)];
    for (size_t i = 0; i < inBatch.size(); ++i) {
      int64_t ds = idxBatch[i];
      start[inBatch[i]] += scatterIndex[ds - (ds < ivd ? 0 : 1)];
    }
    for (int64_t d = 0; d < orank; ++d)
      if (start[d] < 0 || start[d] > oshape[d] - windowSize[d])
        return; // out of bounds: the update is skipped
    full = start;
    for (size_t i = 0; i < windowDims.size(); ++i)
      full[windowOperandDims[i]] += uidx[windowDims[i]];
    int64_t dst = 0;
    for (int64_t d = 0; d < orank; ++d)
      dst += full[d] * ostr[d];
    if (replace) {
      for (size_t i = 0; i < n; ++i)
        copyElement(operands[n + 1 + i].tensor, cur, results[i], dst);
      return;
    }
    if (comb) {
      HostTensor &r = results[0];
      const HostTensor &u = operands[n + 1].tensor;
      if (isFloat(dt))
        r.setDouble(dst, sc.applyF(r.getDouble(dst), u.getDouble(cur)));
      else if (isComplex(dt))
        r.setComplex(dst, sc.applyC(r.getComplex(dst), u.getComplex(cur)));
      else
        r.setInt64(dst, sc.applyI(r.getInt64(dst), u.getInt64(cur)));
      return;
    }
    std::vector<Value> args;
    for (size_t i = 0; i < n; ++i)
      args.push_back(Value::ofTensor(scalarAt(results[i], dst)));
    for (size_t i = 0; i < n; ++i)
      args.push_back(
          Value::ofTensor(scalarAt(operands[n + 1 + i].tensor, cur)));
    auto r = run(body, args);
    if (failed(r) || r->size() != n) {
      failedRegion = true;
      return;
    }
    for (size_t i = 0; i < n; ++i)
      copyElement((*r)[i].tensor, 0, results[i], dst);
  });
  if (failedRegion)
    return failure();
  Results out;
  for (auto &t : results)
    out.push_back(Value::ofTensor(std::move(t)));
  return out;
}

} // namespace

std::optional<FailureOr<Results>> evalShapeOp(Operation *op, Operands operands,
                                              const RegionRunner &run) {
  auto rtOr = [&]() { return resultTypeOf(op); };
  if (auto b = dyn_cast<sh::BroadcastInDimOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    auto dims = b.getBroadcastDimensions();
    auto istr = stridesOf(in.shape);
    std::vector<int64_t> strides(rt->second.size(), 0);
    for (size_t i = 0; i < dims.size(); ++i)
      if (in.shape[i] != 1)
        strides[dims[i]] = istr[i];
    return single(affineCopy(in, rt->second, 0, strides));
  }
  if (isa<sh::BroadcastOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    auto istr = stridesOf(in.shape);
    std::vector<int64_t> strides(rt->second.size(), 0);
    size_t lead = rt->second.size() - in.shape.size();
    for (size_t i = 0; i < in.shape.size(); ++i)
      strides[lead + i] = istr[i];
    return single(affineCopy(in, rt->second, 0, strides));
  }
  if (isa<sh::ReshapeOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    HostTensor out = operands[0].tensor;
    out.shape = rt->second;
    return single(std::move(out));
  }
  if (auto t = dyn_cast<sh::TransposeOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    auto istr = stridesOf(in.shape);
    auto perm = t.getPermutation();
    std::vector<int64_t> strides(perm.size());
    for (size_t i = 0; i < perm.size(); ++i)
      strides[i] = istr[perm[i]];
    return single(affineCopy(in, rt->second, 0, strides));
  }
  if (auto s = dyn_cast<sh::SliceOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    auto istr = stridesOf(in.shape);
    int64_t base = 0;
    std::vector<int64_t> strides(in.shape.size());
    for (size_t d = 0; d < in.shape.size(); ++d) {
      base += s.getStartIndices()[d] * istr[d];
      strides[d] = s.getStrides()[d] * istr[d];
    }
    return single(affineCopy(in, rt->second, base, strides));
  }
  if (auto s = dyn_cast<sh::DynamicSliceOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    auto istr = stridesOf(in.shape);
    auto sizes = s.getSliceSizes();
    int64_t base = 0;
    for (size_t d = 0; d < in.shape.size(); ++d) {
      int64_t st = std::clamp<int64_t>(scalarIndex(operands[1 + d].tensor), 0,
                                       in.shape[d] - sizes[d]);
      base += st * istr[d];
    }
    return single(affineCopy(in, rt->second, base, istr));
  }
  if (isa<sh::DynamicUpdateSliceOp>(op)) {
    HostTensor out = operands[0].tensor;
    const HostTensor &upd = operands[1].tensor;
    auto ostr = stridesOf(out.shape);
    int64_t base = 0;
    for (size_t d = 0; d < out.shape.size(); ++d) {
      int64_t st = std::clamp<int64_t>(scalarIndex(operands[2 + d].tensor), 0,
                                       out.shape[d] - upd.shape[d]);
      base += st * ostr[d];
    }
    int64_t lin = 0;
    forEachIndex(upd.shape, [&](ArrayRef<int64_t> idx) {
      int64_t dst = base;
      for (size_t d = 0; d < idx.size(); ++d)
        dst += idx[d] * ostr[d];
      copyElement(upd, lin++, out, dst);
    });
    return single(std::move(out));
  }
  if (auto c = dyn_cast<sh::ConcatenateOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    HostTensor out = makeTensor(rt->first, rt->second);
    const int64_t dim = c.getDimension();
    const int64_t w = byteWidth(out.dtype);
    int64_t outer = 1;
    for (int64_t d = 0; d < dim; ++d)
      outer *= out.shape[d];
    int64_t outRow = out.numElements() / std::max<int64_t>(outer, 1);
    int64_t offset = 0;
    for (const Value &v : operands) {
      const HostTensor &in = v.tensor;
      int64_t row = outer ? in.numElements() / std::max<int64_t>(outer, 1) : 0;
      for (int64_t o = 0; o < outer; ++o)
        std::memcpy(out.data.data() + (o * outRow + offset) * w,
                    in.data.data() + o * row * w, row * w);
      offset += row;
    }
    return single(std::move(out));
  }
  if (auto p = dyn_cast<sh::PadOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    const HostTensor &in = operands[0].tensor;
    HostTensor out = makeTensor(rt->first, rt->second);
    const int64_t w = byteWidth(out.dtype);
    for (int64_t i = 0; i < out.numElements(); ++i)
      std::memcpy(out.data.data() + i * w, operands[1].tensor.data.data(), w);
    auto lo = p.getEdgePaddingLow();
    auto interior = p.getInteriorPadding();
    auto ostr = stridesOf(out.shape);
    int64_t lin = 0;
    forEachIndex(in.shape, [&](ArrayRef<int64_t> idx) {
      int64_t dst = 0;
      bool inside = true;
      for (size_t d = 0; d < idx.size(); ++d) {
        int64_t o = lo[d] + idx[d] * (interior[d] + 1);
        if (o < 0 || o >= out.shape[d]) {
          inside = false;
          break;
        }
        dst += o * ostr[d];
      }
      if (inside)
        copyElement(in, lin, out, dst);
      ++lin;
    });
    return single(std::move(out));
  }
  if (auto r = dyn_cast<sh::ReverseOp>(op)) {
    const HostTensor &in = operands[0].tensor;
    auto istr = stridesOf(in.shape);
    std::vector<int64_t> strides = istr;
    int64_t base = 0;
    for (int64_t d : r.getDimensions()) {
      base += (in.shape[d] - 1) * istr[d];
      strides[d] = -istr[d];
    }
    if (in.numElements() == 0)
      return single(in);
    return single(affineCopy(in, in.shape, base, strides));
  }
  if (isa<sh::IotaOp, sh::DynamicIotaOp>(op)) {
    auto rt = rtOr();
    if (failed(rt))
      return FailureOr<Results>(failure());
    int64_t dim = isa<sh::IotaOp>(op)
                      ? cast<sh::IotaOp>(op).getIotaDimension()
                      : cast<sh::DynamicIotaOp>(op).getIotaDimension();
    HostTensor out = makeTensor(rt->first, rt->second);
    int64_t lin = 0;
    const bool fl = isFloat(out.dtype) || isComplex(out.dtype);
    forEachIndex(out.shape, [&](ArrayRef<int64_t> idx) {
      if (fl)
        out.setDouble(lin++, static_cast<double>(idx[dim]));
      else
        out.setInt64(lin++, idx[dim]);
    });
    return single(std::move(out));
  }
  if (auto g = dyn_cast<sh::GatherOp>(op))
    return evalGather(g, operands[0].tensor, operands[1].tensor);
  if (auto s = dyn_cast<sh::ScatterOp>(op))
    return evalScatter(s, operands, run);
  return std::nullopt;
}

} // namespace systole::reference::detail

namespace systole::reference::detail {
HostTensor permute(const HostTensor &in, llvm::ArrayRef<int64_t> perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity &= perm[i] == static_cast<int64_t>(i);
  if (identity)
    return in;
  auto istr = stridesOf(in.shape);
  std::vector<int64_t> shape(perm.size()), strides(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) {
    shape[i] = in.shape[perm[i]];
    strides[i] = istr[perm[i]];
  }
  return affineCopy(in, shape, 0, strides);
}
} // namespace systole::reference::detail
