//===- Contractions.cpp - dot_general, convolution and linear algebra -----===//
//
// dot_general / dot (spec: dot_general) as batched Eigen matrix products on
// operands transposed to [batch, M, K] x [batch, K, N]; convolution (spec:
// convolution) as im2col + Eigen products per batch and feature group;
// batch_norm_*; fft; cholesky; triangular_solve. Float operands narrower than
// f64 are multiplied and accumulated in f32 (f64 when either side is f64) and
// the result rounded once to the result type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Internal.h"

#include <Eigen/Core>

#include <cmath>
#include <cstring>

using namespace mlir;

namespace systole::reference::detail {
namespace {

namespace sh = systole::stablehlo;

Results single(HostTensor t) { return Results{Value::ofTensor(std::move(t))}; }

enum class Kind { F32, F64, C64, C128, Int };

Kind computeKind(DType a, DType b, DType r) {
  auto any = [&](auto pred) { return pred(a) || pred(b) || pred(r); };
  if (any([](DType t) { return isComplex(t); }))
    return any([](DType t) { return t == DType::C128 || t == DType::F64; })
               ? Kind::C128
               : Kind::C64;
  if (any([](DType t) { return isFloat(t); }))
    return any([](DType t) { return t == DType::F64; }) ? Kind::F64 : Kind::F32;
  return Kind::Int;
}

template <typename T> std::vector<T> unpack(const HostTensor &t) {
  std::vector<T> out(t.numElements());
  if constexpr (std::is_same_v<T, int64_t>) {
    out = toInts(t);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (isInteger(t.dtype)) {
      auto v = toInts(t);
      for (size_t i = 0; i < v.size(); ++i)
        out[i] = isUnsignedInteger(t.dtype)
                     ? static_cast<T>(static_cast<uint64_t>(v[i]))
                     : static_cast<T>(v[i]);
    } else if (t.dtype == DType::BF16 || t.dtype == DType::F16 ||
               t.dtype == DType::F32) {
      // Direct widening (no double intermediate: model weights are large).
      const uint8_t *p = t.data.data();
      for (size_t i = 0; i < out.size(); ++i) {
        float f;
        if (t.dtype == DType::F32) {
          std::memcpy(&f, p + 4 * i, 4);
        } else {
          uint16_t h;
          std::memcpy(&h, p + 2 * i, 2);
          f = t.dtype == DType::BF16 ? bf16ToFloat(h) : f16ToFloat(h);
        }
        out[i] = static_cast<T>(f);
      }
    } else {
      auto v = toDoubles(t);
      for (size_t i = 0; i < v.size(); ++i)
        out[i] = static_cast<T>(v[i]);
    }
  } else {
    auto v = toComplex(t);
    for (size_t i = 0; i < v.size(); ++i)
      out[i] = T(v[i].real(), v[i].imag());
  }
  return out;
}

template <typename T> void pack(HostTensor &t, const std::vector<T> &v) {
  if constexpr (std::is_same_v<T, int64_t>) {
    if (isInteger(t.dtype)) {
      storeInts(t, v);
    } else {
      for (size_t i = 0; i < v.size(); ++i)
        t.setDouble(i, static_cast<double>(v[i]));
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    if (t.dtype == DType::BF16 || t.dtype == DType::F32) {
      uint8_t *p = t.data.data();
      for (size_t i = 0; i < v.size(); ++i) {
        if (t.dtype == DType::F32) {
          float f = static_cast<float>(v[i]);
          std::memcpy(p + 4 * i, &f, 4);
        } else {
          uint16_t h =
              std::is_same_v<T, float> ? floatToBf16(v[i]) : doubleToBf16(v[i]);
          std::memcpy(p + 2 * i, &h, 2);
        }
      }
      return;
    }
    std::vector<double> d(v.begin(), v.end());
    storeDoubles(t, d);
  } else {
    std::vector<std::complex<double>> d(v.size());
    for (size_t i = 0; i < v.size(); ++i)
      d[i] = {static_cast<double>(v[i].real()),
              static_cast<double>(v[i].imag())};
    storeComplex(t, d);
  }
}

template <typename T>
using RowMat =
    Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// C[b] = A[b] x B[b] for b < batch; A is [batch, M, K], B [batch, K, N],
/// C [batch, M, N], all row-major.
template <typename T>
std::vector<T> batchedMatmul(const std::vector<T> &a, const std::vector<T> &b,
                             int64_t batch, int64_t m, int64_t k, int64_t n) {
  std::vector<T> c(batch * m * n, T(0));
  for (int64_t i = 0; i < batch; ++i) {
    Eigen::Map<const RowMat<T>> am(a.data() + i * m * k, m, k);
    Eigen::Map<const RowMat<T>> bm(b.data() + i * k * n, k, n);
    Eigen::Map<RowMat<T>> cm(c.data() + i * m * n, m, n);
    if (k == 0)
      cm.setZero();
    else
      cm.noalias() = am * bm;
  }
  return c;
}

template <typename T>
void matmulInto(const HostTensor &lhs, const HostTensor &rhs, HostTensor &out,
                int64_t batch, int64_t m, int64_t k, int64_t n) {
  auto c = batchedMatmul<T>(unpack<T>(lhs), unpack<T>(rhs), batch, m, k, n);
  pack<T>(out, c);
}

FailureOr<Results> evalDotGeneral(Operation *op, const HostTensor &lhs,
                                  const HostTensor &rhs, ArrayRef<int64_t> lb,
                                  ArrayRef<int64_t> rb, ArrayRef<int64_t> lc,
                                  ArrayRef<int64_t> rc) {
  auto rt = tensorTypeOf(op, op->getResult(0).getType());
  if (failed(rt))
    return failure();
  auto freeDims = [](int64_t rank, ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    std::vector<int64_t> f;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
        f.push_back(d);
    return f;
  };
  auto lf = freeDims(lhs.shape.size(), lb, lc);
  auto rf = freeDims(rhs.shape.size(), rb, rc);
  int64_t batch = 1, m = 1, k = 1, n = 1;
  for (int64_t d : lb)
    batch *= lhs.shape[d];
  for (int64_t d : lf)
    m *= lhs.shape[d];
  for (int64_t d : lc)
    k *= lhs.shape[d];
  for (int64_t d : rf)
    n *= rhs.shape[d];
  std::vector<int64_t> lperm(lb.begin(), lb.end()), rperm(rb.begin(), rb.end());
  lperm.insert(lperm.end(), lf.begin(), lf.end());
  lperm.insert(lperm.end(), lc.begin(), lc.end());
  rperm.insert(rperm.end(), rc.begin(), rc.end());
  rperm.insert(rperm.end(), rf.begin(), rf.end());
  HostTensor lt = permute(lhs, lperm), rtn = permute(rhs, rperm);
  HostTensor out = makeTensor(rt->first, rt->second);
  if (out.numElements() != batch * m * n) {
    op->emitError() << "reference interpreter: dot_general result shape does "
                       "not match its operands";
    return failure();
  }
  switch (computeKind(lhs.dtype, rhs.dtype, out.dtype)) {
  case Kind::F32:
    matmulInto<float>(lt, rtn, out, batch, m, k, n);
    break;
  case Kind::F64:
    matmulInto<double>(lt, rtn, out, batch, m, k, n);
    break;
  case Kind::C64:
    matmulInto<std::complex<float>>(lt, rtn, out, batch, m, k, n);
    break;
  case Kind::C128:
    matmulInto<std::complex<double>>(lt, rtn, out, batch, m, k, n);
    break;
  case Kind::Int:
    matmulInto<int64_t>(lt, rtn, out, batch, m, k, n);
    break;
  }
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

struct ConvGeometry {
  int64_t n, c, o, ci; // batch, input features, output features, kernel in
  std::vector<int64_t> inSp, kSp, outSp;
  std::vector<int64_t> stride, padLo, lhsDil, rhsDil;
  int64_t fgc, bgc;
};

template <typename T>
std::vector<T> convCanonical(const std::vector<T> &in, const std::vector<T> &k,
                             const ConvGeometry &g) {
  const int64_t rank = g.inSp.size();
  int64_t inP = 1, kP = 1, outP = 1;
  for (int64_t d = 0; d < rank; ++d) {
    inP *= g.inSp[d];
    kP *= g.kSp[d];
    outP *= g.outSp[d];
  }
  const int64_t groups = g.fgc * g.bgc;
  const int64_t og = g.o / groups;
  const int64_t cg = g.ci; // input features per group
  const int64_t nOut = g.n / g.bgc;
  std::vector<T> out(nOut * g.o * outP, T(0));
  // For each kernel position, the input spatial offset of every output
  // position (-1 where the tap falls into padding or a dilation hole).
  std::vector<int64_t> offsets(kP * outP);
  {
    std::vector<int64_t> inStr(rank, 1);
    for (int64_t d = rank - 2; d >= 0; --d)
      inStr[d] = inStr[d + 1] * g.inSp[d + 1];
    std::vector<int64_t> kIdx(rank, 0), qIdx(rank, 0);
    for (int64_t kp = 0; kp < kP; ++kp) {
      std::fill(qIdx.begin(), qIdx.end(), 0);
      for (int64_t qp = 0; qp < outP; ++qp) {
        int64_t off = 0;
        for (int64_t d = 0; d < rank && off >= 0; ++d) {
          int64_t p =
              qIdx[d] * g.stride[d] + kIdx[d] * g.rhsDil[d] - g.padLo[d];
          int64_t dilated = (g.inSp[d] - 1) * g.lhsDil[d] + 1;
          if (g.inSp[d] == 0 || p < 0 || p >= dilated || p % g.lhsDil[d]) {
            off = -1;
            break;
          }
          off += (p / g.lhsDil[d]) * inStr[d];
        }
        offsets[kp * outP + qp] = off;
        for (int64_t d = rank - 1; d >= 0; --d) {
          if (++qIdx[d] < g.outSp[d])
            break;
          qIdx[d] = 0;
        }
      }
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++kIdx[d] < g.kSp[d])
          break;
        kIdx[d] = 0;
      }
    }
  }
  std::vector<T> col(cg * kP * outP);
  for (int64_t b = 0; b < nOut; ++b) {
    for (int64_t grp = 0; grp < groups; ++grp) {
      const int64_t nb = g.bgc > 1 ? grp * nOut + b : b;
      const int64_t cbase = g.fgc > 1 ? grp * cg : 0;
      for (int64_t c = 0; c < cg; ++c) {
        const T *src = in.data() + (nb * g.c + cbase + c) * inP;
        for (int64_t kp = 0; kp < kP; ++kp) {
          T *dst = col.data() + (c * kP + kp) * outP;
          const int64_t *off = offsets.data() + kp * outP;
          for (int64_t qp = 0; qp < outP; ++qp)
            dst[qp] = off[qp] >= 0 ? src[off[qp]] : T(0);
        }
      }
      Eigen::Map<const RowMat<T>> w(k.data() + grp * og * cg * kP, og, cg * kP);
      Eigen::Map<const RowMat<T>> cm(col.data(), cg * kP, outP);
      Eigen::Map<RowMat<T>> om(out.data() + (b * g.o + grp * og) * outP, og,
                               outP);
      if (cg * kP > 0)
        om.noalias() = w * cm;
    }
  }
  return out;
}

FailureOr<Results> evalConvolution(sh::ConvolutionOp op, const HostTensor &lhs,
                                   const HostTensor &rhs) {
  auto rt = tensorTypeOf(op, op.getType());
  if (failed(rt))
    return failure();
  auto dn = op.getDimensionNumbers();
  const int64_t rank = dn.getInputSpatialDimensions().size();
  ConvGeometry g;
  g.fgc = op.getFeatureGroupCount();
  g.bgc = op.getBatchGroupCount();
  // Canonical layouts: input [N, C, S...], kernel [O, I, K...], output
  // [N, O, Q...].
  std::vector<int64_t> lperm{dn.getInputBatchDimension(),
                             dn.getInputFeatureDimension()};
  for (int64_t d : dn.getInputSpatialDimensions())
    lperm.push_back(d);
  std::vector<int64_t> kperm{dn.getKernelOutputFeatureDimension(),
                             dn.getKernelInputFeatureDimension()};
  for (int64_t d : dn.getKernelSpatialDimensions())
    kperm.push_back(d);
  HostTensor lc = permute(lhs, lperm);
  HostTensor kc = permute(rhs, kperm);
  g.n = lc.shape[0];
  g.c = lc.shape[1];
  g.o = kc.shape[0];
  g.ci = kc.shape[1];
  const auto &rshape = rt->second;
  std::vector<int64_t> oshape{rshape[dn.getOutputBatchDimension()],
                              rshape[dn.getOutputFeatureDimension()]};
  for (int64_t d = 0; d < rank; ++d) {
    g.inSp.push_back(lc.shape[2 + d]);
    g.kSp.push_back(kc.shape[2 + d]);
    g.outSp.push_back(rshape[dn.getOutputSpatialDimensions()[d]]);
    oshape.push_back(g.outSp.back());
  }
  auto attr = [&](std::optional<ArrayRef<int64_t>> a, int64_t dflt) {
    std::vector<int64_t> v(rank, dflt);
    if (a && static_cast<int64_t>(a->size()) == rank)
      v.assign(a->begin(), a->end());
    return v;
  };
  g.stride = attr(op.getWindowStrides(), 1);
  g.lhsDil = attr(op.getLhsDilation(), 1);
  g.rhsDil = attr(op.getRhsDilation(), 1);
  g.padLo.assign(rank, 0);
  if (auto pad = op.getPadding()) {
    auto vals = llvm::to_vector(pad->getValues<int64_t>());
    for (int64_t d = 0; d < rank && 2 * d < (int64_t)vals.size(); ++d)
      g.padLo[d] = vals[2 * d];
  }
  if (g.fgc < 1 || g.bgc < 1 || g.o % (g.fgc * g.bgc) || g.n % g.bgc ||
      g.ci * g.fgc != g.c || oshape[0] != g.n / g.bgc || oshape[1] != g.o) {
    op.emitError() << "reference interpreter: inconsistent convolution shapes";
    return failure();
  }
  // Window reversal flips the kernel's spatial dimensions.
  if (auto rev = op.getWindowReversal()) {
    auto kstr = stridesOf(kc.shape);
    std::vector<int64_t> strides = kstr;
    int64_t base = 0;
    for (int64_t d = 0; d < rank && d < (int64_t)rev->size(); ++d)
      if ((*rev)[d] && kc.shape[2 + d] > 0) {
        base += (kc.shape[2 + d] - 1) * kstr[2 + d];
        strides[2 + d] = -kstr[2 + d];
      }
    if (kc.numElements())
      kc = affineCopy(kc, kc.shape, base, strides);
  }
  HostTensor canon = makeTensor(rt->first, oshape);
  switch (computeKind(lhs.dtype, rhs.dtype, rt->first)) {
  case Kind::F32:
    pack(canon, convCanonical<float>(unpack<float>(lc), unpack<float>(kc), g));
    break;
  case Kind::F64:
    pack(canon,
         convCanonical<double>(unpack<double>(lc), unpack<double>(kc), g));
    break;
  case Kind::C64:
    pack(canon, convCanonical<std::complex<float>>(
                    unpack<std::complex<float>>(lc),
                    unpack<std::complex<float>>(kc), g));
    break;
  case Kind::C128:
    pack(canon, convCanonical<std::complex<double>>(
                    unpack<std::complex<double>>(lc),
                    unpack<std::complex<double>>(kc), g));
    break;
  case Kind::Int:
    pack(canon,
         convCanonical<int64_t>(unpack<int64_t>(lc), unpack<int64_t>(kc), g));
    break;
  }
  // Back to the result layout: result dim r takes canonical dim cp[r].
  std::vector<int64_t> cpos(rshape.size());
  cpos[dn.getOutputBatchDimension()] = 0;
  cpos[dn.getOutputFeatureDimension()] = 1;
  for (int64_t d = 0; d < rank; ++d)
    cpos[dn.getOutputSpatialDimensions()[d]] = 2 + d;
  return single(permute(canon, cpos));
}

//===----------------------------------------------------------------------===//
// Batch normalisation
//===----------------------------------------------------------------------===//

/// Splits `shape` around feature dim f: outer, features, inner counts.
void featureSplit(const std::vector<int64_t> &shape, int64_t f, int64_t &outer,
                  int64_t &feat, int64_t &inner) {
  outer = 1;
  inner = 1;
  for (int64_t d = 0; d < f; ++d)
    outer *= shape[d];
  feat = shape[f];
  for (size_t d = f + 1; d < shape.size(); ++d)
    inner *= shape[d];
}

FailureOr<Results> evalBatchNorm(Operation *op, Operands operands) {
  const HostTensor &x = operands[0].tensor;
  if (!isFloat(x.dtype)) {
    op->emitError() << "reference interpreter: batch norm needs float operands";
    return failure();
  }
  const bool f64 = x.dtype == DType::F64;
  auto rnd = [&](double v) { return f64 ? v : static_cast<float>(v); };
  int64_t outer, feat, inner;
  auto xs = toDoubles(x);
  if (auto bn = dyn_cast<sh::BatchNormInferenceOp>(op)) {
    featureSplit(x.shape, bn.getFeatureIndex(), outer, feat, inner);
    auto scale = toDoubles(operands[1].tensor),
         offset = toDoubles(operands[2].tensor),
         mean = toDoubles(operands[3].tensor),
         var = toDoubles(operands[4].tensor);
    const double eps = bn.getEpsilon().convertToDouble();
    std::vector<double> mul(feat), add(feat);
    for (int64_t c = 0; c < feat; ++c) {
      // As XLA's BatchNormExpander: scale * rsqrt(variance + epsilon).
      mul[c] = rnd(scale[c] * rnd(1.0 / std::sqrt(rnd(var[c] + eps))));
      add[c] = rnd(offset[c] - rnd(mean[c] * mul[c]));
    }
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t c = 0; c < feat; ++c)
        for (int64_t i = 0; i < inner; ++i) {
          double &v = xs[(o * feat + c) * inner + i];
          v = rnd(rnd(v * mul[c]) + add[c]);
        }
    HostTensor out = makeTensor(x.dtype, x.shape);
    storeDoubles(out, xs);
    return single(std::move(out));
  }
  int64_t fi = isa<sh::BatchNormTrainingOp>(op)
                   ? cast<sh::BatchNormTrainingOp>(op).getFeatureIndex()
                   : cast<sh::BatchNormGradOp>(op).getFeatureIndex();
  double eps =
      isa<sh::BatchNormTrainingOp>(op)
          ? cast<sh::BatchNormTrainingOp>(op).getEpsilon().convertToDouble()
          : cast<sh::BatchNormGradOp>(op).getEpsilon().convertToDouble();
  featureSplit(x.shape, fi, outer, feat, inner);
  const double count = static_cast<double>(outer * inner);
  auto at = [&](const std::vector<double> &v, int64_t o, int64_t c, int64_t i) {
    return v[(o * feat + c) * inner + i];
  };
  auto scale = toDoubles(operands[1].tensor);
  if (auto bt = dyn_cast<sh::BatchNormTrainingOp>(op)) {
    auto offset = toDoubles(operands[2].tensor);
    std::vector<double> mean(feat, 0), var(feat, 0);
    for (int64_t c = 0; c < feat; ++c) {
      double s = 0;
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i)
          s += at(xs, o, c, i);
      mean[c] = s / count;
      double q = 0;
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          double d = at(xs, o, c, i) - mean[c];
          q += d * d;
        }
      var[c] = q / count;
    }
    std::vector<double> y(xs.size());
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t c = 0; c < feat; ++c)
        for (int64_t i = 0; i < inner; ++i) {
          int64_t j = (o * feat + c) * inner + i;
          y[j] = (xs[j] - mean[c]) / std::sqrt(var[c] + eps) * scale[c] +
                 offset[c];
        }
    HostTensor out = makeTensor(x.dtype, x.shape);
    storeDoubles(out, y);
    HostTensor m = makeTensor(operands[1].tensor.dtype, {feat});
    HostTensor v = makeTensor(operands[1].tensor.dtype, {feat});
    storeDoubles(m, mean);
    storeDoubles(v, var);
    return Results{Value::ofTensor(out), Value::ofTensor(m),
                   Value::ofTensor(v)};
  }
  auto mean = toDoubles(operands[2].tensor),
       var = toDoubles(operands[3].tensor), gy = toDoubles(operands[4].tensor);
  std::vector<double> gScale(feat, 0), gOffset(feat, 0), gx(xs.size());
  for (int64_t c = 0; c < feat; ++c) {
    double inv = 1 / std::sqrt(var[c] + eps);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        gOffset[c] += at(gy, o, c, i);
        gScale[c] += at(gy, o, c, i) * (at(xs, o, c, i) - mean[c]) * inv;
      }
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t j = (o * feat + c) * inner + i;
        gx[j] = scale[c] * inv *
                (gy[j] - gOffset[c] / count -
                 (xs[j] - mean[c]) * inv * gScale[c] / count);
      }
  }
  HostTensor gxT = makeTensor(x.dtype, x.shape);
  HostTensor gs = makeTensor(operands[1].tensor.dtype, {feat});
  HostTensor go = makeTensor(operands[1].tensor.dtype, {feat});
  storeDoubles(gxT, gx);
  storeDoubles(gs, gScale);
  storeDoubles(go, gOffset);
  return Results{Value::ofTensor(gxT), Value::ofTensor(gs),
                 Value::ofTensor(go)};
}

