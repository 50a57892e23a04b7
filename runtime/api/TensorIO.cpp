//===- TensorIO.cpp - Reading, writing and printing tensors ---------------===//

#include "runtime/api/TensorIO.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runtime/api/FloatFormats.h"

namespace systole {
namespace {

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

absl::StatusOr<std::string> readFile(absl::string_view path) {
  std::string pathString(path);
  std::FILE *file = std::fopen(pathString.c_str(), "rb");
  if (!file)
    return absl::ErrnoToStatus(
        errno, absl::StrCat("cannot open '", path, "' for reading"));
  std::string contents;
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), file)) > 0)
    contents.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  const int error = errno;
  std::fclose(file);
  if (failed)
    return absl::ErrnoToStatus(error, absl::StrCat("cannot read '", path, "'"));
  return contents;
}

absl::Status writeFile(absl::string_view path, absl::string_view contents) {
  std::string pathString(path);
  std::FILE *file = std::fopen(pathString.c_str(), "wb");
  if (!file)
    return absl::ErrnoToStatus(
        errno, absl::StrCat("cannot open '", path, "' for writing"));
  const size_t written = std::fwrite(contents.data(), 1, contents.size(), file);
  int error = errno;
  bool failed = written != contents.size();
  if (std::fclose(file) != 0 && !failed) {
    failed = true;
    error = errno;
  }
  if (failed)
    return absl::ErrnoToStatus(error,
                               absl::StrCat("cannot write '", path, "'"));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

constexpr char kNpyMagic[] = "\x93NUMPY";
constexpr size_t kNpyMagicSize = 6;

bool hostIsLittleEndian() {
  const uint16_t probe = 1;
  uint8_t first;
  std::memcpy(&first, &probe, 1);
  return first == 1;
}

/// The .npy descr of a dtype NumPy can hold, or "" (bf16, f8).
const char *npyDescr(DType type) {
  switch (type) {
  case DType::F64:
    return "<f8";
  case DType::F32:
    return "<f4";
  case DType::F16:
    return "<f2";
  case DType::I64:
    return "<i8";
  case DType::I32:
    return "<i4";
  case DType::I16:
    return "<i2";
  case DType::I8:
    return "|i1";
  case DType::U64:
    return "<u8";
  case DType::U32:
    return "<u4";
  case DType::U16:
    return "<u2";
  case DType::U8:
    return "|u1";
  case DType::I1:
    return "|b1";
  case DType::C64:
    return "<c8";
  case DType::C128:
    return "<c16";
  default:
    return "";
  }
}

/// A value of the header dictionary: a string, a boolean or a tuple of
/// integers.
struct NpyValue {
  enum Kind { String, Bool, Tuple } kind = String;
  std::string text;
  bool boolean = false;
  std::vector<int64_t> tuple;
};

/// Parser for the Python dict literal of an .npy header, e.g.
/// `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.
class NpyHeaderParser {
public:
  explicit NpyHeaderParser(absl::string_view headerText) : text(headerText) {}

  absl::Status parse(std::string *descr, bool *fortranOrder,
                     std::vector<int64_t> *shape) {
    bool haveDescr = false, haveFortran = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return error("expected '{'");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (absl::Status s = parseString(&key); !s.ok())
        return s;
      skipSpace();
      if (!consume(':'))
        return error("expected ':'");
      skipSpace();
      NpyValue value;
      if (absl::Status s = parseValue(&value); !s.ok())
        return s;
      if (key == "descr") {
        if (value.kind != NpyValue::String)
          return error("'descr' must be a simple dtype string such as '<f4' "
                       "(structured dtypes are not supported)");
        *descr = value.text;
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (value.kind != NpyValue::Bool)
          return error("'fortran_order' must be True or False");
        *fortranOrder = value.boolean;
        haveFortran = true;
      } else if (key == "shape") {
        if (value.kind != NpyValue::Tuple)
          return error("'shape' must be a tuple");
        *shape = value.tuple;
        haveShape = true;
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return error("expected ',' or '}'");
    }
    if (!haveDescr || !haveFortran || !haveShape)
      return absl::InvalidArgumentError("invalid .npy header: it must have the "
                                        "keys 'descr', 'fortran_order' and "
                                        "'shape'");
    return absl::OkStatus();
  }

private:
  absl::Status error(absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid .npy header at offset ", pos, ": ", what,
                     " in \"", text, "\""));
  }
  void skipSpace() {
    while (pos < text.size() && absl::ascii_isspace(text[pos]))
      ++pos;
  }
  bool consume(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool consumeWord(absl::string_view word) {
    if (absl::StartsWith(text.substr(pos), word)) {
      pos += word.size();
      return true;
    }
    return false;
  }
  absl::Status parseString(std::string *out) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return error("expected a quoted string");
    const char quote = text[pos++];
    const size_t end = text.find(quote, pos);
    if (end == absl::string_view::npos)
      return error("unterminated string");
    *out = std::string(text.substr(pos, end - pos));
    pos = end + 1;
    return absl::OkStatus();
  }
  absl::Status parseValue(NpyValue *value) {
    if (pos < text.size() && (text[pos] == '\'' || text[pos] == '"')) {
      value->kind = NpyValue::String;
      return parseString(&value->text);
    }
    if (consumeWord("True")) {
      value->kind = NpyValue::Bool;
      value->boolean = true;
      return absl::OkStatus();
    }
    if (consumeWord("False")) {
      value->kind = NpyValue::Bool;
      value->boolean = false;
      return absl::OkStatus();
    }
    if (consume('(')) {
      value->kind = NpyValue::Tuple;
      while (true) {
        skipSpace();
        if (consume(')'))
          return absl::OkStatus();
        size_t start = pos;
        while (pos < text.size() && absl::ascii_isdigit(text[pos]))
          ++pos;
        // Python 2 era writers append 'L' to longs.
        absl::string_view digits = text.substr(start, pos - start);
        consume('L');
        int64_t dim = 0;
        auto [ptr, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), dim);
        if (digits.empty() || ec != std::errc() ||
            ptr != digits.data() + digits.size())
          return error("expected a non-negative dimension");
        value->tuple.push_back(dim);
        skipSpace();
        if (consume(','))
          continue;
        skipSpace();
        if (consume(')'))
          return absl::OkStatus();
        return error("expected ',' or ')' in the shape");
      }
    }
    return error("expected a string, True, False or a tuple");
  }

  absl::string_view text;
  size_t pos = 0;
};

