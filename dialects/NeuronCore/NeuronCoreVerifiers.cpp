//===- NeuronCoreVerifiers.cpp - hardware rules of every instruction ------===//
//
// DESIGN section 3, per instruction: which engine may run it; which memory
// each engine may read and write (tensor: SBUF in, PSUM out; vector/scalar:
// SBUF and PSUM; gpsimd: SBUF; DMA: HBM<->SBUF and SBUF->SBUF, never PSUM);
// partition ranges and bytes against the target's memories; partition-start
// alignment on compute engines (65-128 partitions start at 0, 33-64 at 0 or
// 64, 1-32 at a multiple of 32); operand shapes; matmul limits (K <= PE rows,
// M <= PE columns, N <= matmul_max_n, an f32 result inside one PSUM bank) and
// dtype pairs; f8E4M3FN only where the target has it natively. The NCX
// validator (runtime/ncx/Ncx.cpp) checks the same rules on executables.
//
//===----------------------------------------------------------------------===//
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "dialects/NeuronCore/NeuronCoreTarget.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace systole::ncore;

namespace {

using MemorySet = std::initializer_list<Memory>;

/// Checks one instruction; every error is emitted at the op and names the
/// operand's role.
class Checker {
public:
  explicit Checker(Operation *op)
      : op(op), target(getTargetOf(op)), engine(getInstructionEngine(op)) {}

  /// The engine is one of `allowed`, and a DMA engine has a queue.
  LogicalResult checkEngine(std::initializer_list<Engine> allowed) {
    bool ok = false;
    for (Engine e : allowed)
      ok |= e == engine;
    if (!ok) {
      std::string names;
      for (Engine e : allowed)
        names += (names.empty() ? "" : ", ") + stringifyEngine(e).str();
      return op->emitOpError() << "cannot run on the " << stringifyEngine(engine)
                               << " engine (it runs on: " << names << ")";
    }
    int queue = getInstructionQueue(op);
    if (engine == Engine::dma && queue < 0)
      return op->emitOpError() << "needs a DMA queue index >= 0";
    if (engine != Engine::dma && op->hasAttr("queue"))
      return op->emitOpError() << "has a DMA queue but runs on the "
                               << stringifyEngine(engine) << " engine";
    return success();
  }

  bool isCompute() const { return engine != Engine::dma; }

  /// Memories a vector/scalar (SBUF, PSUM) or gpsimd (SBUF) operand may use.
  MemorySet computeMemories() const {
    static const MemorySet gpsimd = {Memory::sbuf};
    static const MemorySet vectorScalar = {Memory::sbuf, Memory::psum};
    return engine == Engine::gpsimd ? gpsimd : vectorScalar;
  }

