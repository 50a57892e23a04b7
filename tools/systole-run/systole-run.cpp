//===- systole-run.cpp - run a model graph or an executable ---------------===//
//
// DESIGN section 7:
//   systole-run in.mlir --backend=reference [--input=2x3xf32=1,2,3,4,5,6]
//       [--input=@x.npy] [--input=4x2xbf16=@x.bin] [--random-inputs --seed=N]
//       [--output=@out.npy] [--expected-output=@y.npy --rtol=R --atol=A]
// Results print one per line as `result[i]: 2x3xf32=[[1 2 3][4 5 6]]`.
// A module whose @main takes no arguments and calls
// `stablehlo.custom_call @check.expect_*` is a self-checking program.
// Exit codes: 0 ok, 1 a check or comparison failed, 2 bad usage or bad input,
// 3 internal error.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline/Pipeline.h"
#include "compiler/Pipeline/SourceLoader.h"
#include "compiler/Reference/Interpreter.h"
#include "compiler/Target/NCX/NcxTranslation.h"
#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/QuantizeFP8.h"
#include "dialects/StableHLO/StableHLOOps.h"
#include "runtime/api/Compare.h"
#include "runtime/api/TensorIO.h"
#include "runtime/ncx/Ncx.h"
#include "runtime/sim/Simulator.h"
#include "runtime/targets/Target.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_format.h"

#include <cmath>

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum ExitCode { kOk = 0, kCheckFailed = 1, kBadInput = 2, kInternal = 3 };

cl::OptionCategory runCategory("systole-run options");

cl::opt<std::string> inputFile(cl::Positional,
                               cl::desc("<input .mlir or .ncx>"), cl::Required,
                               cl::cat(runCategory));
cl::opt<std::string>
    backend("backend",
            cl::desc("sim (the default: a .mlir is compiled for the "
                     "simulator on the fly) or reference (the interpreter; "
                     ".mlir only)"),
            cl::init(""), cl::cat(runCategory));
cl::list<std::string> inputs("input",
                             cl::desc("an argument: 2x3xf32=1,2,..., @x.npy, "
                                      "4x2xbf16=@x.bin (one per argument)"),
                             cl::cat(runCategory));
cl::opt<bool> randomInputs(
    "random-inputs",
    cl::desc("fill every argument with deterministic random values: "
             "normal(0,1) floats (|normal| for batch-norm variances, scaled "
             "by 1/sqrt(fan-in) for contraction operands), small "
             "non-negative integers"),
    cl::cat(runCategory));
cl::opt<std::string> randomDistribution(
    "random-distribution",
    cl::desc("float arguments of --random-inputs: 'trained' (default: "
             "normal(0,1), scaled by 1/sqrt(fan-in) where they feed a "
             "contraction and |normal| for batch-norm variances, so deep "
             "models stay finite) or 'normal' (plain normal(0,1), as the "
             "simulator draws for an .ncx)"),
    cl::init("trained"), cl::cat(runCategory));
cl::opt<uint64_t> seed("seed", cl::desc("seed of --random-inputs"), cl::init(0),
                       cl::cat(runCategory));
cl::list<std::string> outputs("output",
                              cl::desc("@file.npy or @file.bin per result "
                                       "(one per result, or none)"),
                              cl::cat(runCategory));
cl::list<std::string>
    expectedOutputs("expected-output",
                    cl::desc("expected result (literal or @file), one "
                             "per result in order, or none"),
                    cl::cat(runCategory));
cl::opt<double> rtol("rtol", cl::desc("relative tolerance"), cl::init(1e-5),
                     cl::cat(runCategory));
cl::opt<double> atol("atol", cl::desc("absolute tolerance"), cl::init(1e-8),
                     cl::cat(runCategory));
cl::opt<std::string> compare("compare", cl::desc("allclose or pcc"),
                             cl::init("allclose"), cl::cat(runCategory));
cl::opt<double> minPcc("min-pcc", cl::desc("threshold for --compare=pcc"),
                       cl::init(0.999), cl::cat(runCategory));
cl::opt<bool> quiet("quiet", cl::desc("do not print the results"),
                    cl::cat(runCategory));
cl::opt<bool> printSummary(
    "print-summary",
    cl::desc("print each result's type, min, max, mean and the number of "
             "non-finite elements instead of every element"),
    cl::cat(runCategory));
cl::opt<std::string> target("target",
                            cl::desc("trn1, trn2 or a TargetDesc textproto; "
                                     "an .ncx must have been built for it"),
                            cl::init(""), cl::cat(runCategory));
