//===- NeuronCoreOps.cpp - ncore dialect, program and declarations --------===//
//
// The dialect, the custom assembly directives shared by instructions
// (`on dma[q]`, `wait(@s >= 1)`, `signal(@s += 1)`), the declarations and the
// program-wide checks of DESIGN sections 3 and 6: the target exists, HBM
// regions lie in HBM and do not overlap, every HBM access lies in a declared
// region, semaphores and DMA queues exist and fit the target.
//
//===----------------------------------------------------------------------===//
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "dialects/NeuronCore/NeuronCoreTarget.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systole::ncore;

#include "dialects/NeuronCore/NeuronCoreDialect.cpp.inc"
#include "dialects/NeuronCore/NeuronCoreEnums.cpp.inc"

void NCoreDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/NeuronCore/NeuronCoreOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `tensor`, `vector`, `scalar`, `gpsimd` or `dma[QUEUE]`.
static ParseResult parseEngine(OpAsmParser &p, EngineAttr &engine, IntegerAttr &queue) {
  SMLoc loc = p.getCurrentLocation();
  StringRef name;
  if (p.parseKeyword(&name))
    return failure();
  std::optional<Engine> e = symbolizeEngine(name);
  if (!e)
    return p.emitError(loc, "expected an engine: tensor, vector, scalar, gpsimd or "
                            "dma[QUEUE]");
  engine = EngineAttr::get(p.getContext(), *e);
  if (*e == Engine::dma) {
    int32_t q = 0;
    if (p.parseLSquare() || p.parseInteger(q) || p.parseRSquare())
      return failure();
    queue = p.getBuilder().getI32IntegerAttr(q);
  }
  return success();
}

static void printEngine(OpAsmPrinter &p, Operation *, EngineAttr engine,
                        IntegerAttr queue) {
  p << stringifyEngine(engine.getValue());
  if (queue)
    p << "[" << queue.getInt() << "]";
}

/// `@sem >= VALUE, ...` (waits) or `@sem += AMOUNT, ...` (signals).
static ParseResult parseSemaphoreUses(OpAsmParser &p, ArrayAttr &sems,
                                      DenseI64ArrayAttr &values, bool isWait) {
  SmallVector<Attribute> symbols;
  SmallVector<int64_t> numbers;
  if (p.parseCommaSeparatedList([&]() -> ParseResult {
        StringAttr name;
        int64_t value = 0;
        if (p.parseSymbolName(name))
          return failure();
        if (isWait ? (p.parseGreater() || p.parseEqual())
                   : (p.parsePlus() || p.parseEqual()))
          return failure();
        if (p.parseInteger(value))
          return failure();
        symbols.push_back(FlatSymbolRefAttr::get(name));
        numbers.push_back(value);
        return success();
      }))
    return failure();
  sems = p.getBuilder().getArrayAttr(symbols);
  values = p.getBuilder().getDenseI64ArrayAttr(numbers);
  return success();
}

static void printSemaphoreUses(OpAsmPrinter &p, ArrayAttr sems, DenseI64ArrayAttr values,
                               StringRef relation) {
  for (size_t i = 0, e = sems ? sems.size() : 0; i < e; ++i) {
    if (i)
      p << ", ";
    p.printAttributeWithoutType(sems[i]);
    p << " " << relation << " ";
    if (values && i < static_cast<size_t>(values.size()))
      p << values[i];
    else
      p << "?";
  }
}

static ParseResult parseWaits(OpAsmParser &p, ArrayAttr &sems,
                              DenseI64ArrayAttr &values) {
  return parseSemaphoreUses(p, sems, values, /*isWait=*/true);
}
static void printWaits(OpAsmPrinter &p, Operation *, ArrayAttr sems,
                       DenseI64ArrayAttr values) {
  printSemaphoreUses(p, sems, values, ">=");
}
static ParseResult parseSignals(OpAsmParser &p, ArrayAttr &sems,
                                DenseI64ArrayAttr &values) {
  return parseSemaphoreUses(p, sems, values, /*isWait=*/false);
}
static void printSignals(OpAsmPrinter &p, Operation *, ArrayAttr sems,
                         DenseI64ArrayAttr values) {
  printSemaphoreUses(p, sems, values, "+=");
}