  /// Memory, dtype, partition range, alignment and bytes of one operand.
  LogicalResult checkAp(StringRef role, AccessPatternAttr ap, MemorySet allowed) {
    bool memoryOk = false;
    for (Memory m : allowed)
      memoryOk |= m == ap.getMemory();
    if (!memoryOk) {
      std::string names;
      for (Memory m : allowed)
        names += (names.empty() ? "" : " or ") + stringifyMemory(m).str();
      return op->emitOpError()
             << role << ": the " << stringifyEngine(engine) << " engine cannot access "
             << stringifyMemory(ap.getMemory()) << " here (allowed: " << names << ")";
    }
    if (ap.getElementType().isFloat8E4M3FN() && target && !target->f8e4m3fn_native())
      return op->emitOpError()
             << role << ": f8E4M3FN (OCP e4m3, max 448) is not native on "
             << target->name()
             << "; use f8E4M3 (max 240) and rescale the values (--fp8=e4m3 "
                "quantizes to it)";
    if (ap.getMemory() == Memory::hbm)
      return success(); // regions are checked by the program
    if (isCompute()) {
      int64_t count = ap.getPartitionCount(), start = ap.getStartPartition();
      int64_t alignment = count > 64 ? 128 : count > 32 ? 64 : 32;
      if (start % alignment != 0)
        return op->emitOpError()
               << role << ": a tile of " << count << " partitions cannot start at partition "
               << start << " (" << (count > 64 ? "65-128 partitions start at 0"
                                    : count > 32 ? "33-64 partitions start at 0 or 64"
                                                 : "1-32 partitions start at 0, 32, 64 or 96")
               << ")";
    }
    if (!target)
      return success();
    bool sbuf = ap.getMemory() == Memory::sbuf;
    int64_t partitions = sbuf ? target->sbuf_partitions() : target->psum_partitions();
    int64_t bytes =
        sbuf ? target->sbuf_bytes_per_partition() : target->psum_bytes_per_partition();
    if (ap.getEndPartition() > partitions)
      return op->emitOpError() << role << ": partitions [" << ap.getStartPartition() << ":"
                               << ap.getEndPartition() << "] are outside the "
                               << partitions << " partitions of "
                               << stringifyMemory(ap.getMemory()) << " on "
                               << target->name();
    auto [begin, end] = ap.getByteExtent();
    if (begin < 0 || end > bytes)
      return op->emitOpError() << role << ": bytes [" << begin << ", " << end
                               << ") of each partition are outside the " << bytes
                               << " bytes per partition of "
                               << stringifyMemory(ap.getMemory()) << " on "
                               << target->name();
    return success();
  }

  /// Same partitions and elements per partition.
  LogicalResult checkSameShape(StringRef roleA, AccessPatternAttr a, StringRef roleB,
                               AccessPatternAttr b) {
    if (a.getPartitionCount() != b.getPartitionCount() ||
        a.getElementsPerPartition() != b.getElementsPerPartition())
      return op->emitOpError() << roleA << " [" << a.getPartitionCount() << " partitions x "
                               << a.getElementsPerPartition() << "] and " << roleB << " ["
                               << b.getPartitionCount() << " x "
                               << b.getElementsPerPartition() << "] differ in shape";
    return success();
  }

  /// A per-partition [P,1] operand for an instruction over `like`'s partitions.
  LogicalResult checkPerPartition(StringRef role, AccessPatternAttr ap,
                                  AccessPatternAttr like) {
    if (failed(checkAp(role, ap, computeMemories())))
      return failure();
    if (ap.getPartitionCount() != like.getPartitionCount() ||
        ap.getElementsPerPartition() != 1)
      return op->emitOpError() << role << " must be [" << like.getPartitionCount()
                               << " partitions x 1 element]";
    return success();
  }

  /// An immediate (f32) or per-partition scalar.
  LogicalResult checkScalar(StringRef role, Attribute scalar, AccessPatternAttr like) {
    if (auto ap = dyn_cast_or_null<AccessPatternAttr>(scalar))
      return checkPerPartition(role, ap, like);
    return success();
  }

  LogicalResult checkReduceOp(AluOp alu) {
    if (alu != AluOp::add && alu != AluOp::max && alu != AluOp::min && alu != AluOp::mul)
      return op->emitOpError() << "reduces with add, max, min or mul, not "
                               << stringifyAluOp(alu);
    return success();
  }

  Operation *op;
  const systole::TargetDesc *target;
  Engine engine;
};

bool isFp8(Type t) { return t.isFloat8E4M3() || t.isFloat8E4M3FN() || t.isFloat8E5M2(); }
bool isFloat(Type t) { return t.isF32() || t.isBF16() || t.isF16() || isFp8(t); }

} // namespace

