//===- SelfCheckMain.cpp - run self-checking StableHLO modules ------------===//
//
// reference-selfcheck FILE...: parses each module, evaluates `@main` (no
// arguments) on the reference interpreter and reports the check.* custom
// calls. Prints `PASS file` / `FAIL file: reason` per file. Exit code: 0 when
// every file passes, 1 otherwise. With --random-inputs, `@main` may take
// arguments: they get deterministic normal(0,1) floats (small non-negative
// integers for integer types) and the result shapes and finiteness are
// reported. A test helper for the corpus conformance
// run (systole-run is the user-facing tool).
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Interpreter.h"
#include "dialects/CHLO/CHLOOps.h"
#include "dialects/Shardy/ShardyOps.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <random>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<systole::stablehlo::StableHLODialect,
                  systole::chlo::CHLODialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, systole::sdy::SdyDialect>();
  int failures = 0;
  bool random = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--random-inputs") {
      random = true;
      continue;
    }
    mlir::MLIRContext context(registry);
    context.allowUnregisteredDialects();
    context.disableMultithreading();
    std::string diag;
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
      llvm::raw_string_ostream os(diag);
      os << d.getLocation() << ": " << d.str() << "; ";
      return mlir::success();
    });
    auto start = std::chrono::steady_clock::now();
    auto module = mlir::parseSourceFile<mlir::ModuleOp>(argv[i], &context);
    bool ok = false;
    std::string why;
    if (!module) {
      why = "parse: " + diag;
    } else if (auto main = module->lookupSymbol<mlir::func::FuncOp>("main")) {
      std::vector<systole::reference::CheckResult> checks;
      std::vector<systole::HostTensor> inputs;
      std::mt19937_64 gen(1);
      std::normal_distribution<double> normal(0, 1);
      for (mlir::Type t : main.getFunctionType().getInputs()) {
        auto rt = mlir::dyn_cast<mlir::RankedTensorType>(t);
        auto dt = rt ? systole::reference::toDType(rt.getElementType())
                     : mlir::FailureOr<systole::DType>(mlir::failure());
        if (!random || failed(dt))
          break;
        auto h = systole::HostTensor::zeros(
            *dt,
            std::vector<int64_t>(rt.getShape().begin(), rt.getShape().end()));
        // A table of 4096 encoded samples, picked by a fast generator
        // (model weights have hundreds of millions of elements).
        auto table = systole::HostTensor::zeros(*dt, {4096});
        for (int64_t e = 0; e < 4096; ++e)
          table.setDouble(e, systole::isInteger(*dt) ? double(gen() % 4)
                                                     : normal(gen));
        const int64_t w = systole::byteWidth(*dt);
        uint64_t x = 88172645463325252ull;
        for (int64_t e = 0; e < h.numElements(); ++e) {
          x ^= x << 13;
          x ^= x >> 7;
          x ^= x << 17;
          std::memcpy(h.data.data() + e * w, table.data.data() + (x % 4096) * w,
                      w);
        }
        inputs.push_back(std::move(h));
      }
      auto r = systole::reference::evaluate(main, inputs, &checks);
      if (failed(r)) {
        why = "error: " + diag;
      } else {
        ok = true;
        for (auto &t : *r) {
          int64_t nonFinite = 0;
          for (int64_t e = 0; e < t.numElements(); ++e)
            if (!systole::isInteger(t.dtype) && !std::isfinite(t.getDouble(e)))
              ++nonFinite;
          if (random)
            llvm::outs() << "  result " << systole::typeString(t) << ", "
                         << nonFinite << " non-finite\n";
        }
        for (auto &c : checks)
          if (!c.passed) {
            ok = false;
            why += c.target + ": " + c.message + "; ";
          }
      }
    } else {
      why = "no @main";
    }
    double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (ok) {
      llvm::outs() << "PASS " << argv[i] << " (" << secs << " s)\n";
    } else {
      ++failures;
      llvm::outs() << "FAIL " << argv[i] << ": " << why << "\n";
    }
    llvm::outs().flush();
  }
  return failures ? 1 : 0;
}
