//===- Machine.cpp - Functional semantics of the NeuronCore instructions
//-----===//
//
// DESIGN sections 3 and 4: vector, scalar and GpSimd engines compute in fp32
// and round to the destination type (nearest even); the tensor engine
// multiplies exactly- representable narrow products and accumulates in fp32 in
// PSUM; DMA copies bytes exactly, or converts when the dtypes differ.
//
//===----------------------------------------------------------------------===//

#include "runtime/sim/Machine.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <Eigen/Core>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/api/FloatFormats.h"

namespace systole::sim {
namespace {

using namespace ncx;
using RowMatrix =
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// fp8 -> float tables, indexed [format][bits].
struct Fp8Tables {
  float e4m3[256], e4m3fn[256], e5m2[256];
  Fp8Tables() {
    for (int i = 0; i < 256; ++i) {
      e4m3[i] = f8ToFloat(static_cast<uint8_t>(i), systole::DType::F8E4M3);
      e4m3fn[i] = f8ToFloat(static_cast<uint8_t>(i), systole::DType::F8E4M3FN);
      e5m2[i] = f8ToFloat(static_cast<uint8_t>(i), systole::DType::F8E5M2);
    }
  }
};
const Fp8Tables &fp8Tables() {
  static const Fp8Tables *tables = new Fp8Tables();
  return *tables;
}

template <typename T> T floatToInt(float value) {
  if (std::isnan(value))
    return 0;
  float r = std::nearbyint(value);
  if (r <= static_cast<float>(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  if (r >= static_cast<float>(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return static_cast<T>(r);
}

/// Calls fn(ptr, count, strideBytes, firstElementIndex) for each innermost run
/// of partition p of v.
template <typename F> void forEachRun(const View &v, int p, F &&fn) {
  uint8_t *base = v.base + p * v.partitionStrideBytes;
  if (v.numDims == 0) {
    fn(base, 1, v.elementBytes, 0);
    return;
  }
  int inner = v.numDims - 1;
  int64_t idx[ncx::kMaxFreeDims] = {};
  int64_t runs = 1;
  for (int d = 0; d < inner; ++d)
    runs *= v.counts[d];
  int64_t element = 0;
  for (int64_t r = 0; r < runs; ++r) {
    int64_t offset = 0;
    for (int d = 0; d < inner; ++d)
      offset += idx[d] * v.strideBytes[d];
    fn(base + offset, v.counts[inner], v.strideBytes[inner], element);
    element += v.counts[inner];
    for (int d = inner - 1; d >= 0; --d) {
      if (++idx[d] < v.counts[d])
        break;
      idx[d] = 0;
    }
  }
}

/// bf16 -> float: the top half of a binary32 (exact).
inline float bf16BitsToFloat(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

/// float -> bf16, round to nearest even; NaN stays NaN with the quiet bit set
/// (the same bits as floatToBf16 in runtime/api/FloatFormats.h, inlined for
/// speed).
inline uint16_t floatToBf16Bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

template <typename T> inline T loadAs(const uint8_t *p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}
template <typename T> inline void storeAs(uint8_t *p, T value) {
  std::memcpy(p, &value, sizeof(T));
}

float aluOp(AluOp op, float a, float b) {
  switch (op) {
  case ALU_BYPASS:
    return a;
  case ALU_ADD:
    return a + b;
  case ALU_SUB:
    return a - b;
  case ALU_MUL:
    return a * b;
  case ALU_DIV:
    return a / b;
  // IEEE 754-2019 maximum and minimum (StableHLO's): a NaN operand gives
  // NaN, and -0 orders below +0.
  case ALU_MAX:
    if (std::isnan(a) || std::isnan(b))
      return std::isnan(a) ? a : b;
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  case ALU_MIN:
    if (std::isnan(a) || std::isnan(b))
      return std::isnan(a) ? a : b;
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  case ALU_POW:
    return std::pow(a, b);
  case ALU_EQ:
    return a == b;
  case ALU_NE:
    return a != b;
  case ALU_LT:
    return a < b;
  case ALU_LE:
    return a <= b;
  case ALU_GT:
    return a > b;
  case ALU_GE:
    return a >= b;
  case ALU_AND:
    return static_cast<float>(floatToInt<int32_t>(a) & floatToInt<int32_t>(b));
  case ALU_OR:
    return static_cast<float>(floatToInt<int32_t>(a) | floatToInt<int32_t>(b));
  case ALU_XOR:
    return static_cast<float>(floatToInt<int32_t>(a) ^ floatToInt<int32_t>(b));
  case ALU_SHL:
    return static_cast<float>(
        static_cast<int32_t>(static_cast<uint32_t>(floatToInt<int32_t>(a))
                             << (floatToInt<int32_t>(b) & 31)));
  case ALU_SHR:
    return static_cast<float>(floatToInt<int32_t>(a) >>
                              (floatToInt<int32_t>(b) & 31));
  default:
    return a;
  }
}

float activationFunc(ActivationFunc func, float x) {
  switch (func) {
  case ACT_IDENTITY:
    return x;
  case ACT_RELU:
    return std::isnan(x) ? x : (x > 0.0f ? x : 0.0f);
  case ACT_GELU:
    return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f));
  case ACT_GELU_TANH: {
    float inner = 0.79788456080286536f * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1.0f + std::tanh(inner));
  }
  case ACT_SILU:
    return x / (1.0f + std::exp(-x));
  case ACT_SIGMOID:
    return 1.0f / (1.0f + std::exp(-x));
  case ACT_TANH:
    return std::tanh(x);
  case ACT_EXP:
    return std::exp(x);
  case ACT_LOG:
    return std::log(x);
  case ACT_SQRT:
    return std::sqrt(x);
  case ACT_RSQRT:
    return 1.0f / std::sqrt(x);
  case ACT_RECIPROCAL:
    return 1.0f / x;
  case ACT_SQUARE:
    return x * x;
  case ACT_ABS:
    return std::fabs(x);
  case ACT_SIGN:
    return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;
  case ACT_SIN:
    return std::sin(x);
  case ACT_COS:
    return std::cos(x);
  case ACT_ERF:
    return std::erf(x);
  case ACT_SOFTPLUS:
    return x > 20.0f ? x : std::log1p(std::exp(x));
  default:
    return x;
  }
}

/// a[i] = op(a[i], b[i]) with the common operations' switch hoisted out of the
/// loop.
void applyAlu(AluOp op, float *a, const float *b, int64_t n) {
  auto map = [&](auto f) {
    for (int64_t i = 0; i < n; ++i)
      a[i] = f(a[i], b[i]);
  };
  switch (op) {
  case ALU_ADD:
    return map([](float x, float y) { return x + y; });
  case ALU_SUB:
    return map([](float x, float y) { return x - y; });
  case ALU_MUL:
    return map([](float x, float y) { return x * y; });
  default:
    return map([op](float x, float y) { return aluOp(op, x, y); });
  }
}

/// Copies partition p of v into `out` (packed element bytes).
void gatherBytes(const View &v, int p, uint8_t *out) {
  int64_t eb = v.elementBytes;
  forEachRun(v, p,
             [&](uint8_t *ptr, int64_t count, int64_t stride, int64_t first) {
               uint8_t *dst = out + first * eb;
               if (stride == eb) {
                 std::memcpy(dst, ptr, count * eb);
                 return;
               }
               for (int64_t i = 0; i < count; ++i)
                 std::memcpy(dst + i * eb, ptr + i * stride, eb);
             });
}

void scatterBytes(const View &v, int p, const uint8_t *in) {
  int64_t eb = v.elementBytes;
  forEachRun(v, p,
             [&](uint8_t *ptr, int64_t count, int64_t stride, int64_t first) {
               const uint8_t *src = in + first * eb;
               if (stride == eb) {
                 std::memmove(ptr, src, count * eb);
                 return;
               }
               for (int64_t i = 0; i < count; ++i)
                 std::memcpy(ptr + i * stride, src + i * eb, eb);
             });
}

View singlePartition(View v, int p) {
  v.base += p * v.partitionStrideBytes;
  v.partitions = 1;
  return v;
}

} // namespace

systole::DType toRuntimeDType(ncx::DType dtype) {
  switch (dtype) {
  case DTYPE_F32:
    return systole::DType::F32;
  case DTYPE_BF16:
    return systole::DType::BF16;
  case DTYPE_F16:
    return systole::DType::F16;
  case DTYPE_F8E4M3:
    return systole::DType::F8E4M3;
  case DTYPE_F8E4M3FN:
    return systole::DType::F8E4M3FN;
  case DTYPE_F8E5M2:
    return systole::DType::F8E5M2;
  case DTYPE_I32:
    return systole::DType::I32;
  case DTYPE_I16:
    return systole::DType::I16;
  case DTYPE_I8:
    return systole::DType::I8;
  case DTYPE_U8:
    return systole::DType::U8;
  case DTYPE_U16:
    return systole::DType::U16;
  case DTYPE_U32:
    return systole::DType::U32;
  case DTYPE_I1:
    return systole::DType::I1;
  default:
    return systole::DType::F32;
  }
}

void loadRow(const View &v, int p, float *out) {
  const Fp8Tables &fp8 = fp8Tables();
  forEachRun(
      v, p, [&](uint8_t *ptr, int64_t count, int64_t stride, int64_t first) {
        float *o = out + first;
        switch (v.dtype) {
        case DTYPE_F32:
          if (stride == 4) {
            std::memcpy(o, ptr, count * 4);
            return;
          }
          for (int64_t i = 0; i < count; ++i)
            o[i] = loadAs<float>(ptr + i * stride);
          return;
        case DTYPE_BF16:
          for (int64_t i = 0; i < count; ++i)
            o[i] = bf16BitsToFloat(loadAs<uint16_t>(ptr + i * stride));
          return;
        case DTYPE_F16:
          for (int64_t i = 0; i < count; ++i)
            o[i] = f16ToFloat(loadAs<uint16_t>(ptr + i * stride));
          return;
        case DTYPE_F8E4M3:
        case DTYPE_F8E4M3FN:
        case DTYPE_F8E5M2: {
          const float *table = v.dtype == DTYPE_F8E4M3     ? fp8.e4m3
                               : v.dtype == DTYPE_F8E4M3FN ? fp8.e4m3fn
                                                           : fp8.e5m2;
          for (int64_t i = 0; i < count; ++i)
            o[i] = table[ptr[i * stride]];
          return;
        }
        case DTYPE_I32:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(loadAs<int32_t>(ptr + i * stride));
          return;
        case DTYPE_I16:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(loadAs<int16_t>(ptr + i * stride));
          return;
        case DTYPE_I8:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(static_cast<int8_t>(ptr[i * stride]));
          return;
        case DTYPE_U32:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(loadAs<uint32_t>(ptr + i * stride));
          return;
        case DTYPE_U16:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(loadAs<uint16_t>(ptr + i * stride));
          return;
        case DTYPE_U8:
        case DTYPE_I1:
        default:
          for (int64_t i = 0; i < count; ++i)
            o[i] = static_cast<float>(ptr[i * stride]);
          return;
        }
      });
}

void storeRow(const View &v, int p, const float *in, bool saturateFp8) {
  forEachRun(
      v, p, [&](uint8_t *ptr, int64_t count, int64_t stride, int64_t first) {
        const float *s = in + first;
        switch (v.dtype) {
        case DTYPE_F32:
          if (stride == 4) {
            std::memcpy(ptr, s, count * 4);
            return;
          }
          for (int64_t i = 0; i < count; ++i)
            storeAs<float>(ptr + i * stride, s[i]);
          return;
        case DTYPE_BF16:
          for (int64_t i = 0; i < count; ++i)
            storeAs<uint16_t>(ptr + i * stride, floatToBf16Bits(s[i]));
          return;
        case DTYPE_F16:
          for (int64_t i = 0; i < count; ++i)
            storeAs<uint16_t>(ptr + i * stride, floatToF16(s[i]));
          return;
        case DTYPE_F8E4M3:
        case DTYPE_F8E4M3FN:
        case DTYPE_F8E5M2: {
          systole::DType type = toRuntimeDType(v.dtype);
          for (int64_t i = 0; i < count; ++i)
            ptr[i * stride] = floatToF8(s[i], type, saturateFp8);
          return;
        }
        case DTYPE_I32:
          for (int64_t i = 0; i < count; ++i)
            storeAs<int32_t>(ptr + i * stride, floatToInt<int32_t>(s[i]));
          return;
        case DTYPE_I16:
          for (int64_t i = 0; i < count; ++i)
            storeAs<int16_t>(ptr + i * stride, floatToInt<int16_t>(s[i]));
          return;
        case DTYPE_I8:
          for (int64_t i = 0; i < count; ++i)
            ptr[i * stride] = static_cast<uint8_t>(floatToInt<int8_t>(s[i]));
          return;
        case DTYPE_U8:
          for (int64_t i = 0; i < count; ++i)
            ptr[i * stride] = floatToInt<uint8_t>(s[i]);
          return;
        case DTYPE_U16:
          for (int64_t i = 0; i < count; ++i)
            storeAs<uint16_t>(ptr + i * stride, floatToInt<uint16_t>(s[i]));
          return;
        case DTYPE_U32:
          for (int64_t i = 0; i < count; ++i)
            storeAs<uint32_t>(ptr + i * stride, floatToInt<uint32_t>(s[i]));
          return;
        case DTYPE_I1:
        default:
          for (int64_t i = 0; i < count; ++i)
            ptr[i * stride] = s[i] != 0.0f ? 1 : 0;
          return;
        }
      });
}

absl::Status Machine::init(const Executable &executable,
                           const std::vector<HostTensor> &inputs) {
  exe = &executable;
  const TargetDesc &target = exe->target();
  saturateFp8 = target.fp8_saturate();
  sbufBytesPerPartition = target.sbuf_bytes_per_partition();
  psumBytesPerPartition = target.psum_bytes_per_partition();
  sbuf.assign(
      static_cast<size_t>(target.sbuf_partitions()) * sbufBytesPerPartition, 0);
  psum.assign(
      static_cast<size_t>(target.psum_partitions()) * psumBytesPerPartition, 0);
  sbufHighWater.assign(target.sbuf_partitions(), 0);
  psumHighWater.assign(target.psum_partitions(), 0);
  hbm.clear();
  for (const HbmRegion &region : hbmRegions(*exe))
    hbm.push_back({region.address, std::vector<uint8_t>(region.size, 0)});
  // A zero-byte tensor may share its address with the next region, so the
  // region is the one at `address` that holds `size` bytes.
  auto regionAt = [&](uint64_t address, size_t size) -> uint8_t * {
    for (Region &r : hbm)
      if (r.address == address && r.data.size() == size)
        return r.data.data();
    return nullptr;
  };
  for (const Constant &c : exe->constants()) {
    if (c.data().empty())
      continue;
    uint8_t *at = regionAt(c.hbm_address(), c.data().size());
    if (!at)
      return absl::InvalidArgumentError(absl::StrFormat(
          "constant '%s' has no HBM region of its size", c.name()));
    std::memcpy(at, c.data().data(), c.data().size());
  }
  if (static_cast<int>(inputs.size()) != exe->inputs_size())
    return absl::InvalidArgumentError(
        absl::StrFormat("the executable takes %d inputs but %d were given",
                        exe->inputs_size(), inputs.size()));
  for (int i = 0; i < exe->inputs_size(); ++i) {
    const TensorDecl &decl = exe->inputs(i);
    const HostTensor &tensor = inputs[i];
    std::vector<int64_t> shape(decl.shape().begin(), decl.shape().end());
    if (tensor.dtype != toRuntimeDType(decl.dtype()) || tensor.shape != shape ||
        static_cast<int64_t>(tensor.data.size()) != tensorBytes(decl))
      return absl::InvalidArgumentError(absl::StrFormat(
          "input %d ('%s') must be %s, not %s", i, decl.name(),
          typeString(shape, toRuntimeDType(decl.dtype())), typeString(tensor)));
    if (tensor.data.empty())
      continue;
    uint8_t *at = regionAt(decl.hbm_address(), tensor.data.size());
    if (!at)
      return absl::InvalidArgumentError(absl::StrFormat(
          "input '%s' has no HBM region of its size", decl.name()));
    std::memcpy(at, tensor.data.data(), tensor.data.size());
  }
  return absl::OkStatus();
}

std::vector<HostTensor> Machine::outputs() const {
  std::vector<HostTensor> results;
  for (const TensorDecl &decl : exe->outputs()) {
    HostTensor tensor;
    tensor.dtype = toRuntimeDType(decl.dtype());
    tensor.shape.assign(decl.shape().begin(), decl.shape().end());
    for (const Region &r : hbm)
      if (r.address == decl.hbm_address() &&
          static_cast<int64_t>(r.data.size()) == tensorBytes(decl))
        tensor.data = r.data;
    results.push_back(std::move(tensor));
  }
  return results;
}

View Machine::view(const AccessPattern &ap) {
  View v;
  v.dtype = ap.dtype();
  v.elementBytes = elementBytes(ap.dtype());
  v.partitions = ap.partition_count();
  v.numDims = ap.dims_size();
  for (int d = 0; d < v.numDims; ++d) {
    v.counts[d] = ap.dims(d).count();
    v.strideBytes[d] = ap.dims(d).stride() * v.elementBytes;
    v.elements *= v.counts[d];
  }
  switch (ap.memory()) {
  case MEMORY_SBUF:
    v.base = sbuf.data() + ap.start_partition() * sbufBytesPerPartition +
             ap.byte_offset();
    v.partitionStrideBytes = sbufBytesPerPartition;
    break;
  case MEMORY_PSUM:
    v.base = psum.data() + ap.start_partition() * psumBytesPerPartition +
             ap.byte_offset();
    v.partitionStrideBytes = psumBytesPerPartition;
    break;
  default: {
    ByteExtent extent = byteExtent(ap);
    for (Region &r : hbm)
      if (extent.begin >= static_cast<int64_t>(r.address) &&
          extent.end <= static_cast<int64_t>(r.address + r.data.size())) {
        v.base = r.data.data() +
                 (ap.byte_offset() - static_cast<int64_t>(r.address));
        break;
      }
    v.partitionStrideBytes = ap.partition_stride() * v.elementBytes;
    break;
  }
  }
  return v;
}

void Machine::noteWrite(const AccessPattern &ap) {
  if (ap.memory() == MEMORY_HBM)
    return;
  std::vector<int64_t> &highWater =
      ap.memory() == MEMORY_SBUF ? sbufHighWater : psumHighWater;
  int64_t end = byteExtent(ap).end;
  // Timing-only runs never call init(): grow the marks on demand.
  size_t needed = static_cast<size_t>(ap.start_partition()) +
                  static_cast<size_t>(std::max(0, ap.partition_count()));
  if (highWater.size() < needed)
    highWater.resize(needed, 0);
  for (int p = ap.start_partition();
       p < ap.start_partition() + ap.partition_count(); ++p)
    highWater[p] = std::max(highWater[p], end);
}

int64_t Machine::sbufPeakBytes() const {
  int64_t total = 0;
  for (int64_t b : sbufHighWater)
    total += b;
  return total;
}

int64_t Machine::psumPeakBytes() const {
  int64_t total = 0;
  for (int64_t b : psumHighWater)
    total += b;
  return total;
}

absl::Status Machine::fail(StreamId stream, int index,
                           const std::string &message) const {
  return absl::InvalidArgumentError(
      absl::StrCat(describeInstruction(*exe, stream, index), ": ", message));
}

void Machine::dmaCopy(const DmaCopy &op) {
  View src = view(op.src()), dst = view(op.dst());
  int64_t total = src.partitions * src.elements;
  std::vector<uint8_t> bytes(total * src.elementBytes);
  for (int p = 0; p < src.partitions; ++p)
    gatherBytes(src, p, bytes.data() + p * src.elements * src.elementBytes);
  if (src.dtype != dst.dtype) {
    // Convert through fp32: a flat single-partition view over the packed bytes.
    std::vector<float> values(total);
    View packed;
    packed.base = bytes.data();
    packed.partitions = 1;
    packed.dtype = src.dtype;
    packed.elementBytes = src.elementBytes;
    packed.numDims = 1;
    packed.counts[0] = total;
    packed.strideBytes[0] = src.elementBytes;
    packed.elements = total;
    loadRow(packed, 0, values.data());
    std::vector<uint8_t> converted(total * dst.elementBytes);
    packed.base = converted.data();
    packed.dtype = dst.dtype;
    packed.elementBytes = dst.elementBytes;
    packed.strideBytes[0] = dst.elementBytes;
    storeRow(packed, 0, values.data(), saturateFp8);
    bytes.swap(converted);
  }
  for (int p = 0; p < dst.partitions; ++p)
    scatterBytes(dst, p, bytes.data() + p * dst.elements * dst.elementBytes);
  noteWrite(op.dst());
}

void Machine::matmul(const Matmul &op) {
  View st = view(op.stationary()), mv = view(op.moving()), dst = view(op.dst());
  int64_t k = st.partitions, m = st.elements, n = mv.elements;
  RowMatrix s(k, m), v(k, n);
  for (int p = 0; p < k; ++p) {
    loadRow(st, p, s.row(p).data());
    loadRow(mv, p, v.row(p).data());
  }
  RowMatrix result(m, n);
  result.noalias() = s.transpose() * v;
  std::vector<float> row(n);
  for (int p = 0; p < m; ++p) {
    float *r = result.row(p).data();
    if (op.accumulate()) {
      loadRow(dst, p, row.data());
      for (int64_t j = 0; j < n; ++j)
        row[j] += r[j];
      storeRow(dst, p, row.data(), saturateFp8);
    } else {
      storeRow(dst, p, r, saturateFp8);
    }
  }
  noteWrite(op.dst());
}

void Machine::transpose(const Transpose &op) {
  View src = view(op.src()), dst = view(op.dst());
  int64_t p = src.partitions, f = src.elements;
  RowMatrix in(p, f);
  for (int i = 0; i < p; ++i)
    loadRow(src, i, in.row(i).data());
  RowMatrix out = in.transpose();
  for (int i = 0; i < f; ++i)
    storeRow(dst, i, out.row(i).data(), saturateFp8);
  noteWrite(op.dst());
}

std::vector<float> Machine::perPartitionScalars(const ScalarOperand &operand,
                                                float defaultValue,
                                                int partitions) {
  std::vector<float> values(partitions, defaultValue);
  if (operand.has_imm())
    std::fill(values.begin(), values.end(), operand.imm());
  else if (operand.has_per_partition()) {
    View v = view(operand.per_partition());
    for (int p = 0; p < partitions; ++p)
      loadRow(v, p, &values[p]);
  }
  return values;
}

void Machine::activation(const Activation &op) {
  View src = view(op.src()), dst = view(op.dst());
  std::vector<float> scale =
      perPartitionScalars(op.scale(), 1.0f, src.partitions);
  // Without a bias, f(src * scale): -0 adds nothing to any value (+0 would
  // turn a -0 input into +0, and sqrt(-0) or rsqrt(-0) with it).
  std::vector<float> bias(src.partitions, -0.0f);
  if (op.has_bias()) {
    View b = view(op.bias());
    for (int p = 0; p < src.partitions; ++p)
      loadRow(b, p, &bias[p]);
  }
  std::vector<float> row(src.elements);
  std::vector<float> sums(src.partitions, 0.0f);
  for (int p = 0; p < src.partitions; ++p) {
    loadRow(src, p, row.data());
    float sum = 0.0f;
    for (float &x : row) {
      x = activationFunc(op.func(), x * scale[p] + bias[p]);
      sum += x;
    }
    sums[p] = sum;
    storeRow(dst, p, row.data(), saturateFp8);
  }
  noteWrite(op.dst());
  if (op.has_reduce_dst()) {
    View r = view(op.reduce_dst());
    for (int p = 0; p < src.partitions; ++p)
      storeRow(r, p, &sums[p], saturateFp8);
    noteWrite(op.reduce_dst());
  }
}

void Machine::tensorTensor(const TensorTensor &op) {
  View a = view(op.a()), b = view(op.b()), dst = view(op.dst());
  std::vector<float> ra(a.elements), rb(a.elements);
  for (int p = 0; p < a.partitions; ++p) {
    loadRow(a, p, ra.data());
    loadRow(b, p, rb.data());
    applyAlu(op.op(), ra.data(), rb.data(), a.elements);
    storeRow(dst, p, ra.data(), saturateFp8);
  }
  noteWrite(op.dst());
}

void Machine::tensorScalar(const TensorScalar &op) {
  View a = view(op.a()), dst = view(op.dst());
  std::vector<float> s0 = perPartitionScalars(op.s0(), 0.0f, a.partitions);
  std::vector<float> s1 = perPartitionScalars(op.s1(), 0.0f, a.partitions);
  std::vector<float> row(a.elements);
  for (int p = 0; p < a.partitions; ++p) {
    loadRow(a, p, row.data());
    for (float &x : row) {
      x = aluOp(op.op0(), x, s0[p]);
      if (op.op1() != ALU_BYPASS)
        x = aluOp(op.op1(), x, s1[p]);
    }
    storeRow(dst, p, row.data(), saturateFp8);
  }
  noteWrite(op.dst());
}

void Machine::tensorReduce(const TensorReduce &op) {
  View src = view(op.src()), dst = view(op.dst());
  int reduceDims = std::max(1, op.reduce_dims());
  int64_t inner = 1;
  for (int d = std::max(0, src.numDims - reduceDims); d < src.numDims; ++d)
    inner *= src.counts[d];
  int64_t outer = src.elements / inner;
  std::vector<float> row(src.elements), out(outer);
  for (int p = 0; p < src.partitions; ++p) {
    loadRow(src, p, row.data());
    for (int64_t o = 0; o < outer; ++o) {
      const float *x = row.data() + o * inner;
      float acc = x[0];
      for (int64_t i = 1; i < inner; ++i)
        acc = aluOp(op.op(), acc, x[i]);
      out[o] = op.negate() ? -acc : acc;
    }
    storeRow(dst, p, out.data(), saturateFp8);
  }
  noteWrite(op.dst());
}

void Machine::tensorCopy(const TensorCopy &op) {
  View src = view(op.src()), dst = view(op.dst());
  if (src.dtype == dst.dtype) {
    std::vector<uint8_t> bytes(src.elements * src.elementBytes);
    for (int p = 0; p < src.partitions; ++p) {
      gatherBytes(src, p, bytes.data());
      scatterBytes(dst, p, bytes.data());
    }
  } else {
    std::vector<float> row(src.elements);
    for (int p = 0; p < src.partitions; ++p) {
      loadRow(src, p, row.data());
      storeRow(dst, p, row.data(), saturateFp8);
    }
  }
  noteWrite(op.dst());
}

void Machine::select(const Select &op) {
  View pred = view(op.pred()), a = view(op.a()), b = view(op.b()),
       dst = view(op.dst());
  std::vector<float> rp(a.elements), ra(a.elements), rb(a.elements);
  for (int p = 0; p < a.partitions; ++p) {
    loadRow(pred, p, rp.data());
    loadRow(a, p, ra.data());
    loadRow(b, p, rb.data());
    for (int64_t i = 0; i < a.elements; ++i)
      ra[i] = rp[i] != 0.0f ? ra[i] : rb[i];
    storeRow(dst, p, ra.data(), saturateFp8);
  }
  noteWrite(op.dst());
}

void Machine::iota(const Iota &op) {
  View dst = view(op.dst());
  // Integer destinations are written exactly (no fp32 rounding of the index).
  systole::DType type = toRuntimeDType(dst.dtype);
  HostTensor row = HostTensor::zeros(type, {dst.elements});
  for (int p = 0; p < dst.partitions; ++p) {
    int64_t idx[ncx::kMaxFreeDims] = {};
    for (int64_t e = 0; e < dst.elements; ++e) {
      int64_t value = op.base() + p * op.partition_multiplier();
      for (int d = 0;
           d < op.dim_multipliers_size() && d < std::max(1, dst.numDims); ++d)
        value += idx[d] * op.dim_multipliers(d);
      if (isInteger(type))
        row.setInt64(e, value);
      else
        row.setDouble(e, static_cast<double>(static_cast<float>(value)));
      for (int d = dst.numDims - 1; d >= 0; --d) {
        if (++idx[d] < dst.counts[d])
          break;
        idx[d] = 0;
      }
    }
    scatterBytes(dst, p, row.data.data());
  }
  noteWrite(op.dst());
}

void Machine::memset(const Memset &op) {
  View dst = view(op.dst());
  systole::DType type = toRuntimeDType(dst.dtype);
  HostTensor one = HostTensor::zeros(type, {1});
  if (isFloat(type))
    one.setBits(0, encodeFloat(op.value(), type, saturateFp8));
  else if (std::isnan(op.value()))
    one.setInt64(0, 0);
  else {
    float v = static_cast<float>(op.value());
    storeRow(
        View{one.data.data(), 0, 1, dst.dtype, dst.elementBytes, 0, {}, {}, 1},
        0, &v, saturateFp8);
  }
  std::vector<uint8_t> row(dst.elements * dst.elementBytes);
  for (int64_t e = 0; e < dst.elements; ++e)
    std::memcpy(row.data() + e * dst.elementBytes, one.data.data(),
                dst.elementBytes);
  for (int p = 0; p < dst.partitions; ++p)
    scatterBytes(dst, p, row.data());
  noteWrite(op.dst());
}

void Machine::partitionReduce(const PartitionReduce &op) {
  View src = view(op.src()), dst = view(op.dst());
  std::vector<float> acc(src.elements), row(src.elements);
  loadRow(src, 0, acc.data());
  for (int p = 1; p < src.partitions; ++p) {
    loadRow(src, p, row.data());
    for (int64_t i = 0; i < src.elements; ++i)
      acc[i] = aluOp(op.op(), acc[i], row[i]);
  }
  storeRow(dst, 0, acc.data(), saturateFp8);
  noteWrite(op.dst());
}

void Machine::partitionBroadcast(const PartitionBroadcast &op) {
  View src = view(op.src()), dst = view(op.dst());
  std::vector<float> row(src.elements);
  loadRow(src, 0, row.data());
  for (int p = 0; p < dst.partitions; ++p)
    storeRow(dst, p, row.data(), saturateFp8);
  noteWrite(op.dst());
}

absl::Status
Machine::gatherScatter(const AccessPattern &table, const AccessPattern &indices,
                       const AccessPattern &data, int64_t rowStride,
                       int64_t numRows, bool gather, bool skipOutOfBounds,
                       bool accumulate, StreamId stream, int index) {
  View tableView = view(table), idx = view(indices), dataView = view(data);
  std::vector<float> rowValues(dataView.elements);
  // Rows of the same element type move as bytes (DMA copies them; i32 data
  // of 2^24 and above would not survive fp32); a dtype change or an
  // accumulation goes through the values.
  const bool bytewise = tableView.dtype == dataView.dtype && !accumulate;
  std::vector<uint8_t> rowBytes(
      bytewise ? dataView.elements * dataView.elementBytes : 0);
  for (int p = 0; p < dataView.partitions; ++p) {
    float indexValue;
    loadRow(idx, p, &indexValue);
    bool inBounds =
        indexValue >= 0.0f && indexValue < static_cast<float>(numRows);
    if (!inBounds && skipOutOfBounds)
      continue;
    if (!inBounds)
      return fail(stream, index,
                  absl::StrFormat(
                      "index %g at partition %d is outside the table's %d rows",
                      indexValue, p, numRows));
    View row = tableView;
    row.base +=
        static_cast<int64_t>(indexValue) * rowStride * tableView.elementBytes;
    if (bytewise) {
      if (gather) {
        gatherBytes(row, 0, rowBytes.data());
        scatterBytes(singlePartition(dataView, p), 0, rowBytes.data());
      } else {
        gatherBytes(singlePartition(dataView, p), 0, rowBytes.data());
        scatterBytes(row, 0, rowBytes.data());
      }
    } else if (gather) {
      loadRow(row, 0, rowValues.data());
      storeRow(singlePartition(dataView, p), 0, rowValues.data(), saturateFp8);
    } else {
      loadRow(singlePartition(dataView, p), 0, rowValues.data());
      if (accumulate) {
        std::vector<float> current(rowValues.size());
        loadRow(row, 0, current.data());
        for (size_t i = 0; i < current.size(); ++i)
          rowValues[i] = current[i] + rowValues[i];
      }
      storeRow(row, 0, rowValues.data(), saturateFp8);
    }
  }
  if (gather)
    noteWrite(data);
  else
    noteWrite(table);
  return absl::OkStatus();
}

absl::Status Machine::execute(const Instruction &inst, StreamId stream,
                              int index) {
  switch (inst.kind_case()) {
  case Instruction::kDmaCopy:
    dmaCopy(inst.dma_copy());
    break;
  case Instruction::kMatmul:
    matmul(inst.matmul());
    break;
  case Instruction::kTranspose:
    transpose(inst.transpose());
    break;
  case Instruction::kActivation:
    activation(inst.activation());
    break;
  case Instruction::kTensorTensor:
    tensorTensor(inst.tensor_tensor());
    break;
  case Instruction::kTensorScalar:
    tensorScalar(inst.tensor_scalar());
    break;
  case Instruction::kTensorReduce:
    tensorReduce(inst.tensor_reduce());
    break;
  case Instruction::kTensorCopy:
    tensorCopy(inst.tensor_copy());
    break;
  case Instruction::kSelect:
    select(inst.select());
    break;
  case Instruction::kIota:
    iota(inst.iota());
    break;
  case Instruction::kMemset:
    memset(inst.memset());
    break;
  case Instruction::kPartitionReduce:
    partitionReduce(inst.partition_reduce());
    break;
  case Instruction::kPartitionBroadcast:
    partitionBroadcast(inst.partition_broadcast());
    break;
  case Instruction::kGather:
    return gatherScatter(inst.gather().table(), inst.gather().indices(),
                         inst.gather().dst(), inst.gather().row_stride(),
                         inst.gather().num_rows(), true, false, false, stream,
                         index);
  case Instruction::kScatter:
    return gatherScatter(inst.scatter().table(), inst.scatter().indices(),
                         inst.scatter().src(), inst.scatter().row_stride(),
                         inst.scatter().num_rows(), false,
                         inst.scatter().skip_out_of_bounds(),
                         inst.scatter().accumulate(), stream, index);
  case Instruction::KIND_NOT_SET:
    return fail(stream, index, "instruction has no kind");
  }
  return absl::OkStatus();
}

} // namespace systole::sim
