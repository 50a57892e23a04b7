//===- Interpreter.cpp - reference interpreter: values, control flow ------===//
//
// The driver of the reference interpreter (Interpreter.h): converts constants,
// walks blocks in order, evaluates regions (while, if, case, func.call and the
// bodies of reductions), the check.* custom calls, tuples, collectives for a
// single replica and partition, and random number generation. The other
// op families live in Elementwise.cpp, ShapeOps.cpp, Contractions.cpp and
// Reductions.cpp.
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Internal.h"

#include "runtime/api/Compare.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>

using namespace mlir;

namespace systole::reference {

FailureOr<DType> toDType(Type t) {
  if (t.isF64())
    return DType::F64;
  if (t.isF32())
    return DType::F32;
  if (t.isF16())
    return DType::F16;
  if (t.isBF16())
    return DType::BF16;
  if (t.isFloat8E4M3())
    return DType::F8E4M3;
  if (t.isFloat8E4M3FN())
    return DType::F8E4M3FN;
  if (t.isFloat8E5M2())
    return DType::F8E5M2;
  if (auto it = dyn_cast<IntegerType>(t)) {
    unsigned w = it.getWidth();
    if (w == 1)
      return DType::I1;
    bool u = it.isUnsigned();
    switch (w) {
    case 8:
      return u ? DType::U8 : DType::I8;
    case 16:
      return u ? DType::U16 : DType::I16;
    case 32:
      return u ? DType::U32 : DType::I32;
    case 64:
      return u ? DType::U64 : DType::I64;
    default:
      return failure();
    }
  }
  if (auto ct = dyn_cast<ComplexType>(t)) {
    if (ct.getElementType().isF32())
      return DType::C64;
    if (ct.getElementType().isF64())
      return DType::C128;
  }
  return failure();
}

namespace detail {

//===----------------------------------------------------------------------===//
// Element conversions
//===----------------------------------------------------------------------===//

template <typename T> static T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> static void store(uint8_t *p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

std::vector<double> toDoubles(const HostTensor &t) {
  const int64_t n = t.numElements();
  std::vector<double> out(n);
  const uint8_t *p = t.data.data();
  switch (t.dtype) {
  case DType::F64:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<double>(p + 8 * i);
    break;
  case DType::F32:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<float>(p + 4 * i);
    break;
  case DType::BF16:
    for (int64_t i = 0; i < n; ++i)
      out[i] = bf16ToFloat(load<uint16_t>(p + 2 * i));
    break;
  case DType::F16:
    for (int64_t i = 0; i < n; ++i)
      out[i] = f16ToFloat(load<uint16_t>(p + 2 * i));
    break;
  default:
    for (int64_t i = 0; i < n; ++i)
      out[i] = t.getDouble(i);
  }
  return out;
}

void storeDoubles(HostTensor &t, const std::vector<double> &v) {
  const int64_t n = t.numElements();
  uint8_t *p = t.data.data();
  switch (t.dtype) {
  case DType::F64:
    for (int64_t i = 0; i < n; ++i)
      store<double>(p + 8 * i, v[i]);
    break;
  case DType::F32:
    for (int64_t i = 0; i < n; ++i)
      store<float>(p + 4 * i, static_cast<float>(v[i]));
    break;
  case DType::BF16:
    for (int64_t i = 0; i < n; ++i)
      store<uint16_t>(p + 2 * i, doubleToBf16(v[i]));
    break;
  case DType::F16:
    for (int64_t i = 0; i < n; ++i)
      store<uint16_t>(p + 2 * i, doubleToF16(v[i]));
    break;
  default:
    for (int64_t i = 0; i < n; ++i)
      t.setDouble(i, v[i]);
  }
}

std::vector<int64_t> toInts(const HostTensor &t) {
  const int64_t n = t.numElements();
  std::vector<int64_t> out(n);
  const uint8_t *p = t.data.data();
  switch (t.dtype) {
  case DType::I64:
  case DType::U64:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<int64_t>(p + 8 * i);
    break;
  case DType::I32:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<int32_t>(p + 4 * i);
    break;
  case DType::U32:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<uint32_t>(p + 4 * i);
    break;
  case DType::I16:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<int16_t>(p + 2 * i);
    break;
  case DType::U16:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<uint16_t>(p + 2 * i);
    break;
  case DType::I8:
    for (int64_t i = 0; i < n; ++i)
      out[i] = load<int8_t>(p + i);
    break;
  case DType::U8:
  case DType::I1:
    for (int64_t i = 0; i < n; ++i)
      out[i] = p[i];
    break;
  default:
    for (int64_t i = 0; i < n; ++i)
      out[i] = t.getInt64(i);
  }
  return out;
}

void storeInts(HostTensor &t, const std::vector<int64_t> &v) {
  const int64_t n = t.numElements();
  uint8_t *p = t.data.data();
  switch (t.dtype) {
  case DType::I64:
  case DType::U64:
    for (int64_t i = 0; i < n; ++i)
      store<int64_t>(p + 8 * i, v[i]);
    break;
  case DType::I32:
  case DType::U32:
    for (int64_t i = 0; i < n; ++i)
      store<uint32_t>(p + 4 * i, static_cast<uint32_t>(v[i]));
    break;
  case DType::I16:
  case DType::U16:
    for (int64_t i = 0; i < n; ++i)
      store<uint16_t>(p + 2 * i, static_cast<uint16_t>(v[i]));
    break;
  case DType::I8:
  case DType::U8:
    for (int64_t i = 0; i < n; ++i)
      p[i] = static_cast<uint8_t>(v[i]);
    break;
  case DType::I1:
    for (int64_t i = 0; i < n; ++i)
      p[i] = v[i] != 0;
    break;
  default:
    for (int64_t i = 0; i < n; ++i)
      t.setInt64(i, v[i]);
  }
}

std::vector<std::complex<double>> toComplex(const HostTensor &t) {
  const int64_t n = t.numElements();
  std::vector<std::complex<double>> out(n);
  for (int64_t i = 0; i < n; ++i)
    out[i] = t.getComplex(i);
  return out;
}

void storeComplex(HostTensor &t, const std::vector<std::complex<double>> &v) {
  const int64_t n = t.numElements();
  for (int64_t i = 0; i < n; ++i)
    t.setComplex(i, v[i]);
}

FailureOr<std::pair<DType, std::vector<int64_t>>> tensorTypeOf(Operation *op,
                                                               Type type) {
  auto rt = dyn_cast<RankedTensorType>(type);
  if (!rt || !rt.hasStaticShape()) {
    op->emitError() << "reference interpreter: '" << op->getName()
                    << "' has a value of unsupported type " << type
                    << " (static ranked tensors only)";
    return failure();
  }
  auto dt = toDType(rt.getElementType());
  if (failed(dt)) {
    op->emitError() << "reference interpreter: '" << op->getName()
                    << "' has unsupported element type " << rt.getElementType();
    return failure();
  }
  return std::make_pair(
      *dt, std::vector<int64_t>(rt.getShape().begin(), rt.getShape().end()));
}

std::vector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    s[d] = s[d + 1] * shape[d + 1];
  return s;
}

void forEachIndex(ArrayRef<int64_t> shape,
                  const std::function<void(ArrayRef<int64_t>)> &fn) {
  for (int64_t d : shape)
    if (d == 0)
      return;
  std::vector<int64_t> idx(shape.size(), 0);
  while (true) {
    fn(idx);
    int64_t d = static_cast<int64_t>(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
    if (d < 0)
      return;
  }
}

HostTensor scalarAt(const HostTensor &t, int64_t index) {
  HostTensor s = makeTensor(t.dtype, {});
  copyElement(t, index, s, 0);
  return s;
}

std::optional<Combiner> matchCombiner(Region &region) {
  if (!region.hasOneBlock())
    return std::nullopt;
  Block &b = region.front();
  if (b.getNumArguments() != 2 || b.getOperations().size() != 2)
    return std::nullopt;
  Operation &op = b.front();
  Operation *ret = b.getTerminator();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != op.getResult(0))
    return std::nullopt;
  bool direct = op.getOperand(0) == b.getArgument(0) &&
                op.getOperand(1) == b.getArgument(1);
  bool swapped = op.getOperand(0) == b.getArgument(1) &&
                 op.getOperand(1) == b.getArgument(0);
  if (!direct && !swapped)
    return std::nullopt;
  if (isa<stablehlo::AddOp>(op))
    return Combiner::Add;
  if (isa<stablehlo::MultiplyOp>(op))
    return Combiner::Mul;
  if (isa<stablehlo::MaximumOp>(op))
    return Combiner::Max;
  if (isa<stablehlo::MinimumOp>(op))
    return Combiner::Min;
  if (isa<stablehlo::AndOp>(op))
    return Combiner::And;
  if (isa<stablehlo::OrOp>(op))
    return Combiner::Or;
  if (isa<stablehlo::XorOp>(op))
    return Combiner::Xor;
  return std::nullopt;
}

double ScalarCombiner::applyF(double a, double b) const {
  double r;
  switch (kind) {
  case Combiner::Add:
    r = a + b;
    break;
  case Combiner::Mul:
    r = a * b;
    break;
  case Combiner::Max:
    r = (std::isnan(a) || std::isnan(b)) ? NAN
        : (a == b)                       ? (std::signbit(a) ? b : a)
                                         : std::max(a, b);
    break;
  case Combiner::Min:
    r = (std::isnan(a) || std::isnan(b)) ? NAN
        : (a == b)                       ? (std::signbit(a) ? a : b)
                                         : std::min(a, b);
    break;
  default:
    r = NAN;
  }
  return roundToFloatType(r, dtype);
}

int64_t ScalarCombiner::applyI(int64_t a, int64_t b) const {
  bool u = dtype == DType::U64;
  switch (kind) {
  case Combiner::Add:
    return static_cast<int64_t>(static_cast<uint64_t>(a) +
                                static_cast<uint64_t>(b));
  case Combiner::Mul:
    return static_cast<int64_t>(static_cast<uint64_t>(a) *
                                static_cast<uint64_t>(b));
  case Combiner::Max:
    if (u)
      return static_cast<uint64_t>(a) > static_cast<uint64_t>(b) ? a : b;
    return std::max(a, b);
  case Combiner::Min:
    if (u)
      return static_cast<uint64_t>(a) < static_cast<uint64_t>(b) ? a : b;
    return std::min(a, b);
  case Combiner::And:
    return a & b;
  case Combiner::Or:
    return a | b;
  case Combiner::Xor:
    return a ^ b;
  }
  return 0;
}

std::complex<double> ScalarCombiner::applyC(std::complex<double> a,
                                            std::complex<double> b) const {
  if (dtype == DType::C64) {
    // complex<f32> arithmetic in f32, as XLA does.
    std::complex<float> fa(a.real(), a.imag()), fb(b.real(), b.imag());
    std::complex<float> r = kind == Combiner::Mul ? fa * fb : fa + fb;
    return {r.real(), r.imag()};
  }
  return kind == Combiner::Mul ? a * b : a + b;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

static FailureOr<HostTensor> constantToTensor(Operation *op, Attribute attr) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense) {
    op->emitError() << "reference interpreter: unsupported constant "
                       "attribute kind (dense elements only)";
    return failure();
  }
  auto tt = tensorTypeOf(op, dense.getType());
  if (failed(tt))
    return failure();
  HostTensor t = makeTensor(tt->first, tt->second);
  const int64_t n = t.numElements();
  if (n == 0)
    return t;
  const DType dt = t.dtype;
  const int64_t w = byteWidth(dt);
  if (dt == DType::I1) {
    auto vals = dense.getValues<bool>();
    for (int64_t i = 0; i < n; ++i)
      t.data[i] = vals[dense.isSplat() ? 0 : i];
    return t;
  }
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    if (static_cast<int64_t>(raw.size()) < w) {
      op->emitError() << "reference interpreter: malformed splat constant";
      return failure();
    }
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(t.data.data() + i * w, raw.data(), w);
  } else {
    if (static_cast<int64_t>(raw.size()) != n * w) {
      op->emitError() << "reference interpreter: malformed constant data";
      return failure();
    }
    std::memcpy(t.data.data(), raw.data(), n * w);
  }
  return t;
}

