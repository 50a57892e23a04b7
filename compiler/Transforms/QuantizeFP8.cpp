//===- QuantizeFP8.cpp - the `quantize` phase: FP8 matmul operands --------===//
//
// See QuantizeFP8.h and Passes.td (QuantizeFP8). DESIGN section 5.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/QuantizeFP8.h"

#include "compiler/Transforms/HloBuilder.h"
#include "compiler/Transforms/Passes.h"

#include "compiler/Reference/Interpreter.h"
#include "dialects/StableHLO/StableHLOOps.h"
#include "runtime/api/FloatFormats.h"

#include "mlir/IR/IRMapping.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace systole {
#define GEN_PASS_DEF_QUANTIZEFP8
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole;

namespace {

/// The element type of `format` (an FP8 DType).
Type fp8Type(MLIRContext *ctx, DType format) {
  if (format == DType::F8E5M2)
    return Float8E5M2Type::get(ctx);
  return Float8E4M3Type::get(ctx);
}

/// The calibrated absmax of an op's lhs and rhs (NaN: not calibrated).
struct Calibration {
  double lhs = NAN, rhs = NAN;
};

/// Reads --fp8-calibration's JSON (see Fp8Options::calibrationPath).
FailureOr<llvm::StringMap<Calibration>>
readCalibration(ModuleOp module, StringRef path, double maxValue) {
  llvm::StringMap<Calibration> table;
  if (path.empty())
    return table;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return mlir::emitError(module.getLoc())
           << "--fp8-calibration: cannot read " << path << ": "
           << buffer.getError().message();
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json)
    return mlir::emitError(module.getLoc())
           << "--fp8-calibration: " << path
           << " is not JSON: " << llvm::toString(json.takeError());
  const llvm::json::Object *root = json->getAsObject();
  if (!root)
    return mlir::emitError(module.getLoc())
           << "--fp8-calibration: " << path
           << " must hold an object keyed by op index or location";
  for (const auto &[key, value] : *root) {
    const llvm::json::Object *entry = value.getAsObject();
    if (!entry)
      return mlir::emitError(module.getLoc())
             << "--fp8-calibration: entry '" << key.str()
             << "' must be an object {\"lhs_amax\": A, \"rhs_amax\": B}";
    Calibration c;
    for (const auto &[field, v] : *entry) {
      std::optional<double> number = v.getAsNumber();
      if ((field != "lhs_amax" && field != "rhs_amax") || !number ||
          !std::isfinite(*number) || *number <= 0)
        return mlir::emitError(module.getLoc())
               << "--fp8-calibration: entry '" << key.str() << "': expected "
               << "\"lhs_amax\" or \"rhs_amax\" with a positive finite "
               << "number, got \"" << field.str() << "\"";
      // The scale used is the f32 amax / max: it must be a normal number.
      float scale = static_cast<float>(*number) / static_cast<float>(maxValue);
      if (!std::isfinite(static_cast<float>(*number)) ||
          !std::isnormal(scale)) {
        char text[96];
        snprintf(text, sizeof(text), "%g gives the scale %g (absmax / %g)",
                 *number, scale, maxValue);
        return mlir::emitError(module.getLoc())
               << "--fp8-calibration: entry '" << key.str()
               << "': " << field.str() << " " << text
               << ", which is not a normal f32";
      }
      (field == "lhs_amax" ? c.lhs : c.rhs) = *number;
    }
    table[key.str()] = c;
  }
  return table;
}

/// The key of an op's location in --fp8-calibration and --fp8-report:
/// "file:line:col" of its innermost file location, else the name of a named
/// location (torch-xla's `loc("dot.113")`); empty when there is neither.
std::string locationKey(Location loc) {
  std::string file, name;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      file = (f.getFilename().str() + ":" + std::to_string(f.getLine()) + ":" +
              std::to_string(f.getColumn()));
      return WalkResult::interrupt();
    }
    if (auto n = dyn_cast<NameLoc>(l); n && name.empty())
      name = n.getName().str();
    return WalkResult::advance();
  });
  return file.empty() ? name : file;
}

