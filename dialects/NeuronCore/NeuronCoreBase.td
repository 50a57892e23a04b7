//===- NeuronCoreBase.td - the ncore dialect, enums, attributes -*- tablegen -*-===//
//
// The NeuronCore instruction set as MLIR (DESIGN sections 2, 3 and 4): the
// dialect, the enums shared by its ops, and the access-pattern attribute.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_NEURONCORE_BASE_TD
#define SYSTOLE_NEURONCORE_BASE_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def NCore_Dialect : Dialect {
  let name = "ncore";
  let cppNamespace = "::systole::ncore";
  let summary = "The NeuronCore instruction set";
  let description = [{
    One op per NeuronCore instruction (DESIGN section 4), inside an
    `ncore.program` that declares the HBM regions and semaphores it uses.
    Operands are access patterns (`#ncore.ap<...>`) into `hbm`, `sbuf` and
    `psum`. Each instruction names its engine (`on tensor`, `on vector`,
    `on scalar`, `on gpsimd`, `on dma[q]`), the semaphores it waits on
    (`wait(@s >= 2)`) and those it increments when done (`signal(@s += 1)`);
    its MLIR location is its debug location.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 0;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def NCore_Memory : I32EnumAttr<"Memory", "a NeuronCore memory", [
    I32EnumAttrCase<"hbm", 1>,
    I32EnumAttrCase<"sbuf", 2>,
    I32EnumAttrCase<"psum", 3>]> {
  let cppNamespace = "::systole::ncore";
}

def NCore_Engine : I32EnumAttr<"Engine", "a NeuronCore engine", [
    I32EnumAttrCase<"tensor", 0>,
    I32EnumAttrCase<"vector", 1>,
    I32EnumAttrCase<"scalar", 2>,
    I32EnumAttrCase<"gpsimd", 3>,
    I32EnumAttrCase<"dma", 4>]> {
  let cppNamespace = "::systole::ncore";
}

// Values match runtime/ncx/ncx.proto's AluOp.
def NCore_AluOp : I32EnumAttr<"AluOp", "a vector-engine ALU operation", [
    I32EnumAttrCase<"bypass", 0>, I32EnumAttrCase<"add", 1>,
    I32EnumAttrCase<"sub", 2>, I32EnumAttrCase<"mul", 3>,
    I32EnumAttrCase<"div", 4>, I32EnumAttrCase<"max", 5>,
    I32EnumAttrCase<"min", 6>, I32EnumAttrCase<"pow", 7>,
    I32EnumAttrCase<"eq", 8>, I32EnumAttrCase<"ne", 9>,
    I32EnumAttrCase<"lt", 10>, I32EnumAttrCase<"le", 11>,
    I32EnumAttrCase<"gt", 12>, I32EnumAttrCase<"ge", 13>,
    I32EnumAttrCase<"And", 14, "and">, I32EnumAttrCase<"Or", 15, "or">,
    I32EnumAttrCase<"Xor", 16, "xor">, I32EnumAttrCase<"shl", 17>,
    I32EnumAttrCase<"shr", 18>]> {
  let cppNamespace = "::systole::ncore";
}

// Values match runtime/ncx/ncx.proto's ActivationFunc.
def NCore_ActivationFunc : I32EnumAttr<"ActivationFunc",
    "a scalar-engine activation function", [
    I32EnumAttrCase<"identity", 0>, I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"gelu", 2>, I32EnumAttrCase<"gelu_tanh", 3>,
    I32EnumAttrCase<"silu", 4>, I32EnumAttrCase<"sigmoid", 5>,
    I32EnumAttrCase<"tanh", 6>, I32EnumAttrCase<"exp", 7>,
    I32EnumAttrCase<"log", 8>, I32EnumAttrCase<"sqrt", 9>,
    I32EnumAttrCase<"rsqrt", 10>, I32EnumAttrCase<"reciprocal", 11>,
    I32EnumAttrCase<"square", 12>, I32EnumAttrCase<"abs", 13>,
    I32EnumAttrCase<"sign", 14>, I32EnumAttrCase<"sin", 15>,
    I32EnumAttrCase<"cos", 16>, I32EnumAttrCase<"erf", 17>,
    I32EnumAttrCase<"softplus", 18>]> {
  let cppNamespace = "::systole::ncore";
}

//===----------------------------------------------------------------------===//
// Access patterns
//===----------------------------------------------------------------------===//

def NCore_AccessPatternAttr : AttrDef<NCore_Dialect, "AccessPattern"> {
  let mnemonic = "ap";
  let summary = "a tile in HBM, SBUF or PSUM (DESIGN section 3)";
  let description = [{
    Partitions `[start, start + count)` of a memory and, in each partition, the
    elements `offset + sum_i(idx_i * stride_i)` (strides and the offset's
    unit: see below) for `idx_i < count_i` over up to 4 free dims, outermost
    first. No dims means one element per partition.

    ```
    #ncore.ap<sbuf[0:128] + 1024 bf16 [4:512, 512:1]>
    #ncore.ap<psum[64:96] f32 [512:1]>
    #ncore.ap<hbm[0:128 step 512] + 65536 bf16 [512:1]>
    ```

    `MEM[a:b]` are partitions a (inclusive) to b (exclusive), as an NKI slice.
    `+ N` is the byte offset (omitted when 0): within each partition for SBUF
    and PSUM, an HBM address for HBM. Then the element type and the free dims
    as `count:stride`, strides in elements. HBM has no physical partitions:
    partition p starts `step` elements after partition p-1 (the partition
    stride) and the slice starts at 0.
  }];
  let parameters = (ins
    "::systole::ncore::Memory":$memory,
    "int64_t":$startPartition,
    "int64_t":$partitionCount,
    "int64_t":$byteOffset,
    "::mlir::Type":$elementType,
    ArrayRefParameter<"int64_t", "free dim counts">:$counts,
    ArrayRefParameter<"int64_t", "free dim strides in elements">:$strides,
    "int64_t":$partitionStride);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Element count per partition: the product of the dim counts.
    int64_t getElementsPerPartition() const;
    /// Bytes per element (i1 is stored as one byte).
    int64_t getElementBytes() const;
    /// [begin, end) in bytes: within one partition for SBUF/PSUM, the HBM
    /// bytes of all partitions for HBM (from the lowest to one past the
    /// highest byte an element touches).
    std::pair<int64_t, int64_t> getByteExtent() const;
    /// One past the last partition.
    int64_t getEndPartition() const { return getStartPartition() + getPartitionCount(); }
  }];
}

#endif // SYSTOLE_NEURONCORE_BASE_TD
