//===- Bufferize.cpp - the `bufferize` phase -----------------------------===//
//
// `systole-bufferize` (DESIGN section 1, phase `bufferize`): upstream one-shot
// module bufferization, then function results to out-parameters.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace systole {
#define GEN_PASS_DEF_BUFFERIZE
#include "compiler/Transforms/Passes.h.inc"
} // namespace systole

using namespace mlir;

namespace {

struct BufferizePass : systole::impl::BufferizeBase<BufferizePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The program's inputs live in HBM regions the caller owns: never
    // written in place. Only inputs that something could write through are
    // marked (`bufferization.writable = false`): those read only as a
    // destination-style op's input are safe as they are, and upstream
    // removes the marks again one argument at a time, which rebuilds the
    // whole argument-attribute array each time (quadratic in the argument
    // count: a model has a weight per argument).
    module.walk([](func::FuncOp func) {
      if (func.isExternal())
        return;
      SmallVector<DictionaryAttr> argAttrs;
      func.getAllArgAttrs(argAttrs);
      auto name = StringAttr::get(
          func.getContext(),
          bufferization::BufferizationDialect::kWritableAttrName);
      bool changed = false;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        BlockArgument arg = func.getArgument(i);
        if (!isa<TensorType>(arg.getType()))
          continue;
        bool readOnly = llvm::all_of(arg.getUses(), [](OpOperand &use) {
          auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
          return dps && dps.isDpsInput(&use);
        });
        if (readOnly)
          continue;
        NamedAttrList attrs(argAttrs[i]);
        attrs.set(name, BoolAttr::get(func.getContext(), false));
        argAttrs[i] = attrs.getDictionary(func.getContext());
        changed = true;
      }
      if (changed)
        func.setAllArgAttrs(argAttrs);
    });

    // One fill per use: CSE merges equal `linalg.fill`s (every matmul's zero
    // init becomes one), and bufferization would then fill one buffer and
    // copy it into each user's through HBM; the `ncore` phase also wants the
    // zero fill shortly before its matmul (it is then the accumulation's
    // start, and emits nothing).
    //
    // A fill that a `tensor.insert_slice` writes into (a pad: the value
    // inserted, then the border) goes before the `tensor.empty` the
    // inserted value is computed into, so that empty-tensor elimination
    // below can make that computation write the slice in place.
    SmallVector<linalg::FillOp> fills;
    module.walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill.getResult(0).use_empty())
        fills.push_back(fill);
    });
    DominanceInfo dominance;
    auto placeFor = [&](linalg::FillOp fill, OpOperand *use) -> Operation * {
      auto insert = dyn_cast<tensor::InsertSliceOp>(use->getOwner());
      if (!insert || use->get() != insert.getDest())
        return use->getOwner();
      Value v = insert.getSource();
      while (auto dps = v.getDefiningOp<DestinationStyleOpInterface>())
        v = dps.getDpsInitOperand(cast<OpResult>(v).getResultNumber())->get();
      auto empty = v.getDefiningOp<tensor::EmptyOp>();
      if (!empty || empty->getBlock() != insert->getBlock())
        return use->getOwner();
      // What the moved fill reads: its value, and its destination (a
      // `tensor.empty`, cloned with it, needs its dynamic sizes).
      SmallVector<Value> needed(fill.getInputs());
      Value init = fill.getDpsInits()[0];
      if (auto initEmpty = init.getDefiningOp<tensor::EmptyOp>())
        llvm::append_range(needed, initEmpty->getOperands());
      else
        needed.push_back(init);
      if (!llvm::all_of(needed, [&](Value in) {
            return dominance.properlyDominates(in, empty);
          }))
        return use->getOwner();
      return empty;
    };
    for (linalg::FillOp fill : fills) {
      SmallVector<std::pair<OpOperand *, Operation *>> uses;
      for (OpOperand &use : fill.getResult(0).getUses())
        uses.push_back({&use, placeFor(fill, &use)});
      if (uses.size() == 1 &&
          uses.front().second == uses.front().first->getOwner())
        continue;
      // Each use gets a copy; the original goes.
      for (auto [use, place] : uses) {
        OpBuilder b(place);
        // Its own destination too: fills sharing one `tensor.empty` are
        // writes to one tensor, which the analysis would have to resolve
        // pairwise (quadratic in the model's depth).
        IRMapping map;
        Value init = fill.getDpsInits()[0];
        if (auto empty = init.getDefiningOp<tensor::EmptyOp>())
          map.map(init, b.clone(*empty.getOperation())->getResult(0));
        Operation *copy = b.clone(*fill.getOperation(), map);
        use->set(copy->getResult(0));
      }
      Value init = fill.getDpsInits()[0];
      fill.erase();
      if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
          empty && empty->use_empty())
        empty.erase();
    }

    // One `tensor.empty` per use, for the same reason: CSE merges the
    // destinations of every elementwise op of a shape into one, and writes
    // into one tensor make one-shot analysis compare every pair of them
    // (512 dense layers: 4.6 s in this phase, 8x the time of 256).
    SmallVector<tensor::EmptyOp> empties;
    module.walk([&](tensor::EmptyOp empty) {
      if (!empty.getResult().hasOneUse() && !empty.getResult().use_empty())
        empties.push_back(empty);
    });
    for (tensor::EmptyOp empty : empties) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : empty.getResult().getUses())
        uses.push_back(&use);
      // The first use keeps the original. A clone goes before the op in the
      // empty's block that holds the use (not into a loop body).
      for (OpOperand *use : llvm::drop_begin(uses)) {
        Operation *at =
            empty->getBlock()->findAncestorOpInBlock(*use->getOwner());
        OpBuilder b(at ? at : use->getOwner());
        use->set(b.clone(*empty.getOperation())->getResult(0));
      }
    }

    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    options.allowReturnAllocsFromLoops = true;

    // Upstream empty-tensor elimination, for pads: a value computed into a
    // `tensor.empty` and then inserted into a filled tensor (a convolution's
    // output into the interior of the next one's padded input) is computed
    // into that slice instead, so no buffer and no HBM-to-HBM copy lie
    // between them. Only pads: an insertion into a loop-carried tensor (a
    // scatter's row update) would read the slice it writes, and
    // bufferization would copy the row aside first.
    // Concatenations too (insertions, outside loops, into a chain of
    // insertions that starts from a `tensor.empty` or a fill): each operand
    // is computed into its slice of the result.
    SmallVector<tensor::InsertSliceOp> pads;
    module.walk([&](tensor::InsertSliceOp insert) {
      if (insert.getDest().getDefiningOp<linalg::FillOp>()) {
        pads.push_back(insert);
        return;
      }
      if (!isa<func::FuncOp>(insert->getParentOp()))
        return;
      Value dest = insert.getDest();
      while (auto prev = dest.getDefiningOp<tensor::InsertSliceOp>())
        dest = prev.getDest();
      auto empty = dest.getDefiningOp<tensor::EmptyOp>();
      if (!empty || empty->getNumOperands() != 0)
        return;
      // The result's `tensor.empty` goes first in the function, so that it
      // dominates the operands' producers, whose destinations become its
      // slices (it has no operands: a static shape).
      Block *body = insert->getBlock();
      if (empty->getBlock() == body && &body->front() != empty)
        empty->moveBefore(&body->front());
      pads.push_back(insert);
    });
    if (!pads.empty()) {
      bufferization::OneShotAnalysisState state(module, options);
      if (failed(bufferization::analyzeModuleOp(module, state)))
        return signalPassFailure();
      IRRewriter rewriter(module.getContext());
      for (tensor::InsertSliceOp insert : pads)
        if (failed(
                bufferization::eliminateEmptyTensors(rewriter, insert, state)))
          return signalPassFailure();
    }
    if (failed(bufferization::runOneShotModuleBufferize(module, options)))
      return signalPassFailure();

    // Every returned buffer becomes its own out-parameter: upstream's
    // promotion (MLIR 19) hoists a returned `memref.alloc` into the
    // out-parameter and erases it, so a buffer returned twice is used after
    // its erasure, and with `hoistStaticAllocs` a returned function argument
    // (no defining op) crashes it. Such results get a fresh buffer and a
    // copy here (an HBM-to-HBM DMA): a program may return an input as it
    // is, or one value twice (CSE also merges equal results, e.g. converts
    // to i8 and to ui8).
    module.walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 8> seen;
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        auto type = dyn_cast<MemRefType>(v.getType());
        if (!type)
          continue;
        bool ownAlloc = v.getDefiningOp<memref::AllocOp>() != nullptr;
        if (seen.insert(v).second && ownAlloc)
          continue;
        if (!type.hasStaticShape() || !type.getLayout().isIdentity())
          continue; // left to upstream, which copies these
        OpBuilder b(ret);
        Value fresh = b.create<memref::AllocOp>(ret.getLoc(), type);
        b.create<memref::CopyOp>(ret.getLoc(), v, fresh);
        operand.set(fresh);
      }
    });

    bufferization::BufferResultsToOutParamsOpts outParams;
    outParams.addResultAttribute = true;
    outParams.hoistStaticAllocs = true;
    if (failed(
            bufferization::promoteBufferResultsToOutParams(module, outParams)))
      return signalPassFailure();

    // CSE only: canonicalization would rebuild linalg ops without the
    // `tile` phase's decisions.
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createCSEPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    // Empty-tensor elimination leaves each in-place insertion as a copy of
    // a subview onto itself once CSE has merged the two subviews (upstream's
    // canonicalization would fold it; the `ncore` phase would move it
    // through SBUF and back).
    module.walk([](memref::CopyOp copy) {
      if (copy.getSource() == copy.getTarget())
        copy.erase();
    });

    computeReshapedResultsInPlace(module);
  }

  /// A result that is a reshape of a buffer the program computes (an
  /// attention block's [1024 x 2048] returned as [1 x 1024 x 2048]) ends as
  /// `memref.copy(reshape(%alloc), %out)`, an HBM-to-HBM pass over the
  /// result. The buffer becomes the inverse reshape of the out-parameter
  /// instead, and the copy goes: when the out-parameter (identity layout)
  /// has no other use, the reshape's only use is the copy, and every other
  /// use of the alloc is before the copy in its block.
  static void computeReshapedResultsInPlace(ModuleOp module) {
    SmallVector<memref::CopyOp> copies;
    module.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      auto out = dyn_cast<BlockArgument>(copy.getTarget());
      Operation *reshape = copy.getSource().getDefiningOp();
      if (!out || !out.hasOneUse() || !reshape || !reshape->hasOneUse() ||
          !isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(reshape))
        continue;
      Value buffer = reshape->getOperand(0);
      auto alloc = buffer.getDefiningOp<memref::AllocOp>();
      auto outType = cast<MemRefType>(out.getType());
      auto bufferType = cast<MemRefType>(buffer.getType());
      if (!alloc || alloc->getBlock() != copy->getBlock() ||
          !outType.getLayout().isIdentity() ||
          !bufferType.getLayout().isIdentity() ||
          !bufferType.hasStaticShape() ||
          !llvm::all_of(buffer.getUsers(), [&](Operation *user) {
            return user == reshape || (user->getBlock() == copy->getBlock() &&
                                       user->isBeforeInBlock(copy));
          }))
        continue;
      OpBuilder b(alloc);
      Value view;
      if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape))
        view = b.create<memref::CollapseShapeOp>(
            alloc.getLoc(), out, expand.getReassociationIndices());
      else
        view = b.create<memref::ExpandShapeOp>(
            alloc.getLoc(), bufferType, out,
            cast<memref::CollapseShapeOp>(reshape).getReassociationIndices());
      if (view.getType() != bufferType) {
        view.getDefiningOp()->erase();
        continue;
      }
      copy.erase();
      reshape->erase();
      buffer.replaceAllUsesWith(view);
      alloc.erase();
    }
  }
};

} // namespace
