//===- NcxToNcore.cpp - NCX executable -> ncore program (disassembler) ----===//
//
// DESIGN sections 2 and 6: the disassembly of any executable is readable
// ncore IR, and translating it back gives the same bytes.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/NCX/NcxTranslation.h"

#include "runtime/ncx/Ncx.h"
#include "runtime/targets/Target.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace systole;
using namespace systole::ncore;

namespace {

Type fromDType(MLIRContext *ctx, ncx::DType dtype) {
  Builder b(ctx);
  switch (dtype) {
  case ncx::DTYPE_F32:
    return b.getF32Type();
  case ncx::DTYPE_BF16:
    return b.getBF16Type();
  case ncx::DTYPE_F16:
    return b.getF16Type();
  case ncx::DTYPE_F8E4M3:
    return b.getFloat8E4M3Type();
  case ncx::DTYPE_F8E4M3FN:
    return b.getFloat8E4M3FNType();
  case ncx::DTYPE_F8E5M2:
    return b.getFloat8E5M2Type();
  case ncx::DTYPE_I32:
    return b.getI32Type();
  case ncx::DTYPE_I16:
    return b.getI16Type();
  case ncx::DTYPE_I8:
    return b.getI8Type();
  case ncx::DTYPE_U8:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case ncx::DTYPE_U16:
    return IntegerType::get(ctx, 16, IntegerType::Unsigned);
  case ncx::DTYPE_U32:
    return IntegerType::get(ctx, 32, IntegerType::Unsigned);
  case ncx::DTYPE_I1:
    return b.getI1Type();
  default:
    return {};
  }
}

Memory fromMemory(ncx::Memory memory) {
  switch (memory) {
  case ncx::MEMORY_SBUF:
    return Memory::sbuf;
  case ncx::MEMORY_PSUM:
    return Memory::psum;
  default:
    return Memory::hbm;
  }
}

/// Builds the ops of one program from a validated executable.
class Disassembler {
public:
  Disassembler(const ncx::Executable &exe, ProgramOp program)
      : exe(exe), ctx(program.getContext()), b(ctx) {
    b.setInsertionPointToEnd(&program.getBody().front());
  }

  AccessPatternAttr ap(const ncx::AccessPattern &p) {
    SmallVector<int64_t> counts, strides;
    for (const ncx::Dim &dim : p.dims()) {
      counts.push_back(dim.count());
      strides.push_back(dim.stride());
    }
    return AccessPatternAttr::get(ctx, fromMemory(p.memory()),
                                  p.start_partition(), p.partition_count(),
                                  p.byte_offset(), fromDType(ctx, p.dtype()),
                                  counts, strides, p.partition_stride());
  }

  Attribute scalar(const ncx::ScalarOperand &s) {
    if (s.has_per_partition())
      return ap(s.per_partition());
    return b.getF32FloatAttr(s.imm());
  }

  Attribute alu(ncx::AluOp op) {
    return AluOpAttr::get(ctx, static_cast<AluOp>(static_cast<int>(op)));
  }

  Location loc(const ncx::Instruction &inst) {
    if (!inst.has_loc())
      return b.getUnknownLoc();
    const ncx::DebugLoc &debug = inst.loc();
    Location file = b.getUnknownLoc();
    if (!debug.file().empty() || debug.line() != 0)
      file = FileLineColLoc::get(ctx, debug.file(), debug.line(), debug.col());
    if (debug.name().empty())
      return file;
    return NameLoc::get(b.getStringAttr(debug.name()), file);
  }

