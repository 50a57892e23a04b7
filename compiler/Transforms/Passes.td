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

#endif