//===----------------------------------------------------------------------===//
// FFT (direct DFT per axis, in double)
//===----------------------------------------------------------------------===//

using C = std::complex<double>;

/// Transforms `data` (row-major `shape`) along `axis` in place with a DFT of
/// length shape[axis]; inverse includes the 1/n factor.
void dftAxis(std::vector<C> &data, const std::vector<int64_t> &shape,
             int64_t axis, bool inverse) {
  const int64_t n = shape[axis];
  int64_t inner = 1, outer = 1;
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  std::vector<C> tw(n), buf(n);
  const double sign = inverse ? 1 : -1;
  for (int64_t k = 0; k < n; ++k)
    tw[k] = std::polar(1.0, sign * 2 * M_PI * k / n);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      C *base = data.data() + o * n * inner + i;
      for (int64_t k = 0; k < n; ++k) {
        C s = 0;
        for (int64_t t = 0; t < n; ++t)
          s += base[t * inner] * tw[(k * t) % n];
        buf[k] = inverse ? s / static_cast<double>(n) : s;
      }
      for (int64_t k = 0; k < n; ++k)
        base[k * inner] = buf[k];
    }
}

FailureOr<Results> evalFft(sh::FftOp op, const HostTensor &x) {
  auto rt = tensorTypeOf(op, op.getType());
  if (failed(rt))
    return failure();
  const auto &rshape = rt->second;
  const int64_t rank = x.shape.size();
  const int64_t L = op.getFftLength().size();
  auto type = op.getFftType();
  std::vector<C> data = toComplex(x);
  std::vector<int64_t> shape = x.shape;
  if (type == sh::FftType::FFT || type == sh::FftType::IFFT ||
      type == sh::FftType::RFFT) {
    for (int64_t a = rank - L; a < rank; ++a)
      dftAxis(data, shape, a, type == sh::FftType::IFFT);
    HostTensor out = makeTensor(rt->first, rshape);
    if (type == sh::FftType::RFFT) {
      // Keep the first n/2 + 1 entries of the last axis.
      int64_t nIn = shape[rank - 1], nOut = rshape[rank - 1];
      int64_t outer = data.size() / std::max<int64_t>(nIn, 1);
      std::vector<C> cut(outer * nOut);
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t k = 0; k < nOut; ++k)
          cut[o * nOut + k] = data[o * nIn + k];
      data = std::move(cut);
    }
    storeComplex(out, data);
    return single(std::move(out));
  }
  // IRFFT: inverse over the leading axes, then a Hermitian inverse of the
  // last axis to fft_length[-1] real outputs.
  for (int64_t a = rank - L; a < rank - 1; ++a)
    dftAxis(data, shape, a, true);
  const int64_t nIn = shape[rank - 1];
  const int64_t n = rshape[rank - 1];
  const int64_t outer = data.size() / std::max<int64_t>(nIn, 1);
  std::vector<double> res(outer * n);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t t = 0; t < n; ++t) {
      C s = 0;
      for (int64_t k = 0; k < n; ++k) {
        C v = k < nIn ? data[o * nIn + k]
                      : (n - k < nIn ? std::conj(data[o * nIn + n - k]) : 0);
        if (k == 0 || (n % 2 == 0 && k == n / 2))
          v = C(v.real(), 0);
        s += v * std::polar(1.0, 2 * M_PI * ((k * t) % n) / n);
      }
      res[o * n + t] = s.real() / n;
    }
  HostTensor out = makeTensor(rt->first, rshape);
  storeDoubles(out, res);
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve (in double / complex<double>)
//===----------------------------------------------------------------------===//

