//===- systole-gen-gemm.cpp - write a GEMM executable of any size ---------===//
//
// Writes an NCX executable computing out[M,N] = lhsT[K,M]^T x rhs[K,N] with
// double-buffered DMA, PSUM accumulation over K and semaphore hand-offs
// (runtime/sim/GemmGenerator.h). `systole-translate --ncx-to-ncore` shows it as
// `ncore` IR; `systole-run --backend=sim` runs it. Used to show that the
// timing model overlaps engines as the hardware does (issue 3):
//   systole-gen-gemm --m=4096 --n=4096 --k=4096 --dtype=bf16 --out=g.ncx
//   systole-run g.ncx --random-inputs --functional=false --stats-json=s.json
// Exit codes: 0 ok, 2 bad usage.
//
//===----------------------------------------------------------------------===//

#include "runtime/ncx/Ncx.h"
#include "runtime/sim/GemmGenerator.h"
#include "runtime/targets/Target.h"

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"

#include <iostream>

ABSL_FLAG(int64_t, m, 128, "rows of the result (M)");
ABSL_FLAG(int64_t, n, 512, "columns of the result (N)");
ABSL_FLAG(int64_t, k, 128, "contraction size (K)");
ABSL_FLAG(std::string, dtype, "bf16",
          "operand dtype: bf16, f16, f32, f8E4M3, f8E5M2");
ABSL_FLAG(std::string, out_dtype, "f32", "result dtype: f32, bf16, f16");
ABSL_FLAG(std::string, target, "trn2", "trn1, trn2 or a TargetDesc textproto");
ABSL_FLAG(int, dma_queues, 16, "DMA queues used");
ABSL_FLAG(int, output_queues, 4, "of which carry result tiles");
ABSL_FLAG(std::string, out, "", "output .ncx path (required)");

namespace {
bool parseNcxDType(const std::string &name, systole::ncx::DType &dtype) {
  static const std::pair<const char *, systole::ncx::DType> kNames[] = {
      {"bf16", systole::ncx::DTYPE_BF16},
      {"f16", systole::ncx::DTYPE_F16},
      {"f32", systole::ncx::DTYPE_F32},
      {"f8E4M3", systole::ncx::DTYPE_F8E4M3},
      {"f8E5M2", systole::ncx::DTYPE_F8E5M2}};
  for (const auto &[n, d] : kNames)
    if (name == n) {
      dtype = d;
      return true;
    }
  return false;
}
} // namespace

int main(int argc, char **argv) {
  absl::SetProgramUsageMessage(
      "systole-gen-gemm --m=M --n=N --k=K --out=g.ncx");
  // Unknown flags and stray arguments are bad usage (exit 2); abseil's own
  // parser would exit with 1.
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string name = arg.substr(0, arg.find('='));
    name.erase(0, name.find_first_not_of('-'));
    bool isFlag = arg.size() > 1 && arg[0] == '-';
    bool builtin = name.rfind("help", 0) == 0 || name == "version" ||
                   name == "only_check_args";
    bool known = isFlag && (builtin || absl::FindCommandLineFlag(name) ||
                            (name.rfind("no", 0) == 0 &&
                             absl::FindCommandLineFlag(name.substr(2))));
    if (!known) {
      std::cerr << "systole-gen-gemm: error: unknown "
                << (isFlag ? "flag" : "argument") << " '" << arg
                << "' (see --help)\n";
      return 2;
    }
  }
  absl::ParseCommandLine(argc, argv);
  std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) {
    std::cerr << "systole-gen-gemm: error: --out=FILE is required\n";
    return 2;
  }
  systole::sim::GemmConfig config;
  config.m = absl::GetFlag(FLAGS_m);
  config.n = absl::GetFlag(FLAGS_n);
  config.k = absl::GetFlag(FLAGS_k);
  config.dmaQueues = absl::GetFlag(FLAGS_dma_queues);
  config.outputQueues = absl::GetFlag(FLAGS_output_queues);
  if (!parseNcxDType(absl::GetFlag(FLAGS_dtype), config.inputDType) ||
      !parseNcxDType(absl::GetFlag(FLAGS_out_dtype), config.outputDType)) {
    std::cerr << "systole-gen-gemm: error: unknown --dtype or --out_dtype\n";
    return 2;
  }
  absl::StatusOr<systole::TargetDesc> target =
      systole::loadTarget(absl::GetFlag(FLAGS_target));
  if (!target.ok()) {
    std::cerr << "systole-gen-gemm: error: " << target.status().message()
              << "\n";
    return 2;
  }
  absl::StatusOr<systole::ncx::Executable> exe =
      systole::sim::generateGemm(*target, config);
  if (!exe.ok()) {
    std::cerr << "systole-gen-gemm: error: " << exe.status().message() << "\n";
    return 2;
  }
  absl::Status st = systole::ncx::writeExecutable(*exe, out);
  if (!st.ok()) {
    std::cerr << "systole-gen-gemm: error: " << st.message() << "\n";
    return 2;
  }
  return 0;
}
