//===- TensorIOTest.cpp - Tests of runtime/api/TensorIO.h -----------------===//

#include "runtime/api/TensorIO.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

#include "runtime/api/FloatFormats.h"
#include "gtest/gtest.h"

namespace systole {
namespace {

/// A file path unique to the running test.
std::string tempPath(const std::string &name) {
  const ::testing::TestInfo *info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "systole_api_" + info->test_suite_name() + "_" +
         info->name() + "_" + std::to_string(getpid()) + "_" + name;
}

void writeString(const std::string &path, const std::string &contents) {
  std::FILE *f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(contents.data(), 1, contents.size(), f);
  std::fclose(f);
}

HostTensor parseOk(absl::string_view spec) {
  absl::StatusOr<HostTensor> t = parseTensorLiteral(spec);
  EXPECT_TRUE(t.ok()) << spec << ": " << t.status();
  return t.ok() ? *t : HostTensor();
}

/// Expects parseTensorLiteral(spec) to fail with `code` and a message
/// containing `fragment`.
void expectParseError(
    absl::string_view spec, absl::string_view fragment,
    absl::StatusCode code = absl::StatusCode::kInvalidArgument) {
  absl::StatusOr<HostTensor> t = parseTensorLiteral(spec);
  ASSERT_FALSE(t.ok()) << spec << " parsed as " << formatTensor(*t);
  EXPECT_EQ(t.status().code(), code) << t.status();
  EXPECT_NE(t.status().message().find(fragment), absl::string_view::npos)
      << "message: " << t.status().message()
      << "\nexpected to contain: " << fragment;
}

//===--- Literals ---------------------------------------------------------===//

TEST(TensorLiteralTest, ParsesValues) {
  HostTensor t = parseOk("2x3xf32=1,2,3,4,5,6");
  EXPECT_EQ(t.dtype, DType::F32);
  EXPECT_EQ(t.shape, (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(t.getDouble(i), i + 1);

  HostTensor scalar = parseOk("f32=1.5");
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.getDouble(0), 1.5);

  HostTensor spaced = parseOk("2x2xi32=[[1 -2][+3, 4]]");
  EXPECT_EQ(spaced.getInt64(1), -2);
  EXPECT_EQ(spaced.getInt64(2), 3);

  HostTensor empty = parseOk("0x3xf32=");
  EXPECT_EQ(empty.numElements(), 0);
}

TEST(TensorLiteralTest, ParsesSpecialsAndBitPatterns) {
  HostTensor t = parseOk("5xf32=nan,inf,-inf,-0,0x7fc00001");
  EXPECT_TRUE(std::isnan(t.getDouble(0)));
  EXPECT_EQ(t.getDouble(1), INFINITY);
  EXPECT_EQ(t.getDouble(2), -INFINITY);
  EXPECT_EQ(t.getBits(3), 0x80000000u);
  EXPECT_EQ(t.getBits(4), 0x7FC00001u);

  HostTensor b = parseOk("5xi1=true,false,1,0,True");
  EXPECT_EQ(b.data, (std::vector<uint8_t>{1, 0, 1, 0, 1}));

  HostTensor bf = parseOk("2xbf16=0.1,0x3f81");
  EXPECT_EQ(bf.getBits(0), 0x3DCDu); // 0.1 rounded once to bf16
  EXPECT_EQ(bf.getBits(1), 0x3F81u);

  HostTensor f8 = parseOk("3xf8E4M3=240,248,0x01");
  EXPECT_EQ(f8.data, (std::vector<uint8_t>{0x77, 0x78, 0x01}));

  HostTensor i8 = parseOk("3xi8=-128,127,0xff");
  EXPECT_EQ(i8.getInt64(0), -128);
  EXPECT_EQ(i8.getInt64(1), 127);
  EXPECT_EQ(i8.getInt64(2), -1);

  HostTensor u64 = parseOk("1xui64=18446744073709551615");
  EXPECT_EQ(u64.getBits(0), ~uint64_t(0));

  HostTensor c = parseOk("2xcomplex<f32>=(1,-2),3.5");
  EXPECT_EQ(c.getComplex(0), std::complex<double>(1, -2));
  EXPECT_EQ(c.getComplex(1), std::complex<double>(3.5, 0));

  // f32 straight from decimal: 1.00000005960464477539 is the tie between 1 and
  // 1 + 2^-23, but the extra digit puts it above.
  HostTensor f = parseOk("1xf32=1.000000059604644775390625001");
  EXPECT_EQ(f.getBits(0), 0x3F800001u);
}

TEST(TensorLiteralTest, ReportsErrors) {
  expectParseError("2x3xf32=1,2,3,4,5", "expected 6 values, got 5");
  expectParseError("2xf32=1,2,3", "expected 2 values, got 3");
  expectParseError("2x3xf32=1", "expected 6 values, got 1"); // no broadcast
  expectParseError("f32=", "expected 1 value, got 0");
  expectParseError("2x3xf33=1,2,3,4,5,6", "unknown element type 'f33'");
  expectParseError("?x3xf32=1", "bad tensor type '?x3xf32'");
  expectParseError("2x3=1", "bad tensor type '2x3'");
  expectParseError("2xf32=1,abc", "invalid f32 value 'abc'");
  expectParseError("2xf32=1,1.5.2", "invalid f32 value '1.5.2'");
  expectParseError("1xf32=--1", "invalid f32 value '--1'");
  expectParseError("2xi8=1,300", "i8 value '300' is out of range");
  expectParseError("1xi8=-129", "out of range");
  expectParseError("1xui8=-1", "ui8 value '-1' is out of range");
  expectParseError("1xi32=1.5", "invalid i32 value '1.5'");
  expectParseError("1xi1=2", "invalid i1 value '2'");
  expectParseError("1xf16=0x10000", "does not fit in 16 bits");
  expectParseError("1xf32=0xzz", "invalid hex bit pattern");
  expectParseError("1xcomplex<f32>=(1,2", "unterminated complex value");
  expectParseError("1xcomplex<f32>=(1)", "expected (re,im)");
  expectParseError("2x3xf32", "expected TYPE=VALUES");
  expectParseError("2xf32=1,2x", "invalid f32 value '2x'");
  // The message names the element.
  expectParseError("2x2xf32=1,2,3,x", "element [1, 1]");
  expectParseError("@x.bin", "must be an .npy file");
  expectParseError("@" + tempPath("missing.npy"), "cannot open",
                   absl::StatusCode::kNotFound);
  expectParseError("2xf32=@" + tempPath("missing.bin"), "cannot open",
                   absl::StatusCode::kNotFound);
}

TEST(TensorLiteralTest, ReadsRawBytes) {
  const std::string path = tempPath("x.bin");
  // 1.0, -2.0, 0.5, 2^-133 as bf16.
  writeString(path, std::string("\x80\x3F\x00\xC0\x00\x3F\x01\x00", 8));
  HostTensor t = parseOk("2x2xbf16=@" + path);
  EXPECT_EQ(t.getDouble(0), 1.0);
  EXPECT_EQ(t.getDouble(1), -2.0);
  EXPECT_EQ(t.getDouble(2), 0.5);
  EXPECT_EQ(t.getDouble(3), 0x1p-133);
  expectParseError("3xbf16=@" + path,
                   "has 8 bytes, but a 3xbf16 tensor needs 6");

  HostTensor written = HostTensor::fromDoubles(DType::I16, {3}, {1, -1, 300});
  const std::string out = tempPath("out.bin");
  ASSERT_TRUE(writeRawBytes(out, written).ok());
  absl::StatusOr<HostTensor> back = readRawBytes(out, DType::I16, {3});
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->data,
            (std::vector<uint8_t>{0x01, 0x00, 0xFF, 0xFF, 0x2C, 0x01}));
  std::remove(path.c_str());
  std::remove(out.c_str());
}

TEST(TensorLiteralTest, TypedNpyInputConvertsFloats) {
  const std::string path = tempPath("x.npy");
  ASSERT_TRUE(writeNpy(path, HostTensor::fromDoubles(DType::F32, {2},
                                                     {1.0, 1.00390625}))
                  .ok());
  HostTensor same = parseOk("2xf32=@" + path);
  EXPECT_EQ(same.dtype, DType::F32);
  HostTensor bf16 = parseOk("2xbf16=@" + path);
  EXPECT_EQ(bf16.dtype, DType::BF16);
  EXPECT_EQ(bf16.getBits(1), 0x3F80u); // 0x3F808000 ties to even
  expectParseError("3xf32=@" + path, "holds a 2xf32 tensor, expected 3xf32");
  expectParseError("2xi32=@" + path, "holds f32 elements, expected i32");
  HostTensor untyped = parseOk("@" + path);
  EXPECT_EQ(untyped.shape, (std::vector<int64_t>{2}));
  std::remove(path.c_str());
}

//===--- .npy -------------------------------------------------------------===//

/// The bytes numpy 1.x writes for np.save(f, np.arange(1, 7,
/// dtype='<f4').reshape(2, 3)).
std::string handWrittenNpy() {
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  header.append(118 - header.size() - 1, ' ');
  header.push_back('\n');
  std::string file("\x93NUMPY\x01\x00\x76\x00", 10);
  file += header;
  const unsigned char data[] = {0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40,
                                0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40,
                                0x00, 0x00, 0xA0, 0x40, 0x00, 0x00, 0xC0, 0x40};
  file.append(reinterpret_cast<const char *>(data), sizeof(data));
  return file;
}

TEST(NpyTest, ParsesNumpyOutput) {
  const std::string file = handWrittenNpy();
  ASSERT_EQ(file.size(), 128u + 24u);
  absl::StatusOr<HostTensor> t = parseNpy(file);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->dtype, DType::F32);
  EXPECT_EQ(t->shape, (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(t->getDouble(i), i + 1);
}

TEST(NpyTest, WritesNumpyLayout) {
  HostTensor t =
      HostTensor::fromDoubles(DType::F32, {2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(serializeNpy(t), handWrittenNpy());

  const std::string scalar =
      serializeNpy(HostTensor::fromDoubles(DType::I1, {}, {1}));
  EXPECT_EQ(scalar.size() % 64, 1u); // 64-byte header, one data byte
  EXPECT_NE(
      scalar.find("{'descr': '|b1', 'fortran_order': False, 'shape': (), }"),
      std::string::npos);
  const std::string vector = serializeNpy(HostTensor::zeros(DType::C128, {5}));
  EXPECT_NE(vector.find("'descr': '<c16'"), std::string::npos);
  EXPECT_NE(vector.find("'shape': (5,)"), std::string::npos);
  EXPECT_EQ(vector.size(), 128u + 80u); // the header needs two 64-byte blocks
}

TEST(NpyTest, ReadsVersion2AndBigEndian) {
  std::string header =
      "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }";
  header.append((64 - (12 + header.size() + 1) % 64) % 64, ' ');
  header.push_back('\n');
  std::string file("\x93NUMPY\x02\x00", 8);
  file.push_back(static_cast<char>(header.size()));
  file.append(3, '\0');
  file += header;
  file += std::string("\x00\x00\x01\x02\xFF\xFF\xFF\xFE", 8);
  absl::StatusOr<HostTensor> t = parseNpy(file);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->dtype, DType::I32);
  EXPECT_EQ(t->getInt64(0), 0x102);
  EXPECT_EQ(t->getInt64(1), -2);
}

void expectNpyError(const std::string &file, absl::string_view fragment) {
  absl::StatusOr<HostTensor> t = parseNpy(file);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(t.status().message().find(fragment), absl::string_view::npos)
      << t.status().message();
}

std::string npyWithHeader(const std::string &dict, const std::string &data) {
  std::string header = dict;
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header.push_back('\n');
  std::string file("\x93NUMPY\x01\x00", 8);
  file.push_back(static_cast<char>(header.size() & 0xFF));
  file.push_back(static_cast<char>(header.size() >> 8));
  return file + header + data;
}

TEST(NpyTest, ReadsHandWrittenDTypes) {
  // complex64 (1+2j, -0.5+0j): little-endian f32 pairs.
  absl::StatusOr<HostTensor> c = parseNpy(
      npyWithHeader("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }",
                    std::string("\x00\x00\x80\x3F\x00\x00\x00\x40"
                                "\x00\x00\x00\xBF\x00\x00\x00\x00",
                                16)));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->dtype, DType::C64);
  EXPECT_EQ(c->getComplex(0), std::complex<double>(1, 2));
  EXPECT_EQ(c->getComplex(1), std::complex<double>(-0.5, 0));
  // bool, as numpy writes it.
  absl::StatusOr<HostTensor> b = parseNpy(npyWithHeader(
      "{'descr': '|b1', 'fortran_order': False, 'shape': (1, 3), }",
      std::string("\x01\x00\x01", 3)));
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->dtype, DType::I1);
  EXPECT_EQ(b->shape, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(formatTensor(*b), "1x3xi1=[[true false true]]");
  // uint16 65535, 258; scalar float64 -1.5 written by a Python 2 era numpy
  // ('L').
  absl::StatusOr<HostTensor> u = parseNpy(npyWithHeader(
      "{'descr': '<u2', 'fortran_order': False, 'shape': (2L,), }",
      std::string("\xFF\xFF\x02\x01", 4)));
  ASSERT_TRUE(u.ok()) << u.status();
  EXPECT_EQ(formatTensor(*u), "2xui16=[65535 258]");
  absl::StatusOr<HostTensor> d = parseNpy(npyWithHeader(
      "{\"descr\": \"<f8\", \"fortran_order\": False, \"shape\": ()}",
      std::string("\x00\x00\x00\x00\x00\x00\xF8\xBF", 8)));
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(formatTensor(*d), "f64=-1.5");
}

TEST(NpyTest, RejectsBadFiles) {
  expectNpyError("hello world, not numpy", "missing the \\x93NUMPY magic");
  expectNpyError(npyWithHeader("{'descr': '<f4', 'fortran_order': True, "
                               "'shape': (2, 2), }",
                               std::string(16, '\0')),
                 "Fortran order");
  expectNpyError(npyWithHeader("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (2, 2), }",
                               std::string(12, '\0')),
                 "must be 16 bytes, the file has 12 (truncated)");
  expectNpyError(npyWithHeader("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (2,), }",
                               std::string(12, '\0')),
                 "must be 8 bytes, the file has 12");
  expectNpyError(npyWithHeader("{'descr': '<U8', 'fortran_order': False, "
                               "'shape': (1,), }",
                               std::string(32, '\0')),
                 "unsupported .npy dtype '<U8'");
  expectNpyError(
      npyWithHeader("{'descr': [('a', '<f4')], 'fortran_order': False, "
                    "'shape': (1,), }",
                    std::string(4, '\0')),
      "invalid .npy header");
  expectNpyError(
      npyWithHeader("{'descr': '<f4', 'shape': (1,), }", std::string(4, '\0')),
      "must have the keys");
  std::string truncated = handWrittenNpy().substr(0, 40);
  expectNpyError(truncated, "truncated in its header");
  std::string v9 = handWrittenNpy();
  v9[6] = 9;
  expectNpyError(v9, "unsupported .npy format version 9.0");
}

TEST(NpyTest, RoundTripsEveryDType) {
  for (DType type : kAllDTypes) {
    SCOPED_TRACE(std::string(dtypeName(type)));
    HostTensor t = randomTensor(type, {3, 4}, 42, 0);
    // Add edge values: NaN payloads are kept bit-exactly, and so are
    // infinities.
    if (isFloat(type)) {
      t.setDouble(0, NAN);
      t.setDouble(1, -INFINITY);
      t.setDouble(2, -0.0);
      t.setDouble(3, maxFiniteValue(type));
    } else if (isSignedInteger(type)) {
      t.setInt64(0, -1);
      t.setInt64(1, std::numeric_limits<int64_t>::min());
    }
    const std::string path = tempPath(std::string(dtypeName(type)) + ".npy");
    ASSERT_TRUE(writeNpy(path, t).ok());
    absl::StatusOr<HostTensor> back = readNpy(path);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->shape, t.shape);
    const bool widened = type == DType::BF16 || type == DType::F8E4M3 ||
                         type == DType::F8E4M3FN || type == DType::F8E5M2;
    if (widened) {
      EXPECT_EQ(back->dtype, DType::F32);
      for (int64_t i = 0; i < t.numElements(); ++i) {
        if (std::isnan(t.getDouble(i)))
          EXPECT_TRUE(std::isnan(back->getDouble(i)));
        else
          EXPECT_EQ(back->getDouble(i), t.getDouble(i)) << i;
      }
      absl::StatusOr<HostTensor> narrowed = convertTensor(*back, type);
      ASSERT_TRUE(narrowed.ok());
      if (type != DType::F8E4M3FN) { // its NaN payload is fixed anyway
        EXPECT_EQ(narrowed->data, t.data);
      }
    } else {
      EXPECT_EQ(back->dtype, t.dtype);
      EXPECT_EQ(back->data, t.data);
    }
    std::remove(path.c_str());
  }
}

TEST(NpyTest, WriteToBadPathFails) {
  absl::Status s =
      writeNpy("/nonexistent-dir/x.npy", HostTensor::zeros(DType::F32, {1}));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(
      s.message().find("cannot open '/nonexistent-dir/x.npy' for writing"),
      absl::string_view::npos);
}

//===--- Conversion -------------------------------------------------------===//

TEST(ConvertTensorTest, Conversions) {
  HostTensor f32 =
      HostTensor::fromDoubles(DType::F32, {4}, {1.00390625, 1000, -0x1p-10, 3});
  absl::StatusOr<HostTensor> bf16 = convertTensor(f32, DType::BF16);
  ASSERT_TRUE(bf16.ok());
  EXPECT_EQ(bf16->getBits(0), 0x3F80u); // tie to even
  absl::StatusOr<HostTensor> e4m3 = convertTensor(f32, DType::F8E4M3);
  ASSERT_TRUE(e4m3.ok());
  EXPECT_EQ(e4m3->data, (std::vector<uint8_t>{0x38, 0x78, 0x80, 0x44}));
  absl::StatusOr<HostTensor> i8 = convertTensor(
      HostTensor::fromDoubles(DType::I32, {2}, {300, -1}), DType::I8);
  ASSERT_TRUE(i8.ok());
  EXPECT_EQ(i8->getInt64(0), 44);
  EXPECT_EQ(i8->getInt64(1), -1);
  absl::StatusOr<HostTensor> u64 =
      convertTensor(HostTensor::fromDoubles(DType::I8, {1}, {-1}), DType::U64);
  ASSERT_TRUE(u64.ok());
  EXPECT_EQ(u64->getBits(0), ~uint64_t(0));
  absl::StatusOr<HostTensor> c = convertTensor(f32, DType::C128);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->getComplex(1), std::complex<double>(1000, 0));
  absl::StatusOr<HostTensor> bad = convertTensor(*c, DType::F32);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("imaginary part"),
            absl::string_view::npos);
}