#define GET_OP_CLASSES
#include "dialects/NeuronCore/NeuronCoreOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Instruction helpers
//===----------------------------------------------------------------------===//

bool systole::ncore::isWrittenOperand(Operation *op, StringRef role) {
  return role == "dst" || role == "reduce_dst" ||
         (role == "table" && isa<ScatterOp>(op));
}

bool systole::ncore::isInstruction(Operation *op) {
  return op->getDialect() && isa<NCoreDialect>(op->getDialect()) &&
         op->getAttrOfType<EngineAttr>("engine");
}

Engine systole::ncore::getInstructionEngine(Operation *op) {
  return op->getAttrOfType<EngineAttr>("engine").getValue();
}

int systole::ncore::getInstructionQueue(Operation *op) {
  auto queue = op->getAttrOfType<IntegerAttr>("queue");
  return queue ? static_cast<int>(queue.getInt()) : -1;
}

static SmallVector<SemaphoreUse> getUses(Operation *op, StringRef semsName,
                                         StringRef valuesName) {
  SmallVector<SemaphoreUse> uses;
  auto sems = op->getAttrOfType<ArrayAttr>(semsName);
  auto values = op->getAttrOfType<DenseI64ArrayAttr>(valuesName);
  if (!sems || !values)
    return uses;
  for (size_t i = 0; i < sems.size() && i < static_cast<size_t>(values.size()); ++i)
    uses.push_back({dyn_cast<FlatSymbolRefAttr>(sems[i]), values[i]});
  return uses;
}

SmallVector<SemaphoreUse> systole::ncore::getInstructionWaits(Operation *op) {
  return getUses(op, "wait_sems", "wait_values");
}

SmallVector<SemaphoreUse> systole::ncore::getInstructionSignals(Operation *op) {
  return getUses(op, "signal_sems", "signal_amounts");
}

void systole::ncore::setInstructionSync(Operation *op, ArrayRef<SemaphoreUse> waits,
                                        ArrayRef<SemaphoreUse> signals) {
  Builder b(op->getContext());
  auto set = [&](ArrayRef<SemaphoreUse> uses, StringRef semsName, StringRef valuesName) {
    if (uses.empty()) {
      op->removeAttr(semsName);
      op->removeAttr(valuesName);
      return;
    }
    SmallVector<Attribute> sems;
    SmallVector<int64_t> values;
    for (const SemaphoreUse &use : uses) {
      sems.push_back(use.sem);
      values.push_back(use.value);
    }
    op->setAttr(semsName, b.getArrayAttr(sems));
    op->setAttr(valuesName, b.getDenseI64ArrayAttr(values));
  };
  set(waits, "wait_sems", "wait_values");
  set(signals, "signal_sems", "signal_amounts");
}