/// --stats-json=FILE (DESIGN section 7). LLVM registers a boolean
/// `-stats-json` of its own, so this flag is taken out of argv before
/// cl::ParseCommandLineOptions sees it.
std::string statsJson;
cl::opt<std::string> profile("profile",
                             cl::desc("write a Chrome/Perfetto trace (JSON)"),
                             cl::init(""), cl::cat(runCategory));
cl::opt<unsigned> profileSummary(
    "profile-summary",
    cl::desc("print the N source locations (ops) with the most engine and "
             "DMA busy time: instructions, busy us per engine, span"),
    cl::init(0), cl::value_desc("N"), cl::cat(runCategory));
cl::opt<bool> functional(
    "functional",
    cl::desc("compute values on the simulator (--functional=false: timing "
             "only, results are zeros)"),
    cl::init(true), cl::cat(runCategory));
cl::opt<bool> noRaceCheck("no-race-check",
                          cl::desc("skip the simulator's data-race detection"),
                          cl::cat(runCategory));
cl::opt<std::string> fp8("fp8",
                         cl::desc("FP8 quantization of dot_general and "
                                  "convolution operands (DESIGN section 5) on "
                                  "either backend: off (default), e4m3, e5m2"),
                         cl::init("off"), cl::cat(runCategory));
cl::opt<std::string> fp8Calibration(
    "fp8-calibration",
    cl::desc("JSON file of calibrated absmax values (static activation "
             "scales), as for systole-compile"),
    cl::value_desc("file"), cl::cat(runCategory));
cl::opt<bool> fp8Report(
    "fp8-report",
    cl::desc("print each quantized op's location, formats, scales on this "
             "input and the relative error it introduces (measured on the "
             "reference backend)"),
    cl::cat(runCategory));
cl::opt<std::string> entry("entry",
                           cl::desc("function to run (default: @main, or the "
                                    "module's only public function)"),
                           cl::init(""), cl::cat(runCategory));

std::string typeToString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// What one argument must be: its dtype and shape, and how errors name it.
struct ArgSpec {
  systole::DType dtype;
  std::vector<int64_t> shape;
  std::string description; // e.g. "argument 0 of @main (tensor<2x3xf32>)"
};

using ErrorFn = llvm::function_ref<void(unsigned arg, const std::string &)>;

/// Builds the argument tensors from the --input flags or --random-inputs;
/// reports a mismatch through `error` (naming the argument) and fails.
FailureOr<std::vector<systole::HostTensor>> makeInputs(ArrayRef<ArgSpec> specs,
                                                       ErrorFn error) {
  std::vector<systole::HostTensor> result;
  unsigned n = specs.size();
  if (!inputs.empty() && inputs.size() != n) {
    error(0, "the program takes " + std::to_string(n) + " arguments but " +
                 std::to_string(inputs.size()) + " --input flags were given");
    return failure();
  }
  if (inputs.empty() && !randomInputs && n != 0) {
    error(0, "the program takes " + std::to_string(n) +
                 " arguments: pass --input=... for each, or --random-inputs");
    return failure();
  }
  for (unsigned i = 0; i < n; ++i) {
    const ArgSpec &spec = specs[i];
    if (inputs.empty()) {
      result.push_back(systole::randomTensor(spec.dtype, spec.shape, seed, i));
      continue;
    }
    absl::StatusOr<systole::HostTensor> t =
        systole::parseTensorLiteral(inputs[i]);
    if (!t.ok()) {
      error(i, "--input for " + spec.description + ": " +
                   std::string(t.status().message()));
      return failure();
    }
    if (t->dtype != spec.dtype && systole::isFloat(t->dtype) &&
        systole::isFloat(spec.dtype)) {
      llvm::errs() << "note: --input for " << spec.description
                   << " converted from "
                   << std::string(systole::dtypeName(t->dtype)) << " to "
                   << std::string(systole::dtypeName(spec.dtype))
                   << " (round to nearest even)\n";
      absl::StatusOr<systole::HostTensor> c =
          systole::convertTensor(*t, spec.dtype);
      if (!c.ok()) {
        error(i, std::string(c.status().message()));
        return failure();
      }
      t = std::move(c);
    }
    if (t->dtype != spec.dtype || t->shape != spec.shape) {
      error(i, "--input has type " + systole::typeString(*t) + " but " +
                   spec.description + " is " +
                   systole::typeString(spec.shape, spec.dtype));
      return failure();
    }
    result.push_back(std::move(*t));
  }
  return result;
}