//===----------------------------------------------------------------------===//
// RNG bit generators (XLA's THREE_FRY and PHILOX)
//===----------------------------------------------------------------------===//

static inline uint32_t rotl32(uint32_t v, int r) {
  return (v << r) | (v >> (32 - r));
}

/// Threefry-2x32 with 20 rounds (Salmon et al., "Parallel random numbers: as
/// easy as 1, 2, 3").
static std::pair<uint32_t, uint32_t> threefry2x32(uint32_t k0, uint32_t k1,
                                                  uint32_t x0, uint32_t x1) {
  static const int rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t ks[3] = {k0, k1, 0x1BD11BDAu ^ k0 ^ k1};
  x0 += ks[0];
  x1 += ks[1];
  for (int i = 0; i < 5; ++i) {
    const int *r = rot + (i % 2) * 4;
    for (int j = 0; j < 4; ++j) {
      x0 += x1;
      x1 = rotl32(x1, r[j]);
      x1 ^= x0;
    }
    x0 += ks[(i + 1) % 3];
    x1 += ks[(i + 2) % 3] + static_cast<uint32_t>(i + 1);
  }
  return {x0, x1};
}

/// Philox-4x32 with 10 rounds (same paper).
static std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 4> c,
                                          uint32_t k0, uint32_t k1) {
  for (int r = 0; r < 10; ++r) {
    uint64_t p0 = static_cast<uint64_t>(0xD2511F53u) * c[0];
    uint64_t p1 = static_cast<uint64_t>(0xCD9E8D57u) * c[2];
    std::array<uint32_t, 4> n = {
        static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k0, static_cast<uint32_t>(p1),
        static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k1, static_cast<uint32_t>(p0)};
    c = n;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c;
}

static FailureOr<Results> evalRngBitGenerator(stablehlo::RngBitGeneratorOp op,
                                              const HostTensor &state) {
  auto st = tensorTypeOf(op, op.getOutputState().getType());
  auto ot = tensorTypeOf(op, op.getOutput().getType());
  if (failed(st) || failed(ot))
    return failure();
  HostTensor newState = state;
  HostTensor out = makeTensor(ot->first, ot->second);
  const int64_t outBytes = out.byteSize();
  std::vector<uint64_t> words((outBytes + 7) / 8);
  auto stateWord = [&](int64_t i) -> uint64_t {
    return static_cast<uint64_t>(state.getInt64(i));
  };
  auto alg = op.getRngAlgorithm();
  if (alg == stablehlo::RngAlgorithm::DEFAULT)
    alg = stablehlo::RngAlgorithm::THREE_FRY;
  if (alg == stablehlo::RngAlgorithm::THREE_FRY) {
    if (state.dtype != DType::U64 || state.numElements() != 2) {
      op.emitError() << "reference interpreter: THREE_FRY needs a 2xui64 state";
      return failure();
    }
    uint64_t key = stateWord(0), counter = stateWord(1);
    for (size_t i = 0; i < words.size(); ++i) {
      uint64_t c = counter + i;
      auto r = threefry2x32(
          static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32),
          static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32));
      words[i] = r.first | (static_cast<uint64_t>(r.second) << 32);
    }
    newState.setInt64(1, static_cast<int64_t>(counter + words.size()));
  } else {
    if (state.dtype != DType::U64 ||
        (state.numElements() != 2 && state.numElements() != 3)) {
      op.emitError() << "reference interpreter: PHILOX needs a 2xui64 or "
                        "3xui64 state";
      return failure();
    }
    uint64_t key = stateWord(0);
    uint64_t c0 = stateWord(1);
    uint64_t c1 = state.numElements() == 3 ? stateWord(2) : 0;
    size_t nBlocks = (words.size() + 1) / 2;
    for (size_t i = 0; i < nBlocks; ++i) {
      uint64_t lo = c0 + i;
      uint64_t hi = c1 + (lo < c0 ? 1 : 0);
      auto r = philox4x32(
          {static_cast<uint32_t>(lo), static_cast<uint32_t>(lo >> 32),
           static_cast<uint32_t>(hi), static_cast<uint32_t>(hi >> 32)},
          static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32));
      words[2 * i] = r[0] | (static_cast<uint64_t>(r[1]) << 32);
      if (2 * i + 1 < words.size())
        words[2 * i + 1] = r[2] | (static_cast<uint64_t>(r[3]) << 32);
    }
    uint64_t lo = c0 + nBlocks;
    newState.setInt64(1, static_cast<int64_t>(lo));
    if (state.numElements() == 3 && lo < c0)
      newState.setInt64(2, static_cast<int64_t>(c1 + 1));
  }
  std::memcpy(out.data.data(), words.data(), outBytes);
  return Results{Value::ofTensor(newState), Value::ofTensor(out)};
}

