//===- StableHLOOps.td - StableHLO operations -----------------*- tablegen -*-===//
//
// One op per operation of the StableHLO specification with static shapes.
// Syntax follows what JAX and PyTorch/XLA print (pretty forms below, and the
// generic form for every op). Verifiers implement the spec's constraints.
// Ops whose result type the spec determines implement InferTypeOpInterface
// (StableHLOTypeInference.cpp, whose header lists the ops that do not:
// convert, bitcast_convert, iota, dynamic_iota, rng, rng_bit_generator,
// broadcast_in_dim, reshape, custom_call, uniform_quantize/_dequantize and
// the collectives).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_STABLEHLO_OPS_TD
#define SYSTOLE_STABLEHLO_OPS_TD

include "StableHLOBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def HLO_Tensor : RankedTensorOf<[AnyType]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, NoneType, AnyTuple]>;


class StableHLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<StableHLO_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Elementwise ops (spec: abs ... xor)
//===----------------------------------------------------------------------===//

class StableHLO_UnaryOpBase<string mnemonic, list<Trait> traits = []> :
    StableHLO_Op<mnemonic, !listconcat([Pure, Elementwise,
        SameOperandsAndResultShape], traits)> {
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyUnaryElementwise(getOperation());
    }
  }];
}

// Unary elementwise ops whose result type follows from the operand's
// (inferUnaryElementwiseType): the operand type, except is_finite (i1),
// real/imag and abs of a complex operand (the part type).
class StableHLO_UnaryOp<string mnemonic, list<Trait> traits = []> :
    StableHLO_UnaryOpBase<mnemonic, !listconcat([InferTypeOpAdaptor], traits)> {
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyUnaryElementwise(getOperation());
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> location, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return inferUnaryElementwiseType(getOperationName(), location,
                                       adaptor.getOperand().getType(), inferred);
    }
  }];
}

def StableHLO_AbsOp : StableHLO_UnaryOp<"abs"> {
  let summary = "absolute value (spec: abs)";
}
def StableHLO_CbrtOp : StableHLO_UnaryOp<"cbrt"> {
  let summary = "cube root (spec: cbrt)";
}
def StableHLO_CeilOp : StableHLO_UnaryOp<"ceil"> {
  let summary = "round up (spec: ceil)";
}
def StableHLO_CountLeadingZerosOp : StableHLO_UnaryOp<"count_leading_zeros"> {
  let summary = "leading zero bits (spec: count_leading_zeros)";
}
def StableHLO_CosineOp : StableHLO_UnaryOp<"cosine"> {
  let summary = "cosine (spec: cosine)";
}
def StableHLO_ExponentialOp : StableHLO_UnaryOp<"exponential"> {
  let summary = "e^x (spec: exponential)";
}
def StableHLO_ExponentialMinusOneOp : StableHLO_UnaryOp<"exponential_minus_one"> {
  let summary = "e^x - 1 (spec: exponential_minus_one)";
}
def StableHLO_FloorOp : StableHLO_UnaryOp<"floor"> {
  let summary = "round down (spec: floor)";
}
def StableHLO_LogOp : StableHLO_UnaryOp<"log"> {
  let summary = "natural logarithm (spec: log)";
}
def StableHLO_LogPlusOneOp : StableHLO_UnaryOp<"log_plus_one"> {
  let summary = "log(1 + x) (spec: log_plus_one)";
}
def StableHLO_LogisticOp : StableHLO_UnaryOp<"logistic"> {
  let summary = "1 / (1 + e^-x) (spec: logistic)";
}
def StableHLO_NegateOp : StableHLO_UnaryOp<"negate"> {
  let summary = "-x (spec: negate)";
}
def StableHLO_NotOp : StableHLO_UnaryOp<"not"> {
  let summary = "logical/bitwise not (spec: not)";
}
def StableHLO_PopcntOp : StableHLO_UnaryOp<"popcnt"> {
  let summary = "set bits (spec: popcnt)";
}
def StableHLO_RoundNearestAfzOp : StableHLO_UnaryOp<"round_nearest_afz"> {
  let summary = "round half away from zero (spec: round_nearest_afz)";
}
def StableHLO_RoundNearestEvenOp : StableHLO_UnaryOp<"round_nearest_even"> {
  let summary = "round half to even (spec: round_nearest_even)";
}
def StableHLO_RsqrtOp : StableHLO_UnaryOp<"rsqrt"> {
  let summary = "1 / sqrt(x) (spec: rsqrt)";
}
def StableHLO_SignOp : StableHLO_UnaryOp<"sign"> {
  let summary = "sign (spec: sign)";
}
def StableHLO_SineOp : StableHLO_UnaryOp<"sine"> {
  let summary = "sine (spec: sine)";
}
def StableHLO_SqrtOp : StableHLO_UnaryOp<"sqrt"> {
  let summary = "square root (spec: sqrt)";
}
def StableHLO_TanOp : StableHLO_UnaryOp<"tan"> {
  let summary = "tangent (spec: tan)";
}
def StableHLO_TanhOp : StableHLO_UnaryOp<"tanh"> {
  let summary = "hyperbolic tangent (spec: tanh)";
}
def StableHLO_RealOp : StableHLO_UnaryOp<"real"> {
  let summary = "real part (spec: real)";
}
def StableHLO_ImagOp : StableHLO_UnaryOp<"imag"> {
  let summary = "imaginary part (spec: imag)";
}
def StableHLO_IsFiniteOp : StableHLO_UnaryOp<"is_finite"> {
  let summary = "finite test (spec: is_finite)";
}
// Not inferred: the result element type is the conversion's target.
def StableHLO_ConvertOp : StableHLO_UnaryOpBase<"convert"> {
  let summary = "element type conversion (spec: convert)";
}