/// The f32 values of a float constant (bit-exact widening; f64 rounded to
/// nearest even), or failure for other element types.
FailureOr<std::vector<float>> floatValues(ElementsAttr attr) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense)
    return failure();
  Type element = dense.getElementType();
  int64_t n = dense.getNumElements();
  std::vector<float> out(n);
  if (dense.isSplat()) {
    APFloat v = dense.getSplatValue<APFloat>();
    bool lost;
    v.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
    std::fill(out.begin(), out.end(), v.convertToFloat());
    return out;
  }
  ArrayRef<char> raw = dense.getRawData();
  if (element.isF32()) {
    std::memcpy(out.data(), raw.data(), n * sizeof(float));
  } else if (element.isBF16() || element.isF16()) {
    for (int64_t i = 0; i < n; ++i) {
      uint16_t bits;
      std::memcpy(&bits, raw.data() + 2 * i, 2);
      out[i] = element.isBF16() ? bf16ToFloat(bits) : f16ToFloat(bits);
    }
  } else if (element.isF64()) {
    for (int64_t i = 0; i < n; ++i) {
      double d;
      std::memcpy(&d, raw.data() + 8 * i, 8);
      out[i] = static_cast<float>(d); // IEEE conversion: nearest even
    }
  } else {
    return failure();
  }
  return out;
}

/// The value `v` reads through `stablehlo.transpose` and `stablehlo.reshape`
/// ops, which are appended to `layout` (nearest first).
Value throughLayout(Value v, SmallVectorImpl<Operation *> &layout) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<stablehlo::TransposeOp, stablehlo::ReshapeOp>(def))
      break;
    layout.push_back(def);
    v = def->getOperand(0);
  }
  return v;
}

/// Calls fn(e, offset) for each element e of a row-major `shape`, in order,
/// with offset = sum over dims of coordinate * `strides` (an odometer: no
/// division per element).
template <typename Fn>
void forEachOffset(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                   Fn &&fn) {
  int64_t rank = shape.size(), n = 1;
  for (int64_t d : shape)
    n *= d;
  SmallVector<int64_t> coord(rank, 0);
  int64_t offset = 0;
  for (int64_t e = 0; e < n; ++e) {
    fn(e, offset);
    for (int64_t d = rank - 1; d >= 0; --d) {
      offset += strides[d];
      if (++coord[d] < shape[d])
        break;
      offset -= strides[d] * shape[d];
      coord[d] = 0;
    }
  }
}

/// The f32 values of `v` when it is a float constant seen through
/// `stablehlo.transpose` and `stablehlo.reshape` ops (`x @ W.T` with a
/// constant W): the data moved on the host as those ops move it, row-major.
/// Sets `root` to the constant (nullptr when `v` is not one).
FailureOr<std::vector<float>> constantThroughLayout(Value v, Operation *&root) {
  SmallVector<Operation *> layout;
  auto c = throughLayout(v, layout).getDefiningOp<stablehlo::ConstantOp>();
  root = c;
  if (!c)
    return failure();
  FailureOr<std::vector<float>> values = floatValues(c.getValue());
  if (failed(values))
    return failure();
  for (Operation *def : llvm::reverse(layout)) {
    auto transpose = dyn_cast<stablehlo::TransposeOp>(def);
    if (!transpose)
      continue; // a reshape keeps the row-major data
    auto in = cast<RankedTensorType>(transpose.getOperand().getType());
    ArrayRef<int64_t> perm = transpose.getPermutation();
    int64_t rank = in.getRank();
    // Result dim d reads operand dim perm[d].
    SmallVector<int64_t> inStride(rank, 1), outShape(rank), outStride(rank);
    for (int64_t d = rank - 2; d >= 0; --d)
      inStride[d] = inStride[d + 1] * in.getDimSize(d + 1);
    for (int64_t d = 0; d < rank; ++d) {
      outShape[d] = in.getDimSize(perm[d]);
      outStride[d] = inStride[perm[d]];
    }
    std::vector<float> out(values->size());
    forEachOffset(outShape, outStride,
                  [&](int64_t e, int64_t from) { out[e] = (*values)[from]; });
    *values = std::move(out);
  }
  return values;
}

/// One operand replaced by its FP8 form.

struct QuantizedOperand {
  Value q;     ///< the FP8 tensor
  Value scale; ///< f32 scales, one per channel (rank 0 for one per tensor)
  SmallVector<int64_t> resultDims; ///< the result dim of each scale dim
  Fp8OperandInfo info;
};

class Quantizer {
public:
  Quantizer(OpBuilder &b, const Fp8Options &options, double maxValue)
      : b(b), options(options), maxValue(maxValue), f32(b.getF32Type()),
        fp8(fp8Type(b.getContext(), options.format)) {}