//===----------------------------------------------------------------------===//
// The interpreter proper
//===----------------------------------------------------------------------===//

class Interpreter {
public:
  Interpreter(std::vector<CheckResult> *checks,
              const InterpreterOptions &options)
      : checks(checks), options(options) {}

  /// Values visible in a block: its own, then those of enclosing blocks
  /// (regions may use values defined above them).
  struct Scope {
    llvm::DenseMap<mlir::Value, Value> values;
    const Scope *parent = nullptr;
    const Value *lookup(mlir::Value v) const {
      for (const Scope *s = this; s; s = s->parent) {
        auto it = s->values.find(v);
        if (it != s->values.end())
          return &it->second;
      }
      return nullptr;
    }
  };

  FailureOr<std::vector<Value>> runRegion(Region &region,
                                          std::vector<Value> args,
                                          const Scope *parent = nullptr);
  FailureOr<std::vector<Value>> runFunc(func::FuncOp f,
                                        std::vector<Value> args);

private:
  FailureOr<Results> evalOp(Operation *op, Scope &env,
                            const std::vector<mlir::Value> *dyingHere);
  FailureOr<Results> evalOpWith(Operation *op, Operands operands,
                                const Scope *scope);
  FailureOr<Results> evalCustomCall(stablehlo::CustomCallOp op,
                                    Operands operands);
  const std::vector<std::vector<mlir::Value>> &deathsOf(Block &block);

