//===- ShardyOps.td - the Shardy constructs real exports carry -*- tablegen -*-===//
//
// JAX and PyTorch/XLA exports carry Shardy (`sdy`) partitioning annotations:
// `sdy.mesh`, `sdy.constant` and `#sdy.sharding<...>` attributes. systole
// compiles for one NeuronCore, so it only needs to load them: the `input`
// phase drops meshes, keeps shardings as hints and turns `sdy.constant` into
// `stablehlo.constant`.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_SHARDY_OPS_TD
#define SYSTOLE_SHARDY_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::systole::sdy";
  let summary = "the subset of Shardy that exported model graphs carry";
  let useDefaultAttributePrinterParser = 1;
}

def Sdy_TensorShardingAttr : AttrDef<Sdy_Dialect, "TensorSharding"> {
  let mnemonic = "sharding";
  let summary = "per-dimension sharding of a tensor over mesh axes";
  let description = [{
    Syntax: `#sdy.sharding<@mesh, [DIM, DIM, ...], replicated={"y"}>` where
    each DIM is a brace-enclosed list of axis names, optionally ending in `?`
    (an open dimension): the mesh, for each dimension the axes it is split
    over, and optionally the replicated axes.
  }];
  let parameters = (ins "::mlir::FlatSymbolRefAttr":$mesh,
      "::mlir::ArrayAttr":$dimAxes, "::mlir::DenseBoolArrayAttr":$dimOpen,
      "::mlir::ArrayAttr":$replicated);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_MeshOp : Op<Sdy_Dialect, "mesh", [Symbol]> {
  let summary = "a named device mesh: `sdy.mesh @mesh = <[\"x\"=2]>`";
  let arguments = (ins SymbolNameAttr:$sym_name, ArrayAttr:$axis_names,
      DenseI64ArrayAttr:$axis_sizes,
      OptionalAttr<DenseI64ArrayAttr>:$device_ids);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_ConstantOp : Op<Sdy_Dialect, "constant", [Pure]> {
  let summary = "a constant that partitioning must not fold";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$output);
  let hasCustomAssemblyFormat = 1;
}

#endif
