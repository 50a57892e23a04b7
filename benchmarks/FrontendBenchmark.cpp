//===- FrontendBenchmark.cpp - parse/verify and reference-run timings -----===//
//
// Issue 2's benchmarks (recorded in docs/performance.md):
//  - BM_ParseVerify: read, parse and verify a model graph (default: the CLIP
//    vision tower of ../shared/corpus, 432 KB), plus the `input` phase;
//  - BM_ReferenceRun: run a model on the reference interpreter with
//    --random-inputs --seed=1 semantics (default: ResNet-50, batch 8).
// Paths come from SYSTOLE_CORPUS (the corpus folder); a missing file skips
// the benchmark with a message.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline/SourceLoader.h"
#include "compiler/Reference/Interpreter.h"
#include "compiler/Transforms/Passes.h"
#include "runtime/api/TensorIO.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

namespace {

std::string corpusPath(const char *file) {
  const char *dir = std::getenv("SYSTOLE_CORPUS");
  std::string base = dir ? dir : SYSTOLE_DEFAULT_CORPUS;
  return base + "/models/" + file;
}

mlir::OwningOpRef<mlir::ModuleOp> loadAndNormalize(mlir::MLIRContext &context,
                                                   const std::string &path) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      systole::loadModule(context, path);
  if (!module)
    return nullptr;
  mlir::PassManager pm(&context);
  pm.addPass(systole::createNormalizeInput());
  if (mlir::failed(pm.run(*module)))
    return nullptr;
  return module;
}

void BM_ParseVerify(benchmark::State &state, const char *file) {
  std::string path = corpusPath(file);
  if (!llvm::sys::fs::exists(path)) {
    state.SkipWithError(("corpus file not found: " + path).c_str());
    return;
  }
  uint64_t size = 0;
  llvm::sys::fs::file_size(path, size);
  for (auto _ : state) {
    std::unique_ptr<mlir::MLIRContext> context = systole::createContext();
    mlir::OwningOpRef<mlir::ModuleOp> module =
        loadAndNormalize(*context, path);
    if (!module) {
      state.SkipWithError("parse failed");
      return;
    }
    benchmark::DoNotOptimize(module.get());
  }
  state.SetBytesProcessed(state.iterations() * size);
}

void BM_ReferenceRun(benchmark::State &state, const char *file) {
  std::string path = corpusPath(file);
  if (!llvm::sys::fs::exists(path)) {
    state.SkipWithError(("corpus file not found: " + path).c_str());
    return;
  }
  std::unique_ptr<mlir::MLIRContext> context = systole::createContext();
  mlir::OwningOpRef<mlir::ModuleOp> module = loadAndNormalize(*context, path);
  auto main = module ? module->lookupSymbol<mlir::func::FuncOp>("main")
                     : mlir::func::FuncOp();
  if (!main) {
    state.SkipWithError("no @main");
    return;
  }
  std::vector<systole::HostTensor> inputs;
  for (mlir::BlockArgument arg : main.getArguments()) {
    auto type = mlir::cast<mlir::RankedTensorType>(arg.getType());
    mlir::FailureOr<systole::DType> dtype =
        systole::reference::toDType(type.getElementType());
    if (mlir::failed(dtype)) {
      state.SkipWithError("unsupported argument type");
      return;
    }
    inputs.push_back(systole::randomTensor(
        *dtype, std::vector<int64_t>(type.getShape().begin(),
                                     type.getShape().end()),
        1, arg.getArgNumber()));
  }
  for (auto _ : state) {
    auto results = systole::reference::evaluate(main, inputs);
    if (mlir::failed(results)) {
      state.SkipWithError("evaluation failed");
      return;
    }
    benchmark::DoNotOptimize(results->data());
  }
}

BENCHMARK_CAPTURE(BM_ParseVerify, clip_vision_b2_bf16,
                  "torchxla_clip_vision_b2_bf16.mlir")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ParseVerify, resnet50_bs8_bf16,
                  "torchxla_resnet50_bs8_bf16.mlir")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReferenceRun, mnist_mlp_f32, "jax_mnist_mlp_f32.mlir")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReferenceRun, resnet50_bs8_bf16,
                  "torchxla_resnet50_bs8_bf16.mlir")
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

} // namespace

BENCHMARK_MAIN();