FailureOr<Results> evalCholesky(sh::CholeskyOp op, const HostTensor &a) {
  const int64_t rank = a.shape.size();
  const int64_t n = rank ? a.shape[rank - 1] : 1;
  const int64_t batch = a.numElements() / std::max<int64_t>(n * n, 1);
  auto v = toComplex(a);
  std::vector<C> out(v.size(), 0);
  const bool lower = op.getLower();
  for (int64_t b = 0; b < batch; ++b) {
    // Work on L with A = L L^H, reading the lower triangle (or the
    // conjugate transpose of the upper one).
    auto A = [&](int64_t i, int64_t j) {
      return lower ? v[b * n * n + i * n + j]
                   : std::conj(v[b * n * n + j * n + i]);
    };
    std::vector<C> L(n * n, 0);
    bool ok = true;
    for (int64_t j = 0; j < n && ok; ++j) {
      C s = A(j, j);
      for (int64_t k = 0; k < j; ++k)
        s -= L[j * n + k] * std::conj(L[j * n + k]);
      if (!(s.real() > 0)) {
        ok = false;
        break;
      }
      double d = std::sqrt(s.real());
      L[j * n + j] = d;
      for (int64_t i = j + 1; i < n; ++i) {
        C t = A(i, j);
        for (int64_t k = 0; k < j; ++k)
          t -= L[i * n + k] * std::conj(L[j * n + k]);
        L[i * n + j] = t / d;
      }
    }
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        C val = ok ? (lower ? L[i * n + j] : std::conj(L[j * n + i]))
                   : C(NAN, isComplex(a.dtype) ? NAN : 0);
        out[b * n * n + i * n + j] = val;
      }
  }
  HostTensor r = makeTensor(a.dtype, a.shape);
  storeComplex(r, out);
  return single(std::move(r));
}

