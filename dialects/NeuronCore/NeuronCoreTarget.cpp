//===- NeuronCoreTarget.cpp - the target of an ncore program --------------===//
#include "dialects/NeuronCore/NeuronCoreTarget.h"

#include <map>
#include <memory>
#include <mutex>

#include "runtime/targets/Target.h"

namespace systole::ncore {

namespace {
/// Parsed target descriptions by key ("name:" + name or "text:" + text);
/// entries are never removed, so the pointers stay valid.
struct TargetCache {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<TargetDesc>> targets;
  std::map<std::string, std::string> errors;
};
TargetCache &cache() {
  static TargetCache *c = new TargetCache();
  return *c;
}
} // namespace

mlir::FailureOr<const TargetDesc *> getProgramTarget(ProgramOp program,
                                                     std::string *error) {
  std::string name = program.getTarget().str();
  std::optional<llvm::StringRef> text = program.getTargetDesc();
  std::string key = text ? "text:" + text->str() : "name:" + name;
  TargetCache &c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.targets.find(key);
  if (it == c.targets.end()) {
    auto errIt = c.errors.find(key);
    if (errIt == c.errors.end()) {
      absl::StatusOr<TargetDesc> loaded;
      std::string message;
      if (text) {
        loaded = parseTarget(absl::string_view(text->data(), text->size()), "target_desc");
      } else {
        bool builtin = false;
        for (const std::string &n : builtinTargetNames())
          builtin |= n == name;
        if (builtin)
          loaded = loadTarget(name);
        else
          loaded = absl::InvalidArgumentError("unknown target '" + name +
                                              "' (shipped targets: trn1, trn2; "
                                              "give another in 'target_desc')");
      }
      if (loaded.ok() && text && loaded->name() != name)
        loaded = absl::InvalidArgumentError("target_desc describes target '" +
                                            loaded->name() + "', not '" + name + "'");
      if (!loaded.ok()) {
        errIt = c.errors.emplace(key, std::string(loaded.status().message())).first;
      } else {
        it = c.targets.emplace(key, std::make_unique<TargetDesc>(*std::move(loaded)))
                 .first;
      }
    }
    if (it == c.targets.end()) {
      if (error)
        *error = errIt->second;
      return mlir::failure();
    }
  }
  return static_cast<const TargetDesc *>(it->second.get());
}

const TargetDesc *getTargetOf(mlir::Operation *op) {
  auto program = op->getParentOfType<ProgramOp>();
  if (!program)
    return nullptr;
  mlir::FailureOr<const TargetDesc *> target = getProgramTarget(program);
  return mlir::succeeded(target) ? *target : nullptr;
}

} // namespace systole::ncore