/// Maps a descr such as '<f4' to a dtype; sets *swap for big-endian data.
absl::StatusOr<DType> dtypeOfDescr(absl::string_view descr, bool *swap) {
  if (descr.size() < 3)
    return absl::InvalidArgumentError(
        absl::StrCat("unsupported .npy dtype '", descr, "'"));
  const char order = descr[0];
  const char kind = descr[1];
  int64_t size = 0;
  absl::string_view sizeText = descr.substr(2);
  auto [ptr, ec] =
      std::from_chars(sizeText.data(), sizeText.data() + sizeText.size(), size);
  if (ec != std::errc() || ptr != sizeText.data() + sizeText.size() ||
      (order != '<' && order != '>' && order != '|' && order != '='))
    return absl::InvalidArgumentError(
        absl::StrCat("unsupported .npy dtype '", descr, "'"));
  bool big = order == '>' || (order == '=' && !hostIsLittleEndian());
  *swap = big;
  struct Entry {
    char kind;
    int64_t size;
    DType type;
  };
  static constexpr Entry kTable[] = {
      {'f', 8, DType::F64}, {'f', 4, DType::F32},  {'f', 2, DType::F16},
      {'i', 8, DType::I64}, {'i', 4, DType::I32},  {'i', 2, DType::I16},
      {'i', 1, DType::I8},  {'u', 8, DType::U64},  {'u', 4, DType::U32},
      {'u', 2, DType::U16}, {'u', 1, DType::U8},   {'b', 1, DType::I1},
      {'c', 8, DType::C64}, {'c', 16, DType::C128}};
  for (const Entry &entry : kTable)
    if (entry.kind == kind && entry.size == size)
      return entry.type;
  return absl::InvalidArgumentError(absl::StrCat(
      "unsupported .npy dtype '", descr,
      "' (supported: f8 f4 f2 i8 i4 i2 i1 u8 u4 u2 u1 b1 c8 c16)"));
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

/// Splits `2x3xf32` into shape and dtype.
absl::Status parseTypeSpec(absl::string_view spec, std::vector<int64_t> *shape,
                           DType *dtype) {
  size_t pos = 0;
  while (true) {
    size_t end = pos;
    while (end < spec.size() && absl::ascii_isdigit(spec[end]))
      ++end;
    if (end == pos || end >= spec.size() || spec[end] != 'x')
      break;
    int64_t dim = 0;
    auto [ptr, ec] = std::from_chars(spec.data() + pos, spec.data() + end, dim);
    if (ec != std::errc())
      return absl::InvalidArgumentError(
          absl::StrCat("dimension '", spec.substr(pos, end - pos),
                       "' in type '", spec, "' is too large"));
    shape->push_back(dim);
    pos = end + 1;
  }
  absl::string_view name = spec.substr(pos);
  absl::StatusOr<DType> type = parseDType(name);
  if (!type.ok()) {
    if (!name.empty() &&
        (absl::ascii_isdigit(name[0]) || name[0] == '?' || name[0] == '-'))
      return absl::InvalidArgumentError(absl::StrCat(
          "bad tensor type '", spec,
          "': expected static dimensions followed by an element type, e.g. "
          "2x3xf32"));
    return absl::InvalidArgumentError(absl::StrCat(
        "bad tensor type '", spec, "': ", type.status().message()));
  }
  *dtype = *type;
  return absl::OkStatus();
}

/// Splits the value list into tokens: separators are ',', whitespace, '[' and
/// ']'; a
/// '(' opens a complex token that runs to the matching ')'.
absl::Status tokenize(absl::string_view values,
                      std::vector<absl::string_view> *out) {
  size_t pos = 0;
  while (pos < values.size()) {
    const char c = values[pos];
    if (c == ',' || c == '[' || c == ']' || absl::ascii_isspace(c)) {
      ++pos;
      continue;
    }
    size_t start = pos;
    if (c == '(') {
      size_t end = values.find(')', pos);
      if (end == absl::string_view::npos)
        return absl::InvalidArgumentError(absl::StrCat(
            "unterminated complex value '", values.substr(pos), "'"));
      out->push_back(values.substr(start, end + 1 - start));
      pos = end + 1;
      continue;
    }
    while (pos < values.size() && values[pos] != ',' && values[pos] != '[' &&
           values[pos] != ']' && values[pos] != '(' &&
           !absl::ascii_isspace(values[pos]))
      ++pos;
    out->push_back(values.substr(start, pos - start));
  }
  return absl::OkStatus();
}

bool isHexToken(absl::string_view token) {
  return token.size() > 2 && token[0] == '0' &&
         (token[1] == 'x' || token[1] == 'X');
}

/// Parses `0x...` as a bit pattern of `bits` bits.
absl::StatusOr<uint64_t> parseHexBits(absl::string_view token, int bits,
                                      DType type) {
  absl::string_view digits = token.substr(2);
  uint64_t value = 0;
  auto [ptr, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
  if (ec != std::errc() || ptr != digits.data() + digits.size())
    return absl::InvalidArgumentError(absl::StrCat(
        "invalid hex bit pattern '", token, "' for ", dtypeName(type)));
  if (bits < 64 && (value >> bits) != 0)
    return absl::InvalidArgumentError(
        absl::StrCat("bit pattern '", token, "' does not fit in ", bits,
                     " bits of ", dtypeName(type)));
  return value;
}

/// Parses a decimal (or nan/inf) real value for float dtype `type` and returns
/// its bit pattern.
absl::StatusOr<uint64_t> parseFloatBits(absl::string_view token, DType type) {
  if (isHexToken(token))
    return parseHexBits(token, static_cast<int>(byteWidth(type) * 8), type);
  absl::string_view body = token;
  bool negative = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  const std::string lower = absl::AsciiStrToLower(body);
  auto bad = [&]() {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid ", dtypeName(type), " value '", token, "'"));
  };
  if (body.empty() || body[0] == '+' || body[0] == '-')
    return bad();
  double value;
  if (lower == "nan") {
    value = std::numeric_limits<double>::quiet_NaN();
  } else if (lower == "inf" || lower == "infinity") {
    value = std::numeric_limits<double>::infinity();
  } else {
    if (type == DType::F32) {
      // Straight from the decimal string: one rounding.
      float f = 0;
      auto [ptr, ec] =
          std::from_chars(body.data(), body.data() + body.size(), f);
      if (ptr != body.data() + body.size())
        return bad();
      if (ec == std::errc()) {
        uint32_t bits;
        float signedValue = negative ? -f : f;
        std::memcpy(&bits, &signedValue, 4);
        return bits;
      }
      // Out of float's range: fall through to double, which rounds to inf or
      // zero.
    }
    auto [ptr, ec] =
        std::from_chars(body.data(), body.data() + body.size(), value);
    if (ptr != body.data() + body.size())
      return bad();
    if (ec != std::errc())
      return absl::InvalidArgumentError(absl::StrCat(
          dtypeName(type), " value '", token, "' is out of the range of f64"));
  }
  return encodeFloat(negative ? -value : value, type);
}

/// Parses an integer token for integer dtype `type` and returns its bit
/// pattern.
absl::StatusOr<uint64_t> parseIntegerBits(absl::string_view token, DType type) {
  const int bits = static_cast<int>(byteWidth(type) * 8);
  if (type == DType::I1) {
    const std::string lower = absl::AsciiStrToLower(token);
    if (lower == "true" || lower == "1" || lower == "0x1")
      return 1;
    if (lower == "false" || lower == "0" || lower == "0x0")
      return 0;
    return absl::InvalidArgumentError(absl::StrCat(
        "invalid i1 value '", token, "' (expected true, false, 1 or 0)"));
  }
  if (isHexToken(token))
    return parseHexBits(token, bits, type);
  absl::string_view body = token;
  if (!body.empty() && body[0] == '+')
    body.remove_prefix(1);
  auto bad = [&]() {
    return absl::InvalidArgumentError(absl::StrCat("invalid ", dtypeName(type),
                                                   " value '", token,
                                                   "' (expected an integer)"));
  };
  auto outOfRange = [&]() {
    return absl::InvalidArgumentError(
        absl::StrCat(dtypeName(type), " value '", token, "' is out of range"));
  };
  if (isUnsignedInteger(type)) {
    if (!body.empty() && body[0] == '-')
      return outOfRange();
    uint64_t value = 0;
    auto [ptr, ec] =
        std::from_chars(body.data(), body.data() + body.size(), value);
    if (body.empty() || ptr != body.data() + body.size())
      return bad();
    if (ec != std::errc() || (bits < 64 && (value >> bits) != 0))
      return outOfRange();
    return value;
  }
  int64_t value = 0;
  auto [ptr, ec] =
      std::from_chars(body.data(), body.data() + body.size(), value);
  if (body.empty() || ptr != body.data() + body.size())
    return bad();
  if (ec != std::errc())
    return outOfRange();
  if (bits < 64) {
    const int64_t limit = int64_t(1) << (bits - 1);
    if (value < -limit || value >= limit)
      return outOfRange();
  }
  return static_cast<uint64_t>(value);
}

absl::Status setElementFromToken(HostTensor &tensor, int64_t index,
                                 absl::string_view token) {
  const DType type = tensor.dtype;
  if (isComplex(type)) {
    const DType part = complexElementType(type);
    absl::string_view re = token, im = "0";
    if (!token.empty() && token.front() == '(') {
      if (token.back() != ')')
        return absl::InvalidArgumentError(
            absl::StrCat("invalid ", dtypeName(type), " value '", token, "'"));
      absl::string_view inner = token.substr(1, token.size() - 2);
      size_t comma = inner.find(',');
      if (comma == absl::string_view::npos)
        return absl::InvalidArgumentError(
            absl::StrCat("invalid ", dtypeName(type), " value '", token,
                         "' (expected (re,im))"));
      re = absl::StripAsciiWhitespace(inner.substr(0, comma));
      im = absl::StripAsciiWhitespace(inner.substr(comma + 1));
    }
    absl::StatusOr<uint64_t> reBits = parseFloatBits(re, part);
    if (!reBits.ok())
      return reBits.status();
    absl::StatusOr<uint64_t> imBits = parseFloatBits(im, part);
    if (!imBits.ok())
      return imBits.status();
    tensor.setComplex(index,
                      {decodeFloat(*reBits, part), decodeFloat(*imBits, part)});
    return absl::OkStatus();
  }
  absl::StatusOr<uint64_t> bits = isFloat(type) ? parseFloatBits(token, type)
                                                : parseIntegerBits(token, type);
  if (!bits.ok())
    return bits.status();
  tensor.setBits(index, *bits);
  return absl::OkStatus();
}

absl::Status checkShape(const HostTensor &tensor,
                        absl::Span<const int64_t> shape, DType dtype,
                        absl::string_view path) {
  if (tensor.shape != std::vector<int64_t>(shape.begin(), shape.end()))
    return absl::InvalidArgumentError(
        absl::StrCat("'", path, "' holds a ", typeString(tensor),
                     " tensor, expected ", typeString(shape, dtype)));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string shortestDouble(double value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

std::string shortestFloat(float value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// xoshiro256** (Blackman and Vigna), seeded through splitmix64.
class Xoshiro256 {
public:
  explicit Xoshiro256(uint64_t seed) {
    for (uint64_t &word : s)
      word = splitmix64(seed);
  }
  uint64_t next() {
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
  /// Uniform in (0, 1], a multiple of 2^-53.
  double uniformOpenClosed() {
    return static_cast<double>((next() >> 11) + 1) * 0x1p-53;
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s[4];
};

/// Natural logarithm of x in (0, 1] from + - * / only: x = m * 2^e with m in
/// [sqrt(1/2), sqrt(2)), ln m = 2 atanh((m-1)/(m+1)) by its series.
double portableLog(double x) {
  int e = 0;
  double m = std::frexp(x, &e); // exact; m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  const double s = (m - 1) / (m + 1); // |s| <= 0.1716
  const double s2 = s * s;
  double term = s, sum = 0;
  for (int k = 1; k < 40; k += 2) {
    sum += term / k;
    term *= s2;
  }
  return 2 * sum + e * 0.69314718055994530942;
}

/// sin and cos of 2*pi*u for u in (0, 1], from + - * / only.
void portableSinCos2Pi(double u, double *sinOut, double *cosOut) {
  // Quadrant reduction is exact: u*4 and its integer part are exact in
  // binary64.
  const double quarterTurns = u * 4;
  const double q = std::floor(quarterTurns);
  const double x = (quarterTurns - q) * 1.57079632679489661923; // [0, pi/2)
  const double x2 = x * x;
  double sinX = 0, cosX = 0, sinTerm = x, cosTerm = 1;
  for (int k = 0; k < 14; ++k) {
    sinX += sinTerm;
    cosX += cosTerm;
    sinTerm *= -x2 / ((2 * k + 2) * (2 * k + 3));
    cosTerm *= -x2 / ((2 * k + 1) * (2 * k + 2));
  }
  switch (static_cast<int>(q) & 3) {
  case 0:
    *sinOut = sinX;
    *cosOut = cosX;
    break;
  case 1:
    *sinOut = cosX;
    *cosOut = -sinX;
    break;
  case 2:
    *sinOut = -sinX;
    *cosOut = -cosX;
    break;
  default:
    *sinOut = -cosX;
    *cosOut = sinX;
    break;
  }
}

/// Standard normal samples, two per Box-Muller step.
class NormalStream {
public:
  explicit NormalStream(Xoshiro256 &generator) : rng(generator) {}
  double next() {
    if (haveSpare) {
      haveSpare = false;
      return spare;
    }
    const double u1 = rng.uniformOpenClosed();
    const double u2 = rng.uniformOpenClosed();
    const double radius = std::sqrt(-2 * portableLog(u1));
    double s, c;
    portableSinCos2Pi(u2, &s, &c);
    spare = radius * s;
    haveSpare = true;
    return radius * c;
  }

private:
  Xoshiro256 &rng;
  bool haveSpare = false;
  double spare = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Public functions
//===----------------------------------------------------------------------===//

absl::StatusOr<HostTensor> parseNpy(absl::string_view bytes) {
  if (bytes.size() < 10 || bytes.substr(0, kNpyMagicSize) !=
                               absl::string_view(kNpyMagic, kNpyMagicSize))
    return absl::InvalidArgumentError(
        "not an .npy file (missing the \\x93NUMPY magic)");
  const int major = static_cast<uint8_t>(bytes[6]);
  size_t headerLength, headerStart;
  auto byteAt = [&](size_t i) {
    return static_cast<size_t>(static_cast<uint8_t>(bytes[i]));
  };
  if (major == 1) {
    headerLength = byteAt(8) | (byteAt(9) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return absl::InvalidArgumentError(".npy file truncated in its header");
    headerLength =
        byteAt(8) | (byteAt(9) << 8) | (byteAt(10) << 16) | (byteAt(11) << 24);
    headerStart = 12;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("unsupported .npy format version ", major, ".",
                     static_cast<int>(static_cast<uint8_t>(bytes[7])),
                     " (supported: 1.0, 2.0, 3.0)"));
  }
  if (bytes.size() < headerStart + headerLength)
    return absl::InvalidArgumentError(".npy file truncated in its header");
  std::string descr;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
  NpyHeaderParser parser(bytes.substr(headerStart, headerLength));
  if (absl::Status s = parser.parse(&descr, &fortranOrder, &shape); !s.ok())
    return s;
  if (fortranOrder)
    return absl::InvalidArgumentError(
        ".npy files in Fortran order (fortran_order: True) are not supported; "
        "save a "
        "C-order array (numpy.ascontiguousarray)");
  bool swap = false;
  absl::StatusOr<DType> dtype = dtypeOfDescr(descr, &swap);
  if (!dtype.ok())
    return dtype.status();

  HostTensor tensor;
  tensor.dtype = *dtype;
  tensor.shape = shape;
  // Guard the size computation against absurd headers.
  int64_t elements = 1;
  for (int64_t d : shape) {
    if (d != 0 && elements > (int64_t(1) << 48) / d)
      return absl::InvalidArgumentError(".npy shape is too large");
    elements *= d;
  }
  const size_t expected = static_cast<size_t>(tensor.byteSize());
  const size_t available = bytes.size() - headerStart - headerLength;
  if (available != expected)
    return absl::InvalidArgumentError(
        absl::StrCat(".npy data of a ", typeString(tensor), " tensor must be ",
                     expected, " bytes, the file has ", available,
                     available < expected ? " (truncated)" : ""));
  const char *data = bytes.data() + headerStart + headerLength;
  tensor.data.assign(data, data + expected);
  const int64_t width = byteWidth(tensor.dtype);
  const int64_t swapUnit = isComplex(tensor.dtype) ? width / 2 : width;
  if (swap && swapUnit > 1)
    for (size_t i = 0; i < expected; i += swapUnit)
      std::reverse(tensor.data.begin() + i, tensor.data.begin() + i + swapUnit);
  if (tensor.dtype == DType::I1)
    for (uint8_t &b : tensor.data)
      b = b != 0;
  return tensor;
}

absl::StatusOr<HostTensor> readNpy(absl::string_view path) {
  absl::StatusOr<std::string> contents = readFile(path);
  if (!contents.ok())
    return contents.status();
  absl::StatusOr<HostTensor> tensor = parseNpy(*contents);
  if (!tensor.ok())
    return absl::Status(
        tensor.status().code(),
        absl::StrCat("'", path, "': ", tensor.status().message()));
  return tensor;
}

std::string serializeNpy(const HostTensor &tensor) {
  const HostTensor *source = &tensor;
  HostTensor widened;
  if (std::string(npyDescr(tensor.dtype)).empty()) {
    // bf16 and f8: every value is exactly representable in f32.
    widened = HostTensor::zeros(DType::F32, tensor.shape);
    for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
      widened.setDouble(i, tensor.getDouble(i));
    source = &widened;
  }
  std::string shape;
  if (source->shape.size() == 1)
    shape = absl::StrCat("(", source->shape[0], ",)");
  else
    shape = absl::StrCat("(", absl::StrJoin(source->shape, ", "), ")");
  std::string header =
      absl::StrCat("{'descr': '", npyDescr(source->dtype),
                   "', 'fortran_order': False, 'shape': ", shape, ", }");
  // Magic (6) + version (2) + length (2) + header + '\n', padded to 64 bytes.
  const size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::string out(kNpyMagic, kNpyMagicSize);
  out.push_back('\x01');
  out.push_back('\x00');
  out.push_back(static_cast<char>(header.size() & 0xFF));
  out.push_back(static_cast<char>(header.size() >> 8));
  out += header;
  out.append(reinterpret_cast<const char *>(source->data.data()),
             source->data.size());
  return out;
}

absl::Status writeNpy(absl::string_view path, const HostTensor &tensor) {
  return writeFile(path, serializeNpy(tensor));
}

absl::Status writeRawBytes(absl::string_view path, const HostTensor &tensor) {
  return writeFile(path, absl::string_view(
                             reinterpret_cast<const char *>(tensor.data.data()),
                             tensor.data.size()));
}

absl::StatusOr<HostTensor> readRawBytes(absl::string_view path, DType dtype,
                                        std::vector<int64_t> shape) {
  absl::StatusOr<std::string> contents = readFile(path);
  if (!contents.ok())
    return contents.status();
  HostTensor tensor = HostTensor::zeros(dtype, std::move(shape));
  if (static_cast<int64_t>(contents->size()) != tensor.byteSize())
    return absl::InvalidArgumentError(
        absl::StrCat("'", path, "' has ", contents->size(), " bytes, but a ",
                     typeString(tensor), " tensor needs ", tensor.byteSize()));
  std::memcpy(tensor.data.data(), contents->data(), contents->size());
  if (dtype == DType::I1)
    for (uint8_t &b : tensor.data)
      b = b != 0;
  return tensor;
}

absl::StatusOr<HostTensor> convertTensor(const HostTensor &tensor, DType to) {
  if (isComplex(tensor.dtype) && !isComplex(to))
    return absl::InvalidArgumentError(
        absl::StrCat("cannot convert ", typeString(tensor), " to ",
                     dtypeName(to), ": it would drop the imaginary part"));
  if (tensor.dtype == to)
    return tensor;
  HostTensor result = HostTensor::zeros(to, tensor.shape);
  const int64_t n = tensor.numElements();
  if (isComplex(to)) {
    for (int64_t i = 0; i < n; ++i)
      result.setComplex(i, tensor.getComplex(i));
  } else if (isInteger(tensor.dtype) && isInteger(to)) {
    for (int64_t i = 0; i < n; ++i)
      result.setInt64(i, tensor.getInt64(i));
  } else {
    for (int64_t i = 0; i < n; ++i)
      result.setDouble(i, tensor.getDouble(i));
  }
  return result;
}

absl::StatusOr<HostTensor> parseTensorLiteral(absl::string_view spec) {
  if (absl::StartsWith(spec, "@")) {
    absl::string_view path = spec.substr(1);
    if (!absl::EndsWith(path, ".npy"))
      return absl::InvalidArgumentError(absl::StrCat(
          "input '", spec,
          "': a file input without a type must be an .npy file; write "
          "TYPE=@file for raw bytes, e.g. 4x2xbf16=@x.bin"));
    return readNpy(path);
  }
  const size_t eq = spec.find('=');
  if (eq == absl::string_view::npos)
    return absl::InvalidArgumentError(absl::StrCat(
        "input '", spec,
        "': expected TYPE=VALUES (e.g. 2x3xf32=1,2,3,4,5,6), TYPE=@file.bin or "
        "@file.npy"));
  absl::string_view typeSpec = absl::StripAsciiWhitespace(spec.substr(0, eq));
  absl::string_view values = spec.substr(eq + 1);
  std::vector<int64_t> shape;
  DType dtype = DType::F32;
  if (absl::Status s = parseTypeSpec(typeSpec, &shape, &dtype); !s.ok())
    return s;
  const std::string type = typeString(shape, dtype);

  if (absl::StartsWith(values, "@")) {
    absl::string_view path = values.substr(1);
    if (!absl::EndsWith(path, ".npy"))
      return readRawBytes(path, dtype, shape);
    absl::StatusOr<HostTensor> tensor = readNpy(path);
    if (!tensor.ok())
      return tensor.status();
    if (absl::Status s = checkShape(*tensor, shape, dtype, path); !s.ok())
      return s;
    if (tensor->dtype == dtype)
      return tensor;
    if (isFloat(tensor->dtype) && isFloat(dtype))
      return convertTensor(*tensor, dtype);
    return absl::InvalidArgumentError(
        absl::StrCat("'", path, "' holds ", dtypeName(tensor->dtype),
                     " elements, expected ", dtypeName(dtype)));
  }

  std::vector<absl::string_view> tokens;
  if (absl::Status s = tokenize(values, &tokens); !s.ok())
    return absl::InvalidArgumentError(
        absl::StrCat("input ", type, ": ", s.message()));
  HostTensor tensor = HostTensor::zeros(dtype, shape);
  const int64_t count = tensor.numElements();
  if (static_cast<int64_t>(tokens.size()) != count)
    return absl::InvalidArgumentError(absl::StrCat(
        "input ", type, ": expected ", count, count == 1 ? " value" : " values",
        ", got ", tokens.size()));
  for (int64_t i = 0; i < count; ++i)
    if (absl::Status s = setElementFromToken(tensor, i, tokens[i]); !s.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("input ", type, ": element ", formatIndex(shape, i),
                       ": ", s.message()));
  return tensor;
}

std::string formatFloat(double value, DType dtype) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  if (dtype == DType::F64)
    return shortestDouble(value);
  if (dtype == DType::F32)
    return shortestFloat(static_cast<float>(value));
  // Integers print exactly (57344, not the shorter 60000 that reads back to
  // it).
  if (std::fabs(value) < 1e16 && std::trunc(value) == value)
    return shortestDouble(value);
  // The fewest significant digits that read back to the same value of `dtype`,
  // then the shortest spelling of that decimal.
  const uint64_t bits = encodeFloat(value, dtype);
  char buffer[64];
  for (int digits = 1; digits <= 17; ++digits) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::scientific, digits - 1);
    double candidate = 0;
    std::from_chars(buffer, result.ptr, candidate);
    if (encodeFloat(candidate, dtype) == bits)
      return shortestDouble(candidate);
  }
  return shortestDouble(value);
}

std::string formatElement(const HostTensor &tensor, int64_t index) {
  const DType type = tensor.dtype;
  if (isFloat(type))
    return formatFloat(tensor.getDouble(index), type);
  if (isComplex(type)) {
    std::complex<double> c = tensor.getComplex(index);
    const DType part = complexElementType(type);
    return absl::StrCat("(", formatFloat(c.real(), part), ",",
                        formatFloat(c.imag(), part), ")");
  }
  if (type == DType::I1)
    return tensor.getBits(index) ? "true" : "false";
  if (isUnsignedInteger(type))
    return absl::StrCat(tensor.getBits(index));
  return absl::StrCat(tensor.getInt64(index));
}

std::string formatTensor(const HostTensor &tensor) {
  std::string out = absl::StrCat(typeString(tensor), "=");
  if (tensor.shape.empty()) {
    out += formatElement(tensor, 0);
    return out;
  }
  const size_t rank = tensor.shape.size();
  int64_t next = 0;
  // Recursive walk over the dimensions, printing `[...]` per dimension.
  auto walk = [&](auto &self, size_t dim) -> void {
    out.push_back('[');
    for (int64_t j = 0; j < tensor.shape[dim]; ++j) {
      if (dim + 1 == rank) {
        if (j > 0)
          out.push_back(' ');
        out += formatElement(tensor, next++);
      } else {
        self(self, dim + 1);
      }
    }
    out.push_back(']');
  };
  walk(walk, 0);
  return out;
}

HostTensor randomTensor(DType dtype, std::vector<int64_t> shape, uint64_t seed,
                        int argIndex) {
  HostTensor tensor = HostTensor::zeros(dtype, std::move(shape));
  uint64_t mix = seed;
  const uint64_t seedWord = splitmix64(mix);
  Xoshiro256 rng(seedWord ^
                 (static_cast<uint64_t>(static_cast<uint32_t>(argIndex)) *
                  0xD1B54A32D192ED03ull));
  const int64_t n = tensor.numElements();
  if (isFloat(dtype) || isComplex(dtype)) {
    NormalStream normal(rng);
    for (int64_t i = 0; i < n; ++i) {
      if (isComplex(dtype)) {
        const double re = normal.next();
        tensor.setComplex(i, {re, normal.next()});
      } else {
        tensor.setDouble(i, normal.next());
      }
    }
  } else if (dtype == DType::I1) {
    for (int64_t i = 0; i < n; ++i)
      tensor.setBits(i, rng.next() >> 63);
  } else {
    for (int64_t i = 0; i < n; ++i)
      tensor.setBits(i, rng.next() >> 61);
  }
  return tensor;
}

} // namespace systole

namespace systole {
std::string summarizeTensor(const HostTensor &tensor) {
  int64_t n = tensor.numElements();
  int64_t nonFinite = 0, finite = 0;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = isComplex(tensor.dtype) ? std::abs(tensor.getComplex(i))
                                       : tensor.getDouble(i);
    if (!std::isfinite(v)) {
      ++nonFinite;
      continue;
    }
    ++finite;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
  }
  std::string out = typeString(tensor);
  if (finite > 0)
    absl::StrAppend(&out, " min=", formatFloat(lo, DType::F64),
                    " max=", formatFloat(hi, DType::F64),
                    " mean=", formatFloat(sum / finite, DType::F64));
  absl::StrAppend(&out, " nonfinite=", nonFinite);
  return out;
}
} // namespace systole
