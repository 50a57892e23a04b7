//===- StableHLOBase.td - StableHLO dialect, enums and attributes -------===//
//
// The `stablehlo` dialect as defined by the public StableHLO specification
// (https://openxla.org/stablehlo/spec). Written from the specification: op
// names, textual syntax and attributes follow it so that JAX, PyTorch/XLA and
// TensorFlow exports parse unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_STABLEHLO_BASE_TD
#define SYSTOLE_STABLEHLO_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::systole::stablehlo";
  let summary = "StableHLO operation set (systole's implementation of the spec)";
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Enums (spec: "Types" and the ops that carry them). Printed bare inside an op
// (`compare LT, ...`) and as `#stablehlo<comparison_direction LT>` elsewhere.
//===----------------------------------------------------------------------===//

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction (spec: compare)", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_ComparisonDirectionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "comparison type (spec: compare)", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_ComparisonTypeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision",
    "precision config (spec: dot_general)", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_PrecisionAttr : EnumAttr<StableHLO_Dialect, StableHLO_Precision,
    "precision">;
def StableHLO_PrecisionConfigAttr : OptionalAttr<
    TypedArrayAttrBase<StableHLO_PrecisionAttr, "precision config">>;

def StableHLO_FftType : I32EnumAttr<"FftType", "fft type (spec: fft)", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_FftTypeAttr : EnumAttr<StableHLO_Dialect, StableHLO_FftType,
    "fft_type">;

def StableHLO_Transpose : I32EnumAttr<"Transpose",
    "transpose (spec: triangular_solve)", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_TransposeAttr : EnumAttr<StableHLO_Dialect, StableHLO_Transpose,
    "transpose">;

def StableHLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "rng distribution (spec: rng)", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_RngDistributionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "rng algorithm (spec: rng_bit_generator)", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::systole::stablehlo";
}
def StableHLO_RngAlgorithmAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_CustomCallApiVersion : I32EnumAttr<"CustomCallApiVersion",
    "custom call API version", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::systole::stablehlo";
}

//===----------------------------------------------------------------------===//
// Structured attributes. Each has a hand-written parser and printer that
// follows the spec's textual form; empty dimension lists are omitted.
//===----------------------------------------------------------------------===//

class StableHLO_Attr<string name, string mnemonic_> :
    AttrDef<StableHLO_Dialect, name> {
  let mnemonic = mnemonic_;
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_DotDimensionNumbers : StableHLO_Attr<"DotDimensionNumbers",
    "dot"> {
  let summary = "dot_general dimension numbers (spec: dot_general)";
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
      ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
      ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
      ArrayRefParameter<"int64_t">:$rhsContractingDimensions);
}

def StableHLO_GatherDimensionNumbers : StableHLO_Attr<"GatherDimensionNumbers",
    "gather"> {
  let summary = "gather dimension numbers (spec: gather)";
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$offsetDims,
      ArrayRefParameter<"int64_t">:$collapsedSliceDims,
      ArrayRefParameter<"int64_t">:$operandBatchingDims,
      ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
      ArrayRefParameter<"int64_t">:$startIndexMap,
      "int64_t":$indexVectorDim);
}

def StableHLO_ScatterDimensionNumbers : StableHLO_Attr<
    "ScatterDimensionNumbers", "scatter"> {
  let summary = "scatter dimension numbers (spec: scatter)";
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$updateWindowDims,
      ArrayRefParameter<"int64_t">:$insertedWindowDims,
      ArrayRefParameter<"int64_t">:$inputBatchingDims,
      ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
      ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
      "int64_t":$indexVectorDim);
}

def StableHLO_ConvDimensionNumbers : StableHLO_Attr<"ConvDimensionNumbers",
    "conv"> {
  let summary = "convolution dimension numbers (spec: convolution)";
  let description = [{
    Printed as `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (inside the op after
    `dim_numbers =`, and as `#stablehlo.conv<...>` elsewhere);
    `#stablehlo.conv<raw input_batch_dimension = 0, ...>` is also accepted.
  }];
  let parameters = (ins
      "int64_t":$inputBatchDimension,
      "int64_t":$inputFeatureDimension,
      ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
      "int64_t":$kernelInputFeatureDimension,
      "int64_t":$kernelOutputFeatureDimension,
      ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
      "int64_t":$outputBatchDimension,
      "int64_t":$outputFeatureDimension,
      ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
}

def StableHLO_OutputOperandAlias : StableHLO_Attr<"OutputOperandAlias",
    "output_operand_alias"> {
  let summary = "custom_call output/operand aliasing";
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$outputTupleIndices,
      "int64_t":$operandIndex,
      ArrayRefParameter<"int64_t">:$operandTupleIndices);
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle",
    "channel_handle"> {
  let summary = "channel handle of collectives (spec: all_reduce, ...)";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
}

#endif // SYSTOLE_STABLEHLO_BASE_TD
