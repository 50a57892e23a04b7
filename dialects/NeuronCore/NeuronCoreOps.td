//===- NeuronCoreOps.td - ncore ops ---------------------------*- tablegen -*-===//
//
// One op per NeuronCore instruction (DESIGN section 4) and the program that
// holds them with its HBM regions and semaphores (DESIGN section 6).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_NEURONCORE_OPS_TD
#define SYSTOLE_NEURONCORE_OPS_TD

include "dialects/NeuronCore/NeuronCoreBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

class NCore_Op<string mnemonic, list<Trait> traits = []>
    : Op<NCore_Dialect, mnemonic, traits>;

def NCore_AP : Attr<CPred<"::llvm::isa<::systole::ncore::AccessPatternAttr>($_self)">,
                    "access pattern"> {
  let storageType = "::systole::ncore::AccessPatternAttr";
  let returnType = "::systole::ncore::AccessPatternAttr";
  let convertFromStorage = "$_self";
}

// An immediate f32 or a per-partition [P,1] access pattern.
def NCore_ScalarOperand : AnyAttrOf<[F32Attr, NCore_AP]>;

//===----------------------------------------------------------------------===//
// The program and its declarations
//===----------------------------------------------------------------------===//

def NCore_ProgramOp : NCore_Op<"program", [
    IsolatedFromAbove, NoTerminator, SingleBlock, NoRegionArguments,
    Symbol, SymbolTable]> {
  let summary = "a NeuronCore program: HBM regions, semaphores, instructions";
  let description = [{
    Holds the declarations of one executable (inputs, outputs, constants,
    scratch regions and semaphores) and its instructions. Each engine and DMA
    queue runs its instructions in the order they appear here.

    ```
    ncore.program @main attributes {target = "trn2"} {
      ncore.input @x : tensor<128x512xbf16> at 0
      ncore.semaphore @loaded
      ncore.dma_copy on dma[0] ins(#ncore.ap<...>) outs(#ncore.ap<...>) signal(@loaded += 1)
    }
    ```

    `target` names a shipped target (`trn1`, `trn2`); `target_desc` (a
    text-format TargetDesc) overrides its numbers. `compiler_version`,
    `stats` (a dictionary of floats) and `dma_queues` (the number of DMA
    queue streams, when more than the instructions use) are carried into the
    NCX executable.
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    StrAttr:$target,
    OptionalAttr<StrAttr>:$target_desc,
    OptionalAttr<StrAttr>:$compiler_version,
    OptionalAttr<DictionaryAttr>:$stats,
    OptionalAttr<I32Attr>:$dma_queues);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::llvm::StringRef":$target)>];
}

class NCore_DeclOp<string mnemonic, list<Trait> traits = []>
    : NCore_Op<mnemonic, traits # [HasParent<"ProgramOp">, Symbol]>;

def NCore_InputOp : NCore_DeclOp<"input"> {
  let summary = "an input tensor: row-major, packed, at an HBM address";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<AnyStaticShapeTensor>:$type,
                       I64Attr:$address);
  let assemblyFormat = "$sym_name `:` $type `at` $address attr-dict";
  let hasVerifier = 1;
}

def NCore_OutputOp : NCore_DeclOp<"output"> {
  let summary = "an output tensor: row-major, packed, at an HBM address";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<AnyStaticShapeTensor>:$type,
                       I64Attr:$address);
  let assemblyFormat = "$sym_name `:` $type `at` $address attr-dict";
  let hasVerifier = 1;
}

