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
    - `stablehlo.composite` ops become calls to their decompositions;
    - `custom_call`s of the sharding annotations `@Sharding`,
      `@SPMDFullToShardShape` and `@SPMDShardToFullShape` whose operand and
      result types agree are their operand (the identity on one core);
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
    `acosh`, `atanh`, the special functions `lgamma` (Lanczos approximation,
    Taylor series and recurrence below 12.5, reflection below 1/2),
    `digamma` (the same, differentiated, and a Taylor series around its
    positive zero), `zeta` (Hurwitz zeta by Euler-Maclaurin summation),
    `polygamma` ((-1)^(n+1) n! zeta(n + 1, x), `digamma` for n = 0),
    `erf_inv` (Giles' single- and double-precision polynomials) and
    `bessel_i1e` (Cephes' Chebyshev expansions), `square`, `conj`,
    `next_after` (on the bit pattern) and `top_k` (stable descending `sort`
    with an `iota`, then `slice`); also `stablehlo.tan` (as sin / cos, like
    `chlo.tan`). f64 uses double-precision tables; floats narrower than f32
    are computed in f32 and rounded once.
    Every chlo op left (an unsupported element type) is reported with an
    error at its location, all of them, and the pass fails.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def DecomposeComposites : Pass<"systole-decompose-composites",
                               "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: composite stablehlo ops into core ops";
  let description = [{
    `batch_norm_inference` becomes `broadcast_in_dim`, `subtract`,
    `multiply`, `rsqrt` and `add`; `batch_norm_training` and
    `batch_norm_grad` likewise, with `reduce` sums over every dim but the
    feature dim (mean, biased variance; the gradients' sums); a
    `convolution` with `batch_group_count` G > 1 (up to 1024) becomes G
    convolutions of slices, concatenated (the spec's definition); `dot` becomes
    `dot_general`; `clamp`
    becomes `maximum` then `minimum` with scalar bounds broadcast.
    `select_and_scatter` (windows of up to 64 positions) is unrolled over
    its window into strided slices, maps of its select and scatter regions,
    pads and selects. `reduce_precision` on f32, f16 and bf16 becomes a
    conversion through bf16 (7 mantissa bits) or f16 (10), then selects for
    the format's exponent range; the identity where the format is as wide
    as the operand's. `triangular_solve` (up to 64 rows) is unrolled into
    substitution steps: per row a slice, a `dot_general` with the rows
    solved so far, a subtract and a divide; 16-bit floats are solved in f32
    and rounded once. `cholesky` (up to 64 rows) is unrolled into column
    steps: a `dot_general` with the columns so far, a square root and a
    divide per column; NaN where the matrix is not positive definite.
    `logistic` is kept: it maps to one activation-engine instruction.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def UnrollWhileLoops : Pass<"systole-unroll-while-loops",
                            "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: unroll loops of known trip count";
  let description = [{
    The NeuronCore's instruction streams have no branches (DESIGN section
    4). Each `stablehlo.while` whose condition folds to a constant at every
    iteration is replaced by its iterations: condition and body cloned in
    turn before the loop, with integer ops of at most 64 elements whose
    operands are all constants (the counter's arithmetic, the comparison,
    the indices of `dynamic_slice` and `dynamic_update_slice`) evaluated by
    the reference interpreter. This covers `jax.lax.fori_loop` and
    `jax.lax.scan` with static bounds and fixed-range loops from other
    frontends. A loop whose condition depends on data, or that would run
    more than `max-iterations` times or clone more than `max-ops` ops, is
    left unchanged (the `ncore` phase then reports it). Inner loops are
    unrolled first; a loop whose bounds depend on an outer counter is
    unrolled once the outer loop is.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", "1024",
           "Most iterations of a loop to unroll">,
    Option<"maxOps", "max-ops", "int64_t", "20000",
           "Most ops one loop's unrolling may create">,
  ];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect",
                           "::mlir::func::FuncDialect"];
}

def SpeculateConditionals : Pass<"systole-speculate-conditionals",
                                 "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: if and case as selects";
  let description = [{
    The NeuronCore's instruction streams have no branches (DESIGN section
    4). `stablehlo.if` becomes its two branches, inlined, and a `select` on
    the predicate per result; `stablehlo.case` with N branches becomes all
    of them and selects on `index == k` for k < N - 1, the last branch
    taking every other index (as the spec's `case` does for an index out
    of range). A constant predicate or index inlines only its branch. A
    conditional with a side-effecting op in a branch, or a non-tensor
    result, is left unchanged (the `ncore` phase reports it).
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def DynamicSlicesToRows : Pass<"systole-dynamic-slices-to-rows",
                               "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: runtime-indexed slices as row gathers";
  let description = [{
    Access patterns have addresses fixed at compile time (DESIGN section
    4); an index computed on the device addresses rows of a `gather` or
    `scatter`. A `dynamic_slice` whose start indices are not all constants
    (a KV-cache read at a position given as an input) becomes a `gather`
    of whole rows of the operand viewed as [D0 * ... * DK, rest], K the
    last dim with a computed start; the row indices are computed with the
    spec's start clamping, and constant starts of the dims after K become
    a static `slice`. `dynamic_update_slice` becomes a `scatter` of whole
    rows (a partial row is gathered and updated at its static offsets
    first). Computed ui8/ui16 starts convert to i32 by value. A computed
    start of a dim the window spans whole becomes the constant 0 (its
    clamped value) first. A `dynamic_slice` whose rows number 2^24 or more
    (the engines' i32 arithmetic is exact below) is split in two where an
    earlier computed start keeps the rows below: the first reads the dims
    after it whole, the second slices them out of the smaller result. Left
    unchanged: all-constant starts (static slices), computed ui32 starts,
    and other row counts of 2^24 or more.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def ExpandScatterBatchingDims : Pass<"systole-expand-scatter-batching-dims",
                                     "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: scatter batching dims as index components";
  let description = [{
    A `scatter` with `input_batching_dims` (what `jax.vmap` of
    `x.at[i].set(u)` exports) becomes one without: each batching dim of the
    input gets an index component, an iota along its paired
    `scatter_indices_batching_dims` dim, and becomes an inserted window dim.
    The components are concatenated in the order of the operand dims they
    address (the scatter_dims_to_operand_dims come out sorted). Narrow index
    types are converted to i32 where an iota would not fit them.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def ScatterIndicesToWindows : Pass<"systole-scatter-indices-to-windows",
                                   "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: element-wise scatters as window scatters";
  let description = [{
    A `scatter` whose indices give every update element a full index tuple
    (no window dims; one component per operand dim, concatenated along the
    last dim), where some components are iotas along the update's own dims
    (evaluated by the reference interpreter when they depend on no
    argument) and the others do not vary along those dims (broadcasts),
    becomes a scatter of windows along the iotas' dims indexed by the other
    components: a KV-cache update that PyTorch/XLA exports element by
    element scatters one row per position. Left unchanged: no iota
    component, no other component, a window dim longer than the operand's
    (the element-wise form skips only its out-of-bounds elements), other
    index layouts. Then a scatter of exactly one update window (JAX's
    `x.at[i].set(row)` with a scalar index) becomes one of two, the second
    a copy at an out-of-bounds index (-1; for unsigned indices the operand's
    size, where it fits) that the spec skips, so that its lowering keeps a
    loop over windows.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def ScattersAsMaskedReductions
    : Pass<"systole-scatters-as-masked-reductions", "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: combining scatters as masked reductions";
  let description = [{
    A `scatter` whose update computation is `maximum`, `minimum` or
    `multiply` (for floats x first, then the updates in order), an integer
    `add` (integer sums and products exact below 2^24, as i32 arithmetic on
    the engines), or `and` or `or` on i1 (JAX's
    `x.at[i].max(v)`, `segment_max`, an integer `bincount`), which the
    NeuronCore's DMA scatter cannot combine, becomes a reduction over the
    updates of an [operand dims..., update scatter dims..., window
    offsets...] tensor holding each update where its window is in bounds
    and covers the operand element and the combiner's identity elsewhere,
    combined with the operand (a window offset dim for each window dim
    longer than 1 and shorter than the operand's). Scatters whose masked
    tensor would pass 2^24 elements, of several inputs, or with batching
    dims are left.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def FoldEmptyTensors : Pass<"systole-fold-empty-tensors",
                            "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: tensors of zero elements as constants";
  let description = [{
    A tensor with a dim of size 0 holds no data. A side-effect-free
    stablehlo op whose results are all empty becomes empty constants; ops
    that read an empty tensor and produce data compute without it, as the
    StableHLO spec defines them: `dot`, `dot_general` and `convolution`
    give zeros, `reduce` its init values, `pad` its padding value;
    `concatenate` drops empty inputs; `dynamic_update_slice` and `scatter`
    of no updates return their operands.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def WidenMixedContractions : Pass<"systole-widen-mixed-contractions",
                                  "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: one element type per dot and convolution";
  let description = [{
    A `dot`, `dot_general` or `convolution` whose float operands have
    different element types, not both 16/8-bit floats (a bf16 x f32
    `dot_general`), reads the narrower operand converted to the wider type:
    the tensor engine multiplies f32 by f32 or narrow by narrow (DESIGN
    section 4, `matmul`), and the conversion is exact, so the result is the
    spec's. Two narrow types (bf16 x f16, fp8 x bf16) and integer operands
    are left unchanged.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def FoldTransposesIntoDots : Pass<"systole-fold-transposes-into-dots",
                                  "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: dot_general reads transposed and head-merged operands as laid out";
  let description = [{
    A `dot_general` operand that is a `transpose` is read through the
    dot's dimension numbers instead, when that keeps the order of its free
    dims (the result's layout). A batch dim that an operand's `reshape`
    merged from several dims (batch and heads) becomes that many batch
    dims: the dot reads the reshape's operand, the other operand's matching
    batch dim is split by a reshape (which moves no data), and the result
    is reshaped back. PyTorch/XLA's attention (reshape, transpose, reshape
    to [batch * heads, tokens, head dim] before each batched matmul) then
    runs without its transposes. Left unchanged: merged free or contracting
    dims, and merged batch dims that the two operands split differently.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def CollapseDotDims : Pass<"systole-collapse-dot-dims", "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: dot_general with one free dim per operand and one contracting dim";
  let description = [{
    The tensor engine multiplies [M x K] by [K x N] per batch index. A float
    `dot_general` with more than one free dim on an operand (JAX's `x @ W`
    of a [batch, tokens, features] x) or more than one contracting dim
    (Flax DenseGeneral) is rewritten with one of each: the dims merge by a
    `reshape` where they are adjacent and the contracting dims pair up in
    the same order on both operands, else after a `transpose` of the
    operand to [batch, free, contracting] or [batch, contracting, free],
    whichever keeps its contiguous dim innermost; the result is reshaped
    back. The contracting dims take the lhs's order or the rhs's, whichever
    costs less to transpose. As XLA's DotDecomposer. Left unchanged: dots
    without contracting dims or without a tensor-engine type pair
    (integer, bf16 x f32), contractions shorter than 32 against a vector
    (the vector engine is faster), and dynamic shapes.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def CollapseTransposeDims : Pass<"systole-collapse-transpose-dims",
                                 "mlir::func::FuncOp"> {
  let summary = "The `simplify` phase: transposes of as few dims as they move";
  let description = [{
    A `transpose` whose permutation keeps a run of non-unit dims adjacent
    and in order becomes a `reshape` merging each run into one dim (unit
    dims left out), a transpose of the merged dims, and a `reshape` to the
    result; one that moves only unit dims becomes a single reshape; a
    transpose of a transpose becomes one transpose. Perm [3, 0, 1, 2] of
    [a, b, c, d] is then a 2-D transpose of [a * b * c, d], which the
    tensor engine transposes in blocks instead of HBM reads of one element
    each. Left unchanged: a transpose that moves a contiguous dim of fewer
    than 5 elements (NHWC to NCHW of RGB images), which loads faster as it
    is.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def QuantizeFP8 : Pass<"systole-quantize", "mlir::ModuleOp"> {
  let summary = "The `quantize` phase: FP8 operands for dot_general and convolution";
  let description = [{
    DESIGN section 5 (run by --fp8=e4m3|e5m2; the phase is empty without
    it). Every `stablehlo.dot_general` and `stablehlo.convolution` on float
    operands of 16 bits or more is rewritten to run on FP8 operands with an
    f32 result:
    - a constant operand (a weight) is quantized at compile time with one
      scale per output channel, absmax / max, where the channels are its
      dims that are not contracted (the kernel output feature dim of a
      convolution kernel);
    - any other operand gets one scale per tensor: absmax / max computed on
      the device with a `reduce`, or from `calibration`'s absmax (static);
      it is multiplied by the inverse scale, clamped to +-max and converted;
    - the op's f32 result is multiplied by the lhs scales, then by the rhs
      scales, and converted back to its element type, which the `ncore`
      phase fuses into the PSUM evacuation.
    max is the format's largest finite value: 240 for e4m3 (the IEEE-like
    e4m3 of trn1/trn2, `f8E4M3`), 57344 for e5m2. The rewrite stays in
    StableHLO, so the reference interpreter runs exactly the quantized graph.
  }];
  let options = [
    Option<"format", "format", "std::string", "\"e4m3\"",
           "FP8 format: e4m3 or e5m2">,
    Option<"calibration", "calibration", "std::string", "\"\"",
           "JSON file of calibrated absmax values per op (keyed by op "
           "index or file:line:col) and operand (lhs_amax, rhs_amax)">,
  ];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def NarrowTypes : Pass<"systole-narrow-types", "mlir::ModuleOp"> {
  let summary = "The `linalg` phase, first: f64 to f32 and i64 to i32";
  let description = [{
    The NeuronCore has no f64 and no 64-bit integers (DESIGN section 3), so
    before lowering every tensor type with such elements is narrowed, in
    place: f64 becomes f32, i64 (signless or signed) i32 and ui64 ui32, in
    function signatures, op operands and results and region arguments.
    `stablehlo.constant` values are converted element by element: floats
    with APFloat, rounded to nearest even (an f64 value that overflows f32
    to inf is an error); integers must fit in 32 bits (a value that does not
    is an error naming it), except the 64-bit type's least and largest
    values, the identities of max and min reductions, which become the
    32-bit type's. The IR is verified afterwards.
    Each function where something was narrowed gets one warning, at its
    location, with the number of ops and their names.
    Errors, all of them in one run, each at its op, and the pass fails
    (leaving the IR unchanged):
    - complex element types (the NeuronCore compiler has no complex
      numbers);
    - ops whose result depends on the 64-bit width itself:
      `bitcast_convert` from or to a 64-bit type, `count_leading_zeros`,
      `popcnt` and `rng_bit_generator` on 64-bit integers;
    - a constant that does not fit, or whose value is not a dense elements
      attribute.
  }];
}

def WidenFloatReductions : Pass<"systole-widen-float-reductions",
                                "mlir::func::FuncOp"> {
  let summary = "The `linalg` phase, first: 16-bit float sums in f32";
  let description = [{
    A single-input `reduce` of bf16, f16 or 8-bit floats whose body is one
    `add` or `multiply` of its arguments runs on the input converted to f32
    and converts its result back, rounding once, as XLA's float
    normalization widens 16-bit reductions (and as the reference
    interpreter computes them). A reduction the `tile` phase splits over
    several tiles otherwise keeps its running value in the narrow type,
    rounded once per tile. `reduce_window` is left alone (its per-step
    rounding is what JAX's cumulative sums compute).
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def WidenUnsignedReductions : Pass<"systole-widen-unsigned-reductions",
                                   "mlir::func::FuncOp"> {
  let summary = "The `linalg` phase, first: unsigned reductions on i32";
  let description = [{
    A `reduce` or `reduce_window` with ui8 or ui16 operands whose body is
    made of comparisons, selects, `maximum`, `minimum`, `add`, `multiply`
    and bitwise ops (argmax/argmin, max-pooling, sums of unsigned data)
    runs on the operands converted to i32, the unsigned comparisons of the
    widened values made signed, and converts its results back. Zero
    extension keeps the order of the values and their residues modulo 2^8
    (2^16), so the results are exact while they stay below 2^24 (the
    engines' limit for all i32 arithmetic); the engines have no unsigned
    combiner. A ui32 `maximum` or `minimum` reduction (no wider type) runs
    on the operand's signed form (`bitcast_convert` to i32), where the
    values from 2^31 up are the negative ones: the unsigned maximum is the
    signed maximum of the negative values where there are any, else of
    all; the unsigned minimum the signed minimum of the non-negative values
    where there are any, else of all; the init value is combined last,
    elementwise, unless it is the combiner's identity.
  }];
  let dependentDialects = ["::systole::stablehlo::StableHLODialect"];
}

def SplitReductions : Pass<"systole-split-reductions", "mlir::func::FuncOp"> {
  let summary = "The `linalg` phase, last: one result per linalg op";
  let description = [{
    The `ncore` phase lowers linalg ops with one result; this pass rewrites
    the multi-result ones (DESIGN section 1, phase `linalg`), named ones
    generalized first:
    - results that do not read each other's running values (a variadic
      `stablehlo.reduce` of independent reductions) become one
      `linalg.generic` each, with the body ops their yields need;
    - the value/index reduction of `jnp.argmax` and `jnp.argmin` (the
      comparator "greater, or NaN, wins; ties keep the lower index", or the
      same without its NaN clause, an iota
      index operand, starting from (-inf or the integer minimum, 0)) becomes
      a `maximumf`/`maxsi` (or min) reduction, then a reduction taking the
      least index whose element equals that extremum or is NaN; so does
      the comparator of XLA's client-library ArgMax/ArgMin, which
      TensorFlow and PyTorch/XLA export ("greater or equal wins; equal
      values take the lesser index").
    Other multi-result ops are left as they are; `ncore` reports them.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def Fuse : Pass<"systole-fuse", "mlir::func::FuncOp"> {
  let summary = "The `fuse` phase: elementwise producer/consumer fusion";
  let description = [{
    DESIGN section 1, phase `fuse`. Named linalg ops other than matmuls and
    fills (`broadcast`, `transpose`, `reduce`, `map`, elementwise named ops,
    and for now convolutions, which the `ncore` phase runs as windowed
    reductions) become `linalg.generic`; then upstream
    elementwise fusion merges each single-use elementwise producer into its
    `linalg.generic` consumer (so a bias add, an activation and a scale end
    up in one loop nest), followed by canonicalization and CSE.
    Contractions (`linalg.matmul`, `linalg.batch_matmul`) stay named: the
    `ncore` phase maps them to the tensor engine.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def FoldSoftmaxRowGuard : Pass<"systole-fold-softmax-row-guard",
                               "mlir::func::FuncOp"> {
  let summary = "The `fuse` phase, last: a masked softmax's guard per row";
  let description = [{
    DESIGN section 1, phase `fuse`, after its CSE. A masked softmax's guard
    select(max != -inf, e / sum, 0), computed for every element, becomes
    select(max != -inf, max, 0) as the max its exp subtracts and
    select(max != -inf, sum, 1) as the sum it divides by: two selects per
    row instead of one per element, the same values for every input (on a
    row of -inf, exp(-inf - 0) / 1 = +0). The max must be a `maximumf`
    reduction of the scores the exp reads, the sum an `addf` reduction of
    the exp, and only the sum and the division may read the exp.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def AdjoinContractionProducers
    : Pass<"systole-adjoin-contraction-producers", "mlir::func::FuncOp"> {
  let summary = "The `fuse` phase, last: a contraction right after the op "
                "computing its first input";
  let description = [{
    DESIGN section 1, phase `fuse`, after the row guard. For a contraction
    whose first input a non-contraction `linalg.generic` computes (an
    attention block's PV matmul after the softmax's division), the ops in
    between move above that producer's chain: the ops the producer depends
    on, walking back from it, up to and including the matmul that leads it
    (the QK^T matmul; a chain without one, or led by a convolution, moves
    nothing) and that matmul's fills. The contraction then follows its
    producer, and `ncore` can end a row group with it. All or nothing: an
    op in between that reads the chain, or has side effects, keeps every op
    in place. Fills and empty tensors only the contraction reads stay by it.
  }];
}

def Tile : Pass<"systole-tile", "mlir::func::FuncOp"> {
  let summary = "The `tile` phase: layout policy and hardware tile sizes";
  let description = [{
    DESIGN section 1, phase `tile` (section 3 for the rules). For every
    linalg op decides which loop of its iteration space lives on the 128
    partitions and the tile size of every loop, and records both as the
    attribute `systole.tiling = {partition = P : i64, tiles = array<i64: ...>}`
    (a tile size per loop, in elements; 1 for loops walked one index at a
    time).
    - Contractions with at most one batch, M, N and K loop
      (`linalg.matmul` [M, N, K], `linalg.batch_matmul` [B, M, N, K],
      contraction `linalg.generic`s such as `x @ W.T`): K on the partitions
      of both operands, tiles K <= 128, M <= 128 (PSUM partitions),
      N <= 512 (one PSUM bank of fp32), batch loops one at a time.
    - Other ops ([partitions x free] tiles): the partition loop is a parallel
      loop, the largest one that is not the innermost parallel loop; the
      loops after it and all reduction loops are free dims, grown from the
      innermost while a tile set fits half of the SBUF budget (double
      buffering); the loops before it are walked.
    Ops the `ncore` phase cannot lower are left without the attribute.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"trn2\"",
           "Target: trn1, trn2 or a TargetDesc textproto path">,
  ];
}

def Bufferize : Pass<"systole-bufferize", "mlir::ModuleOp"> {
  let summary = "The `bufferize` phase: one-shot bufferization";
  let description = [{
    DESIGN section 1, phase `bufferize`: upstream one-shot module
    bufferization with function boundaries (identity layouts on function
    arguments; the program's inputs are read-only), then results become
    out-parameters (marked `bufferize.result`) with the returned allocation
    hoisted into them, then CSE. Constants become
    `memref.global`s.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::bufferization::BufferizationDialect"];
}

def ChooseHbmLayout : Pass<"systole-choose-hbm-layout", "mlir::ModuleOp"> {
  let summary = "The `place` phase: partition-major HBM layouts for intermediates";
  let description = [{
    DESIGN section 1, phase `place`, on bufferized `@main`, before
    `systole-place`: each intermediate `memref.alloc` of rank 3 or more whose
    readers and writers (linalg ops carrying `systole.tiling`) all put the
    same buffer dimension on the SBUF partitions gets a strided layout with
    that dimension outermost and the others in their order; its subviews'
    types follow. For an NCHW activation that every convolution and
    epilogue reads and writes channel on partitions, the layout is C-major,
    so a partition's DMA rows cover whole batches of H*W planes instead of
    one plane each (rows under 512 bytes pay a per-descriptor cost, DESIGN
    section 4). Buffers with any other user (a reshape, a return, a rank-
    reducing view), with no vote or with votes that disagree, keep their
    identity layout; so do arguments and results, whose layout the caller
    owns. Never fails.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def PlaceMemory : Pass<"systole-place", "mlir::ModuleOp"> {
  let summary = "The `place` phase: HBM addresses by liveness";
  let description = [{
    DESIGN section 1, phase `place`, on bufferized `@main`: gives every
    buffer an HBM byte address, recorded as `systole.hbm_address`
    (arguments: on the function's argument attributes; `memref.alloc`,
    `memref.global`: on the op), 64-byte aligned: inputs first, then
    outputs (the out-parameters after `buffer-results-to-out-params`), then
    constants, then intermediates, which share space when their live ranges
    (upstream `Liveness`) do not overlap. The function gets
    `systole.hbm_bytes`, the total. SBUF and PSUM tiles are assigned by the
    `ncore` phase, which owns the per-tile staging buffers.
    Errors: a program larger than the target's HBM is reported with every
    buffer, its size and its location.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"trn2\"",
           "Target: trn1, trn2 or a TargetDesc textproto path">,
  ];
}

def FoldActivationReductions : Pass<"systole-fold-activation-reductions",
                                    "mlir::ModuleOp"> {
  let summary = "The `ncore` phase, last: softmax sums into the exp activation";
  let description = [{
    DESIGN section 1, phase `ncore`, after the lowering; DESIGN section 4,
    `activation`'s optional add-reduce. A vector-engine `tensor_reduce add`
    of every free element (64 or more per partition) of an f32 tile that
    an `exp` activation wrote just before (no write to the tile and no
    access to the sum's bytes in between) becomes that activation's
    `reduce(...)` operand: 64 scalar cycles instead of N vector cycles per
    tile, the same sums bit for bit.
  }];
}

def Schedule : Pass<"systole-schedule", "mlir::ModuleOp"> {
  let summary = "The `schedule` phase: instruction order and semaphores";
  let description = [{
    DESIGN section 1, phase `schedule`, on an `ncore.program` whose
    instructions are in a valid sequential order. Each engine and DMA queue
    gets one counting semaphore that every instruction of that stream
    increments when it completes; an instruction that reads or writes bytes
    (of HBM, SBUF or PSUM) another stream wrote, or writes bytes another
    stream read, waits until that stream's semaphore shows the last such
    instruction done. Streams run in order, so this orders exactly the
    conflicting pairs (RAW, WAR, WAW) and nothing else: DMA of the next tile
    overlaps compute on this one whenever the `ncore` phase gave them
    different buffers. Waits only point backwards, so there is no deadlock.

    First (`reorder`, on by default) the instructions are list-scheduled:
    the streams are simulated on the cost model of DESIGN section 4 (the
    simulator's own timing), and whenever one is free it takes, of its
    instructions whose inputs are ready, the one with the longest path to
    the end of the program, so that an engine goes on with the next tile
    while the previous one waits for another engine; each DMA goes to the
    DMA queue that is free first.
    Every conflicting pair keeps its order, on one stream or two, so the
    new order computes what the old one did.
  }];
  let options = [
    Option<"reorder", "reorder", "bool", "true",
           "List-schedule the instructions on the cost model first">,
  ];
}

#endif