  std::vector<CheckResult> *checks;
  InterpreterOptions options;
  llvm::DenseMap<Block *, std::vector<std::vector<mlir::Value>>> deaths;
  int callDepth = 0;
};

/// For each op of `block` (by position), the values defined in the block
/// whose last use is that op, so their storage can be freed early (keeps the
/// memory of large graphs bounded).
const std::vector<std::vector<mlir::Value>> &
Interpreter::deathsOf(Block &block) {
  auto it = deaths.find(&block);
  if (it != deaths.end())
    return it->second;
  llvm::DenseMap<Operation *, int64_t> position;
  int64_t i = 0;
  for (Operation &op : block)
    position[&op] = i++;
  std::vector<std::vector<mlir::Value>> d(i);
  auto consider = [&](mlir::Value v) {
    int64_t last = -1;
    for (Operation *user : v.getUsers()) {
      Operation *anc = block.findAncestorOpInBlock(*user);
      if (!anc)
        return; // used outside: keep it
      last = std::max(last, position[anc]);
    }
    if (last >= 0)
      d[last].push_back(v);
  };
  for (BlockArgument a : block.getArguments())
    consider(a);
  for (Operation &op : block)
    for (mlir::Value r : op.getResults())
      consider(r);
  return deaths[&block] = std::move(d);
}