class StableHLO_BinaryOp<string mnemonic, list<Trait> traits = []> :
    StableHLO_Op<mnemonic, !listconcat([Pure, Elementwise,
        SameOperandsAndResultShape, InferTypeOpAdaptor], traits)> {
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyBinaryElementwise(getOperation());
    }
    ::mlir::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location>, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      inferred.push_back(adaptor.getLhs().getType());
      return ::mlir::success();
    }
  }];
}

def StableHLO_AddOp : StableHLO_BinaryOp<"add", [Commutative]> {
  let summary = "lhs + rhs (spec: add)";
}
def StableHLO_Atan2Op : StableHLO_BinaryOp<"atan2"> {
  let summary = "atan2(lhs, rhs) (spec: atan2)";
}
def StableHLO_DivideOp : StableHLO_BinaryOp<"divide"> {
  let summary = "lhs / rhs (spec: divide)";
}
def StableHLO_MaximumOp : StableHLO_BinaryOp<"maximum", [Commutative]> {
  let summary = "max(lhs, rhs) (spec: maximum)";
}
def StableHLO_MinimumOp : StableHLO_BinaryOp<"minimum", [Commutative]> {
  let summary = "min(lhs, rhs) (spec: minimum)";
}
def StableHLO_MultiplyOp : StableHLO_BinaryOp<"multiply", [Commutative]> {
  let summary = "lhs * rhs (spec: multiply)";
}
def StableHLO_PowerOp : StableHLO_BinaryOp<"power"> {
  let summary = "lhs ^ rhs (spec: power)";
}
def StableHLO_RemainderOp : StableHLO_BinaryOp<"remainder"> {
  let summary = "remainder of lhs / rhs (spec: remainder)";
}
def StableHLO_ShiftLeftOp : StableHLO_BinaryOp<"shift_left"> {
  let summary = "lhs << rhs (spec: shift_left)";
}
def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryOp<"shift_right_arithmetic"> {
  let summary = "arithmetic lhs >> rhs (spec: shift_right_arithmetic)";
}
def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryOp<"shift_right_logical"> {
  let summary = "logical lhs >> rhs (spec: shift_right_logical)";
}
def StableHLO_SubtractOp : StableHLO_BinaryOp<"subtract"> {
  let summary = "lhs - rhs (spec: subtract)";
}
def StableHLO_AndOp : StableHLO_BinaryOp<"and", [Commutative]> {
  let summary = "logical/bitwise and (spec: and)";
}
def StableHLO_OrOp : StableHLO_BinaryOp<"or", [Commutative]> {
  let summary = "logical/bitwise or (spec: or)";
}
def StableHLO_XorOp : StableHLO_BinaryOp<"xor", [Commutative]> {
  let summary = "logical/bitwise xor (spec: xor)";
}