  /// A constant weight: per-channel scales over `channelDims` (operand
  /// dims), which are result dims `resultDims`.
  FailureOr<QuantizedOperand> weight(Operation *op, Location cLoc,
                                     RankedTensorType type,
                                     FailureOr<std::vector<float>> values,
                                     ArrayRef<int64_t> channelDims,
                                     ArrayRef<int64_t> resultDims) {
    if (failed(values))
      return op->emitError() << "quantize: cannot read the constant operand "
                                "of element type "
                             << type.getElementType();
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rank = type.getRank();
    // Channel index of each element: sum over channel dims of coord * stride.
    SmallVector<int64_t> channelStride(rank, 0);
    SmallVector<int64_t> channelShape;
    int64_t channels = 1;
    for (int64_t d : llvm::reverse(channelDims)) {
      channelStride[d] = channels;
      channels *= shape[d];
    }
    for (int64_t d : channelDims)
      channelShape.push_back(shape[d]);
    std::vector<float> amax(channels, 0.0f);
    auto forEach = [&](auto &&fn) { forEachOffset(shape, channelStride, fn); };
    bool finite = true;
    forEach([&](int64_t e, int64_t ch) {
      float v = (*values)[e];
      if (!std::isfinite(v))
        finite = false;
      amax[ch] = std::max(amax[ch], std::fabs(v));
    });
    if (!finite)
      return op->emitError()
             << "quantize: the constant operand holds inf or NaN, which FP8 "
                "scaling cannot represent; compile without --fp8";
    std::vector<float> scales(channels);
    const float fmax = static_cast<float>(maxValue);
    for (int64_t ch = 0; ch < channels; ++ch) {
      scales[ch] = amax[ch] > 0 ? amax[ch] / fmax : 1.0f;
      if (scales[ch] == 0) // absmax below max * 2^-149: keep a nonzero scale
        scales[ch] = std::numeric_limits<float>::denorm_min();
    }
    std::vector<char> bytes(values->size());
    forEach([&](int64_t e, int64_t ch) {
      bytes[e] =
          static_cast<char>(floatToF8((*values)[e] / scales[ch], options.format,
                                      /*saturate=*/true));
    });
    QuantizedOperand out;
    auto qType = RankedTensorType::get(shape, fp8);
    out.q = b.create<stablehlo::ConstantOp>(
        cLoc, qType, DenseElementsAttr::getFromRawBuffer(qType, bytes));
    auto scaleType = RankedTensorType::get(channelShape, f32);
    out.scale = b.create<stablehlo::ConstantOp>(
        cLoc, scaleType,
        DenseElementsAttr::get(scaleType, ArrayRef<float>(scales)));
    out.resultDims.assign(resultDims.begin(), resultDims.end());
    out.info.kind = Fp8OperandInfo::Kind::Weight;
    out.info.channels = channels;
    out.info.minScale = *std::min_element(scales.begin(), scales.end());
    out.info.maxScale = *std::max_element(scales.begin(), scales.end());
    return out;
  }