FailureOr<Results> evalTriangularSolve(sh::TriangularSolveOp op,
                                       const HostTensor &a,
                                       const HostTensor &b) {
  const int64_t rank = a.shape.size();
  const int64_t n = a.shape[rank - 1];
  const int64_t m = b.shape[rank - 2], k = b.shape[rank - 1];
  const int64_t batch = a.numElements() / std::max<int64_t>(n * n, 1);
  auto av = toComplex(a), bv = toComplex(b);
  const bool left = op.getLeftSide(), lower = op.getLower(),
             unit = op.getUnitDiagonal();
  auto t = op.getTransposeA();
  std::vector<C> out(bv.size());
  for (int64_t bi = 0; bi < batch; ++bi) {
    // op(A) as an explicit matrix.
    std::vector<C> A(n * n);
    bool effLower = lower;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        bool inTri = lower ? j <= i : j >= i;
        C v = inTri ? av[bi * n * n + i * n + j] : 0;
        if (unit && i == j)
          v = 1;
        if (t == sh::Transpose::NO_TRANSPOSE)
          A[i * n + j] = v;
        else
          A[j * n + i] = t == sh::Transpose::ADJOINT ? std::conj(v) : v;
      }
    if (t != sh::Transpose::NO_TRANSPOSE)
      effLower = !lower;
    const C *B = bv.data() + bi * m * k;
    C *X = out.data() + bi * m * k;
    if (left) {
      // A (n x n, n == m) X (m x k) = B.
      for (int64_t col = 0; col < k; ++col) {
        for (int64_t s = 0; s < n; ++s) {
          int64_t i = effLower ? s : n - 1 - s;
          C sum = B[i * k + col];
          for (int64_t j = 0; j < n; ++j)
            if (effLower ? j < i : j > i)
              sum -= A[i * n + j] * X[j * k + col];
          X[i * k + col] = sum / A[i * n + i];
        }
      }
    } else {
      // X (m x k, k == n) A = B: row r solves x A = b, i.e. A^T x^T = b^T.
      for (int64_t r = 0; r < m; ++r) {
        for (int64_t s = 0; s < n; ++s) {
          int64_t j = effLower ? n - 1 - s : s;
          C sum = B[r * k + j];
          for (int64_t i = 0; i < n; ++i)
            if (effLower ? i > j : i < j)
              sum -= X[r * k + i] * A[i * n + j];
          X[r * k + j] = sum / A[j * n + j];
        }
      }
    }
  }
  HostTensor r = makeTensor(b.dtype, b.shape);
  storeComplex(r, out);
  return single(std::move(r));
}

} // namespace