def StableHLO_ComplexOp : StableHLO_Op<"complex", [Pure, Elementwise,
    SameOperandsAndResultShape, InferTypeOpAdaptor]> {
  let summary = "complex(lhs, rhs) -> lhs + i*rhs (spec: complex)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_CompareOp : StableHLO_Op<"compare", [Pure, Elementwise,
    SameOperandsAndResultShape, InferTypeOpAdaptor]> {
  let summary = "elementwise comparison (spec: compare)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure, InferTypeOpAdaptor]> {
  let summary = "pred ? on_true : on_false (spec: select)";
  let arguments = (ins HLO_Tensor:$pred, HLO_Tensor:$on_true,
      HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure, InferTypeOpAdaptor]> {
  let summary = "min(max(operand, min), max) (spec: clamp)";
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "reinterpret bits (spec: bitcast_convert)";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision", [Pure,
    Elementwise, SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "round to a narrower float format (spec: reduce_precision)";
  let arguments = (ins HLO_Tensor:$operand, I32Attr:$exponent_bits,
      I32Attr:$mantissa_bits);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants and generators
//===----------------------------------------------------------------------===//

def StableHLO_ConstantOp : StableHLO_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "constant tensor (spec: constant)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "values along a dimension (spec: iota)";
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota with a shape operand (spec: dynamic_iota)";
  let arguments = (ins HLO_Tensor:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngOp : StableHLO_Op<"rng", []> {
  let summary = "random numbers (spec: rng)";
  let arguments = (ins HLO_Tensor:$a, HLO_Tensor:$b, HLO_Tensor:$shape,
      StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bits (spec: rng_bit_generator)";
  let arguments = (ins HLO_Tensor:$initial_state,
      StableHLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs HLO_Tensor:$output_state, HLO_Tensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure, InferTypeOpAdaptor]> {
  let summary = "replica id (spec: replica_id); 0 on a single core";
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure, InferTypeOpAdaptor]> {
  let summary = "partition id (spec: partition_id); 0 on a single core";
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast (spec: broadcast_in_dim)";
  let arguments = (ins HLO_Tensor:$operand,
      DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [Pure, InferTypeOpAdaptor]> {
  let summary = "prepend dimensions (legacy op, kept for older exports)";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` $broadcast_sizes attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape (spec: reshape)";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "permute dimensions (spec: transpose)";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [Pure, InferTypeOpAdaptor]> {
  let summary = "static slice (spec: slice)";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$start_indices,
      DenseI64ArrayAttr:$limit_indices, DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure, InferTypeOpAdaptor]> {
  let summary = "slice at runtime offsets (spec: dynamic_slice)";
  let arguments = (ins HLO_Tensor:$operand, Variadic<HLO_Tensor>:$start_indices,
      DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` $slice_sizes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "update a slice at runtime offsets (spec: dynamic_update_slice)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
      Variadic<HLO_Tensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure, InferTypeOpAdaptor]> {
  let summary = "concatenate (spec: concatenate)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure, InferTypeOpAdaptor]> {
  let summary = "edge and interior padding (spec: pad)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
      DenseI64ArrayAttr:$edge_padding_low, DenseI64ArrayAttr:$edge_padding_high,
      DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,`
      `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [Pure,
    SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "reverse dimensions (spec: reverse)";
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [Pure, InferTypeOpAdaptor]> {
  let summary = "size of a dimension (spec: get_dimension_size)";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure, InferTypeOpAdaptor]> {
  let summary = "gather slices (spec: gather)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$start_indices,
      StableHLO_GatherDimensionNumbers:$dimension_numbers,
      DenseI64ArrayAttr:$slice_sizes,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [
    RecursiveMemoryEffects, SameVariadicOperandSize, InferTypeOpAdaptor]> {
  let summary = "scatter with a combiner (spec: scatter)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      HLO_Tensor:$scatter_indices, Variadic<HLO_Tensor>:$updates,
      StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "vector/matrix product (legacy op, spec: dot)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_PrecisionConfigAttr:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "batched contraction (spec: dot_general)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
      StableHLO_PrecisionConfigAttr:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) ``
      custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure, InferTypeOpAdaptorWithIsCompatible]> {
  let summary = "convolution (spec: convolution)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count, I64Attr:$batch_group_count,
      StableHLO_PrecisionConfigAttr:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(`operands`)` `dim_numbers` `=` custom<ConvDimensions>($dimension_numbers) `,`
      `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
        $lhs_dilation, $rhs_dilation, $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Ops with regions
//===----------------------------------------------------------------------===//

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [RecursiveMemoryEffects,
    SameVariadicOperandSize, InferTypeOpAdaptor]> {
  let summary = "reduce along dimensions (spec: reduce)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values, DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize, InferTypeOpAdaptor]> {
  let summary = "windowed reduction (spec: reduce_window)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$init_values,
      DenseI64ArrayAttr:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
      OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [
    RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "select in windows, scatter source (spec: select_and_scatter)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
      HLO_Tensor:$init_value,
      OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "sort along a dimension (spec: sort)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "apply a computation elementwise (spec: map)";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_WhileOp : StableHLO_Op<"while", [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "loop (spec: while)";
  let arguments = (ins Variadic<AnyType>:$operand);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "conditional (spec: if)";
  let arguments = (ins HLO_Tensor:$pred);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$true_branch,
      SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "multi-way conditional (spec: case)";
  let arguments = (ins HLO_Tensor:$index);
  let results = (outs Variadic<AnyType>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator,
    ReturnLike]> {
  let summary = "region terminator (spec: return)";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "identity that blocks optimization (spec: optimization_barrier)";
  let arguments = (ins Variadic<AnyType>:$operand);
  let results = (outs Variadic<AnyType>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
  let hasVerifier = 1;
}

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call", []> {
  let summary = "call to a named external computation (spec: custom_call)";
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$call_target_name,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
      OptionalAttr<AnyAttr>:$backend_config,
      OptionalAttr<AnyAttr>:$api_version,
      OptionalAttr<ArrayAttr>:$called_computations,
      OptionalAttr<ArrayAttr>:$operand_layouts,
      OptionalAttr<ArrayAttr>:$result_layouts,
      OptionalAttr<ArrayAttr>:$output_operand_aliases);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "an op named by its producer, defined by a function (spec: composite)";
  let description = [{
    Computes what `decomposition` (a function of the module) computes on
    `inputs`; `name`, `composite_attributes` and `version` describe the op
    to the backends that know it. systole's `input` phase replaces it by a
    call to the decomposition, which is then inlined.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$name,
      DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
      FlatSymbolRefAttr:$decomposition,
      DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure, InferTypeOpAdaptor]> {
  let summary = "make a tuple (spec: tuple)";
  let arguments = (ins Variadic<AnyType>:$val);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = "$val attr-dict `:` custom<TupleOpType>(type($val), type($result))";
  let hasVerifier = 1;
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure, InferTypeOpAdaptor]> {
  let summary = "tuple element (spec: get_tuple_element)";
  let arguments = (ins AnyTuple:$operand, I32Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Normalisation, linear algebra, FFT, quantization
//===----------------------------------------------------------------------===//

def StableHLO_BatchNormInferenceOp : StableHLO_Op<"batch_norm_inference",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "batch normalisation, inference (spec: batch_norm_inference)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$scale,
      HLO_Tensor:$offset, HLO_Tensor:$mean, HLO_Tensor:$variance,
      F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_BatchNormTrainingOp : StableHLO_Op<"batch_norm_training",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "batch normalisation, training (spec: batch_norm_training)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$scale,
      HLO_Tensor:$offset, F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_Tensor:$output, HLO_Tensor:$batch_mean,
      HLO_Tensor:$batch_var);
  let hasVerifier = 1;
}

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [Pure, InferTypeOpAdaptor]> {
  let summary = "batch normalisation gradients (spec: batch_norm_grad)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$scale,
      HLO_Tensor:$mean, HLO_Tensor:$variance, HLO_Tensor:$grad_output,
      F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_Tensor:$grad_operand, HLO_Tensor:$grad_scale,
      HLO_Tensor:$grad_offset);
  let hasVerifier = 1;
}

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [Pure,
    SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "Cholesky decomposition (spec: cholesky)";
  let arguments = (ins HLO_Tensor:$a,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:`
      custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [Pure, InferTypeOpAdaptor]> {
  let summary = "solve a triangular system (spec: triangular_solve)";
  let arguments = (ins HLO_Tensor:$a, HLO_Tensor:$b, BoolAttr:$left_side,
      BoolAttr:$lower, BoolAttr:$unit_diagonal,
      StableHLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_FftOp : StableHLO_Op<"fft", [Pure, InferTypeOpAdaptor]> {
  let summary = "fast Fourier transform (spec: fft)";
  let arguments = (ins HLO_Tensor:$operand, StableHLO_FftTypeAttr:$fft_type,
      DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure]> {
  let summary = "quantize (spec: uniform_quantize)";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
}

def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize", [Pure,
    InferTypeOpAdaptor]> {
  let summary = "dequantize (spec: uniform_dequantize)";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Collectives. On a single NeuronCore (one replica, one partition) each is the
// identity of the spec's semantics for a group of one process.
//===----------------------------------------------------------------------===//

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce", [RecursiveMemoryEffects]> {
  let summary = "all-reduce (spec: all_reduce)";
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather", []> {
  let summary = "all-gather (spec: all_gather)";
  let arguments = (ins Variadic<HLO_Tensor>:$operands, I64Attr:$all_gather_dim,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter", [
    RecursiveMemoryEffects]> {
  let summary = "reduce-scatter (spec: reduce_scatter)";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$scatter_dimension,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
      UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all", []> {
  let summary = "all-to-all (spec: all_to_all)";
  let arguments = (ins Variadic<HLO_Tensor>:$operands, I64Attr:$split_dimension,
      I64Attr:$concat_dimension, I64Attr:$split_count,
      I64ElementsAttr:$replica_groups,
      OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute", []> {
  let summary = "collective permute (spec: collective_permute)";
  let arguments = (ins HLO_Tensor:$operand,
      I64ElementsAttr:$source_target_pairs,
      OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

#endif // SYSTOLE_STABLEHLO_OPS_TD