//===--- Printing ---------------------------------------------------------===//

TEST(FormatTensorTest, Layout) {
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::F32, {2, 3},
                                                 {1, 2, 3, 4, 5, 6})),
            "2x3xf32=[[1 2 3][4 5 6]]");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::F32, {}, {1.5})),
            "f32=1.5");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::F32, {3},
                                                 {NAN, INFINITY, -INFINITY})),
            "3xf32=[nan inf -inf]");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::I1, {2}, {1, 0})),
            "2xi1=[true false]");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::I8, {2}, {-5, 7})),
            "2xi8=[-5 7]");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::U8, {1}, {255})),
            "1xui8=[255]");
  EXPECT_EQ(formatTensor(HostTensor::zeros(DType::F32, {2, 0})),
            "2x0xf32=[[][]]");
  EXPECT_EQ(formatTensor(HostTensor::zeros(DType::F32, {0})), "0xf32=[]");
  EXPECT_EQ(formatTensor(HostTensor::fromDoubles(DType::I32, {1, 1, 1}, {7})),
            "1x1x1xi32=[[[7]]]");
  HostTensor c = HostTensor::zeros(DType::C64, {2});
  c.setComplex(0, {1, 2});
  c.setComplex(1, {3, -4.5});
  EXPECT_EQ(formatTensor(c), "2xcomplex<f32>=[(1,2) (3,-4.5)]");
}