std::optional<FailureOr<Results>> evalContraction(Operation *op,
                                                  Operands operands) {
  if (auto d = dyn_cast<sh::DotGeneralOp>(op)) {
    auto dn = d.getDotDimensionNumbers();
    return evalDotGeneral(
        op, operands[0].tensor, operands[1].tensor,
        dn.getLhsBatchingDimensions(), dn.getRhsBatchingDimensions(),
        dn.getLhsContractingDimensions(), dn.getRhsContractingDimensions());
  }
  if (isa<sh::DotOp>(op)) {
    const HostTensor &l = operands[0].tensor;
    int64_t lc = static_cast<int64_t>(l.shape.size()) - 1;
    return evalDotGeneral(op, l, operands[1].tensor, {}, {}, {lc}, {0});
  }
  if (auto c = dyn_cast<sh::ConvolutionOp>(op))
    return evalConvolution(c, operands[0].tensor, operands[1].tensor);
  if (isa<sh::BatchNormInferenceOp, sh::BatchNormTrainingOp,
          sh::BatchNormGradOp>(op))
    return evalBatchNorm(op, operands);
  if (auto f = dyn_cast<sh::FftOp>(op))
    return evalFft(f, operands[0].tensor);
  if (auto c = dyn_cast<sh::CholeskyOp>(op))
    return evalCholesky(c, operands[0].tensor);
  if (auto t = dyn_cast<sh::TriangularSolveOp>(op))
    return evalTriangularSolve(t, operands[0].tensor, operands[1].tensor);
  return std::nullopt;
}

} // namespace systole::reference::detail