  /// Any other operand: one scale for the tensor, from the calibrated
  /// absmax `calibrated` when it is a number, else computed on the device.
  QuantizedOperand activation(Location loc, Value x, double calibrated) {
    auto type = cast<RankedTensorType>(x.getType());
    auto scalar = RankedTensorType::get({}, f32);
    HloBuilder s(b, loc, scalar);
    HloBuilder h(b, loc, type.clone(f32));
    const float fmax = static_cast<float>(maxValue);
    QuantizedOperand out;
    if (!std::isnan(calibrated)) {
      float scale = static_cast<float>(calibrated) / fmax;
      out.scale = s.splat(scale);
      out.info.kind = Fp8OperandInfo::Kind::Static;
      out.info.amax = calibrated;
      out.info.minScale = out.info.maxScale = scale;
      // Values beyond the calibrated range saturate.
      Value scaled = h.div(h.convert(x, f32),
                           broadcast(loc, out.scale, type.clone(f32), {}));
      out.q = h.convert(
          h.min(h.max(scaled, h.splat(-maxValue)), h.splat(maxValue)), fp8);
      return out;
    }
    // scale = max over x of fl(|x| / max), which is fl(absmax / max) as
    // rounding is monotonic, and at least 2^-100 so that an all-zero
    // tensor divides by a positive number. absmax is taken in steps that
    // each reduce the rows of a 2-D view (the rows on the partitions, one
    // tile of at most 4096 elements per row) until at most 4096 values are
    // left; the last step divides those by max.
    const double floor = std::ldexp(1.0, -100);
    constexpr int64_t kRow = 4096;
    Value v = x;
    bool first = true;
    while (true) {
      auto vType = cast<RankedTensorType>(v.getType());
      int64_t n = vType.getNumElements();
      int64_t columns = n <= kRow ? n : 0;
      for (int64_t c = std::min(n, kRow); !columns && c >= 16; --c)
        if (n % c == 0)
          columns = c;
      if (columns == n || !columns) { // the last step: every value left
        auto flat = RankedTensorType::get({n}, vType.getElementType());
        Value f =
            vType == flat
                ? v
                : b.create<stablehlo::ReshapeOp>(loc, flat, v).getResult();
        HloBuilder r(b, loc, flat);
        if (first)
          f = r.abs(f);
        HloBuilder rf(b, loc, flat.clone(f32));
        out.scale = reduceMax(
            loc, rf.div(rf.convert(f, f32), rf.splat(maxValue)), {0}, floor);
        break;
      }
      auto view =
          RankedTensorType::get({n / columns, columns}, vType.getElementType());
      Value rows = b.create<stablehlo::ReshapeOp>(loc, view, v);
      // |x| in x's own type (exact), and its maxima in that type too.
      if (first)
        rows = HloBuilder(b, loc, view).abs(rows);
      v = reduceMax(loc, rows, {1}, /*init=*/0.0);
      first = false;
    }
    out.info.kind = Fp8OperandInfo::Kind::Dynamic;
    // |x / scale| <= max up to one rounding of each division, which rounds
    // to max in FP8: no clamp is needed.
    Value scaled = h.div(h.convert(x, f32),
                         broadcast(loc, out.scale, type.clone(f32), {}));
    out.q = h.convert(scaled, fp8);
    return out;
  }

  /// max(init, max over `dims` of x) for a float tensor `x`.
  Value reduceMax(Location loc, Value x, ArrayRef<int64_t> dims, double init) {
    auto type = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!llvm::is_contained(dims, d))
        shape.push_back(type.getDimSize(d));
    auto scalar = RankedTensorType::get({}, type.getElementType());
    HloBuilder s(b, loc, scalar);
    auto reduce = b.create<stablehlo::ReduceOp>(
        loc, TypeRange{RankedTensorType::get(shape, type.getElementType())},
        ValueRange{x}, ValueRange{s.splat(init)}, b.getDenseI64ArrayAttr(dims));
    OpBuilder::InsertionGuard guard(b);
    Block *body =
        b.createBlock(&reduce.getBody(), {}, {scalar, scalar}, {loc, loc});
    b.create<stablehlo::ReturnOp>(
        loc, s.max(body->getArgument(0), body->getArgument(1)));
    return reduce.getResult(0);
  }

  Value broadcast(Location loc, Value v, RankedTensorType to,
                  ArrayRef<int64_t> dims) {
    return b.create<stablehlo::BroadcastInDimOp>(loc, to, v, dims);
  }

  OpBuilder &b;
  const Fp8Options &options;
  double maxValue;
  Type f32, fp8;
};

/// The dims of a rank-`rank` operand that are not in `contracting`.
SmallVector<int64_t> keptDims(int64_t rank, ArrayRef<int64_t> contracting) {
  SmallVector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(contracting, d))
      out.push_back(d);
  return out;
}

/// For a dot_general operand: its kept (batch and free) dims and the result
/// dim of each. Result dims are batch, lhs free, rhs free (spec: dot_general).
void dotChannels(stablehlo::DotGeneralOp op, bool isLhs,
                 SmallVector<int64_t> &channelDims,
                 SmallVector<int64_t> &resultDims) {
  auto dims = op.getDotDimensionNumbers();
  ArrayRef<int64_t> batch =
      isLhs ? dims.getLhsBatchingDimensions() : dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> contracting = isLhs ? dims.getLhsContractingDimensions()
                                        : dims.getRhsContractingDimensions();
  int64_t lhsRank = cast<RankedTensorType>(op.getLhs().getType()).getRank();
  int64_t rank =
      cast<RankedTensorType>((isLhs ? op.getLhs() : op.getRhs()).getType())
          .getRank();
  int64_t numBatch = batch.size();
  int64_t lhsFree =
      lhsRank - numBatch -
      static_cast<int64_t>(dims.getLhsContractingDimensions().size());
  int64_t free = 0;
  for (int64_t d : keptDims(rank, contracting)) {
    channelDims.push_back(d);
    const int64_t *it = llvm::find(batch, d);
    if (it != batch.end())
      resultDims.push_back(it - batch.begin());
    else
      resultDims.push_back(numBatch + (isLhs ? 0 : lhsFree) + free++);
  }
}

} // namespace

