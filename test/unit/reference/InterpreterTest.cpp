//===- InterpreterTest.cpp - reference interpreter unit tests -------------===//

#include "compiler/Reference/Interpreter.h"
#include "dialects/CHLO/CHLOOps.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cmath>

namespace {
using systole::DType;
using systole::HostTensor;

struct Program {
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<systole::reference::CheckResult> checks;

  explicit Program(const char *source) {
    registry.insert<systole::stablehlo::StableHLODialect,
                    systole::chlo::CHLODialect, mlir::func::FuncDialect>();
    context = std::make_unique<mlir::MLIRContext>(registry);
    module = mlir::parseSourceString<mlir::ModuleOp>(source, context.get());
  }
  mlir::FailureOr<std::vector<HostTensor>>
  eval(const std::vector<HostTensor> &inputs) {
    auto main = module->lookupSymbol<mlir::func::FuncOp>("main");
    return systole::reference::evaluate(main, inputs, &checks);
  }
};

std::vector<double> values(const HostTensor &t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numElements(); ++i)
    v.push_back(t.getDouble(i));
  return v;
}

TEST(Reference, AddF32) {
  Program r(
      R"(func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.add %a, %b : tensor<3xf32>
    return %0 : tensor<3xf32>
  })");
  ASSERT_TRUE(r.module);
  auto out =
      r.eval({HostTensor::fromDoubles(DType::F32, {3}, {1, 2, 3}),
              HostTensor::fromDoubles(DType::F32, {3}, {0.5, -2, 1e30})});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{1.5, 0, 1e30f}));
}

TEST(Reference, Bf16AddRoundsToNearestEven) {
  // 1 + 2^-8 is a tie between 1 and 1 + 2^-7 in bf16: rounds to even (1).
  Program r(R"(func.func @main() -> tensor<2xbf16> {
    %a = stablehlo.constant dense<[1.0, 1.0078125]> : tensor<2xbf16>
    %b = stablehlo.constant dense<[0.00390625, 0.00390625]> : tensor<2xbf16>
    %0 = stablehlo.add %a, %b : tensor<2xbf16>
    return %0 : tensor<2xbf16>
  })");
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  // 1.0078125 + 2^-8 is the tie between 1.0078125 and 1.015625: to even.
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{1.0, 1.015625}));
}

TEST(Reference, IntegerDivisionEdges) {
  Program r(R"(func.func @main() -> (tensor<3xi8>, tensor<3xi8>) {
    %a = stablehlo.constant dense<[-128, 7, -7]> : tensor<3xi8>
    %b = stablehlo.constant dense<[-1, 0, 2]> : tensor<3xi8>
    %0 = stablehlo.divide %a, %b : tensor<3xi8>
    %1 = stablehlo.remainder %a, %b : tensor<3xi8>
    return %0, %1 : tensor<3xi8>, tensor<3xi8>
  })");
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{-128, -1, -3}));
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{0, 7, -1}));
}

TEST(Reference, ShiftsBeyondWidth) {
  Program r(R"(func.func @main() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
    %a = stablehlo.constant dense<[-16, 1, 64]> : tensor<3xi8>
    %s = stablehlo.constant dense<[8, 2, 1]> : tensor<3xi8>
    %0 = stablehlo.shift_left %a, %s : tensor<3xi8>
    %1 = stablehlo.shift_right_arithmetic %a, %s : tensor<3xi8>
    %2 = stablehlo.shift_right_logical %a, %s : tensor<3xi8>
    return %0, %1, %2 : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
  })");
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{0, 4, -128}));
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{-1, 0, 32}));
  EXPECT_EQ(values((*out)[2]), (std::vector<double>{0, 0, 32}));
}