FailureOr<std::vector<Value>> Interpreter::runRegion(Region &region,
                                                     std::vector<Value> args,
                                                     const Scope *parent) {
  if (!region.hasOneBlock()) {
    if (Operation *parent = region.getParentOp())
      parent->emitError() << "reference interpreter: regions with more than "
                             "one block are not supported";
    return failure();
  }
  Block &block = region.front();
  if (block.getNumArguments() != args.size()) {
    region.getParentOp()->emitError()
        << "reference interpreter: region expects " << block.getNumArguments()
        << " arguments, got " << args.size();
    return failure();
  }
  Scope env;
  env.parent = parent;
  for (auto [a, v] : llvm::zip(block.getArguments(), args))
    env.values[a] = std::move(v);
  const bool large = block.getOperations().size() > 8;
  const std::vector<std::vector<mlir::Value>> *dying =
      large ? &deathsOf(block) : nullptr;
  int64_t pos = 0;
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      std::vector<Value> out;
      for (mlir::Value v : op.getOperands()) {
        const Value *found = env.lookup(v);
        if (!found) {
          op.emitError() << "reference interpreter: value used before "
                            "definition";
          return failure();
        }
        out.push_back(*found);
      }
      return out;
    }
    auto results = evalOp(&op, env, dying ? &(*dying)[pos] : nullptr);
    if (failed(results))
      return failure();
    if (results->size() != op.getNumResults()) {
      op.emitError() << "reference interpreter: internal error: wrong number "
                        "of results";
      return failure();
    }
    for (auto [r, v] : llvm::zip(op.getResults(), *results))
      env.values[r] = std::move(v);
    if (dying)
      for (mlir::Value v : (*dying)[pos])
        env.values.erase(v);
    ++pos;
  }
  region.getParentOp()->emitError()
      << "reference interpreter: region has no terminator";
  return failure();
}

FailureOr<std::vector<Value>> Interpreter::runFunc(func::FuncOp f,
                                                   std::vector<Value> args) {
  if (f.isExternal()) {
    f.emitError() << "reference interpreter: function '" << f.getName()
                  << "' has no body";
    return failure();
  }
  if (++callDepth > 1000) {
    f.emitError() << "reference interpreter: call depth exceeds 1000";
    return failure();
  }
  auto r = runRegion(f.getBody(), std::move(args));
  --callDepth;
  return r;
}

