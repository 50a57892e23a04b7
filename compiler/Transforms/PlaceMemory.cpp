//===- PlaceMemory.cpp - the `place` phase: HBM addresses -----------------===//
//
// `systole-place` (DESIGN section 1, phase `place`): every buffer of the
// bufferized `@main` gets an HBM byte address. Inputs, outputs and constants
// each get their own region; intermediates share space where their live
// ranges (upstream Liveness, extended over view aliases and loops that
// carry a buffer, and back to the computation before a buffer's first use,
// which the `ncore` phase may fuse with that use) do not overlap.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"

#include "runtime/targets/Target.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <limits>
#include <map>

namespace systole {
#define GEN_PASS_DEF_PLACEMEMORY
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

constexpr int64_t kAlignment = 64;
constexpr llvm::StringLiteral kAddressAttr = "systole.hbm_address";

int64_t alignUp(int64_t v) {
  return (v + kAlignment - 1) / kAlignment * kAlignment;
}

/// Bytes of a buffer of `type` (i1 as one byte); -1 when not static.
int64_t bufferBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return -1;
  Type e = type.getElementType();
  if (!e.isIntOrFloat())
    return -1;
  return type.getNumElements() *
         std::max<int64_t>(1, (e.getIntOrFloatBitWidth() + 7) / 8);
}

struct Buffer {
  Operation *op; // memref.alloc, or nullptr for arguments
  Location loc;
  std::string what;
  int64_t bytes;
  int64_t start = 0, end = 0; // live range in top-level op indices
  int64_t address = -1;
};

struct PlaceMemoryPass : systole::impl::PlaceMemoryBase<PlaceMemoryPass> {
  using PlaceMemoryBase::PlaceMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<systole::TargetDesc> loaded =
        systole::loadTargetFor(module, target);
    if (failed(loaded))
      return signalPassFailure();
    func::FuncOp main = systole::findEntryFunction(module);
    if (!main || main.isExternal()) {
      module.emitError() << "place: the module has no @main (or single public) "
                            "function with a body";
      return signalPassFailure();
    }
    if (!main.getBody().hasOneBlock()) {
      main.emitError()
          << "place: @main must be one block (lower control flow first)";
      return signalPassFailure();
    }

    Builder b(module.getContext());
    std::vector<Buffer> all;
    int64_t next = 0;
    bool ok = true;
    auto sizeOf = [&](Value v, Location loc) -> int64_t {
      auto type = dyn_cast<MemRefType>(v.getType());
      int64_t bytes = type ? bufferBytes(type) : -1;
      if (bytes < 0) {
        emitError(loc) << "place: buffer of type " << v.getType()
                       << " has no static size in bytes";
        ok = false;
      }
      return bytes;
    };

    // Inputs, then outputs (`bufferize.result` out-parameters). The
    // addresses go into the argument attributes at once at the end (one
    // `setArgAttr` per argument would rebuild the whole array each time).
    SmallVector<DictionaryAttr> argAttrs;
    main.getAllArgAttrs(argAttrs);
    for (bool outputs : {false, true}) {
      for (BlockArgument arg : main.getArguments()) {
        bool isOutput = static_cast<bool>(
            main.getArgAttr(arg.getArgNumber(), "bufferize.result"));
        if (isOutput != outputs)
          continue;
        int64_t bytes = sizeOf(arg, main.getLoc());
        if (bytes < 0)
          continue;
        NamedAttrList attrs(argAttrs[arg.getArgNumber()]);
        attrs.set(kAddressAttr, b.getI64IntegerAttr(next));
        argAttrs[arg.getArgNumber()] = attrs.getDictionary(b.getContext());
        all.push_back({nullptr, main.getLoc(),
                       (outputs ? "output " : "input ") +
                           std::to_string(arg.getArgNumber()),
                       bytes, 0, 0, next});
        next = alignUp(next + bytes);
      }
    }

    main.setAllArgAttrs(argAttrs);

    // Constants: each global @main reads.
    llvm::SetVector<memref::GlobalOp> globals;
    main.walk([&](memref::GetGlobalOp get) {
      if (auto global =
              module.lookupSymbol<memref::GlobalOp>(get.getNameAttr()))
        globals.insert(global);
    });
    for (memref::GlobalOp global : globals) {
      int64_t bytes = bufferBytes(global.getType());
      if (bytes < 0) {
        global.emitError() << "place: constant of type " << global.getType()
                           << " has no static size in bytes";
        ok = false;
        continue;
      }
      global->setAttr(kAddressAttr, b.getI64IntegerAttr(next));
      all.push_back({global, global.getLoc(),
                     "constant @" + global.getSymName().str(), bytes, 0, 0,
                     next});
      next = alignUp(next + bytes);
    }
    int64_t scratchBase = next;

