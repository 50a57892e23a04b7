//===- GemmGenerator.h - A double-buffered GEMM program -----------*- C++
//-*-===//
//
// Writes an NCX executable computing out[M,N] = lhsT[K,M]^T x rhs[K,N] (the NKI
// convention: the stationary operand is stored transposed, K-major) of any
// size, tiled for the tensor engine (K and M tiles of pe_rows x pe_columns, N
// tiles of matmul_max_n), with fp32 accumulation over K in PSUM,
// double-buffered DMA of both operands, PSUM evacuation by the vector engine
// and semaphore hand-offs DMA -> tensor -> vector -> DMA (DESIGN sections 3 and
// 4). Used by the simulator's tests and benchmarks to show that the timing
// model overlaps the engines.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_SIM_GEMMGENERATOR_H
#define SYSTOLE_RUNTIME_SIM_GEMMGENERATOR_H

#include <cstdint>

#include "absl/status/statusor.h"
#include "runtime/ncx/Ncx.h"

namespace systole::sim {

struct GemmConfig {
  int64_t m = 128, n = 512, k = 128;       // elements
  ncx::DType inputDType = ncx::DTYPE_BF16; // lhsT and rhs
  ncx::DType outputDType = ncx::DTYPE_F32; // out
  /// DMA queues used (at most the target's); the last `outputQueues` of them
  /// carry the result tiles, the others the operand loads.
  int dmaQueues = 16;
  int outputQueues = 4;
};

/// Generates the GEMM program for `target`. Inputs: "lhsT" [K, M] and "rhs" [K,
/// N] of inputDType; output "out" [M, N] of outputDType. Errors:
/// InvalidArgumentError if a size is not positive, if a dtype is not a float
/// type the tensor engine accepts, or if K is so large that two operand panels
/// of K rows do not fit in SBUF.
absl::StatusOr<ncx::Executable> generateGemm(const TargetDesc &target,
                                             const GemmConfig &config);

} // namespace systole::sim

#endif // SYSTOLE_RUNTIME_SIM_GEMMGENERATOR_H
