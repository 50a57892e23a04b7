//===- Target.cpp - Loading NeuronCore target descriptions
//-------------------===//

#include "runtime/targets/Target.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"

namespace systole {
namespace {

namespace pb = google::protobuf;

/// An allowed closed range [lo, hi] (or (lo, hi] when loExclusive) for a
/// numeric field.
struct FieldRange {
  const char *path;
  double lo;
  double hi;
  bool loExclusive;
};

// Fields not listed here must be finite and within [0, 1e9].
constexpr FieldRange kRanges[] = {
    {"sbuf_partitions", 1, 128, false},
    {"sbuf_bytes_per_partition", 1, 16 << 20, false},
    {"psum_partitions", 1, 128, false},
    {"psum_bytes_per_partition", 1, 1 << 20, false},
    {"psum_banks", 1, 64, false},
    {"psum_bank_bytes", 4, 1 << 20, false},
    {"hbm_bytes", 1, 1099511627776.0, false},
    {"hbm_gbytes_per_s", 0, 1e6, true},
    {"tensor_clock_ghz", 0, 100, true},
    {"vector_clock_ghz", 0, 100, true},
    {"scalar_clock_ghz", 0, 100, true},
    {"gpsimd_clock_ghz", 0, 100, true},
    {"pe_rows", 1, 128, false},
    {"pe_columns", 1, 128, false},
    {"matmul_max_n", 1, 1 << 16, false},
    {"semaphores", 1, 1 << 16, false},
    {"dma_queues", 1, 64, false},
    {"dma_queue_bytes_per_ns", 0, 1e6, true},
    {"dma_small_descriptor_bytes", 0, 1 << 20, false},
    {"matmul_fp32_multiplier", 0, 64, true},
    {"matmul_fp8_multiplier", 0, 64, true},
    {"matmul_cycles_per_column", 0, 1e6, true},
};

class ErrorCollector : public pb::io::ErrorCollector {
public:
  explicit ErrorCollector(std::string source) : source(std::move(source)) {}
  void AddError(int line, pb::io::ColumnNumber column,
                const std::string &message) override {
    if (first.empty())
      first = absl::StrFormat("%s:%d:%d: %s", source, line + 1, column + 1,
                              message);
  }
  std::string source;
  std::string first;
};

absl::Status checkMessage(const pb::Message &message, const std::string &prefix,
                          absl::string_view source) {
  const pb::Descriptor *descriptor = message.GetDescriptor();
  const pb::Reflection *reflection = message.GetReflection();
  for (int i = 0; i < descriptor->field_count(); ++i) {
    const pb::FieldDescriptor *field = descriptor->field(i);
    std::string path = prefix + field->name();
    if (!reflection->HasField(message, field))
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: field '%s' is missing", source, path));
    double value = 0;
    switch (field->cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_MESSAGE: {
      absl::Status status = checkMessage(reflection->GetMessage(message, field),
                                         path + ".", source);
      if (!status.ok())
        return status;
      continue;
    }
    case pb::FieldDescriptor::CPPTYPE_STRING:
      if (reflection->GetString(message, field).empty())
        return absl::InvalidArgumentError(
            absl::StrFormat("%s: field '%s' is empty", source, path));
      continue;
    case pb::FieldDescriptor::CPPTYPE_BOOL:
      continue;
    case pb::FieldDescriptor::CPPTYPE_INT32:
      value = reflection->GetInt32(message, field);
      break;
    case pb::FieldDescriptor::CPPTYPE_INT64:
      value = static_cast<double>(reflection->GetInt64(message, field));
      break;
    case pb::FieldDescriptor::CPPTYPE_DOUBLE:
      value = reflection->GetDouble(message, field);
      break;
    default:
      continue;
    }
    FieldRange range{nullptr, 0, 1e9, false};
    for (const FieldRange &r : kRanges)
      if (path == r.path)
        range = r;
    bool ok = std::isfinite(value) && value <= range.hi &&
              (range.loExclusive ? value > range.lo : value >= range.lo);
    if (!ok)
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: field '%s' = %g is out of range %c%g, %g]", source, path, value,
          range.loExclusive ? '(' : '[', range.lo, range.hi));
  }
  return absl::OkStatus();
}

} // namespace

std::vector<std::string> builtinTargetNames() {
  std::vector<std::string> names;
  for (const auto &entry : detail::builtinTargetTexts())
    names.push_back(entry.first);
  return names;
}

double linearCostCycles(const LinearCost &cost, double elements) {
  return std::max(cost.min_cycles(),
                  cost.fixed_cycles() + cost.cycles_per_element() * elements);
}

double dmaQueueNs(const TargetDesc &target, int64_t bytes,
                  int64_t descriptors) {
  double ns = static_cast<double>(bytes) / target.dma_queue_bytes_per_ns();
  if (descriptors > 0 && static_cast<double>(bytes) / descriptors <
                             target.dma_small_descriptor_bytes())
    ns += descriptors * target.dma_small_descriptor_ns();
  return ns;
}

absl::Status validateTarget(const TargetDesc &target,
                            absl::string_view sourceName) {
  absl::Status status = checkMessage(target, "", sourceName);
  if (!status.ok())
    return status;
  auto inconsistent = [&](const std::string &what) {
    return absl::InvalidArgumentError(absl::StrCat(sourceName, ": ", what));
  };
  if (target.psum_banks() * target.psum_bank_bytes() !=
      target.psum_bytes_per_partition())
    return inconsistent(absl::StrFormat(
        "fields 'psum_banks' (%d) x 'psum_bank_bytes' (%d) must equal "
        "'psum_bytes_per_partition' (%d)",
        target.psum_banks(), target.psum_bank_bytes(),
        target.psum_bytes_per_partition()));
  if (target.pe_rows() > target.sbuf_partitions())
    return inconsistent("field 'pe_rows' exceeds 'sbuf_partitions'");
  if (target.pe_columns() > target.psum_partitions())
    return inconsistent("field 'pe_columns' exceeds 'psum_partitions'");
  if (target.matmul_max_n() * 4 > target.psum_bank_bytes())
    return inconsistent(
        "field 'matmul_max_n' x 4 bytes (fp32) exceeds 'psum_bank_bytes'");
  return absl::OkStatus();
}

absl::StatusOr<TargetDesc> parseTarget(absl::string_view text,
                                       absl::string_view sourceName) {
  TargetDesc target;
  pb::TextFormat::Parser parser;
  ErrorCollector errors{std::string(sourceName)};
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(std::string(text), &target))
    return absl::InvalidArgumentError(
        errors.first.empty()
            ? absl::StrCat(sourceName, ": cannot parse TargetDesc")
            : errors.first);
  absl::Status status = validateTarget(target, sourceName);
  if (!status.ok())
    return status;
  return target;
}

absl::StatusOr<TargetDesc> loadTarget(absl::string_view nameOrPath) {
  for (const auto &[name, text] : detail::builtinTargetTexts())
    if (name == nameOrPath)
      return parseTarget(text, name);
  std::ifstream file{std::string(nameOrPath), std::ios::binary};
  if (!file)
    return absl::NotFoundError(absl::StrFormat(
        "cannot open target file '%s' (shipped targets: trn1, trn2)",
        nameOrPath));
  std::stringstream buffer;
  buffer << file.rdbuf();
  return parseTarget(buffer.str(), nameOrPath);
}

} // namespace systole
