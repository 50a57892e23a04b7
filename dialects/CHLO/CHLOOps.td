//===- CHLOOps.td - client HLO ops JAX emits -----------------*- tablegen -*-===//
//
// The `chlo` ops that JAX exports contain (erf is exact GELU in real models).
// Each has reference semantics in the interpreter and is decomposed into
// `stablehlo` ops in the `simplify` phase.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_CHLO_OPS_TD
#define SYSTOLE_CHLO_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::systole::chlo";
  let summary = "client HLO ops (the subset JAX emits)";
}

def CHLO_Tensor : RankedTensorOf<[AnyType]>;

class CHLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<CHLO_Dialect, mnemonic, traits>;

class CHLO_UnaryOp<string mnemonic> : CHLO_Op<mnemonic, [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let arguments = (ins CHLO_Tensor:$operand);
  let results = (outs CHLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def CHLO_AcosOp : CHLO_UnaryOp<"acos"> {
  let summary = "arc cosine";
}
def CHLO_AcoshOp : CHLO_UnaryOp<"acosh"> {
  let summary = "inverse hyperbolic cosine";
}
def CHLO_AsinOp : CHLO_UnaryOp<"asin"> {
  let summary = "arc sine";
}
def CHLO_AsinhOp : CHLO_UnaryOp<"asinh"> {
  let summary = "inverse hyperbolic sine";
}
def CHLO_AtanOp : CHLO_UnaryOp<"atan"> {
  let summary = "arc tangent";
}
def CHLO_AtanhOp : CHLO_UnaryOp<"atanh"> {
  let summary = "inverse hyperbolic tangent";
}
def CHLO_BesselI1eOp : CHLO_UnaryOp<"bessel_i1e"> {
  let summary = "exponentially scaled modified Bessel function of order 1";
}
def CHLO_ConjOp : CHLO_UnaryOp<"conj"> {
  let summary = "complex conjugate";
}
def CHLO_CoshOp : CHLO_UnaryOp<"cosh"> {
  let summary = "hyperbolic cosine";
}
def CHLO_SinhOp : CHLO_UnaryOp<"sinh"> {
  let summary = "hyperbolic sine";
}
def CHLO_TanOp : CHLO_UnaryOp<"tan"> {
  let summary = "tangent";
}
def CHLO_DigammaOp : CHLO_UnaryOp<"digamma"> {
  let summary = "digamma function";
}
def CHLO_ErfOp : CHLO_UnaryOp<"erf"> {
  let summary = "error function";
}
def CHLO_ErfcOp : CHLO_UnaryOp<"erfc"> {
  let summary = "complementary error function";
}
def CHLO_ErfInvOp : CHLO_UnaryOp<"erf_inv"> {
  let summary = "inverse error function";
}
def CHLO_LgammaOp : CHLO_UnaryOp<"lgamma"> {
  let summary = "log of the absolute gamma function";
}
def CHLO_SquareOp : CHLO_UnaryOp<"square"> {
  let summary = "x * x";
}

def CHLO_NextAfterOp : CHLO_Op<"next_after", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "next representable value from x towards y";
  let arguments = (ins CHLO_Tensor:$x, CHLO_Tensor:$y);
  let results = (outs CHLO_Tensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
}

def CHLO_PolygammaOp : CHLO_Op<"polygamma", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "polygamma function of order n";
  let arguments = (ins CHLO_Tensor:$n, CHLO_Tensor:$x);
  let results = (outs CHLO_Tensor:$result);
  let assemblyFormat = [{
    $n `,` $x attr-dict `:` type($n) `,` type($x) `->` type($result)
  }];
}

def CHLO_ZetaOp : CHLO_Op<"zeta", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Hurwitz zeta function";
  let arguments = (ins CHLO_Tensor:$x, CHLO_Tensor:$q);
  let results = (outs CHLO_Tensor:$result);
  let assemblyFormat = [{
    $x `,` $q attr-dict `:` type($x) `,` type($q) `->` type($result)
  }];
}

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure]> {
  let summary = "the k largest values of the last dimension and their indices";
  let arguments = (ins CHLO_Tensor:$operand, I64Attr:$k);
  let results = (outs CHLO_Tensor:$values, CHLO_Tensor:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

#endif // SYSTOLE_CHLO_OPS_TD
