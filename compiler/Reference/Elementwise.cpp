//===- Elementwise.cpp - reference semantics of elementwise ops -----------===//
//
// stablehlo elementwise ops (spec: abs ... xor, compare, select, clamp,
// convert, bitcast_convert, reduce_precision, complex, real, imag,
// is_finite) and the chlo math ops. Numerics as described in Internal.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/Reference/Internal.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;

namespace systole::reference::detail {
namespace {

namespace sh = systole::stablehlo;
namespace ch = systole::chlo;

int bitWidthOf(DType t) { return t == DType::I1 ? 1 : byteWidth(t) * 8; }

//===----------------------------------------------------------------------===//
// Special functions, evaluated in double (accurate to a few ulps of double, so
// a single rounding to f32 gives the correctly rounded value almost always).
//===----------------------------------------------------------------------===//

double digammaD(double x) {
  if (std::isnan(x) || x == -INFINITY)
    return NAN;
  if (x == INFINITY)
    return INFINITY;
  double result = 0;
  if (x <= 0) {
    if (x == std::floor(x))
      return NAN; // poles (XLA returns NaN at non-positive integers)
    // Reflection: psi(1 - x) - psi(x) = pi / tan(pi x).
    double r = std::remainder(x, 1.0);
    result = -M_PI / std::tan(M_PI * r);
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  double x2 = 1 / (x * x);
  // Asymptotic series: ln x - 1/2x - sum B2k / (2k x^2k).
  double series =
      x2 *
      (1.0 / 12 -
       x2 * (1.0 / 120 -
             x2 * (1.0 / 252 -
                   x2 * (1.0 / 240 - x2 * (1.0 / 132 - x2 * (691.0 / 32760 -
                                                             x2 / 12.0))))));
  return result + std::log(x) - 0.5 / x - series;
}

/// Hurwitz zeta(s, q) for s > 1 by Euler-Maclaurin summation.
double zetaD(double s, double q) {
  if (std::isnan(s) || std::isnan(q))
    return NAN;
  if (s == 1)
    return INFINITY;
  if (s < 1)
    return NAN;
  if (q <= 0) {
    if (q == std::floor(q))
      return INFINITY;
    return NAN; // XLA: undefined for q <= 0 unless s is an integer
  }
  const int n = 12;
  double sum = 0;
  for (int k = 0; k < n; ++k)
    sum += std::pow(q + k, -s);
  double a = q + n;
  sum += std::pow(a, 1 - s) / (s - 1) + 0.5 * std::pow(a, -s);
  // Bernoulli terms B2j/(2j)! * s(s+1)...(s+2j-2) a^(-s-2j+1).
  static const double b2j[] = {
      1.0 / 6,       -1.0 / 30, 1.0 / 42,      -1.0 / 30,     5.0 / 66,
      -691.0 / 2730, 7.0 / 6,   -3617.0 / 510, 43867.0 / 798, -174611.0 / 330};
  double fact = 1, poch = s, apow = std::pow(a, -s - 1);
  for (int j = 1; j <= 10; ++j) {
    fact *= (2 * j - 1) * (2 * j);
    double term = b2j[j - 1] / fact * poch * apow;
    sum += term;
    poch *= (s + 2 * j - 1) * (s + 2 * j);
    apow /= a * a;
    if (std::fabs(term) < 1e-17 * std::fabs(sum))
      break;
  }
  return sum;
}

double polygammaD(double n, double x) {
  if (n != std::floor(n) || n < 0)
    return NAN;
  if (n == 0)
    return digammaD(x);
  double fact = std::tgamma(n + 1);
  double sign = std::fmod(n + 1, 2) == 0 ? 1 : -1;
  return sign * fact * zetaD(n + 1, x);
}

double erfInvD(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return NAN;
  if (y == 1)
    return INFINITY;
  if (y == -1)
    return -INFINITY;
  if (y == 0)
    return y;
  // Newton's method on erf (on erfc near +-1, for relative accuracy) from
  // a start below the root; erf is concave on x > 0 so the iterates
  // converge monotonically.
  double a = std::fabs(y);
  double x = a < 0.5 ? a * std::sqrt(M_PI) / 2
                     : 0.9 * std::sqrt(-std::log((1 - a) * (1 + a)));
  for (int i = 0; i < 100; ++i) {
    double err = a > 0.5 ? -(std::erfc(x) - (1 - a)) : std::erf(x) - a;
    double step = err / (2 / std::sqrt(M_PI) * std::exp(-x * x));
    x -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(x))
      break;
  }
  return y < 0 ? -x : x;
}

/// exp(-|x|) I1(x).
double besselI1eD(double x) {
  if (std::isnan(x))
    return NAN;
  double ax = std::fabs(x);
  double r;
  if (ax == INFINITY) {
    r = 0;
  } else if (ax <= 40) {
    // Power series sum (x/2)^(2k+1) / (k! (k+1)!).
    double h = ax / 2, term = h, sum = term, q = h * h;
    for (int k = 1; k < 500; ++k) {
      term *= q / (k * (k + 1.0));
      sum += term;
      if (term < 1e-18 * sum)
        break;
    }
    r = sum * std::exp(-ax);
  } else {
    // Asymptotic: 1/sqrt(2 pi x) * sum (-1)^k a_k(1) / x^k.
    double sum = 1, term = 1;
    for (int k = 1; k < 60; ++k) {
      double f = (4.0 - (2.0 * k - 1) * (2.0 * k - 1)) / (k * 8.0 * ax);
      double next = -term * f;
      if (std::fabs(next) > std::fabs(term))
        break;
      term = next;
      sum += term;
      if (std::fabs(term) < 1e-18)
        break;
    }
    r = sum / std::sqrt(2 * M_PI * ax);
  }
  return x < 0 ? -r : r;
}

double lgammaD(double x) {
  if (std::isinf(x))
    return INFINITY;
  return std::lgamma(x);
}

//===----------------------------------------------------------------------===//
// Float unary ops
//===----------------------------------------------------------------------===//

enum class U {
  Abs,
  Cbrt,
  Ceil,
  Cos,
  Exp,
  Expm1,
  Floor,
  Log,
  Log1p,
  Logistic,
  Neg,
  RoundAfz,
  RoundEven,
  Rsqrt,
  Sign,
  Sin,
  Sqrt,
  Tan,
  Tanh,
  Acos,
  Acosh,
  Asin,
  Asinh,
  Atan,
  Atanh,
  Cosh,
  Sinh,
  Square,
  Erf,
  Erfc,
  ErfInv,
  Lgamma,
  Digamma,
  BesselI1e,
  Conj,
  Not,
  Popcnt,
  Clz,
};

template <typename T> T unaryReal(U k, T x) {
  switch (k) {
  case U::Abs:
    return std::fabs(x);
  case U::Cbrt:
    return std::cbrt(x);
  case U::Ceil:
    return std::ceil(x);
  case U::Cos:
    return std::cos(x);
  case U::Exp:
    return std::exp(x);
  case U::Expm1:
    return std::expm1(x);
  case U::Floor:
    return std::floor(x);
  case U::Log:
    return std::log(x);
  case U::Log1p:
    return std::log1p(x);
  case U::Logistic:
    return T(1) / (T(1) + std::exp(-x));
  case U::Neg:
    return -x;
  case U::RoundAfz:
    return std::round(x);
  case U::RoundEven:
    return std::nearbyint(x);
  case U::Rsqrt:
    return T(1) / std::sqrt(x);
  case U::Sign:
    if (std::isnan(x) || x == 0)
      return x;
    return x > 0 ? T(1) : T(-1);
  case U::Sin:
    return std::sin(x);
  case U::Sqrt:
    return std::sqrt(x);
  case U::Tan:
    return std::tan(x);
  case U::Tanh:
    return std::tanh(x);
  case U::Acos:
    return std::acos(x);
  case U::Acosh:
    return std::acosh(x);
  case U::Asin:
    return std::asin(x);
  case U::Asinh:
    return std::asinh(x);
  case U::Atan:
    return std::atan(x);
  case U::Atanh:
    return std::atanh(x);
  case U::Cosh:
    return std::cosh(x);
  case U::Sinh:
    // chlo's decomposition for |x| >= 1 (avoids the overflow of e^x / 2):
    // e^(x + log(1/2)) - e^(-x + log(1/2)), in the element's precision.
    if (std::fabs(x) >= T(1)) {
      const T logHalf = std::log(T(0.5));
      return std::exp(x + logHalf) - std::exp(-x + logHalf);
    }
    return std::sinh(x);
  case U::Square:
    return x * x;
  case U::Erf:
    return std::erf(x);
  case U::Erfc:
    return std::erfc(x);
  case U::ErfInv:
    return static_cast<T>(erfInvD(x));
  case U::Lgamma:
    return static_cast<T>(lgammaD(x));
  case U::Digamma:
    return static_cast<T>(digammaD(x));
  case U::BesselI1e:
    return static_cast<T>(besselI1eD(x));
  case U::Conj:
    return x;
  default:
    return NAN;
  }
}

template <typename T>
std::optional<std::complex<T>> unaryComplex(U k, std::complex<T> z) {
  switch (k) {
  case U::Cos:
    return std::cos(z);
  case U::Exp:
    return std::exp(z);
  case U::Expm1: {
    // exp(z) - 1 accurately for small |z|.
    T er = std::expm1(z.real());
    T c = std::cos(z.imag()), s = std::sin(z.imag());
    T cm1 = -T(2) * std::sin(z.imag() / 2) * std::sin(z.imag() / 2);
    return std::complex<T>(er * c + cm1, (er + 1) * s);
  }
  case U::Log:
    return std::log(z);
  case U::Log1p: {
    T x = z.real(), y = z.imag();
    T re = T(0.5) * std::log1p(x * (2 + x) + y * y);
    if (std::fabs(x) > T(0.5) || std::fabs(y) > T(0.5))
      re = std::log(std::abs(z + T(1)));
    return std::complex<T>(re, std::atan2(y, x + 1));
  }
  case U::Logistic:
    return T(1) / (T(1) + std::exp(-z));
  case U::Neg:
    return -z;
  case U::Rsqrt:
    return T(1) / std::sqrt(z);
  case U::Sign:
    if (std::isnan(z.real()) || std::isnan(z.imag()))
      return std::complex<T>(NAN, NAN);
    if (z == std::complex<T>(0))
      return z;
    return z / std::abs(z);
  case U::Sin:
    return std::sin(z);
  case U::Sqrt:
    return std::sqrt(z);
  case U::Tan:
    return std::tan(z);
  case U::Tanh:
    return std::tanh(z);
  case U::Acos:
    return std::acos(z);
  case U::Acosh:
    return std::acosh(z);
  case U::Asin:
    return std::asin(z);
  case U::Asinh:
    return std::asinh(z);
  case U::Atan:
    return std::atan(z);
  case U::Atanh:
    return std::atanh(z);
  case U::Cosh:
    return std::cosh(z);
  case U::Sinh:
    return std::sinh(z);
  case U::Square:
    return z * z;
  case U::Conj:
    return std::conj(z);
  default:
    return std::nullopt;
  }
}

std::optional<U> unaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<U>>(op)
      .Case<sh::AbsOp>([](auto) { return U::Abs; })
      .Case<sh::CbrtOp>([](auto) { return U::Cbrt; })
      .Case<sh::CeilOp>([](auto) { return U::Ceil; })
      .Case<sh::CosineOp>([](auto) { return U::Cos; })
      .Case<sh::ExponentialOp>([](auto) { return U::Exp; })
      .Case<sh::ExponentialMinusOneOp>([](auto) { return U::Expm1; })
      .Case<sh::FloorOp>([](auto) { return U::Floor; })
      .Case<sh::LogOp>([](auto) { return U::Log; })
      .Case<sh::LogPlusOneOp>([](auto) { return U::Log1p; })
      .Case<sh::LogisticOp>([](auto) { return U::Logistic; })
      .Case<sh::NegateOp>([](auto) { return U::Neg; })
      .Case<sh::RoundNearestAfzOp>([](auto) { return U::RoundAfz; })
      .Case<sh::RoundNearestEvenOp>([](auto) { return U::RoundEven; })
      .Case<sh::RsqrtOp>([](auto) { return U::Rsqrt; })
      .Case<sh::SignOp>([](auto) { return U::Sign; })
      .Case<sh::SineOp>([](auto) { return U::Sin; })
      .Case<sh::SqrtOp>([](auto) { return U::Sqrt; })
      .Case<sh::TanOp, ch::TanOp>([](auto) { return U::Tan; })
      .Case<sh::TanhOp>([](auto) { return U::Tanh; })
      .Case<sh::NotOp>([](auto) { return U::Not; })
      .Case<sh::PopcntOp>([](auto) { return U::Popcnt; })
      .Case<sh::CountLeadingZerosOp>([](auto) { return U::Clz; })
      .Case<ch::AcosOp>([](auto) { return U::Acos; })
      .Case<ch::AcoshOp>([](auto) { return U::Acosh; })
      .Case<ch::AsinOp>([](auto) { return U::Asin; })
      .Case<ch::AsinhOp>([](auto) { return U::Asinh; })
      .Case<ch::AtanOp>([](auto) { return U::Atan; })
      .Case<ch::AtanhOp>([](auto) { return U::Atanh; })
      .Case<ch::CoshOp>([](auto) { return U::Cosh; })
      .Case<ch::SinhOp>([](auto) { return U::Sinh; })
      .Case<ch::SquareOp>([](auto) { return U::Square; })
      .Case<ch::ErfOp>([](auto) { return U::Erf; })
      .Case<ch::ErfcOp>([](auto) { return U::Erfc; })
      .Case<ch::ErfInvOp>([](auto) { return U::ErfInv; })
      .Case<ch::LgammaOp>([](auto) { return U::Lgamma; })
      .Case<ch::DigammaOp>([](auto) { return U::Digamma; })
      .Case<ch::BesselI1eOp>([](auto) { return U::BesselI1e; })
      .Case<ch::ConjOp>([](auto) { return U::Conj; })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<Results> unsupported(Operation *op, DType dt, const char *why = "") {
  op->emitError() << "reference interpreter: '" << op->getName()
                  << "' is not supported for element type "
                  << std::string(dtypeName(dt)) << why;
  return failure();
}

Results single(HostTensor t) { return Results{Value::ofTensor(std::move(t))}; }

/// Wraps `v` to the signed/unsigned range of `dt` (as toInts would read it).
int64_t wrapTo(int64_t v, DType dt) {
  switch (dt) {
  case DType::I32:
    return static_cast<int32_t>(v);
  case DType::U32:
    return static_cast<uint32_t>(v);
  case DType::I16:
    return static_cast<int16_t>(v);
  case DType::U16:
    return static_cast<uint16_t>(v);
  case DType::I8:
    return static_cast<int8_t>(v);
  case DType::U8:
    return static_cast<uint8_t>(v);
  case DType::I1:
    return v & 1;
  default:
    return v;
  }
}

FailureOr<Results> evalUnary(Operation *op, U k, const HostTensor &x,
                             DType resultType) {
  const DType dt = x.dtype;
  HostTensor out = makeTensor(resultType, x.shape);
  const int64_t n = x.numElements();
  if (isFloat(dt)) {
    if (k == U::Not || k == U::Popcnt || k == U::Clz)
      return unsupported(op, dt);
    std::vector<double> v = toDoubles(x);
    if (dt == DType::F64) {
      for (double &e : v)
        e = unaryReal<double>(k, e);
    } else {
      for (double &e : v)
        e = unaryReal<float>(k, static_cast<float>(e));
    }
    storeDoubles(out, v);
    return single(std::move(out));
  }
  if (isComplex(dt)) {
    std::vector<std::complex<double>> v = toComplex(x);
    if (k == U::Abs) {
      std::vector<double> r(n);
      for (int64_t i = 0; i < n; ++i)
        r[i] = dt == DType::C64
                   ? std::abs(std::complex<float>(v[i].real(), v[i].imag()))
                   : std::abs(v[i]);
      storeDoubles(out, r);
      return single(std::move(out));
    }
    for (auto &e : v) {
      {
        auto r = unaryComplex<double>(k, e);
        if (!r)
          return unsupported(op, dt);
        e = *r;
      }
    }
    storeComplex(out, v);
    return single(std::move(out));
  }
  // Integers.
  std::vector<int64_t> v = toInts(x);
  const int bits = bitWidthOf(dt);
  const uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
  for (int64_t &e : v) {
    uint64_t u = static_cast<uint64_t>(e) & mask;
    switch (k) {
    case U::Abs:
      e = isUnsignedInteger(dt)
              ? e
              : static_cast<int64_t>(e < 0 ? 0 - static_cast<uint64_t>(e)
                                           : static_cast<uint64_t>(e));
      break;
    case U::Neg:
      e = static_cast<int64_t>(0 - static_cast<uint64_t>(e));
      break;
    case U::Not:
      e = dt == DType::I1 ? !e : ~e;
      break;
    case U::Popcnt:
      e = __builtin_popcountll(u);
      break;
    case U::Clz:
      e = u == 0 ? bits : __builtin_clzll(u) - (64 - bits);
      break;
    case U::Sign:
      if (isUnsignedInteger(dt) || dt == DType::I1)
        e = e != 0;
      else
        e = (e > 0) - (e < 0);
      break;
    case U::Square:
      e = static_cast<int64_t>(static_cast<uint64_t>(e) *
                               static_cast<uint64_t>(e));
      break;
    case U::Conj:
      break;
    default:
      return unsupported(op, dt);
    }
  }
  storeInts(out, v);
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

enum class B {
  Add,
  Atan2,
  Div,
  Max,
  Min,
  Mul,
  Pow,
  Rem,
  Shl,
  Shra,
  Shrl,
  Sub,
  And,
  Or,
  Xor,
  NextAfter,
  Polygamma,
  Zeta,
};

std::optional<B> binaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<B>>(op)
      .Case<sh::AddOp>([](auto) { return B::Add; })
      .Case<sh::Atan2Op>([](auto) { return B::Atan2; })
      .Case<sh::DivideOp>([](auto) { return B::Div; })
      .Case<sh::MaximumOp>([](auto) { return B::Max; })
      .Case<sh::MinimumOp>([](auto) { return B::Min; })
      .Case<sh::MultiplyOp>([](auto) { return B::Mul; })
      .Case<sh::PowerOp>([](auto) { return B::Pow; })
      .Case<sh::RemainderOp>([](auto) { return B::Rem; })
      .Case<sh::ShiftLeftOp>([](auto) { return B::Shl; })
      .Case<sh::ShiftRightArithmeticOp>([](auto) { return B::Shra; })
      .Case<sh::ShiftRightLogicalOp>([](auto) { return B::Shrl; })
      .Case<sh::SubtractOp>([](auto) { return B::Sub; })
      .Case<sh::AndOp>([](auto) { return B::And; })
      .Case<sh::OrOp>([](auto) { return B::Or; })
      .Case<sh::XorOp>([](auto) { return B::Xor; })
      .Case<ch::NextAfterOp>([](auto) { return B::NextAfter; })
      .Case<ch::PolygammaOp>([](auto) { return B::Polygamma; })
      .Case<ch::ZetaOp>([](auto) { return B::Zeta; })
      .Default([](Operation *) { return std::nullopt; });
}

template <typename T> T binaryReal(B k, T a, T b, bool &ok) {
  switch (k) {
  case B::Add:
    return a + b;
  case B::Sub:
    return a - b;
  case B::Mul:
    return a * b;
  case B::Div:
    return a / b;
  case B::Atan2:
    return std::atan2(a, b);
  case B::Max:
    if (std::isnan(a) || std::isnan(b))
      return NAN;
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  case B::Min:
    if (std::isnan(a) || std::isnan(b))
      return NAN;
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  case B::Pow:
    return std::pow(a, b);
  case B::Rem:
    return std::fmod(a, b);
  case B::Polygamma:
    return static_cast<T>(polygammaD(a, b));
  case B::Zeta:
    return static_cast<T>(zetaD(a, b));
  default:
    ok = false;
    return 0;
  }
}

/// next_after on the bit patterns of float dtype `dt`.
uint64_t nextAfterBits(uint64_t xb, uint64_t yb, DType dt) {
  double x = decodeFloat(xb, dt), y = decodeFloat(yb, dt);
  if (std::isnan(x))
    return xb;
  if (std::isnan(y))
    return yb;
  if (x == y)
    return yb;
  const int bits = byteWidth(dt) * 8;
  const uint64_t sign = 1ull << (bits - 1);
  if (x == 0)
    return (std::signbit(y) ? sign : 0) | 1;
  bool up = (y > x) == (x > 0); // magnitude grows
  return up ? xb + 1 : xb - 1;
}

int64_t intBinary(B k, int64_t a, int64_t b, DType dt, bool &ok) {
  const bool u = isUnsignedInteger(dt) || dt == DType::I1;
  const int bits = bitWidthOf(dt);
  const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  const uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
  switch (k) {
  case B::Add:
    return static_cast<int64_t>(ua + ub);
  case B::Sub:
    return static_cast<int64_t>(ua - ub);
  case B::Mul:
    return static_cast<int64_t>(ua * ub);
  case B::Div:
    if (b == 0)
      return -1; // all bits set (XLA)
    if (u)
      return static_cast<int64_t>((ua & mask) / (ub & mask));
    if (a == std::numeric_limits<int64_t>::min() && b == -1)
      return a;
    return a / b;
  case B::Rem:
    if (b == 0)
      return a;
    if (u)
      return static_cast<int64_t>((ua & mask) % (ub & mask));
    if (b == -1)
      return 0;
    return a % b;
  case B::Max:
    if (u)
      return (ua & mask) > (ub & mask) ? a : b;
    return std::max(a, b);
  case B::Min:
    if (u)
      return (ua & mask) < (ub & mask) ? a : b;
    return std::min(a, b);
  case B::And:
    return a & b;
  case B::Or:
    return a | b;
  case B::Xor:
    return a ^ b;
  case B::Shl:
    if ((ub & mask) >= static_cast<uint64_t>(bits))
      return 0;
    return static_cast<int64_t>(ua << (ub & mask));
  case B::Shrl:
    if ((ub & mask) >= static_cast<uint64_t>(bits))
      return 0;
    return static_cast<int64_t>((ua & mask) >> (ub & mask));
  case B::Shra: {
    uint64_t s = ub & mask;
    if (s >= static_cast<uint64_t>(bits))
      s = bits - 1;
    // Sign-extend from `bits` first (toInts already does for signed types;
    // unsigned types are shifted as their signed counterpart).
    int64_t sa =
        bits == 64 ? a : static_cast<int64_t>(ua << (64 - bits)) >> (64 - bits);
    return sa >> s;
  }
  case B::Pow: {
    if (!u && b < 0) {
      if (a == 1)
        return 1;
      if (a == -1)
        return (b & 1) ? -1 : 1;
      return 0;
    }
    uint64_t result = 1, base = ua, e = ub & mask;
    while (e) {
      if (e & 1)
        result *= base;
      base *= base;
      e >>= 1;
    }
    return static_cast<int64_t>(result);
  }
  default:
    ok = false;
    return 0;
  }
}

/// Broadcasts rank-0 `t` to `n` elements in compute arrays (select/clamp).
template <typename V> V expand(V v, int64_t n) {
  if (static_cast<int64_t>(v.size()) == n)
    return v;
  return V(n, v.empty() ? typename V::value_type() : v[0]);
}

FailureOr<Results> evalBinary(Operation *op, B k, const HostTensor &a,
                              const HostTensor &b, DType resultType) {
  const DType dt = a.dtype;
  const int64_t n = a.numElements();
  if (b.dtype != dt || b.numElements() != n) {
    op->emitError() << "reference interpreter: operand types differ";
    return failure();
  }
  HostTensor out = makeTensor(resultType, a.shape);
  bool ok = true;
  if (isFloat(dt)) {
    if (k == B::NextAfter) {
      for (int64_t i = 0; i < n; ++i)
        out.setBits(i, nextAfterBits(a.getBits(i), b.getBits(i), dt));
      return single(std::move(out));
    }
    std::vector<double> x = toDoubles(a), y = toDoubles(b);
    if (dt == DType::F64) {
      for (int64_t i = 0; i < n && ok; ++i)
        x[i] = binaryReal<double>(k, x[i], y[i], ok);
    } else {
      for (int64_t i = 0; i < n && ok; ++i)
        x[i] = binaryReal<float>(k, static_cast<float>(x[i]),
                                 static_cast<float>(y[i]), ok);
    }
    if (!ok)
      return unsupported(op, dt);
    storeDoubles(out, x);
    return single(std::move(out));
  }
  if (isComplex(dt)) {
    std::vector<std::complex<double>> x = toComplex(a), y = toComplex(b);
    for (int64_t i = 0; i < n; ++i) {
      auto compute = [&](auto p, auto q) -> decltype(p) {
        switch (k) {
        case B::Add:
          return p + q;
        case B::Sub:
          return p - q;
        case B::Mul:
          return p * q;
        case B::Div:
          return p / q;
        case B::Pow:
          if (q == decltype(q)(0))
            return decltype(p)(1);
          return std::pow(p, q);
        default:
          ok = false;
          return p;
        }
      };
      if (dt == DType::C64) {
        std::complex<float> p(x[i].real(), x[i].imag()),
            q(y[i].real(), y[i].imag());
        x[i] = compute(p, q);
      } else {
        x[i] = compute(x[i], y[i]);
      }
      if (!ok)
        return unsupported(op, dt);
    }
    storeComplex(out, x);
    return single(std::move(out));
  }
  std::vector<int64_t> x = toInts(a), y = toInts(b);
  if (dt == DType::I1) {
    for (int64_t i = 0; i < n && ok; ++i) {
      switch (k) {
      case B::And:
      case B::Mul:
      case B::Min:
        x[i] = x[i] & y[i];
        break;
      case B::Or:
      case B::Max:
      case B::Add:
        x[i] = x[i] | y[i];
        break;
      case B::Xor:
      case B::Sub:
        x[i] = x[i] ^ y[i];
        break;
      default:
        ok = false;
      }
    }
  } else {
    for (int64_t i = 0; i < n && ok; ++i)
      x[i] = intBinary(k, x[i], y[i], dt, ok);
  }
  if (!ok)
    return unsupported(op, dt);
  storeInts(out, x);
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// compare, select, clamp
//===----------------------------------------------------------------------===//

/// A key whose signed order is the IEEE total order of float bits.
int64_t totalOrderKey(uint64_t bits, DType dt) {
  const int w = byteWidth(dt) * 8;
  int64_t s = w == 64 ? static_cast<int64_t>(bits)
                      : static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
  return s < 0 ? (s ^ std::numeric_limits<int64_t>::max()) : s;
}

template <typename T> bool cmp(sh::ComparisonDirection d, T a, T b) {
  switch (d) {
  case sh::ComparisonDirection::EQ:
    return a == b;
  case sh::ComparisonDirection::NE:
    return a != b;
  case sh::ComparisonDirection::GE:
    return a >= b;
  case sh::ComparisonDirection::GT:
    return a > b;
  case sh::ComparisonDirection::LE:
    return a <= b;
  case sh::ComparisonDirection::LT:
    return a < b;
  }
  return false;
}

FailureOr<Results> evalCompare(sh::CompareOp op, const HostTensor &a,
                               const HostTensor &b) {
  const DType dt = a.dtype;
  const int64_t n = a.numElements();
  HostTensor out = makeTensor(DType::I1, a.shape);
  auto dir = op.getComparisonDirection();
  auto ct = op.getCompareType();
  if (isFloat(dt)) {
    if (ct && *ct == sh::ComparisonType::TOTALORDER) {
      for (int64_t i = 0; i < n; ++i)
        out.data[i] = cmp(dir, totalOrderKey(a.getBits(i), dt),
                          totalOrderKey(b.getBits(i), dt));
    } else {
      std::vector<double> x = toDoubles(a), y = toDoubles(b);
      for (int64_t i = 0; i < n; ++i)
        out.data[i] = cmp(dir, x[i], y[i]);
    }
  } else if (isComplex(dt)) {
    auto x = toComplex(a), y = toComplex(b);
    for (int64_t i = 0; i < n; ++i) {
      if (dir == sh::ComparisonDirection::EQ)
        out.data[i] = x[i] == y[i];
      else if (dir == sh::ComparisonDirection::NE)
        out.data[i] = x[i] != y[i];
      else // lexicographic order
        out.data[i] = x[i].real() != y[i].real()
                          ? cmp(dir, x[i].real(), y[i].real())
                          : cmp(dir, x[i].imag(), y[i].imag());
    }
  } else {
    std::vector<int64_t> x = toInts(a), y = toInts(b);
    bool u = isUnsignedInteger(dt) || dt == DType::I1 ||
             (ct && *ct == sh::ComparisonType::UNSIGNED);
    for (int64_t i = 0; i < n; ++i)
      out.data[i] =
          u ? cmp(dir, static_cast<uint64_t>(x[i]), static_cast<uint64_t>(y[i]))
            : cmp(dir, x[i], y[i]);
  }
  return single(std::move(out));
}

FailureOr<Results> evalSelect(const HostTensor &pred, const HostTensor &t,
                              const HostTensor &f) {
  HostTensor out = makeTensor(t.dtype, t.shape);
  const int64_t n = t.numElements();
  const int64_t w = byteWidth(t.dtype);
  const bool scalar = pred.numElements() == 1 && n != 1;
  for (int64_t i = 0; i < n; ++i) {
    bool p = pred.data[scalar ? 0 : i] != 0;
    std::memcpy(out.data.data() + i * w, (p ? t : f).data.data() + i * w, w);
  }
  return single(std::move(out));
}

FailureOr<Results> evalClamp(Operation *op, const HostTensor &lo,
                             const HostTensor &x, const HostTensor &hi) {
  const int64_t n = x.numElements();
  HostTensor out = makeTensor(x.dtype, x.shape);
  const DType dt = x.dtype;
  bool ok = true;
  if (isFloat(dt)) {
    auto l = expand(toDoubles(lo), n), v = toDoubles(x),
         h = expand(toDoubles(hi), n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = binaryReal<double>(
          B::Min, binaryReal<double>(B::Max, v[i], l[i], ok), h[i], ok);
    storeDoubles(out, v);
  } else if (isComplex(dt)) {
    return unsupported(op, dt);
  } else {
    auto l = expand(toInts(lo), n), v = toInts(x), h = expand(toInts(hi), n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = intBinary(B::Min, intBinary(B::Max, v[i], l[i], dt, ok), h[i], dt,
                       ok);
    storeInts(out, v);
  }
  return single(std::move(out));
}

//===----------------------------------------------------------------------===//
// convert, bitcast_convert, reduce_precision
//===----------------------------------------------------------------------===//

/// float -> integer conversion as XLA does it: truncate toward zero, saturate
/// at the type's range, NaN gives 0.
int64_t floatToIntSaturating(double v, DType dt) {
  if (std::isnan(v))
    return 0;
  v = std::trunc(v);
  if (dt == DType::I1)
    return v != 0;
  if (isUnsignedInteger(dt)) {
    const int bits = bitWidthOf(dt);
    double max = bits == 64 ? 18446744073709551615.0
                            : static_cast<double>((1ull << bits) - 1);
    if (v <= 0)
      return 0;
    if (v >= max)
      return bits == 64 ? -1 : static_cast<int64_t>((1ull << bits) - 1);
    return static_cast<int64_t>(static_cast<uint64_t>(v));
  }
  const int bits = bitWidthOf(dt);
  double max = std::ldexp(1.0, bits - 1); // exclusive
  if (v >= max)
    return bits == 64 ? std::numeric_limits<int64_t>::max()
                      : static_cast<int64_t>((1ull << (bits - 1)) - 1);
  if (v < -max)
    return bits == 64 ? std::numeric_limits<int64_t>::min()
                      : -static_cast<int64_t>(1ull << (bits - 1));
  return static_cast<int64_t>(v);
}

FailureOr<Results> evalConvert(Operation *op, const HostTensor &x, DType to) {
  const DType from = x.dtype;
  const int64_t n = x.numElements();
  HostTensor out = makeTensor(to, x.shape);
  if (isComplex(to)) {
    storeComplex(out, toComplex(x));
    if (!isComplex(from) && isInteger(from)) {
      auto v = toInts(x);
      for (int64_t i = 0; i < n; ++i)
        out.setComplex(i,
                       {isUnsignedInteger(from)
                            ? static_cast<double>(static_cast<uint64_t>(v[i]))
                            : static_cast<double>(v[i]),
                        0});
    }
    return single(std::move(out));
  }
  if (isFloat(to)) {
    if (isFloat(from) || isComplex(from)) {
      storeDoubles(out, toDoubles(x));
    } else {
      auto v = toInts(x);
      const bool u = isUnsignedInteger(from);
      for (int64_t i = 0; i < n; ++i) {
        if (to == DType::F32)
          out.setDouble(i, u ? static_cast<float>(static_cast<uint64_t>(v[i]))
                             : static_cast<float>(v[i]));
        else if (to == DType::F64)
          out.setDouble(i, u ? static_cast<double>(static_cast<uint64_t>(v[i]))
                             : static_cast<double>(v[i]));
        else
          out.setDouble(i, roundToFloatType(u ? static_cast<float>(
                                                    static_cast<uint64_t>(v[i]))
                                              : static_cast<float>(v[i]),
                                            to));
      }
    }
    return single(std::move(out));
  }
  // Integer (or i1) results.
  std::vector<int64_t> r(n);
  if (isFloat(from) || isComplex(from)) {
    auto v = toDoubles(x);
    for (int64_t i = 0; i < n; ++i)
      r[i] = to == DType::I1 ? (v[i] != 0) : floatToIntSaturating(v[i], to);
    if (isComplex(from) && to == DType::I1) {
      auto c = toComplex(x);
      for (int64_t i = 0; i < n; ++i)
        r[i] = c[i] != std::complex<double>(0);
    }
  } else {
    r = toInts(x);
    if (to == DType::I1)
      for (auto &e : r)
        e = e != 0;
  }
  storeInts(out, r);
  (void)op;
  return single(std::move(out));
}

double reducePrecision(double x, DType dt, int ebits, int mbits) {
  if (dt == DType::F64) {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    if (std::isnan(x)) {
      if (mbits == 0)
        return x; // stays NaN
      return x;
    }
    if (mbits < 52) {
      uint64_t lastBit = 1ull << (52 - mbits);
      uint64_t bias = (lastBit >> 1) - 1 + ((b & lastBit) ? 1 : 0);
      b = (b + bias) & ~(lastBit - 1);
    }
    if (ebits < 11) {
      int64_t rbias = (1ll << (ebits - 1)) - 1;
      uint64_t e = b & 0x7FF0000000000000ull;
      uint64_t sign = b & 0x8000000000000000ull;
      if (e > static_cast<uint64_t>(1023 + rbias) << 52)
        b = sign | 0x7FF0000000000000ull;
      else if (e <= static_cast<uint64_t>(1023 - rbias) << 52)
        b = sign;
    }
    double r;
    std::memcpy(&r, &b, 8);
    return r;
  }
  float f = static_cast<float>(x);
  uint32_t b;
  std::memcpy(&b, &f, 4);
  if (std::isnan(f))
    return x;
  if (mbits < 23) {
    uint32_t lastBit = 1u << (23 - mbits);
    uint32_t bias = (lastBit >> 1) - 1 + ((b & lastBit) ? 1 : 0);
    b = (b + bias) & ~(lastBit - 1);
  }
  if (ebits < 8) {
    int32_t rbias = (1 << (ebits - 1)) - 1;
    uint32_t e = b & 0x7F800000u;
    uint32_t sign = b & 0x80000000u;
    if (e > static_cast<uint32_t>(127 + rbias) << 23)
      b = sign | 0x7F800000u;
    else if (e <= static_cast<uint32_t>(127 - rbias) << 23)
      b = sign;
  }
  float r;
  std::memcpy(&r, &b, 4);
  return r;
}

} // namespace

double evalFloatUnary(llvm::StringRef name, double x, DType dtype, bool &ok) {
  ok = true;
  if (name == "digamma")
    return roundToFloatType(digammaD(x), dtype);
  if (name == "erf_inv")
    return roundToFloatType(erfInvD(x), dtype);
  if (name == "bessel_i1e")
    return roundToFloatType(besselI1eD(x), dtype);
  if (name == "lgamma")
    return roundToFloatType(lgammaD(x), dtype);
  ok = false;
  return NAN;
}

std::optional<FailureOr<Results>> evalElementwise(Operation *op,
                                                  Operands operands) {
  auto resultType = [&](unsigned i = 0) {
    return tensorTypeOf(op, op->getResult(i).getType());
  };
  if (auto k = unaryKind(op)) {
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    return evalUnary(op, *k, operands[0].tensor, rt->first);
  }
  if (auto k = binaryKind(op)) {
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    return evalBinary(op, *k, operands[0].tensor, operands[1].tensor,
                      rt->first);
  }
  if (auto c = dyn_cast<sh::CompareOp>(op))
    return evalCompare(c, operands[0].tensor, operands[1].tensor);
  if (isa<sh::SelectOp>(op))
    return evalSelect(operands[0].tensor, operands[1].tensor,
                      operands[2].tensor);
  if (isa<sh::ClampOp>(op))
    return evalClamp(op, operands[0].tensor, operands[1].tensor,
                     operands[2].tensor);
  if (isa<sh::ConvertOp>(op)) {
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    return evalConvert(op, operands[0].tensor, rt->first);
  }
  if (isa<sh::BitcastConvertOp>(op)) {
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    HostTensor out = makeTensor(rt->first, rt->second);
    const DType from = operands[0].tensor.dtype;
    if (out.byteSize() != operands[0].tensor.byteSize() ||
        ((out.dtype == DType::I1) != (from == DType::I1)))
      return unsupported(op, operands[0].tensor.dtype,
                         " (bit widths do not match)");
    out.data = operands[0].tensor.data;
    return single(std::move(out));
  }
  if (auto rp = dyn_cast<sh::ReducePrecisionOp>(op)) {
    const HostTensor &x = operands[0].tensor;
    if (!isFloat(x.dtype))
      return unsupported(op, x.dtype);
    auto v = toDoubles(x);
    for (double &e : v)
      e = reducePrecision(e, x.dtype, rp.getExponentBits(),
                          rp.getMantissaBits());
    HostTensor out = makeTensor(x.dtype, x.shape);
    storeDoubles(out, v);
    return single(std::move(out));
  }
  if (isa<sh::IsFiniteOp>(op)) {
    const HostTensor &x = operands[0].tensor;
    HostTensor out = makeTensor(DType::I1, x.shape);
    auto v = toDoubles(x);
    for (size_t i = 0; i < v.size(); ++i)
      out.data[i] = std::isfinite(v[i]);
    return single(std::move(out));
  }
  if (isa<sh::RealOp, sh::ImagOp>(op)) {
    const HostTensor &x = operands[0].tensor;
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    HostTensor out = makeTensor(rt->first, x.shape);
    auto c = toComplex(x);
    std::vector<double> v(c.size());
    for (size_t i = 0; i < c.size(); ++i)
      v[i] = isa<sh::RealOp>(op) ? c[i].real() : c[i].imag();
    storeDoubles(out, v);
    return single(std::move(out));
  }
  if (isa<sh::ComplexOp>(op)) {
    auto rt = resultType();
    if (failed(rt))
      return FailureOr<Results>(failure());
    auto re = toDoubles(operands[0].tensor), im = toDoubles(operands[1].tensor);
    HostTensor out = makeTensor(rt->first, rt->second);
    for (size_t i = 0; i < re.size(); ++i)
      out.setComplex(i, {re[i], im[i]});
    return single(std::move(out));
  }
  return std::nullopt;
}

} // namespace systole::reference::detail
