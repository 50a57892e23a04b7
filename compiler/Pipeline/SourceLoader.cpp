//===- SourceLoader.cpp - read model graphs as exporters write them -------===//
#include "compiler/Pipeline/SourceLoader.h"

#include "compiler/Pipeline/Registration.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <regex>

using namespace mlir;

namespace systole {

namespace {

/// Number of elements of a `tensor<AxBx...xi1>` type spelled at `text`
/// (which starts after `: tensor<`), or -1 when it is not a static i1 tensor.
int64_t i1ElementCount(llvm::StringRef shapeAndType) {
  size_t end = shapeAndType.find('>');
  if (end == llvm::StringRef::npos)
    return -1;
  llvm::StringRef body = shapeAndType.take_front(end);
  if (!body.ends_with("i1") || body.ends_with("ui1"))
    return -1;
  body = body.drop_back(2);
  int64_t count = 1;
  while (!body.empty()) {
    auto [dim, rest] = body.split('x');
    int64_t d;
    if (dim.getAsInteger(10, d))
      return -1;
    count *= d;
    body = rest;
  }
  return count;
}

int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

} // namespace

std::string rewriteForMlir19(llvm::StringRef text, bool *changed) {
  bool didChange = false;
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  size_t to = 0, hex = 0;
  bool first = true;
  while (pos < text.size()) {
    // Location ranges: `":L:C to :C2)` or `":L:C to L2:C2)`. The next
    // occurrences are cached so that the scan stays linear.
    if (first || (to != llvm::StringRef::npos && to < pos))
      to = text.find(" to ", pos);
    if (first || (hex != llvm::StringRef::npos && hex < pos))
      hex = text.find("dense<\"0x", pos);
    first = false;
    size_t next = std::min(to, hex);
    if (next == llvm::StringRef::npos) {
      out.append(text.substr(pos).str());
      break;
    }
    if (next == to) {
      // Check the shape: digits ':' digits ' to ' [digits] ':' digits ')'.
      size_t i = to;
      size_t j = i;
      while (j > pos && isdigit(text[j - 1]))
        --j;
      bool ok = j < i && j > pos && text[j - 1] == ':';
      size_t k = to + 4;
      while (ok && k < text.size() && isdigit(text[k]))
        ++k;
      ok = ok && k < text.size() && text[k] == ':';
      size_t m = k + 1;
      while (ok && m < text.size() && isdigit(text[m]))
        ++m;
      ok = ok && m > k + 1 && m < text.size() && text[m] == ')';
      out.append(text.substr(pos, to - pos).str());
      if (ok) {
        pos = m; // drop " to [L2]:C2", keep ')'
        didChange = true;
      } else {
        out.append(" to ");
        pos = to + 4;
      }
      continue;
    }
    // Hex dense literal.
    size_t start = hex + strlen("dense<\"0x");
    size_t close = text.find('"', start);
    if (close == llvm::StringRef::npos) {
      out.append(text.substr(pos).str());
      break;
    }
    llvm::StringRef digits = text.slice(start, close);
    llvm::StringRef after = text.substr(close);
    int64_t count = -1;
    if (after.starts_with("\"> : tensor<"))
      count = i1ElementCount(after.drop_front(strlen("\"> : tensor<")));
    out.append(text.substr(pos, start - pos).str());
    if (count > 1 && (int64_t)digits.size() == 2 * count) {
      std::string packed((count + 7) / 8, 0);
      bool valid = true;
      for (int64_t e = 0; e < count; ++e) {
        int hi = hexValue(digits[2 * e]), lo = hexValue(digits[2 * e + 1]);
        if (hi < 0 || lo < 0) {
          valid = false;
          break;
        }
        if ((hi << 4 | lo) != 0)
          packed[e / 8] |= static_cast<char>(1 << (e % 8));
      }
      if (valid) {
        static const char *kHex = "0123456789ABCDEF";
        for (char c : packed) {
          out.push_back(kHex[(static_cast<unsigned char>(c) >> 4) & 0xF]);
          out.push_back(kHex[static_cast<unsigned char>(c) & 0xF]);
        }
        didChange = true;
        pos = close;
        continue;
      }
    }
    out.append(digits.str());
    pos = close;
  }
  // `array<i1: 1, 0>`: MLIR 19 parses integer literals in a boolean dense
  // array into storage its printer then reads out of bounds (a crash on
  // the first diagnostic that prints it). Spell them as true/false.
  size_t at = 0;
  while ((at = out.find("array<i1:", at)) != std::string::npos) {
    size_t end = out.find('>', at);
    if (end == std::string::npos)
      break;
    std::string body = out.substr(at + 9, end - at - 9);
    std::string fixed;
    bool rewritten = false;
    llvm::SmallVector<llvm::StringRef> items;
    llvm::StringRef(body).split(items, ',');
    for (llvm::StringRef item : items) {
      llvm::StringRef trimmed = item.trim();
      int64_t v;
      if (!fixed.empty())
        fixed += ",";
      if (!trimmed.getAsInteger(10, v)) {
        fixed += v ? " true" : " false";
        rewritten = true;
      } else {
        fixed += item.str();
      }
    }
    if (rewritten) {
      out.replace(at + 9, end - at - 9, fixed);
      didChange = true;
      end = at + 9 + fixed.size();
    }
    at = end;
  }
  if (changed)
    *changed = didChange;
  return out;
}

std::unique_ptr<MLIRContext> createContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  auto context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects(true);
  context->printOpOnDiagnostic(false);
  context->loadAllAvailableDialects();
  return context;
}

namespace {
/// The first location of kind `T` inside `loc` (through names, call sites
/// and fused locations), if any: a file position, or a name.
template <typename T> std::optional<T> findFirst(Location loc) {
  std::optional<T> found;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<T>(l)) {
      found = f;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

void printOneLine(Diagnostic &diag, llvm::raw_ostream &os,
                  llvm::StringRef inputFile) {
  std::optional<NameLoc> name;
  if (std::optional<FileLineColLoc> f =
          findFirst<FileLineColLoc>(diag.getLocation())) {
    os << f->getFilename().getValue() << ':' << f->getLine() << ':'
       << f->getColumn() << ": ";
  } else {
    os << (inputFile.empty() ? llvm::StringRef("<unknown>") : inputFile)
       << ": ";
    name = findFirst<NameLoc>(diag.getLocation());
  }
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  case DiagnosticSeverity::Note:
    os << "note: ";
    break;
  case DiagnosticSeverity::Remark:
    os << "remark: ";
    break;
  }
  std::string message = diag.str();
  std::replace(message.begin(), message.end(), '\n', ' ');
  os << message;
  if (name)
    os << " [at \"" << name->getName().getValue() << "\"]";
  os << '\n';
  for (Diagnostic &note : diag.getNotes())
    printOneLine(note, os, inputFile);
}
} // namespace

uint64_t installOneLineDiagnostics(MLIRContext &context,
                                   llvm::StringRef inputFile) {
  return context.getDiagEngine().registerHandler(
      [file = inputFile.str()](Diagnostic &diag) {
        printOneLine(diag, llvm::errs(), file);
        llvm::errs().flush();
        return success();
      });
}

OwningOpRef<ModuleOp> loadModule(MLIRContext &context, llvm::StringRef path) {
  std::string errorMessage;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!file) {
    emitError(FileLineColLoc::get(&context, path, 0, 0))
        << "cannot read file: " << file.getError().message();
    return nullptr;
  }
  std::string text = rewriteForMlir19((*file)->getBuffer());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, path),
                               llvm::SMLoc());
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  return module;
}

} // namespace systole