/// Prints the results and applies --output and --expected-output. Returns
/// the exit code so far (kOk or kCheckFailed) or kBadInput.
int handleResults(const std::vector<systole::HostTensor> &results) {
  int exitCode = kOk;
  if (!quiet)
    for (auto [i, r] : llvm::enumerate(results))
      llvm::outs() << "result[" << i << "]: "
                   << (printSummary ? systole::summarizeTensor(r)
                                    : systole::formatTensor(r))
                   << "\n";
  llvm::outs().flush();
  // One --output and one --expected-output per result, or none: fewer
  // would leave results unwritten and unchecked without a word.
  for (auto [flag, count] :
       {std::make_pair("--output", outputs.size()),
        std::make_pair("--expected-output", expectedOutputs.size())})
    if (count != 0 && count != results.size()) {
      llvm::errs() << "systole-run: error: " << count << " " << flag << " for "
                   << results.size()
                   << " results (give one per result, in order)\n";
      return kBadInput;
    }
  for (auto [i, spec] : llvm::enumerate(outputs)) {
    llvm::StringRef path = llvm::StringRef(spec).ltrim('@');
    absl::Status st = path.ends_with(".npy")
                          ? systole::writeNpy(path.str(), results[i])
                          : systole::writeRawBytes(path.str(), results[i]);
    if (!st.ok()) {
      llvm::errs() << "systole-run: error: " << std::string(st.message())
                   << "\n";
      return kBadInput;
    }
  }
  for (auto [i, spec] : llvm::enumerate(expectedOutputs)) {
    absl::StatusOr<systole::HostTensor> expected =
        systole::parseTensorLiteral(spec);
    if (!expected.ok()) {
      llvm::errs() << "systole-run: error: --expected-output #" << i << ": "
                   << std::string(expected.status().message()) << "\n";
      return kBadInput;
    }
    // bf16 and f8 results are stored widened to f32 in .npy: narrow the
    // expectation back to the result's type (exact for such files).
    if (expected->dtype != results[i].dtype &&
        systole::isFloat(expected->dtype) &&
        systole::isFloat(results[i].dtype)) {
      absl::StatusOr<systole::HostTensor> narrowed =
          systole::convertTensor(*expected, results[i].dtype);
      if (narrowed.ok())
        expected = std::move(narrowed);
    }
    systole::CompareResult cmp =
        compare == "pcc" ? systole::pearson(results[i], *expected, minPcc)
                         : systole::allClose(results[i], *expected, rtol, atol);
    if (!cmp.ok) {
      llvm::errs() << "systole-run: result[" << i
                   << "] does not match: " << cmp.message << "\n";
      exitCode = kCheckFailed;
    }
  }
  return exitCode;
}

/// How --random-inputs shapes one argument's normal(0,1) draws.
struct RandomShaping {
  bool nonNegative = false; ///< |x|: batch-norm variances
  double scale = 1.0;       ///< 1/sqrt(fan-in): contraction operands
};

/// Shapes --random-inputs like the trained weights a graph expects, so that
/// deep networks stay finite (issue 2: every corpus model runs to finite
/// outputs): an argument that reaches (through reshape, convert, broadcast,
/// transpose) a batch-norm variance draws |normal(0,1)|, since a negative
/// variance makes the spec's result NaN; one that reaches an operand of
/// dot_general or convolution is scaled by 1/sqrt(contracted elements)
/// (LeCun initialisation); without it activations grow ~sqrt(fan-in)-fold
/// per layer and ResNet-50 overflows bf16.
llvm::DenseMap<unsigned, RandomShaping> randomShaping(func::FuncOp func) {
  namespace shlo = systole::stablehlo;
  llvm::DenseMap<unsigned, RandomShaping> result;
  auto trace = [&](Value v) -> std::optional<unsigned> {
    while (true) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner()->getParentOp() == func.getOperation())
          return arg.getArgNumber();
        return std::nullopt;
      }
      Operation *def = v.getDefiningOp();
      if (!def || !isa<shlo::ReshapeOp, shlo::ConvertOp, shlo::BroadcastInDimOp,
                       shlo::TransposeOp>(def))
        return std::nullopt;
      v = def->getOperand(0);
    }
  };
  auto scaleBy = [&](Value v, int64_t fanIn) {
    if (std::optional<unsigned> arg = trace(v); arg && fanIn > 1)
      result[*arg].scale =
          std::min(result[*arg].scale, 1.0 / std::sqrt(double(fanIn)));
  };
  auto shapeOf = [](Value v) {
    return cast<RankedTensorType>(v.getType()).getShape();
  };
  func.walk([&](Operation *op) {
    if (auto bn = dyn_cast<shlo::BatchNormInferenceOp>(op)) {
      if (std::optional<unsigned> arg = trace(bn.getVariance()))
        result[*arg].nonNegative = true;
    } else if (auto bn = dyn_cast<shlo::BatchNormGradOp>(op)) {
      if (std::optional<unsigned> arg = trace(bn.getVariance()))
        result[*arg].nonNegative = true;
    } else if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
      int64_t k = 1;
      for (int64_t d :
           dot.getDotDimensionNumbers().getLhsContractingDimensions())
        k *= shapeOf(dot.getLhs())[d];
      scaleBy(dot.getLhs(), k);
      scaleBy(dot.getRhs(), k);
    } else if (auto conv = dyn_cast<shlo::ConvolutionOp>(op)) {
      auto dims = conv.getDimensionNumbers();
      ArrayRef<int64_t> kernel = shapeOf(conv.getRhs());
      int64_t k = kernel[dims.getKernelInputFeatureDimension()];
      for (int64_t d : dims.getKernelSpatialDimensions())
        k *= kernel[d];
      scaleBy(conv.getRhs(), k);
    }
  });
  return result;
}