    // Intermediates: live ranges over the top-level ops of @main's block.
    Block &block = main.getBody().front();
    llvm::DenseMap<Operation *, int64_t> index;
    SmallVector<Operation *> ops;
    for (auto [i, op] : llvm::enumerate(block)) {
      index[&op] = static_cast<int64_t>(i);
      ops.push_back(&op);
    }
    Liveness liveness(main);
    std::vector<Buffer> scratch;
    main.walk([&](memref::AllocOp alloc) {
      int64_t bytes = sizeOf(alloc.getResult(), alloc.getLoc());
      if (bytes < 0)
        return;
      Buffer buf{alloc, alloc.getLoc(), "intermediate", bytes};
      Operation *top = block.findAncestorOpInBlock(*alloc);
      buf.start = buf.end = index.lookup(top);
      int64_t firstUse = std::numeric_limits<int64_t>::max();
      int64_t firstComputation = firstUse; // the first use but a fill
      // The buffer and every view of it.
      SmallVector<Value> worklist{alloc.getResult()};
      while (!worklist.empty()) {
        Value v = worklist.pop_back_val();
        for (Operation *live : liveness.resolveLiveness(v))
          if (Operation *t = block.findAncestorOpInBlock(*live))
            buf.end = std::max(buf.end, index.lookup(t));
        for (Operation *user : v.getUsers()) {
          if (Operation *t = block.findAncestorOpInBlock(*user)) {
            buf.end = std::max(buf.end, index.lookup(t));
            if (!isa<ViewLikeOpInterface>(t))
              firstUse = std::min(firstUse, index.lookup(t));
            if (!isa<ViewLikeOpInterface, linalg::FillOp>(t))
              firstComputation = std::min(firstComputation, index.lookup(t));
          }
          if (auto view = dyn_cast<ViewLikeOpInterface>(user))
            if (view.getViewSource() == v)
              for (Value r : user->getResults())
                worklist.push_back(r);
          // A loop carrying the buffer (a scatter updating it in place)
          // returns the same buffer.
          if (auto loop = dyn_cast<scf::ForOp>(user))
            for (auto [init, result] :
                 llvm::zip(loop.getInitArgs(), loop.getResults()))
              if (init == v)
                worklist.push_back(result);
        }
      }
      // Live from the computation before its first use on: the `ncore`
      // phase may run that use as the epilogue of the op before it (a
      // matmul's PSUM evacuation), writing this buffer while that op still
      // reads its inputs, so the two must not share bytes.
      if (firstUse != std::numeric_limits<int64_t>::max()) {
        int64_t p = firstUse - 1;
        while (p > 0 && (isa<memref::AllocOp, arith::ConstantOp>(ops[p]) ||
                         isa<ViewLikeOpInterface>(ops[p])))
          --p;
        buf.start = std::min(buf.start, std::max<int64_t>(p, 0));
      }
      // A contraction's result, and that of the op right after one (its
      // evacuation epilogue), from the contraction before that one on:
      // `ncore` may run the contraction (and its epilogue) tile by tile at
      // the end of a row group that starts there (an attention block's PV
      // matmul with the QK^T matmul's softmax), writing their rows while
      // later tiles still read the group's inputs.
      if (firstComputation != std::numeric_limits<int64_t>::max()) {
        int64_t c = firstComputation;
        if (!systole::isContraction(ops[c])) {
          c = firstComputation - 1;
          while (c > 0 && (isa<memref::AllocOp, arith::ConstantOp>(ops[c]) ||
                           isa<ViewLikeOpInterface>(ops[c])))
            --c;
        }
        if (c >= 0 && systole::isContraction(ops[c])) {
          int64_t p = c - 1;
          while (p > 0 && !systole::isContraction(ops[p]))
            --p;
          buf.start = std::min(buf.start, std::max<int64_t>(p, 0));
        }
      }
      scratch.push_back(buf);
    });
    if (!ok)
      return signalPassFailure();

    // First fit, largest first, among buffers whose live ranges overlap.
    std::vector<size_t> order(scratch.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t c) {
      return scratch[a].bytes > scratch[c].bytes;
    });
    std::vector<size_t> placed;
    int64_t top = scratchBase;
    for (size_t i : order) {
      Buffer &buf = scratch[i];
      std::vector<std::pair<int64_t, int64_t>> busy;
      for (size_t j : placed)
        if (scratch[j].start <= buf.end && buf.start <= scratch[j].end)
          busy.push_back({scratch[j].address,
                          alignUp(scratch[j].address + scratch[j].bytes)});
      llvm::sort(busy);
      int64_t at = scratchBase;
      for (auto [lo, hi] : busy) {
        if (at + buf.bytes <= lo)
          break;
        at = std::max(at, hi);
      }
      buf.address = at;
      top = std::max(top, alignUp(at + buf.bytes));
      placed.push_back(i);
      buf.op->setAttr(kAddressAttr, b.getI64IntegerAttr(at));
    }
    main->setAttr("systole.hbm_bytes", b.getI64IntegerAttr(top));
    main->setAttr("systole.hbm_scratch_base", b.getI64IntegerAttr(scratchBase));

    if (top > loaded->hbm_bytes()) {
      InFlightDiagnostic diag =
          main.emitError() << "place: the program needs " << top
                           << " bytes of HBM but " << loaded->name() << " has "
                           << loaded->hbm_bytes() << "; live buffers:";
      for (const std::vector<Buffer> *list : {&all, &scratch})
        for (const Buffer &buf : *list)
          diag.attachNote(buf.loc)
              << buf.what << ": " << buf.bytes << " bytes at " << buf.address;
      return signalPassFailure();
    }
  }
};

} // namespace
