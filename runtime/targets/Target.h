//===- Target.h - Loading NeuronCore target descriptions ---------*- C++
//-*-===//
//
// A target is a text-format TargetDesc (target.proto; DESIGN sections 3 and 4).
// The shipped targets `trn1` and `trn2` (the default) are embedded into this
// library, so tools find them from any folder; a user passes their own file
// with --target=FILE.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_TARGETS_TARGET_H
#define SYSTOLE_RUNTIME_TARGETS_TARGET_H

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/targets/target.pb.h"

namespace systole {

/// The name of the default target (DESIGN section 3): "trn2".
inline constexpr absl::string_view kDefaultTargetName = "trn2";

/// Names of the shipped targets, in order ("trn1", "trn2").
std::vector<std::string> builtinTargetNames();

/// Loads a target. `nameOrPath` is a shipped target's name (`trn1`, `trn2`; the
/// embedded text is used, no file is read) or the path of a text-format
/// TargetDesc. The result is validated with validateTarget(). Errors:
/// NotFoundError if the file cannot be read; InvalidArgumentError
/// `FILE:LINE:COL: message` for a syntax error, or a validation error (see
/// below).
absl::StatusOr<TargetDesc> loadTarget(absl::string_view nameOrPath);

/// Parses TargetDesc text; `sourceName` prefixes error messages. Validates the
/// result. Errors: InvalidArgumentError as for loadTarget.
absl::StatusOr<TargetDesc> parseTarget(absl::string_view text,
                                       absl::string_view sourceName);

/// Checks that every field of `target` (recursively) is present and in range,
/// and that the fields agree with each other (psum_banks * psum_bank_bytes ==
/// psum_bytes_per_partition, pe_rows <= sbuf_partitions, ...).
/// Errors: InvalidArgumentError naming the field, e.g.
/// `target.textproto: field 'sbuf_bytes_per_partition' is missing` or
/// `target.textproto: field 'dma_queues' = 0 is out of range [1, 64]`.
absl::Status validateTarget(const TargetDesc &target,
                            absl::string_view sourceName);

/// Cost in cycles of a LinearCost for `elements` elements per partition (DESIGN
/// section 4): max(min_cycles, fixed_cycles + cycles_per_element * elements).
double linearCostCycles(const LinearCost &cost, double elements);

/// Queue time in ns of a DMA transfer of `bytes` bytes in `descriptors`
/// contiguous runs (DESIGN section 4): bytes / dma_queue_bytes_per_ns, plus
/// dma_small_descriptor_ns per descriptor when the runs average under
/// dma_small_descriptor_bytes. The fixed latency is not included. The
/// simulator charges it; the compiler splits transfers by it.
double dmaQueueNs(const TargetDesc &target, int64_t bytes, int64_t descriptors);

namespace detail {
/// (name, text) of every shipped textproto; generated at build time.
const std::vector<std::pair<std::string, std::string>> &builtinTargetTexts();
} // namespace detail

} // namespace systole

#endif // SYSTOLE_RUNTIME_TARGETS_TARGET_H