/// The function to run: --entry, else @main, else the only public function.
/// Emits an error naming the candidates when there is no unique choice.
func::FuncOp findEntry(ModuleOp module) {
  if (!entry.empty() || module.lookupSymbol<func::FuncOp>("main")) {
    std::string name = entry.empty() ? "main" : entry.getValue();
    if (auto func = module.lookupSymbol<func::FuncOp>(name))
      return func;
    emitError(module.getLoc()) << "no function @" << name << " to run";
    return nullptr;
  }
  SmallVector<func::FuncOp> publics;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      publics.push_back(func);
  if (publics.size() == 1)
    return publics.front();
  auto diag = emitError(module.getLoc())
              << "no @main and " << publics.size()
              << " public functions: choose one with --entry=NAME";
  for (auto func : publics)
    diag.attachNote(func.getLoc()) << "candidate @" << func.getName();
  return nullptr;
}

/// The inputs of `func` from --input or --random-inputs (with the trained
/// shaping of --random-distribution=trained). Errors are emitted.
FailureOr<std::vector<systole::HostTensor>> entryInputs(func::FuncOp func) {
  SmallVector<ArgSpec> specs;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    FailureOr<systole::DType> dtype =
        type ? systole::reference::toDType(type.getElementType())
             : FailureOr<systole::DType>(failure());
    if (failed(dtype)) {
      emitError(arg.getLoc())
          << "argument " << arg.getArgNumber() << " of @" << func.getName()
          << " has unsupported type " << arg.getType();
      return failure();
    }
    specs.push_back(
        {*dtype,
         std::vector<int64_t>(type.getShape().begin(), type.getShape().end()),
         "argument " + std::to_string(arg.getArgNumber()) + " of @" +
             func.getName().str()});
  }
  FailureOr<std::vector<systole::HostTensor>> args =
      makeInputs(specs, [&](unsigned i, const std::string &message) {
        Location loc = i < func.getNumArguments() ? func.getArgument(i).getLoc()
                                                  : func.getLoc();
        emitError(loc) << message;
      });
  if (failed(args))
    return failure();
  if (inputs.empty() && randomDistribution == "trained")
    for (auto [i, shaping] : randomShaping(func)) {
      systole::HostTensor &t = (*args)[i];
      if (!systole::isFloat(t.dtype))
        continue;
      for (int64_t e = 0, n = t.numElements(); e < n; ++e) {
        double v = t.getDouble(e) * shaping.scale;
        t.setDouble(e, shaping.nonNegative ? std::fabs(v) : v);
      }
    }
  return args;
}

/// With --fp8: runs the `simplify` phase, measures each candidate op on the
/// reference backend for --fp8-report, then runs the `quantize` phase and
/// prints the report. `func` is the entry, `args` its inputs. Errors are
/// emitted.
LogicalResult quantize(ModuleOp module, func::FuncOp func,
                       const std::vector<systole::HostTensor> &args,
                       systole::PipelineOptions &options) {
  if (failed(systole::runPhases(module, systole::Phase::Simplify,
                                systole::Phase::Simplify, options)))
    return failure();
  systole::Fp8Options fp8Options;
  fp8Options.format = *systole::parseFp8Format(options.fp8);
  fp8Options.calibrationPath = options.fp8Calibration;
  std::vector<systole::Fp8Measurement> measured;
  if (fp8Report) {
    FailureOr<std::vector<systole::Fp8Measurement>> m =
        systole::measureFp8(module, func, args, fp8Options);
    if (failed(m))
      return failure();
    measured = std::move(*m);
  }
  std::vector<systole::Fp8OpInfo> quantized;
  options.fp8Report = &quantized;
  if (failed(systole::runPhases(module, systole::Phase::Quantize,
                                systole::Phase::Quantize, options)))
    return failure();
  options.fp8Report = nullptr;
  if (fp8Report)
    systole::printFp8Report(llvm::errs(), fp8Options, quantized, measured);
  return success();
}

