//===- InferTypeTest.cpp - stablehlo result-type inference tests ----------===//
//
// Builds stablehlo ops with the builders that take no result types
// (InferTypeOpInterface) and checks the inferred types against types
// computed by hand from the StableHLO spec's shape formulas; each built op
// must also pass the verifier.
//
//===----------------------------------------------------------------------===//

#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

namespace {
using namespace mlir;
namespace hlo = systole::stablehlo;

class InferTypeTest : public ::testing::Test {
protected:
  InferTypeTest() : builder(&context), loc(builder.getUnknownLoc()) {
    context.loadDialect<hlo::StableHLODialect>();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A value of `type`: an argument of a fresh block owned by the module.
  Value arg(Type type) {
    if (!args) {
      args = &module->getBodyRegion().emplaceBlock();
      builder.setInsertionPointToEnd(args);
    }
    return args->addArgument(type, loc);
  }
  Value arg(ArrayRef<int64_t> shape, Type element) {
    return arg(RankedTensorType::get(shape, element));
  }
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  /// Verifies `op` alone (the module's extra block is not valid IR).
  bool verifies(Operation *op) { return succeeded(verify(op)); }

  MLIRContext context;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  Block *args = nullptr;
  Type f32 = Float32Type::get(&context);
  Type f64 = Float64Type::get(&context);
  Type f16 = Float16Type::get(&context);
  Type i1 = IntegerType::get(&context, 1);
  Type i32 = IntegerType::get(&context, 32);
  Type i64 = IntegerType::get(&context, 64);
};

TEST_F(InferTypeTest, BinaryElementwiseKeepsTheOperandType) {
  Value a = arg({2, 3}, f32), b = arg({2, 3}, f32);
  auto add = builder.create<hlo::AddOp>(loc, a, b);
  EXPECT_EQ(add.getType(), tensor({2, 3}, f32));
  auto pow = builder.create<hlo::PowerOp>(loc, a, b);
  EXPECT_EQ(pow.getType(), tensor({2, 3}, f32));
  EXPECT_TRUE(verifies(add));
}

TEST_F(InferTypeTest, UnaryElementwiseChangesTheElementTypeWhereTheSpecSays) {
  Value c = arg({4}, ComplexType::get(f32));
  EXPECT_EQ(builder.create<hlo::AbsOp>(loc, c).getType(), tensor({4}, f32));
  EXPECT_EQ(builder.create<hlo::RealOp>(loc, c).getType(), tensor({4}, f32));
  EXPECT_EQ(builder.create<hlo::ImagOp>(loc, c).getType(), tensor({4}, f32));
  Value h = arg({2, 5}, f16);
  auto finite = builder.create<hlo::IsFiniteOp>(loc, h);
  EXPECT_EQ(finite.getType(), tensor({2, 5}, i1));
  EXPECT_TRUE(verifies(finite));
  EXPECT_EQ(builder.create<hlo::AbsOp>(loc, h).getType(), tensor({2, 5}, f16));
  EXPECT_EQ(builder.create<hlo::TanhOp>(loc, h).getType(), tensor({2, 5}, f16));
}

TEST_F(InferTypeTest, CompareSelectClampComplex) {
  Value a = arg({2, 3}, i32), b = arg({2, 3}, i32);
  auto cmp = builder.create<hlo::CompareOp>(
      loc, a, b, hlo::ComparisonDirection::LT, hlo::ComparisonTypeAttr());
  EXPECT_EQ(cmp.getType(), tensor({2, 3}, i1));
  EXPECT_TRUE(verifies(cmp));

  Value pred = arg({}, i1), x = arg({3}, f32), y = arg({3}, f32);
  auto sel = builder.create<hlo::SelectOp>(loc, pred, x, y);
  EXPECT_EQ(sel.getType(), tensor({3}, f32));
  auto clamp = builder.create<hlo::ClampOp>(loc, arg({}, f32), x, arg({}, f32));
  EXPECT_EQ(clamp.getType(), tensor({3}, f32));
  auto complex = builder.create<hlo::ComplexOp>(loc, x, y);
  EXPECT_EQ(complex.getType(), tensor({3}, ComplexType::get(f32)));
  EXPECT_TRUE(verifies(sel) && verifies(clamp) && verifies(complex));
}

TEST_F(InferTypeTest, TransposePermutesTheShape) {
  // dim(result, i) = dim(operand, permutation[i]).
  auto op = builder.create<hlo::TransposeOp>(loc, arg({2, 3, 4}, f32),
                                             ArrayRef<int64_t>{2, 0, 1});
  EXPECT_EQ(op.getType(), tensor({4, 2, 3}, f32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, SliceRoundsStridedSizesUp) {
  // [1:8:3] of 10 -> ceil(7 / 3) = 3; [0:7:2] of 7 -> ceil(7 / 2) = 4.
  auto op = builder.create<hlo::SliceOp>(
      loc, arg({10, 7}, f64), ArrayRef<int64_t>{1, 0}, ArrayRef<int64_t>{8, 7},
      ArrayRef<int64_t>{3, 2});
  EXPECT_EQ(op.getType(), tensor({3, 4}, f64));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, PadAddsEdgeAndInteriorPadding) {
  // dim 0: 1 + 0 + 2 + (2 - 1) * 1 = 4; dim 1: 0 + 2 + 3 + (3 - 1) * 1 = 7.
  auto op = builder.create<hlo::PadOp>(
      loc, arg({2, 3}, f32), arg({}, f32), ArrayRef<int64_t>{1, 0},
      ArrayRef<int64_t>{0, 2}, ArrayRef<int64_t>{1, 1});
  EXPECT_EQ(op.getType(), tensor({4, 7}, f32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, ConcatenateSumsTheDimension) {
  auto op = builder.create<hlo::ConcatenateOp>(
      loc, ValueRange{arg({2, 3}, i32), arg({2, 5}, i32), arg({2, 1}, i32)},
      /*dimension=*/1);
  EXPECT_EQ(op.getType(), tensor({2, 9}, i32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, DynamicSliceAndUpdateSlice) {
  Value operand = arg({4, 6}, f32), i = arg({}, i32), j = arg({}, i32);
  auto slice = builder.create<hlo::DynamicSliceOp>(
      loc, operand, ValueRange{i, j}, ArrayRef<int64_t>{2, 3});
  EXPECT_EQ(slice.getType(), tensor({2, 3}, f32));
  auto update = builder.create<hlo::DynamicUpdateSliceOp>(loc, operand, slice,
                                                          ValueRange{i, j});
  EXPECT_EQ(update.getType(), tensor({4, 6}, f32));
  EXPECT_TRUE(verifies(slice) && verifies(update));
}

TEST_F(InferTypeTest, DotGeneralBatchThenFreeDimensions) {
  // lhs [8, 4, 16], rhs [8, 16, 5]: batch 8, lhs free 4, rhs free 5.
  auto dims = hlo::DotDimensionNumbersAttr::get(&context, {0}, {0}, {2}, {1});
  auto op = builder.create<hlo::DotGeneralOp>(
      loc, arg({8, 4, 16}, f32), arg({8, 16, 5}, f32), dims, ArrayAttr());
  EXPECT_EQ(op.getType(), tensor({8, 4, 5}, f32));
  EXPECT_TRUE(verifies(op));
  // The element type is free: only shapes must agree.
  EXPECT_TRUE(hlo::DotGeneralOp::isCompatibleReturnTypes(
      TypeRange{tensor({8, 4, 5}, f32)}, TypeRange{tensor({8, 4, 5}, f64)}));
  EXPECT_FALSE(hlo::DotGeneralOp::isCompatibleReturnTypes(
      TypeRange{tensor({8, 4, 5}, f32)}, TypeRange{tensor({8, 5, 4}, f32)}));
}

TEST_F(InferTypeTest, DotOfMatrixAndVector) {
  auto op = builder.create<hlo::DotOp>(loc, arg({3, 4}, f32), arg({4}, f32),
                                       ArrayAttr());
  EXPECT_EQ(op.getType(), tensor({3}, f32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, ConvolutionWindowedOutputShape) {
  // NHWC input 1x8x8x3, HWIO kernel 3x3x3x16, stride 2, padding 1 each side:
  // (8 + 1 + 1 - 3) / 2 + 1 = 4 per spatial dimension.
  auto dims = hlo::ConvDimensionNumbersAttr::get(&context, 0, 3, {1, 2}, 2, 3,
                                                 {0, 1}, 0, 3, {1, 2});
  auto padding = DenseIntElementsAttr::get(tensor({2, 2}, i64),
                                           ArrayRef<int64_t>{1, 1, 1, 1});
  auto op = builder.create<hlo::ConvolutionOp>(
      loc, arg({1, 8, 8, 3}, f32), arg({3, 3, 3, 16}, f32),
      builder.getDenseI64ArrayAttr({2, 2}), padding, DenseI64ArrayAttr(),
      DenseI64ArrayAttr(), DenseBoolArrayAttr(), dims, uint64_t(1), uint64_t(1),
      ArrayAttr());
  EXPECT_EQ(op.getType(), tensor({1, 4, 4, 16}, f32));
  EXPECT_TRUE(verifies(op));

  // Kernel dilation 2 (window 3 -> 5), input dilation 2 (8 -> 15), no
  // padding, stride 1: 15 - 5 + 1 = 11.
  auto dilated = builder.create<hlo::ConvolutionOp>(
      loc, arg({1, 8, 8, 3}, f32), arg({3, 3, 3, 16}, f32), DenseI64ArrayAttr(),
      DenseIntElementsAttr(), builder.getDenseI64ArrayAttr({2, 2}),
      builder.getDenseI64ArrayAttr({2, 2}), DenseBoolArrayAttr(), dims,
      uint64_t(1), uint64_t(1), ArrayAttr());
  EXPECT_EQ(dilated.getType(), tensor({1, 11, 11, 16}, f32));
}

TEST_F(InferTypeTest, ReduceDropsTheReducedDimensions) {
  Value input = arg({2, 3, 4}, f32), init = arg({}, f32);
  auto op = builder.create<hlo::ReduceOp>(
      loc, ValueRange{input}, ValueRange{init}, ArrayRef<int64_t>{1});
  ASSERT_EQ(op.getNumResults(), 1u);
  EXPECT_EQ(op.getResult(0).getType(), tensor({2, 4}, f32));
  // Give it the body the spec requires, then it verifies.
  Block *body = builder.createBlock(&op.getBody());
  Value a = body->addArgument(tensor({}, f32), loc);
  Value b = body->addArgument(tensor({}, f32), loc);
  Value sum = builder.create<hlo::AddOp>(loc, a, b);
  builder.create<hlo::ReturnOp>(loc, ValueRange{sum});
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, ReduceWindowWindowedShape) {
  // 4x6, window 2x3, strides 2x3, padding [[1, 1], [0, 0]]:
  // (4 + 2 - 2) / 2 + 1 = 3 and (6 - 3) / 3 + 1 = 2.
  auto padding = DenseIntElementsAttr::get(tensor({2, 2}, i64),
                                           ArrayRef<int64_t>{1, 1, 0, 0});
  auto op = builder.create<hlo::ReduceWindowOp>(
      loc, ValueRange{arg({4, 6}, f32)}, ValueRange{arg({}, f32)},
      builder.getDenseI64ArrayAttr({2, 3}),
      builder.getDenseI64ArrayAttr({2, 3}), DenseI64ArrayAttr(),
      DenseI64ArrayAttr(), padding);
  ASSERT_EQ(op.getNumResults(), 1u);
  EXPECT_EQ(op.getResult(0).getType(), tensor({3, 2}, f32));
}

TEST_F(InferTypeTest, GatherSpecExample) {
  // The spec's gather example: operand 3x4x2, start_indices 2x3x2,
  // offset_dims [2, 3], collapsed_slice_dims [0], start_index_map [1, 0],
  // index_vector_dim 2, slice_sizes [1, 2, 2] -> 2x3x2x2.
  auto dims = hlo::GatherDimensionNumbersAttr::get(&context, {2, 3}, {0}, {},
                                                   {}, {1, 0}, 2);
  auto op = builder.create<hlo::GatherOp>(loc, arg({3, 4, 2}, i32),
                                          arg({2, 3, 2}, i64), dims,
                                          ArrayRef<int64_t>{1, 2, 2});
  EXPECT_EQ(op.getType(), tensor({2, 3, 2, 2}, i32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, BatchNormTrainingPerFeatureResults) {
  Value operand = arg({2, 3, 4}, f32);
  auto op = builder.create<hlo::BatchNormTrainingOp>(
      loc, operand, arg({3}, f32), arg({3}, f32), builder.getF32FloatAttr(1e-5),
      builder.getI64IntegerAttr(1));
  EXPECT_EQ(op.getOutput().getType(), tensor({2, 3, 4}, f32));
  EXPECT_EQ(op.getBatchMean().getType(), tensor({3}, f32));
  EXPECT_EQ(op.getBatchVar().getType(), tensor({3}, f32));
  EXPECT_TRUE(verifies(op));
}

TEST_F(InferTypeTest, FftRealTransformsChangeTheLastDimension) {
  auto rfft = builder.create<hlo::FftOp>(
      loc, arg({2, 8}, f32), hlo::FftType::RFFT, ArrayRef<int64_t>{8});
  EXPECT_EQ(rfft.getType(), tensor({2, 5}, ComplexType::get(f32)));
  auto irfft = builder.create<hlo::FftOp>(loc, rfft, hlo::FftType::IRFFT,
                                          ArrayRef<int64_t>{8});
  EXPECT_EQ(irfft.getType(), tensor({2, 8}, f32));
}

TEST_F(InferTypeTest, TuplesDimensionSizeAndIds) {
  Value a = arg({2}, f32), b = arg({}, i32);
  auto tuple = builder.create<hlo::TupleOp>(loc, ValueRange{a, b});
  EXPECT_EQ(tuple.getType(),
            TupleType::get(&context, {tensor({2}, f32), tensor({}, i32)}));
  auto second = builder.create<hlo::GetTupleElementOp>(loc, tuple, 1);
  EXPECT_EQ(second.getType(), tensor({}, i32));
  auto size = builder.create<hlo::GetDimensionSizeOp>(loc, a, 0);
  EXPECT_EQ(size.getType(), tensor({}, i32));
  auto replica = builder.create<hlo::ReplicaIdOp>(loc);
  EXPECT_EQ(replica.getType(),
            tensor({}, IntegerType::get(&context, 32, IntegerType::Unsigned)));
  EXPECT_TRUE(verifies(tuple) && verifies(second) && verifies(size));
}

TEST_F(InferTypeTest, LegacyBroadcastAndTriangularSolve) {
  auto bcast = builder.create<hlo::BroadcastOp>(loc, arg({3}, f32),
                                                ArrayRef<int64_t>{2, 5});
  EXPECT_EQ(bcast.getType(), tensor({2, 5, 3}, f32));
  auto solve = builder.create<hlo::TriangularSolveOp>(
      loc, arg({4, 4}, f32), arg({4, 7}, f32), true, true, false,
      hlo::Transpose::NO_TRANSPOSE);
  EXPECT_EQ(solve.getType(), tensor({4, 7}, f32));
  EXPECT_TRUE(verifies(bcast) && verifies(solve));
}

TEST_F(InferTypeTest, VerifierRejectsADeclaredTypeThatDiffersFromTheInferred) {
  // The slice verifier checks shapes; the element type is checked by
  // inference.
  auto op = builder.create<hlo::SliceOp>(
      loc, tensor({3}, f16), arg({10}, f32), ArrayRef<int64_t>{1},
      ArrayRef<int64_t>{8}, ArrayRef<int64_t>{3});
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message += d.str() + "\n";
    return success();
  });
  EXPECT_FALSE(verifies(op));
  EXPECT_NE(message.find("inferred type(s) 'tensor<3xf32>' are incompatible"),
            std::string::npos)
      << message;
}

} // namespace