FailureOr<Results>
Interpreter::evalOp(Operation *op, Scope &env,
                    const std::vector<mlir::Value> *dyingHere) {
  std::vector<Value> operands;
  operands.reserve(op->getNumOperands());
  for (mlir::Value v : op->getOperands()) {
    // A value of this block whose last use is this op (used once by it, and
    // not by its regions) is moved, not copied.
    auto it = env.values.find(v);
    bool move = it != env.values.end() && dyingHere &&
                op->getNumRegions() == 0 && llvm::is_contained(*dyingHere, v) &&
                llvm::count(op->getOperands(), v) == 1;
    if (move) {
      operands.push_back(std::move(it->second));
      continue;
    }
    const Value *found = env.lookup(v);
    if (!found) {
      op->emitError() << "reference interpreter: operand used before its "
                         "definition";
      return failure();
    }
    operands.push_back(*found);
  }
  FailureOr<Results> results = evalOpWith(op, operands, &env);
  if (options.observe && succeeded(results)) {
    auto tensors = [](ArrayRef<Value> values) {
      std::vector<const HostTensor *> out;
      for (const Value &v : values)
        out.push_back(v.isTuple ? nullptr : &v.tensor);
      return out;
    };
    options.observe(op, tensors(operands), tensors(*results));
  }
  return results;
}

FailureOr<Results> Interpreter::evalCustomCall(stablehlo::CustomCallOp op,
                                               Operands operands) {
  StringRef target = op.getCallTargetName();
  if (target == "check.expect_close" || target == "check.expect_eq" ||
      target == "check.expect_almost_eq") {
    if (operands.size() != 2 || operands[0].isTuple || operands[1].isTuple) {
      op.emitError() << "reference interpreter: " << target
                     << " takes two tensor operands (actual, expected)";
      return failure();
    }
    const HostTensor &a = operands[0].tensor, &e = operands[1].tensor;
    CompareResult cr = target == "check.expect_close" ? expectClose(a, e)
                       : target == "check.expect_eq"  ? expectEq(a, e)
                                                      : expectAlmostEq(a, e);
    if (checks)
      checks->push_back(
          CheckResult{op.getLoc(), target.str(), cr.ok, cr.message});
    Results out;
    for (Type t : op.getResultTypes()) {
      auto tt = tensorTypeOf(op, t);
      if (failed(tt))
        return failure();
      out.push_back(Value::ofTensor(makeTensor(tt->first, tt->second)));
    }
    return out;
  }
  // Sharding annotations are identities on a single core.
  if (target == "Sharding" || target == "SPMDFullToShardShape" ||
      target == "SPMDShardToFullShape" ||
      target == "annotate_device_placement" || target == "mhlo.sharding" ||
      target == "xla.sdy.GlobalToLocalShape" ||
      target == "xla.sdy.LocalToGlobalShape") {
    if (operands.size() == op.getNumResults())
      return Results(operands.begin(), operands.end());
  }
  op.emitError() << "reference interpreter: unsupported custom_call target '"
                 << target << "'";
  return failure();
}

static Results single(HostTensor t) { return Results{Value::ofTensor(t)}; }