int runReference(MLIRContext &context, ModuleOp module) {
  func::FuncOp func = findEntry(module);
  if (!func)
    return kBadInput;
  FailureOr<std::vector<systole::HostTensor>> args = entryInputs(func);
  if (failed(args))
    return kBadInput;
  if (fp8 != "off") {
    systole::PipelineOptions options;
    options.fp8 = fp8;
    options.fp8Calibration = fp8Calibration;
    if (failed(quantize(module, func, *args, options)))
      return kBadInput;
  }
  std::vector<systole::reference::CheckResult> checks;
  FailureOr<std::vector<systole::HostTensor>> results =
      systole::reference::evaluate(func, *args, &checks);
  if (failed(results))
    return kBadInput;

  // The interpreter must produce the declared result types.
  TypeRange declared = func.getResultTypes();
  for (auto [i, r] : llvm::enumerate(*results)) {
    auto type = dyn_cast<RankedTensorType>(declared[i]);
    FailureOr<systole::DType> dtype =
        type ? systole::reference::toDType(type.getElementType())
             : FailureOr<systole::DType>(failure());
    if (failed(dtype) || *dtype != r.dtype ||
        ArrayRef<int64_t>(r.shape) != type.getShape()) {
      emitError(func.getLoc())
          << "internal error: result " << i << " is " << systole::typeString(r)
          << ", declared " << declared[i];
      return kInternal;
    }
  }
  int exitCode = handleResults(*results);
  if (exitCode == kBadInput)
    return exitCode;
  int failedChecks = 0;
  for (const auto &check : checks) {
    if (check.passed)
      continue;
    ++failedChecks;
    emitError(check.loc) << check.target << " failed: " << check.message;
  }
  if (!checks.empty())
    llvm::outs() << checks.size() - failedChecks << " of " << checks.size()
                 << " checks passed\n";
  if (failedChecks)
    exitCode = kCheckFailed;
  return exitCode;
}

/// The checks of a self-checking program compiled for the simulator.
struct SelfChecks {
  struct Check {
    Location loc;
    std::string target;
  };
  std::vector<Check> checks;
  std::vector<systole::HostTensor> expected; // one per check
};

/// The `check.expect_*` custom calls of `func`, in order.
SmallVector<Operation *> checkCalls(func::FuncOp func) {
  SmallVector<Operation *> calls;
  func.walk([&](systole::stablehlo::CustomCallOp op) {
    if (op.getCallTargetName().starts_with("check.expect_"))
      calls.push_back(op);
  });
  return calls;
}

/// Rewrites `module`'s @main so that it returns the actual operand of each
/// `check.*` custom call (removing the calls), and evaluates the expected
/// operands with the reference interpreter on a copy. No checks: unchanged.
LogicalResult splitSelfChecks(ModuleOp module, SelfChecks &out) {
  func::FuncOp main = findEntry(module);
  if (!main)
    return failure();
  SmallVector<Operation *> calls = checkCalls(main);
  if (calls.empty())
    return success();
  if (main.getNumArguments() != 0) {
    main.emitError() << "a self-checking @main takes no arguments";
    return failure();
  }
  for (Operation *call : calls) {
    if (call->getNumOperands() != 2 ||
        call->getBlock() != &main.getBody().front()) {
      call->emitError()
          << "check calls take (actual, expected) at the top level of @main";
      return failure();
    }
    out.checks.push_back(
        {call->getLoc(),
         call->getAttrOfType<StringAttr>("call_target_name").str()});
  }
  auto retarget = [&](func::FuncOp f, ArrayRef<Operation *> fcalls,
                      unsigned operand) {
    SmallVector<Value> values;
    for (Operation *call : fcalls)
      values.push_back(call->getOperand(operand));
    Operation *ret = f.getBody().front().getTerminator();
    OpBuilder b(ret);
    b.create<func::ReturnOp>(ret->getLoc(), values);
    ret->erase();
    for (Operation *call : fcalls)
      call->erase();
    SmallVector<Type> types;
    for (Value v : values)
      types.push_back(v.getType());
    f.setFunctionType(FunctionType::get(f.getContext(), {}, types));
    for (unsigned i = 0; i < types.size(); ++i)
      f.setResultAttrs(i, DictionaryAttr::get(f.getContext()));
  };
  // Expected values, on a copy.
  OwningOpRef<ModuleOp> copy = module.clone();
  func::FuncOp copyMain = findEntry(*copy);
  retarget(copyMain, checkCalls(copyMain), 1);
  FailureOr<std::vector<systole::HostTensor>> expected =
      systole::reference::evaluate(copyMain, {});
  if (failed(expected))
    return failure();
  out.expected = std::move(*expected);
  retarget(main, calls, 0);
  return success();
}