void systole::ncore::setInstructionEngine(Operation *op, Engine engine, int queue) {
  op->setAttr("engine", EngineAttr::get(op->getContext(), engine));
  if (engine == Engine::dma)
    op->setAttr("queue", Builder(op->getContext()).getI32IntegerAttr(queue));
  else
    op->removeAttr("queue");
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

static LogicalResult verifyAddress(Operation *op, int64_t address) {
  if (address < 0)
    return op->emitOpError() << "HBM address " << address << " is negative";
  return success();
}

static LogicalResult verifyTensorDecl(Operation *op, Type type, int64_t address) {
  auto tensor = cast<RankedTensorType>(type);
  if (!isSupportedElementType(tensor.getElementType()))
    return op->emitOpError()
           << "element type " << tensor.getElementType()
           << " is not a NeuronCore type (f32, bf16, f16, f8E4M3, "
              "f8E4M3FN, f8E5M2, i32, i16, i8, ui32, ui16, ui8, i1)";
  return verifyAddress(op, address);
}

LogicalResult InputOp::verify() {
  return verifyTensorDecl(*this, getType(), int64_t(getAddress()));
}
LogicalResult OutputOp::verify() {
  return verifyTensorDecl(*this, getType(), int64_t(getAddress()));
}
LogicalResult ScratchOp::verify() {
  if (int64_t(getSize()) < 0)
    return emitOpError() << "size " << int64_t(getSize()) << " is negative";
  return verifyAddress(*this, int64_t(getAddress()));
}

LogicalResult ConstantOp::verify() {
  auto type = cast<ShapedType>(getValue().getType());
  if (!isSupportedElementType(type.getElementType()))
    return emitOpError()
           << "element type " << type.getElementType()
           << " is not a NeuronCore type (f32, bf16, f16, f8E4M3, "
              "f8E4M3FN, f8E5M2, i32, i16, i8, ui32, ui16, ui8, i1)";
  if (!isa<DenseElementsAttr>(getValue()))
    return emitOpError() << "value must be dense elements";
  return verifyAddress(*this, int64_t(getAddress()));
}

int64_t ConstantOp::getSizeInBytes() {
  auto type = cast<ShapedType>(getValue().getType());
  return type.getNumElements() * getElementByteSize(type.getElementType());
}

static int64_t tensorBytes(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return tensor.getNumElements() * getElementByteSize(tensor.getElementType());
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

void ProgramOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                      StringRef target) {
  state.addAttribute(getSymNameAttrName(state.name), builder.getStringAttr(name));
  state.addAttribute(getTargetAttrName(state.name), builder.getStringAttr(target));
  Region *body = state.addRegion();
  body->push_back(new Block());
}

LogicalResult ProgramOp::verify() {
  std::string error;
  if (failed(getProgramTarget(*this, &error)))
    return emitOpError() << error;
  if (std::optional<DictionaryAttr> stats = getStats())
    for (NamedAttribute entry : *stats)
      if (!isa<FloatAttr, IntegerAttr>(entry.getValue()))
        return emitOpError() << "stats entry '" << entry.getName().getValue()
                             << "' must be a number";
  return success();
}

namespace {
struct HbmRegion {
  int64_t begin, end;
  Operation *op;
};
} // namespace

LogicalResult ProgramOp::verifyRegions() {
  FailureOr<const TargetDesc *> target = getProgramTarget(*this);
  if (failed(target))
    return failure(); // reported by verify()
  const TargetDesc &t = **target;

  // HBM regions: inside HBM and disjoint (DESIGN section 6).
  std::vector<HbmRegion> regions;
  llvm::DenseMap<StringAttr, SemaphoreOp> semaphores;
  int maxQueue = -1;
  for (Operation &op : getBody().front()) {
    std::optional<HbmRegion> region;
    if (auto input = dyn_cast<InputOp>(op))
      region = HbmRegion{int64_t(input.getAddress()), int64_t(input.getAddress()) + tensorBytes(input.getType()),
                      &op};
    else if (auto output = dyn_cast<OutputOp>(op))
      region = HbmRegion{int64_t(output.getAddress()),
                      int64_t(output.getAddress()) + tensorBytes(output.getType()), &op};
    else if (auto constant = dyn_cast<ConstantOp>(op))
      region = HbmRegion{int64_t(constant.getAddress()),
                      int64_t(constant.getAddress()) + constant.getSizeInBytes(), &op};
    else if (auto scratch = dyn_cast<ScratchOp>(op))
      region = HbmRegion{int64_t(scratch.getAddress()), int64_t(scratch.getAddress()) + int64_t(scratch.getSize()), &op};
    else if (auto sem = dyn_cast<SemaphoreOp>(op))
      semaphores[sem.getSymNameAttr()] = sem;
    else if (isInstruction(&op))
      maxQueue = std::max(maxQueue, getInstructionQueue(&op));
    if (region) {
      if (region->end > t.hbm_bytes())
        return op.emitOpError() << "HBM bytes [" << region->begin << ", " << region->end
                                << ") are outside the " << t.hbm_bytes()
                                << " bytes of HBM of " << t.name();
      regions.push_back(*region);
    }
  }
  // The non-empty regions in address order must be disjoint; accesses are then
  // looked up among them by binary search.
  std::stable_sort(regions.begin(), regions.end(),
                   [](const HbmRegion &a, const HbmRegion &b) { return a.begin < b.begin; });
  llvm::erase_if(regions, [](const HbmRegion &r) { return r.end <= r.begin; });
  for (size_t i = 1; i < regions.size(); ++i)
    if (regions[i - 1].end > regions[i].begin) {
      InFlightDiagnostic diag = regions[i].op->emitOpError()
                                << "HBM bytes [" << regions[i].begin << ", "
                                << regions[i].end << ") overlap another region";
      diag.attachNote(regions[i - 1].op->getLoc()) << "the other region";
      return diag;
    }
  auto insideRegion = [&](int64_t begin, int64_t end) {
    auto next = llvm::upper_bound(regions, begin, [](int64_t address, const HbmRegion &r) {
      return address < r.begin;
    });
    return next != regions.begin() && end <= std::prev(next)->end;
  };

  if (semaphores.size() > static_cast<size_t>(t.semaphores()))
    return emitOpError() << "declares " << semaphores.size() << " semaphores, but "
                         << t.name() << " has " << t.semaphores();
  if (std::optional<uint32_t> queues = getDmaQueues()) {
    if (static_cast<int64_t>(*queues) > t.dma_queues() ||
        static_cast<int64_t>(*queues) <= maxQueue)
      return emitOpError() << "dma_queues = " << *queues << " must be in ["
                           << maxQueue + 1 << ", " << t.dma_queues() << "]";
  }

  for (Operation &op : getBody().front()) {
    if (!isInstruction(&op))
      continue;
    // Semaphores are declared.
    for (auto [kind, uses] : {std::make_pair("waits on", getInstructionWaits(&op)),
                              std::make_pair("signals", getInstructionSignals(&op))})
      for (const SemaphoreUse &use : uses) {
        if (!use.sem || !semaphores.count(use.sem.getAttr()))
          return op.emitOpError() << kind << " undeclared semaphore "
                                  << Attribute(use.sem)
                                  << " (declare it with ncore.semaphore)";
        if (use.value < 0 || use.value > int64_t(UINT32_MAX))
          return op.emitOpError() << kind << " " << Attribute(use.sem) << " with value "
                                  << use.value << ", outside [0, 2^32)";
      }
    // DMA queues exist.
    int queue = getInstructionQueue(&op);
    if (queue >= t.dma_queues())
      return op.emitOpError() << "uses DMA queue " << queue << ", but " << t.name()
                              << " has " << t.dma_queues() << " queues";
    // HBM accesses lie inside one declared region.
    for (NamedAttribute attr : op.getAttrs()) {
      auto ap = dyn_cast<AccessPatternAttr>(attr.getValue());
      if (!ap || ap.getMemory() != Memory::hbm)
        continue;
      auto [begin, end] = ap.getByteExtent();
      // A gather/scatter table spans its rows.
      int64_t rows = 1, rowStride = 0;
      if (auto gather = dyn_cast<GatherOp>(op); gather && attr.getName() == "table")
        rows = gather.getRows(), rowStride = gather.getRowStride();
      if (auto scatter = dyn_cast<ScatterOp>(op); scatter && attr.getName() == "table")
        rows = scatter.getRows(), rowStride = scatter.getRowStride();
      if (rows > 1) {
        int64_t shift = (rows - 1) * rowStride * ap.getElementBytes();
        (shift < 0 ? begin : end) += shift;
      }
      if (!insideRegion(begin, end))
        return op.emitOpError() << attr.getName().getValue() << ": HBM bytes [" << begin
                                << ", " << end
                                << ") are outside every declared region (inputs, "
                                   "outputs, constants, scratch)";
    }
  }
  return success();
}