FailureOr<Results> Interpreter::evalOpWith(Operation *op, Operands operands,
                                           const Scope *scope) {
  RegionRunner runner = [this, scope](Region &r, ArrayRef<Value> args) {
    return runRegion(r, std::vector<Value>(args.begin(), args.end()), scope);
  };
  // Every tensor operand of the ops below must be a tensor, not a tuple.
  if (auto c = dyn_cast<stablehlo::ConstantOp>(op)) {
    auto t = constantToTensor(op, c.getValue());
    if (failed(t))
      return failure();
    return single(std::move(*t));
  }
  // Tensor constants of other dialects (the `input` phase normally turns
  // them into stablehlo.constant).
  if ((op->getName().getStringRef() == "arith.constant" ||
       op->getName().getStringRef() == "sdy.constant") &&
      op->getNumResults() == 1) {
    if (auto v = op->getAttrOfType<DenseElementsAttr>("value")) {
      auto t = constantToTensor(op, v);
      if (failed(t))
        return failure();
      return single(std::move(*t));
    }
  }
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee) {
      op->emitError() << "reference interpreter: unknown callee '"
                      << call.getCallee() << "'";
      return failure();
    }
    return runFunc(callee,
                   std::vector<Value>(operands.begin(), operands.end()));
  }
  if (auto w = dyn_cast<stablehlo::WhileOp>(op)) {
    std::vector<Value> state(operands.begin(), operands.end());
    for (int64_t iter = 0;; ++iter) {
      auto c = runRegion(w.getCond(), state, scope);
      if (failed(c))
        return failure();
      if (c->size() != 1 || (*c)[0].isTuple ||
          (*c)[0].tensor.numElements() != 1) {
        op->emitError() << "reference interpreter: while condition must "
                           "return one boolean";
        return failure();
      }
      if ((*c)[0].tensor.getInt64(0) == 0)
        return state;
      if (iter >= options.maxWhileIterations) {
        op->emitError() << "reference interpreter: while loop exceeded "
                        << options.maxWhileIterations << " iterations";
        return failure();
      }
      auto b = runRegion(w.getBody(), state, scope);
      if (failed(b))
        return failure();
      state = std::move(*b);
    }
  }
  if (auto i = dyn_cast<stablehlo::IfOp>(op)) {
    bool pred = operands[0].tensor.getInt64(0) != 0;
    return runRegion(pred ? i.getTrueBranch() : i.getFalseBranch(), {}, scope);
  }
  if (auto c = dyn_cast<stablehlo::CaseOp>(op)) {
    int64_t n = c.getBranches().size();
    int64_t idx = operands[0].tensor.getInt64(0);
    if (idx < 0 || idx >= n)
      idx = n - 1;
    return runRegion(c.getBranches()[idx], {}, scope);
  }
  if (auto cc = dyn_cast<stablehlo::CustomCallOp>(op))
    return evalCustomCall(cc, operands);
  if (isa<stablehlo::OptimizationBarrierOp>(op))
    return Results(operands.begin(), operands.end());
  if (isa<stablehlo::TupleOp>(op)) {
    Value v;
    v.isTuple = true;
    v.elements.assign(operands.begin(), operands.end());
    return Results{v};
  }
  if (auto g = dyn_cast<stablehlo::GetTupleElementOp>(op)) {
    uint32_t idx = g.getIndex();
    if (!operands[0].isTuple || idx >= operands[0].elements.size()) {
      op->emitError() << "reference interpreter: tuple index out of range";
      return failure();
    }
    return Results{operands[0].elements[idx]};
  }
  if (isa<stablehlo::ReplicaIdOp, stablehlo::PartitionIdOp>(op)) {
    auto tt = tensorTypeOf(op, op->getResult(0).getType());
    if (failed(tt))
      return failure();
    return single(makeTensor(tt->first, tt->second));
  }
  if (isa<stablehlo::AllGatherOp, stablehlo::AllToAllOp>(op))
    return Results(operands.begin(), operands.end());
  if (auto cp = dyn_cast<stablehlo::CollectivePermuteOp>(op)) {
    // One process (id 0): it receives its own data only if (0, 0) is a pair.
    bool self = false;
    auto pairs =
        llvm::to_vector(cp.getSourceTargetPairs().getValues<int64_t>());
    for (size_t i = 0; i + 1 < pairs.size(); i += 2)
      self |= pairs[i] == 0 && pairs[i + 1] == 0;
    if (self)
      return Results{operands[0]};
    return single(
        makeTensor(operands[0].tensor.dtype, operands[0].tensor.shape));
  }
  if (auto r = dyn_cast<stablehlo::RngBitGeneratorOp>(op))
    return evalRngBitGenerator(r, operands[0].tensor);
  if (auto r = dyn_cast<stablehlo::RngOp>(op)) {
    // Implementation-defined (spec: rng); a fixed-seed generator keeps runs
    // deterministic.
    auto tt = tensorTypeOf(op, r.getType());
    if (failed(tt))
      return failure();
    HostTensor out = makeTensor(tt->first, tt->second);
    double a = operands[0].tensor.getDouble(0);
    double b = operands[1].tensor.getDouble(0);
    uint64_t s = 0x9E3779B97F4A7C15ull;
    auto next = [&]() {
      s += 0x9E3779B97F4A7C15ull;
      uint64_t z = s;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    bool normal = r.getRngDistribution() == stablehlo::RngDistribution::NORMAL;
    for (int64_t i = 0; i < out.numElements(); ++i) {
      double u1 = (next() >> 11) * (1.0 / 9007199254740992.0);
      if (normal) {
        double u2 = (next() >> 11) * (1.0 / 9007199254740992.0);
        double z = std::sqrt(-2 * std::log(1 - u1)) * std::cos(2 * M_PI * u2);
        out.setDouble(i, a + b * z);
      } else if (isInteger(out.dtype)) {
        int64_t lo = operands[0].tensor.getInt64(0);
        int64_t hi = operands[1].tensor.getInt64(0);
        uint64_t span = static_cast<uint64_t>(hi - lo);
        out.setInt64(i, span ? lo + static_cast<int64_t>(next() % span) : lo);
      } else {
        out.setDouble(i, a + (b - a) * u1);
      }
    }
    return single(std::move(out));
  }
  if (auto gds = dyn_cast<stablehlo::GetDimensionSizeOp>(op)) {
    auto tt = tensorTypeOf(op, gds.getType());
    if (failed(tt))
      return failure();
    HostTensor out = makeTensor(tt->first, tt->second);
    int64_t d = gds.getDimension();
    const auto &shape = operands[0].tensor.shape;
    if (d < 0 || d >= static_cast<int64_t>(shape.size())) {
      op->emitError() << "reference interpreter: dimension out of range";
      return failure();
    }
    out.setInt64(0, shape[d]);
    return single(std::move(out));
  }

  for (const Value &v : operands)
    if (v.isTuple) {
      op->emitError() << "reference interpreter: '" << op->getName()
                      << "' does not take tuple operands";
      return failure();
    }
  if (auto r = evalElementwise(op, operands))
    return *r;
  if (auto r = evalShapeOp(op, operands, runner))
    return *r;
  if (auto r = evalContraction(op, operands))
    return *r;
  if (auto r = evalReduction(op, operands, runner))
    return *r;
  op->emitError() << "reference interpreter: unsupported op '" << op->getName()
                  << "'";
  return failure();
}

} // namespace detail