/// Prints the `top` source locations of `trace` with the most busy time
/// (systole::sim::profileByLocation): instructions, busy microseconds per
/// engine kind (DMA: all queues together) and the span from the first
/// instruction's start to the last one's end.
void printProfileSummary(const std::vector<systole::sim::TraceEvent> &trace,
                         unsigned top) {
  std::vector<systole::sim::LocationProfile> rows =
      systole::sim::profileByLocation(trace);
  llvm::outs() << llvm::format(
      "profile: %u of %zu source locations by busy time (us)\n",
      std::min<unsigned>(top, rows.size()), rows.size());
  llvm::outs() << "  instrs   tensor   vector   scalar   gpsimd      dma    "
                  "span from-to (us)  location\n";
  auto busy = [](const systole::sim::LocationProfile &p, const char *engine) {
    auto it = p.busyNs.find(engine);
    return it == p.busyNs.end() ? 0.0 : it->second / 1000.0;
  };
  for (const systole::sim::LocationProfile &p :
       llvm::ArrayRef(rows).take_front(top))
    llvm::outs() << llvm::format(
        "  %6lld %8.3f %8.3f %8.3f %8.3f %8.3f %9.3f-%-9.3f  %s\n",
        static_cast<long long>(p.instructions), busy(p, "tensor"),
        busy(p, "vector"), busy(p, "scalar"), busy(p, "gpsimd"), busy(p, "dma"),
        p.firstStartNs / 1000.0, p.lastEndNs / 1000.0,
        p.loc.empty() ? "<no location>" : p.loc.c_str());
}