LogicalResult DmaCopyOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::dma})) ||
      failed(c.checkAp("src", getSrc(), {Memory::hbm, Memory::sbuf})) ||
      failed(c.checkAp("dst", getDst(), {Memory::hbm, Memory::sbuf})))
    return failure();
  if (getSrc().getMemory() == Memory::hbm && getDst().getMemory() == Memory::hbm)
    return emitOpError() << "DMA copies HBM<->SBUF or SBUF->SBUF, not HBM->HBM";
  int64_t srcElements = getSrc().getPartitionCount() * getSrc().getElementsPerPartition();
  int64_t dstElements = getDst().getPartitionCount() * getDst().getElementsPerPartition();
  if (srcElements != dstElements)
    return emitOpError() << "src has " << srcElements << " elements but dst has "
                         << dstElements;
  return success();
}

LogicalResult MatmulOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::tensor})) ||
      failed(c.checkAp("stationary", getStationary(), {Memory::sbuf})) ||
      failed(c.checkAp("moving", getMoving(), {Memory::sbuf})) ||
      failed(c.checkAp("dst", getDst(), {Memory::psum})))
    return failure();
  int64_t k = getStationary().getPartitionCount();
  int64_t m = getStationary().getElementsPerPartition();
  int64_t n = getMoving().getElementsPerPartition();
  if (getMoving().getPartitionCount() != k)
    return emitOpError() << "stationary has K = " << k << " partitions but moving has "
                         << getMoving().getPartitionCount();
  int64_t peRows = c.target ? c.target->pe_rows() : 128;
  int64_t peColumns = c.target ? c.target->pe_columns() : 128;
  int64_t maxN = c.target ? c.target->matmul_max_n() : 512;
  if (k > peRows)
    return emitOpError() << "K = " << k << " exceeds the " << peRows
                         << " rows of the PE array";
  if (m > peColumns)
    return emitOpError() << "M = " << m << " exceeds the " << peColumns
                         << " columns of the PE array";
  if (n > maxN)
    return emitOpError() << "N = " << n << " exceeds the largest moving size " << maxN;
  if (getDst().getPartitionCount() != m || getDst().getElementsPerPartition() != n)
    return emitOpError() << "dst must be [M = " << m << " partitions x N = " << n
                         << "], not [" << getDst().getPartitionCount() << " x "
                         << getDst().getElementsPerPartition() << "]";
  if (!getDst().getElementType().isF32())
    return emitOpError() << "dst must be f32 (PSUM accumulates in fp32), not "
                         << getDst().getElementType();
  Type s = getStationary().getElementType(), v = getMoving().getElementType();
  auto narrow = [](Type t) { return t.isBF16() || t.isF16() || isFp8(t); };
  if (s.isF32() != v.isF32() || (!s.isF32() && (!narrow(s) || !narrow(v))))
    return emitOpError() << "operand types " << s << " x " << v
                         << ": both f32, or both among bf16, f16 and fp8";
  int64_t bank = c.target ? c.target->psum_bank_bytes() : 2048;
  auto [begin, end] = getDst().getByteExtent();
  if (begin / bank != (end - 1) / bank)
    return emitOpError() << "dst bytes [" << begin << ", " << end
                         << ") span more than one " << bank << "-byte PSUM bank";
  return success();
}

LogicalResult TransposeOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::tensor})) ||
      failed(c.checkAp("src", getSrc(), {Memory::sbuf})) ||
      failed(c.checkAp("dst", getDst(), {Memory::psum})))
    return failure();
  int64_t p = getSrc().getPartitionCount(), f = getSrc().getElementsPerPartition();
  int64_t peRows = c.target ? c.target->pe_rows() : 128;
  int64_t peColumns = c.target ? c.target->pe_columns() : 128;
  if (p > peRows || f > peColumns)
    return emitOpError() << "src [" << p << " x " << f << "] exceeds the " << peRows
                         << "x" << peColumns << " PE array";
  if (getDst().getPartitionCount() != f || getDst().getElementsPerPartition() != p)
    return emitOpError() << "dst must be [" << f << " partitions x " << p << "]";
  if (!isFloat(getSrc().getElementType()) || !isFloat(getDst().getElementType()))
    return emitOpError() << "transpose moves float data";
  return success();
}