TEST(Reference, DotGeneralBatched) {
  Program r(
      R"(func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<2x3x1xf32>) -> tensor<2x2x1xf32> {
    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xf32>, tensor<2x3x1xf32>) -> tensor<2x2x1xf32>
    return %0 : tensor<2x2x1xf32>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval(
      {HostTensor::fromDoubles(DType::F32, {2, 2, 3},
                               {1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0}),
       HostTensor::fromDoubles(DType::F32, {2, 3, 1}, {1, 1, 1, 7, 8, 9})});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{6, 15, 7, 8}));
}

TEST(Reference, ConvolutionNHWC) {
  // 1x3x3x1 input 1..9, 2x2 kernel of ones, stride 1, no padding: sums of
  // 2x2 windows.
  Program r(
      R"(func.func @main(%x: tensor<1x3x3x1xf32>, %k: tensor<2x2x1x1xf32>) -> tensor<1x2x2x1xf32> {
    %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x1xf32>
    return %0 : tensor<1x2x2x1xf32>
  })");
  ASSERT_TRUE(r.module);
  auto out =
      r.eval({HostTensor::fromDoubles(DType::F32, {1, 3, 3, 1},
                                      {1, 2, 3, 4, 5, 6, 7, 8, 9}),
              HostTensor::fromDoubles(DType::F32, {2, 2, 1, 1}, {1, 1, 1, 1})});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{12, 16, 24, 28}));
}

TEST(Reference, ReduceAndWhile) {
  Program r(
      R"(func.func @main(%x: tensor<2x3xi32>) -> (tensor<2xi32>, tensor<i32>) {
    %init = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.while(%i = %init) : tensor<i32>
     cond {
      %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %n = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
    return %0, %1 : tensor<2xi32>, tensor<i32>
  })");
  ASSERT_TRUE(r.module);
  auto out =
      r.eval({HostTensor::fromDoubles(DType::I32, {2, 3}, {1, 2, 3, 4, 5, 6})});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{6, 15}));
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{10}));
}

TEST(Reference, ScatterAddSkipsOutOfBounds) {
  Program r(R"(func.func @main() -> tensor<4xf32> {
    %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %i = stablehlo.constant dense<[[1], [1], [7]]> : tensor<3x1xi32>
    %u = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
    %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{1, 32, 3, 4}));
}

TEST(Reference, SortDescendingWithComparatorRegion) {
  Program r(R"(func.func @main() -> (tensor<4xf32>, tensor<4xi32>) {
    %x = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.5]> : tensor<4xf32>
    %i = stablehlo.iota dim = 0 : tensor<4xi32>
    %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %n = stablehlo.negate %a : tensor<f32>
      %m = stablehlo.negate %b : tensor<f32>
      %lt = stablehlo.compare LT, %n, %m, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{4, 3, 1.5, 1}));
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{2, 0, 3, 1}));
}

TEST(Reference, ChecksAreRecorded) {
  Program r(R"(func.func @main() -> tensor<2xf32> {
    %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %b = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %a : tensor<2xf32>
  })");
  ASSERT_TRUE(r.module);
  ASSERT_TRUE(mlir::succeeded(r.eval({})));
  ASSERT_EQ(r.checks.size(), 2u);
  EXPECT_TRUE(r.checks[0].passed);
  EXPECT_FALSE(r.checks[1].passed);
}

TEST(Reference, UnknownCustomCallIsAnError) {
  Program r(R"(func.func @main() -> tensor<2xf32> {
    %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %0 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  })");
  ASSERT_TRUE(r.module);
  std::string msg;
  r.context->getDiagEngine().registerHandler([&](mlir::Diagnostic &d) {
    msg = d.str();
    return mlir::success();
  });
  EXPECT_TRUE(mlir::failed(r.eval({})));
  EXPECT_NE(msg.find("foo"), std::string::npos);
}