FailureOr<DType> systole::parseFp8Format(StringRef name) {
  if (name == "e4m3")
    return DType::F8E4M3;
  if (name == "e5m2")
    return DType::F8E5M2;
  return failure();
}

std::string systole::checkFp8Flags(StringRef fp8, bool calibration,
                                   bool report) {
  if (fp8 != "off" && failed(parseFp8Format(fp8)))
    return ("unknown --fp8=" + fp8 + " (expected off, e4m3 or e5m2)").str();
  if (fp8 == "off" && (calibration || report))
    return "--fp8-calibration and --fp8-report need --fp8=e4m3 or e5m2";
  return "";
}

bool systole::isFp8Candidate(Operation *op) {
  if (!isa<stablehlo::DotGeneralOp, stablehlo::ConvolutionOp>(op))
    return false;
  auto wide = [](Type t) {
    auto shaped = dyn_cast<RankedTensorType>(t);
    auto f = shaped ? dyn_cast<FloatType>(shaped.getElementType()) : nullptr;
    return f && f.getWidth() >= 16 && shaped.hasStaticShape() &&
           shaped.getNumElements() > 0;
  };
  return op->getNumOperands() == 2 && op->getNumResults() == 1 &&
         wide(op->getOperand(0).getType()) &&
         wide(op->getOperand(1).getType()) && wide(op->getResult(0).getType());
}