  /// Creates the op of one instruction of `stream`.
  void instruction(ncx::StreamId stream, const ncx::Instruction &inst) {
    SmallVector<NamedAttribute> attrs;
    auto add = [&](StringRef name, Attribute value) {
      attrs.push_back(b.getNamedAttr(name, value));
    };
    StringRef name;
    switch (inst.kind_case()) {
    case ncx::Instruction::kDmaCopy:
      name = DmaCopyOp::getOperationName();
      add("src", ap(inst.dma_copy().src()));
      add("dst", ap(inst.dma_copy().dst()));
      break;
    case ncx::Instruction::kMatmul: {
      const ncx::Matmul &k = inst.matmul();
      name = MatmulOp::getOperationName();
      add("stationary", ap(k.stationary()));
      add("moving", ap(k.moving()));
      add("dst", ap(k.dst()));
      if (k.accumulate())
        add("accumulate", b.getUnitAttr());
      break;
    }
    case ncx::Instruction::kTranspose:
      name = TransposeOp::getOperationName();
      add("src", ap(inst.transpose().src()));
      add("dst", ap(inst.transpose().dst()));
      break;
    case ncx::Instruction::kActivation: {
      const ncx::Activation &k = inst.activation();
      name = ActivationOp::getOperationName();
      add("func",
          ActivationFuncAttr::get(
              ctx, static_cast<ActivationFunc>(static_cast<int>(k.func()))));
      add("src", ap(k.src()));
      add("dst", ap(k.dst()));
      if (k.has_scale())
        add("scale", scalar(k.scale()));
      if (k.has_bias())
        add("bias", ap(k.bias()));
      if (k.has_reduce_dst())
        add("reduce_dst", ap(k.reduce_dst()));
      break;
    }
    case ncx::Instruction::kTensorTensor: {
      const ncx::TensorTensor &k = inst.tensor_tensor();
      name = TensorTensorOp::getOperationName();
      add("op", alu(k.op()));
      add("a", ap(k.a()));
      add("b", ap(k.b()));
      add("dst", ap(k.dst()));
      break;
    }
    case ncx::Instruction::kTensorScalar: {
      const ncx::TensorScalar &k = inst.tensor_scalar();
      name = TensorScalarOp::getOperationName();
      add("a", ap(k.a()));
      add("dst", ap(k.dst()));
      add("op0", alu(k.op0()));
      add("s0", scalar(k.s0()));
      if (k.op1() != ncx::ALU_BYPASS) {
        add("op1", alu(k.op1()));
        add("s1", scalar(k.s1()));
      }
      break;
    }
    case ncx::Instruction::kTensorReduce: {
      const ncx::TensorReduce &k = inst.tensor_reduce();
      name = TensorReduceOp::getOperationName();
      add("op", alu(k.op()));
      add("src", ap(k.src()));
      add("dst", ap(k.dst()));
      add("reduce_dims", b.getI32IntegerAttr(std::max(1, k.reduce_dims())));
      if (k.negate())
        add("negate", b.getUnitAttr());
      break;
    }
    case ncx::Instruction::kTensorCopy:
      name = TensorCopyOp::getOperationName();
      add("src", ap(inst.tensor_copy().src()));
      add("dst", ap(inst.tensor_copy().dst()));
      break;
    case ncx::Instruction::kSelect: {
      const ncx::Select &k = inst.select();
      name = SelectOp::getOperationName();
      add("pred", ap(k.pred()));
      add("a", ap(k.a()));
      add("b", ap(k.b()));
      add("dst", ap(k.dst()));
      break;
    }
    case ncx::Instruction::kIota: {
      const ncx::Iota &k = inst.iota();
      name = IotaOp::getOperationName();
      add("dst", ap(k.dst()));
      add("base", b.getI64IntegerAttr(k.base()));
      add("partition_step", b.getI64IntegerAttr(k.partition_multiplier()));
      add("steps",
          b.getDenseI64ArrayAttr(SmallVector<int64_t>(
              k.dim_multipliers().begin(), k.dim_multipliers().end())));
      break;
    }
    case ncx::Instruction::kMemset:
      name = MemsetOp::getOperationName();
      add("dst", ap(inst.memset().dst()));
      add("value", b.getF64FloatAttr(inst.memset().value()));
      break;
    case ncx::Instruction::kPartitionReduce: {
      const ncx::PartitionReduce &k = inst.partition_reduce();
      name = PartitionReduceOp::getOperationName();
      add("op", alu(k.op()));
      add("src", ap(k.src()));
      add("dst", ap(k.dst()));
      break;
    }
    case ncx::Instruction::kPartitionBroadcast:
      name = PartitionBroadcastOp::getOperationName();
      add("src", ap(inst.partition_broadcast().src()));
      add("dst", ap(inst.partition_broadcast().dst()));
      break;
    case ncx::Instruction::kGather: {
      const ncx::Gather &k = inst.gather();
      name = GatherOp::getOperationName();
      add("table", ap(k.table()));
      add("indices", ap(k.indices()));
      add("dst", ap(k.dst()));
      add("rows", b.getI64IntegerAttr(k.num_rows()));
      add("row_stride", b.getI64IntegerAttr(k.row_stride()));
      break;
    }
    case ncx::Instruction::kScatter: {
      const ncx::Scatter &k = inst.scatter();
      name = ScatterOp::getOperationName();
      add("src", ap(k.src()));
      add("indices", ap(k.indices()));
      add("table", ap(k.table()));
      add("rows", b.getI64IntegerAttr(k.num_rows()));
      add("row_stride", b.getI64IntegerAttr(k.row_stride()));
      if (k.skip_out_of_bounds())
        add("skip_oob", b.getUnitAttr());
      if (k.accumulate())
        add("accumulate", b.getUnitAttr());
      break;
    }
    case ncx::Instruction::KIND_NOT_SET:
      return; // rejected by the validator
    }
    Engine engine = Engine::dma;
    switch (stream.kind) {
    case ncx::EngineKind::Tensor:
      engine = Engine::tensor;
      break;
    case ncx::EngineKind::Vector:
      engine = Engine::vector;
      break;
    case ncx::EngineKind::Scalar:
      engine = Engine::scalar;
      break;
    case ncx::EngineKind::GpSimd:
      engine = Engine::gpsimd;
      break;
    case ncx::EngineKind::Dma:
      engine = Engine::dma;
      break;
    }
    add("engine", EngineAttr::get(ctx, engine));
    if (engine == Engine::dma)
      add("queue", b.getI32IntegerAttr(stream.queue));
    OperationState state(loc(inst), name);
    state.addAttributes(attrs);
    Operation *op = b.create(state);
    SmallVector<SemaphoreUse> waits, signals;
    for (const ncx::SemaphoreWait &w : inst.waits())
      waits.push_back({semaphore(w.sem()), static_cast<int64_t>(w.value())});
    for (const ncx::SemaphoreIncrement &i : inst.increments())
      signals.push_back({semaphore(i.sem()), static_cast<int64_t>(i.amount())});
    setInstructionSync(op, waits, signals);
  }