LogicalResult ActivationOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::scalar})) ||
      failed(c.checkAp("src", getSrc(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())) ||
      failed(c.checkSameShape("src", getSrc(), "dst", getDst())) ||
      failed(c.checkScalar("scale", getScaleAttr(), getSrc())))
    return failure();
  if (auto bias = getBiasAttr(); bias && failed(c.checkPerPartition("bias", bias, getSrc())))
    return failure();
  if (auto reduce = getReduceDstAttr();
      reduce && failed(c.checkPerPartition("reduce", reduce, getSrc())))
    return failure();
  return success();
}

LogicalResult TensorTensorOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector})) ||
      failed(c.checkAp("a", getA(), c.computeMemories())) ||
      failed(c.checkAp("b", getB(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())) ||
      failed(c.checkSameShape("a", getA(), "dst", getDst())) ||
      failed(c.checkSameShape("b", getB(), "dst", getDst())))
    return failure();
  if (getOp() == AluOp::bypass)
    return emitOpError() << "needs an operation other than bypass";
  return success();
}

LogicalResult TensorScalarOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector})) ||
      failed(c.checkAp("a", getA(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())) ||
      failed(c.checkSameShape("a", getA(), "dst", getDst())) ||
      failed(c.checkScalar("s0", getS0Attr(), getA())) ||
      failed(c.checkScalar("s1", getS1Attr(), getA())))
    return failure();
  if (getOp0() == AluOp::bypass)
    return emitOpError() << "op0 needs an operation other than bypass";
  if (getOp1Attr() && !getS1Attr())
    return emitOpError() << "op1 needs its scalar s1";
  if (getOp1Attr() && *getOp1() == AluOp::bypass)
    return emitOpError() << "omit op1 instead of writing bypass";
  return success();
}

LogicalResult TensorReduceOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector})) ||
      failed(c.checkAp("src", getSrc(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())) ||
      failed(c.checkReduceOp(getOp())))
    return failure();
  int64_t reduceDims = getReduceDims();
  int64_t srcDims = std::max<int64_t>(1, getSrc().getCounts().size());
  if (reduceDims < 1 || reduceDims > srcDims)
    return emitOpError() << "reduces " << reduceDims << " dims but src has " << srcDims;
  int64_t outer = 1;
  for (int64_t i = 0, e = int64_t(getSrc().getCounts().size()) - reduceDims; i < e; ++i)
    outer *= getSrc().getCounts()[i];
  if (getDst().getPartitionCount() != getSrc().getPartitionCount() ||
      getDst().getElementsPerPartition() != outer)
    return emitOpError() << "dst must be [" << getSrc().getPartitionCount()
                         << " partitions x " << outer << "]";
  return success();
}

LogicalResult TensorCopyOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector, Engine::scalar})) ||
      failed(c.checkAp("src", getSrc(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())))
    return failure();
  return c.checkSameShape("src", getSrc(), "dst", getDst());
}

LogicalResult SelectOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector})) ||
      failed(c.checkAp("pred", getPred(), c.computeMemories())) ||
      failed(c.checkAp("a", getA(), c.computeMemories())) ||
      failed(c.checkAp("b", getB(), c.computeMemories())) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())) ||
      failed(c.checkSameShape("pred", getPred(), "dst", getDst())) ||
      failed(c.checkSameShape("a", getA(), "dst", getDst())))
    return failure();
  return c.checkSameShape("b", getB(), "dst", getDst());
}

LogicalResult IotaOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::gpsimd})) ||
      failed(c.checkAp("dst", getDst(), c.computeMemories())))
    return failure();
  if (getSteps().size() > std::max<size_t>(1, getDst().getCounts().size()))
    return emitOpError() << "has " << getSteps().size() << " steps but dst has "
                         << getDst().getCounts().size() << " free dims";
  return success();
}

