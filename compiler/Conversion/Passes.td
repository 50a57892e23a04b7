//===- Passes.td - systole's dialect conversions -------------*- tablegen -*-===//
//
// Conversions between dialects, one per phase boundary of DESIGN section 1.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_CONVERSION_PASSES_TD
#define SYSTOLE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def StableHLOToLinalg : Pass<"systole-stablehlo-to-linalg", "mlir::ModuleOp"> {
  let summary = "The `linalg` phase: StableHLO to linalg-on-tensors";
  let description = [{
    Lowers `stablehlo` (after `systole-simplify`) to `linalg` on tensors,
    `tensor`, `arith`, `math` and `scf` (DESIGN section 1, phase `linalg`):
    - elementwise ops, `select`, `clamp`, `convert`, `bitcast_convert`:
      `linalg.generic` with `arith`/`math` bodies;
    - `constant`: `arith.constant`; `iota`/`dynamic_iota`: `linalg.generic`
      over `linalg.index`;
    - `broadcast_in_dim`: `linalg.broadcast` (after collapsing expanding
      unit dims) or a `linalg.generic`; `transpose`: `linalg.transpose`;
      `reshape`: `tensor.collapse_shape`/`expand_shape`; `reverse`;
    - `slice`, `concatenate`, `pad`, `dynamic_slice`, `dynamic_update_slice`
      (start indices clamped): `tensor.extract_slice`/`insert_slice` and
      `linalg.fill`;
    - `dot_general`: `linalg.matmul`, `linalg.batch_matmul` or a contraction
      `linalg.generic`; `convolution`: `linalg.conv_2d_nchw_fchw`,
      `linalg.conv_2d_nhwc_hwcf` or a convolution `linalg.generic` (any
      layout, strides, padding, rhs and lhs dilation, window reversal,
      feature groups). Floats
      narrower than f32 accumulate in f32 and are rounded once;
    - `reduce`: `linalg.reduce`; `reduce_window`: a windowed
      `linalg.generic`; `map`: `linalg.generic`;
    - `gather`: `linalg.generic` reading with `tensor.extract`; `scatter`:
      an `scf.for` nest of windowed `tensor.insert_slice`s;
    - `sort`: a rank-by-comparison `linalg.generic` and a permuting one
      (stable, O(n^2) per row); `while`/`if`/`case`: `scf.while`/`scf.if`/
      `scf.index_switch` with the regions lowered in place;
    - collectives and `optimization_barrier`: their operands (one core).
    Unsigned integer tensors become signless (function arguments and
    results keep the dtype in a `systole.element_type` attribute).
    Every op left is reported with an error at its location naming the op
    and the reason, all of them in one run, and the pass fails.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect"];
}

def LinalgToNcore : Pass<"systole-linalg-to-ncore", "mlir::ModuleOp"> {
  let summary = "The `ncore` phase: placed linalg on memrefs to instructions";
  let description = [{
    DESIGN section 1, phase `ncore`: replaces the placed, bufferized `@main`
    with an `ncore.program @main` (inputs, outputs, constants and scratch at
    the addresses `systole-place` chose) whose instructions compute it, tile
    by tile, as `systole-tile` decided:
    - each tile's operands are brought from HBM to SBUF by `dma_copy` (any
      strided or broadcast view is one access pattern), the results go back
      by `dma_copy`; every tile role has two SBUF slots used alternately, so
      the next tile's DMA can overlap this tile's compute;
    - `linalg.matmul`/`batch_matmul`: `matmul` on the tensor engine with K on
      the partitions, accumulating over K tiles in one PSUM bank, evacuated
      to SBUF by `tensor_copy`; the stationary operand is loaded K-major
      straight from HBM;
    - `linalg.generic` bodies: `arith`/`math` ops become `tensor_tensor`,
      `tensor_scalar` (a constant operand), `activation` (exp, tanh, log,
      sqrt, rsqrt, erf, ...), `select` and `tensor_copy` (conversions);
      reductions over the innermost free dims become `tensor_reduce`
      combined with the running value;
    - `linalg.fill`: `memset`; `memref.copy`: DMA through SBUF.
    Instructions are in a sequential order; `systole-schedule` adds the
    synchronisation. Every op it cannot lower is reported at its location,
    all of them, and the pass fails.
  }];
  let dependentDialects = ["::systole::ncore::NCoreDialect"];
  let options = [
    Option<"target", "target", "std::string", "\"trn2\"",
           "Target: trn1, trn2 or a TargetDesc textproto path">,
  ];
}

#endif