FailureOr<std::vector<Fp8OpInfo>>
systole::quantizeToFp8(ModuleOp module, const Fp8Options &options) {
  FailureOr<llvm::StringMap<Calibration>> calibration = readCalibration(
      module, options.calibrationPath, maxFiniteValue(options.format));
  if (failed(calibration))
    return failure();
  SmallVector<Operation *> candidates;
  module.walk([&](Operation *op) {
    if (isFp8Candidate(op))
      candidates.push_back(op);
  });
  const double maxValue = maxFiniteValue(options.format);
  std::vector<Fp8OpInfo> report;
  llvm::StringSet<> usedKeys;
  llvm::StringMap<int64_t> opsAt; // quantized ops per location key
  llvm::StringSet<> reportedKeys; // ambiguous keys already reported
  for (Operation *op : candidates)
    ++opsAt[locationKey(op->getLoc())];
  bool ok = true;
  for (auto [i, op] : llvm::enumerate(candidates)) {
    int64_t index = options.firstIndex + static_cast<int64_t>(i);
    // The entry for the op's index, completed by the one for its location
    // (an operand's value from the index entry wins).
    Calibration calibrated;
    std::string where = locationKey(op->getLoc());
    for (const std::string &key : {std::to_string(index), where}) {
      auto it = key.empty() ? calibration->end() : calibration->find(key);
      if (it == calibration->end())
        continue;
      if (key == where && opsAt[where] > 1 && reportedKeys.insert(key).second) {
        op->emitError() << "--fp8-calibration: entry '" << key << "' names "
                        << opsAt[where]
                        << " quantized ops (they share the location); key "
                           "them by index as --fp8-report numbers them";
      }
      usedKeys.insert(key);
      if (key == where && opsAt[where] > 1) {
        ok = false;
        continue;
      }
      if (std::isnan(calibrated.lhs))
        calibrated.lhs = it->second.lhs;
      if (std::isnan(calibrated.rhs))
        calibrated.rhs = it->second.rhs;
      usedKeys.insert(key);
    }
    OpBuilder b(op);
    Quantizer quantizer(b, options, maxValue);
    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto quantize = [&](bool isLhs) -> FailureOr<QuantizedOperand> {
      Value v = op->getOperand(isLhs ? 0 : 1);
      SmallVector<int64_t> channelDims, resultDims;
      if (auto dot = dyn_cast<stablehlo::DotGeneralOp>(op)) {
        dotChannels(dot, isLhs, channelDims, resultDims);
      } else if (!isLhs) {
        auto dims = cast<stablehlo::ConvolutionOp>(op).getDimensionNumbers();
        channelDims.push_back(dims.getKernelOutputFeatureDimension());
        resultDims.push_back(dims.getOutputFeatureDimension());
      }
      Operation *root = nullptr;
      FailureOr<std::vector<float>> constant = constantThroughLayout(v, root);
      if (root) {
        if (!std::isnan(isLhs ? calibrated.lhs : calibrated.rhs))
          op->emitWarning()
              << "--fp8-calibration: the " << (isLhs ? "lhs" : "rhs")
              << " of op #" << index
              << " is a constant, quantized per channel at compile time; its "
              << (isLhs ? "lhs_amax" : "rhs_amax") << " is not used";
        return quantizer.weight(op, root->getLoc(),
                                cast<RankedTensorType>(v.getType()),
                                std::move(constant), channelDims, resultDims);
      }
      // A per-tensor scale does not depend on the layout: an operand that
      // transposes or reshapes another value (`x @ W.T`) is quantized
      // before those ops, which then move FP8 data, and a transpose left
      // next to the op folds into its operand's access pattern.
      SmallVector<Operation *> layout;
      v = throughLayout(v, layout);
      QuantizedOperand q =
          quantizer.activation(loc, v, isLhs ? calibrated.lhs : calibrated.rhs);
      for (Operation *def : llvm::reverse(layout)) {
        Operation *moved = b.clone(*def);
        moved->setOperand(0, q.q);
        auto type = cast<RankedTensorType>(def->getResult(0).getType());
        moved->getResult(0).setType(type.clone(quantizer.fp8));
        q.q = moved->getResult(0);
      }
      return q;
    };
    FailureOr<QuantizedOperand> lhs = quantize(true);
    FailureOr<QuantizedOperand> rhs =
        succeeded(lhs) ? quantize(false) : FailureOr<QuantizedOperand>();
    if (failed(lhs) || failed(rhs)) {
      ok = false;
      continue;
    }
    // The op on FP8 operands, accumulating in f32.
    auto f32Result = resultType.clone(b.getF32Type());
    Operation *q = b.clone(*op);
    q->setOperands({lhs->q, rhs->q});
    q->getResult(0).setType(f32Result);
    q->removeAttr("precision_config");
    // The result times each scale in turn (their product could underflow
    // where the result does not), broadcast along the result's channel
    // dims: two multiplies, which the `ncore` phase applies as PSUM is
    // evacuated.
    HloBuilder h(b, loc, f32Result);
    Value scaled =
        h.mul(q->getResult(0),
              quantizer.broadcast(loc, lhs->scale, f32Result, lhs->resultDims));
    scaled = h.mul(scaled, quantizer.broadcast(loc, rhs->scale, f32Result,
                                               rhs->resultDims));
    Value result = h.convert(scaled, resultType.getElementType());
    op->getResult(0).replaceAllUsesWith(result);
    Fp8OpInfo info{index, loc, op->getName().stripDialect().str(), lhs->info,
                   rhs->info};
    SmallVector<Operation *> dead = {op->getOperand(0).getDefiningOp(),
                                     op->getOperand(1).getDefiningOp()};
    op->erase();
    // A weight constant the FP8 one replaced goes too, with the transposes
    // and reshapes it was read through.
    while (!dead.empty()) {
      Operation *d = dead.pop_back_val();
      if (!d || !d->use_empty() ||
          !isa<stablehlo::ConstantOp, stablehlo::TransposeOp,
               stablehlo::ReshapeOp>(d))
        continue;
      Operation *next =
          d->getNumOperands() ? d->getOperand(0).getDefiningOp() : nullptr;
      d->erase();
      dead.push_back(next);
    }
    report.push_back(std::move(info));
  }
  for (const auto &entry : *calibration)
    if (options.warnUnusedCalibration && !usedKeys.contains(entry.getKey()))
      mlir::emitWarning(module.getLoc())
          << "--fp8-calibration: entry '" << entry.getKey()
          << "' names no quantized op";
  if (!ok)
    return failure();
  return report;
}

