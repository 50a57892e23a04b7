//===- Passes.td - systole's passes ---------------------------*- tablegen -*-===//
//
// One pass per phase of ../shared/DESIGN.md section 1 (or per job within a
// phase). Names are prefixed `systole-`.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_TRANSFORMS_PASSES_TD
#define SYSTOLE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def NormalizeInput : Pass<"systole-input", "mlir::ModuleOp"> {
  let summary = "The `input` phase: accept what real exports carry";
  let description = [{
    Normalises a model graph as JAX, PyTorch/XLA or TensorFlow export it
    (DESIGN section 1, phase `input`):
    - `sdy.constant` and tensor-typed `arith.constant` become
      `stablehlo.constant`;
    - `sdy.mesh` declarations are dropped (systole compiles for one core;
      `#sdy.sharding` attributes stay as hints);
    - calls are inlined and private functions removed;
    - ops of dialects systole does not know are reported, all of them, each
      at its location.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect",
                           "::mlir::func::FuncDialect"];
}

def DecomposeCHLO : Pass<"systole-decompose-chlo", "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: decompose chlo ops into stablehlo";
  let description = [{
    Rewrites each `chlo` op into `stablehlo` ops (DESIGN section 1, phase
    `simplify`): `erf`, `erfc` (f32-accurate polynomial and Chebyshev
    expansions), `tan`, `sinh`, `cosh`, `asin`, `acos`, `atan`, `asinh`,
    `acosh`, `atanh`, `square`, `conj`, `next_after` (on the bit pattern) and
    `top_k` (stable descending `sort` with an `iota`, then `slice`). Floats
    narrower than f32 are computed in f32 and rounded once.
    Every chlo op left (`lgamma`, `digamma`, `polygamma`, `zeta`,
    `bessel_i1e`, `erf_inv`, or an unsupported element type) is reported with
    an error at its location, all of them, and the pass fails.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def DecomposeComposites : Pass<"systole-decompose-composites",
                               "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: composite stablehlo ops into core ops";
  let description = [{
    `batch_norm_inference` becomes `broadcast_in_dim`, `subtract`,
    `multiply`, `rsqrt` and `add`; `dot` becomes `dot_general`; `clamp`
    becomes `maximum` then `minimum` with scalar bounds broadcast.
    `logistic` is kept: it maps to one activation-engine instruction.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

#endif