def NCore_ConstantOp : NCore_DeclOp<"constant"> {
  let summary = "bytes placed at an HBM address before the program runs";
  let description = [{
    The elements of `value`, packed little-endian (i1 as one byte each).
    ```
    ncore.constant @w at 4096 = dense<1.0> : tensor<128x128xbf16>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$address,
                       ElementsAttr:$value);
  let assemblyFormat = "$sym_name `at` $address `=` $value attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Size of the packed data in bytes.
    int64_t getSizeInBytes();
  }];
}

def NCore_ScratchOp : NCore_DeclOp<"scratch"> {
  let summary = "an HBM region for spills and intermediates, zero at start";
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$address,
                       I64Attr:$size);
  let assemblyFormat = "$sym_name `at` $address `size` $size attr-dict";
  let hasVerifier = 1;
}

def NCore_SemaphoreOp : NCore_DeclOp<"semaphore"> {
  let summary = "a semaphore, zero at start; numbered in declaration order";
  let arguments = (ins SymbolNameAttr:$sym_name);
  let assemblyFormat = "$sym_name attr-dict";
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

// Arguments every instruction has: its engine (and DMA queue), the semaphores
// it waits on (wait until sem >= value) and those it increments when its
// results are visible.
defvar NCore_InstrArgs = (ins
    NCore_Engine:$engine,
    OptionalAttr<I32Attr>:$queue,
    OptionalAttr<FlatSymbolRefArrayAttr>:$wait_sems,
    OptionalAttr<DenseI64ArrayAttr>:$wait_values,
    OptionalAttr<FlatSymbolRefArrayAttr>:$signal_sems,
    OptionalAttr<DenseI64ArrayAttr>:$signal_amounts);

defvar NCore_EngineFormat = "`on` custom<Engine>($engine, $queue)";
defvar NCore_SyncFormat =
  "(`wait` `(` custom<Waits>($wait_sems, $wait_values)^ `)`)? "
  "(`signal` `(` custom<Signals>($signal_sems, $signal_amounts)^ `)`)? attr-dict";

class NCore_InstrOp<string mnemonic, list<Trait> traits = []>
    : NCore_Op<mnemonic, traits # [HasParent<"ProgramOp">]> {
  let hasVerifier = 1;
}

def NCore_DmaCopyOp : NCore_InstrOp<"dma_copy"> {
  let summary = "copy HBM<->SBUF or SBUF->SBUF, converting the dtype";
  let arguments = !con((ins NCore_AP:$src, NCore_AP:$dst), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_MatmulOp : NCore_InstrOp<"matmul"> {
  let summary = "dst[M,N] (+)= stationary[K,M]^T x moving[K,N]";
  let arguments = !con((ins NCore_AP:$stationary, NCore_AP:$moving, NCore_AP:$dst,
                            UnitAttr:$accumulate), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($stationary) `,` qualified($moving) `)`"
    " `outs` `(` qualified($dst) `)` (`accumulate` $accumulate^)? ",
    NCore_SyncFormat);
}

def NCore_TransposeOp : NCore_InstrOp<"transpose"> {
  let summary = "SBUF [P,F] -> PSUM [F,P]";
  let arguments = !con((ins NCore_AP:$src, NCore_AP:$dst), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_ActivationOp : NCore_InstrOp<"activation"> {
  let summary = "dst = func(src * scale + bias), optional add-reduce into [P,1]";
  let arguments = !con((ins NCore_ActivationFunc:$func, NCore_AP:$src, NCore_AP:$dst,
                            OptionalAttr<NCore_ScalarOperand>:$scale,
                            OptionalAttr<NCore_AP>:$bias,
                            OptionalAttr<NCore_AP>:$reduce_dst), NCore_InstrArgs);
  let assemblyFormat = !strconcat(!strconcat("$func ", NCore_EngineFormat),
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)`"
    " (`scale` `(` $scale^ `)`)? (`bias` `(` qualified($bias)^ `)`)?"
    " (`reduce` `(` qualified($reduce_dst)^ `)`)? ",
    NCore_SyncFormat);
}