FailureOr<std::vector<Fp8Measurement>>
systole::measureFp8(ModuleOp module, func::FuncOp entry,
                    const std::vector<HostTensor> &inputs,
                    const Fp8Options &options) {
  llvm::DenseMap<Operation *, int64_t> indexOf;
  module.walk([&](Operation *op) {
    if (isFp8Candidate(op))
      indexOf.try_emplace(op, static_cast<int64_t>(indexOf.size()));
  });
  const double maxValue = maxFiniteValue(options.format);
  // A dynamic scale as the device computes it; NaN when x holds NaN.
  auto dynamicScale = [&](const HostTensor &t) {
    float amax = 0;
    for (int64_t e = 0, n = t.numElements(); e < n; ++e) {
      float v = std::fabs(static_cast<float>(t.getDouble(e)));
      if (std::isnan(v))
        return static_cast<double>(NAN);
      amax = std::max(amax, v);
    }
    return static_cast<double>(
        std::max(amax / static_cast<float>(maxValue), std::ldexp(1.0f, -100)));
  };
  std::vector<Fp8Measurement> out(indexOf.size());
  bool ok = true;
  // Each op is measured when the graph first evaluates it (an op in a loop
  // body: its first iteration), on the operands it receives there; nothing
  // is kept after.
  auto measure = [&](Operation *op, int64_t index,
                     ArrayRef<const HostTensor *> operands,
                     const HostTensor &r) {
    // The op alone, as @main of a module: constant operands (and the
    // transposes or reshapes they are read through) cloned, the others
    // arguments.
    MLIRContext *ctx = op->getContext();
    Location loc = op->getLoc();
    OwningOpRef<ModuleOp> single = ModuleOp::create(loc);
    OpBuilder b(ctx);
    b.setInsertionPointToStart(single->getBody());
    SmallVector<Type> argTypes;
    std::vector<HostTensor> args;
    SmallVector<bool> isConstant;
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      Operation *root = nullptr;
      (void)constantThroughLayout(v, root);
      isConstant.push_back(root != nullptr);
      if (!root) {
        argTypes.push_back(v.getType());
        args.push_back(*operands[i]);
      }
    }
    auto fn = b.create<func::FuncOp>(
        loc, "main",
        FunctionType::get(ctx, argTypes, op->getResult(0).getType()));
    Block *body = fn.addEntryBlock();
    b.setInsertionPointToStart(body);
    IRMapping map;
    unsigned next = 0;
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (!isConstant[i]) {
        map.map(v, body->getArgument(next++));
        continue;
      }
      // The constant and the transposes/reshapes it is read through.
      SmallVector<Operation *> chain;
      chain.push_back(throughLayout(v, chain).getDefiningOp());
      for (Operation *def : llvm::reverse(chain))
        if (!map.contains(def->getResult(0)))
          b.clone(*def, map);
    }
    Operation *clone = b.clone(*op, map);
    b.create<func::ReturnOp>(loc, clone->getResult(0));
    Fp8Options one = options;
    one.firstIndex = index;
    one.warnUnusedCalibration = false;
    FailureOr<std::vector<Fp8OpInfo>> info = quantizeToFp8(*single, one);
    if (failed(info) || info->size() != 1) {
      ok = false;
      return;
    }
    FailureOr<std::vector<HostTensor>> q = reference::evaluate(fn, args);
    if (failed(q)) {
      ok = false;
      return;
    }
    double num = 0, den = 0;
    for (int64_t e = 0, n = r.numElements(); e < n; ++e) {
      double d = (*q)[0].getDouble(e) - r.getDouble(e);
      num += d * d;
      den += r.getDouble(e) * r.getDouble(e);
    }
    Fp8Measurement &m = out[index];
    m.evaluated = true;
    // NaN when either side holds NaN or inf (num or den is then NaN/inf).
    m.relativeError =
        !std::isfinite(num) || !std::isfinite(den)
            ? NAN
            : (den > 0 ? std::sqrt(num / den) : (num > 0 ? INFINITY : 0));
    const Fp8OpInfo &i = info->front();
    auto scaleOf = [&](const Fp8OperandInfo &operand, const HostTensor &t) {
      return operand.kind == Fp8OperandInfo::Kind::Dynamic ? dynamicScale(t)
                                                           : operand.maxScale;
    };
    m.lhsScale = scaleOf(i.lhs, *operands[0]);
    m.rhsScale = scaleOf(i.rhs, *operands[1]);
  };
  reference::InterpreterOptions interpreterOptions;
  interpreterOptions.observe = [&](Operation *op,
                                   ArrayRef<const HostTensor *> operands,
                                   ArrayRef<const HostTensor *> results) {
    auto it = indexOf.find(op);
    if (it == indexOf.end() || out[it->second].evaluated || !ok ||
        operands.size() != 2 || !operands[0] || !operands[1] || !results[0])
      return;
    measure(op, it->second, operands, *results[0]);
  };
  if (failed(reference::evaluate(entry, inputs, nullptr, interpreterOptions)) ||
      !ok)
    return failure();
  return out;
}