TEST(Reference, NarrowFloatEdges) {
  // f16: 65504 + 15 rounds back to max, + 16 (the tie with 2^16) overflows;
  // f8E4M3FN: convert of 500 gives NaN (no inf); f8E5M2 keeps subnormals.
  Program r(
      R"(func.func @main() -> (tensor<2xf16>, tensor<2xf8E4M3FN>, tensor<f8E5M2>) {
    %a = stablehlo.constant dense<[65504.0, 65504.0]> : tensor<2xf16>
    %b = stablehlo.constant dense<[15.0, 16.0]> : tensor<2xf16>
    %0 = stablehlo.add %a, %b : tensor<2xf16>
    %c = stablehlo.constant dense<[500.0, 0.015625]> : tensor<2xf32>
    %1 = stablehlo.convert %c : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
    %d = stablehlo.constant dense<1.52587890625e-05> : tensor<f32>
    %2 = stablehlo.convert %d : (tensor<f32>) -> tensor<f8E5M2>
    return %0, %1, %2 : tensor<2xf16>, tensor<2xf8E4M3FN>, tensor<f8E5M2>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ((*out)[0].getDouble(0), 65504.0);
  EXPECT_TRUE(std::isinf((*out)[0].getDouble(1)));
  EXPECT_TRUE(std::isnan((*out)[1].getDouble(0)));
  EXPECT_EQ((*out)[1].getDouble(1), 0.015625);
  EXPECT_EQ((*out)[2].getDouble(0), 1.52587890625e-05); // 2^-16
}

TEST(Reference, ConvertFloatToIntSaturates) {
  Program r(R"(func.func @main() -> (tensor<4xi8>, tensor<4xui8>) {
    %a = stablehlo.constant dense<[300.0, -300.0, 0x7FC00000, -1.9]> : tensor<4xf32>
    %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi8>
    %1 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xui8>
    return %0, %1 : tensor<4xi8>, tensor<4xui8>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ(values((*out)[0]), (std::vector<double>{127, -128, 0, -1}));
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{255, 0, 0, 0}));
}

TEST(Reference, UnsignedAndBooleanOps) {
  Program r(
      R"(func.func @main() -> (tensor<2xui64>, tensor<2xi1>, tensor<2xi1>) {
    %a = stablehlo.constant dense<[18446744073709551615, 5]> : tensor<2xui64>
    %b = stablehlo.constant dense<[2, 0]> : tensor<2xui64>
    %0 = stablehlo.divide %a, %b : tensor<2xui64>
    %1 = stablehlo.compare GT, %a, %b : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
    %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %2 = stablehlo.not %t : tensor<2xi1>
    return %0, %1, %2 : tensor<2xui64>, tensor<2xi1>, tensor<2xi1>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  // 2^64-1 / 2 = 2^63-1; x / 0 = all ones.
  EXPECT_EQ((*out)[0].getBits(0), 0x7FFFFFFFFFFFFFFFull);
  EXPECT_EQ((*out)[0].getBits(1), 0xFFFFFFFFFFFFFFFFull);
  EXPECT_EQ(values((*out)[1]), (std::vector<double>{1, 1}));
  EXPECT_EQ(values((*out)[2]), (std::vector<double>{0, 1}));
}

TEST(Reference, ComplexMultiply) {
  Program r(R"(func.func @main() -> tensor<complex<f64>> {
    %a = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
    %b = stablehlo.constant dense<(3.0, -1.0)> : tensor<complex<f64>>
    %0 = stablehlo.multiply %a, %b : tensor<complex<f64>>
    return %0 : tensor<complex<f64>>
  })");
  ASSERT_TRUE(r.module);
  auto out = r.eval({});
  ASSERT_TRUE(mlir::succeeded(out));
  EXPECT_EQ((*out)[0].getComplex(0), std::complex<double>(5, 5));
}

TEST(Reference, WrongInputShapeIsAnError) {
  Program r(R"(func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
    return %a : tensor<3xf32>
  })");
  ASSERT_TRUE(r.module);
  r.context->getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  EXPECT_TRUE(
      mlir::failed(r.eval({HostTensor::fromDoubles(DType::F32, {2}, {1, 2})})));
}

} // namespace