  FlatSymbolRefAttr semaphore(uint32_t index) {
    return FlatSymbolRefAttr::get(ctx, "sem" + std::to_string(index));
  }

  void run() {
    Location unknown = b.getUnknownLoc();
    auto tensorType = [&](const ncx::TensorDecl &decl) {
      return RankedTensorType::get(
          SmallVector<int64_t>(decl.shape().begin(), decl.shape().end()),
          fromDType(ctx, decl.dtype()));
    };
    for (const ncx::TensorDecl &decl : exe.inputs())
      b.create<InputOp>(unknown, decl.name(), tensorType(decl),
                        decl.hbm_address());
    for (const ncx::TensorDecl &decl : exe.outputs())
      b.create<OutputOp>(unknown, decl.name(), tensorType(decl),
                         decl.hbm_address());
    for (const ncx::Constant &c : exe.constants()) {
      auto type = RankedTensorType::get(
          {static_cast<int64_t>(c.data().size())},
          IntegerType::get(ctx, 8, IntegerType::Unsigned));
      auto value = DenseElementsAttr::getFromRawBuffer(
          type, ArrayRef<char>(c.data().data(), c.data().size()));
      b.create<ConstantOp>(unknown, c.name(), c.hbm_address(), value);
    }
    for (const ncx::ScratchRegion &s : exe.scratch())
      b.create<ScratchOp>(unknown, s.name(), s.hbm_address(), s.size_bytes());
    for (uint32_t i = 0; i < exe.num_semaphores(); ++i)
      b.create<SemaphoreOp>(unknown, semaphore(i).getValue());

    // Merge the streams in a causal order.
    std::vector<ncx::StreamId> streams = ncx::allStreams(exe);
    std::vector<int> next(streams.size(), 0);
    std::vector<uint64_t> counts(exe.num_semaphores(), 0);
    auto ready = [&](const ncx::Instruction &inst) {
      for (const ncx::SemaphoreWait &w : inst.waits())
        if (w.sem() >= counts.size() || counts[w.sem()] < w.value())
          return false;
      return true;
    };
    while (true) {
      int chosen = -1, firstNonEmpty = -1;
      for (size_t s = 0; s < streams.size(); ++s) {
        const ncx::Stream *stream = ncx::getStream(exe, streams[s]);
        if (next[s] >= stream->instructions_size())
          continue;
        if (firstNonEmpty < 0)
          firstNonEmpty = static_cast<int>(s);
        if (ready(stream->instructions(next[s]))) {
          chosen = static_cast<int>(s);
          break;
        }
      }
      if (firstNonEmpty < 0)
        break;
      if (chosen < 0)
        chosen =
            firstNonEmpty; // a deadlock: keep the program order of a stream
      const ncx::Instruction &inst =
          ncx::getStream(exe, streams[chosen])->instructions(next[chosen]++);
      for (const ncx::SemaphoreIncrement &i : inst.increments())
        if (i.sem() < counts.size())
          counts[i.sem()] += i.amount();
      instruction(streams[chosen], inst);
    }
  }

private:
  const ncx::Executable &exe;
  MLIRContext *ctx;
  OpBuilder b;
};

} // namespace