void systole::printFp8Report(llvm::raw_ostream &os, const Fp8Options &options,
                             ArrayRef<Fp8OpInfo> ops,
                             ArrayRef<Fp8Measurement> measured) {
  StringRef format = options.format == DType::F8E5M2 ? "e5m2" : "e4m3";
  os << "fp8 report: " << ops.size() << " op" << (ops.size() == 1 ? "" : "s")
     << " quantized to " << format << " (max "
     << llvm::format("%g", maxFiniteValue(options.format))
     << "), f32 accumulation\n";
  for (const Fp8OpInfo &op : ops) {
    std::string where = locationKey(op.loc);
    if (where.empty()) {
      llvm::raw_string_ostream s(where);
      op.loc.print(s);
    }
    os << "  #" << op.index << " " << op.opName << " at " << where << "\n";
    const Fp8Measurement *m =
        measured.size() == ops.size() ? &measured[&op - ops.data()] : nullptr;
    bool notEvaluated = m && !m->evaluated;
    if (notEvaluated)
      m = nullptr;
    auto operand = [&](StringRef name, const Fp8OperandInfo &info,
                       double measuredScale) {
      os << "    " << name << ": ";
      switch (info.kind) {
      case Fp8OperandInfo::Kind::Weight:
        os << "constant, " << info.channels << " channel scale"
           << (info.channels == 1 ? "" : "s") << " in ["
           << llvm::format("%.6g", info.minScale) << ", "
           << llvm::format("%.6g", info.maxScale) << "]";
        break;
      case Fp8OperandInfo::Kind::Static:
        os << "static per-tensor scale " << llvm::format("%.6g", info.maxScale)
           << " (calibrated absmax " << llvm::format("%.6g", info.amax) << ")";
        break;
      case Fp8OperandInfo::Kind::Dynamic:
        os << "dynamic per-tensor scale (absmax on the device)";
        if (m)
          os << ", " << llvm::format("%.6g", measuredScale) << " on this input";
        break;
      }
      os << "\n";
    };
    operand("lhs", op.lhs, m ? m->lhsScale : 0);
    operand("rhs", op.rhs, m ? m->rhsScale : 0);
    if (notEvaluated)
      os << "    not evaluated on this input (no measurement)\n";
    else if (m && std::isnan(m->relativeError))
      os << "    relative error nan (the op's inputs or results hold NaN or "
            "inf; a per-tensor scale spreads a NaN to the whole result)\n";
    else if (m)
      os << "    relative error " << llvm::format("%.4g", m->relativeError)
         << " (reference backend, this op on its unquantized inputs)\n";
  }
}

namespace {
struct QuantizeFP8Pass : systole::impl::QuantizeFP8Base<QuantizeFP8Pass> {
  using QuantizeFP8Base::QuantizeFP8Base;
  QuantizeFP8Pass(const systole::QuantizeFP8Options &options,
                  std::vector<Fp8OpInfo> *report)
      : QuantizeFP8Base(options), report(report) {}

  void runOnOperation() override {
    FailureOr<DType> parsed = parseFp8Format(format);
    if (failed(parsed)) {
      mlir::emitError(getOperation().getLoc())
          << "quantize: unknown format '" << format
          << "' (expected e4m3 or e5m2)";
      return signalPassFailure();
    }
    Fp8Options options;
    options.format = *parsed;
    options.calibrationPath = calibration;
    FailureOr<std::vector<Fp8OpInfo>> done =
        quantizeToFp8(getOperation(), options);
    if (failed(done))
      return signalPassFailure();
    if (report)
      *report = std::move(*done);
  }

  std::vector<Fp8OpInfo> *report = nullptr;
};
} // namespace

std::unique_ptr<Pass>
systole::createQuantizeFP8WithReport(const QuantizeFP8Options &options,
                                     std::vector<Fp8OpInfo> *report) {
  return std::make_unique<QuantizeFP8Pass>(options, report);
}