TEST(FormatTensorTest, ShortestRoundTrippingDecimals) {
  EXPECT_EQ(formatFloat(0.1f, DType::F32), "0.1");
  EXPECT_EQ(formatFloat(1.0f / 3, DType::F32), "0.33333334");
  EXPECT_EQ(formatFloat(0.1, DType::F64), "0.1");
  EXPECT_EQ(formatFloat(1.0 / 3, DType::F64), "0.3333333333333333");
  EXPECT_EQ(formatFloat(-0.0, DType::F32), "-0");
  EXPECT_EQ(formatFloat(1e20f, DType::F32), "1e+20");
  EXPECT_EQ(formatFloat(100, DType::BF16), "100");
  // bf16 0x3DCD is 0.10009765625; "0.1" reads back to it.
  EXPECT_EQ(formatFloat(bf16ToFloat(0x3DCD), DType::BF16), "0.1");
  // f16 0x3555 is 0.333251953125; "0.3333" reads back to it, "0.333" does not.
  EXPECT_EQ(formatFloat(f16ToFloat(0x3555), DType::F16), "0.3333");
  // f8E4M3 0x01 is 2^-9 = 0.001953125; "0.002" reads back to it.
  EXPECT_EQ(formatFloat(0x1p-9, DType::F8E4M3), "0.002");
  EXPECT_EQ(formatFloat(240, DType::F8E4M3), "240");
  EXPECT_EQ(formatFloat(57344, DType::F8E5M2), "57344");
  EXPECT_EQ(formatFloat(65504, DType::F16), "65504");
  EXPECT_EQ(formatFloat(-448, DType::F8E4M3FN), "-448");
  // bf16 0x7F7F = 0x1.FEp127 is not below 1e16: shortest digits that read back.
  EXPECT_EQ(formatFloat(0x1.FEp127, DType::BF16), "3.39e+38");
}