LogicalResult MemsetOp::verify() {
  Checker c(*this);
  if (failed(c.checkEngine({Engine::vector, Engine::gpsimd})))
    return failure();
  return c.checkAp("dst", getDst(), c.computeMemories());
}

static LogicalResult verifyPartitionOp(Operation *op, AccessPatternAttr src,
                                       AccessPatternAttr dst, bool reduce) {
  Checker c(op);
  if (failed(c.checkEngine({Engine::gpsimd})) ||
      failed(c.checkAp("src", src, c.computeMemories())) ||
      failed(c.checkAp("dst", dst, c.computeMemories())))
    return failure();
  if ((reduce ? dst : src).getPartitionCount() != 1)
    return op->emitOpError() << (reduce ? "dst" : "src") << " must have one partition";
  if (src.getElementsPerPartition() != dst.getElementsPerPartition())
    return op->emitOpError() << "src and dst differ in elements per partition ("
                             << src.getElementsPerPartition() << " vs "
                             << dst.getElementsPerPartition() << ")";
  return success();
}

LogicalResult PartitionReduceOp::verify() {
  if (failed(verifyPartitionOp(*this, getSrc(), getDst(), /*reduce=*/true)))
    return failure();
  return Checker(*this).checkReduceOp(getOp());
}

LogicalResult PartitionBroadcastOp::verify() {
  return verifyPartitionOp(*this, getSrc(), getDst(), /*reduce=*/false);
}

static LogicalResult verifyIndexedOp(Operation *op, AccessPatternAttr table,
                                     AccessPatternAttr indices, AccessPatternAttr data,
                                     StringRef dataRole, int64_t rows, int64_t rowStride) {
  Checker c(op);
  if (failed(c.checkEngine({Engine::gpsimd, Engine::dma})))
    return failure();
  MemorySet tableMemories = {Memory::sbuf};
  static const MemorySet dmaTable = {Memory::hbm, Memory::sbuf};
  if (!c.isCompute())
    tableMemories = dmaTable;
  if (failed(c.checkAp("table", table, tableMemories)) ||
      failed(c.checkAp("indices", indices, {Memory::sbuf})) ||
      failed(c.checkAp(dataRole, data, {Memory::sbuf})))
    return failure();
  if (rows < 1)
    return op->emitOpError() << "needs at least one table row, not " << rows;
  if (table.getPartitionCount() != 1)
    return op->emitOpError() << "table: a table access pattern has one partition (row 0)";
  if (table.getMemory() != Memory::hbm && c.target) {
    int64_t shift = (rows - 1) * rowStride * table.getElementBytes();
    auto [begin, end] = table.getByteExtent();
    (shift < 0 ? begin : end) += shift;
    int64_t bytes = c.target->sbuf_bytes_per_partition();
    if (begin < 0 || end > bytes)
      return op->emitOpError() << "table: rows span bytes [" << begin << ", " << end
                               << ") of a partition, outside the " << bytes
                               << " bytes per partition of sbuf";
  }
  if (indices.getPartitionCount() != data.getPartitionCount() ||
      indices.getElementsPerPartition() != 1)
    return op->emitOpError() << "indices must be [" << data.getPartitionCount()
                             << " partitions x 1 element]";
  if (!isa<IntegerType>(indices.getElementType()))
    return op->emitOpError() << "indices must be an integer type, not "
                             << indices.getElementType();
  if (data.getElementsPerPartition() != table.getElementsPerPartition())
    return op->emitOpError() << "a table row (" << table.getElementsPerPartition()
                             << " elements) and a partition of " << dataRole << " ("
                             << data.getElementsPerPartition() << ") differ in size";
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyIndexedOp(*this, getTable(), getIndices(), getDst(), "dst", getRows(),
                         getRowStride());
}

LogicalResult ScatterOp::verify() {
  return verifyIndexedOp(*this, getTable(), getIndices(), getSrc(), "src", getRows(),
                         getRowStride());
}