/// Runs `exe` on the simulator with `args` and handles results, stats and
/// the trace as DESIGN section 7 says. `name` prefixes errors.
int runOnSimulator(const systole::ncx::Executable &exe,
                   std::vector<systole::HostTensor> argsIn,
                   llvm::StringRef name,
                   const SelfChecks *selfChecks = nullptr) {
  auto fail = [&](const absl::Status &status, int code) {
    llvm::StringRef message(status.message().data(), status.message().size());
    llvm::errs() << name << ": error: " << message << "\n";
    return code;
  };
  // Inputs the compiler narrowed (i64 -> i32, f64 -> f32) are rounded the
  // same way; an integer that does not fit is an error, not a wrapped value.
  for (int i = 0; i < exe.inputs_size() && i < static_cast<int>(argsIn.size());
       ++i) {
    systole::HostTensor &arg = argsIn[i];
    systole::DType want = systole::sim::toRuntimeDType(exe.inputs(i).dtype());
    bool narrowInt =
        arg.dtype == systole::DType::I64 && want == systole::DType::I32;
    bool narrowFloat =
        arg.dtype == systole::DType::F64 && want == systole::DType::F32;
    if (!narrowInt && !narrowFloat)
      continue;
    for (int64_t j = 0; narrowInt && j < arg.numElements(); ++j) {
      int64_t v = arg.getInt64(j);
      if (v < INT32_MIN || v > INT32_MAX)
        return fail(absl::InvalidArgumentError(absl::StrFormat(
                        "input %d ('%s'): element %d = %d does not fit in i32, "
                        "to which the compiler narrowed it",
                        i, exe.inputs(i).name(), j, v)),
                    kBadInput);
    }
    for (int64_t j = 0; narrowFloat && j < arg.numElements(); ++j) {
      double v = arg.getDouble(j);
      // At or above 2^128 - 2^103, round-to-nearest-even overflows to inf.
      if (std::isfinite(v) && std::fabs(v) >= 0x1.ffffffp127)
        return fail(absl::InvalidArgumentError(absl::StrFormat(
                        "input %d ('%s'): element %d = %g does not fit in f32, "
                        "to which the compiler narrowed it",
                        i, exe.inputs(i).name(), j, v)),
                    kBadInput);
    }
    absl::StatusOr<systole::HostTensor> c = systole::convertTensor(arg, want);
    if (!c.ok())
      return fail(c.status(), kBadInput);
    arg = std::move(*c);
  }
  std::vector<systole::HostTensor> *args = &argsIn;
  const systole::ncx::Executable *exeP = &exe;
  systole::sim::SimOptions options;
  options.detectRaces = !noRaceCheck;
  options.functional = functional;
  options.recordTrace = !profile.empty() || profileSummary > 0;
  absl::StatusOr<systole::sim::SimResult> result =
      systole::sim::simulate(*exeP, *args, options);
  if (!result.ok())
    return fail(result.status(), kBadInput);
  int exitCode = selfChecks ? kOk : handleResults(result->outputs);
  if (selfChecks) {
    int failedChecks = 0;
    for (auto [i, check] : llvm::enumerate(selfChecks->checks)) {
      const systole::HostTensor &a = result->outputs[i];
      systole::HostTensor e = selfChecks->expected[i];
      // A result the compiler narrowed (f64 -> f32, i64 -> i32) is checked
      // against the expected value rounded the same way.
      if (e.dtype != a.dtype)
        if (absl::StatusOr<systole::HostTensor> c =
                systole::convertTensor(e, a.dtype);
            c.ok())
          e = std::move(*c);
      systole::CompareResult cr =
          check.target == "check.expect_close" ? systole::expectClose(a, e)
          : check.target == "check.expect_eq"  ? systole::expectEq(a, e)
                                               : systole::expectAlmostEq(a, e);
      if (cr.ok)
        continue;
      ++failedChecks;
      emitError(check.loc) << check.target << " failed: " << cr.message;
    }
    llvm::outs() << selfChecks->checks.size() - failedChecks << " of "
                 << selfChecks->checks.size() << " checks passed\n";
    if (failedChecks)
      exitCode = kCheckFailed;
  }
  const systole::sim::SimStats &stats = result->stats;
  llvm::outs() << llvm::format(
      "simulated: %.3f us on %s, tensor engine "
      "utilisation %.1f%%, busiest engine %s\n",
      stats.totalNs / 1000.0, exeP->target_name().c_str(),
      100.0 * stats.peUtilization, stats.busiestEngine().c_str());
  if (profileSummary > 0)
    printProfileSummary(result->trace, profileSummary);
  if (!statsJson.empty()) {
    absl::Status st = systole::sim::writeStatsJson(stats, statsJson);
    if (!st.ok())
      return fail(st, kBadInput);
  }
  if (!profile.empty()) {
    absl::Status st = systole::sim::writeTraceJson(result->trace, profile);
    if (!st.ok())
      return fail(st, kBadInput);
  }
  return exitCode;
}