TEST(FormatTensorTest, OutputParsesBack) {
  for (DType type : kAllDTypes) {
    SCOPED_TRACE(std::string(dtypeName(type)));
    HostTensor t = randomTensor(type, {2, 3}, 7, 1);
    absl::StatusOr<HostTensor> back = parseTensorLiteral(formatTensor(t));
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->shape, t.shape);
    EXPECT_EQ(back->data, t.data) << formatTensor(t);
  }
}

//===--- Random tensors ---------------------------------------------------===//

TEST(RandomTensorTest, Deterministic) {
  for (DType type : kAllDTypes) {
    SCOPED_TRACE(std::string(dtypeName(type)));
    HostTensor a = randomTensor(type, {64}, 1, 0);
    EXPECT_EQ(a.data, randomTensor(type, {64}, 1, 0).data);
    EXPECT_NE(a.data, randomTensor(type, {64}, 1, 1).data);
    EXPECT_NE(a.data, randomTensor(type, {64}, 2, 0).data);
    EXPECT_EQ(a.shape, (std::vector<int64_t>{64}));
  }
}

TEST(RandomTensorTest, Distributions) {
  HostTensor f = randomTensor(DType::F64, {20000}, 5, 3);
  double sum = 0, sumSquares = 0;
  int64_t beyondTwoSigma = 0;
  for (int64_t i = 0; i < f.numElements(); ++i) {
    const double x = f.getDouble(i);
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    sumSquares += x * x;
    beyondTwoSigma += std::fabs(x) > 2;
  }
  const double mean = sum / f.numElements();
  const double variance = sumSquares / f.numElements() - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.05);
  EXPECT_NEAR(variance, 1.0, 0.05);
  // P(|x| > 2) = 4.55% for a standard normal.
  EXPECT_NEAR(static_cast<double>(beyondTwoSigma) / f.numElements(), 0.0455,
              0.006);

  HostTensor ints = randomTensor(DType::I32, {1000}, 5, 0);
  int counts[8] = {};
  for (int64_t i = 0; i < ints.numElements(); ++i) {
    const int64_t v = ints.getInt64(i);
    ASSERT_GE(v, 0);
    ASSERT_LE(v, 7);
    ++counts[v];
  }
  for (int c : counts)
    EXPECT_GT(c, 80);

  HostTensor bools = randomTensor(DType::I1, {1000}, 5, 0);
  int ones = 0;
  for (uint8_t b : bools.data) {
    ASSERT_LE(b, 1);
    ones += b;
  }
  EXPECT_GT(ones, 400);
  EXPECT_LT(ones, 600);

  HostTensor e4m3 = randomTensor(DType::F8E4M3, {100}, 5, 0);
  for (int64_t i = 0; i < e4m3.numElements(); ++i)
    EXPECT_TRUE(std::isfinite(e4m3.getDouble(i)));
}

} // namespace
} // namespace systole