def NCore_TensorTensorOp : NCore_InstrOp<"tensor_tensor"> {
  let summary = "dst = a op b";
  let arguments = !con((ins NCore_AluOp:$op, NCore_AP:$a, NCore_AP:$b, NCore_AP:$dst),
                       NCore_InstrArgs);
  let assemblyFormat = !strconcat(!strconcat("$op ", NCore_EngineFormat),
    " `ins` `(` qualified($a) `,` qualified($b) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_TensorScalarOp : NCore_InstrOp<"tensor_scalar"> {
  let summary = "dst = (a op0 s0) op1 s1";
  let description = [{
    Scalars are f32 immediates or per-partition [P,1] access patterns; without
    `op1` only the first step runs.
    ```
    ncore.tensor_scalar mul(2.0 : f32), add(#ncore.ap<sbuf[0:128] f32 []>) on vector ins(...) outs(...)
    ```
  }];
  let arguments = !con((ins NCore_AP:$a, NCore_AP:$dst, NCore_AluOp:$op0,
                            NCore_ScalarOperand:$s0, OptionalAttr<NCore_AluOp>:$op1,
                            OptionalAttr<NCore_ScalarOperand>:$s1), NCore_InstrArgs);
  let assemblyFormat = !strconcat(!strconcat("$op0 `(` $s0 `)` (`,` $op1^ `(` $s1 `)`)? ", NCore_EngineFormat),
    " `ins` `(` qualified($a) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_TensorReduceOp : NCore_InstrOp<"tensor_reduce"> {
  let summary = "reduce the innermost free dims with add/max/min/mul";
  let arguments = !con((ins NCore_AluOp:$op, NCore_AP:$src, NCore_AP:$dst,
                            DefaultValuedAttr<I32Attr, "1">:$reduce_dims,
                            UnitAttr:$negate), NCore_InstrArgs);
  let assemblyFormat = !strconcat(!strconcat("$op ", NCore_EngineFormat),
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)`"
    " (`dims` `(` $reduce_dims^ `)`)? (`negate` $negate^)? ",
    NCore_SyncFormat);
}

def NCore_TensorCopyOp : NCore_InstrOp<"tensor_copy"> {
  let summary = "copy with dtype conversion (e.g. PSUM->SBUF evacuation)";
  let arguments = !con((ins NCore_AP:$src, NCore_AP:$dst), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_SelectOp : NCore_InstrOp<"select"> {
  let summary = "dst = pred != 0 ? a : b";
  let arguments = !con((ins NCore_AP:$pred, NCore_AP:$a, NCore_AP:$b, NCore_AP:$dst),
                       NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($pred) `,` qualified($a) `,` qualified($b) `)`"
    " `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_IotaOp : NCore_InstrOp<"iota"> {
  let summary = "dst[p, i...] = base + p * partition_step + sum_k i_k * steps[k]";
  let arguments = !con((ins NCore_AP:$dst, I64Attr:$base, I64Attr:$partition_step,
                            DenseI64ArrayAttr:$steps), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `outs` `(` qualified($dst) `)` `base` `(` $base `)`"
    " `partition_step` `(` $partition_step `)` `steps` `(` $steps `)` ",
    NCore_SyncFormat);
}

def NCore_MemsetOp : NCore_InstrOp<"memset"> {
  let summary = "fill with a constant";
  let arguments = !con((ins NCore_AP:$dst, F64Attr:$value), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `outs` `(` qualified($dst) `)` `value` `(` $value `)` ",
    NCore_SyncFormat);
}

def NCore_PartitionReduceOp : NCore_InstrOp<"partition_reduce"> {
  let summary = "dst[0, f] = op over p of src[p, f]";
  let arguments = !con((ins NCore_AluOp:$op, NCore_AP:$src, NCore_AP:$dst),
                       NCore_InstrArgs);
  let assemblyFormat = !strconcat(!strconcat("$op ", NCore_EngineFormat),
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_PartitionBroadcastOp : NCore_InstrOp<"partition_broadcast"> {
  let summary = "dst[p, f] = src[0, f]";
  let arguments = !con((ins NCore_AP:$src, NCore_AP:$dst), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($src) `)` `outs` `(` qualified($dst) `)` ",
    NCore_SyncFormat);
}

def NCore_GatherOp : NCore_InstrOp<"gather"> {
  let summary = "dst[p, :] = row indices[p] of table";
  let description = [{
    `table` addresses row 0 (one partition, its free dims the row); row r
    starts `row_stride` elements after row r-1; the table has `rows` rows.
  }];
  let arguments = !con((ins NCore_AP:$table, NCore_AP:$indices, NCore_AP:$dst,
                            I64Attr:$rows, I64Attr:$row_stride), NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($table) `,` qualified($indices) `)` `outs` `(` qualified($dst) `)`"
    " `rows` `(` $rows `)` `row_stride` `(` $row_stride `)` ",
    NCore_SyncFormat);
}

def NCore_ScatterOp : NCore_InstrOp<"scatter"> {
  let summary = "row indices[p] of table = src[p, :] (later partitions win)";
  let description = [{
    An index outside `[0, rows)` is a runtime error; with `skip_oob` that
    partition's row is not written (NKI `oob_mode.skip`), as StableHLO
    `scatter` skips out-of-bounds update windows. With `accumulate` the row
    becomes row + src[p, :] (a DMA read-modify-write, NKI `dma_copy`'s
    `dst_rmw_op=add`), rounded to the table's type, partitions in order, so
    duplicate indices add up (StableHLO `scatter` with an `add` update
    computation).
  }];
  let arguments = !con((ins NCore_AP:$src, NCore_AP:$indices, NCore_AP:$table,
                            I64Attr:$rows, I64Attr:$row_stride,
                            UnitAttr:$skip_oob, UnitAttr:$accumulate),
                       NCore_InstrArgs);
  let assemblyFormat = !strconcat(NCore_EngineFormat,
    " `ins` `(` qualified($src) `,` qualified($indices) `)` `outs` `(` qualified($table) `)`"
    " `rows` `(` $rows `)` `row_stride` `(` $row_stride `)` (`skip_oob` $skip_oob^)?"
    " (`accumulate` $accumulate^)? ",
    NCore_SyncFormat);
}

#endif // SYSTOLE_NEURONCORE_OPS_TD