FailureOr<std::vector<HostTensor>>
evaluate(func::FuncOp func, const std::vector<HostTensor> &inputs,
         std::vector<CheckResult> *checks, const InterpreterOptions &options) {
  FunctionType ft = func.getFunctionType();
  if (ft.getNumInputs() != inputs.size()) {
    func.emitError() << "reference interpreter: '" << func.getName()
                     << "' takes " << ft.getNumInputs() << " arguments, got "
                     << inputs.size();
    return failure();
  }
  std::vector<detail::Value> args;
  for (unsigned i = 0; i < inputs.size(); ++i) {
    auto tt = detail::tensorTypeOf(func, ft.getInput(i));
    if (failed(tt))
      return failure();
    if (tt->first != inputs[i].dtype || tt->second != inputs[i].shape) {
      func.emitError() << "reference interpreter: argument " << i
                       << " has type " << ft.getInput(i) << " but the input is "
                       << typeString(inputs[i]);
      return failure();
    }
    if (inputs[i].byteSize() != static_cast<int64_t>(inputs[i].data.size())) {
      func.emitError() << "reference interpreter: input " << i
                       << " has the wrong number of bytes";
      return failure();
    }
    args.push_back(detail::Value::ofTensor(inputs[i]));
  }
  detail::Interpreter interp(checks, options);
  auto results = interp.runFunc(func, std::move(args));
  if (failed(results))
    return failure();
  std::vector<HostTensor> out;
  for (auto &v : *results) {
    if (v.isTuple) {
      func.emitError() << "reference interpreter: tuple results are not "
                          "supported";
      return failure();
    }
    out.push_back(std::move(v.tensor));
  }
  return out;
}

FailureOr<std::vector<HostTensor>> evaluateOps(ArrayRef<Operation *> ops,
                                               ValueRange results) {
  if (ops.empty())
    return failure();
  MLIRContext *ctx = ops.front()->getContext();
  Location loc = ops.back()->getLoc();
  OpBuilder b(ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  auto func = b.create<func::FuncOp>(
      loc, "main", FunctionType::get(ctx, {}, results.getTypes()));
  b.setInsertionPointToEnd(func.addEntryBlock());
  IRMapping map;
  for (Operation *op : ops)
    b.clone(*op, map);
  SmallVector<Value> mapped;
  for (Value v : results)
    mapped.push_back(map.lookup(v));
  b.create<func::ReturnOp>(loc, mapped);
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
  return evaluate(func, {});
}

} // namespace systole::reference