OwningOpRef<ModuleOp> systole::translateNcxToModule(const ncx::Executable &exe,
                                                    MLIRContext *context) {
  context->getOrLoadDialect<NCoreDialect>();
  Location unknown = UnknownLoc::get(context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(unknown);
  OpBuilder b(context);
  b.setInsertionPointToEnd(module->getBody());
  auto program = b.create<ProgramOp>(unknown, "main", exe.target_name());
  // Keep a target description that differs from the shipped one.
  absl::StatusOr<TargetDesc> builtin = loadTarget(exe.target_name());
  bool builtinName = false;
  for (const std::string &n : builtinTargetNames())
    builtinName |= n == exe.target_name();
  if (!builtinName || !builtin.ok() ||
      builtin->SerializeAsString() != exe.target().SerializeAsString()) {
    std::string text;
    google::protobuf::TextFormat::PrintToString(exe.target(), &text);
    program.setTargetDescAttr(b.getStringAttr(text));
  }
  if (!exe.compiler_version().empty())
    program.setCompilerVersionAttr(b.getStringAttr(exe.compiler_version()));
  if (exe.has_stats()) {
    SmallVector<NamedAttribute> stats;
    for (const auto &[name, value] : exe.stats().values())
      stats.push_back(b.getNamedAttr(name, b.getF64FloatAttr(value)));
    program.setStatsAttr(b.getDictionaryAttr(stats));
  }
  int usedQueues = 0;
  for (int q = 0; q < exe.dma_queues_size(); ++q)
    if (exe.dma_queues(q).instructions_size() > 0)
      usedQueues = q + 1;
  if (exe.dma_queues_size() > usedQueues)
    program.setDmaQueuesAttr(b.getI32IntegerAttr(exe.dma_queues_size()));
  Disassembler(exe, program).run();
  return module;
}
