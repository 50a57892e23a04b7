//===- NcoreToNcx.cpp - ncore program -> NCX executable -------------------===//
//
// DESIGN section 6. Every field of runtime/ncx/ncx.proto is filled from the
// program: see translateProgramToNcx in NcxTranslation.h.
//
//===----------------------------------------------------------------------===//
#include "compiler/Target/NCX/NcxTranslation.h"

#include "dialects/NeuronCore/NeuronCoreTarget.h"
#include "runtime/ncx/Ncx.h"

#include "mlir/IR/Location.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace systole;
using namespace systole::ncore;

namespace {

ncx::DType toDType(Type type) {
  if (type.isF32())
    return ncx::DTYPE_F32;
  if (type.isBF16())
    return ncx::DTYPE_BF16;
  if (type.isF16())
    return ncx::DTYPE_F16;
  if (type.isFloat8E4M3())
    return ncx::DTYPE_F8E4M3;
  if (type.isFloat8E4M3FN())
    return ncx::DTYPE_F8E4M3FN;
  if (type.isFloat8E5M2())
    return ncx::DTYPE_F8E5M2;
  if (type.isUnsignedInteger(8))
    return ncx::DTYPE_U8;
  if (type.isUnsignedInteger(16))
    return ncx::DTYPE_U16;
  if (type.isUnsignedInteger(32))
    return ncx::DTYPE_U32;
  if (type.isSignlessInteger(32))
    return ncx::DTYPE_I32;
  if (type.isSignlessInteger(16))
    return ncx::DTYPE_I16;
  if (type.isSignlessInteger(8))
    return ncx::DTYPE_I8;
  if (type.isSignlessInteger(1))
    return ncx::DTYPE_I1;
  return ncx::DTYPE_UNSPECIFIED; // rejected by the verifier
}

ncx::Memory toMemory(Memory memory) {
  switch (memory) {
  case Memory::hbm:
    return ncx::MEMORY_HBM;
  case Memory::sbuf:
    return ncx::MEMORY_SBUF;
  case Memory::psum:
    return ncx::MEMORY_PSUM;
  }
  return ncx::MEMORY_UNSPECIFIED;
}

void toAp(AccessPatternAttr ap, ncx::AccessPattern *out) {
  out->set_memory(toMemory(ap.getMemory()));
  out->set_start_partition(static_cast<int32_t>(ap.getStartPartition()));
  out->set_partition_count(static_cast<int32_t>(ap.getPartitionCount()));
  out->set_byte_offset(ap.getByteOffset());
  out->set_dtype(toDType(ap.getElementType()));
  for (auto [count, stride] : llvm::zip(ap.getCounts(), ap.getStrides())) {
    ncx::Dim *dim = out->add_dims();
    dim->set_count(count);
    dim->set_stride(stride);
  }
  out->set_partition_stride(ap.getPartitionStride());
}

void toScalar(Attribute scalar, ncx::ScalarOperand *out) {
  if (auto ap = dyn_cast<AccessPatternAttr>(scalar))
    toAp(ap, out->mutable_per_partition());
  else if (auto f = dyn_cast<FloatAttr>(scalar))
    out->set_imm(static_cast<float>(f.getValueAsDouble()));
}

ncx::AluOp toAlu(AluOp op) {
  return static_cast<ncx::AluOp>(static_cast<int>(op));
}

/// The first location of kind `LocT` inside `loc` (through names, call sites,
/// fusions).
template <typename LocT> std::optional<LocT> findFirstLoc(Location loc) {
  std::optional<LocT> found;
  loc->walk([&](Location inner) {
    if (auto match = dyn_cast<LocT>(inner)) {
      found = match;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Packs the elements of a dense constant little-endian (i1 as one byte).
std::string packConstant(DenseElementsAttr value) {
  Type elementType = value.getElementType();
  int64_t numElements = value.getNumElements();
  std::string bytes;
  if (elementType.isInteger(1)) {
    bytes.reserve(numElements);
    for (bool b : value.getValues<bool>())
      bytes.push_back(b ? 1 : 0);
    return bytes;
  }
  ArrayRef<char> raw = value.getRawData();
  if (!value.isSplat())
    return std::string(raw.data(), raw.size());
  bytes.reserve(raw.size() * numElements);
  for (int64_t i = 0; i < numElements; ++i)
    bytes.append(raw.data(), raw.size());
  return bytes;
}

/// Fills the kind-specific part of an instruction.
LogicalResult fillInstruction(Operation *op, ncx::Instruction &inst) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](DmaCopyOp o) {
        auto *k = inst.mutable_dma_copy();
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](MatmulOp o) {
        auto *k = inst.mutable_matmul();
        toAp(o.getDst(), k->mutable_dst());
        toAp(o.getStationary(), k->mutable_stationary());
        toAp(o.getMoving(), k->mutable_moving());
        k->set_accumulate(o.getAccumulate());
        return success();
      })
      .Case([&](TransposeOp o) {
        auto *k = inst.mutable_transpose();
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](ActivationOp o) {
        auto *k = inst.mutable_activation();
        k->set_func(
            static_cast<ncx::ActivationFunc>(static_cast<int>(o.getFunc())));
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        if (Attribute scale = o.getScaleAttr())
          toScalar(scale, k->mutable_scale());
        if (AccessPatternAttr bias = o.getBiasAttr())
          toAp(bias, k->mutable_bias());
        if (AccessPatternAttr reduce = o.getReduceDstAttr())
          toAp(reduce, k->mutable_reduce_dst());
        return success();
      })
      .Case([&](TensorTensorOp o) {
        auto *k = inst.mutable_tensor_tensor();
        k->set_op(toAlu(o.getOp()));
        toAp(o.getA(), k->mutable_a());
        toAp(o.getB(), k->mutable_b());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](TensorScalarOp o) {
        auto *k = inst.mutable_tensor_scalar();
        toAp(o.getA(), k->mutable_a());
        toAp(o.getDst(), k->mutable_dst());
        k->set_op0(toAlu(o.getOp0()));
        toScalar(o.getS0Attr(), k->mutable_s0());
        if (std::optional<AluOp> op1 = o.getOp1()) {
          k->set_op1(toAlu(*op1));
          toScalar(o.getS1Attr(), k->mutable_s1());
        } else {
          k->set_op1(ncx::ALU_BYPASS);
        }
        return success();
      })
      .Case([&](TensorReduceOp o) {
        auto *k = inst.mutable_tensor_reduce();
        k->set_op(toAlu(o.getOp()));
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        k->set_reduce_dims(static_cast<int32_t>(o.getReduceDims()));
        k->set_negate(o.getNegate());
        return success();
      })
      .Case([&](TensorCopyOp o) {
        auto *k = inst.mutable_tensor_copy();
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](SelectOp o) {
        auto *k = inst.mutable_select();
        toAp(o.getPred(), k->mutable_pred());
        toAp(o.getA(), k->mutable_a());
        toAp(o.getB(), k->mutable_b());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](IotaOp o) {
        auto *k = inst.mutable_iota();
        toAp(o.getDst(), k->mutable_dst());
        k->set_base(static_cast<int64_t>(o.getBase()));
        k->set_partition_multiplier(static_cast<int64_t>(o.getPartitionStep()));
        for (int64_t step : o.getSteps())
          k->add_dim_multipliers(step);
        return success();
      })
      .Case([&](MemsetOp o) {
        auto *k = inst.mutable_memset();
        toAp(o.getDst(), k->mutable_dst());
        k->set_value(o.getValue().convertToDouble());
        return success();
      })
      .Case([&](PartitionReduceOp o) {
        auto *k = inst.mutable_partition_reduce();
        k->set_op(toAlu(o.getOp()));
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](PartitionBroadcastOp o) {
        auto *k = inst.mutable_partition_broadcast();
        toAp(o.getSrc(), k->mutable_src());
        toAp(o.getDst(), k->mutable_dst());
        return success();
      })
      .Case([&](GatherOp o) {
        auto *k = inst.mutable_gather();
        toAp(o.getTable(), k->mutable_table());
        toAp(o.getIndices(), k->mutable_indices());
        toAp(o.getDst(), k->mutable_dst());
        k->set_row_stride(static_cast<int64_t>(o.getRowStride()));
        k->set_num_rows(static_cast<int64_t>(o.getRows()));
        return success();
      })
      .Case([&](ScatterOp o) {
        auto *k = inst.mutable_scatter();
        toAp(o.getTable(), k->mutable_table());
        toAp(o.getIndices(), k->mutable_indices());
        toAp(o.getSrc(), k->mutable_src());
        k->set_row_stride(static_cast<int64_t>(o.getRowStride()));
        k->set_num_rows(static_cast<int64_t>(o.getRows()));
        k->set_skip_out_of_bounds(o.getSkipOob());
        k->set_accumulate(o.getAccumulate());
        return success();
      })
      .Default([&](Operation *other) {
        return other->emitOpError() << "has no NCX encoding";
      });
}

} // namespace

FailureOr<ncx::Executable> systole::translateProgramToNcx(ProgramOp program) {
  std::string error;
  FailureOr<const TargetDesc *> target = getProgramTarget(program, &error);
  if (failed(target))
    return program.emitOpError() << error;

  ncx::Executable exe;
  *exe.mutable_target() = **target;
  exe.set_target_name((*target)->name());
  if (std::optional<StringRef> version = program.getCompilerVersion())
    exe.set_compiler_version(version->str());
  if (std::optional<DictionaryAttr> stats = program.getStats())
    for (NamedAttribute entry : *stats) {
      double value = 0;
      if (auto f = dyn_cast<FloatAttr>(entry.getValue()))
        value = f.getValueAsDouble();
      else if (auto i = dyn_cast<IntegerAttr>(entry.getValue()))
        value = static_cast<double>(i.getValue().getSExtValue());
      (*exe.mutable_stats()->mutable_values())[entry.getName().str()] = value;
    }
  if (std::optional<uint32_t> queues = program.getDmaQueues())
    while (exe.dma_queues_size() < static_cast<int>(*queues))
      exe.add_dma_queues();

  llvm::DenseMap<StringAttr, uint32_t> semaphores;
  for (Operation &op : program.getBody().front())
    if (auto sem = dyn_cast<SemaphoreOp>(op))
      semaphores.try_emplace(sem.getSymNameAttr(), semaphores.size());
  exe.set_num_semaphores(semaphores.size());

  auto fillDecl = [](ncx::TensorDecl *decl, StringRef name, Type type,
                     uint64_t address) {
    auto tensor = cast<RankedTensorType>(type);
    decl->set_name(name.str());
    for (int64_t d : tensor.getShape())
      decl->add_shape(d);
    decl->set_dtype(toDType(tensor.getElementType()));
    decl->set_hbm_address(address);
  };

  for (Operation &op : program.getBody().front()) {
    if (auto input = dyn_cast<InputOp>(op)) {
      fillDecl(exe.add_inputs(), input.getSymName(), input.getType(),
               input.getAddress());
    } else if (auto output = dyn_cast<OutputOp>(op)) {
      fillDecl(exe.add_outputs(), output.getSymName(), output.getType(),
               output.getAddress());
    } else if (auto constant = dyn_cast<ConstantOp>(op)) {
      ncx::Constant *c = exe.add_constants();
      c->set_name(constant.getSymName().str());
      c->set_hbm_address(constant.getAddress());
      c->set_data(packConstant(cast<DenseElementsAttr>(constant.getValue())));
    } else if (auto scratch = dyn_cast<ScratchOp>(op)) {
      ncx::ScratchRegion *s = exe.add_scratch();
      s->set_name(scratch.getSymName().str());
      s->set_hbm_address(scratch.getAddress());
      s->set_size_bytes(scratch.getSize());
    } else if (isInstruction(&op)) {
      ncx::StreamId stream;
      switch (getInstructionEngine(&op)) {
      case Engine::tensor:
        stream.kind = ncx::EngineKind::Tensor;
        break;
      case Engine::vector:
        stream.kind = ncx::EngineKind::Vector;
        break;
      case Engine::scalar:
        stream.kind = ncx::EngineKind::Scalar;
        break;
      case Engine::gpsimd:
        stream.kind = ncx::EngineKind::GpSimd;
        break;
      case Engine::dma:
        stream.kind = ncx::EngineKind::Dma;
        stream.queue = getInstructionQueue(&op);
        break;
      }
      ncx::Stream *s = ncx::getMutableStream(exe, stream);
      if (!s)
        return op.emitOpError() << "has no instruction stream";
      ncx::Instruction &inst = *s->add_instructions();
      for (const SemaphoreUse &use : getInstructionWaits(&op)) {
        ncx::SemaphoreWait *wait = inst.add_waits();
        wait->set_sem(semaphores.lookup(use.sem.getAttr()));
        wait->set_value(static_cast<uint32_t>(use.value));
      }
      for (const SemaphoreUse &use : getInstructionSignals(&op)) {
        ncx::SemaphoreIncrement *inc = inst.add_increments();
        inc->set_sem(semaphores.lookup(use.sem.getAttr()));
        inc->set_amount(static_cast<uint32_t>(use.value));
      }
      if (auto loc = findFirstLoc<FileLineColLoc>(op.getLoc())) {
        inst.mutable_loc()->set_file(loc->getFilename().str());
        inst.mutable_loc()->set_line(loc->getLine());
        inst.mutable_loc()->set_col(loc->getColumn());
      }
      if (auto name = findFirstLoc<NameLoc>(op.getLoc()))
        inst.mutable_loc()->set_name(name->getName().str());
      if (failed(fillInstruction(&op, inst)))
        return failure();
    } else if (!isa<SemaphoreOp>(op)) {
      return op.emitOpError() << "has no NCX encoding";
    }
  }

  ncx::finalizeExecutable(exe);
  absl::Status status = ncx::validateExecutable(exe, nullptr);
  if (!status.ok())
    return program.emitOpError() << "the executable fails validation: "
                                 << std::string(status.message());
  return exe;
}

static LogicalResult translateModuleToNcx(Operation *op, raw_ostream &os) {
  SmallVector<ProgramOp> programs;
  if (auto program = dyn_cast<ProgramOp>(op))
    programs.push_back(program);
  else if (auto module = dyn_cast<ModuleOp>(op))
    for (auto program : module.getOps<ProgramOp>())
      programs.push_back(program);
  if (programs.size() != 1)
    return op->emitError() << "expected exactly one 'ncore.program', found "
                           << programs.size();
  FailureOr<ncx::Executable> exe = translateProgramToNcx(programs.front());
  if (failed(exe))
    return failure();
  absl::StatusOr<std::string> bytes = ncx::serializeExecutable(*exe);
  if (!bytes.ok())
    return programs.front().emitOpError()
           << std::string(bytes.status().message());
  os.write(bytes->data(), bytes->size());
  return success();
}

void systole::registerNcxTranslations() {
  static TranslateFromMLIRRegistration toNcx(
      "ncore-to-ncx", "translate an ncore program to an NCX executable",
      translateModuleToNcx,
      [](DialectRegistry &registry) { registry.insert<NCoreDialect>(); });
  static TranslateToMLIRRegistration fromNcx(
      "ncx-to-ncore", "disassemble an NCX executable into an ncore program",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        StringRef name = buffer->getBufferIdentifier();
        absl::StatusOr<ncx::Executable> exe = ncx::parseExecutable(
            absl::string_view(buffer->getBufferStart(),
                              buffer->getBufferSize()),
            nullptr, absl::string_view(name.data(), name.size()));
        if (!exe.ok()) {
          std::string message(exe.status().message());
          std::string prefix = name.str() + ": ";
          if (StringRef(message).starts_with(prefix))
            message = message.substr(prefix.size());
          emitError(FileLineColLoc::get(context, name, 0, 0)) << message;
          return nullptr;
        }
        OwningOpRef<ModuleOp> module = translateNcxToModule(*exe, context);
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) { registry.insert<NCoreDialect>(); });
}