/// Runs an NCX executable on the simulator (DESIGN sections 4 and 6).
int runExecutable(llvm::StringRef path) {
  auto fail = [&](const absl::Status &status, int code) {
    llvm::StringRef message(status.message().data(), status.message().size());
    message.consume_front((path + ": ").str()); // the loader names the file
    llvm::errs() << path << ": error: " << message << "\n";
    return code;
  };
  std::optional<systole::TargetDesc> expectedTarget;
  if (!target.empty()) {
    absl::StatusOr<systole::TargetDesc> t = systole::loadTarget(target);
    if (!t.ok())
      return fail(t.status(), kBadInput);
    expectedTarget = std::move(*t);
  }
  absl::StatusOr<systole::ncx::Executable> exe = systole::ncx::loadExecutable(
      path.str(), expectedTarget ? &*expectedTarget : nullptr);
  if (!exe.ok())
    return fail(exe.status(), kBadInput);
  SmallVector<ArgSpec> specs;
  for (auto [i, decl] : llvm::enumerate(exe->inputs()))
    specs.push_back(
        {systole::sim::toRuntimeDType(decl.dtype()),
         std::vector<int64_t>(decl.shape().begin(), decl.shape().end()),
         "input " + std::to_string(i) + " ('" + decl.name() + "')"});
  FailureOr<std::vector<systole::HostTensor>> args =
      makeInputs(specs, [&](unsigned, const std::string &message) {
        llvm::errs() << path << ": error: " << message << "\n";
      });
  if (failed(args))
    return kBadInput;
  return runOnSimulator(*exe, std::move(*args), path);
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  std::vector<const char *> args;
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (i > 0 && arg.consume_front("-") &&
        (arg.consume_front("-stats-json=") || arg.consume_front("stats-json=")))
      statsJson = arg.str();
    else
      args.push_back(argv[i]);
  }
  cl::HideUnrelatedOptions(runCategory);
  if (!cl::ParseCommandLineOptions(
          args.size(), args.data(),
          "systole-run: run a model graph or an executable\n\n"
          "  --stats-json=FILE  write the simulator's statistics as JSON\n",
          &llvm::errs()))
    return kBadInput; // DESIGN section 7: bad usage
  if (!backend.empty() && backend != "reference" && backend != "sim") {
    llvm::errs() << "systole-run: error: unknown --backend=" << backend
                 << " (expected reference or sim)\n";
    return kBadInput;
  }
  if (randomDistribution != "trained" && randomDistribution != "normal") {
    llvm::errs() << "systole-run: error: unknown --random-distribution="
                 << randomDistribution << " (expected trained or normal)\n";
    return kBadInput;
  }
  if (std::string bad =
          systole::checkFp8Flags(fp8, !fp8Calibration.empty(), fp8Report);
      !bad.empty()) {
    llvm::errs() << "systole-run: error: " << bad << "\n";
    return kBadInput;
  }
  if (compare != "allclose" && compare != "pcc") {
    llvm::errs() << "systole-run: error: unknown --compare=" << compare
                 << " (expected allclose or pcc)\n";
    return kBadInput;
  }
  if (llvm::StringRef(inputFile).ends_with(".ncx")) {
    if (backend == "reference") {
      llvm::errs() << inputFile << ": error: an .ncx executable runs on the "
                   << "simulator (--backend=sim); the reference backend "
                   << "takes .mlir\n";
      return kBadInput;
    }
    if (fp8 != "off") {
      llvm::errs() << "systole-run: error: --fp8 applies when compiling a "
                      ".mlir; "
                   << inputFile
                   << " is compiled already (systole-compile --fp8)\n";
      return kBadInput;
    }
    return runExecutable(inputFile);
  }
  std::unique_ptr<MLIRContext> context = systole::createContext();
  systole::installOneLineDiagnostics(*context, inputFile);
  OwningOpRef<ModuleOp> module = systole::loadModule(*context, inputFile);
  if (!module)
    return kBadInput;
  PassManager pm(context.get());
  pm.addPass(systole::createNormalizeInput());
  if (failed(pm.run(*module)))
    return kBadInput;
  if (backend == "reference")
    return runReference(*context, *module);
  // The simulator (the default): compile on the fly (DESIGN section 7).
  func::FuncOp func = findEntry(*module);
  if (!func)
    return kBadInput;
  // The compiler compiles the module's one entry: drop the other functions
  // (the `input` phase inlined every call already).
  for (bool erased = true; erased;) {
    erased = false;
    for (auto other :
         llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
      if (other != func && SymbolTable::symbolKnownUseEmpty(other, *module)) {
        other.erase();
        erased = true;
      }
  }
  FailureOr<std::vector<systole::HostTensor>> inputsOrFailure =
      entryInputs(func);
  if (failed(inputsOrFailure))
    return kBadInput;
  // Self-checking programs: the compiled program returns each check's
  // actual operand and the checks run on the host against the expected
  // operands, which the reference interpreter evaluates (constants).
  SelfChecks selfChecks;
  if (failed(splitSelfChecks(*module, selfChecks)))
    return kBadInput;
  systole::PipelineOptions options;
  if (!target.empty())
    options.target = target;
  systole::Phase first = systole::Phase::Simplify;
  if (fp8 != "off") {
    options.fp8 = fp8;
    options.fp8Calibration = fp8Calibration;
    if (failed(quantize(*module, func, *inputsOrFailure, options)))
      return kBadInput;
    first = systole::Phase::Linalg;
  }
  if (failed(systole::runPhases(*module, first, systole::Phase::Schedule,
                                options)))
    return kBadInput;
  systole::ncore::ProgramOp program;
  for (auto p : module->getOps<systole::ncore::ProgramOp>())
    program = p;
  if (!program) {
    llvm::errs() << inputFile
                 << ": internal error: the compiler made no program\n";
    return kInternal;
  }
  FailureOr<systole::ncx::Executable> exe =
      systole::translateProgramToNcx(program);
  if (failed(exe))
    return kInternal;
  int exitCode =
      runOnSimulator(*exe, std::move(*inputsOrFailure), inputFile,
                     selfChecks.checks.empty() ? nullptr : &selfChecks);
  return exitCode;
}
