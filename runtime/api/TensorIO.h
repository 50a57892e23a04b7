//===- TensorIO.h - Reading, writing and printing tensors -------*- C++ -*-===//
//
// Everything `systole-run` does with tensors at its boundary (DESIGN section
// 7):
// `--input` literals, .npy files, raw bytes, the printed form of results, float
// conversions of inputs and deterministic random inputs.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_RUNTIME_API_TENSORIO_H
#define SYSTOLE_RUNTIME_API_TENSORIO_H

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/api/HostTensor.h"

namespace systole {

/// Parses an `--input` value (DESIGN section 7). Forms:
///  * `2x3xf32=1,2,3,4,5,6`: the type (dims then an MLIR dtype name; `f32=1.5`
///  is a
///    scalar) and exactly numElements() values in row-major order, separated by
///    commas and/or spaces; `[` and `]` are ignored, so formatTensor's output
///    parses back. Float values: decimal (rounded once to the dtype, nearest
///    even; f32 straight from the decimal string), `nan`, `inf`, `-inf`.
///    Integers: decimal, in the dtype's range. i1: `true`, `false` (any case),
///    `1`, `0`. Complex: `(re,im)` or a real value. Any dtype: a hex bit
///    pattern `0x7fc00000` that fits the element width.
///  * `4x2xbf16=@x.bin`: the raw little-endian bytes of the tensor; the file
///  size must
///    be exactly the tensor's byte size.
///  * `2x3xf32=@x.npy`: an .npy file whose shape must match; a float file is
///  converted
///    to a different float dtype (round to nearest even), other dtype
///    mismatches fail.
///  * `@x.npy`: dtype and shape from the file.
/// Errors: InvalidArgumentError naming the problem (bad type, wrong value
/// count, bad value, size mismatch); NotFoundError for a missing file.
absl::StatusOr<HostTensor> parseTensorLiteral(absl::string_view spec);

/// Reads a NumPy .npy file (format versions 1.0, 2.0 and 3.0; C order only).
/// dtypes: <f8 <f4 <f2 <i8 <i4 <i2 |i1 <u8 <u4 <u2 |u1 |b1 <c8 <c16, and their
/// big-endian `>` forms (byte-swapped on load). Errors: NotFoundError (cannot
/// open), InvalidArgumentError (not .npy, unsupported dtype, fortran_order
/// True, truncated or oversized data).
absl::StatusOr<HostTensor> readNpy(absl::string_view path);
/// The same from the bytes of a file.
absl::StatusOr<HostTensor> parseNpy(absl::string_view bytes);

/// Writes `tensor` as a version 1.0 .npy file (header padded to 64 bytes). bf16
/// and f8 tensors, which NumPy cannot hold, are widened exactly to <f4; i1 is
/// written as |b1. Errors: the errno-derived status of a failed open or write.
absl::Status writeNpy(absl::string_view path, const HostTensor &tensor);
/// The bytes writeNpy writes.
std::string serializeNpy(const HostTensor &tensor);

/// Writes the tensor's packed little-endian bytes (`data`) to `path`, no
/// header.
absl::Status writeRawBytes(absl::string_view path, const HostTensor &tensor);
/// Reads a raw-bytes file as a tensor of `dtype` and `shape`. Errors:
/// NotFoundError, InvalidArgumentError when the file size is not the tensor's
/// byte size.
absl::StatusOr<HostTensor> readRawBytes(absl::string_view path, DType dtype,
                                        std::vector<int64_t> shape);

/// Converts element-wise to dtype `to`: float -> float rounds once to nearest
/// even (overflow to inf, or NaN for f8E4M3FN); integer -> integer wraps modulo
/// 2^bits; integer -> float rounds; float -> integer truncates toward zero and
/// wraps (NaN and inf give 0); real -> complex has imaginary part 0; complex ->
/// complex rounds both parts. Errors: InvalidArgumentError for complex -> real
/// (it would drop the imaginary part).
absl::StatusOr<HostTensor> convertTensor(const HostTensor &tensor, DType to);

/// The printed form of DESIGN section 7: `2x3xf32=[[1 2 3][4 5 6]]`, a scalar
/// as `f32=1.5`. Floats use the shortest decimal that reads back to the same
/// value of the tensor's own dtype (`0.1` for bf16 0x3DCD; integral values
/// below 1e16 print exactly, `57344` rather than `60000`), `nan`, `inf`,
/// `-inf`; i1 prints `true`/`false`; complex `(re,im)`. Every element is
/// printed (no elision).
std::string formatTensor(const HostTensor &tensor);
/// A one-line summary for large results: `8x1000xbf16 min=-1.5 max=2
/// mean=0.01 nonfinite=0` (real types; complex summarises |z|; integer
/// types print min/max/mean of their values).
std::string summarizeTensor(const HostTensor &tensor);
/// One element of `tensor` as formatTensor prints it.
std::string formatElement(const HostTensor &tensor, int64_t index);
/// A value of a real float dtype, printed as formatTensor does (shortest round
/// trip in that dtype).
std::string formatFloat(double value, DType dtype);

/// A deterministic pseudo-random tensor, the same bits on every run and machine
/// for the same (seed, argIndex): floats (and both parts of complex values) are
/// normal(0, 1) samples from a Box-Muller transform over a xoshiro256** stream
/// seeded through splitmix64 from (seed, argIndex), rounded to the dtype;
/// integers are uniform in 0..7; i1 uniform booleans. Only +, -, *, / and sqrt
/// are used (no libm transcendentals, whose last bits differ between machines).
HostTensor randomTensor(DType dtype, std::vector<int64_t> shape, uint64_t seed,
                        int argIndex);

} // namespace systole

#endif // SYSTOLE_RUNTIME_API_TENSORIO_H
