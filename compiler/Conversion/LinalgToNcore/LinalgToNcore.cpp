//===- LinalgToNcore.cpp - the `ncore` phase: instruction selection -------===//
//
// `systole-linalg-to-ncore` (DESIGN section 1, phase `ncore`; sections 3 and
// 4 for the rules and the instructions): turns the placed, bufferized @main
// into an `ncore.program`, op by op, tile by tile, as `systole-tile` decided.
// Tiles move HBM -> SBUF -> engines -> SBUF -> HBM; tiles take their SBUF
// slots from a ring, so the next tiles' DMAs overlap this tile's compute
// once `systole-schedule` has synchronised the streams.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Tiling.h"
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "runtime/targets/Target.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/SaveAndRestore.h"

#include <array>
#include <functional>
#include <limits>
#include <numeric>

namespace systole {
#define GEN_PASS_DEF_LINALGTONCORE
#include "compiler/Conversion/Passes.h.inc"
} // namespace systole

using namespace mlir;
using namespace systole::ncore;

namespace {

constexpr llvm::StringLiteral kAddressAttr = "systole.hbm_address";

/// A buffer in HBM as the `place` phase laid it out: element `i` of index
/// (i0, i1, ...) is at byte `base + (offset + sum_k i_k * strides[k]) * bytes`.
struct HbmView {
  int64_t base = 0;
  Type elementType;
  SmallVector<int64_t> shape, strides;
  int64_t offset = 0;
};

int64_t bytesOf(Type t) { return getElementByteSize(t); }

/// The value an integer constant has on the engines: i1 as 0 or 1 (true is
/// 1, not the -1 of its sign extension), wider integers signed.
double integerImmediate(IntegerAttr attr) {
  return attr.getType().isInteger(1)
             ? static_cast<double>(attr.getValue().getZExtValue())
             : static_cast<double>(attr.getValue().getSExtValue());
}

/// The HBM bytes [first, last + 1) `v` spans.
std::pair<int64_t, int64_t> extent(const HbmView &v) {
  int64_t last = v.offset;
  for (auto [n, st] : llvm::zip(v.shape, v.strides))
    last += (n - 1) * std::abs(st);
  int64_t eb = bytesOf(v.elementType);
  return {v.base + v.offset * eb, v.base + (last + 1) * eb};
}

/// Whether the HBM bytes of `x` and `y` overlap.
bool overlaps(const HbmView &x, const HbmView &y) {
  auto [x0, x1] = extent(x);
  auto [y0, y1] = extent(y);
  return x0 < y1 && y0 < x1;
}

/// Calls `fn(origin, counts)` for every tile of loops of `ranges` tiled by
/// `tiles` (0 or 1: untiled), row-major, edge tiles cut short, stopping at a
/// failure.
LogicalResult forEachTile(
    ArrayRef<int64_t> ranges, ArrayRef<int64_t> tiles,
    function_ref<LogicalResult(ArrayRef<int64_t>, ArrayRef<int64_t>)> fn) {
  size_t n = ranges.size();
  SmallVector<int64_t> origin(n, 0), counts(n, 1);
  std::function<LogicalResult(size_t)> walk = [&](size_t d) -> LogicalResult {
    if (d == n)
      return fn(origin, counts);
    int64_t step = std::max<int64_t>(1, tiles[d]);
    for (int64_t o = 0; o < ranges[d]; o += step) {
      origin[d] = o;
      counts[d] = std::min(step, ranges[d] - o);
      if (failed(walk(d + 1)))
        return failure();
    }
    return success();
  };
  return walk(0);
}

/// The HBM bytes [first, last + 1) of the elements of `v` that the tile at
/// `origin` (`counts` iterations per loop) accesses through `map`; nullopt
/// when a result of `map` is neither a loop nor a constant.
std::optional<std::pair<int64_t, int64_t>>
tileExtent(const HbmView &v, AffineMap map, ArrayRef<int64_t> origin,
           ArrayRef<int64_t> counts) {
  int64_t lo = v.offset, hi = v.offset;
  for (auto [k, e] : llvm::enumerate(map.getResults())) {
    int64_t a, b;
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      a = origin[d.getPosition()];
      b = a + counts[d.getPosition()] - 1;
    } else if (auto c = dyn_cast<AffineConstantExpr>(e)) {
      a = b = c.getValue();
    } else {
      return std::nullopt;
    }
    lo += std::min(a * v.strides[k], b * v.strides[k]);
    hi += std::max(a * v.strides[k], b * v.strides[k]);
  }
  int64_t eb = bytesOf(v.elementType);
  return std::make_pair(v.base + lo * eb, v.base + (hi + 1) * eb);
}

/// Whether writing `out` through `outMap`, tile by tile in the order of
/// `forEachTile` over `ranges` tiled by `tiles`, never writes bytes of `in`
/// that a later tile reads through `inMap`: each tile's written bytes lie
/// below, or above, every later tile's read bytes. (`place` may give a row
/// group's result the bytes of the scores its first members read, which
/// are dead once the ops run one after the other.) Conservative: false for
/// more than 4096 tiles.
bool writesBehindReads(const HbmView &out, AffineMap outMap, const HbmView &in,
                       AffineMap inMap, ArrayRef<int64_t> ranges,
                       ArrayRef<int64_t> tiles) {
  SmallVector<std::pair<int64_t, int64_t>> written, read;
  LogicalResult walked = forEachTile(
      ranges, tiles, [&](ArrayRef<int64_t> origin, ArrayRef<int64_t> counts) {
        auto w = tileExtent(out, outMap, origin, counts);
        auto r = tileExtent(in, inMap, origin, counts);
        if (!w || !r || written.size() >= 4096)
          return failure();
        written.push_back(*w);
        read.push_back(*r);
        return success();
      });
  if (failed(walked))
    return false;
  int64_t laterBegin = std::numeric_limits<int64_t>::max();
  int64_t laterEnd = std::numeric_limits<int64_t>::min();
  for (size_t t = written.size(); t-- > 0;) {
    if (written[t].second > laterBegin && written[t].first < laterEnd)
      return false;
    laterBegin = std::min(laterBegin, read[t].first);
    laterEnd = std::max(laterEnd, read[t].second);
  }
  return true;
}

/// Whether `x` and `y` are the same elements at the same bytes.
bool sameView(const HbmView &x, const HbmView &y) {
  return x.base == y.base && x.elementType == y.elementType &&
         x.shape == y.shape && x.strides == y.strides && x.offset == y.offset;
}

/// An SBUF/PSUM tile value during body evaluation: a dense [P x F] tile, a
/// per-partition [P x 1] column, or an f32 immediate.
struct Operand {
  enum Kind { Tile, Column, Imm } kind = Imm;
  Memory memory = Memory::sbuf;
  int64_t offset = 0; // bytes within each partition
  Type type;
  double imm = 0;
  /// Unsigned data loaded as its unsigned value (0..255 for ui8), not in
  /// the signed form of the body's signless ops: only for an input whose
  /// every use is `extui`/`uitofp`, which then need no correction.
  bool unsignedValue = false;
  /// What a Column holds, for the caches of epilogues: the HBM access
  /// pattern it was loaded from, or the body op (its index) and the
  /// identities of the operands it was computed from. Null: not cacheable.
  Attribute identity;
};

/// Slots per row input of an epilogue's row cache (Epilogue): an N panel of
/// up to 6 column blocks of 512 keeps all its rows.
constexpr int64_t kRowCacheSlots = 6;

/// Most slots per column input of an epilogue's column cache (Epilogue):
/// one per M block of a 2048-channel convolution.
constexpr int64_t kMaxColumnSlots = 16;

/// Most row slots of a transposed load (TileEmitter::loadTransposed): the
/// loads of the next chunks run ahead of this chunk's transpose.
constexpr int64_t kTransposeRowSlots = 4;

/// `bytes` rounded up to a multiple of 64: SBUF slots start 64-byte aligned.
int64_t alignTo64(int64_t bytes) { return (bytes + 63) / 64 * 64; }

/// The mutable state of an Emitter: what slots, caches and rotations the
/// instructions emitted so far have used. Kept apart so that a tile can be
/// emitted tentatively and taken back (Emitter::emitTile).
struct EmitterState {
  /// While arenaBytes is set, slots come from [arenaBase, arenaBase +
  /// arenaBytes) as a ring (arenaRing counts its bytes), instead of from all
  /// of SBUF: a kernel run inside another kernel's SBUF layout (the
  /// elementwise epilogue of a contraction or convolution, Epilogue).
  int64_t arenaBase = 0, arenaBytes = 0, arenaRing = 0;
  /// Bytes per partition the current tile's slots take, and the most any
  /// tile of the kernel took.
  int64_t tileBytes = 0, maxTileBytes = 0;
  /// Ring positions, counted in bytes from the start of the program (offset
  /// = counter mod SBUF size): of the next slot, of the current tile's first
  /// slot, and of the slot allocSlot returned last.
  int64_t ringCounter = 0, tileStartCounter = 0, lastSlotCounter = 0;
  /// The ring positions of the cached columns (Emitter::ringColumns) the
  /// current tile reads.
  SmallVector<int64_t> pinnedColumns;
  int queue = 0;
  double vectorNs = 0, scalarNs = 0, gpsimdNs = 0; // see preferScalar
  /// The column cache of the epilogue being emitted (Epilogue::columnBytes):
  /// its SBUF base (-1: none), owner and the HBM column each slot holds.
  /// `columnSlots` slots per input, each with the HBM column it holds and
  /// when a tile last read it (least recently read is replaced first).
  int64_t columnCacheBase = -1, columnCacheOwner = -1, columnSlots = 0;
  SmallVector<Attribute> cachedColumns;
  SmallVector<int64_t> columnLastUse;
  int64_t columnUses = 0;
  /// The row cache of the epilogue being emitted (Epilogue::rowCacheBytes):
  /// kRowCacheSlots slots of `rowSlotBytes` per input, from rowCacheBase;
  /// the HBM rows they hold and, per input, the slot to load next.
  int64_t rowCacheBase = -1, rowSlotBytes = 0;
  SmallVector<Attribute> cachedRows;
  SmallVector<int> nextRowSlot;
  SmallVector<int> rowOrdinal; // per input: its place in the row cache, or -1
  /// The derived-column cache of the epilogue being emitted
  /// (Epilogue::derivedSlots): 64-byte slots from derivedBase (-1: none),
  /// taken round-robin, the key (Operand::identity) and operand each
  /// holds, and the epilogue tile (a count) that last read or wrote each.
  int64_t derivedBase = -1, derivedSlots = 0, nextDerivedSlot = 0;
  SmallVector<Attribute> derivedKeys;
  SmallVector<Operand> derivedValues;
  SmallVector<int64_t> derivedTileOf;
  int64_t epilogueTiles = 0;
  /// The value kept under `key` in the derived-column cache, or nullopt;
  /// marks its slot as read by the current tile.
  std::optional<Operand> findDerived(Attribute key) {
    for (auto [i, k] : llvm::enumerate(derivedKeys))
      if (k == key) {
        derivedTileOf[i] = epilogueTiles;
        return derivedValues[i];
      }
    return std::nullopt;
  }
  /// Keeps `value` (its offset set here) under `key` in the next
  /// derived-column slot round-robin that the current tile has not read or
  /// written: a value this tile reads stays until the tile is done, however
  /// late it reads it. There is always one: a tile takes at most two slots
  /// per body op (Epilogue::derivedSlots).
  Operand keepDerived(Attribute key, Operand value) {
    int64_t slot = nextDerivedSlot;
    for (int64_t tries = 0;
         tries < derivedSlots && derivedTileOf[slot] == epilogueTiles; ++tries)
      slot = (slot + 1) % derivedSlots;
    nextDerivedSlot = (slot + 1) % derivedSlots;
    value.offset = derivedBase + 64 * slot;
    value.identity = key;
    derivedKeys[slot] = key;
    derivedValues[slot] = value;
    derivedTileOf[slot] = epilogueTiles;
    return value;
  }
  int64_t epilogueIds = 0;
  int psumRotation = 0;
  int64_t tilesEmitted = 0; // vector-engine kernel tiles so far
  /// Bytes per partition the current tile may still take in optional slots
  /// (load spans, transpose rows); limited when a tile is emitted again
  /// (emitTile).
  int64_t optionalBudget = std::numeric_limits<int64_t>::max();
  /// The ring position of the current row-group tile's first slot (-1:
  /// not in a row group; see allocSlot).
  int64_t groupStartCounter = -1;
  /// Set when a slot did not fit (allocSlot): emitTile then tries the tile
  /// in pieces.
  bool outOfSbuf = false;
};

/// Emits the instructions of one program.
class Emitter : public EmitterState {
public:
  Emitter(ProgramOp program, const systole::TargetDesc &target)
      : program(program), target(target), b(program.getContext()),
        ctx(program.getContext()) {
    b.setInsertionPointToEnd(&program.getBody().front());
    b.setListener(&loads);
    sbufBytes = target.sbuf_bytes_per_partition();
    partitions = target.sbuf_partitions();
  }
  Emitter(const Emitter &) = delete;

  // ---- access patterns ----
  AccessPatternAttr sbuf(int64_t offset, int64_t p, Type type,
                         ArrayRef<int64_t> counts,
                         Memory memory = Memory::sbuf) {
    SmallVector<int64_t> c, s;
    int64_t stride = 1;
    for (int64_t i = counts.size() - 1; i >= 0; --i) {
      c.insert(c.begin(), counts[i]);
      s.insert(s.begin(), stride);
      stride *= counts[i];
    }
    normalize(c, s);
    return AccessPatternAttr::get(ctx, memory, 0, p, offset, type, c, s, 0);
  }
  AccessPatternAttr hbm(int64_t address, int64_t p, int64_t partitionStride,
                        Type type, SmallVector<int64_t> counts,
                        SmallVector<int64_t> strides) {
    normalize(counts, strides);
    return AccessPatternAttr::get(ctx, Memory::hbm, 0, p, address, type, counts,
                                  strides, p == 1 ? 0 : partitionStride);
  }
  /// Drops unit dims and merges dims that are contiguous with each other.
  static void normalize(SmallVector<int64_t> &counts,
                        SmallVector<int64_t> &strides) {
    SmallVector<int64_t> c, s;
    for (size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] == 1)
        continue;
      if (!c.empty() && s.back() == counts[i] * strides[i] && strides[i] != 0) {
        c.back() *= counts[i];
        s.back() = strides[i];
        continue;
      }
      if (!c.empty() && s.back() == 0 && strides[i] == 0) {
        c.back() *= counts[i];
        continue;
      }
      c.push_back(counts[i]);
      s.push_back(strides[i]);
    }
    counts = c;
    strides = s;
  }

  // ---- SBUF slots ----
  /// Starts the slots of a new tile.
  void nextSlotSet() {
    maxTileBytes = std::max(maxTileBytes, tileBytes);
    tileBytes = 0;
    tileStartCounter = ringCounter;
    pinnedColumns.clear();
  }
  /// Bytes per partition one tile's slots may take: half of SBUF, or half
  /// of the epilogue arena.
  int64_t tileLimit() const {
    return arenaBytes ? arenaBytes / 2 : sbufBytes / 2;
  }
  /// Whether a slot of `bytesPerPartition` bytes per partition fits in the
  /// current tile (tileLimit()).
  bool slotFits(int64_t bytesPerPartition) const {
    int64_t aligned = alignTo64(bytesPerPartition);
    return tileBytes + aligned <= tileLimit();
  }
  /// An optional slot of `bytesPerPartition` bytes per partition (a load
  /// span, a transpose's rows: ways to load an operand with fewer DMA
  /// descriptors, which have a plain DMA to fall back on), or nullopt, with
  /// nothing emitted, when it does not fit in the tile or in
  /// optionalBudget. A tile that runs out of SBUF after taking some is
  /// emitted again with fewer (emitTile).
  std::optional<int64_t> allocOptionalSlot(int64_t bytesPerPartition,
                                           Location loc) {
    int64_t aligned = alignTo64(bytesPerPartition);
    if (aligned > optionalBudget || !slotFits(bytesPerPartition))
      return std::nullopt;
    FailureOr<int64_t> at = allocSlot(bytesPerPartition, loc);
    if (failed(at))
      return std::nullopt;
    optionalBudget -= aligned;
    return *at;
  }
  /// The SBUF byte offset (per partition) where the ring's next `aligned`
  /// bytes start: its position, or 0 when they do not fit before the end of
  /// SBUF (the ring then skips to the start).
  int64_t ringTopFor(int64_t aligned) {
    int64_t ringTop = ringCounter % sbufBytes;
    if (ringTop + aligned > sbufBytes) {
      ringCounter += sbufBytes - ringTop;
      ringTop = 0;
    }
    return ringTop;
  }
  /// The SBUF byte offset (per partition) of a region of
  /// `bytesPerPartition` bytes (at most half of SBUF) for a kernel with an
  /// SBUF layout of its own (a contraction's operand blocks), taken from
  /// the ring like a slot: consecutive contractions get different bytes, so
  /// the next one's weights load while this one computes. Not in an arena
  /// or a row group, whose slots come from rings of their own.
  int64_t allocRegion(int64_t bytesPerPartition) {
    int64_t aligned = alignTo64(bytesPerPartition);
    assert(aligned <= sbufBytes / 2 && arenaBytes == 0 &&
           groupStartCounter < 0 && "a region from the SBUF ring");
    int64_t ringTop = ringTopFor(aligned);
    ringCounter += aligned;
    return ringTop;
  }
  /// A slot of `bytesPerPartition` bytes per partition for the current
  /// tile, 64-byte aligned. Slots are taken in turn from all of SBUF (in an
  /// arena, from the arena) as a ring (wrapping to its start where a slot
  /// does not fit before the end), so a slot is reused as late as possible:
  /// small tiles get many tiles' worth of buffering, not two. A tile may
  /// take at most half of the ring, so no two slots of one tile overlap (a
  /// wrap wastes less than the slot that did not fit). The `schedule` phase
  /// orders every reuse after the instructions reading the slot's previous
  /// data.
  FailureOr<int64_t> allocSlot(int64_t bytesPerPartition, Location loc) {
    int64_t half = tileLimit();
    int64_t aligned = alignTo64(bytesPerPartition);
    if (!slotFits(bytesPerPartition)) {
      outOfSbuf = true;
      if (arenaBytes)
        emitError(loc) << "ncore: internal error: an evacuation epilogue "
                          "needs more than its "
                       << half << " bytes per partition of SBUF";
      else
        emitError(loc) << "ncore: the tile needs more than " << half
                       << " bytes per partition of SBUF (half of "
                       << target.name() << "'s SBUF, for double buffering)";
      return failure();
    }
    tileBytes += aligned;
    if (arenaBytes) {
      int64_t top = arenaRing % arenaBytes;
      if (top + aligned > arenaBytes) {
        arenaRing += arenaBytes - top;
        top = 0;
      }
      arenaRing += aligned;
      return arenaBase + top;
    }
    int64_t ringTop = ringTopFor(aligned);
    // A cached column this tile reads must not be overwritten before the
    // tile is done; columnInRing only hands out columns far enough back for
    // this never to happen, so this is a compiler bug if it does.
    for (int64_t pinned : pinnedColumns)
      if (ringCounter + aligned > pinned + sbufBytes) {
        emitError(loc) << "ncore: internal error: a cached SBUF column would "
                          "be overwritten while in use";
        return failure();
      }
    // A row group's tile keeps its members' results in SBUF until its last
    // member has read them: its slots must not come round the ring onto
    // the first one (emitRowGroup then emits the members one by one).
    if (groupStartCounter >= 0 &&
        ringCounter + aligned - groupStartCounter > sbufBytes) {
      emitError(loc) << "ncore: a row group's tile needs more than the "
                     << sbufBytes << " bytes per partition of SBUF";
      return failure();
    }
    lastSlotCounter = ringCounter;
    ringCounter += aligned;
    return ringTop;
  }
  /// The SBUF offset of the [P x 1] column `src` (an HBM access pattern)
  /// when an earlier tile of this kernel loaded it into a ring slot that
  /// stays untouched through the current tile, a full-size one: the ring has
  /// moved on by less than SBUF minus twice the largest tile so far. A
  /// full-size tile takes no more slots than the kernel's first tile (also
  /// full-size, and loading every column; edge tiles may take more, as
  /// their smaller operands may be loaded as spans), plus at most one wrap's
  /// unused end, smaller than its slots. The slot is then pinned for the
  /// tile.
  std::optional<int64_t> columnInRing(Attribute src) {
    // Not in a row group: its later members may read what a member loaded
    // (emitRowGroupTiles), and a slot from before the group's tile is not
    // covered by allocSlot's check there.
    if (groupStartCounter >= 0)
      return std::nullopt;
    auto it = ringColumns.find(src);
    if (it == ringColumns.end())
      return std::nullopt;
    int64_t start = it->second.second;
    if (tileStartCounter - start + 2 * maxTileBytes + 64 > sbufBytes)
      return std::nullopt; // overwritten since; a reload replaces the entry
    pinnedColumns.push_back(start);
    return it->second.first;
  }
  /// Records that `src` was just loaded into the ring slot at `offset`
  /// (the last one allocSlot returned).
  void rememberColumn(AccessPatternAttr src, int64_t offset) {
    rememberColumnAt(src, offset, lastSlotCounter);
  }
  /// Records that the column keyed `key` (an HBM access pattern, or a
  /// derived column's Operand::identity) is in the current tile's ring slot
  /// at `offset`.
  void rememberTileColumn(Attribute key, int64_t offset) {
    int64_t start = tileStartCounter % sbufBytes;
    rememberColumnAt(key, offset,
                     tileStartCounter +
                         ((offset - start) % sbufBytes + sbufBytes) %
                             sbufBytes);
  }
  void rememberColumnAt(Attribute key, int64_t offset, int64_t position) {
    if (recordRingUndo) {
      auto it = ringColumns.find(key);
      ringUndo.push_back({key, it == ringColumns.end()
                                   ? std::nullopt
                                   : std::optional(it->second)});
    }
    ringColumns[key] = {offset, position};
  }
  /// Takes back the ringColumns entries recorded in ringUndo.
  void undoRingColumns() {
    for (auto &[src, previous] : llvm::reverse(ringUndo)) {
      if (previous)
        ringColumns[src] = *previous;
      else
        ringColumns.erase(src);
    }
    ringUndo.clear();
  }
  /// Forgets the cached columns (a new kernel: HBM bytes may have been
  /// rewritten by the kernels in between).
  void forgetColumns() {
    ringColumns.clear();
    pinnedColumns.clear();
    maxTileBytes = 0;
  }

  /// PSUM byte offset for the next tensor-engine transpose of elements of
  /// `elementBytes` bytes: slots of 128 elements in the last two banks, used
  /// in turn, so a transpose rarely waits for the copy of an earlier one.
  int64_t transposeSlot(int64_t elementBytes) {
    int64_t bank = target.psum_bank_bytes();
    int64_t slot = target.pe_columns() * std::max<int64_t>(elementBytes, 2);
    int64_t perBank = std::max<int64_t>(1, bank / slot);
    int64_t i = psumRotation++ % (2 * perBank);
    return (target.psum_banks() - 2 + i / perBank) * bank +
           (i % perBank) * slot;
  }

  int nextQueue() { return queue++ % std::max(1, target.dma_queues()); }

  /// Whether an instruction that the vector and the scalar (activation)
  /// engine both run with the same result (a copy or PSUM evacuation, a
  /// single elementwise step with an activation form), `elements` per
  /// partition, goes to the scalar engine: whether its estimated busy time
  /// ends first with it, the cost being max(64, elements) cycles at the
  /// engine's clock (DESIGN section 4). The estimates count every
  /// instruction emitted so far (EngineLoads).
  bool preferScalar(int64_t elements) const {
    double cycles = static_cast<double>(std::max<int64_t>(64, elements));
    return scalarNs + cycles / target.scalar_clock_ghz() <
           vectorNs + cycles / target.vector_clock_ghz();
  }
  /// Adds each vector, scalar and GpSimd instruction the builder creates to
  /// its engine's estimated busy time (vectorNs, scalarNs, gpsimdNs): the
  /// cost model of DESIGN section 4 in its simple form, max(64, N) cycles
  /// for N elements per partition of the destination, 2N for a
  /// tensor_tensor or select reading no PSUM, at the engine's clock.
  struct EngineLoads : OpBuilder::Listener {
    explicit EngineLoads(Emitter &e) : e(e) {}
    void notifyOperationInserted(Operation *op,
                                 OpBuilder::InsertPoint) override {
      if (!isInstruction(op))
        return;
      Engine engine = getInstructionEngine(op);
      if (engine != Engine::vector && engine != Engine::scalar &&
          engine != Engine::gpsimd)
        return;
      auto dst = op->getAttrOfType<AccessPatternAttr>("dst");
      if (!dst)
        return;
      double n = static_cast<double>(dst.getElementsPerPartition());
      if (isa<TensorTensorOp, SelectOp>(op)) {
        bool psum = llvm::any_of(op->getAttrs(), [](NamedAttribute a) {
          auto ap = dyn_cast<AccessPatternAttr>(a.getValue());
          return ap && a.getName() != "dst" && ap.getMemory() == Memory::psum;
        });
        if (!psum)
          n *= 2;
      }
      double cycles = std::max(64.0, n);
      if (engine == Engine::vector)
        e.vectorNs += cycles / e.target.vector_clock_ghz();
      else if (engine == Engine::scalar)
        e.scalarNs += cycles / e.target.scalar_clock_ghz();
      else
        e.gpsimdNs += cycles / e.target.gpsimd_clock_ghz();
    }
    Emitter &e;
  };
  /// A copy on the less loaded of the vector and scalar engines.
  void copyBalanced(Location loc, AccessPatternAttr src,
                    AccessPatternAttr dst) {
    bool scalar = preferScalar(dst.getElementsPerPartition());
    copy(loc, src, dst, scalar ? Engine::scalar : Engine::vector);
  }

  // ---- instructions ----
  /// Contiguous runs (DMA descriptors) of `ap`, as the simulator counts them.
  static int64_t descriptors(AccessPatternAttr ap) {
    ArrayRef<int64_t> counts = ap.getCounts(), strides = ap.getStrides();
    int64_t perPartition = ap.getElementsPerPartition();
    if (counts.empty())
      perPartition = 1;
    else if (strides.back() == 1)
      perPartition /= counts.back();
    return std::max<int64_t>(1, perPartition) * ap.getPartitionCount();
  }
  /// Queue time (ns) one piece of a split DMA aims at, and the most pieces
  /// (queues) one copy takes. Pieces on different queues overlap their
  /// transfers and their fixed latencies (1.3 us); over the corpus models,
  /// loads and stores in pieces of about 1 us on up to 8 queues measured
  /// best (docs/performance.md), splitting over all 16 queues being worse.
  static constexpr double kDmaPieceNs = 1000;
  static constexpr int64_t kDmaMaxPieces = 8;
  /// A copy between `src` and `dst`, split by partitions over up to
  /// kDmaMaxPieces queues. Its queue time is DESIGN section 4's: bytes /
  /// bandwidth, plus a cost per descriptor (contiguous run) when the runs
  /// average under 512 B, so rows of a few elements (a [128 x 1] column
  /// costs 128 descriptors) split as much as large transfers do.
  void dma(Location loc, AccessPatternAttr src, AccessPatternAttr dst) {
    int64_t p = src.getPartitionCount();
    int64_t bytes = p * src.getElementsPerPartition() *
                    std::max(src.getElementBytes(), dst.getElementBytes());
    int64_t runs = std::max(descriptors(src), descriptors(dst));
    double queueNs = systole::dmaQueueNs(target, bytes, runs);
    // Stores split like loads: `schedule` puts each piece on the DMA queue
    // free first, so loads no longer wait behind a store's pieces on
    // in-order queues (which made stores split into 64 KiB pieces only).
    double want = queueNs / kDmaPieceNs;
    int64_t pieces = std::min<int64_t>(
        {kDmaMaxPieces, p, static_cast<int64_t>(std::ceil(want))});
    if (pieces > 1 && dst.getPartitionCount() == p) {
      int64_t step = (p + pieces - 1) / pieces;
      for (int64_t p0 = 0; p0 < p; p0 += step)
        dmaOne(loc, slicePartitions(src, p0, std::min(step, p - p0)),
               slicePartitions(dst, p0, std::min(step, p - p0)));
      return;
    }
    dmaOne(loc, src, dst);
  }
  /// Partitions [p0, p0 + n) of `ap`.
  AccessPatternAttr slicePartitions(AccessPatternAttr ap, int64_t p0,
                                    int64_t n) {
    bool hbm = ap.getMemory() == Memory::hbm;
    int64_t offset =
        ap.getByteOffset() +
        (hbm ? p0 * ap.getPartitionStride() * ap.getElementBytes() : 0);
    return AccessPatternAttr::get(
        ctx, ap.getMemory(), hbm ? 0 : ap.getStartPartition() + p0, n, offset,
        ap.getElementType(), ap.getCounts(), ap.getStrides(),
        n == 1 ? 0 : ap.getPartitionStride());
  }
  void dmaOne(Location loc, AccessPatternAttr src, AccessPatternAttr dst) {
    b.create<DmaCopyOp>(loc, src, dst, Engine::dma,
                        b.getI32IntegerAttr(nextQueue()), nullptr, nullptr,
                        nullptr, nullptr);
  }
  /// A memset on the less loaded of the vector and GpSimd engines (by the
  /// estimates of preferScalar; GpSimd does not reach PSUM).
  void memset(Location loc, AccessPatternAttr dst, double value) {
    double cycles = static_cast<double>(
        std::max<int64_t>(64, dst.getElementsPerPartition()));
    bool gpsimd = dst.getMemory() == Memory::sbuf &&
                  gpsimdNs + cycles / target.gpsimd_clock_ghz() <
                      vectorNs + cycles / target.vector_clock_ghz();
    b.create<MemsetOp>(loc, dst, APFloat(value),
                       gpsimd ? Engine::gpsimd : Engine::vector, nullptr,
                       nullptr, nullptr, nullptr, nullptr);
  }
  void copy(Location loc, AccessPatternAttr src, AccessPatternAttr dst,
            Engine engine) {
    b.create<TensorCopyOp>(loc, src, dst, engine, nullptr, nullptr, nullptr,
                           nullptr, nullptr);
  }

  ProgramOp program;
  const systole::TargetDesc &target;
  OpBuilder b;
  EngineLoads loads{*this};
  MLIRContext *ctx;
  int64_t sbufBytes, partitions;
  /// Columns loaded into (or computed in) ring slots in this kernel: HBM
  /// access pattern (or Operand::identity) -> (SBUF offset, ring position). Not
  /// in EmitterState: emitTile takes back a tentative tile's entries from
  /// ringUndo (the insertions it made, each with the entry it replaced) instead
  /// of copying the map per tile.
  llvm::DenseMap<Attribute, std::pair<int64_t, int64_t>> ringColumns;
  SmallVector<std::pair<Attribute, std::optional<std::pair<int64_t, int64_t>>>>
      ringUndo;
  bool recordRingUndo = false;
};

// ---- views ----

/// The HBM view of a memref value; failure (with an error at `loc`) for
/// buffers `place` did not give an address or layouts that are not strided.
FailureOr<HbmView> resolveView(Value v, func::FuncOp main, ModuleOp module,
                               Location loc) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type) {
    emitError(loc) << "ncore: expected a buffer, got " << v.getType();
    return failure();
  }
  HbmView view;
  view.elementType = type.getElementType();
  view.shape.assign(type.getShape().begin(), type.getShape().end());
  if (failed(getStridesAndOffset(type, view.strides, view.offset)) ||
      view.offset == ShapedType::kDynamic ||
      llvm::any_of(view.strides, ShapedType::isDynamic)) {
    emitError(loc) << "ncore: buffer layout of " << type << " is not static";
    return failure();
  }
  // Views, and the results of loops that update a buffer in place (the
  // scatter nests of the linalg phase), share their source's buffer.
  Value root = v;
  while (true) {
    if (auto viewOp = root.getDefiningOp<ViewLikeOpInterface>()) {
      root = viewOp.getViewSource();
    } else if (auto loop = root.getDefiningOp<scf::ForOp>()) {
      root = loop.getInitArgs()[cast<OpResult>(root).getResultNumber()];
    } else {
      break;
    }
  }
  IntegerAttr address;
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    if (arg.getOwner()->getParentOp() == main) {
      address =
          main.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), kAddressAttr);
      // Unsigned data keeps its type (the linalg phase made it signless):
      // engines must read ui8 and ui16 bytes as unsigned. ui32 data stays
      // in its signed form (an i32 view of the same bytes): its values
      // past 2^31 have no i32 tile value, and the body's unsigned ops
      // (`cmpi ult`, `uitofp`, ...) take the signed form.
      if (auto t = main.getArgAttrOfType<TypeAttr>(arg.getArgNumber(),
                                                   "systole.element_type"))
        if (t.getValue().getIntOrFloatBitWidth() ==
                view.elementType.getIntOrFloatBitWidth() &&
            t.getValue().getIntOrFloatBitWidth() < 32 &&
            isSupportedElementType(t.getValue()))
          view.elementType = t.getValue();
    }
  } else if (Operation *def = root.getDefiningOp()) {
    if (auto get = dyn_cast<memref::GetGlobalOp>(def)) {
      if (auto global =
              module.lookupSymbol<memref::GlobalOp>(get.getNameAttr()))
        address = global->getAttrOfType<IntegerAttr>(kAddressAttr);
    } else {
      address = def->getAttrOfType<IntegerAttr>(kAddressAttr);
    }
  }
  if (!address) {
    // A while loop's results: the loop itself is reported (no lowering).
    if (!root.getDefiningOp<scf::WhileOp>())
      emitError(loc)
          << "ncore: buffer has no HBM address (run systole-place first)";
    return failure();
  }
  view.base = address.getInt();
  return view;
}

// ---- generic kernels ----

/// An elementwise/reduction kernel: an iteration space, operands read and
/// written through affine projections, and a scalar body.
struct Kernel {
  Location loc;
  SmallVector<int64_t> ranges;
  SmallVector<utils::IteratorType> iterators;
  systole::TilingDecision tiling;
  SmallVector<HbmView> inputs;
  SmallVector<AffineMap> inputMaps;
  HbmView output;
  AffineMap outputMap;
  Block *body = nullptr; // linalg-style block: inputs..., out -> yield
  /// Buffers the body reads with `memref.load` (gathers, embedding lookups).
  DenseMap<Value, HbmView> captured;
  std::optional<double> fill; // a fill kernel: the value
  bool copy = false;          // a copy kernel: yields input 0
  /// A copy kernel that is a 32-bit `bitcast_convert` to this type: the
  /// SBUF tile of its input (loaded, or a row group member's result) is
  /// stored with this element type, the same bytes.
  Type bitcastType;
  /// Inputs already on chip for the tile being emitted (a contraction's
  /// PSUM tile, for its epilogue; a row group's intermediate), by input
  /// number: not loaded from HBM.
  DenseMap<unsigned, Operand> preloaded;
  /// A row group's reduction (RowGroup): the value its output starts from
  /// (the `linalg.fill` before it, which emits nothing), combined with each
  /// tile's result instead of the running value in HBM. Every reduction
  /// loop is in one tile.
  std::optional<double> runningInit;
  /// Whether each tile's result is stored to `output` (a row group's
  /// intermediate read only by the group stays in SBUF).
  bool store = true;
  /// Where a tile leaves its result and the inputs it loaded (by input
  /// number; Imm for those not loaded), for the next members of a row group.
  Operand *tileResult = nullptr;
  SmallVector<Operand> *loadedInputs = nullptr;
};

/// Stride, in elements of `view`, of loop `d` through `map`; and the element
/// offset of the tile starting at `origin`. Failure for maps that are not
/// projections of loops and constants.
LogicalResult operandLayout(const HbmView &view, AffineMap map,
                            ArrayRef<int64_t> origin,
                            SmallVector<int64_t> &loopStrides,
                            int64_t &offset) {
  loopStrides.assign(map.getNumDims(), 0);
  offset = view.offset;
  // Each result is a sum of loops times constants plus a constant (windows
  // of convolutions and pooling: d2 * 2 + d6).
  std::function<bool(AffineExpr, int64_t, int64_t)> add =
      [&](AffineExpr expr, int64_t scale, int64_t stride) {
        if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
          loopStrides[dim.getPosition()] += scale * stride;
          offset += origin[dim.getPosition()] * scale * stride;
          return true;
        }
        if (auto cst = dyn_cast<AffineConstantExpr>(expr)) {
          offset += cst.getValue() * scale * stride;
          return true;
        }
        auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
        if (!bin)
          return false;
        if (expr.getKind() == AffineExprKind::Add)
          return add(bin.getLHS(), scale, stride) &&
                 add(bin.getRHS(), scale, stride);
        if (expr.getKind() == AffineExprKind::Mul) {
          if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
            return add(bin.getLHS(), scale * c.getValue(), stride);
          if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
            return add(bin.getRHS(), scale * c.getValue(), stride);
        }
        return false;
      };
  for (auto [j, expr] : llvm::enumerate(map.getResults()))
    if (!add(expr, 1, view.strides[j]))
      return failure();
  return success();
}

/// Failure, with an error at `at`, when `a` and `b`, the operands of binary
/// body op `op`, are both constants: the canonicalizer folds such ops before
/// this phase.
LogicalResult notBothConstants(const Operand &a, const Operand &b,
                               Operation *op, Location at) {
  if (a.kind != Operand::Imm || b.kind != Operand::Imm)
    return success();
  emitError(at) << "ncore: '" << op->getName()
                << "' of two constants (fold it first)";
  return failure();
}

/// Whether every value of `type` reads as non-negative on the engines (i1
/// holds 0 and 1; indices count).
bool nonNegative(Type type) { return type.isInteger(1) || type.isIndex(); }

std::optional<AluOp> aluFor(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<AluOp>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return AluOp::add; })
      .Case<arith::SubFOp, arith::SubIOp>([](auto) { return AluOp::sub; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return AluOp::mul; })
      .Case<arith::DivFOp>([](auto) { return AluOp::div; })
      .Case<arith::MaximumFOp, arith::MaxNumFOp, arith::MaxSIOp>(
          [](auto) { return AluOp::max; })
      .Case<arith::MinimumFOp, arith::MinNumFOp, arith::MinSIOp>(
          [](auto) { return AluOp::min; })
      // Unsigned on 0/1 values (i1) and indices only; else see `lower`.
      .Case<arith::MaxUIOp>([](arith::MaxUIOp m) -> std::optional<AluOp> {
        return nonNegative(m.getType()) ? std::optional(AluOp::max)
                                        : std::nullopt;
      })
      .Case<arith::MinUIOp>([](arith::MinUIOp m) -> std::optional<AluOp> {
        return nonNegative(m.getType()) ? std::optional(AluOp::min)
                                        : std::nullopt;
      })
      .Case<math::PowFOp>([](auto) { return AluOp::pow; })
      .Case<arith::AndIOp>([](auto) { return AluOp::And; })
      .Case<arith::OrIOp>([](auto) { return AluOp::Or; })
      .Case<arith::XOrIOp>([](auto) { return AluOp::Xor; })
      .Case<arith::CmpFOp>([](arith::CmpFOp c) -> std::optional<AluOp> {
        switch (c.getPredicate()) {
        // The ALU compares as IEEE 754 does: false with a NaN operand,
        // except ne. The other predicates are lowerFloatCompare's.
        case arith::CmpFPredicate::OEQ:
          return AluOp::eq;
        case arith::CmpFPredicate::UNE:
          return AluOp::ne;
        case arith::CmpFPredicate::OLT:
          return AluOp::lt;
        case arith::CmpFPredicate::OLE:
          return AluOp::le;
        case arith::CmpFPredicate::OGT:
          return AluOp::gt;
        case arith::CmpFPredicate::OGE:
          return AluOp::ge;
        // isnan(x) and its negation, x != x and x == x.
        case arith::CmpFPredicate::UNO:
          return c.getLhs() == c.getRhs() ? std::optional(AluOp::ne)
                                          : std::nullopt;
        case arith::CmpFPredicate::ORD:
          return c.getLhs() == c.getRhs() ? std::optional(AluOp::eq)
                                          : std::nullopt;
        default:
          return std::nullopt;
        }
      })
      .Case<arith::CmpIOp>([](arith::CmpIOp c) -> std::optional<AluOp> {
        switch (c.getPredicate()) {
        case arith::CmpIPredicate::eq:
          return AluOp::eq;
        case arith::CmpIPredicate::ne:
          return AluOp::ne;
        // Integer division and shifts are not mapped: the engines compute in
        // fp32, so they would round where StableHLO truncates or wraps.
        case arith::CmpIPredicate::slt:
          return AluOp::lt;
        case arith::CmpIPredicate::sle:
          return AluOp::le;
        case arith::CmpIPredicate::sgt:
          return AluOp::gt;
        case arith::CmpIPredicate::sge:
          return AluOp::ge;
        // Unsigned predicates are the signed ones where no value is negative:
        // i1 (0 and 1) and indices. Other integers: lowerUnsignedCompare.
        case arith::CmpIPredicate::ult:
          return nonNegative(c.getLhs().getType()) ? std::optional(AluOp::lt)
                                                   : std::nullopt;
        case arith::CmpIPredicate::ule:
          return nonNegative(c.getLhs().getType()) ? std::optional(AluOp::le)
                                                   : std::nullopt;
        case arith::CmpIPredicate::ugt:
          return nonNegative(c.getLhs().getType()) ? std::optional(AluOp::gt)
                                                   : std::nullopt;
        case arith::CmpIPredicate::uge:
          return nonNegative(c.getLhs().getType()) ? std::optional(AluOp::ge)
                                                   : std::nullopt;
        default:
          return std::nullopt;
        }
      })
      .Default([](Operation *) { return std::nullopt; });
}

bool commutes(AluOp op) {
  switch (op) {
  case AluOp::add:
  case AluOp::mul:
  case AluOp::max:
  case AluOp::min:
  case AluOp::eq:
  case AluOp::ne:
  case AluOp::And:
  case AluOp::Or:
  case AluOp::Xor:
    return true;
  default:
    return false;
  }
}

/// `a op b` == `b swapped(op) a` for comparisons.
std::optional<AluOp> swapped(AluOp op) {
  switch (op) {
  case AluOp::lt:
    return AluOp::gt;
  case AluOp::le:
    return AluOp::ge;
  case AluOp::gt:
    return AluOp::lt;
  case AluOp::ge:
    return AluOp::le;
  default:
    return commutes(op) ? std::optional<AluOp>(op) : std::nullopt;
  }
}

/// The `arith.divf` that ends `1 / (1 + exp(-x))` in f32 (stablehlo.logistic
/// as StableHLOToLinalg writes it) when `neg` is its `arith.negf` and each
/// step has one use; null otherwise. The scalar engine's sigmoid computes
/// the same fp32 operations in one instruction (DESIGN section 4), so the
/// result is the same to the bit. A chain in a narrower type rounds after
/// each step and is left to the separate instructions.
Operation *sigmoidEnd(Operation *neg) {
  if (!isa<arith::NegFOp>(neg) || !neg->getResult(0).getType().isF32() ||
      !neg->hasOneUse())
    return nullptr;
  auto exp = dyn_cast<math::ExpOp>(*neg->user_begin());
  if (!exp || !exp->hasOneUse())
    return nullptr;
  auto add = dyn_cast<arith::AddFOp>(*exp->user_begin());
  if (!add || !add->hasOneUse())
    return nullptr;
  Value one = add.getLhs() == exp.getResult() ? add.getRhs() : add.getLhs();
  auto div = dyn_cast<arith::DivFOp>(*add->user_begin());
  if (!div || div.getRhs() != add.getResult() ||
      !matchPattern(one, m_OneFloat()) ||
      !matchPattern(div.getLhs(), m_OneFloat()))
    return nullptr;
  return div;
}

std::optional<ActivationFunc> activationFor(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ActivationFunc>>(op)
      .Case<math::ExpOp>([](auto) { return ActivationFunc::exp; })
      .Case<math::LogOp>([](auto) { return ActivationFunc::log; })
      .Case<math::TanhOp>([](auto) { return ActivationFunc::tanh; })
      .Case<math::SqrtOp>([](auto) { return ActivationFunc::sqrt; })
      .Case<math::RsqrtOp>([](auto) { return ActivationFunc::rsqrt; })
      .Case<math::ErfOp>([](auto) { return ActivationFunc::erf; })
      .Case<math::AbsFOp>([](auto) { return ActivationFunc::abs; })
      .Case<math::SinOp>([](auto) { return ActivationFunc::sin; })
      .Case<math::CosOp>([](auto) { return ActivationFunc::cos; })
      .Default([](Operation *) { return std::nullopt; });
}

/// Emits one tile of a kernel: the tile's loops start at `origin` and span
/// `counts`.
class TileEmitter {
public:
  TileEmitter(Emitter &e, const Kernel &k, ArrayRef<int64_t> origin,
              ArrayRef<int64_t> counts)
      : e(e), k(k), origin(origin), counts(counts) {
    int64_t part = k.tiling.partition;
    p = part >= 0 ? counts[part] : 1;
    for (size_t d = 0; d < counts.size(); ++d) {
      if (static_cast<int64_t>(d) == part || counts[d] == 1)
        continue;
      if (k.iterators[d] == utils::IteratorType::parallel)
        parDims.push_back(d);
      else
        redDims.push_back(d);
    }
    fpar = 1;
    for (int64_t d : parDims)
      fpar *= counts[d];
    ftot = fpar;
    for (int64_t d : redDims)
      ftot *= counts[d];
    freeDims.assign(parDims.begin(), parDims.end());
    freeDims.append(redDims.begin(), redDims.end());
    // An integer reduction over one dim outside a parallel one (a sum over
    // the middle dim of [a, b, c]): its tiles hold the free dims in loop
    // order, the input's order in HBM, so that each partition loads rows
    // of the inner dims rather than one element at a time (integers have
    // no tensor-engine transpose); the reduction reads the tile through a
    // strided access pattern.
    if (redDims.size() == 1 && !parDims.empty() &&
        redDims.front() < parDims.back() &&
        isa<IntegerType>(k.output.elementType))
      llvm::sort(freeDims);
    // The `tile` phase put the reduction outside the parallel free loops
    // (TilingDecision::reductionOuter): an input contiguous along one of
    // them loads as rows; the reduction reads the tile strided alike.
    if (k.tiling.reductionOuter && redDims.size() == 1 && !parDims.empty()) {
      freeDims.assign(redDims.begin(), redDims.end());
      freeDims.append(parDims.begin(), parDims.end());
    }
  }

  LogicalResult run();

private:
  /// The kernel input being loaded (its column-cache slot), or -1.
  int64_t currentInput = -1;

  /// The HBM access pattern of an operand over the tile's loops `dims`.
  FailureOr<AccessPatternAttr> hbmOperand(const HbmView &view, AffineMap map,
                                          ArrayRef<int64_t> dims) {
    SmallVector<int64_t> loopStrides;
    int64_t offset;
    if (failed(operandLayout(view, map, origin, loopStrides, offset))) {
      emitError(k.loc) << "ncore: indexing map " << AffineMapAttr::get(map)
                       << " is not a linear function of the loops";
      return failure();
    }
    SmallVector<int64_t> c, s;
    for (int64_t d : dims) {
      c.push_back(counts[d]);
      s.push_back(loopStrides[d]);
    }
    int64_t pstride =
        k.tiling.partition >= 0 ? loopStrides[k.tiling.partition] : 0;
    Emitter::normalize(c, s);
    if (c.size() > 4) {
      emitError(k.loc) << "ncore: a tile of this op needs " << c.size()
                       << " free dims; access patterns have 4";
      return failure();
    }
    int64_t eb = bytesOf(view.elementType);
    return e.hbm(view.base + offset * eb, p, pstride, view.elementType, c, s);
  }

  /// Whether every loop of this tile spans its full tile size (not an edge
  /// tile cut short by the loop's end).
  bool isFullTile() const {
    for (size_t d = 0; d < counts.size(); ++d)
      if (counts[d] !=
          std::min(std::max<int64_t>(1, k.tiling.tiles[d]), k.ranges[d]))
        return false;
    return true;
  }

  /// Whether `view` through `map` is constant along every free loop.
  bool isColumn(const HbmView &view, AffineMap map) {
    SmallVector<int64_t> loopStrides;
    int64_t offset;
    if (failed(operandLayout(view, map, origin, loopStrides, offset)))
      return false;
    for (int64_t d : parDims)
      if (loopStrides[d] != 0)
        return false;
    for (int64_t d : redDims)
      if (loopStrides[d] != 0)
        return false;
    return true;
  }

  /// A fresh SBUF slot for `elements` values of `type` per partition: a
  /// dense Tile, or a Column when it holds one element per partition of a
  /// wider tile. i8
  /// and i16 values live in i32 tiles: the body's signless integers may hold
  /// unsigned data (ui8 arguments read as 0..255), which a narrow tile would
  /// saturate; the final store converts to the buffer's type.
  FailureOr<Operand> newTile(Type type, int64_t elements,
                             bool exactType = false) {
    if (auto it = dyn_cast<IntegerType>(type);
        !exactType && it && it.getWidth() > 1 && it.getWidth() < 32)
      type = IntegerType::get(e.ctx, 32);
    FailureOr<int64_t> at = e.allocSlot(elements * bytesOf(type), k.loc);
    if (failed(at))
      return failure();
    Operand o;
    o.kind = elements == 1 && ftot != 1 ? Operand::Column : Operand::Tile;
    o.offset = *at;
    o.type = type;
    return o;
  }
  AccessPatternAttr ap(const Operand &o, int64_t elements) {
    if (o.kind == Operand::Column)
      return e.sbuf(o.offset, p, o.type, {}, o.memory);
    return e.sbuf(o.offset, p, o.type, {elements}, o.memory);
  }
  AccessPatternAttr full(const Operand &o) { return ap(o, ftot); }

  /// A dense tile holding `o` (materializing immediates and columns).
  FailureOr<Operand> asTile(const Operand &o, Type type) {
    if (o.kind == Operand::Tile)
      return o;
    FailureOr<Operand> t = newTile(type, ftot);
    if (failed(t))
      return failure();
    if (o.kind == Operand::Imm) {
      e.memset(k.loc, full(*t), o.imm);
    } else {
      // -0 + x is x for every x, -0 included (0 + -0 would be +0).
      e.memset(k.loc, full(*t), -0.0);
      e.b.create<TensorScalarOp>(k.loc, full(*t), full(*t), AluOp::add,
                                 ap(o, 1), nullptr, nullptr, Engine::vector,
                                 nullptr, nullptr, nullptr, nullptr, nullptr);
    }
    return t;
  }
  /// In an epilogue, the key of `op`'s result when every operand is a
  /// Column with an identity or an immediate (a per-channel value such as
  /// rsqrt(var + eps), the same for every tile of an M block): the op's
  /// index in the body and its operands' identities. Null otherwise.
  Attribute derivedColumnKey(Operation &op, int64_t opIndex) {
    if (!(e.derivedBase >= 0 || ringKeepsColumns()) ||
        op.getNumResults() != 1 || ftot == 1)
      return {};
    SmallVector<Attribute> parts{e.b.getI64IntegerAttr(opIndex)};
    for (Value v : op.getOperands()) {
      // Constants by their attribute (the first use puts them in `values`).
      if (Attribute cst; matchPattern(v, m_Constant(&cst))) {
        parts.push_back(cst);
        continue;
      }
      auto it = values.find(v);
      if (it == values.end())
        return {};
      const Operand &o = it->second;
      if (o.kind == Operand::Imm)
        parts.push_back(e.b.getF64FloatAttr(o.imm));
      else if (o.kind == Operand::Column && o.identity)
        parts.push_back(o.identity);
      else
        return {};
    }
    return e.b.getArrayAttr(parts);
  }
  /// Whether columns stay in the SBUF ring for later tiles of this kernel
  /// (as in `load`): outside arenas and row groups, in full tiles.
  bool ringKeepsColumns() const {
    return e.arenaBytes == 0 && e.groupStartCounter < 0 && isFullTile();
  }
  /// The column of `type` computed under `key` by an earlier tile,
  /// or nullopt: in an epilogue from its derived-column cache, else from
  /// the ring.
  std::optional<Operand> findDerivedColumn(Attribute key, Type type) {
    if (e.derivedBase < 0) {
      std::optional<int64_t> at = e.columnInRing(key);
      if (!at)
        return std::nullopt;
      Operand c;
      c.kind = Operand::Column;
      c.offset = *at;
      c.type = type;
      c.identity = key;
      return c;
    }
    return e.findDerived(key);
  }
  /// Keeps column `o`, computed under `key`, for the next tiles: outside
  /// epilogues where it is in the ring (when it holds exactly the op's
  /// result type); in an epilogue as a copy in the next derived-column slot.
  Operand keepDerivedColumn(Location loc, Operation &op, Attribute key,
                            const Operand &o) {
    if (e.derivedBase < 0) {
      Operand kept = o;
      if (o.type == op.getResult(0).getType() && !o.unsignedValue) {
        kept.identity = key;
        e.rememberTileColumn(key, o.offset);
      }
      return kept;
    }
    Operand kept = e.keepDerived(key, o);
    e.copy(loc, ap(o, 1), ap(kept, 1), Engine::vector);
    return kept;
  }
  /// Whether a column kept under `key` (not null) stays for later tiles:
  /// in an epilogue's derived-column cache, or in the ring (as
  /// keepDerivedColumn keeps them).
  bool keepsDerivedColumns(Attribute key) const {
    return key && (e.derivedBase >= 0 || ringKeepsColumns());
  }
  /// An f32 [P x 1] column that `fill` writes from columns and immediates
  /// alone (the negated bias or the -0 bias of onActivationEngine): the one
  /// an earlier tile kept under `key` (keepsDerivedColumns), else a new
  /// column, kept under `key` for the next tiles.
  FailureOr<Operand> auxColumn(Attribute key,
                               function_ref<void(const Operand &)> fill) {
    Type f32 = e.b.getF32Type();
    bool keep = keepsDerivedColumns(key);
    if (keep)
      if (std::optional<Operand> kept = findDerivedColumn(key, f32))
        return *kept;
    Operand c;
    c.kind = Operand::Column;
    c.type = f32;
    if (keep && e.derivedBase >= 0) {
      c = e.keepDerived(key, c);
    } else {
      FailureOr<Operand> t = newTile(f32, 1, /*exactType=*/true);
      if (failed(t))
        return failure();
      c = *t;
      if (keep) {
        c.identity = key;
        e.rememberTileColumn(key, c.offset);
      }
    }
    fill(c);
    return c;
  }
  Attribute scalarAttr(const Operand &o) {
    if (o.kind == Operand::Imm)
      return e.b.getF32FloatAttr(static_cast<float>(o.imm));
    return ap(o, 1);
  }

  /// Loads a float operand whose elements are contiguous along the
  /// partitions but strided along the one free dim (a transposed view) as
  /// [free chunk x P] rows, transposed on the tensor engine into `tile`:
  /// one DMA descriptor per row instead of one per element. The rows go to
  /// up to kTransposeRowSlots optional slots in turn, so that the next
  /// chunk's load need not wait for this chunk's transpose. False (nothing
  /// emitted) when the operand is not of that form.
  bool loadTransposed(const HbmView &view, AffineMap map, const Operand &tile) {
    if (k.tiling.partition < 0 || !isa<FloatType>(view.elementType) ||
        bytesOf(view.elementType) < 2)
      return false;
    SmallVector<int64_t> loopStrides;
    int64_t offset;
    if (failed(operandLayout(view, map, origin, loopStrides, offset)) ||
        loopStrides[k.tiling.partition] != 1)
      return false;
    SmallVector<int64_t> c, st;
    for (int64_t d : freeDims) {
      c.push_back(counts[d]);
      st.push_back(loopStrides[d]);
    }
    Emitter::normalize(c, st);
    if (c.size() != 1 || st[0] == 1 || st[0] == 0)
      return false;
    int64_t eb = bytesOf(view.elementType);
    int64_t maxP = e.target.pe_rows();
    SmallVector<int64_t, kTransposeRowSlots> rows;
    int64_t chunks = (c[0] + maxP - 1) / maxP;
    while (static_cast<int64_t>(rows.size()) <
           std::min(kTransposeRowSlots, chunks)) {
      std::optional<int64_t> slot = e.allocOptionalSlot(p * eb, k.loc);
      if (!slot)
        break;
      rows.push_back(*slot);
    }
    if (rows.empty())
      return false;
    for (int64_t c0 = 0; c0 < c[0]; c0 += maxP) {
      int64_t cn = std::min(maxP, c[0] - c0);
      int64_t addr = view.base + (offset + c0 * st[0]) * eb;
      auto src = e.hbm(addr, cn, st[0], view.elementType, {p}, {1});
      auto rowsAp =
          e.sbuf(rows[c0 / maxP % rows.size()], cn, view.elementType, {p});
      e.dma(k.loc, src, rowsAp);
      int64_t tOff = e.transposeSlot(eb);
      auto t = e.sbuf(tOff, p, view.elementType, {cn}, Memory::psum);
      e.b.create<TransposeOp>(k.loc, rowsAp, t, Engine::tensor, nullptr,
                              nullptr, nullptr, nullptr, nullptr);
      e.copyBalanced(k.loc, t,
                     e.sbuf(tile.offset + c0 * eb, p, view.elementType, {cn}));
    }
    return true;
  }

  /// Loads `view` through `map` for this tile: a [P x 1] column when it is
  /// constant along the free dims, else a dense [P x F] tile.
  FailureOr<Operand> load(const HbmView &view, AffineMap map,
                          bool onlyZeroExtended = false) {
    bool column = isColumn(view, map);
    FailureOr<AccessPatternAttr> src =
        hbmOperand(view, map, column ? ArrayRef<int64_t>() : freeDims);
    if (failed(src))
      return failure();
    // Loaded data keeps its own type (a u8 tile holds 0..255 exactly), and
    // the DMA moves its bytes, not 4 per element.
    // In an epilogue, a column the previous tile loaded into this input's
    // cache slot is there still (Epilogue::columnBytes).
    bool cached = column && ftot != 1 && e.columnCacheBase >= 0 &&
                  currentInput >= 0 &&
                  (currentInput + 1) * e.columnSlots <=
                      static_cast<int64_t>(e.cachedColumns.size());
    FailureOr<Operand> t = failure();
    int64_t slot = -1;
    bool hit = false;
    if (cached) {
      // The slot holding this column, else the least recently read one.
      int64_t first = currentInput * e.columnSlots;
      slot = first;
      for (int64_t j = first; j < first + e.columnSlots; ++j) {
        if (e.cachedColumns[j] == *src) {
          slot = j;
          hit = true;
          break;
        }
        if (e.columnLastUse[j] < e.columnLastUse[slot])
          slot = j;
      }
      e.columnLastUse[slot] = ++e.columnUses;
      Operand c;
      c.kind = Operand::Column;
      c.offset = e.columnCacheBase + 64 * slot;
      c.type = view.elementType;
      c.identity = *src;
      t = c;
    } else if (int64_t rowIndex = -1;
               !column && e.rowCacheBase >= 0 && currentInput >= 0 &&
               currentInput < static_cast<int64_t>(e.rowOrdinal.size()) &&
               e.rowOrdinal[currentInput] >= 0 &&
               src->getPartitionStride() == 0 && src->getPartitionCount() > 1 &&
               ftot * bytesOf(view.elementType) <= e.rowSlotBytes) {
      // In an epilogue, a row every partition reads alike (a per-column
      // bias or scale of a matmul, broadcast along M) that an earlier tile
      // loaded is in this input's row cache still: the tiles of one N
      // panel cycle through its few column blocks for every M block.
      int64_t first = e.rowOrdinal[currentInput] * kRowCacheSlots;
      for (int64_t j = 0; j < kRowCacheSlots; ++j)
        if (e.cachedRows[first + j] == *src)
          rowIndex = first + j;
      hit = rowIndex >= 0;
      if (!hit) {
        int &next = e.nextRowSlot[e.rowOrdinal[currentInput]];
        rowIndex = first + next;
        next = (next + 1) % kRowCacheSlots;
        e.cachedRows[rowIndex] = *src;
      }
      Operand r;
      r.kind = Operand::Tile;
      r.offset = e.rowCacheBase + rowIndex * e.rowSlotBytes;
      r.type = view.elementType;
      t = r;
      if (!hit) {
        e.dma(k.loc, *src, ap(*t, ftot));
        hit = true; // loaded now: nothing more below
      }
    } else if (std::optional<int64_t> at; column && ftot != 1 &&
                                          e.arenaBytes == 0 && isFullTile() &&
                                          (at = e.columnInRing(*src))) {
      // Outside arenas, a column an earlier tile of this kernel loaded
      // (the per-channel operands of NCHW elementwise kernels, reloaded for
      // every batch index) is still in its ring slot.
      Operand c;
      c.kind = Operand::Column;
      c.offset = *at;
      c.type = view.elementType;
      c.identity = *src;
      t = c;
      hit = true;
    } else {
      t = newTile(view.elementType, column ? 1 : ftot, /*exactType=*/true);
      if (succeeded(t) && column && ftot != 1 && e.arenaBytes == 0)
        e.rememberColumn(*src, t->offset);
      if (succeeded(t) && t->kind == Operand::Column)
        t->identity = *src;
    }
    if (failed(t))
      return failure();
    if (cached) {
      if (!hit)
        e.dma(k.loc, *src, ap(*t, 1));
      e.cachedColumns[slot] = *src;
    } else if (hit) {
      // Loaded by an earlier tile.
    } else if (column ||
               (!loadTransposed(view, map, *t) && !loadSpan(*src, *t))) {
      e.dma(k.loc, *src, ap(*t, column ? 1 : ftot));
    }
    if (view.elementType.isUnsignedInteger() &&
        view.elementType.getIntOrFloatBitWidth() < 32) {
      if (onlyZeroExtended) {
        t->unsignedValue = true;
        return t;
      }
      return toSignedForm(*t, view.elementType.getIntOrFloatBitWidth());
    }
    return t;
  }

  /// The low `width` bits (1 < width < 32) of the 32-bit integer `x` holds
  /// (of type `xType`), as a `resultType` operand: `x & (2^width - 1)` when
  /// `isUnsigned`, else sign-extended by (x << (32 - width)) >> (32 -
  /// width). Two's complement wrap-around, as StableHLO's integer
  /// conversions and arithmetic; exact while |x| < 2^24, like all i32
  /// arithmetic on the engines.
  FailureOr<Operand> lowBits(const Operand &x, unsigned width, bool isUnsigned,
                             Type xType, Type resultType) {
    Type i32 = e.b.getI32Type();
    Operand amount;
    amount.type = i32;
    if (isUnsigned) {
      amount.imm = std::ldexp(1.0, static_cast<int>(width)) - 1;
      return alu(AluOp::And, x, amount, resultType, xType);
    }
    amount.imm = 32 - width;
    FailureOr<Operand> up = alu(AluOp::shl, x, amount, i32, xType);
    if (failed(up))
      return failure();
    return alu(AluOp::shr, *up, amount, resultType, i32);
  }

  /// Unsigned i8/i16 data (ui8 arguments, read as 0..255) in the form the
  /// body's signless integer ops expect, the signed value of the same bits:
  /// v - 2^width where v >= 2^(width - 1). Constants and computed values
  /// are in that form already.
  FailureOr<Operand> toSignedForm(const Operand &v, unsigned width) {
    Type i32 = e.b.getI32Type();
    return wrapWhere(v, AluOp::ge, std::ldexp(1.0, static_cast<int>(width) - 1),
                     -std::ldexp(1.0, static_cast<int>(width)), i32, i32);
  }

  /// v + (v cmp threshold) * amount, as a `resultType` operand (`vType`
  /// types v): moves integers between their signed and unsigned readings.
  FailureOr<Operand> wrapWhere(const Operand &v, AluOp cmp, double threshold,
                               double amount, Type vType, Type resultType) {
    Type f32 = e.b.getF32Type();
    Operand bound, step;
    bound.type = vType;
    bound.imm = threshold;
    step.type = f32;
    step.imm = amount;
    FailureOr<Operand> hit = alu(cmp, v, bound, f32, vType);
    if (failed(hit))
      return failure();
    FailureOr<Operand> shift = alu(AluOp::mul, *hit, step, f32, f32);
    if (failed(shift))
      return failure();
    return alu(AluOp::add, v, *shift, resultType, vType);
  }

  /// The two operands of binary body op `op` as dense tiles of `type`.
  FailureOr<std::pair<Operand, Operand>> binaryTiles(Operation *op, Type type) {
    FailureOr<Operand> a = lookup(op->getOperand(0)),
                       b = lookup(op->getOperand(1));
    if (failed(a) || failed(b))
      return failure();
    FailureOr<Operand> at = asTile(*a, type), bt = asTile(*b, type);
    if (failed(at) || failed(bt))
      return failure();
    return std::make_pair(*at, *bt);
  }

  /// `n` fresh f32 tiles (the temporaries of an expansion).
  FailureOr<SmallVector<Operand>> f32Tiles(unsigned n) {
    SmallVector<Operand> tiles;
    for (unsigned i = 0; i < n; ++i) {
      FailureOr<Operand> t = newTile(e.b.getF32Type(), ftot);
      if (failed(t))
        return failure();
      tiles.push_back(*t);
    }
    return tiles;
  }

  /// Loads an operand whose rows are many short runs (strided windows:
  /// pooling with stride 2 reads every other element) as one contiguous
  /// span per partition, then gathers the tile from it with a strided
  /// engine copy in SBUF: one DMA descriptor per partition instead of one
  /// per run (DESIGN section 4: small descriptors cost extra). False, with
  /// nothing emitted, when the span would be too large.
  bool loadSpan(AccessPatternAttr src, const Operand &tile) {
    ArrayRef<int64_t> counts = src.getCounts(), strides = src.getStrides();
    if (counts.empty() ||
        llvm::any_of(strides, [](int64_t st) { return st < 0; }))
      return false;
    int64_t elems = 1, runs = 1, span = 1;
    for (auto [i, c] : llvm::enumerate(counts)) {
      elems *= c;
      if (i + 1 < counts.size() || strides[i] != 1)
        runs *= c;
      span += (c - 1) * strides[i];
    }
    int64_t eb = src.getElementBytes();
    if (runs < 8 || elems * eb / runs >= 512 || span * eb > 16384 ||
        span > 4 * elems)
      return false;
    std::optional<int64_t> at = e.allocOptionalSlot(span * eb, k.loc);
    if (!at)
      return false;
    int64_t p = src.getPartitionCount();
    Type type = src.getElementType();
    e.dma(k.loc,
          e.hbm(src.getByteOffset(), p, src.getPartitionStride(), type, {span},
                {1}),
          e.sbuf(*at, p, type, {span}));
    auto strided = AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, p, *at, type,
                                          counts, strides, 0);
    e.copyBalanced(k.loc, strided, ap(tile, elems));
    return true;
  }

  /// Whether `v` (a value of the body) can differ between elements of one
  /// partition of the tile, i.e. depends on a free dim.
  bool variesAlongFree(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != k.body)
        return false;
      unsigned i = arg.getArgNumber();
      if (i >= k.inputs.size())
        return true; // the running output
      return !isColumn(k.inputs[i], k.inputMaps[i]);
    }
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != k.body)
      return false;
    if (auto index = dyn_cast<linalg::IndexOp>(def)) {
      int64_t d = index.getDim();
      return d != k.tiling.partition && counts[d] > 1;
    }
    return llvm::any_of(def->getOperands(),
                        [&](Value o) { return variesAlongFree(o); });
  }

  // One dense [P x F] instruction over whole tiles (the expansions of
  // rounding, log1p and expm1).
  void scalar(Location loc, const Operand &src, AluOp aop, float v,
              const Operand &dst) {
    e.b.create<TensorScalarOp>(
        loc, full(src), full(dst), aop, e.b.getF32FloatAttr(v), nullptr,
        nullptr, Engine::vector, nullptr, nullptr, nullptr, nullptr, nullptr);
  }
  /// dst = (src op0 v0) op1 v1, one tensor_scalar.
  void scalar2(Location loc, const Operand &src, AluOp op0, float v0, AluOp op1,
               float v1, const Operand &dst) {
    e.b.create<TensorScalarOp>(
        loc, full(src), full(dst), op0, e.b.getF32FloatAttr(v0),
        AluOpAttr::get(e.ctx, op1), e.b.getF32FloatAttr(v1), Engine::vector,
        nullptr, nullptr, nullptr, nullptr, nullptr);
  }
  /// dst = 1.0 where the float tile `src`'s sign bit is set (NaN and -0
  /// included), else 0: the tile read as a same-width integer, `< 0` (fp32
  /// keeps an integer's sign).
  void signBit(Location loc, const Operand &src, const Operand &dst) {
    Operand bits = src;
    bits.type = e.b.getIntegerType(src.type.getIntOrFloatBitWidth());
    scalar(loc, bits, AluOp::lt, 0.0f, dst);
  }
  void binary(Location loc, AluOp aop, const Operand &l, const Operand &r,
              const Operand &dst) {
    e.b.create<TensorTensorOp>(loc, aop, full(l), full(r), full(dst),
                               Engine::vector, nullptr, nullptr, nullptr,
                               nullptr, nullptr);
  }
  void activation(Location loc, ActivationFunc f, const Operand &src,
                  const Operand &dst) {
    e.b.create<ActivationOp>(loc, f, full(src), full(dst), nullptr, nullptr,
                             nullptr, Engine::scalar, nullptr, nullptr, nullptr,
                             nullptr, nullptr);
  }
  void select(Location loc, const Operand &c, const Operand &t,
              const Operand &f, const Operand &dst) {
    e.b.create<SelectOp>(loc, full(c), full(t), full(f), full(dst),
                         Engine::vector, nullptr, nullptr, nullptr, nullptr,
                         nullptr);
  }

  FailureOr<Operand> alu(AluOp aop, Operand x, Operand y, Type type,
                         Type xType);
  FailureOr<Operand> onActivationEngine(Operation *op, AluOp aop,
                                        const Operand &a, const Operand &c,
                                        Type type);
  FailureOr<Operand> lowerUnsignedCompare(arith::CmpIOp cmp);
  FailureOr<Operand> lowerFloatCompare(arith::CmpFOp cmp, Type type);
  FailureOr<Operand> unsignedValueOf(Operation *op, Type type);
  FailureOr<Operand> lowerShift(Operation *op, Type type);
  FailureOr<Operand> lowerLoad(memref::LoadOp load);
  FailureOr<Operand> lowerRounding(Operation *op, Type type,
                                   bool truncate = false);
  FailureOr<Operand> unsignedCompare(Location loc, AluOp signedOp,
                                     const Operand &a, const Operand &b,
                                     Type type);
  FailureOr<Operand> lowerIntegerDivision(Operation *op, Type type);
  FailureOr<Operand> lowerFloatToUnsigned(Operation *op, Type type);
  FailureOr<Operand> lowerFloatRemainder(Operation *op, Type type);
  FailureOr<Operand> lowerLog1pExpm1(Operation *op, Type type);
  FailureOr<Operand> lowerAtan2(Operation *op, Type type);
  FailureOr<Operand> lowerCbrt(Operation *op, Type type);
  FailureOr<Operand> lowerPopcount(Operation *op, Type type);
  FailureOr<Operand> lower(Operation *op);
  /// Activation `func` of `op`'s operand 0 into a new tile of `type` (a
  /// [P x 1] column when the operand is one).
  FailureOr<Operand> lowerActivation(Operation *op, ActivationFunc func,
                                     Type type);
  FailureOr<Operand> lookup(Value v);

  /// Whether every user of `widened` (an `arith.extf` of a float tile) is a
  /// float ALU op of this body (add, sub, mul, div, max, min, compare) or the
  /// negation that starts a sigmoid (sigmoidEnd),
  /// which reads its operands' tiles with one instruction and computes in
  /// fp32: such users read the narrow tile directly (the engines widen
  /// exactly as they load), and the extf needs no copy.
  static bool readsWidened(Value widened) {
    for (Operation *user : widened.getUsers())
      if (user->getBlock() != widened.getParentBlock() ||
          !(isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
                arith::MaximumFOp, arith::MinimumFOp, arith::CmpFOp>(user) ||
            sigmoidEnd(user)))
        return false;
    return true;
  }

  /// `arith.truncf` of tile `a` when `a` is the destination of the
  /// instruction just emitted and nothing else reads it: that instruction
  /// writes the narrow type instead (every instruction rounds its fp32
  /// results to its destination's type as a copy would, DESIGN section 4),
  /// and no copy is needed. `a` must hold exactly the truncf's operand type
  /// (not a narrower tile an elided extf left), so that one rounding
  /// replaces one rounding.
  std::optional<Operand> narrowLastResult(const Operand &a, Operation *trunc) {
    Value in = trunc->getOperand(0);
    // Only a value this tile's body computed: an input (a block argument)
    // may be a row group's earlier member's result, which the instruction
    // before wrote for the other members too.
    if (isa<BlockArgument>(in) || !in.hasOneUse() || a.type != in.getType() ||
        a.kind != Operand::Tile)
      return std::nullopt;
    Block *block = e.b.getInsertionBlock();
    Block::iterator point = e.b.getInsertionPoint();
    if (!block || point == block->begin())
      return std::nullopt;
    Operation *last = &*std::prev(point);
    if (!isa<TensorTensorOp, TensorScalarOp, TensorCopyOp, ActivationOp,
             SelectOp>(last))
      return std::nullopt;
    auto dst = last->getAttrOfType<AccessPatternAttr>("dst");
    if (!dst || dst != full(a))
      return std::nullopt;
    auto [begin, end] = dst.getByteExtent();
    for (NamedAttribute attr : last->getAttrs()) {
      auto src = dyn_cast<AccessPatternAttr>(attr.getValue());
      if (!src || attr.getName() == "dst" || src.getMemory() != dst.getMemory())
        continue;
      auto [sb, se] = src.getByteExtent();
      if (sb < end && begin < se)
        return std::nullopt; // written in place: keep the copy
    }
    Operand r = a;
    r.type = trunc->getResult(0).getType();
    last->setAttr("dst", full(r));
    return r;
  }

  Emitter &e;
  const Kernel &k;
  ArrayRef<int64_t> origin, counts;
  int64_t p;
  SmallVector<int64_t> parDims, redDims;
  /// The tile's free dims in the order its [P x ftot] tiles lay them out:
  /// the parallel ones, then the reduced ones; or in loop order (above).
  SmallVector<int64_t> freeDims;
  int64_t fpar, ftot;
  DenseMap<Value, Operand> values;
  /// Ops already computed as part of an earlier instruction (a ReLU folded
  /// into the activation that adds its bias): their result.
  DenseMap<Operation *, Operand> folded;
};

FailureOr<Operand>
TileEmitter::lowerActivation(Operation *op, ActivationFunc func, Type type) {
  Location loc = k.loc;
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  if (a->kind == Operand::Column) {
    // Constant along the free dims (a per-channel value such as a batch
    // norm's rsqrt(variance + eps)): computed once per partition, and
    // the result stays a [P x 1] column.
    FailureOr<Operand> r = newTile(type, 1);
    if (failed(r))
      return failure();
    e.b.create<ActivationOp>(loc, func, ap(*a, 1), ap(*r, 1), nullptr, nullptr,
                             nullptr, Engine::scalar, nullptr, nullptr, nullptr,
                             nullptr, nullptr);
    return r;
  }
  FailureOr<Operand> x = asTile(*a, type);
  FailureOr<Operand> r = newTile(type, ftot);
  if (failed(x) || failed(r))
    return failure();
  e.b.create<ActivationOp>(loc, func, full(*x), full(*r), nullptr, nullptr,
                           nullptr, Engine::scalar, nullptr, nullptr, nullptr,
                           nullptr, nullptr);
  return r;
}

FailureOr<Operand> TileEmitter::lookup(Value v) {
  auto it = values.find(v);
  if (it != values.end())
    return it->second;
  Attribute cst;
  if (matchPattern(v, m_Constant(&cst))) {
    Operand o;
    o.kind = Operand::Imm;
    o.type = v.getType();
    if (auto f = dyn_cast<FloatAttr>(cst))
      o.imm = f.getValueAsDouble();
    else if (auto i = dyn_cast<IntegerAttr>(cst))
      o.imm = integerImmediate(i);
    else
      return emitError(v.getLoc()) << "ncore: unsupported constant " << cst,
             failure();
    values[v] = o;
    return o;
  }
  emitError(k.loc)
      << "ncore: value defined outside the op's body is not a constant";
  return failure();
}

FailureOr<Operand> TileEmitter::lower(Operation *op) {
  Location loc = k.loc;
  Type type = op->getNumResults() == 1 ? op->getResult(0).getType() : Type();
  if (type && type.isIndex())
    type = e.b.getI32Type();
  if (type && !isSupportedElementType(type)) {
    emitError(loc) << "ncore: '" << op->getName() << "' on " << type
                   << " has no NeuronCore type (f64 and i64 are narrowed by "
                      "the frontend; complex numbers are not supported)";
    return failure();
  }
  if (auto it = folded.find(op); it != folded.end())
    return it->second;
  if (Operation *end = sigmoidEnd(op)) {
    // The whole chain in one instruction; its other ops return the result.
    FailureOr<Operand> r = lowerActivation(op, ActivationFunc::sigmoid,
                                           end->getResult(0).getType());
    if (failed(r))
      return failure();
    Operation *exp = *op->user_begin(), *add = *exp->user_begin();
    folded[exp] = folded[add] = folded[end] = *r;
    return r;
  }
  auto operand = [&](unsigned i) { return lookup(op->getOperand(i)); };

  if (isa<arith::ConstantOp>(op))
    return lookup(op->getResult(0));
  if (isa<arith::IndexCastUIOp>(op) &&
      isa<IntegerType>(op->getOperand(0).getType()) &&
      op->getOperand(0).getType().getIntOrFloatBitWidth() > 1 &&
      op->getOperand(0).getType().getIntOrFloatBitWidth() <= 32 &&
      !(values.count(op->getOperand(0)) &&
        values[op->getOperand(0)].unsignedValue))
    // ui8/ui16/ui32 data (a gather's indices) held in its signed form: a
    // ui32 index from 2^31 up is past every dim, and clamps as such.
    return unsignedValueOf(op, type);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return operand(0);
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return lowerLoad(load);
  if (auto index = dyn_cast<linalg::IndexOp>(op)) {
    // An index that only addresses loads is folded into their patterns.
    if (!index->use_empty() &&
        llvm::all_of(index->getUses(), [](OpOperand &use) {
          return isa<memref::LoadOp>(use.getOwner()) &&
                 use.getOperandNumber() > 0;
        }))
      return Operand{};
    int64_t d = index.getDim();
    FailureOr<Operand> t = newTile(type, ftot);
    if (failed(t))
      return failure();
    SmallVector<int64_t> steps;
    for (int64_t dd : freeDims)
      steps.push_back(dd == d ? 1 : 0);
    SmallVector<int64_t> cs;
    for (int64_t dd : freeDims)
      cs.push_back(counts[dd]);
    // The iota destination spells out every free dim so its steps apply.
    SmallVector<int64_t> strides(cs.size(), 1);
    for (int64_t i = static_cast<int64_t>(cs.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * cs[i + 1];
    auto dst = AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, p, t->offset,
                                      type, cs, strides, 0);
    e.b.create<IotaOp>(loc, dst, origin[d], d == k.tiling.partition ? 1 : 0,
                       steps, Engine::gpsimd, nullptr, nullptr, nullptr,
                       nullptr, nullptr);
    return t;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op); cmp && !aluFor(op))
    return lowerUnsignedCompare(cmp);
  if (auto cmp = dyn_cast<arith::CmpFOp>(op); cmp && !aluFor(op))
    return lowerFloatCompare(cmp, type);
  if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
    return lowerShift(op, type);
  if (isa<arith::DivSIOp, arith::RemSIOp>(op) ||
      (isa<arith::DivUIOp, arith::RemUIOp>(op) &&
       (op->getOperand(0).getType().isIndex() ||
        op->getOperand(0).getType().getIntOrFloatBitWidth() <= 32)))
    return lowerIntegerDivision(op, type);
  if (isa<arith::RemFOp>(op))
    return lowerFloatRemainder(op, type);
  if (isa<arith::MinUIOp, arith::MaxUIOp>(op) && !nonNegative(type)) {
    // select(ult(a, b), a, b) for min; ugt for max.
    FailureOr<Operand> a = operand(0), b = operand(1);
    if (failed(a) || failed(b))
      return failure();
    if (failed(notBothConstants(*a, *b, op, loc)))
      return failure();
    FailureOr<Operand> c = unsignedCompare(
        loc, isa<arith::MinUIOp>(op) ? AluOp::lt : AluOp::gt, *a, *b, type);
    if (failed(c))
      return failure();
    FailureOr<Operand> ct = asTile(*c, e.b.getI1Type()), at = asTile(*a, type),
                       bt = asTile(*b, type), r = newTile(type, ftot);
    if (failed(ct) || failed(at) || failed(bt) || failed(r))
      return failure();
    select(loc, *ct, *at, *bt, *r);
    return r;
  }
  if (isa<math::AbsIOp>(op)) {
    // max(x, -x), except the most negative value, which is its own absolute
    // value (it wraps).
    FailureOr<Operand> a = operand(0);
    if (failed(a))
      return failure();
    FailureOr<Operand> x = asTile(*a, type);
    Type f32 = e.b.getF32Type();
    FailureOr<Operand> neg = newTile(f32, ftot), mag = newTile(f32, ftot),
                       c = newTile(f32, ftot), r = newTile(type, ftot);
    if (failed(x) || failed(neg) || failed(mag) || failed(c) || failed(r))
      return failure();
    scalar(loc, *x, AluOp::mul, -1.0f, *neg);
    binary(loc, AluOp::max, *x, *neg, *mag);
    scalar(
        loc, *x, AluOp::eq,
        -std::ldexp(1.0f, static_cast<int>(type.getIntOrFloatBitWidth()) - 1),
        *c);
    select(loc, *c, *x, *mag, *r);
    return r;
  }
  if (isa<math::CopySignOp>(op)) {
    // |a| with b's sign bit (NaN and -0 included).
    FailureOr<Operand> a = operand(0), b = operand(1);
    if (failed(a) || failed(b))
      return failure();
    FailureOr<Operand> x = asTile(*a, type);
    Type f32 = e.b.getF32Type();
    FailureOr<Operand> mag = newTile(f32, ftot), neg = newTile(f32, ftot),
                       r = newTile(type, ftot);
    if (failed(x) || failed(mag) || failed(neg) || failed(r))
      return failure();
    activation(loc, ActivationFunc::abs, *x, *mag);
    scalar(loc, *mag, AluOp::mul, -1.0f, *neg);
    if (b->kind == Operand::Imm) {
      e.copy(loc, full(std::signbit(b->imm) ? *neg : *mag), full(*r),
             Engine::vector);
      return r;
    }
    FailureOr<Operand> bt = asTile(*b, type), c = newTile(f32, ftot);
    if (failed(bt) || failed(c))
      return failure();
    signBit(loc, *bt, *c);
    select(loc, *c, *neg, *mag, *r);
    return r;
  }
  if (isa<arith::FPToSIOp>(op)) {
    // Toward zero, then an exact conversion of the integral value (the
    // engines' float -> int conversion rounds to nearest and saturates).
    FailureOr<Operand> t =
        lowerRounding(op, op->getOperand(0).getType(), /*truncate=*/true);
    FailureOr<Operand> r = newTile(type, ftot);
    if (failed(t) || failed(r))
      return failure();
    e.copy(loc, full(*t), full(*r), Engine::vector);
    return r;
  }
  if (isa<arith::FPToUIOp>(op))
    return lowerFloatToUnsigned(op, type);
  if (auto aop = aluFor(op)) {
    FailureOr<Operand> a = operand(0), c = operand(1);
    if (failed(a) || failed(c))
      return failure();
    if (failed(notBothConstants(*a, *c, op, loc)))
      return failure();
    if (FailureOr<Operand> r = onActivationEngine(op, *aop, *a, *c, type);
        succeeded(r))
      return r;
    Type lhsType = op->getOperand(0).getType();
    return alu(*aop, *a, *c, type,
               lhsType.isIndex() ? e.b.getI32Type() : lhsType);
  }
  if (isa<arith::NegFOp>(op)) {
    FailureOr<Operand> a = operand(0);
    if (failed(a))
      return failure();
    FailureOr<Operand> x = asTile(*a, type);
    FailureOr<Operand> r = newTile(type, ftot);
    if (failed(x) || failed(r))
      return failure();
    e.b.create<TensorScalarOp>(loc, full(*x), full(*r), AluOp::mul,
                               e.b.getF32FloatAttr(-1.0f), nullptr, nullptr,
                               Engine::vector, nullptr, nullptr, nullptr,
                               nullptr, nullptr);
    return r;
  }
  if (isa<math::FloorOp, math::CeilOp, math::TruncOp, math::RoundOp,
          math::RoundEvenOp>(op))
    return lowerRounding(op, type);
  if (isa<math::Log1pOp, math::ExpM1Op>(op))
    return lowerLog1pExpm1(op, type);
  if (isa<math::Atan2Op>(op))
    return lowerAtan2(op, type);
  if (isa<math::CbrtOp>(op))
    return lowerCbrt(op, type);
  if (isa<math::CtPopOp, math::CountLeadingZerosOp>(op))
    return lowerPopcount(op, type);
  if (isa<arith::BitcastOp>(op)) {
    // Same-width reinterpretation (bitcast_convert): the same SBUF bytes
    // read with the other element type; no instruction. Up to 16 bits: the
    // engines compute in fp32, exact for 16-bit integers but not for the
    // 32-bit patterns of f32 (nextafter's +-1 on them would be wrong).
    FailureOr<Operand> a = operand(0);
    if (failed(a))
      return failure();
    Type from = op->getOperand(0).getType();
    // A 32-bit pattern only feeds signed comparisons with 0: fp32 rounds
    // the integer but keeps its sign and whether it is 0 (the sign bit of a
    // float, NaN included; the f32 total order of `compare`).
    auto signTest = [](OpOperand &use) {
      auto cmp = dyn_cast<arith::CmpIOp>(use.getOwner());
      if (!cmp)
        return false;
      std::optional<int64_t> c =
          getConstantIntValue(cmp.getOperand(1 - use.getOperandNumber()));
      return c && *c == 0 &&
             !llvm::is_contained(
                 {arith::CmpIPredicate::ult, arith::CmpIPredicate::ule,
                  arith::CmpIPredicate::ugt, arith::CmpIPredicate::uge},
                 cmp.getPredicate());
    };
    bool onlySignTests = type.getIntOrFloatBitWidth() == 32 &&
                         isa<IntegerType>(type) &&
                         llvm::all_of(op->getResult(0).getUses(), signTest);
    if (a->kind == Operand::Imm ||
        from.getIntOrFloatBitWidth() != type.getIntOrFloatBitWidth() ||
        (type.getIntOrFloatBitWidth() > 16 && !onlySignTests)) {
      emitError(loc) << "ncore: bitcast of " << from << " to " << type
                     << " is not supported yet (the engines compute in fp32, "
                        "exact for integers of up to 16 bits)";
      return failure();
    }
    Operand o = *a;
    if (o.type.getIntOrFloatBitWidth() != from.getIntOrFloatBitWidth()) {
      // An i16 value in an i32-wide tile (newTile): narrow it first.
      FailureOr<Operand> exact =
          newTile(from, o.kind == Operand::Column ? 1 : ftot, true);
      if (failed(exact))
        return failure();
      e.copy(loc, ap(o, o.kind == Operand::Column ? 1 : ftot),
             ap(*exact, o.kind == Operand::Column ? 1 : ftot), Engine::vector);
      o = *exact;
    }
    o.type = type;
    return o;
  }
  if (auto func = activationFor(op))
    return lowerActivation(op, *func, type);
  if (isa<arith::ExtUIOp, arith::UIToFPOp>(op) &&
      op->getOperand(0).getType().getIntOrFloatBitWidth() > 1 &&
      !(values.count(op->getOperand(0)) &&
        values[op->getOperand(0)].unsignedValue)) {
    // The engines read an i8/i16/i32 element as its signed value.
    return unsignedValueOf(op, type);
  }
  if (auto trunc = dyn_cast<arith::TruncIOp>(op)) {
    // Integer narrowing keeps the low bits (two's complement wrap-around,
    // as XLA's convert does); a copy into the narrower tile would saturate.
    // The low `width` bits, sign-extended, are (x << (32 - width)) >>
    // (32 - width) on the ALU's 32-bit integer; i1 keeps bit 0. Exact while
    // |x| < 2^24, like all i32 arithmetic on the engines (their fp32 holds
    // the loaded value).
    unsigned width = type.getIntOrFloatBitWidth();
    FailureOr<Operand> a = operand(0);
    if (failed(a))
      return failure();
    if (a->kind == Operand::Imm) {
      Operand o = *a;
      o.type = type;
      o.imm = static_cast<double>(
          llvm::APInt(64, static_cast<int64_t>(a->imm), /*isSigned=*/true)
              .trunc(width)
              .getSExtValue());
      if (width == 1)
        o.imm = o.imm != 0;
      return o;
    }
    Type i32 = e.b.getI32Type();
    Operand amount;
    amount.type = i32;
    if (width == 1) {
      amount.imm = 1;
      return alu(AluOp::And, *a, amount, type, trunc.getIn().getType());
    }
    return lowBits(*a, width, /*isUnsigned=*/false, trunc.getIn().getType(),
                   type);
  }
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
          arith::ExtSIOp, arith::ExtUIOp>(op)) {
    FailureOr<Operand> a = operand(0);
    if (failed(a))
      return failure();
    if (a->kind == Operand::Imm) {
      Operand o = *a;
      o.type = type;
      return o;
    }
    if (a->kind == Operand::Tile && isa<arith::ExtFOp>(op) &&
        readsWidened(op->getResult(0)))
      return *a;
    if (a->kind == Operand::Tile && isa<arith::TruncFOp>(op))
      if (std::optional<Operand> r = narrowLastResult(*a, op))
        return *r;
    if (a->kind == Operand::Column) {
      // A per-partition value converted (a batch norm's variance widened to
      // f32, an integer column to float) stays a [P x 1] column: the same
      // copy as a tile's, one element per partition.
      FailureOr<Operand> r = newTile(type, 1);
      if (failed(r))
        return failure();
      e.copy(loc, ap(*a, 1), ap(*r, 1), Engine::vector);
      return r;
    }
    FailureOr<Operand> x = asTile(*a, op->getOperand(0).getType());
    FailureOr<Operand> r = newTile(type, ftot);
    if (failed(x) || failed(r))
      return failure();
    e.copy(loc, full(*x), full(*r), Engine::vector);
    return r;
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    FailureOr<Operand> c = operand(0), a = operand(1), f = operand(2);
    if (failed(c) || failed(a) || failed(f))
      return failure();
    // Columns and immediates only (a per-row choice, such as the guarded
    // max and sum of a masked softmax): a [P x 1] column, not a tile.
    bool column = c->kind != Operand::Tile && a->kind != Operand::Tile &&
                  f->kind != Operand::Tile && ftot != 1 &&
                  !(c->kind == Operand::Imm && a->kind == Operand::Imm &&
                    f->kind == Operand::Imm);
    // Otherwise a [P x 1] column (an immediate made one) is read along the
    // free dim with stride 0, not spread to a tile first: a softmax's
    // masked-row guard selects on a per-row condition.
    auto broadcast = [&](const Operand &o,
                         Type t) -> FailureOr<AccessPatternAttr> {
      if (o.kind == Operand::Tile)
        return full(o);
      Operand col = o;
      if (o.kind == Operand::Imm) {
        FailureOr<Operand> m = newTile(t, 1);
        if (failed(m))
          return failure();
        e.memset(loc, ap(*m, 1), o.imm);
        col = *m;
      }
      if (ftot == 1 || column)
        return ap(col, 1);
      return AccessPatternAttr::get(e.ctx, col.memory, 0, p, col.offset,
                                    col.type, {ftot}, {0}, 0);
    };
    FailureOr<AccessPatternAttr> ct =
        broadcast(*c, op->getOperand(0).getType());
    FailureOr<AccessPatternAttr> at = broadcast(*a, type);
    FailureOr<AccessPatternAttr> ft = broadcast(*f, type);
    FailureOr<Operand> r = newTile(type, column ? 1 : ftot);
    if (failed(ct) || failed(at) || failed(ft) || failed(r))
      return failure();
    e.b.create<SelectOp>(loc, *ct, *at, *ft, column ? ap(*r, 1) : full(*r),
                         Engine::vector, nullptr, nullptr, nullptr, nullptr,
                         nullptr);
    return r;
  }
  emitError(op->getLoc())
      << "ncore: '" << op->getName()
      << "' in a linalg body has no NeuronCore instruction yet";
  return failure();
}

/// One step of a float tile `x` with a [P x 1] column or immediate `y` on
/// the scalar engine when it is the less loaded of it and the vector
/// engine (Emitter::preferScalar), as one `activation` computing
/// func(x * scale + bias) in fp32, rounded once to the destination's type:
///   x + y       identity, bias y (relu when its one user is maximumf(_, +0))
///   x - y       identity, bias -y
///   y - x       identity, scale -1, bias y
///   x * y       identity, scale y, bias -0
///   max(x, +0)  relu
/// Each result equals the vector engine's bit for bit, signed zeros and
/// NaNs included: x - y and x + (-y) are the same IEEE operation, x * y +
/// (-0) is x * y for every x * y (+0 would turn -0 into +0; x + 0 does
/// that on the vector engine too), and relu of the fp32 sum rounded once
/// equals the sum rounded, then its maximum with +0. A step of f32 result
/// (not a relu) whose one user is an activation function of it (the exp of
/// a softmax's x - max) is that function's activation instead, whichever
/// engine is less loaded: the fp32 value func applies to is the step's f32
/// result, so the function's result is the same, and the step costs no
/// pass over the tile of its own. Bias columns that are
/// not an operand (-y, an immediate, -0) are computed once per M block
/// where the tiles keep derived columns (auxColumn). Fails, emitting
/// nothing, for other steps or when the vector engine is the one to use;
/// fails after emitting the bias column (valid, and kept) when no tile slot
/// is left for the result, as the vector engine's path then fails too.
FailureOr<Operand> TileEmitter::onActivationEngine(Operation *op, AluOp aop,
                                                   const Operand &a,
                                                   const Operand &c,
                                                   Type type) {
  if (!isa<FloatType>(type) || !isa<FloatType>(op->getOperand(0).getType()))
    return failure();
  const Operand *x = a.kind == Operand::Tile ? &a : &c;
  const Operand *y = x == &a ? &c : &a;
  if (x->kind != Operand::Tile || y->kind == Operand::Tile)
    return failure();
  ActivationFunc func = ActivationFunc::identity;
  // x + bias whose one user is maximumf(_, +0) of the same type: one
  // `activation relu` with the bias.
  Operation *relu = nullptr;
  if (aop == AluOp::add && y->kind == Operand::Column &&
      op->getResult(0).hasOneUse()) {
    Operation *user = *op->getResult(0).getUsers().begin();
    if (isa<arith::MaximumFOp>(user) && user->getBlock() == op->getBlock() &&
        user->getResult(0).getType() == type) {
      Value other = user->getOperand(0) == op->getResult(0)
                        ? user->getOperand(1)
                        : user->getOperand(0);
      // Only a constant +0 (nothing is looked up that is not lowered yet).
      FloatAttr zero;
      if (matchPattern(other, m_Constant(&zero)) && zero.getValue().isPosZero())
        relu = user;
    }
  }
  // An activation function of the step's f32 result as its one user: that
  // function's activation applies the step (scale and bias) to its input.
  Operation *funcUser = nullptr;
  if (!relu && type.isF32() && op->getResult(0).hasOneUse()) {
    Operation *user = *op->getResult(0).getUsers().begin();
    if (user->getBlock() == op->getBlock() && activationFor(user) &&
        !(aop == AluOp::max && isa<arith::MaximumFOp>(op)))
      funcUser = user;
  }
  // The bias: an operand column, or an auxiliary column (`aux`: what
  // fills it and its cache key).
  enum class Aux { none, negated, fill } aux = Aux::none;
  double fill = 0;
  bool useBias = true;
  Attribute scale;
  if (aop == AluOp::add && y->kind == Operand::Column) {
    func = relu ? ActivationFunc::relu : ActivationFunc::identity;
  } else if (aop == AluOp::add && y->kind == Operand::Imm) {
    aux = Aux::fill, fill = y->imm;
  } else if (aop == AluOp::sub && x == &a) {
    if (y->kind == Operand::Column)
      aux = Aux::negated;
    else
      aux = Aux::fill, fill = -y->imm;
  } else if (aop == AluOp::sub && x == &c) {
    scale = e.b.getF32FloatAttr(-1.0f);
    if (y->kind == Operand::Imm)
      aux = Aux::fill, fill = y->imm;
  } else if (aop == AluOp::mul) {
    scale = scalarAttr(*y);
    aux = Aux::fill, fill = -0.0;
  } else if (aop == AluOp::max && isa<arith::MaximumFOp>(op) &&
             y->kind == Operand::Imm && y->imm == 0.0 &&
             !std::signbit(y->imm)) {
    func = ActivationFunc::relu;
    useBias = false;
  } else {
    return failure();
  }
  // An immediate that f32 does not hold exactly stays on the vector engine
  // (its tensor_scalar rounds it alike, but an f32 column would too: keep
  // one path for it).
  if (aux == Aux::fill && static_cast<double>(static_cast<float>(fill)) != fill)
    return failure();
  Attribute auxKey;
  if (aux == Aux::negated && y->identity)
    auxKey = e.b.getArrayAttr({e.b.getStringAttr("neg"), y->identity});
  else if (aux == Aux::fill)
    auxKey = e.b.getArrayAttr({e.b.getStringAttr("fill"),
                               e.b.getF32FloatAttr(static_cast<float>(fill)),
                               e.b.getI64IntegerAttr(p)});
  // An auxiliary column that every tile recomputes costs a small
  // instruction per tile: only worth it on long rows, or where it saves the
  // step's pass over the tile (funcUser; the column costs at most what
  // that pass would).
  if (!funcUser && aux != Aux::none && !keepsDerivedColumns(auxKey) &&
      ftot < 256)
    return failure();
  if (!funcUser && !e.preferScalar(ftot))
    return failure();
  if (funcUser) {
    func = *activationFor(funcUser);
    type = funcUser->getResult(0).getType();
  }
  Operand biasColumn = *y;
  if (aux == Aux::negated) {
    FailureOr<Operand> n = auxColumn(auxKey, [&](const Operand &dst) {
      e.b.create<TensorScalarOp>(k.loc, ap(*y, 1), ap(dst, 1), AluOp::mul,
                                 e.b.getF32FloatAttr(-1.0f), nullptr, nullptr,
                                 Engine::vector, nullptr, nullptr, nullptr,
                                 nullptr, nullptr);
    });
    if (failed(n))
      return failure();
    biasColumn = *n;
  } else if (aux == Aux::fill) {
    FailureOr<Operand> f = auxColumn(auxKey, [&](const Operand &dst) {
      e.b.create<MemsetOp>(k.loc, ap(dst, 1), APFloat(fill), Engine::gpsimd,
                           nullptr, nullptr, nullptr, nullptr, nullptr);
    });
    if (failed(f))
      return failure();
    biasColumn = *f;
  }
  FailureOr<Operand> r = newTile(type, ftot);
  if (failed(r))
    return failure();
  e.b.create<ActivationOp>(k.loc, func, full(*x), full(*r), scale,
                           useBias ? ap(biasColumn, 1) : AccessPatternAttr(),
                           nullptr, Engine::scalar, nullptr, nullptr, nullptr,
                           nullptr, nullptr);
  if (relu)
    folded[relu] = *r;
  if (funcUser)
    folded[funcUser] = *r;
  return r;
}

/// `x aop y` on two operands of any kind (at most one immediate): columns
/// and immediates give a [P x 1] column, anything with a tile a dense tile
/// of `type`. `xType` types `x` when it has to be materialized (an immediate
/// or column left operand of a non-commuting op).
FailureOr<Operand> TileEmitter::alu(AluOp aop, Operand x, Operand y, Type type,
                                    Type xType) {
  Location loc = k.loc;
  if (x.kind != Operand::Tile && y.kind != Operand::Tile) {
    // Columns and immediates: compute on the [P x 1] columns only.
    if (x.kind == Operand::Imm) {
      if (auto s = swapped(aop)) {
        std::swap(x, y);
        aop = *s;
      } else {
        FailureOr<Operand> c = newTile(xType, 1);
        if (failed(c))
          return failure();
        e.memset(loc, ap(*c, 1), x.imm);
        x = *c;
      }
    }
    FailureOr<Operand> r = newTile(type, 1);
    if (failed(r))
      return failure();
    if (y.kind == Operand::Imm)
      e.b.create<TensorScalarOp>(loc, ap(x, 1), ap(*r, 1), aop, scalarAttr(y),
                                 nullptr, nullptr, Engine::vector, nullptr,
                                 nullptr, nullptr, nullptr, nullptr);
    else
      e.b.create<TensorTensorOp>(loc, aop, ap(x, 1), ap(y, 1), ap(*r, 1),
                                 Engine::vector, nullptr, nullptr, nullptr,
                                 nullptr, nullptr);
    return r;
  }
  FailureOr<Operand> r = newTile(type, ftot);
  if (failed(r))
    return failure();
  if (x.kind != Operand::Tile) {
    if (auto s = swapped(aop)) {
      std::swap(x, y);
      aop = *s;
    } else if (aop == AluOp::sub && y.kind == Operand::Tile) {
      // s - y = (y * -1) + s
      e.b.create<TensorScalarOp>(
          loc, full(y), full(*r), AluOp::mul, e.b.getF32FloatAttr(-1.0f),
          AluOpAttr::get(e.ctx, AluOp::add), scalarAttr(x), Engine::vector,
          nullptr, nullptr, nullptr, nullptr, nullptr);
      return r;
    } else {
      FailureOr<Operand> t = asTile(x, xType);
      if (failed(t))
        return failure();
      x = *t;
    }
  }
  if (y.kind == Operand::Tile) {
    e.b.create<TensorTensorOp>(loc, aop, full(x), full(y), full(*r),
                               Engine::vector, nullptr, nullptr, nullptr,
                               nullptr, nullptr);
  } else {
    e.b.create<TensorScalarOp>(loc, full(x), full(*r), aop, scalarAttr(y),
                               nullptr, nullptr, Engine::vector, nullptr,
                               nullptr, nullptr, nullptr, nullptr);
  }
  return r;
}

/// The unsigned value of `op`'s integer operand 0 as a `type` operand: the
/// engines read an i8/i16/i32 element as its signed value, and a negative
/// one is 2^width more unsigned (200, not -56, for ui8; i32: exact below
/// 2^24).
FailureOr<Operand> TileEmitter::unsignedValueOf(Operation *op, Type type) {
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  Type from = op->getOperand(0).getType();
  double wrap = std::ldexp(1.0, static_cast<int>(from.getIntOrFloatBitWidth()));
  if (a->kind == Operand::Imm) {
    Operand o = *a;
    o.type = type;
    if (o.imm < 0)
      o.imm += wrap;
    return o;
  }
  return wrapWhere(*a, AluOp::lt, 0.0, wrap, from, type);
}

/// float -> unsigned integer (`arith.fptoui`, a `convert` to ui32; ui8 and
/// ui16 results come through a clamp and `fptosi`) as XLA and the reference
/// interpreter convert: toward zero, saturated to [0, 2^w - 1], NaN to 0
/// (the final conversion's); the result in the signed form the body's
/// unsigned ops expect, v - 2^w from 2^(w-1) up. fp32 has no 2^32 - 1: ui32
/// clamps at 2^32, whose signed form 0 then takes the -1 of 2^32 - 1.
FailureOr<Operand> TileEmitter::lowerFloatToUnsigned(Operation *op, Type type) {
  Location loc = op->getLoc();
  unsigned width = type.getIntOrFloatBitWidth();
  Type f32 = e.b.getF32Type();
  double wrap = std::ldexp(1.0, static_cast<int>(width));
  FailureOr<Operand> t =
      lowerRounding(op, op->getOperand(0).getType(), /*truncate=*/true);
  if (failed(t))
    return failure();
  Operand zero, top;
  zero.type = top.type = f32;
  zero.imm = 0;
  top.imm = width < 32 ? wrap - 1 : wrap;
  FailureOr<Operand> low = alu(AluOp::max, *t, zero, f32, f32);
  if (failed(low))
    return failure();
  FailureOr<Operand> clamped = alu(AluOp::min, *low, top, f32, f32);
  if (failed(clamped))
    return failure();
  FailureOr<Operand> signedForm =
      wrapWhere(*clamped, AluOp::ge, wrap / 2, -wrap, f32, f32);
  if (failed(signedForm))
    return failure();
  if (width == 32) {
    FailureOr<Operand> full32 = alu(AluOp::ge, *clamped, top, f32, f32);
    if (failed(full32))
      return failure();
    signedForm = alu(AluOp::sub, *signedForm, *full32, f32, f32);
    if (failed(signedForm))
      return failure();
  }
  FailureOr<Operand> r = newTile(type, ftot);
  if (failed(r))
    return failure();
  e.copy(loc, full(*signedForm), full(*r), Engine::vector);
  return r;
}

/// `arith.cmpf` predicates whose NaN case the ALU's IEEE compares do not
/// give (true where an operand is NaN, or ONE: false there), from ordered
/// ones: one(a, b) = lt(a, b) + gt(a, b), ueq = 1 - one, ult = 1 - ge(a, b),
/// ule = 1 - gt, ugt = 1 - le, uge = 1 - lt. The linalg lowering of `sign`
/// (ueq) and `is_finite` (one) and canonicalized negations of ordered
/// compares use them (spec: compare, sign, is_finite). An i1 tile.
FailureOr<Operand> TileEmitter::lowerFloatCompare(arith::CmpFOp cmp,
                                                  Type type) {
  using P = arith::CmpFPredicate;
  P pred = cmp.getPredicate();
  FailureOr<Operand> a = lookup(cmp.getLhs()), b = lookup(cmp.getRhs());
  if (failed(a) || failed(b))
    return failure();
  if (failed(notBothConstants(*a, *b, cmp, cmp.getLoc())))
    return failure();
  Type ft = cmp.getLhs().getType();
  auto compare = [&](AluOp op) { return alu(op, *a, *b, type, ft); };
  auto negate = [&](FailureOr<Operand> x) -> FailureOr<Operand> {
    if (failed(x))
      return failure();
    Operand one;
    one.type = type;
    one.imm = 1;
    return alu(AluOp::sub, one, *x, type, type);
  };
  switch (pred) {
  case P::ONE:
  case P::UEQ: {
    FailureOr<Operand> lt = compare(AluOp::lt);
    if (failed(lt))
      return failure();
    FailureOr<Operand> gt = compare(AluOp::gt);
    if (failed(gt))
      return failure();
    FailureOr<Operand> one = alu(AluOp::add, *lt, *gt, type, type);
    return pred == P::ONE ? one : negate(one);
  }
  case P::ULT:
    return negate(compare(AluOp::ge));
  case P::ULE:
    return negate(compare(AluOp::gt));
  case P::UGT:
    return negate(compare(AluOp::le));
  case P::UGE:
    return negate(compare(AluOp::lt));
  default:
    emitError(cmp.getLoc()) << "ncore: 'arith.cmpf' with predicate "
                            << arith::stringifyCmpFPredicate(pred)
                            << " has no NeuronCore instruction";
    return failure();
  }
}

/// `arith.cmpi` with an unsigned predicate on integers that may read as
/// negative (the engines see an i8/i16/i32 element as its signed value): a
/// signed comparison, inverted when the operands' signs differ, since a
/// negative value is the larger one unsigned:
///   ult(a, b) = (a < b) xor ((a < 0) xor (b < 0))
/// and alike for ule, ugt and uge. Exact wherever the values are (i32 below
/// 2^24). The result is an i1 tile (spec: compare, UNSIGNED).
FailureOr<Operand> TileEmitter::lowerUnsignedCompare(arith::CmpIOp cmp) {
  AluOp signedOp;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::ult:
    signedOp = AluOp::lt;
    break;
  case arith::CmpIPredicate::ule:
    signedOp = AluOp::le;
    break;
  case arith::CmpIPredicate::ugt:
    signedOp = AluOp::gt;
    break;
  case arith::CmpIPredicate::uge:
    signedOp = AluOp::ge;
    break;
  default:
    emitError(cmp.getLoc()) << "ncore: 'arith.cmpi' with predicate "
                            << arith::stringifyCmpIPredicate(cmp.getPredicate())
                            << " has no NeuronCore instruction";
    return failure();
  }
  FailureOr<Operand> a = lookup(cmp.getLhs()), b = lookup(cmp.getRhs());
  if (failed(a) || failed(b))
    return failure();
  if (failed(notBothConstants(*a, *b, cmp, cmp.getLoc())))
    return failure();
  return unsignedCompare(cmp.getLoc(), signedOp, *a, *b,
                         cmp.getLhs().getType());
}

/// The unsigned comparison `signedOp` (lt, le, gt, ge) of a and b, values of
/// integer type `type` read signed, as an i1 operand (see
/// lowerUnsignedCompare). At most one of a, b is an immediate.
FailureOr<Operand> TileEmitter::unsignedCompare(Location loc, AluOp signedOp,
                                                const Operand &a0,
                                                const Operand &b0, Type type) {
  (void)loc;
  const Operand *a = &a0, *b = &b0;
  Type i1 = e.b.getI1Type();
  Operand zero;
  zero.type = type;
  // a < 0 as an i1 operand; a constant's sign is known here.
  auto negative = [&](const Operand &o) -> FailureOr<Operand> {
    if (o.kind != Operand::Imm)
      return alu(AluOp::lt, o, zero, i1, type);
    Operand s;
    s.type = i1;
    s.imm = o.imm < 0 ? 1 : 0;
    return s;
  };
  FailureOr<Operand> lt = alu(signedOp, *a, *b, i1, type);
  FailureOr<Operand> na = negative(*a), nb = negative(*b);
  if (failed(lt) || failed(na) || failed(nb))
    return failure();
  // Exactly one of na, nb is a constant at most; a constant 0 drops out.
  Operand differ;
  if (na->kind == Operand::Imm && na->imm == 0)
    differ = *nb;
  else if (nb->kind == Operand::Imm && nb->imm == 0)
    differ = *na;
  else {
    FailureOr<Operand> d = alu(AluOp::Xor, *na, *nb, i1, i1);
    if (failed(d))
      return failure();
    differ = *d;
  }
  return alu(AluOp::Xor, *lt, differ, i1, i1);
}

/// shift_left, shift_right_arithmetic and shift_right_logical (arith.shli,
/// shrsi, shrui) on i8, i16 and i32. The ALU's `shl`/`shr` act on the 32-bit
/// integer the fp32 value holds (shr is arithmetic). Narrower types wrap:
/// the 32-bit result's low bits are sign-extended back with `shl` then `shr`
/// by 32 - width; `shrui` first masks the operand to its unsigned value.
/// A shift amount of the width or more is poison in arith (StableHLO's
/// lowering selects 0 or the sign fill around it). `shrui` on i32 is an
/// error: a negative operand shifted by less than 8 gives a value above
/// 2^24, which fp32 does not hold exactly.
FailureOr<Operand> TileEmitter::lowerShift(Operation *op, Type type) {
  Location loc = op->getLoc();
  unsigned width = type.getIntOrFloatBitWidth();
  if (!isa<IntegerType>(type) || (width != 8 && width != 16 && width != 32)) {
    emitError(loc) << "ncore: '" << op->getName() << "' on " << type
                   << " has no NeuronCore instruction";
    return failure();
  }
  if (isa<arith::ShRUIOp>(op) && width == 32) {
    emitError(loc) << "ncore: 'arith.shrui' on i32 is not supported: the "
                      "engines compute in fp32, and a logical right shift "
                      "of a negative i32 exceeds 2^24";
    return failure();
  }
  FailureOr<Operand> a = lookup(op->getOperand(0)),
                     b = lookup(op->getOperand(1));
  if (failed(a) || failed(b))
    return failure();
  if (failed(notBothConstants(*a, *b, op, loc)))
    return failure();
  Type i32 = e.b.getI32Type();
  auto imm = [&](double v) {
    Operand o;
    o.type = i32;
    o.imm = v;
    return o;
  };
  Operand x = *a;
  if (isa<arith::ShRUIOp>(op) && x.kind == Operand::Imm) {
    x.imm = static_cast<double>(static_cast<int64_t>(x.imm) &
                                ((int64_t(1) << width) - 1));
  } else if (isa<arith::ShRUIOp>(op)) {
    FailureOr<Operand> u = alu(
        AluOp::And, x, imm(static_cast<double>((1u << width) - 1)), i32, type);
    if (failed(u))
      return failure();
    x = *u;
  }
  if (width == 32 || isa<arith::ShRSIOp>(op))
    return alu(isa<arith::ShLIOp>(op) ? AluOp::shl : AluOp::shr, x, *b, type,
               type);
  FailureOr<Operand> r =
      alu(isa<arith::ShLIOp>(op) ? AluOp::shl : AluOp::shr, x, *b, i32, i32);
  if (failed(r))
    return failure();
  FailureOr<Operand> up = alu(AluOp::shl, *r, imm(32 - width), i32, i32);
  if (failed(up))
    return failure();
  return alu(AluOp::shr, *up, imm(32 - width), type, i32);
}

/// A `memref.load` in a body reads a buffer other than the op's operands.
/// With every index a loop index or a constant it is one more operand,
/// loaded like the inputs. With computed indices (`table[idx[i], j]`, an
/// embedding lookup; StableHLO `gather`) it is a row gather (DESIGN section
/// 4, `gather`: one index per partition, the rest of the row read through
/// the table's access pattern):
/// - one computed index, the same for all free elements of a partition,
///   with the partition dim not otherwise addressing the table: the index
///   counts rows of the table's stride along that dim;
/// - otherwise the gather's index is a linear element offset computed on
///   the vector engine, L = sum_j idx_j * stride_j, plus the partition's own
///   offset where the partition dim addresses the table (p * its stride):
///   one gather of whole rows per tile where L is the same along the free
///   dims, else one gather of single elements per free element (an index
///   that differs along them, e.g. take_along_axis). Offsets are exact in
///   fp32 below 2^24 elements, so larger tables are rejected.
/// Indices are not clamped here: the linalg lowering of `gather` clamps them
/// as the spec requires, and the instruction reports an index outside the
/// table.
FailureOr<Operand> TileEmitter::lowerLoad(memref::LoadOp loadOp) {
  Location loc = loadOp.getLoc();
  auto it = k.captured.find(loadOp.getMemRef());
  if (it == k.captured.end()) {
    emitError(loc) << "ncore: 'memref.load' of a buffer with no HBM view";
    return failure();
  }
  const HbmView &view = it->second;
  SmallVector<AffineExpr> exprs;
  SmallVector<unsigned> dynamic;
  for (auto [j, idx] : llvm::enumerate(loadOp.getIndices())) {
    if (auto index = idx.getDefiningOp<linalg::IndexOp>()) {
      exprs.push_back(getAffineDimExpr(index.getDim(), e.ctx));
    } else if (std::optional<int64_t> c = getConstantIntValue(idx)) {
      exprs.push_back(getAffineConstantExpr(*c, e.ctx));
    } else {
      dynamic.push_back(j);
      exprs.push_back(getAffineConstantExpr(0, e.ctx));
    }
  }
  AffineMap map = AffineMap::get(k.ranges.size(), 0, exprs, e.ctx);
  if (dynamic.empty())
    return load(view, map);

  SmallVector<Operand> indexTiles;
  bool varies = false;
  for (unsigned j : dynamic) {
    Value idx = loadOp.getIndices()[j];
    varies |= variesAlongFree(idx);
    FailureOr<Operand> io = lookup(idx);
    if (failed(io))
      return failure();
    if (io->kind == Operand::Imm || !isa<IntegerType>(io->type)) {
      emitError(loc) << "ncore: gather index is not integer data";
      return failure();
    }
    indexTiles.push_back(*io);
  }
  SmallVector<int64_t> loopStrides;
  int64_t offset;
  if (failed(operandLayout(view, map, origin, loopStrides, offset))) {
    emitError(loc) << "ncore: the gathered row must follow the free dims of "
                      "the tile";
    return failure();
  }
  int64_t partitionStride =
      k.tiling.partition >= 0 ? loopStrides[k.tiling.partition] : 0;
  int64_t eb = bytesOf(view.elementType);
  FailureOr<Operand> dst = newTile(view.elementType, ftot);
  if (failed(dst))
    return failure();
  SmallVector<int64_t> c, s;
  for (int64_t d : freeDims) {
    c.push_back(counts[d]);
    s.push_back(loopStrides[d]);
  }
  Emitter::normalize(c, s);
  auto rowFits = [&]() -> LogicalResult {
    if (c.size() <= 4)
      return success();
    emitError(loc) << "ncore: a gathered row needs " << c.size()
                   << " free dims; access patterns have 4";
    return failure();
  };
  // One gather of the rows the free dims read from the table's element at
  // `offset`, `rows` of them `rowStride` elements apart.
  auto gatherRows = [&](AccessPatternAttr indices, uint64_t rows,
                        uint64_t rowStride) {
    AccessPatternAttr table =
        e.hbm(view.base + offset * eb, 1, 0, view.elementType, c, s);
    e.b.create<GatherOp>(loc, table, indices, full(*dst), rows, rowStride,
                         Engine::dma, e.b.getI32IntegerAttr(e.nextQueue()),
                         nullptr, nullptr, nullptr, nullptr);
  };

  if (dynamic.size() == 1 && !varies && partitionStride == 0) {
    // Whole rows, indexed by the computed index itself.
    if (failed(rowFits()))
      return failure();
    int64_t rows = view.shape[dynamic[0]];
    if (ShapedType::isDynamic(rows) || rows > (int64_t(1) << 24)) {
      emitError(loc) << "ncore: a gather from a table of more than 2^24 rows "
                        "(row indices are exact in fp32 only below that)";
      return failure();
    }
    // Element 0 of each partition holds that partition's row index.
    gatherRows(e.sbuf(indexTiles[0].offset, p, indexTiles[0].type, {}),
               static_cast<uint64_t>(rows),
               static_cast<uint64_t>(view.strides[dynamic[0]]));
    return dst;
  }

  // L counts elements from the table's element at `offset`; every in-bounds
  // index keeps the rows it reads within the view, which ends at element
  // `end`. `rowsFrom(at, hi)`: the rows (of one element) a gather whose row
  // starts at element `at` and reaches `hi` elements further may index.
  int64_t end = (extent(view).second - view.base) / eb;
  auto rowsFrom = [&](int64_t at, int64_t hi) {
    return static_cast<uint64_t>(std::max<int64_t>(1, end - at - hi));
  };
  int64_t span = end - offset;
  if (span <= 0 || span > (int64_t(1) << 24)) {
    emitError(loc) << "ncore: a gather with " << dynamic.size()
                   << " computed indices or a per-element index from a table "
                      "of more than 2^24 elements (element offsets are exact "
                      "in fp32 only below that)";
    return failure();
  }
  Type i32 = e.b.getI32Type();
  auto imm = [&](double v) {
    Operand o;
    o.type = i32;
    o.imm = v;
    return o;
  };
  std::optional<Operand> linear;
  for (auto [j, io] : llvm::zip(dynamic, indexTiles)) {
    FailureOr<Operand> term =
        alu(AluOp::mul, io, imm(static_cast<double>(view.strides[j])), i32,
            io.type);
    if (failed(term))
      return failure();
    if (linear)
      term = alu(AluOp::add, *linear, *term, i32, i32);
    if (failed(term))
      return failure();
    linear = *term;
  }
  if (partitionStride != 0) {
    FailureOr<Operand> rowOffsets = newTile(i32, 1);
    if (failed(rowOffsets))
      return failure();
    e.b.create<IotaOp>(loc, ap(*rowOffsets, 1), 0, partitionStride,
                       SmallVector<int64_t>{}, Engine::gpsimd, nullptr, nullptr,
                       nullptr, nullptr, nullptr);
    FailureOr<Operand> sum = alu(AluOp::add, *linear, *rowOffsets, i32, i32);
    if (failed(sum))
      return failure();
    linear = *sum;
  }

  if (!varies) {
    if (failed(rowFits()))
      return failure();
    int64_t hi = 0;
    for (auto [n, st] : llvm::zip(c, s))
      hi += std::max<int64_t>(0, (n - 1) * st);
    gatherRows(e.sbuf(linear->offset, p, i32, {}), rowsFrom(offset, hi), 1);
    return dst;
  }

  // An index per element: one gather of single elements per free element
  // (the tile's free elements are row-major over freeDims).
  FailureOr<Operand> lt = asTile(*linear, i32);
  if (failed(lt))
    return failure();
  int64_t ebIndex = bytesOf(lt->type), ebDst = bytesOf(dst->type);
  SmallVector<int64_t> position(freeDims.size(), 0);
  for (int64_t f = 0; f < ftot; ++f) {
    int64_t at = offset;
    for (auto [i, d] : llvm::enumerate(freeDims))
      at += position[i] * loopStrides[d];
    e.b.create<GatherOp>(
        loc, e.hbm(view.base + at * eb, 1, 0, view.elementType, {}, {}),
        e.sbuf(lt->offset + f * ebIndex, p, i32, {}),
        e.sbuf(dst->offset + f * ebDst, p, dst->type, {}), rowsFrom(at, 0), 1,
        Engine::dma, e.b.getI32IntegerAttr(e.nextQueue()), nullptr, nullptr,
        nullptr, nullptr);
    for (int64_t i = static_cast<int64_t>(freeDims.size()) - 1; i >= 0; --i) {
      if (++position[i] < counts[freeDims[i]])
        break;
      position[i] = 0;
    }
  }
  return dst;
}

/// floor, ceil, trunc, round (half away from zero) and roundeven on float
/// tiles. No activation function rounds, so: r = the nearest integer (RNE,
/// an engine's float -> i32 conversion) as a float, then corrected: floor
/// subtracts (r > x), ceil adds (r < x), trunc does either toward zero, round
/// moves ties (x - r = +-0.5, exact) away from zero. A zero result takes x's
/// sign (x * 0: ceil(-0.5) = -0), and |x| >= 2^23, inf and NaN pass through
/// unchanged (such floats are integers already). Exact for f32, f16, bf16
/// (spec: floor, ceil, round_nearest_afz, round_nearest_even).
FailureOr<Operand> TileEmitter::lowerRounding(Operation *op, Type type,
                                              bool truncate) {
  Location loc = op->getLoc();
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  FailureOr<Operand> xt = asTile(*a, type);
  if (failed(xt))
    return failure();
  Operand x = *xt;
  Type f32 = e.b.getF32Type();
  auto tile = [&](Type t) { return newTile(t, ftot); };
  FailureOr<Operand> xi = tile(e.b.getI32Type()), r = tile(f32), c = tile(f32),
                     d = tile(f32), r2 = tile(f32);
  if (failed(xi) || failed(r) || failed(c) || failed(d) || failed(r2))
    return failure();
  e.copy(loc, full(x), full(*xi), Engine::vector); // RNE, saturating
  e.copy(loc, full(*xi), full(*r), Engine::vector);
  if (isa<math::FloorOp>(op)) {
    binary(loc, AluOp::gt, *r, x, *c);
    binary(loc, AluOp::sub, *r, *c, *r2);
  } else if (isa<math::CeilOp>(op)) {
    binary(loc, AluOp::lt, *r, x, *c);
    binary(loc, AluOp::add, *r, *c, *r2);
  } else if (truncate || isa<math::TruncOp>(op)) {
    // r - (r > x > 0) + (r < x < 0)
    FailureOr<Operand> s = tile(f32), u = tile(f32);
    if (failed(s) || failed(u))
      return failure();
    binary(loc, AluOp::gt, *r, x, *c);
    scalar(loc, x, AluOp::gt, 0.0f, *s);
    binary(loc, AluOp::mul, *c, *s, *c);
    binary(loc, AluOp::sub, *r, *c, *u);
    binary(loc, AluOp::lt, *r, x, *c);
    scalar(loc, x, AluOp::lt, 0.0f, *s);
    binary(loc, AluOp::mul, *c, *s, *c);
    binary(loc, AluOp::add, *u, *c, *r2);
  } else if (isa<math::RoundOp>(op)) {
    // Ties: x - r = 0.5 with x > 0 rounds up, -0.5 with x < 0 rounds down.
    FailureOr<Operand> t = tile(f32), s = tile(f32), u = tile(f32);
    if (failed(t) || failed(s) || failed(u))
      return failure();
    binary(loc, AluOp::sub, x, *r, *t);
    scalar(loc, *t, AluOp::eq, 0.5f, *c);
    scalar(loc, x, AluOp::gt, 0.0f, *s);
    binary(loc, AluOp::mul, *c, *s, *c);
    binary(loc, AluOp::add, *r, *c, *u);
    scalar(loc, *t, AluOp::eq, -0.5f, *c);
    scalar(loc, x, AluOp::lt, 0.0f, *s);
    binary(loc, AluOp::mul, *c, *s, *c);
    binary(loc, AluOp::sub, *u, *c, *r2);
  } else {
    e.copy(loc, full(*r), full(*r2), Engine::vector); // roundeven
  }
  // A zero result has x's sign.
  scalar(loc, *r2, AluOp::eq, 0.0f, *c);
  scalar(loc, x, AluOp::mul, 0.0f, *d);
  FailureOr<Operand> z = tile(f32);
  if (failed(z))
    return failure();
  select(loc, *c, *d, *r2, *z);
  // |x| < 2^23 (false for inf and NaN): the rounded value; else x.
  scalar(loc, x, AluOp::lt, 8388608.0f, *c);
  scalar(loc, x, AluOp::gt, -8388608.0f, *d);
  binary(loc, AluOp::mul, *c, *d, *c);
  FailureOr<Operand> out = tile(type);
  if (failed(out))
    return failure();
  select(loc, *c, *z, x, *out);
  return out;
}

/// log1p and expm1 from the `log` and `exp` activations without their
/// cancellation near 0 (Kahan's forms, accurate to a few ULP):
///   log1p(x) = u == 1 ? x : log(u) * (x / (u - 1)),   u = 1 + x
///   expm1(x) = u == 1 ? x : u - 1 == -1 ? -1 : (u - 1) * (x / log(u)),
///              u = exp(x), for |x| < 0.5; u - 1 beyond
/// computed in f32 and rounded once to the result type; u = inf gives x
/// (log1p) or inf (expm1), and NaN propagates (spec: log_plus_one,
/// exponential_minus_one).
FailureOr<Operand> TileEmitter::lowerLog1pExpm1(Operation *op, Type type) {
  Location loc = op->getLoc();
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  FailureOr<Operand> xt = asTile(*a, type);
  if (failed(xt))
    return failure();
  Operand x = *xt;
  Type f32 = e.b.getF32Type();
  auto tile = [&]() { return newTile(f32, ftot); };
  FailureOr<Operand> u = tile(), d = tile(), l = tile(), q = tile(), c = tile(),
                     r = tile();
  if (failed(u) || failed(d) || failed(l) || failed(q) || failed(c) ||
      failed(r))
    return failure();
  float inf = std::numeric_limits<float>::infinity();
  if (isa<math::Log1pOp>(op)) {
    scalar(loc, x, AluOp::add, 1.0f, *u);
    activation(loc, ActivationFunc::log, *u, *l);
    scalar(loc, *u, AluOp::sub, 1.0f, *d);
    binary(loc, AluOp::div, x, *d, *q);
    binary(loc, AluOp::mul, *l, *q, *q);
    scalar(loc, *u, AluOp::eq, 1.0f, *c);
    select(loc, *c, x, *q, *r);
    scalar(loc, *u, AluOp::eq, inf, *c);
    select(loc, *c, x, *r, *q);
  } else {
    activation(loc, ActivationFunc::exp, x, *u);
    scalar(loc, *u, AluOp::sub, 1.0f, *d);
    activation(loc, ActivationFunc::log, *u, *l);
    binary(loc, AluOp::div, x, *l, *q);
    binary(loc, AluOp::mul, *d, *q, *q);
    scalar(loc, *u, AluOp::eq, 1.0f, *c);
    select(loc, *c, x, *q, *r);
    scalar(loc, *d, AluOp::eq, -1.0f, *c);
    select(loc, *c, *d, *r, *q); // d is -1 there
    scalar(loc, *u, AluOp::eq, inf, *c);
    select(loc, *c, *u, *q, *r);
    // Away from 0 (|x| >= 0.5) u - 1 has no cancellation and one rounding
    // fewer than the corrected form.
    scalar(loc, x, AluOp::lt, 0.5f, *c);
    scalar(loc, x, AluOp::gt, -0.5f, *l);
    binary(loc, AluOp::mul, *c, *l, *c);
    select(loc, *c, *r, *d, *q);
  }
  FailureOr<Operand> out = newTile(type, ftot);
  if (failed(out))
    return failure();
  e.copy(loc, full(*q), full(*out), Engine::vector);
  return out;
}

/// atan2(y, x) on float tiles, in f32, rounded once to the result type. No
/// activation computes atan, so it is Cephes' atanf on t = |y| / |x|, with
/// its three ranges (t > tan(3pi/8): pi/2 + atan(-1/t); t > tan(pi/8):
/// pi/4 + atan((t - 1) / (t + 1)); else atan(t)) and its degree-4
/// polynomial in t^2 (about 2 ULP), then moved to the quadrant: pi - a when
/// x's sign bit is set, negated when y's is. t is 0/0 or inf/inf only for
/// two zeros (a = 0) or two infinities (a = pi/4); NaN propagates. Signed
/// zeros follow the spec: atan2(+-0, -0) = +-pi (spec: atan2).
FailureOr<Operand> TileEmitter::lowerAtan2(Operation *op, Type type) {
  Location loc = op->getLoc();
  FailureOr<std::pair<Operand, Operand>> yx = binaryTiles(op, type);
  if (failed(yx))
    return failure();
  auto [y, x] = *yx;
  FailureOr<SmallVector<Operand>> tiles = f32Tiles(10);
  if (failed(tiles))
    return failure();
  SmallVector<Operand> &t = *tiles;
  Operand &ax = t[0], &ay = t[1], &q = t[2], &u = t[3], &v = t[4], &c = t[5],
          &base = t[6], &z = t[7], &pl = t[8], &a = t[9];
  const float pi = 3.14159265358979f, pio4 = 0.785398163397f;
  const float inf = std::numeric_limits<float>::infinity();
  activation(loc, ActivationFunc::abs, x, ax);
  activation(loc, ActivationFunc::abs, y, ay);
  binary(loc, AluOp::div, ay, ax, q); // t
  // u = the reduced argument, base = its offset.
  activation(loc, ActivationFunc::reciprocal, q, v);
  scalar(loc, v, AluOp::mul, -1.0f, v); // -1/t
  scalar(loc, q, AluOp::sub, 1.0f, u);
  scalar(loc, q, AluOp::add, 1.0f, z);
  binary(loc, AluOp::div, u, z, u); // (t - 1)/(t + 1)
  scalar(loc, q, AluOp::gt, 0.4142135623730950f, c);
  select(loc, c, u, q, z);
  scalar(loc, c, AluOp::mul, pio4, base);
  scalar(loc, q, AluOp::gt, 2.414213562373095f, c);
  select(loc, c, v, z, u);
  scalar(loc, c, AluOp::mul, pio4, v);
  binary(loc, AluOp::add, base, v, base);
  // a = base + u + u * z * p(z), z = u^2
  binary(loc, AluOp::mul, u, u, z);
  scalar2(loc, z, AluOp::mul, 8.05374449538e-2f, AluOp::add, -1.38776856032e-1f,
          pl);
  binary(loc, AluOp::mul, pl, z, pl);
  scalar(loc, pl, AluOp::add, 1.99777106478e-1f, pl);
  binary(loc, AluOp::mul, pl, z, pl);
  scalar(loc, pl, AluOp::add, -3.33329491539e-1f, pl);
  binary(loc, AluOp::mul, pl, z, pl);
  binary(loc, AluOp::mul, pl, u, pl);
  binary(loc, AluOp::add, pl, u, pl);
  binary(loc, AluOp::add, base, pl, a);
  // Two zeros: 0; two infinities: pi/4.
  binary(loc, AluOp::max, ax, ay, v);
  scalar(loc, v, AluOp::eq, 0.0f, c);
  scalar(loc, c, AluOp::mul, 0.0f, z); // 0 (c is 0 or 1)
  select(loc, c, z, a, u);
  binary(loc, AluOp::min, ax, ay, v);
  scalar(loc, v, AluOp::eq, inf, c);
  scalar2(loc, c, AluOp::mul, 0.0f, AluOp::add, pio4, z);
  select(loc, c, z, u, a);
  // Quadrant: pi - a for x with its sign bit set (-0 too), then y's sign.
  signBit(loc, x, c);
  scalar2(loc, a, AluOp::mul, -1.0f, AluOp::add, pi, z);
  scalar(loc, z, AluOp::add, -8.742278e-8f, z); // pi - float(pi)
  select(loc, c, z, a, u);
  signBit(loc, y, c);
  scalar(loc, u, AluOp::mul, -1.0f, z);
  select(loc, c, z, u, a);
  FailureOr<Operand> out = newTile(type, ftot);
  if (failed(out))
    return failure();
  e.copy(loc, full(a), full(*out), Engine::vector);
  return out;
}

/// `arith.remf` of floats (spec: remainder: a - b * trunc(a / b), the sign
/// of a, which is C's fmod), exactly: |a| is reduced by |b| * 2^k for k from
/// the widest exponent gap of `type` (K = maxExponent - minExponent +
/// precision: 40 for f16, 261 for bf16, 277 for f32) down to 0, subtracting
/// where the running value is at least |b| * 2^k. It stays below |b| *
/// 2^(k+1), so each subtraction is exact (Sterbenz); a subtrahend past the
/// fp32 range is inf and never subtracted. Then a's sign, and NaN where a
/// is NaN or infinite or b is NaN or 0 (fmod(a, +-inf) = a; the NaN is the
/// canonical one, not a's payload). Four vector instructions per k,
/// computed in fp32 tiles reused in place (ten tiles in all, which
/// systole::extraTemporaries counts).
FailureOr<Operand> TileEmitter::lowerFloatRemainder(Operation *op, Type type) {
  Location loc = op->getLoc();
  auto ft = dyn_cast<FloatType>(type);
  if (!ft) {
    emitError(loc) << "ncore: 'arith.remf' on " << type;
    return failure();
  }
  FailureOr<std::pair<Operand, Operand>> ab = binaryTiles(op, type);
  if (failed(ab))
    return failure();
  auto [a, b] = *ab;
  FailureOr<SmallVector<Operand>> tiles = f32Tiles(6);
  if (failed(tiles))
    return failure();
  SmallVector<Operand> &tl = *tiles;
  Operand &r = tl[0], &bb = tl[1], &t = tl[2], &m = tl[3], &d = tl[4],
          &nan = tl[5];
  activation(loc, ActivationFunc::abs, a, r);
  activation(loc, ActivationFunc::abs, b, bb);
  // NaN where a is NaN or infinite, or b is NaN or 0.
  binary(loc, AluOp::ne, a, a, nan);
  binary(loc, AluOp::ne, b, b, t);
  binary(loc, AluOp::max, nan, t, nan);
  scalar(loc, r, AluOp::eq, std::numeric_limits<float>::infinity(), t);
  binary(loc, AluOp::max, nan, t, nan);
  scalar(loc, bb, AluOp::eq, 0.0f, t);
  binary(loc, AluOp::max, nan, t, nan);
  const llvm::fltSemantics &sem = ft.getFloatSemantics();
  int gap = llvm::APFloat::semanticsMaxExponent(sem) -
            llvm::APFloat::semanticsMinExponent(sem) +
            static_cast<int>(llvm::APFloat::semanticsPrecision(sem));
  // |b| * 2^k with immediates below 2^128: from |b| * 2^127 (inf when
  // |b| >= 2, where every such subtrahend is past the fp32 range anyway)
  // for k > 127.
  Operand high = bb;
  if (gap > 127) {
    FailureOr<Operand> h = newTile(e.b.getF32Type(), ftot);
    if (failed(h))
      return failure();
    high = *h;
    scalar(loc, bb, AluOp::mul, std::ldexp(1.0f, 127), high);
  }
  for (int k = gap; k >= 0; --k) {
    const Operand &base = k > 127 ? high : bb;
    int rest = k > 127 ? k - 127 : k;
    int k1 = std::min(rest, 127), k2 = rest - k1;
    if (k2 == 0)
      scalar(loc, base, AluOp::mul, std::ldexp(1.0f, k1), t);
    else
      scalar2(loc, base, AluOp::mul, std::ldexp(1.0f, k1), AluOp::mul,
              std::ldexp(1.0f, k2), t);
    binary(loc, AluOp::ge, r, t, m);
    binary(loc, AluOp::sub, r, t, d);
    select(loc, m, d, r, r);
  }
  // a's sign, then the NaNs.
  scalar(loc, r, AluOp::mul, -1.0f, d);
  signBit(loc, a, m);
  select(loc, m, d, r, r);
  e.memset(loc, full(d), std::numeric_limits<double>::quiet_NaN());
  FailureOr<Operand> out = newTile(type, ftot);
  if (failed(out))
    return failure();
  select(loc, nan, d, r, *out);
  return out;
}

/// divide and remainder on integers (arith.divsi, remsi), as XLA defines
/// them: the quotient truncates toward zero, x / 0 = -1 and x % 0 = x, and
/// the most negative value / -1 wraps to itself (its remainder is 0). Also
/// arith.divui and remui on indices (non-negative; from a linalg.index whose
/// dim a collapse merged, e.g. an iota fused with a rank-3 dot_general) and
/// on ui8/ui16/ui32 data (held in its signed form, so read as v + 2^width
/// where negative first), where these rules agree with the unsigned ones
/// (x / 0 is all ones). ui32 operands and results from 2^31 up are past
/// fp32's exact integers: ui32 division is exact while the unsigned values
/// stay below 2^24.
/// q = trunc(a / b) in fp32, then one correction: fp32's quotient can round
/// up onto the next integer, leaving a remainder a - q * b of the wrong
/// sign, and then |q| is one too large. Exact while |a|, |b| < 2^24.
FailureOr<Operand> TileEmitter::lowerIntegerDivision(Operation *op, Type type) {
  Location loc = op->getLoc();
  FailureOr<std::pair<Operand, Operand>> ab = binaryTiles(op, type);
  if (failed(ab))
    return failure();
  auto [a, b] = *ab;
  // x % 0 = x: the operand as it came (a ui32 from 2^31 up, in its signed
  // form, is exact there and not as v + 2^32).
  Operand aAsGiven = a;
  if (Type from = op->getOperand(0).getType();
      isa<arith::DivUIOp, arith::RemUIOp>(op) && !from.isIndex()) {
    double wrap =
        std::ldexp(1.0, static_cast<int>(from.getIntOrFloatBitWidth()));
    // Unsigned 32-bit values from 2^31 up have no i32 tile value: f32.
    Type unsignedType =
        from.getIntOrFloatBitWidth() == 32 ? e.b.getF32Type() : type;
    for (Operand *v : {&a, &b}) {
      FailureOr<Operand> u =
          wrapWhere(*v, AluOp::lt, 0.0, wrap, type, unsignedType);
      if (failed(u))
        return failure();
      *v = *u;
    }
  }
  FailureOr<SmallVector<Operand>> tiles = f32Tiles(8);
  if (failed(tiles))
    return failure();
  SmallVector<Operand> &t = *tiles;
  Operand &q = t[0], &r = t[1], &c = t[2], &d = t[3], &s = t[4], &qi = t[5],
          &z = t[6], &w = t[7];
  binary(loc, AluOp::div, a, b, q);
  // trunc(q): r = RNE(q) through an i32 tile, minus 1 toward zero where it
  // overshot (r > q > 0 or r < q < 0).
  FailureOr<Operand> qInt = newTile(e.b.getI32Type(), ftot);
  if (failed(qInt))
    return failure();
  e.copy(loc, full(q), full(*qInt), Engine::vector);
  e.copy(loc, full(*qInt), full(r), Engine::vector);
  binary(loc, AluOp::gt, r, q, c);
  scalar(loc, q, AluOp::gt, 0.0f, d);
  binary(loc, AluOp::mul, c, d, c);
  binary(loc, AluOp::sub, r, c, r);
  binary(loc, AluOp::lt, r, q, c);
  scalar(loc, q, AluOp::lt, 0.0f, d);
  binary(loc, AluOp::mul, c, d, c);
  binary(loc, AluOp::add, r, c, qi);
  // rem = a - q b; where it is nonzero with the sign opposite to a's, q
  // moves one toward zero: q -= sign(q).
  binary(loc, AluOp::mul, qi, b, z);
  binary(loc, AluOp::sub, a, z, z);
  binary(loc, AluOp::mul, z, a, w); // rem * a < 0: opposite signs
  scalar(loc, w, AluOp::lt, 0.0f, c);
  activation(loc, ActivationFunc::sign, qi, s);
  binary(loc, AluOp::mul, c, s, s);
  binary(loc, AluOp::sub, qi, s, qi);
  // b == 0: q = -1, rem = a.
  scalar(loc, b, AluOp::eq, 0.0f, c);
  scalar2(loc, c, AluOp::mul, 0.0f, AluOp::add, -1.0f, d);
  select(loc, c, d, qi, q);
  FailureOr<Operand> out = newTile(type, ftot);
  if (failed(out))
    return failure();
  // A 32-bit unsigned quotient or remainder from 2^31 up (an operand
  // read as v + 2^32) goes back to its signed form, which the i32 tile
  // holds; such values are past 2^24, rounded like all i32 arithmetic there.
  bool unsigned32 = isa<arith::DivUIOp, arith::RemUIOp>(op) &&
                    !op->getOperand(0).getType().isIndex() &&
                    op->getOperand(0).getType().getIntOrFloatBitWidth() == 32;
  auto storeUnsigned = [&](const Operand &v) -> FailureOr<Operand> {
    if (!unsigned32) {
      e.copy(loc, full(v), full(*out), Engine::vector);
      return out;
    }
    FailureOr<Operand> wrapped =
        wrapWhere(v, AluOp::ge, std::ldexp(1.0, 31), -std::ldexp(1.0, 32),
                  v.type, v.type);
    if (failed(wrapped))
      return failure();
    e.copy(loc, full(*wrapped), full(*out), Engine::vector);
    return out;
  };
  if (isa<arith::DivUIOp>(op))
    return storeUnsigned(q);
  if (isa<arith::DivSIOp>(op)) {
    // min / -1 = 2^(width-1) wraps to min.
    unsigned width = type.getIntOrFloatBitWidth();
    float wrap = std::ldexp(1.0f, static_cast<int>(width) - 1);
    scalar(loc, q, AluOp::eq, wrap, c);
    scalar2(loc, c, AluOp::mul, 0.0f, AluOp::add, -wrap, d);
    select(loc, c, d, q, r);
    e.copy(loc, full(r), full(*out), Engine::vector);
    return out;
  }
  binary(loc, AluOp::mul, q, b, z);
  binary(loc, AluOp::sub, a, z, r);
  scalar(loc, b, AluOp::eq, 0.0f, c);
  select(loc, c, aAsGiven, r, z);
  // b == -1: 0 (min % -1 would be computed from the unwrapped quotient).
  scalar(loc, b, AluOp::eq, -1.0f, c);
  scalar(loc, c, AluOp::mul, 0.0f, d);
  select(loc, c, d, z, r);
  return storeUnsigned(r);
}

/// cbrt on float tiles, in f32, rounded once to the result type: the
/// estimate r = exp(log|x| / 3) (off by up to ~30 ULP for large |log x|),
/// one Newton step r += (|x| / r^2 - r) / 3 (the correction is small, so
/// its roundings barely reach r), then x's sign bit. 0, inf and NaN map to
/// themselves (spec: cbrt).
FailureOr<Operand> TileEmitter::lowerCbrt(Operation *op, Type type) {
  Location loc = op->getLoc();
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  FailureOr<Operand> xt = asTile(*a, type);
  if (failed(xt))
    return failure();
  Operand x = *xt;
  FailureOr<SmallVector<Operand>> tiles = f32Tiles(5);
  if (failed(tiles))
    return failure();
  SmallVector<Operand> &t = *tiles;
  Operand &ax = t[0], &r = t[1], &q = t[2], &c = t[3], &d = t[4];
  activation(loc, ActivationFunc::abs, x, ax);
  activation(loc, ActivationFunc::log, ax, q);
  scalar(loc, q, AluOp::div, 3.0f, q);
  activation(loc, ActivationFunc::exp, q, r);
  binary(loc, AluOp::mul, r, r, q);
  binary(loc, AluOp::div, ax, q, q);
  binary(loc, AluOp::sub, q, r, q);
  scalar(loc, q, AluOp::div, 3.0f, q);
  binary(loc, AluOp::add, r, q, q);
  // 0 and inf: |x| itself (the step divides 0 by 0 or inf by inf).
  scalar(loc, ax, AluOp::eq, 0.0f, c);
  scalar(loc, ax, AluOp::eq, std::numeric_limits<float>::infinity(), d);
  binary(loc, AluOp::add, c, d, c);
  select(loc, c, ax, q, r);
  scalar(loc, r, AluOp::mul, -1.0f, q);
  signBit(loc, x, c);
  FailureOr<Operand> out = newTile(type, ftot);
  if (failed(out))
    return failure();
  select(loc, c, q, r, *out);
  return out;
}

/// population_count on i8, i16 and i32: the sum over bit positions i of
/// (x >> i) & 1, two vector instructions per bit; and count_leading_zeros:
/// the number of top bits that are all 0, four instructions per bit. The
/// ALU's shift and `and` act on the 32-bit integer the element holds; i32
/// is exact below 2^24, as all of its arithmetic (spec: popcnt,
/// count_leading_zeros).
FailureOr<Operand> TileEmitter::lowerPopcount(Operation *op, Type type) {
  Location loc = op->getLoc();
  unsigned width = type.getIntOrFloatBitWidth();
  FailureOr<Operand> a = lookup(op->getOperand(0));
  if (failed(a))
    return failure();
  FailureOr<Operand> x = asTile(*a, type);
  Type f32 = e.b.getF32Type();
  FailureOr<Operand> sum = newTile(f32, ftot), bit = newTile(f32, ftot),
                     out = newTile(type, ftot);
  if (failed(x) || failed(sum) || failed(bit) || failed(out))
    return failure();
  if (isa<math::CountLeadingZerosOp>(op)) {
    // From the top bit down, `zeros` stays 1 while every bit so far is 0;
    // the count is its sum.
    FailureOr<Operand> zeros = newTile(f32, ftot);
    if (failed(zeros))
      return failure();
    e.memset(loc, full(*sum), 0.0);
    e.memset(loc, full(*zeros), 1.0);
    for (int i = static_cast<int>(width) - 1; i >= 0; --i) {
      scalar2(loc, *x, AluOp::shr, static_cast<float>(i), AluOp::And, 1.0f,
              *bit);
      scalar2(loc, *bit, AluOp::mul, -1.0f, AluOp::add, 1.0f, *bit);
      binary(loc, AluOp::mul, *zeros, *bit, *zeros);
      binary(loc, AluOp::add, *sum, *zeros, *sum);
    }
    e.copy(loc, full(*sum), full(*out), Engine::vector);
    return out;
  }
  scalar(loc, *x, AluOp::And, 1.0f, *sum);
  for (unsigned i = 1; i < width; ++i) {
    scalar2(loc, *x, AluOp::shr, static_cast<float>(i), AluOp::And, 1.0f, *bit);
    binary(loc, AluOp::add, *sum, *bit, *sum);
  }
  e.copy(loc, full(*sum), full(*out), Engine::vector);
  return out;
}

LogicalResult TileEmitter::run() {
  e.nextSlotSet();
  Location loc = k.loc;
  Type outType = k.output.elementType;

  FailureOr<AccessPatternAttr> outAp =
      hbmOperand(k.output, k.outputMap, parDims);
  if (failed(outAp))
    return failure();

  Operand result;
  // After a reduction over the tile's free reduction dims, the values are
  // the output tile's fpar elements per partition, not the input tile's
  // ftot: what follows (the init combine, the low-bits wrap of narrow
  // integers, copies) covers those only. (A [P x 1] column, fpar 1, stays a
  // column.)
  std::optional<llvm::SaveAndRestore<int64_t>> outputElements;
  if (k.fill) {
    result.kind = Operand::Imm;
    result.imm = *k.fill;
    result.type = outType;
  } else {
    Block &body = *k.body;
    // Inputs the body reads.
    for (auto [i, view] : llvm::enumerate(k.inputs)) {
      BlockArgument arg = body.getArgument(i);
      if (!k.copy && arg.use_empty())
        continue;
      if (auto pre = k.preloaded.find(i); pre != k.preloaded.end()) {
        values[arg] = pre->second;
        continue;
      }
      // Unsigned pixels converted to float (an image model's input) load as
      // their value: the conversions need no correction.
      bool onlyZeroExtended =
          !arg.use_empty() && llvm::all_of(arg.getUsers(), [](Operation *u) {
            return isa<arith::ExtUIOp, arith::UIToFPOp>(u);
          });
      currentInput = static_cast<int64_t>(i);
      FailureOr<Operand> t = load(view, k.inputMaps[i], onlyZeroExtended);
      currentInput = -1;
      if (failed(t))
        return failure();
      values[arg] = *t;
      if (k.loadedInputs)
        (*k.loadedInputs)[i] = *t;
    }
    if (k.copy) {
      result = values[body.getArgument(0)];
      if (k.bitcastType) {
        // The same bytes with the other element type: only a dense SBUF
        // tile of 32-bit elements is stored by DMA as it is (a PSUM tile,
        // a contraction's result, is evacuated by an engine, in fp32).
        bool dense = result.kind == Operand::Tile ||
                     (result.kind == Operand::Column && ftot == 1);
        if (!dense || result.memory != Memory::sbuf ||
            result.type.getIntOrFloatBitWidth() != 32) {
          emitError(loc) << "ncore: bitcast of an on-chip "
                         << body.getArgument(0).getType()
                         << " result is not supported yet (the engines "
                            "compute in fp32, exact for integers of up to "
                            "16 bits)";
          return failure();
        }
        result.type = k.bitcastType;
      }
    } else {
      auto yield = cast<linalg::YieldOp>(body.getTerminator());
      Value yielded = yield.getOperand(0);
      BlockArgument out = body.getArgument(body.getNumArguments() - 1);
      Operation *combiner = nullptr;
      Value partial;
      if (!redDims.empty() ||
          llvm::any_of(k.iterators, [](utils::IteratorType t) {
            return t != utils::IteratorType::parallel;
          })) {
        combiner = yielded.getDefiningOp();
        if (!combiner || combiner->getNumOperands() != 2 || !aluFor(combiner) ||
            !commutes(*aluFor(combiner)) ||
            (combiner->getOperand(0) != out &&
             combiner->getOperand(1) != out)) {
          emitError(loc)
              << "ncore: reduction body must combine the running value "
                 "with add, mul, max or min";
          return failure();
        }
        partial = combiner->getOperand(0) == out ? combiner->getOperand(1)
                                                 : combiner->getOperand(0);
      } else if (!out.use_empty()) {
        emitError(loc)
            << "ncore: an elementwise body that reads its output is not "
               "supported";
        return failure();
      }
      // The body up to the yielded value (or the reduction's partial value).
      int64_t opIndex = 0;
      for (Operation &op : body.without_terminator()) {
        if (&op == combiner)
          break;
        Attribute key = derivedColumnKey(op, opIndex++);
        if (key) {
          if (std::optional<Operand> cached =
                  findDerivedColumn(key, op.getResult(0).getType())) {
            values[op.getResult(0)] = *cached;
            continue;
          }
        }
        FailureOr<Operand> r = lower(&op);
        if (failed(r))
          return failure();
        if (systole::wrapsNarrowInteger(op) && r->kind != Operand::Imm) {
          // An 8- or 16-bit result held in an i32 tile may leave its type's
          // range (127 * 127, 200 - 100 on ui8 data in its signed form, an
          // iota past 127): its consumers read the wrapped value, as the
          // spec's integer arithmetic gives (exact while the unwrapped value
          // is below 2^24, like all integer arithmetic on the engines), not
          // only the final store.
          r = lowBits(*r, op.getResult(0).getType().getIntOrFloatBitWidth(),
                      /*isUnsigned=*/false, r->type, op.getResult(0).getType());
          if (failed(r))
            return failure();
        }
        if (key && r->kind == Operand::Column && r->memory == Memory::sbuf)
          r = keepDerivedColumn(loc, op, key, *r);
        if (op.getNumResults() == 1)
          values[op.getResult(0)] = *r;
      }
      if (combiner) {
        FailureOr<Operand> x = lookup(partial);
        if (failed(x))
          return failure();
        FailureOr<Operand> xt = asTile(*x, outType);
        if (failed(xt))
          return failure();
        Operand reduced = *xt;
        AluOp rop = *aluFor(combiner);
        // On 0/1 values, `or` is max and `and` is min. Not on wider
        // integers (6 and 3 is 2, not 3): tensor_reduce has no bitwise
        // combiner.
        bool bits = combiner->getResult(0).getType().isInteger(1);
        if ((rop == AluOp::Or || rop == AluOp::And) && !bits) {
          emitError(loc) << "ncore: a bitwise '" << combiner->getName()
                         << "' reduction of integers wider than i1 has no "
                            "NeuronCore lowering (tensor_reduce combines with "
                            "add, mul, max and min)";
          return failure();
        }
        if (rop == AluOp::Or)
          rop = AluOp::max;
        else if (rop == AluOp::And)
          rop = AluOp::min;
        if (rop != AluOp::add && rop != AluOp::max && rop != AluOp::min &&
            rop != AluOp::mul) {
          emitError(loc)
              << "ncore: reductions combine with add, mul, max, min, and "
                 "or or, not '"
              << combiner->getName() << "'";
          return failure();
        }
        if (!redDims.empty()) {
          FailureOr<Operand> r = newTile(outType, fpar);
          if (failed(r))
            return failure();
          // src read as [par..., red...] (whatever order freeDims lays
          // it out in): reduce the innermost red dims.
          SmallVector<int64_t> cs, ss;
          int64_t redCount = 1;
          for (int64_t d : redDims)
            redCount *= counts[d];
          if (freeDims.back() == redDims.back()) {
            if (fpar > 1) {
              cs.push_back(fpar);
              ss.push_back(redCount);
            }
            cs.push_back(redCount);
            ss.push_back(1);
          } else {
            // Loop order, one red dim: each dim's element stride in the
            // tile; the parallel dims (merged where contiguous), then the
            // red dim.
            DenseMap<int64_t, int64_t> stride;
            int64_t run = 1;
            for (int64_t d : llvm::reverse(freeDims)) {
              stride[d] = run;
              run *= counts[d];
            }
            for (int64_t d : parDims) {
              cs.push_back(counts[d]);
              ss.push_back(stride[d]);
            }
            Emitter::normalize(cs, ss);
            cs.push_back(redCount);
            ss.push_back(stride[redDims.front()]);
            if (cs.size() > 4) {
              emitError(loc) << "ncore: a reduction tile needs " << cs.size()
                             << " free dims; access patterns have 4";
              return failure();
            }
          }
          auto src = AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, p,
                                            xt->offset, xt->type, cs, ss, 0);
          e.b.create<TensorReduceOp>(loc, rop, src, ap(*r, fpar), 1, false,
                                     Engine::vector, nullptr, nullptr, nullptr,
                                     nullptr, nullptr);
          reduced = *r;
          if (fpar > 1)
            outputElements.emplace(ftot, fpar);
        }
        if (k.runningInit) {
          // The whole reduction is in this tile: combine with the value the
          // output was filled with, unless that is the combiner's identity
          // for every value (max with -inf, min with +inf, a product with
          // 1, a sum with -0; not +0, which turns a -0 sum into +0).
          double v = *k.runningInit;
          bool identity = (rop == AluOp::max && std::isinf(v) && v < 0) ||
                          (rop == AluOp::min && std::isinf(v) && v > 0) ||
                          (rop == AluOp::mul && v == 1) ||
                          (rop == AluOp::add && v == 0 && std::signbit(v));
          if (identity && isa<FloatType>(outType)) {
            result = reduced;
          } else {
            Operand init;
            init.imm = v;
            init.type = outType;
            FailureOr<Operand> combined =
                alu(rop, reduced, init, outType, outType);
            if (failed(combined))
              return failure();
            result = *combined;
          }
        } else {
          // Combine with the running value from HBM.
          FailureOr<Operand> running = newTile(outType, fpar);
          FailureOr<Operand> combined = newTile(outType, fpar);
          if (failed(running) || failed(combined))
            return failure();
          e.dma(loc, *outAp, ap(*running, fpar));
          e.b.create<TensorTensorOp>(loc, rop, ap(*running, fpar),
                                     ap(reduced, fpar), ap(*combined, fpar),
                                     Engine::vector, nullptr, nullptr, nullptr,
                                     nullptr, nullptr);
          result = *combined;
        }
      } else {
        FailureOr<Operand> r = lookup(yielded);
        if (failed(r))
          return failure();
        result = *r;
      }
    }
  }

  if (result.kind == Operand::Imm) {
    FailureOr<Operand> t = newTile(outType, fpar);
    if (failed(t))
      return failure();
    e.memset(loc, ap(*t, fpar), result.imm);
    result = *t;
  } else if (result.kind == Operand::Column && fpar > 1) {
    FailureOr<Operand> t = asTile(result, outType);
    if (failed(t))
      return failure();
    result = *t;
  }
  unsigned outWidth = outType.getIntOrFloatBitWidth();
  if (isa<IntegerType>(outType) && outWidth > 1 && outWidth < 32 &&
      result.type.isInteger(32)) {
    // 8- and 16-bit integers live in i32 tiles (newTile), where sums,
    // products and the signed form of unsigned data (the linalg phase
    // makes ui8 signless: 200 is held as -56) leave the type's range; the
    // store into the narrow buffer would saturate. Keep the low bits, as
    // the spec's integer arithmetic wraps: `and` with the mask for unsigned
    // data, a sign-extending shift pair for signed.
    FailureOr<Operand> wrapped =
        lowBits(result, outWidth, outType.isUnsignedInteger(), result.type,
                e.b.getI32Type());
    if (failed(wrapped))
      return failure();
    result = *wrapped;
  }
  // An i8 tile stored to a ui8 buffer (or the reverse): the same bytes,
  // which a converting copy would saturate.
  if (result.type != outType && isa<IntegerType>(result.type) &&
      isa<IntegerType>(outType) &&
      result.type.getIntOrFloatBitWidth() == outType.getIntOrFloatBitWidth())
    result.type = outType;
  if (result.type != outType || result.memory == Memory::psum) {
    // (DMA does not reach PSUM: a preloaded PSUM tile yielded as it is.)
    FailureOr<Operand> t = newTile(outType, fpar);
    if (failed(t))
      return failure();
    e.copy(loc, ap(result, fpar), ap(*t, fpar), Engine::vector);
    result = *t;
  }
  if (k.tileResult)
    *k.tileResult = result;
  if (k.store)
    e.dma(loc, ap(result, fpar), *outAp);
  return success();
}

/// Emits the tile of `k` at `origin` spanning `counts`. Optional slots
/// (load spans, transpose rows) are taken while they fit, without knowing
/// what the rest of the tile needs. When the tile then runs out of SBUF, its
/// instructions and the emitter's state are taken back and it is emitted
/// without optional slots, which measures what the rest needs; then again
/// with optional slots limited to the room that leaves (or, should that
/// fail, without them). Should even that run out of SBUF (the `tile`
/// phase's estimate of a body's temporaries is short), a plain kernel's
/// tile (no arena, nothing preloaded, no result kept) is emitted as 2, 4, 8,
/// ... pieces along its innermost parallel free loop. Only the final attempt
/// reports errors.
LogicalResult emitTile(Emitter &e, const Kernel &k, ArrayRef<int64_t> origin,
                       ArrayRef<int64_t> counts) {
  Block *block = e.b.getInsertionBlock();
  Operation *last = block->empty() ? nullptr : &block->back();
  EmitterState saved = e;
  e.ringUndo.clear();
  e.recordRingUndo = true;
  auto stopRecording = llvm::make_scope_exit([&] {
    e.recordRingUndo = false;
    e.ringUndo.clear();
  });
  auto attemptAt = [&](int64_t budget, bool quiet, ArrayRef<int64_t> at,
                       ArrayRef<int64_t> span) {
    e.optionalBudget = budget;
    LogicalResult result = failure();
    if (quiet) {
      // Dropped errors are reported again by the final attempt; other
      // diagnostics pass through.
      ScopedDiagnosticHandler drop(e.ctx, [](Diagnostic &d) {
        return success(d.getSeverity() == DiagnosticSeverity::Error);
      });
      result = TileEmitter(e, k, at, span).run();
    } else {
      result = TileEmitter(e, k, at, span).run();
    }
    e.optionalBudget = std::numeric_limits<int64_t>::max();
    return result;
  };
  auto attempt = [&](int64_t budget, bool quiet) {
    return attemptAt(budget, quiet, origin, counts);
  };
  auto takeBack = [&] {
    while (!block->empty() && &block->back() != last)
      block->back().erase();
    static_cast<EmitterState &>(e) = saved;
    e.undoRingColumns();
  };
  if (succeeded(attempt(std::numeric_limits<int64_t>::max(), true)))
    return success();
  takeBack();
  e.outOfSbuf = false;
  if (failed(attempt(0, true))) {
    bool outOfSbuf = e.outOfSbuf;
    takeBack();
    int64_t split = -1;
    for (int64_t d = static_cast<int64_t>(counts.size()) - 1; d >= 0; --d)
      if (d != k.tiling.partition &&
          k.iterators[d] == utils::IteratorType::parallel && counts[d] > 1) {
        split = d;
        break;
      }
    if (outOfSbuf && split >= 0 && !e.arenaBytes && k.preloaded.empty() &&
        !k.tileResult) {
      for (int64_t pieces = 2; pieces <= counts[split]; pieces *= 2) {
        int64_t step = llvm::divideCeil(counts[split], pieces);
        SmallVector<int64_t> at(origin), span(counts);
        bool ok = true;
        for (int64_t from = 0; ok && from < counts[split]; from += step) {
          at[split] = origin[split] + from;
          span[split] = std::min(step, counts[split] - from);
          ok = succeeded(attemptAt(0, true, at, span));
        }
        if (ok)
          return success();
        takeBack();
      }
    }
    return attempt(0, false);
  }
  int64_t needed = e.tileBytes;
  int64_t room = e.tileLimit() - needed;
  if (room < 64)
    return success();
  takeBack();
  if (succeeded(attempt(room, true)))
    return success();
  takeBack();
  return attempt(0, false);
}

/// Most tiles one op may take: beyond this the instruction stream (and the
/// compile) grows past what is useful; such ops need a dedicated kernel.
constexpr int64_t kMaxTilesPerOp = 20000;
/// Most vector-engine tiles one program may take, for the same reason.
constexpr int64_t kMaxTilesPerProgram = 100000;

/// Calls `fn(origin, counts)` for every tile of `k`'s loops, row-major (the
/// tile sizes of `k.tiling`, edge tiles cut short), stopping at a failure.
LogicalResult forEachTile(
    const Kernel &k,
    function_ref<LogicalResult(ArrayRef<int64_t>, ArrayRef<int64_t>)> fn) {
  return forEachTile(k.ranges, k.tiling.tiles, fn);
}

LogicalResult emitKernel(Emitter &e, const Kernel &k);

/// Rows of an elementwise kernel's tile that are shorter than a DMA
/// descriptor's efficient size (DESIGN section 4: a row under 512 bytes
/// per partition pays a per-descriptor cost) and continue in HBM where the
/// next row starts (a [heads x tokens x 64] tensor of an attention block's
/// rotary embedding): each partition takes `k` consecutive rows instead of
/// one, so that a tile moves runs of k times the bytes. The partition loop
/// `p` (range R, whose tile covers whole rows: every loop after it in one
/// tile, every loop before it one index) splits into p_hi (R / k, on the
/// partitions) and p_lo (k, the outermost free loop), and each operand
/// dimension indexed by p into (R / k, k) with strides (k * s, s): the
/// same elements, in the same order. k is the least power of two that
/// makes the runs of the operands whose rows continue 512 bytes, while
/// R / k keeps 128 partitions and the tile a quarter of SBUF at most.
/// Left as it is: kernels with reductions, index or load ops in the body,
/// a running init, operands indexed by p other than as one dimension, a
/// per-row column (indexed by p but not by the free loops: it would become
/// a tile), an operand whose free dimensions are not dense, or no operand
/// whose rows continue. Returns whether it changed `k`.
bool widenRows(Emitter &e, Kernel &k) {
  int64_t dp = k.tiling.partition;
  size_t n = k.ranges.size();
  if (dp < 0 || k.fill || k.runningInit || !k.captured.empty() || !k.body ||
      !k.body->getOps<linalg::IndexOp>().empty() ||
      llvm::any_of(k.iterators, [](utils::IteratorType t) {
        return t != utils::IteratorType::parallel;
      }))
    return false;
  auto count = [&](size_t d) {
    return std::min(std::max<int64_t>(1, k.tiling.tiles[d]), k.ranges[d]);
  };
  int64_t R = k.ranges[dp], P = count(dp), f = 1;
  if (P < e.target.pe_columns())
    return false;
  for (size_t d = 0; d < n; ++d) {
    if (static_cast<int64_t>(d) < dp && count(d) != 1)
      return false;
    if (static_cast<int64_t>(d) > dp) {
      if (count(d) != k.ranges[d])
        return false;
      f *= k.ranges[d];
    }
  }
  // Each operand: the result position of p (-1: none), and whether a free
  // loop indexes it.
  SmallVector<AffineMap> maps(k.inputMaps);
  maps.push_back(k.outputMap);
  SmallVector<HbmView *> views;
  for (HbmView &v : k.inputs)
    views.push_back(&v);
  views.push_back(&k.output);
  SmallVector<int> pos;
  int64_t minBytes = 8, continued = 0;
  for (auto [map, view] : llvm::zip(maps, views)) {
    int found = -1;
    bool free = false;
    for (auto [j, expr] : llvm::enumerate(map.getResults())) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
        if (static_cast<int64_t>(dim.getPosition()) == dp) {
          if (found >= 0)
            return false;
          found = j;
        } else if (static_cast<int64_t>(dim.getPosition()) > dp) {
          free = true;
        }
      } else if (!isa<AffineConstantExpr>(expr)) {
        return false;
      }
    }
    if (found >= 0 && !free && f > 1)
      return false;
    if (found >= 0) {
      // The dimensions the free loops index are dense (strides 1, then
      // each the product of the extents within: one run per row, else the
      // tile's loads may transpose on the tensor engine instead); rows
      // continue where the last one ends when p's stride is their extent.
      SmallVector<std::pair<int64_t, int64_t>> inner; // (stride, extent)
      for (auto [j, expr] : llvm::enumerate(map.getResults()))
        if (auto dim = dyn_cast<AffineDimExpr>(expr);
            dim && static_cast<int64_t>(dim.getPosition()) > dp)
          inner.push_back({view->strides[j], view->shape[j]});
      llvm::sort(inner);
      int64_t span = 1;
      for (auto [stride, extent] : inner) {
        if (stride != span)
          return false;
        span *= extent;
      }
      if (view->strides[found] == span) {
        ++continued;
        minBytes = std::min(minBytes, bytesOf(view->elementType));
      }
    }
    pos.push_back(found);
  }
  // Operands whose rows do not continue (a transposing copy's input) keep
  // their runs: the same descriptors in all, k rows per partition.
  if (continued == 0)
    return false;
  int64_t factor = 1;
  while (f * factor * minBytes < 512 && R % (2 * factor) == 0 &&
         R / (2 * factor) >= e.target.pe_columns())
    factor *= 2;
  int64_t slots = static_cast<int64_t>(k.inputs.size()) + 2 +
                  static_cast<int64_t>(k.body->getOperations().size());
  while (factor > 1 && f * factor * 4 * slots > e.sbufBytes / 4)
    factor /= 2;
  if (factor == 1)
    return false;
  for (auto [view, j] : llvm::zip(views, pos))
    if (j >= 0 && view->shape[j] % factor != 0)
      return false;
  // Loops after p move one up; p's result becomes (p_hi, p_lo).
  MLIRContext *ctx = k.outputMap.getContext();
  auto rewrite = [&](AffineMap map, int j) {
    SmallVector<AffineExpr> results;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
        int64_t d = dim.getPosition();
        results.push_back(getAffineDimExpr(d > dp ? d + 1 : d, ctx));
        if (static_cast<int>(i) == j)
          results.push_back(getAffineDimExpr(dp + 1, ctx));
      } else {
        results.push_back(expr);
      }
    }
    return AffineMap::get(n + 1, 0, results, ctx);
  };
  for (auto [i, view] : llvm::enumerate(views)) {
    int j = pos[i];
    maps[i] = rewrite(maps[i], j);
    if (j < 0)
      continue;
    int64_t st = view->strides[j];
    view->shape[j] /= factor;
    view->strides[j] = st * factor;
    view->shape.insert(view->shape.begin() + j + 1, factor);
    view->strides.insert(view->strides.begin() + j + 1, st);
  }
  for (size_t i = 0; i < k.inputMaps.size(); ++i)
    k.inputMaps[i] = maps[i];
  k.outputMap = maps.back();
  k.ranges[dp] = R / factor;
  k.ranges.insert(k.ranges.begin() + dp + 1, factor);
  k.iterators.insert(k.iterators.begin() + dp + 1,
                     utils::IteratorType::parallel);
  k.tiling.tiles.insert(k.tiling.tiles.begin() + dp + 1, factor);
  return true;
}

/// Emits `k` with several rows per partition where widenRows applies, else
/// (or when that form does not lower: an operand pattern with more free
/// dimensions than an access pattern holds, a tile that needs more SBUF)
/// as it is.
LogicalResult emitKernelWidened(Emitter &e, const Kernel &k) {
  Kernel wide = k;
  if (widenRows(e, wide)) {
    Block *block = e.b.getInsertionBlock();
    Operation *last = block->empty() ? nullptr : &block->back();
    EmitterState saved = e;
    {
      ScopedDiagnosticHandler quiet(e.ctx, [](Diagnostic &d) {
        return success(d.getSeverity() == DiagnosticSeverity::Error);
      });
      if (succeeded(emitKernel(e, wide)))
        return success();
    }
    while (!block->empty() && &block->back() != last)
      block->back().erase();
    static_cast<EmitterState &>(e) = saved;
  }
  return emitKernel(e, k);
}

/// Walks every tile of `k`.
LogicalResult emitKernel(Emitter &e, const Kernel &k) {
  e.forgetColumns();
  size_t n = k.ranges.size();
  int64_t tiles = 1;
  for (size_t d = 0; d < n; ++d) {
    int64_t step = std::max<int64_t>(1, k.tiling.tiles[d]);
    tiles *= (k.ranges[d] + step - 1) / step;
    if (tiles > kMaxTilesPerOp) {
      emitError(k.loc)
          << "ncore: this op would take more than " << kMaxTilesPerOp
          << " tiles on the vector engine (a convolution or windowed "
             "reduction this large needs the tensor-engine kernel, not "
             "implemented yet)";
      return failure();
    }
  }
  e.tilesEmitted += tiles;
  if (e.tilesEmitted > kMaxTilesPerProgram) {
    emitError(k.loc)
        << "ncore: the program would take more than " << kMaxTilesPerProgram
        << " vector-engine tiles, this op included (its convolutions or "
           "windowed reductions need the tensor-engine kernel, not "
           "implemented yet)";
    return failure();
  }
  return forEachTile(k,
                     [&](ArrayRef<int64_t> origin, ArrayRef<int64_t> counts) {
                       return emitTile(e, k, origin, counts);
                     });
}

// ---- matmul ----

/// A contraction C[b, m, n] += A[b, m, k] * B[b, k, n] over HBM views, with
/// the element strides of each operand along each loop (0 when the operand
/// does not use the loop).
struct Contraction {
  HbmView a, b, c;
  int64_t batch = 1, M = 1, N = 1, K = 1;
  int64_t sAm = 0, sAk = 0, sBk = 0, sBn = 0, sCm = 0, sCn = 0;
  /// Batch loops (any number): sizes and each operand's stride.
  SmallVector<int64_t> batchSizes, sAb, sBb, sCb;
  /// The index along each batch loop of batch index `bi` (row-major).
  SmallVector<int64_t> batchIndices(int64_t bi) const {
    SmallVector<int64_t> index(batchSizes.size());
    for (int64_t j = static_cast<int64_t>(batchSizes.size()) - 1; j >= 0; --j) {
      index[j] = bi % batchSizes[j];
      bi /= batchSizes[j];
    }
    return index;
  }
  /// Element offsets of batch index `bi` (row-major over the batch loops).
  std::array<int64_t, 3> batchOffsets(int64_t bi) const {
    std::array<int64_t, 3> off = {0, 0, 0};
    for (int64_t j = static_cast<int64_t>(batchSizes.size()) - 1; j >= 0; --j) {
      int64_t idx = bi % batchSizes[j];
      bi /= batchSizes[j];
      off[0] += idx * sAb[j];
      off[1] += idx * sBb[j];
      off[2] += idx * sCb[j];
    }
    return off;
  }
};

/// Whether `ct`'s types have a tensor-engine form (DESIGN section 4,
/// `matmul`): an f32 result of operands both f32 or both 16- or 8-bit
/// floats.
bool hasTensorEngineTypes(const Contraction &ct) {
  auto narrow = [](Type t) {
    return t.isBF16() || t.isF16() ||
           (isa<FloatType>(t) && t.getIntOrFloatBitWidth() == 8);
  };
  Type ta = ct.a.elementType, tb = ct.b.elementType;
  return ct.c.elementType.isF32() &&
         ((ta.isF32() && tb.isF32()) || (narrow(ta) && narrow(tb)));
}

/// Whether `op` runs on the tensor engine: a contraction with at most one
/// m, n and k loop (and any batch loops), which `systole-tile` put
/// K-on-partitions.
bool isTensorEngineContraction(linalg::LinalgOp op) {
  FailureOr<systole::TilingDecision> tiling = systole::getTiling(op);
  if (failed(tiling) || tiling->partition < 0 ||
      llvm::any_of(op->getOperands(),
                   [](Value v) {
                     return !isa<FloatType>(getElementTypeOrSelf(v.getType()));
                   }) ||
      !systole::isContraction(op) || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 ||
      op.getIteratorTypesArray()[tiling->partition] !=
          utils::IteratorType::reduction)
    return false;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  return succeeded(dims) && dims->m.size() <= 1 && dims->n.size() <= 1 &&
         dims->k.size() == 1;
}

/// Recognizes `op` as a contraction with at most one m, n and k loop
/// (linalg.matmul, batch_matmul, transposed forms, contraction generics).
FailureOr<Contraction> matchContraction(linalg::LinalgOp op,
                                        ArrayRef<HbmView> views) {
  if (!systole::isContraction(op) || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return failure();
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() > 1 || dims->n.size() > 1 ||
      dims->k.size() != 1)
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<int64_t> origin(ranges.size(), 0);
  SmallVector<int64_t> sa, sb, sc;
  int64_t off;
  if (failed(operandLayout(views[0], maps[0], origin, sa, off)) ||
      failed(operandLayout(views[1], maps[1], origin, sb, off)) ||
      failed(operandLayout(views[2], maps[2], origin, sc, off)))
    return failure();
  Contraction c{views[0], views[1], views[2]};
  auto size = [&](ArrayRef<unsigned> d) {
    return d.empty() ? int64_t(1) : ranges[d[0]];
  };
  auto stride = [](ArrayRef<int64_t> st, ArrayRef<unsigned> d) {
    return d.empty() ? int64_t(0) : st[d[0]];
  };
  for (unsigned l : dims->batch) {
    c.batchSizes.push_back(ranges[l]);
    c.sAb.push_back(sa[l]);
    c.sBb.push_back(sb[l]);
    c.sCb.push_back(sc[l]);
    c.batch *= ranges[l];
  }
  c.M = size(dims->m);
  c.N = size(dims->n);
  c.K = size(dims->k);
  c.sAm = stride(sa, dims->m);
  c.sAk = stride(sa, dims->k);
  c.sBk = stride(sb, dims->k);
  c.sBn = stride(sb, dims->n);
  c.sCm = stride(sc, dims->m);
  c.sCn = stride(sc, dims->n);
  // Offsets of the views' origins are in the views themselves.
  return c;
}

/// The elementwise op that reads a contraction's or convolution's result C,
/// applied to each PSUM tile of C ([M tile partitions x the producer's free
/// tile]) as it leaves PSUM (DESIGN section 4: results are evacuated with the
/// following elementwise work, bias, activation, scale): C never goes to HBM,
/// and the op is not run again. `kernel` is the op as a vector-engine kernel;
/// its input `cInput` is C.
struct Epilogue {
  Kernel kernel;
  unsigned cInput = 0;
  /// The op's loops along the producer's M (partitions) and its free loops,
  /// outermost first (the PSUM tile's free layout is row-major over them).
  unsigned mLoop = 0;
  SmallVector<unsigned> nLoops;
  /// The op's loops along the producer's batch loops (one index per tile).
  SmallVector<unsigned> batchLoops;
  /// SBUF bytes per partition its tiles take: their ring, then the row
  /// cache, the column cache (`columnBytes`) and the derived-column cache
  /// (64 bytes per derived slot).
  int64_t arenaBytes = 0;
  /// The column cache: `columnSlots` 64-byte slots per input for its
  /// [P x 1] column (a per-channel bias or scale), loaded by the first
  /// tile that reads it and kept while later tiles read the same HBM
  /// column. One slot per M block (2 to kMaxColumnSlots): the tiles of an N
  /// panel cycle through the M blocks, so each column is loaded once per
  /// kernel, not once per tile; a new column replaces the least recently
  /// read one, so loading it need not wait for tiles still reading another.
  int64_t columnBytes = 0, columnSlots = 2;
  /// The row cache, just before the column cache: kRowCacheSlots slots of
  /// one [P x N tile] row per input (a per-column bias or scale, the same
  /// for every partition), so that each of an N panel's column blocks is
  /// loaded once, not once per M block.
  int64_t rowCacheBytes = 0, rowSlotBytes = 0;
  SmallVector<int> rowOrdinal; ///< per input: its row cache place, or -1
  /// The derived-column cache, just after the column cache: 64-byte slots
  /// for the [P x 1] values the body computes from columns alone (a batch
  /// norm's rsqrt(var + eps) * gamma), computed by the first tile of an M
  /// block and read by the next ones, instead of a chain of small
  /// instructions on two engines before every tile; also the auxiliary
  /// bias columns of onActivationEngine. At least two slots per body op
  /// (no slot is reused within a tile), two per op and M block when that is
  /// at most 128.
  int64_t derivedSlots = 0;
  /// The most SBUF bytes per partition one tile's slots may take (the ring
  /// holds two or four).
  int64_t tileBytes = 0;
  /// Whether the ring holds more than two tiles; makes it hold two.
  bool canShrinkRing() const { return ringBytes() > 2 * tileBytes; }
  void shrinkRing() { arenaBytes -= ringBytes() - 2 * tileBytes; }
  int64_t ringBytes() const {
    return arenaBytes - columnBytes - rowCacheBytes - 64 * derivedSlots;
  }
  /// Distinguishes epilogues, so that a cache never outlives its producer.
  int64_t id = -1;
  /// The output is contiguous along the producer's M, not its innermost
  /// free loop (a channel-last convolution's): each tile's result stays in
  /// SBUF (emitEpilogueTile's `result`) for its producer to store as rows,
  /// transposed on the tensor engine.
  bool transposedStore = false;
};

/// SBUF bytes per partition (64-byte aligned slots) that one tile of the
/// epilogue `generic` (C its input `cInput`, in PSUM; the producer's free
/// tile along the op's loops `nLoops`, at most matmul_max_n elements) may
/// take: a tile slot of its element type per input and body value (4
/// bytes for integers, which live in i32 tiles), 64 bytes for a [P x 1]
/// column (per-channel values: inputs that the free loops do not index,
/// and what the body computes from them and constants alone), the
/// temporaries of body ops that expand to several instructions, a tile for
/// a column or constant left operand that a non-commuting op materializes,
/// and two spare f32 tiles (conversions of the result).
int64_t epilogueTileBytes(Emitter &e, linalg::GenericOp generic,
                          unsigned cInput, ArrayRef<unsigned> nLoops) {
  int64_t n = e.target.matmul_max_n();
  int64_t f32Tile = alignTo64(n * 4);
  auto tileOf = [&](Type t) {
    return alignTo64(n * (isa<FloatType>(t) ? bytesOf(t) : 4));
  };
  Block &body = *generic.getBody();
  llvm::DenseSet<Value> columns;
  auto columnLike = [&](Value v) {
    return columns.contains(v) || matchPattern(v, m_Constant());
  };
  int64_t bytes = 2 * f32Tile;
  for (auto [i, map] : llvm::enumerate(generic.getIndexingMapsArray())) {
    if (i >= generic.getNumDpsInputs())
      break;
    if (i == cInput)
      continue;
    BlockArgument arg = body.getArgument(i);
    if (llvm::none_of(nLoops,
                      [&](unsigned l) { return map.isFunctionOfDim(l); })) {
      columns.insert(arg);
      bytes += 64;
    } else {
      bytes += tileOf(arg.getType());
    }
  }
  for (Operation &op : body.without_terminator()) {
    bytes += systole::extraTemporaries(op) * f32Tile;
    if (op.getNumResults() != 1)
      continue;
    bool column = llvm::all_of(op.getOperands(), columnLike);
    if (column) {
      columns.insert(op.getResult(0));
      bytes += 64;
      continue;
    }
    bytes += tileOf(op.getResult(0).getType());
    if (op.getNumOperands() >= 2 && !op.hasTrait<OpTrait::IsCommutative>() &&
        columnLike(op.getOperand(0)))
      bytes += f32Tile;
  }
  return bytes;
}

/// Emits the epilogue for the tile of C at m0 (mt partitions), along the
/// producer's free loops at `n0` of `nt` each (row-major in PSUM at
/// `psumOffset`), and at `batchIndex` along its batch loops, with its slots
/// in SBUF [arenaBase, + arenaBytes). With `tileResult`, the result tile is
/// left in SBUF there ([mt x prod(nt)], row-major) instead of stored.
LogicalResult emitEpilogueTile(Emitter &e, const Epilogue &epi, int64_t m0,
                               int64_t mt, ArrayRef<int64_t> n0,
                               ArrayRef<int64_t> nt, int64_t psumOffset,
                               int64_t arenaBase,
                               ArrayRef<int64_t> batchIndex = {},
                               Operand *tileResult = nullptr) {
  Kernel k = epi.kernel;
  if (tileResult) {
    k.store = false;
    k.tileResult = tileResult;
  }
  Operand acc;
  acc.kind = Operand::Tile;
  acc.memory = Memory::psum;
  acc.offset = psumOffset;
  acc.type = Float32Type::get(e.ctx);
  k.preloaded[epi.cInput] = acc;
  k.tiling.partition = epi.mLoop;
  SmallVector<int64_t> origin(k.ranges.size(), 0), counts(k.ranges.size(), 1);
  origin[epi.mLoop] = m0;
  counts[epi.mLoop] = mt;
  assert(n0.size() == epi.nLoops.size() && nt.size() == n0.size() &&
         batchIndex.size() == epi.batchLoops.size() &&
         "one origin and count per free loop, one index per batch loop");
  for (auto [j, loop] : llvm::enumerate(epi.batchLoops))
    origin[loop] = batchIndex[j];
  for (auto [j, loop] : llvm::enumerate(epi.nLoops)) {
    origin[loop] = n0[j];
    counts[loop] = nt[j];
  }
  int64_t savedBase = e.arenaBase, savedBytes = e.arenaBytes;
  e.arenaBase = arenaBase;
  e.arenaBytes = epi.ringBytes();
  if (e.columnCacheOwner != epi.id) {
    e.columnCacheOwner = epi.id;
    e.derivedSlots = epi.derivedSlots;
    e.nextDerivedSlot = 0;
    e.derivedKeys.assign(epi.derivedSlots, Attribute());
    e.derivedValues.assign(epi.derivedSlots, Operand());
    e.derivedTileOf.assign(epi.derivedSlots, -1);
    e.columnSlots = epi.columnSlots;
    e.cachedColumns.assign(epi.columnSlots * k.inputs.size(), Attribute());
    e.columnLastUse.assign(epi.columnSlots * k.inputs.size(), 0);
    e.cachedRows.assign(kRowCacheSlots * k.inputs.size(), Attribute());
    e.nextRowSlot.assign(k.inputs.size(), 0);
    e.rowOrdinal.assign(epi.rowOrdinal.begin(), epi.rowOrdinal.end());
  }
  e.rowCacheBase = epi.rowCacheBytes ? arenaBase + e.arenaBytes : -1;
  e.rowSlotBytes = epi.rowSlotBytes;
  e.columnCacheBase = arenaBase + e.arenaBytes + epi.rowCacheBytes;
  e.derivedBase = epi.derivedSlots ? e.columnCacheBase + epi.columnBytes : -1;
  ++e.epilogueTiles;
  LogicalResult result = emitTile(e, k, origin, counts);
  e.columnCacheBase = -1;
  e.derivedBase = -1;
  e.rowCacheBase = -1;
  e.arenaBase = savedBase;
  e.arenaBytes = savedBytes;
  return result;
}

/// The most SBUF slots a contraction's A blocks rotate through (CLIP:
/// 3989 -> 3683 us with four instead of two; eight cost the 4096^3 GEMM 5
/// points of PE utilisation).
constexpr int64_t kMaxASlots = 4;
/// The most SBUF row slots a contraction's B rows rotate through when B is
/// k-contiguous (`x @ W.T`) and transposed on the tensor engine: loads of
/// the next 128 columns run ahead of the transposes of the last.
constexpr int64_t kMaxBRowSlots = 4;
/// The most B panels a contraction's own layout keeps over batch indices
/// (loaded in turn, so that the next index's panel loads while this one's
/// matmuls run).
constexpr int64_t kMaxPanelSlots = 4;

/// Transposes `src` ([p x f] in SBUF, elements of `t`) on the tensor engine
/// into the next PSUM transpose slot, and copies it to `dst` ([f x p]).
void transposeInto(Emitter &e, Location loc, AccessPatternAttr src, int64_t p,
                   int64_t f, Type t, AccessPatternAttr dst) {
  int64_t tOff = e.transposeSlot(bytesOf(t));
  auto tdst = e.sbuf(tOff, f, t, {p}, Memory::psum);
  e.b.create<TransposeOp>(loc, src, tdst, Engine::tensor, nullptr, nullptr,
                          nullptr, nullptr, nullptr);
  e.copyBalanced(loc, tdst, dst);
}

/// Loads `K` rows (HBM element stride `sK`) of `cols` elements (stride
/// `sCol`) of type `t` from HBM byte `base` as blocks of up to the PE rows
/// on the partitions, one DMA per block: block kb at SBUF `dstOff` +
/// kb * `blockStride` elements. The blocks a matmul reads with K on the
/// partitions, when its operand is not contiguous along K.
void loadKBlocks(Emitter &e, Location loc, int64_t base, int64_t K, int64_t sK,
                 Type t, int64_t cols, int64_t sCol, int64_t dstOff,
                 int64_t blockStride) {
  int64_t eb = bytesOf(t), maxK = e.target.pe_rows();
  for (int64_t k0 = 0; k0 < K; k0 += maxK) {
    int64_t kt = std::min(maxK, K - k0);
    e.dma(loc, e.hbm(base + k0 * sK * eb, kt, sK, t, {cols}, {sCol}),
          e.sbuf(dstOff + k0 / maxK * blockStride * eb, kt, t, {cols}));
  }
}

/// Transposes `mt` rows of `K` elements of type `t` at SBUF `rowOff` on the
/// tensor engine into blocks of up to the PE rows on the partitions at SBUF
/// `dstOff`, block kb `blockStride` elements further (the A^T blocks a
/// matmul's stationary operand reads; a B panel's column blocks).
void transposeRowsInto(Emitter &e, Location loc, int64_t rowOff, int64_t mt,
                       int64_t K, Type t, int64_t dstOff, int64_t blockStride) {
  int64_t eb = bytesOf(t), maxK = e.target.pe_rows();
  for (int64_t k0 = 0; k0 < K; k0 += maxK) {
    int64_t kt = std::min(maxK, K - k0);
    transposeInto(e, loc, e.sbuf(rowOff + k0 * eb, mt, t, {kt}), mt, kt, t,
                  e.sbuf(dstOff + k0 / maxK * blockStride * eb, kt, t, {mt}));
  }
}

/// Loads `ct`'s B panel, `K` rows by `cols` columns from HBM byte `bBase`,
/// as blocks of up to the PE rows on the partitions: block kb's columns go
/// to SBUF `panelOff` + kb * `stride` elements. `direct`: one DMA per block
/// (n not contiguous-k); else 128 columns at a time are loaded as rows into
/// the row slots (`bRowSlots` of `bRowSlotBytes` per partition from SBUF
/// `bRowOff`, in turn from `*rowLoads` and counting on from it, so that
/// loads run ahead of the transposes, also those of the last panel) and
/// transposed on the tensor engine.
void loadBPanel(Emitter &e, Location loc, const Contraction &ct, int64_t bBase,
                int64_t K, int64_t cols, int64_t stride, int64_t panelOff,
                bool direct, int64_t bRowOff, int64_t bRowSlots = 1,
                int64_t bRowSlotBytes = 0, int64_t *rowLoads = nullptr) {
  assert((bRowSlots == 1 || bRowSlotBytes > 0) && "row slots need a size");
  Type tb = ct.b.elementType;
  int64_t ebB = bytesOf(tb), maxM = e.target.pe_columns();
  if (direct) {
    loadKBlocks(e, loc, bBase, K, ct.sBk, tb, cols, ct.sBn, panelOff, stride);
    return;
  }
  int64_t first = rowLoads ? *rowLoads : 0;
  for (int64_t n0 = 0; n0 < cols; n0 += maxM) {
    int64_t nr = std::min(maxM, cols - n0);
    int64_t rowOff = bRowOff + (first + n0 / maxM) % bRowSlots * bRowSlotBytes;
    if (rowLoads)
      ++*rowLoads;
    e.dma(loc, e.hbm(bBase + n0 * ct.sBn * ebB, nr, ct.sBn, tb, {K}, {ct.sBk}),
          e.sbuf(rowOff, nr, tb, {K}));
    transposeRowsInto(e, loc, rowOff, nr, K, tb, panelOff + n0 * ebB, stride);
  }
}

/// Loads the A^T block of `mt` rows of `ct`'s A from HBM byte `aBase`, `K`
/// deep, as blocks of up to the PE rows on the partitions at SBUF `atOff`
/// (block kb PE-columns elements further): one DMA per block when `direct`
/// (m not contiguous-k), else as rows into `rowOff` transposed on the
/// tensor engine.
void loadATBlock(Emitter &e, Location loc, const Contraction &ct, int64_t aBase,
                 int64_t K, int64_t mt, int64_t atOff, bool direct,
                 int64_t rowOff) {
  Type ta = ct.a.elementType;
  int64_t maxM = e.target.pe_columns();
  if (direct) {
    loadKBlocks(e, loc, aBase, K, ct.sAk, ta, mt, ct.sAm, atOff, maxM);
    return;
  }
  e.dma(loc, e.hbm(aBase, mt, ct.sAm, ta, {K}, {ct.sAk}),
        e.sbuf(rowOff, mt, ta, {K}));
  transposeRowsInto(e, loc, rowOff, mt, K, ta, atOff, maxM);
}

/// Emits one K chunk [k0, k0 + kLen) of a contraction. `zeroInit`: C starts
/// at zero (else the chunk adds to C as it is in HBM).
LogicalResult emitContractionChunk(Emitter &e, Location loc,
                                   const Contraction &ct, int64_t k0,
                                   int64_t kLen, bool zeroInit,
                                   const Epilogue *epi = nullptr) {
  const HbmView &a = ct.a, &bv = ct.b, &c = ct.c;
  Type ta = a.elementType, tb = bv.elementType, tc = c.elementType;
  int64_t M = ct.M, K = kLen, N = ct.N;
  int64_t ebA = bytesOf(ta), ebB = bytesOf(tb), ebC = 4;
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns(),
          maxN = e.target.matmul_max_n();
  int64_t KB = (K + maxK - 1) / maxK;
  int64_t bank = e.target.psum_bank_bytes();
  int64_t banks = e.target.psum_banks();
  int64_t S = e.sbufBytes;
  // A^T blocks come straight from HBM when A is K-major (m contiguous);
  // with k contiguous, rows are loaded and transposed on the tensor engine.
  bool aDirect = !(ct.sAk == 1 && ct.sAm != 1);
  // B blocks [k, n] likewise: n contiguous (or strided) loads directly; k
  // contiguous (B transposed, e.g. `x @ W.T`) goes through transposes.
  bool bDirect = !(ct.sBk == 1 && ct.sBn != 1);

  int64_t atBytes = alignTo64(KB * maxM * ebA);
  int64_t rowBytes = aDirect ? 0 : alignTo64(K * ebA);
  int64_t bRowBytes = bDirect ? 0 : alignTo64(K * ebB);
  int64_t outBytes = maxN * ebC;
  int64_t epiBytes = epi ? alignTo64(epi->arenaBytes) : 0;
  // A layout that holds all of B's columns in at most half of SBUF takes
  // its bytes from the ring (Emitter::allocRegion); a larger one starts at
  // byte 0 and may use all of SBUF. Over batch indices, the ring's layout
  // keeps up to kMaxPanelSlots B panels, loaded in turn, so that the next
  // index's panel loads while this one's matmuls run.
  int64_t nAll = (N + maxN - 1) / maxN * maxN;
  int64_t base = 0, panelSlots = 1;
  if (e.arenaBytes == 0 && e.groupStartCounter < 0) {
    int64_t panelAll = alignTo64(KB * nAll * ebB);
    int64_t rest = kMaxASlots * (atBytes + rowBytes) +
                   kMaxBRowSlots * bRowBytes + 4 * outBytes + epiBytes;
    for (int64_t slots = std::min(kMaxPanelSlots, ct.batch); slots >= 1;
         slots /= 2) {
      if (slots * panelAll + rest > S / 2)
        continue;
      panelSlots = slots;
      base = e.allocRegion(slots * panelAll + rest);
      S = panelAll + rest;
      break;
    }
  }
  // B's row slots (when B is transposed) rotate likewise, kMaxBRowSlots of
  // them where the panel keeps as many columns as with one (the A slots
  // come first).
  int64_t bRowSlots = 1;
  auto panelCols = [&](int64_t slots) {
    int64_t fixed = slots * (atBytes + rowBytes) + bRowSlots * bRowBytes +
                    4 * outBytes + epiBytes;
    int64_t cols = (S - fixed) / std::max<int64_t>(1, KB * ebB) / maxN * maxN;
    return std::min(cols, nAll);
  };
  // A blocks rotate through kMaxASlots slots where the B panel still gets
  // at least one matmul's columns, else two (contractionChunk sizes K for
  // two): loads of later M blocks run ahead of the matmuls.
  int64_t aSlots = panelCols(kMaxASlots) >= maxN ? kMaxASlots : 2;
  int64_t groupCols = panelCols(aSlots);
  if (groupCols < maxN) {
    emitError(loc) << "ncore: internal error: K chunk of " << K
                   << " does not fit SBUF";
    return failure();
  }
  if (bRowBytes > 0) {
    bRowSlots = kMaxBRowSlots;
    if (panelCols(aSlots) < groupCols)
      bRowSlots = 1;
  }
  int64_t panelBytes = alignTo64(KB * groupCols * ebB);
  int64_t atOff[kMaxASlots], rowOff[kMaxASlots], outOff[2], initOff[2];
  for (int64_t i = 0; i < aSlots; ++i)
    atOff[i] = base + panelSlots * panelBytes + i * atBytes;
  for (int64_t i = 0; i < aSlots; ++i)
    rowOff[i] = atOff[aSlots - 1] + atBytes + i * rowBytes;
  int64_t bRowOff = rowOff[aSlots - 1] + rowBytes;
  outOff[0] = bRowOff + bRowSlots * bRowBytes;
  outOff[1] = outOff[0] + outBytes;
  initOff[0] = outOff[1] + outBytes;
  initOff[1] = initOff[0] + outBytes;
  int64_t epiOff = initOff[1] + outBytes;
  int accBanks = std::max<int64_t>(1, banks - 2);
  int mIter = 0, nIter = 0, panelLoads = 0;
  int64_t bRowLoads = 0;
  for (int64_t bi = 0; bi < ct.batch; ++bi) {
    std::array<int64_t, 3> boff = ct.batchOffsets(bi);
    // The index along each batch loop, for epilogues.
    SmallVector<int64_t> batchIndex = ct.batchIndices(bi);
    for (int64_t g0 = 0; g0 < N; g0 += groupCols) {
      int64_t gc = std::min(groupCols, N - g0);
      // B panel: KB blocks of [kt, gc].
      int64_t bBase =
          bv.base + (bv.offset + boff[1] + k0 * ct.sBk + g0 * ct.sBn) * ebB;
      int64_t panelOff = base + panelLoads++ % panelSlots * panelBytes;
      loadBPanel(e, loc, ct, bBase, K, gc, groupCols, panelOff, bDirect,
                 bRowOff, bRowSlots, bRowBytes, &bRowLoads);
      for (int64_t m0 = 0; m0 < M; m0 += maxM, ++mIter) {
        int64_t mt = std::min(maxM, M - m0);
        int slot = mIter % aSlots;
        int64_t aBase =
            a.base + (a.offset + boff[0] + m0 * ct.sAm + k0 * ct.sAk) * ebA;
        loadATBlock(e, loc, ct, aBase, K, mt, atOff[slot], aDirect,
                    rowOff[slot]);
        for (int64_t n0 = g0; n0 < g0 + gc; n0 += maxN, ++nIter) {
          int64_t nt = std::min(maxN, g0 + gc - n0);
          int64_t psumOff = (nIter % accBanks) * bank;
          auto acc = e.sbuf(psumOff, mt, e.b.getF32Type(), {nt}, Memory::psum);
          for (int64_t kb = 0; kb < KB; ++kb) {
            int64_t kt = std::min(maxK, K - kb * maxK);
            e.b.create<MatmulOp>(
                loc, e.sbuf(atOff[slot] + kb * maxM * ebA, kt, ta, {mt}),
                AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, kt,
                                       panelOff +
                                           (kb * groupCols + (n0 - g0)) * ebB,
                                       tb, {nt}, {1}, 0),
                acc, kb > 0, Engine::tensor, nullptr, nullptr, nullptr, nullptr,
                nullptr);
          }
          if (epi) {
            if (failed(emitEpilogueTile(e, *epi, m0, mt, {n0}, {nt}, psumOff,
                                        epiOff, batchIndex)))
              return failure();
            continue;
          }
          int os = nIter & 1;
          auto out = e.sbuf(outOff[os], mt, tc, {nt});
          int64_t cAddr =
              c.base + (c.offset + boff[2] + m0 * ct.sCm + n0 * ct.sCn) * ebC;
          auto cAp = e.hbm(cAddr, mt, ct.sCm, tc, {nt}, {ct.sCn});
          if (zeroInit) {
            e.copyBalanced(loc, acc, out);
          } else {
            auto init = e.sbuf(initOff[os], mt, tc, {nt});
            e.dma(loc, cAp, init);
            e.b.create<TensorTensorOp>(loc, AluOp::add, acc, init, out,
                                       Engine::vector, nullptr, nullptr,
                                       nullptr, nullptr, nullptr);
          }
          e.dma(loc, out, cAp);
        }
      }
    }
  }
  return success();
}

/// The K chunk (a multiple of the PE rows) whose A and B blocks fit SBUF
/// next to the output tiles and `epilogueBytes` per partition.
int64_t contractionChunk(Emitter &e, const Contraction &ct,
                         int64_t epilogueBytes) {
  int64_t perK =
      4 * (bytesOf(ct.a.elementType) + bytesOf(ct.b.elementType)) + 8;
  int64_t maxK = e.target.pe_rows();
  int64_t reserve = epilogueBytes ? epilogueBytes + 64 : 0;
  int64_t chunk =
      (e.sbufBytes - 4 * e.target.matmul_max_n() * 4 - 1024 - reserve) / perK /
      maxK * maxK;
  return std::max(maxK, std::min(chunk, ct.K));
}

/// A contraction on the tensor engine, in K chunks that fit SBUF (each
/// chunk after the first adds to the partial result in HBM).
LogicalResult emitContraction(Emitter &e, Location loc, const Contraction &ct,
                              bool zeroInit, const Epilogue *epi = nullptr) {
  Type ta = ct.a.elementType, tb = ct.b.elementType, tc = ct.c.elementType;
  if (!hasTensorEngineTypes(ct)) {
    emitError(loc) << "ncore: matmul of " << ta << " x " << tb << " -> " << tc
                   << " has no tensor-engine form (operands both f32 or both "
                      "16/8-bit floats, f32 result)";
    return failure();
  }
  int64_t chunk = contractionChunk(e, ct, epi ? epi->arenaBytes : 0);
  // The epilogue applies to the final sums: one chunk, starting from zero
  // (the caller checks).
  for (int64_t k0 = 0; k0 < ct.K; k0 += chunk)
    if (failed(emitContractionChunk(e, loc, ct, k0, std::min(chunk, ct.K - k0),
                                    zeroInit && k0 == 0, epi)))
      return failure();
  return success();
}

/// The B panels of a contraction in a row group (RowContraction,
/// TailContraction): `slots` SBUF slots of one batch index's panel [K x N]
/// (KB blocks of N columns) from byte `off`, each followed by a row slot
/// when B is k-contiguous (loaded as rows, transposed on the tensor
/// engine). A batch index's panel loads when it differs from the last one
/// loaded, into the next slot in turn: with more than one slot the next
/// panel's DMAs need not wait for the matmuls reading this one (an
/// attention block of short sequences has one tile per batch index).
struct BPanels {
  /// The most slots; more cost SBUF the members' ring could use.
  static constexpr int64_t kMaxSlots = 8;
  /// The slots; bytes per partition of a panel and of its row slot (0 when
  /// B loads straight from HBM); slot 0's SBUF byte offset (per partition).
  int64_t slots = 1, panelBytes = 0, rowBytes = 0, off = 0;
  /// The batch index loaded last (-1: none), and the loads so far.
  int64_t loadedBatch = -1, loads = 0;

  /// The panel and row slot sizes of `ct` with `KB` K blocks; `direct`:
  /// B's blocks load straight from HBM (no row slot).
  static BPanels sized(const Contraction &ct, int64_t KB, bool direct) {
    BPanels p;
    int64_t eb = bytesOf(ct.b.elementType);
    p.panelBytes = alignTo64(KB * ct.N * eb);
    p.rowBytes = direct ? 0 : alignTo64(ct.K * eb);
    return p;
  }
  /// The most slots in `budget` bytes per partition (0 when not even one
  /// fits), at most kMaxSlots and one per batch index of `ct`.
  int64_t slotsWithin(int64_t budget, const Contraction &ct) const {
    int64_t each = panelBytes + rowBytes;
    return std::clamp<int64_t>(budget / std::max<int64_t>(1, each), 0,
                               std::min(kMaxSlots, ct.batch));
  }
  /// Sets `slots` to the most that fit in `budget` bytes per partition next
  /// to `aSlots` A slots of `perASlot` bytes and `fixed` bytes, and returns
  /// `aSlots`: kMaxASlots where one panel fits next to them, else two, else
  /// 0 (nothing fits).
  int64_t fitWithASlots(const Contraction &ct, int64_t budget, int64_t perASlot,
                        int64_t fixed) {
    for (int64_t aSlots = kMaxASlots; aSlots >= 2; aSlots /= 2) {
      slots = slotsWithin(budget - aSlots * perASlot - fixed, ct);
      if (slots > 0)
        return aSlots;
    }
    return 0;
  }
  int64_t bytes() const { return slots * (panelBytes + rowBytes); }

  /// The SBUF byte offset of batch index `bi`'s panel, loading it first
  /// when it is not the one loaded last.
  int64_t load(Emitter &e, Location loc, const Contraction &ct, int64_t bi,
               bool direct) {
    int64_t slotOff =
        off + (loads + slots - 1) % slots * (panelBytes + rowBytes);
    if (bi == loadedBatch)
      return slotOff;
    loadedBatch = bi;
    slotOff = off + loads % slots * (panelBytes + rowBytes);
    ++loads;
    int64_t eb = bytesOf(ct.b.elementType);
    std::array<int64_t, 3> boff = ct.batchOffsets(bi);
    loadBPanel(e, loc, ct, ct.b.base + (ct.b.offset + boff[1]) * eb, ct.K, ct.N,
               ct.N, slotOff, direct, slotOff + panelBytes);
    return slotOff;
  }
};

/// A contraction whose result rows a row group reads straight from PSUM
/// (RowGroup::rows): for each tile of the group's rows, the tensor engine
/// computes C's [mt x N] block (one batch index; all of K, all of N) into
/// PSUM right before the members run, and C never goes to HBM: an
/// attention block's scores are masked, and their softmax taken, as the
/// QK^T matmul leaves them. The operand blocks live at the top of SBUF,
/// [base, base + bytes), which the members' ring leaves alone meanwhile:
/// B panels [K x N] (`panels`: one per batch index, loaded when it changes,
/// into the next of up to eight slots, so that the next batch index's panel
/// loads while this one's matmuls run) with a row slot each when B is
/// k-contiguous and transposed on the tensor engine, and `aSlots` (four, or two
/// where SBUF is short) A^T slots, used in turn (with their row slots when A is
/// loaded k-contiguous and transposed likewise): the next tiles' A loads need
/// not wait for this tile's transposes. A block's rows take `blockBanks` PSUM
/// banks; blocks alternate between two such sets below the transposes' two
/// banks.
struct RowContraction {
  Contraction ct;
  bool aDirect = true, bDirect = true;
  int64_t KB = 1, base = 0, bytes = 0, atBytes = 0, rowBytes = 0;
  BPanels panels;
  int64_t aSlots = 2;
  int64_t atOff[kMaxASlots] = {}, rowOff[kMaxASlots] = {};
  int64_t blockBanks = 1;
  /// The blocks emitted so far.
  int64_t blocks = 0;
};

/// The RowContraction layout of `ct` in at most a quarter of SBUF: four A^T
/// slots (two where one B panel does not fit next to four) and as many B
/// panels as fit (BPanels::fitWithASlots). Failure when its types have no
/// tensor-engine form, one panel and two A^T slots take more than a quarter
/// of SBUF, or two blocks' rows more than the PSUM banks the transposes
/// leave.
FailureOr<RowContraction> layoutRowContraction(Emitter &e,
                                               const Contraction &ct) {
  Type ta = ct.a.elementType;
  if (!hasTensorEngineTypes(ct))
    return failure();
  RowContraction rc{ct};
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns();
  int64_t ebA = bytesOf(ta);
  rc.aDirect = !(ct.sAk == 1 && ct.sAm != 1);
  rc.bDirect = !(ct.sBk == 1 && ct.sBn != 1);
  rc.KB = (ct.K + maxK - 1) / maxK;
  rc.atBytes = alignTo64(rc.KB * maxM * ebA);
  rc.rowBytes = rc.aDirect ? 0 : alignTo64(ct.K * ebA);
  rc.panels = BPanels::sized(ct, rc.KB, rc.bDirect);
  rc.aSlots =
      rc.panels.fitWithASlots(ct, e.sbufBytes / 4, rc.atBytes + rc.rowBytes, 0);
  if (rc.aSlots == 0)
    return failure();
  rc.bytes = rc.panels.bytes() + rc.aSlots * (rc.atBytes + rc.rowBytes);
  rc.base = e.sbufBytes - rc.bytes;
  rc.panels.off = rc.base;
  for (int i = 0; i < rc.aSlots; ++i)
    rc.atOff[i] = rc.base + rc.panels.bytes() + i * rc.atBytes;
  for (int i = 0; i < rc.aSlots; ++i)
    rc.rowOff[i] = rc.atOff[rc.aSlots - 1] + rc.atBytes + i * rc.rowBytes;
  int64_t bank = e.target.psum_bank_bytes();
  rc.blockBanks = (ct.N * 4 + bank - 1) / bank;
  // Each matmul_max_n block of a row starts in a bank of its own.
  if (2 * rc.blockBanks > e.target.psum_banks() - 2 ||
      bank % (e.target.matmul_max_n() * 4) != 0)
    return failure();
  return rc;
}

/// Emits C's rows [m0, m0 + mt) at batch index `bi` of `rc` into PSUM
/// ([mt partitions x N] f32, row-major from the returned byte offset):
/// the B panel when `bi` changes, the A^T block, and KB matmuls per
/// matmul_max_n columns.
int64_t emitRowContractionBlock(Emitter &e, Location loc, RowContraction &rc,
                                int64_t bi, int64_t m0, int64_t mt) {
  const Contraction &ct = rc.ct;
  const HbmView &a = ct.a, &bv = ct.b;
  Type ta = a.elementType, tb = bv.elementType;
  int64_t ebA = bytesOf(ta), ebB = bytesOf(tb);
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns(),
          maxN = e.target.matmul_max_n();
  int64_t K = ct.K, N = ct.N;
  std::array<int64_t, 3> boff = ct.batchOffsets(bi);
  int64_t panelOff = rc.panels.load(e, loc, ct, bi, rc.bDirect);
  int slot = rc.blocks % rc.aSlots;
  loadATBlock(e, loc, ct, a.base + (a.offset + boff[0] + m0 * ct.sAm) * ebA, K,
              mt, rc.atOff[slot], rc.aDirect, rc.rowOff[slot]);
  int64_t psumOff =
      (rc.blocks % 2) * rc.blockBanks * e.target.psum_bank_bytes();
  for (int64_t n0 = 0; n0 < N; n0 += maxN) {
    int64_t nt = std::min(maxN, N - n0);
    auto acc =
        e.sbuf(psumOff + n0 * 4, mt, e.b.getF32Type(), {nt}, Memory::psum);
    for (int64_t kb = 0; kb < rc.KB; ++kb) {
      int64_t kt = std::min(maxK, K - kb * maxK);
      e.b.create<MatmulOp>(
          loc, e.sbuf(rc.atOff[slot] + kb * maxM * ebA, kt, ta, {mt}),
          AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, kt,
                                 panelOff + (kb * N + n0) * ebB, tb, {nt}, {1},
                                 0),
          acc, kb > 0, Engine::tensor, nullptr, nullptr, nullptr, nullptr,
          nullptr);
    }
  }
  ++rc.blocks;
  return psumOff;
}

/// A contraction that ends a row group (RowGroup::tail): its A is a
/// member's result, whose tile holds A's rows [m0, m0 + mt) and all of K at
/// one batch index. For each tile the tensor engine transposes those rows
/// into A^T blocks and multiplies them with the batch index's B panel into
/// PSUM, and C's [mt x N] rows go to HBM: A never does (an attention
/// block's probabilities go from the softmax to the PV matmul on chip).
/// The operand blocks live at the top of SBUF, [base, base + bytes), below
/// a leading contraction's (RowContraction): B panels as a leading
/// contraction has them (BPanels), `aSlots` A^T slots, and as many
/// [mt x N] f32 slots for C's rows (used in turn, four where SBUF allows) on
/// their way to HBM or, when the op after the contraction is its evacuation
/// epilogue (Epilogue), the epilogue's arena: C then never reaches HBM either
/// (the PV result's bf16 convert and head transpose). C's rows take one PSUM
/// bank per tile, alternating between `psumBanks` banks after a leading
/// contraction's.
struct TailContraction {
  Contraction ct;
  /// The contraction, and its epilogue when it has one in the group.
  Operation *op = nullptr;
  std::optional<Epilogue> epilogue;
  Operation *epilogueOp = nullptr;
  /// The member whose result is A, and for each of `ct`'s batch loops the
  /// group loop along it (-1 for a loop of one iteration).
  unsigned member = 0;
  SmallVector<int64_t> batchLoops;
  /// Whether B's blocks load straight from HBM (else as rows, transposed).
  bool bDirect = true;
  /// K blocks of the PE rows; the region's first byte and size; B's
  /// panels; SBUF byte offsets (per partition) of the A^T slots and the f32
  /// slots for C's rows (the epilogue's arena from outOff[0] when
  /// there is one); C's first PSUM byte and its banks.
  int64_t KB = 1, base = 0, bytes = 0;
  BPanels panels;
  int64_t aSlots = 2;
  int64_t atOff[kMaxASlots] = {}, outOff[kMaxASlots] = {};
  int64_t psumOff = 0, psumBanks = 1;
  /// The blocks emitted so far.
  int64_t blocks = 0;
};

/// The TailContraction layout of `ct` below SBUF byte `top` (per
/// partition) and after PSUM bank `firstBank`, or failure when its types
/// have no tensor-engine form, C's rows take more than one PSUM bank or
/// more than a matmul's N, no bank is left before the transposes' two, or
/// one B panel, two A^T slots and C's slots (or the epilogue's arena) take
/// more than a quarter of SBUF or `top`. Slots are chosen as for a
/// RowContraction (BPanels::fitWithASlots).
FailureOr<TailContraction>
layoutTailContraction(Emitter &e, const Contraction &ct, int64_t top,
                      int64_t firstBank,
                      std::optional<Epilogue> epilogue = std::nullopt) {
  Type ta = ct.a.elementType;
  if (!hasTensorEngineTypes(ct))
    return failure();
  int64_t bank = e.target.psum_bank_bytes();
  int64_t freeBanks = e.target.psum_banks() - 2 - firstBank;
  if (ct.N > e.target.matmul_max_n() || ct.N * 4 > bank || freeBanks < 1)
    return failure();
  TailContraction tcn{ct};
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns();
  int64_t ebA = bytesOf(ta);
  tcn.bDirect = !(ct.sBk == 1 && ct.sBn != 1);
  tcn.KB = (ct.K + maxK - 1) / maxK;
  int64_t atBytes = alignTo64(tcn.KB * maxM * ebA);
  int64_t outBytes = alignTo64(ct.N * 4);
  int64_t epiBytes = epilogue ? alignTo64(epilogue->arenaBytes) : 0;
  tcn.panels = BPanels::sized(ct, tcn.KB, tcn.bDirect);
  // Each A^T slot has a slot for C's rows, unless the epilogue's arena
  // takes them.
  int64_t perASlot = atBytes + (epilogue ? 0 : outBytes);
  int64_t fixed = epilogue ? epiBytes : 0;
  tcn.aSlots = tcn.panels.fitWithASlots(ct, std::min(e.sbufBytes / 4, top),
                                        perASlot, fixed);
  if (tcn.aSlots == 0)
    return failure();
  tcn.bytes = tcn.panels.bytes() + tcn.aSlots * perASlot + fixed;
  tcn.base = top - tcn.bytes;
  tcn.panels.off = tcn.base;
  for (int i = 0; i < tcn.aSlots; ++i)
    tcn.atOff[i] = tcn.base + tcn.panels.bytes() + i * atBytes;
  for (int i = 0; i < tcn.aSlots; ++i)
    tcn.outOff[i] = tcn.atOff[tcn.aSlots - 1] + atBytes + i * outBytes;
  tcn.psumOff = firstBank * bank;
  tcn.psumBanks = std::min<int64_t>(2, freeBanks);
  tcn.epilogue = std::move(epilogue);
  return tcn;
}

/// Emits C's rows [m0, m0 + mt) at batch index `bi` of `tcn` from A's rows
/// `aRows` ([mt partitions x K] in SBUF, row-major from its offset): the B
/// panel when `bi` changes, KB transposes of A's column blocks, KB
/// matmuls into PSUM, and the epilogue's tile or the copy to SBUF and the
/// store.
LogicalResult emitTailContractionBlock(Emitter &e, Location loc,
                                       TailContraction &tcn, int64_t bi,
                                       int64_t m0, int64_t mt,
                                       const Operand &aRows) {
  const Contraction &ct = tcn.ct;
  Type ta = ct.a.elementType, tb = ct.b.elementType, f32 = e.b.getF32Type();
  int64_t ebA = bytesOf(ta), ebB = bytesOf(tb);
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns();
  int64_t K = ct.K, N = ct.N;
  std::array<int64_t, 3> boff = ct.batchOffsets(bi);
  int64_t panelOff = tcn.panels.load(e, loc, ct, bi, tcn.bDirect);
  int slot = tcn.blocks % tcn.aSlots;
  transposeRowsInto(e, loc, aRows.offset, mt, K, ta, tcn.atOff[slot], maxM);
  int64_t psumOff =
      tcn.psumOff + (tcn.blocks % tcn.psumBanks) * e.target.psum_bank_bytes();
  auto acc = e.sbuf(psumOff, mt, f32, {N}, Memory::psum);
  for (int64_t kb = 0; kb < tcn.KB; ++kb) {
    int64_t kt = std::min(maxK, K - kb * maxK);
    e.b.create<MatmulOp>(
        loc, e.sbuf(tcn.atOff[slot] + kb * maxM * ebA, kt, ta, {mt}),
        e.sbuf(panelOff + kb * N * ebB, kt, tb, {N}), acc, kb > 0,
        Engine::tensor, nullptr, nullptr, nullptr, nullptr, nullptr);
  }
  ++tcn.blocks;
  if (tcn.epilogue)
    return emitEpilogueTile(e, *tcn.epilogue, m0, mt, {0}, {N}, psumOff,
                            tcn.outOff[0], ct.batchIndices(bi));
  auto rows = e.sbuf(tcn.outOff[slot], mt, f32, {N});
  e.copyBalanced(loc, acc, rows);
  const HbmView &c = ct.c;
  e.dma(loc, rows,
        e.hbm(c.base + (c.offset + boff[2] + m0 * ct.sCm) * 4, mt, ct.sCm, f32,
              {N}, {ct.sCn}));
  return success();
}

// ---- the pass ----

// ---- convolution ----

/// A convolution-like generic: out[..] += in[..] * w[..] where every loop is
/// one of: K and R (reductions read by both `in` and `w`: input channels and
/// the window), M (parallel, read by `w` only: output channels), N (parallel,
/// read by `in` only: batch and output positions). Strides are per loop, in
/// elements of each view; `in`'s windowed index maps (oh * s + kh) are linear
/// in the loops, so every (R iteration, N tile) is a plain strided access
/// pattern.
///
/// Reductions that fit on the partitions together with K (the window rows
/// of a convolution with few input channels: ResNet's first layer has 3)
/// are folded into the contraction: partition p is one (input channel,
/// window row) pair, each partition loads its own input span, and a
/// [3 x 7 x 7] window takes 7 matmuls of 21 rows instead of 49 of 3.
struct Convolution {
  HbmView in, w, out;
  SmallVector<int64_t> ranges;
  SmallVector<int64_t> sIn, sW, sOut;
  int64_t k = -1, m = -1;      // the partition (K) loop; the M loop
  SmallVector<int64_t> rLoops; // the other reductions, outermost first
  SmallVector<int64_t> nLoops; // outermost first
  /// The loops whose indices run over the partitions, row-major: `k` alone,
  /// or `k` and folded reductions (their product is then at most the PE
  /// rows, so there is one K chunk).
  SmallVector<int64_t> pLoops;

  /// Elements of the contraction on the partitions (K).
  int64_t partitions() const {
    int64_t p = 1;
    for (int64_t l : pLoops)
      p *= ranges[l];
    return p;
  }
};

/// Partitions [p0, p0 + count) of a K chunk whose element offsets in `in`
/// and `w` advance by one stride each (the innermost partition loop's):
/// one DMA each.
struct PartitionRun {
  int64_t p0, count;
  int64_t in, w; // element offsets of the run's first partition
};

/// The runs of K chunk `kb` (partitions [kb * maxK, ...)) of `cv`.
SmallVector<PartitionRun> partitionRuns(const Convolution &cv, int64_t kb,
                                        int64_t maxK) {
  int64_t inner = cv.pLoops.back();
  if (cv.pLoops.size() == 1) {
    int64_t k0 = kb * maxK;
    return {{0, std::min(maxK, cv.ranges[inner] - k0), k0 * cv.sIn[inner],
             k0 * cv.sW[inner]}};
  }
  SmallVector<PartitionRun> runs;
  int64_t outer = cv.partitions() / cv.ranges[inner];
  for (int64_t g = 0; g < outer; ++g) {
    PartitionRun run{g * cv.ranges[inner], cv.ranges[inner], 0, 0};
    int64_t rest = g;
    for (int64_t j = static_cast<int64_t>(cv.pLoops.size()) - 2; j >= 0; --j) {
      int64_t l = cv.pLoops[j];
      run.in += rest % cv.ranges[l] * cv.sIn[l];
      run.w += rest % cv.ranges[l] * cv.sW[l];
      rest /= cv.ranges[l];
    }
    runs.push_back(run);
  }
  return runs;
}

/// The fewest input channels for which a convolution with channel-contiguous
/// input loads it as rows of channels (ChannelRows).
constexpr int64_t kMinChannelRows = 16;
/// The most SBUF slots (each a row of all the input channels) that
/// ChannelRows' row blocks rotate through, within kChannelRowBytes per
/// partition (at least two): the loads of the next blocks run ahead of the
/// transposes of the last (each load waits about 2 us for its DMA).
constexpr int64_t kChannelRowSlots = 16;
constexpr int64_t kChannelRowBytes = 16384;

/// An input whose channels are contiguous in HBM (NHWC) with the input
/// channels alone on the partitions: a [channels x positions] slab would
/// read one element per DMA descriptor, or each partition would load every
/// channel of its span. Such a slab is loaded as rows instead, [up to 128
/// positions x channels] at a time (one contiguous descriptor per
/// position), and transposed on the tensor engine; the slab then counts
/// positions, `stride` input elements apart (the greatest common divisor
/// of the N and R loops' input strides, at least the channel count).
struct ChannelRows {
  int64_t stride = 0;
  /// `cv` with its N and R loops' input strides in positions.
  Convolution positions;
};

/// The ChannelRows form of `cv`, if it has one: float inputs of 2 or 4
/// bytes (the tensor engine's transposes), kMinChannelRows or more input
/// channels alone on the partitions with stride 1, non-negative strides.
std::optional<ChannelRows> matchChannelRows(const Convolution &cv) {
  auto negative = [](int64_t s) { return s < 0; };
  if (cv.pLoops.size() != 1 || cv.sIn[cv.k] != 1 ||
      cv.ranges[cv.k] < kMinChannelRows || !isa<FloatType>(cv.in.elementType) ||
      bytesOf(cv.in.elementType) < 2 || llvm::any_of(cv.sIn, negative) ||
      llvm::any_of(cv.sW, negative))
    return std::nullopt;
  int64_t g = 0;
  auto positionLoops = llvm::concat<const int64_t>(cv.nLoops, cv.rLoops);
  for (int64_t l : positionLoops) {
    if (cv.ranges[l] == 1)
      continue;
    if (cv.sIn[l] < 0)
      return std::nullopt;
    g = std::gcd(g, cv.sIn[l]);
  }
  if (g < cv.ranges[cv.k])
    return std::nullopt;
  ChannelRows rows{g, cv};
  for (int64_t l : positionLoops)
    rows.positions.sIn[l] /= g;
  return rows;
}

/// Matches `op` as a Convolution over `views` (in, w, out), or fails (the
/// vector-engine kernel then handles it).
FailureOr<Convolution> matchConvolution(linalg::GenericOp op,
                                        ArrayRef<HbmView> views,
                                        const systole::TargetDesc &target) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return failure();
  // Body: yield out + ext?(a) * ext?(b), in float types.
  Block &body = *op.getBody();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  BlockArgument outArg = body.getArgument(2);
  if (!add || (add.getLhs() != outArg && add.getRhs() != outArg))
    return failure();
  auto mul = (add.getLhs() == outArg ? add.getRhs() : add.getLhs())
                 .getDefiningOp<arith::MulFOp>();
  if (!mul)
    return failure();
  auto strip = [](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      return ext.getIn();
    return v;
  };
  Value x = strip(mul.getLhs()), y = strip(mul.getRhs());
  bool swapped = false;
  if (x == body.getArgument(1) && y == body.getArgument(0))
    swapped = true;
  else if (!(x == body.getArgument(0) && y == body.getArgument(1)))
    return failure();
  if (body.getOperations().size() !=
      2 + (mul.getLhs() != x) + (mul.getRhs() != y) + 1)
    return failure();
  (void)swapped; // multiplication commutes
  Convolution cv{views[0], views[1], views[2]};
  if (!isa<FloatType>(cv.in.elementType) || !isa<FloatType>(cv.w.elementType) ||
      !isa<FloatType>(cv.out.elementType))
    return failure();
  cv.ranges = op.getStaticLoopRanges();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<int64_t> origin(cv.ranges.size(), 0);
  int64_t off;
  if (failed(operandLayout(cv.in, maps[0], origin, cv.sIn, off)) ||
      failed(operandLayout(cv.w, maps[1], origin, cv.sW, off)) ||
      failed(operandLayout(cv.out, maps[2], origin, cv.sOut, off)))
    return failure();
  SmallVector<int64_t> reductions;
  auto iters = op.getIteratorTypesArray();
  for (size_t l = 0; l < cv.ranges.size(); ++l) {
    if (cv.ranges[l] == 1)
      continue;
    bool i = cv.sIn[l] != 0, w = cv.sW[l] != 0, o = cv.sOut[l] != 0;
    if (iters[l] == utils::IteratorType::reduction) {
      if (!i || !w || o)
        return failure();
      reductions.push_back(l);
    } else if (w && !i && o) {
      if (cv.m >= 0)
        return failure(); // two output-channel loops
      cv.m = l;
    } else if (i && !w && o) {
      cv.nLoops.push_back(l);
    } else {
      return failure(); // e.g. depthwise (groups): in, w and out all vary
    }
  }
  if (reductions.empty() || cv.nLoops.empty())
    return failure();
  // K: the reduction with the largest input stride (input channels), so
  // that the window offsets left to the other reductions stay small and one
  // contiguous input span per partition covers a whole tile; among those
  // whose resident weights leave 48 KiB of SBUF per partition for inputs
  // and outputs. None: the vector engine's kernel handles the op.
  SmallVector<int64_t> byStride(reductions);
  llvm::stable_sort(
      byStride, [&](int64_t a, int64_t b) { return cv.sIn[a] > cv.sIn[b]; });
  int64_t M = cv.m >= 0 ? cv.ranges[cv.m] : 1;
  int64_t mBlocks = (M + target.pe_columns() - 1) / target.pe_columns();
  int64_t total = 1;
  for (int64_t l : reductions)
    total *= cv.ranges[l];
  auto weightsFit = [&](int64_t l) {
    int64_t kBlocks = (cv.ranges[l] + target.pe_rows() - 1) / target.pe_rows();
    int64_t weightBytes = total / cv.ranges[l] * kBlocks * mBlocks *
                          target.pe_columns() * bytesOf(cv.w.elementType);
    // Leave room for two input tiles and the output buffers.
    return weightBytes <= target.sbuf_bytes_per_partition() - 49152;
  };
  // Input channels contiguous in HBM (NHWC): K is the input channels (a
  // reduction that indexes an input dim on its own, unlike a window's
  // column), their slabs loaded as rows of channels (ChannelRows), the
  // window in R.
  for (int64_t l : reductions) {
    if (!llvm::is_contained(maps[0].getResults(),
                            getAffineDimExpr(l, op.getContext())))
      continue;
    Convolution rows = cv;
    rows.k = l;
    rows.pLoops = {l};
    llvm::copy_if(reductions, std::back_inserter(rows.rLoops),
                  [&](int64_t r) { return r != l; });
    if (weightsFit(l) && matchChannelRows(rows))
      return rows;
  }
  for (int64_t l : byStride) {
    if (!weightsFit(l))
      continue;
    cv.k = l;
    cv.pLoops = {l};
    // Fold the reductions with the largest input strides (window rows
    // before columns) while K fits on the PE rows, the largest range
    // innermost (fewest DMA runs per load).
    int64_t p = cv.ranges[l];
    bool nonNegative = llvm::all_of(cv.sIn, [](int64_t s) { return s >= 0; }) &&
                       llvm::all_of(cv.sW, [](int64_t s) { return s >= 0; });
    for (int64_t r : byStride) {
      if (r == l)
        continue;
      if (nonNegative && p * cv.ranges[r] <= target.pe_rows()) {
        cv.pLoops.push_back(r);
        p *= cv.ranges[r];
      } else {
        cv.rLoops.push_back(r);
      }
    }
    llvm::sort(cv.rLoops);
    llvm::stable_sort(cv.pLoops, [&](int64_t a, int64_t b) {
      return cv.ranges[a] < cv.ranges[b];
    });
    return cv;
  }
  return failure();
}

/// The offsets (elements) of `in` and `w` at iteration `r` of the
/// convolution's other reductions (row-major over `cv.rLoops`).
void convolutionROffsets(const Convolution &cv, int64_t r, int64_t &oi,
                         int64_t &ow) {
  oi = ow = 0;
  for (int64_t j = static_cast<int64_t>(cv.rLoops.size()) - 1; j >= 0; --j) {
    int64_t l = cv.rLoops[j];
    int64_t idx = r % cv.ranges[l];
    r /= cv.ranges[l];
    oi += idx * cv.sIn[l];
    ow += idx * cv.sW[l];
  }
}

/// How one partition of a Convolution's moving slab holds an N tile's input
/// (elements): the inner N loops [packed, end) read one contiguous HBM span,
/// the chunk, which also covers every window offset; the outer N loops
/// [0, packed) each step to the next chunk stored right after the last one,
/// so the rows and images a strided window skips are not loaded.
struct ConvolutionSlab {
  int64_t packed = 0;
  int64_t chunk = 1;            // contiguous elements per chunk (one DMA run)
  int64_t elements = 1;         // per partition
  SmallVector<int64_t> strides; // per N loop, in the slab
};

/// The slab of the N tile `cnt` of `cv` with its outer `packed` N loops
/// packed; `maxROff` is the largest window offset (elements).
ConvolutionSlab convolutionSlab(const Convolution &cv, ArrayRef<int64_t> cnt,
                                int64_t maxROff, int64_t packed) {
  ConvolutionSlab s;
  s.packed = packed;
  s.strides.assign(cv.nLoops.size(), 0);
  s.chunk = 1 + maxROff;
  for (int64_t j = packed; j < static_cast<int64_t>(cv.nLoops.size()); ++j) {
    s.chunk += (cnt[j] - 1) * cv.sIn[cv.nLoops[j]];
    s.strides[j] = cv.sIn[cv.nLoops[j]];
  }
  s.elements = s.chunk;
  for (int64_t j = packed - 1; j >= 0; --j) {
    s.strides[j] = s.elements;
    s.elements *= cnt[j];
  }
  return s;
}

/// The slab of N tile `tile` that `fits` (given its bytes per partition)
/// and loads fastest by the target's DMA cost (DESIGN section 4: bytes over
/// the queue bandwidth, plus a per-descriptor cost for runs under 512
/// bytes), over K partitions: one span per partition (nothing packed), or
/// the outer N loops packed, which skips the rows a stride larger than the
/// window never reads (a vision transformer's 32 x 32 patches at stride 32,
/// window rows on the partitions: each partition reads one input row in 32)
/// but takes one DMA run per chunk. With `channelRows` (ChannelRows: `cv`'s
/// strides count positions) every position is a DMA descriptor either way,
/// so the slab of the fewest positions loads fastest. None when no slab fits
/// or the load would need more than 4 access-pattern dims.
std::optional<ConvolutionSlab>
chooseConvolutionSlab(const systole::TargetDesc &target, const Convolution &cv,
                      ArrayRef<int64_t> tile, int64_t maxROff, int64_t K,
                      bool channelRows,
                      llvm::function_ref<bool(int64_t)> fits) {
  int64_t eb = bytesOf(cv.in.elementType);
  std::optional<ConvolutionSlab> best;
  double bestNs = 0;
  for (int64_t packed = 0; packed <= static_cast<int64_t>(cv.nLoops.size());
       ++packed) {
    ConvolutionSlab s = convolutionSlab(cv, tile, maxROff, packed);
    int64_t dims = 1;
    for (int64_t j = 0; j < packed; ++j)
      dims += tile[j] > 1;
    if (dims > 4 || !fits(s.elements * eb))
      continue;
    double ns = systole::dmaQueueNs(target, K * s.elements * eb,
                                    channelRows ? s.elements
                                                : K * (s.elements / s.chunk));
    if (!best || ns < bestNs) {
      best = s;
      bestNs = ns;
    }
  }
  return best;
}

/// How a Convolution keeps its weights in SBUF (bytes per partition).
struct ConvolutionWeights {
  int64_t R = 1;           // iterations of the other reductions
  bool nonNegative = true; // no negative input or weight strides
  int64_t rowSpan = 1;     // elements of one output channel's weight row
  bool transposed = false;
  int64_t rowBytes = 0; // staging for one row block (when transposed)
  int64_t bytes = 0;    // the resident [K chunk x M chunk] blocks
  /// What the whole op keeps: weights, staging, and four output buffers.
  int64_t fixedBytes = 0;
};

/// Plans the resident weights of `cv`: when each output channel's weights
/// are one short contiguous row ([f][c][kh][kw]), rows of 128 channels are
/// loaded whole and each [K chunk x M chunk] block is transposed on the
/// tensor engine: a few large DMA descriptors instead of one per element.
ConvolutionWeights planConvolutionWeights(Emitter &e, const Convolution &cv) {
  Type tw = cv.w.elementType;
  int64_t ebW = bytesOf(tw);
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns();
  int64_t K = cv.partitions(), M = cv.m >= 0 ? cv.ranges[cv.m] : 1;
  int64_t KB = (K + maxK - 1) / maxK, MB = (M + maxM - 1) / maxM;
  ConvolutionWeights cw;
  for (int64_t l : cv.rLoops)
    cw.R *= cv.ranges[l];
  for (int64_t l = 0; l < static_cast<int64_t>(cv.ranges.size()); ++l)
    cw.nonNegative &= cv.sIn[l] >= 0 && cv.sW[l] >= 0;
  if (cv.m >= 0) {
    int64_t maxOw = 0;
    for (int64_t r = 0; r < cw.R; ++r) {
      int64_t oi, ow;
      convolutionROffsets(cv, r, oi, ow);
      maxOw = std::max(maxOw, ow);
    }
    cw.rowSpan = 1 + maxOw;
    for (int64_t l : cv.pLoops)
      cw.rowSpan += (cv.ranges[l] - 1) * cv.sW[l];
  }
  cw.transposed = cv.m >= 0 && cw.nonNegative && isa<FloatType>(tw) &&
                  cw.rowSpan * ebW <= 32768;
  cw.rowBytes = cw.transposed ? alignTo64(cw.rowSpan * ebW) : 0;
  cw.bytes = alignTo64(cw.R * KB * MB * maxM * ebW);
  cw.fixedBytes =
      cw.bytes + cw.rowBytes + 4 * alignTo64(e.target.matmul_max_n() * 4);
  return cw;
}

/// The most SBUF slots a convolution's moving operand (its input tiles)
/// rotates through.
constexpr int64_t kMaxMovingSlots = 8;

/// The fewest output channels for which a convolution with channel-contiguous
/// output (NHWC) stores its tiles transposed on the tensor engine.
constexpr int64_t kMinTransposedStoreChannels = 32;
/// The SBUF row slots such stores rotate through: each waits about 2 us
/// for its DMA before the slot takes the next block (two slots held an
/// 8 x 32 x 32 x 128 NHWC convolution to one tile per 4.7 us).
constexpr int64_t kStoreRowSlots = 8;

/// The J adjacent positions per partition that rows of channels (`rowBytes`
/// each) move as one DMA run when a row is shorter than a full descriptor
/// (`fullBytes`, DESIGN section 4, `dma_copy`): the fewest in [`jLow`,
/// `jHigh`] that fill one and `fits`, else the most below that which fit
/// (fewer runs, if not full ones); 1 for none.
int64_t runInterleave(int64_t rowBytes, int64_t fullBytes, int64_t jLow,
                      int64_t jHigh, llvm::function_ref<bool(int64_t)> fits) {
  if (rowBytes >= fullBytes)
    return 1;
  int64_t j0 = std::max(jLow, (fullBytes + rowBytes - 1) / rowBytes);
  for (int64_t j = std::max<int64_t>(2, j0); j <= jHigh; ++j)
    if (fits(j))
      return j;
  for (int64_t j = std::min(j0, jHigh + 1) - 1; j >= std::max<int64_t>(2, jLow);
       --j)
    if (fits(j))
      return j;
  return 1;
}

/// Emits a Convolution on the tensor engine (DESIGN section 4, `matmul`):
/// out[M, N] = sum over R iterations and K chunks of w[K, M]^T x in[K, N],
/// all accumulated in one PSUM bank per (N tile, M chunk of 128).
/// - Weights stay resident in SBUF for the whole op, one [K chunk x M chunk]
///   block per R iteration; when each output channel's weights are a short
///   contiguous row they are loaded as rows and transposed on the tensor
///   engine (a few large DMA descriptors instead of one per element).
/// - Inputs: per N tile (at most 512 output positions) and K chunk, one
///   slab per partition covering every window position, which the matmuls
///   read through strided SBUF access patterns: a contiguous span, or its
///   outer N loops packed (ConvolutionSlab), whichever loads faster; when no
///   slab fits, one load per (R iteration, K chunk). Tiles rotate
///   through 2 to kMaxMovingSlots input slots, as many as SBUF holds.
/// - Evacuation adds the prior contents of `out` unless a zero fill
///   preceded (`zeroInit`), converts to the output type and stores; with
///   `epi`, the next elementwise op runs on each PSUM tile instead
///   (Epilogue), and `out` is never written.
/// Errors: an SBUF budget that cannot hold the weights and two input tiles,
/// or a tile needing more than 4 access-pattern dims.
LogicalResult emitConvolution(Emitter &e, Location loc, const Convolution &cv,
                              bool zeroInit, const Epilogue *epi = nullptr) {
  Type ti = cv.in.elementType, tw = cv.w.elementType, to = cv.out.elementType;
  int64_t ebI = bytesOf(ti), ebW = bytesOf(tw), ebO = bytesOf(to);
  int64_t maxK = e.target.pe_rows(), maxM = e.target.pe_columns();
  int64_t K = cv.partitions(), M = cv.m >= 0 ? cv.ranges[cv.m] : 1;
  int64_t KB = (K + maxK - 1) / maxK, MB = (M + maxM - 1) / maxM;
  int64_t S = e.sbufBytes, maxNTarget = e.target.matmul_max_n();
  ConvolutionWeights cw = planConvolutionWeights(e, cv);
  int64_t R = cw.R;

  bool nonNegative = cw.nonNegative;
  int64_t wRowSpan = cw.rowSpan;
  bool wTransposed = cw.transposed;
  int64_t rowBytes = cw.rowBytes, wBytes = cw.bytes;
  int64_t outBytes = alignTo64(maxNTarget * 4);
  int64_t epiBytes = epi ? alignTo64(epi->arenaBytes) : 0;
  int64_t fixed = cw.fixedBytes + epiBytes;
  // An output whose channels are contiguous in HBM (NHWC): a [channels x
  // positions] tile would store one element per DMA descriptor. Its blocks
  // of up to 128 positions are transposed on the tensor engine instead, into
  // kStoreRowSlots row slots in turn, and stored as rows of channels, where
  // there are
  // kMinTransposedStoreChannels or more (rows of fewer cost more in
  // transposes than they save: 4 channels, 103.0 -> 270.4 us).
  bool transposedStore = epi ? epi->transposedStore
                             : zeroInit && cv.m >= 0 && cv.sOut[cv.m] == 1 &&
                                   M >= kMinTransposedStoreChannels &&
                                   isa<FloatType>(to) && ebO >= 2;
  int64_t storeRowBytes = alignTo64(maxM * 4);
  if (transposedStore)
    fixed += kStoreRowSlots * storeRowBytes;
  // An input whose channels are contiguous in HBM (NHWC): its slabs as rows
  // of channels, staged in up to kChannelRowSlots row slots in turn and
  // transposed on the tensor engine (ChannelRows); the slab then counts
  // positions (`slabCv`).
  std::optional<ChannelRows> channelRows =
      nonNegative ? matchChannelRows(cv) : std::nullopt;
  Convolution slabCv = channelRows ? channelRows->positions : cv;
  int64_t channelRowBytes = channelRows ? alignTo64(K * ebI) : 0;
  int64_t channelRowSlots =
      channelRows ? std::clamp<int64_t>(kChannelRowBytes / channelRowBytes, 2,
                                        kChannelRowSlots)
                  : 0;
  fixed += channelRowSlots * channelRowBytes;

  // N tile: innermost N loops first, up to `maxN` elements.
  auto chooseTile = [&](int64_t maxN, SmallVector<int64_t> &tile) {
    tile.assign(cv.nLoops.size(), 1);
    int64_t nt = 1;
    for (int64_t j = static_cast<int64_t>(cv.nLoops.size()) - 1; j >= 0; --j) {
      tile[j] =
          std::min(cv.ranges[cv.nLoops[j]], std::max<int64_t>(1, maxN / nt));
      nt *= tile[j];
      if (tile[j] < cv.ranges[cv.nLoops[j]])
        break;
    }
    return nt;
  };
  // Moving operand, preferably as one slab per N tile and K chunk: the input
  // that every window position of the tile reads, loaded once; each (R
  // iteration) matmul then reads it through a strided SBUF access pattern.
  // Otherwise one load per (R iteration, K chunk).
  int64_t maxROff = 0;
  for (int64_t r = 0; r < R; ++r) {
    int64_t oi, ow;
    convolutionROffsets(slabCv, r, oi, ow);
    maxROff = std::max(maxROff, oi);
  }
  SmallVector<int64_t> tile;
  int64_t nt = 1, slabBytes = 0;
  std::optional<ConvolutionSlab> slab;
  // Smaller tiles first drop the outer N loops (images), whose spans are
  // the widest.
  for (int64_t maxN = maxNTarget; nonNegative && !slab && maxN >= 32;
       maxN /= 2) {
    nt = chooseTile(maxN, tile);
    slab = chooseConvolutionSlab(
        e.target, slabCv, tile, maxROff, K, channelRows.has_value(),
        [&](int64_t b) { return fixed + 2 * KB * alignTo64(b) <= S; });
    if (slab)
      slabBytes = alignTo64(slab->elements * ebI);
  }
  int64_t movBytes = KB * slabBytes;
  if (!slab) {
    int64_t maxN = maxNTarget;
    while (maxN > 1 && fixed + 2 * alignTo64(R * KB * maxN * ebI) > S)
      maxN /= 2;
    if (fixed + 2 * alignTo64(R * KB * maxN * ebI) > S) {
      emitError(loc) << "ncore: convolution weights (" << wBytes
                     << " bytes per partition) leave no SBUF for its inputs";
      return failure();
    }
    nt = chooseTile(maxN, tile);
    movBytes = alignTo64(R * KB * nt * ebI);
  }
  // Weight rows staged in two slots in turn where SBUF has room beside two
  // moving slots, so that the next M chunk's rows load while this chunk's
  // are transposed (a patch embedding's 768 x 3072 kernel: six row loads).
  int64_t rowSlots = 1;
  if (wTransposed && MB > 1 && fixed + rowBytes + 2 * movBytes <= S) {
    rowSlots = 2;
    fixed += rowBytes;
  }
  // Moving slots: two, or up to kMaxMovingSlots where SBUF has room, so
  // that the loads of later tiles run ahead of the matmuls (ResNet-50: 4.26
  // ms with two, 4.08 with four, 4.05 with eight).
  int64_t movSlots = 2;
  while (movSlots < kMaxMovingSlots && fixed + (movSlots + 1) * movBytes <= S)
    ++movSlots;
  SmallVector<int64_t> movOff;
  for (int64_t i = 0; i < movSlots; ++i)
    movOff.push_back(wBytes + i * movBytes);
  int64_t outOff[2], initOff[2];
  outOff[0] = wBytes + movSlots * movBytes;
  outOff[1] = outOff[0] + outBytes;
  initOff[0] = outOff[1] + outBytes;
  initOff[1] = initOff[0] + outBytes;
  int64_t rowOff = initOff[1] + outBytes;
  int64_t epiOff = rowOff + rowSlots * rowBytes;
  int64_t storeRowOff = epiOff + epiBytes;
  int64_t channelRowOff =
      storeRowOff + (transposedStore ? kStoreRowSlots * storeRowBytes : 0);
  int64_t storeRingPos = 0, channelRowBlocks = 0;
  int64_t bank = e.target.psum_bank_bytes();
  int accBanks = std::max<int64_t>(1, e.target.psum_banks() - 2);

  // Resident weights: block (r, kb, mb) is [kt x mt] at
  // ((r * KB + kb) * MB + mb) * maxM elements.
  auto wBlock = [&](int64_t r, int64_t kb, int64_t mb, int64_t kt, int64_t mt) {
    return e.sbuf(((r * KB + kb) * MB + mb) * maxM * ebW, kt, tw, {mt});
  };
  for (int64_t mb = 0; mb < MB; ++mb) {
    int64_t mt = std::min(maxM, M - mb * maxM);
    int64_t mOff = cv.m >= 0 ? mb * maxM * cv.sW[cv.m] : 0;
    int64_t rowAt = rowOff + mb % rowSlots * rowBytes;
    if (wTransposed)
      e.dma(loc,
            e.hbm(cv.w.base + (cv.w.offset + mOff) * ebW, mt, cv.sW[cv.m], tw,
                  {wRowSpan}, {1}),
            e.sbuf(rowAt, mt, tw, {wRowSpan}));
    for (int64_t r = 0; r < R; ++r) {
      int64_t oi, ow;
      convolutionROffsets(cv, r, oi, ow);
      for (int64_t kb = 0; kb < KB; ++kb) {
        int64_t kt = std::min(maxK, K - kb * maxK);
        if (wTransposed) {
          // Row m's elements of this block, in partition order.
          SmallVector<int64_t> counts{kt}, strides{cv.sW[cv.k]};
          if (cv.pLoops.size() > 1) {
            counts.clear();
            strides.clear();
            for (int64_t l : cv.pLoops) {
              counts.push_back(cv.ranges[l]);
              strides.push_back(cv.sW[l]);
            }
          }
          Emitter::normalize(counts, strides);
          int64_t kOff = ow + partitionRuns(cv, kb, maxK).front().w;
          auto src = AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, mt,
                                            rowAt + kOff * ebW, tw, counts,
                                            strides, 0);
          int64_t tOff = e.transposeSlot(ebW);
          auto t = e.sbuf(tOff, kt, tw, {mt}, Memory::psum);
          e.b.create<TransposeOp>(loc, src, t, Engine::tensor, nullptr, nullptr,
                                  nullptr, nullptr, nullptr);
          e.copyBalanced(loc, t, wBlock(r, kb, mb, kt, mt));
        } else {
          int64_t inner = cv.pLoops.back();
          for (const PartitionRun &run : partitionRuns(cv, kb, maxK))
            e.dma(loc,
                  e.hbm(cv.w.base + (cv.w.offset + ow + run.w + mOff) * ebW,
                        run.count, cv.sW[inner], tw, {mt},
                        {cv.m >= 0 ? cv.sW[cv.m] : 0}),
                  e.slicePartitions(wBlock(r, kb, mb, kt, mt), run.p0,
                                    run.count));
        }
      }
    }
  }
  // Stores the [mt x n] SBUF tile at byte `srcOff` (elements of `t`) whose
  // channels are contiguous in HBM, from byte `addr` with normalized free
  // counts and strides `pc`, `ps`, as rows of channels: the tile's positions
  // in order (outer dims, then blocks of up to 128 along the innermost),
  // each block transposed on the tensor engine into the store ring
  // (kStoreRowSlots row slots' bytes, taken in turn). Emitted after the next
  // tile's input transposes (`pendingStores`), so that the tensor engine,
  // which runs in order, transposes inputs while the evacuation it would
  // otherwise wait for runs.
  //
  // Where a row of mt channels is shorter than a full DMA descriptor and
  // the positions along the innermost dim are adjacent in HBM (an NHWC
  // tensor's own channel count), the blocks interleave instead
  // (storeInterleave: J blocks, block j taking every J-th position from j),
  // side by side in the ring, so that each partition holds J adjacent
  // positions and stores them as one run of J x mt channels (8 x 56 x 56 x
  // 64 bf16: 128-byte rows become 512-byte runs), one DMA per innermost row.
  SmallVector<std::function<void()>> pendingStores;
  int64_t storeRingBytes = kStoreRowSlots * storeRowBytes;
  auto takeStoreBytes = [&](int64_t bytes) {
    if (storeRingPos + bytes > storeRingBytes)
      storeRingPos = 0;
    int64_t at = storeRowOff + storeRingPos;
    storeRingPos += alignTo64(bytes);
    return at;
  };
  // The interleave J for rows of `inner` positions of `rowBytes` each
  // (runInterleave): dividing `inner` (a partition never spans two rows),
  // at most 128 partitions per row, and half the ring per group.
  auto storeInterleave = [&](int64_t inner, int64_t rowBytes) {
    return runInterleave(rowBytes, e.target.dma_small_descriptor_bytes(),
                         (inner + maxM - 1) / maxM,
                         std::min(inner, storeRingBytes / 2 / rowBytes),
                         [&](int64_t j) { return inner % j == 0; });
  };
  // With several M blocks (MB > 1), block `mb`'s rows go to its channels
  // of a staging area in the ring that holds all M channels of the tile's
  // positions (from `stageAt`), and the last block stores them as rows of M
  // channels (256 bf16 channels: one 512-byte run per position instead of
  // two of 256), where the area takes at most half the ring.
  int64_t stageAt = 0;
  auto storeRows = [&](int64_t srcOff, int64_t mt, Type t, int64_t addr,
                       ArrayRef<int64_t> pc, ArrayRef<int64_t> ps, int64_t n,
                       int64_t mb) {
    int64_t eb = bytesOf(t);
    int64_t inner = pc.empty() ? 1 : pc.back();
    int64_t innerStride = pc.empty() ? 0 : ps.back();
    // HBM element offset of the innermost row that starts at position q0.
    auto rowOffset = [&](int64_t q0) {
      int64_t off = 0;
      for (int64_t j = static_cast<int64_t>(pc.size()) - 2, q = q0 / inner;
           j >= 0; --j) {
        off += q % pc[j] * ps[j];
        q /= pc[j];
      }
      return off;
    };
    int64_t stageBytes = n / inner * ((inner + maxM - 1) / maxM) * M * eb;
    if (MB > 1 && stageBytes <= storeRingBytes / 2) {
      if (mb == 0)
        stageAt = takeStoreBytes(stageBytes);
      int64_t base = addr - mb * maxM * eb, at = stageAt;
      for (int64_t q0 = 0; q0 < n; q0 += inner) {
        int64_t outerOff = rowOffset(q0);
        for (int64_t i0 = 0; i0 < inner; i0 += maxM, at += M * eb) {
          int64_t rows = std::min(maxM, inner - i0);
          transposeInto(e, loc, e.sbuf(srcOff + (q0 + i0) * eb, mt, t, {rows}),
                        mt, rows, t,
                        e.sbuf(at + mb * maxM * eb, rows, t, {mt}));
          if (mb == MB - 1)
            e.dma(loc, e.sbuf(at, rows, t, {M}),
                  e.hbm(base + (outerOff + i0 * innerStride) * eb, rows,
                        innerStride, t, {M}, {1}));
        }
      }
      return;
    }
    int64_t J = innerStride == mt ? storeInterleave(inner, mt * eb) : 1;
    // Groups of whole rows: ppr partitions per row. Only where the groups
    // take at most twice the transposes (J each) that blocks of up to 128
    // adjacent positions would: rows of 493 = 17 x 29 positions would take
    // 17 transposes of 29 instead of 4, while 4 of 70 instead of 3 for rows
    // of 280 still pay for their 4-times-fewer descriptors.
    int64_t ppr = inner / J, rowsPerGroup = std::max<int64_t>(1, maxM / ppr);
    int64_t rowCount = n / inner;
    if (J > 1 && J * ((rowCount + rowsPerGroup - 1) / rowsPerGroup) >
                     2 * rowCount * ((inner + maxM - 1) / maxM))
      J = 1;
    if (J > 1) {
      for (int64_t r0 = 0; r0 < rowCount; r0 += rowsPerGroup) {
        int64_t rows = std::min(rowsPerGroup, rowCount - r0), P = rows * ppr;
        int64_t at = takeStoreBytes(J * mt * eb);
        for (int64_t j = 0; j < J; ++j) {
          auto src = AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, mt,
                                            srcOff + (r0 * inner + j) * eb, t,
                                            {P}, {J}, 0);
          transposeInto(e, loc, src, mt, P, t,
                        e.sbuf(at + j * mt * eb, P, t, {mt}));
        }
        AccessPatternAttr group = e.sbuf(at, P, t, {J * mt});
        for (int64_t r = 0; r < rows; ++r)
          e.dma(loc, e.slicePartitions(group, r * ppr, ppr),
                e.hbm(addr + rowOffset((r0 + r) * inner) * eb, ppr,
                      J * innerStride, t, {J * mt}, {1}));
      }
      return;
    }
    for (int64_t q0 = 0; q0 < n; q0 += inner) {
      int64_t outerOff = rowOffset(q0);
      for (int64_t i0 = 0; i0 < inner; i0 += maxM) {
        int64_t rows = std::min(maxM, inner - i0);
        int64_t rowsAt = takeStoreBytes(storeRowBytes);
        transposeInto(e, loc, e.sbuf(srcOff + (q0 + i0) * eb, mt, t, {rows}),
                      mt, rows, t, e.sbuf(rowsAt, rows, t, {mt}));
        e.dma(loc, e.sbuf(rowsAt, rows, t, {mt}),
              e.hbm(addr + (outerOff + i0 * innerStride) * eb, rows,
                    innerStride, t, {mt}, {1}));
      }
    }
  };
  auto flushStores = [&] {
    for (std::function<void()> &store : pendingStores)
      store();
    pendingStores.clear();
  };
  auto deferStore = [&](int64_t srcOff, int64_t mt, Type t, int64_t addr,
                        std::pair<SmallVector<int64_t>, SmallVector<int64_t>>
                            normalizedStrides,
                        int64_t n, int64_t mb) {
    pendingStores.push_back([=, &storeRows] {
      storeRows(srcOff, mt, t, addr, normalizedStrides.first,
                normalizedStrides.second, n, mb);
    });
    // With several M blocks per N tile, the next block's evacuation reuses
    // the output slots (and the epilogue's ring) before the next N tile:
    // store now.
    if (MB > 1)
      flushStores();
  };
  // Walk the N tiles.
  SmallVector<int64_t> origin(cv.nLoops.size(), 0);
  int64_t tileIndex = 0, mIter = 0;
  std::function<LogicalResult(size_t)> walk = [&](size_t j) -> LogicalResult {
    if (j < cv.nLoops.size()) {
      int64_t range = cv.ranges[cv.nLoops[j]];
      for (int64_t o = 0; o < range; o += tile[j]) {
        origin[j] = o;
        if (failed(walk(j + 1)))
          return failure();
      }
      return success();
    }
    // This tile's extent along each N loop.
    SmallVector<int64_t> cnt(cv.nLoops.size());
    int64_t n = 1, inBase = cv.in.offset, outBase = cv.out.offset;
    for (size_t q = 0; q < cv.nLoops.size(); ++q) {
      cnt[q] = std::min(tile[q], cv.ranges[cv.nLoops[q]] - origin[q]);
      n *= cnt[q];
      inBase += origin[q] * cv.sIn[cv.nLoops[q]];
      outBase += origin[q] * cv.sOut[cv.nLoops[q]];
    }
    auto stridesOf = [&](ArrayRef<int64_t> s) {
      SmallVector<int64_t> v;
      for (int64_t l : cv.nLoops)
        v.push_back(s[l]);
      return v;
    };
    SmallVector<int64_t> inStrides = stridesOf(cv.sIn),
                         outStrides = stridesOf(cv.sOut);
    // The tile's slab (its outer N loops packed like the chosen one's).
    std::optional<ConvolutionSlab> tileSlab;
    if (slab)
      tileSlab = convolutionSlab(slabCv, cnt, maxROff, slab->packed);
    // Access patterns have at most 4 free dims: the output's, and the
    // moving operand's (the slab's, or the input's in HBM).
    auto normalized = [&](ArrayRef<int64_t> strides) {
      SmallVector<int64_t> c(cnt), s(strides);
      Emitter::normalize(c, s);
      return std::make_pair(c, s);
    };
    auto [mc, ms] = normalized(tileSlab ? tileSlab->strides : inStrides);
    if (mc.size() > 4 || normalized(outStrides).first.size() > 4) {
      emitError(loc) << "ncore: a convolution tile needs more than 4 free "
                        "dims";
      return failure();
    }
    int slot = tileIndex++ % movSlots;
    // The moving operand of (r, kb), [kt x n].
    std::function<AccessPatternAttr(int64_t, int64_t, int64_t)> moving;
    if (tileSlab && channelRows) {
      // Slab position q is (packed N loop indices, then an offset in the
      // chunk) in mixed radix; the positions of one chunk are consecutive
      // rows in HBM. Blocks of up to 128 positions load as rows, one DMA per
      // chunk piece, and are transposed into the slab.
      // Each row holds all K channels (one descriptor per position, not
      // one per K chunk); each K chunk's columns are transposed on their
      // own.
      int64_t chunk = tileSlab->chunk;
      // Rows of channels shorter than a full DMA descriptor, with adjacent
      // positions adjacent in HBM (an NHWC tensor's own channel count):
      // each partition loads J adjacent positions as one run into J
      // consecutive row slots, and the J interleaved blocks (block j: the
      // j-th position of each partition) are transposed into every J-th
      // slab column from j (64 bf16 channels: 128-byte rows become
      // 512-byte runs).
      // J divides `chunk` (a partition's run never leaves its chunk) and
      // the slot count (the J consecutive row slots never wrap), at most
      // half the slots.
      int64_t J = channelRows->stride == K && channelRowBytes == K * ebI
                      ? runInterleave(channelRowBytes,
                                      e.target.dma_small_descriptor_bytes(), 1,
                                      channelRowSlots / 2,
                                      [&](int64_t j) {
                                        return chunk % j == 0 &&
                                               channelRowSlots % j == 0;
                                      })
                      : 1;
      // Groups of J x 128 positions, and a last group of fewer where it
      // takes no more transposes than blocks of 128 adjacent rows would
      // (J each); the rest loads as such blocks (from `done`).
      int64_t done = 0;
      for (; J > 1 && done < tileSlab->elements; done += J * maxK) {
        int64_t q0 = done, left = tileSlab->elements - q0;
        if (left < J * maxK && left <= (J - 1) * maxK)
          break;
        int64_t P = std::min(maxK, left / J);
        channelRowBlocks = (channelRowBlocks + J - 1) / J * J;
        int64_t rowsAt = channelRowOff +
                         channelRowBlocks % channelRowSlots * channelRowBytes;
        channelRowBlocks += J;
        auto rows = e.sbuf(rowsAt, P, ti, {J * K});
        for (int64_t p = 0; p < P;) {
          int64_t q = q0 + J * p;
          int64_t t = q % chunk, rest = q / chunk;
          int64_t off = inBase + t * channelRows->stride;
          for (int64_t j = tileSlab->packed - 1; j >= 0; --j) {
            off += rest % cnt[j] * cv.sIn[cv.nLoops[j]];
            rest /= cnt[j];
          }
          int64_t len = std::min((chunk - t) / J, P - p);
          e.dma(loc,
                e.hbm(cv.in.base + off * ebI, len, J * channelRows->stride, ti,
                      {J * K}, {1}),
                e.slicePartitions(rows, p, len));
          p += len;
        }
        for (int64_t j = 0; j < J; ++j)
          for (int64_t kb = 0; kb < KB; ++kb) {
            int64_t kt = std::min(maxK, K - kb * maxK);
            transposeInto(
                e, loc, e.sbuf(rowsAt + (j * K + kb * maxK) * ebI, P, ti, {kt}),
                P, kt, ti,
                AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, kt,
                                       movOff[slot] + kb * slabBytes +
                                           (q0 + j) * ebI,
                                       ti, {P}, {J}, 0));
          }
      }
      for (int64_t q0 = std::min(done, tileSlab->elements);
           q0 < tileSlab->elements; q0 += maxK) {
        int64_t qn = std::min(maxK, tileSlab->elements - q0);
        int64_t rowsAt = channelRowOff +
                         channelRowBlocks++ % channelRowSlots * channelRowBytes;
        auto rows = e.sbuf(rowsAt, qn, ti, {K});
        for (int64_t q = q0; q < q0 + qn;) {
          int64_t t = q % chunk, rest = q / chunk;
          int64_t off = inBase + t * channelRows->stride;
          for (int64_t j = tileSlab->packed - 1; j >= 0; --j) {
            off += rest % cnt[j] * cv.sIn[cv.nLoops[j]];
            rest /= cnt[j];
          }
          int64_t len = std::min(chunk - t, q0 + qn - q);
          e.dma(loc,
                e.hbm(cv.in.base + off * ebI, len, channelRows->stride, ti, {K},
                      {1}),
                e.slicePartitions(rows, q - q0, len));
          q += len;
        }
        for (int64_t kb = 0; kb < KB; ++kb) {
          int64_t kt = std::min(maxK, K - kb * maxK);
          transposeInto(
              e, loc, e.sbuf(rowsAt + kb * maxK * ebI, qn, ti, {kt}), qn, kt,
              ti,
              e.sbuf(movOff[slot] + kb * slabBytes + q0 * ebI, kt, ti, {qn}));
        }
      }
    } else if (tileSlab) {
      SmallVector<int64_t> loadCounts, loadStrides;
      for (int64_t j = 0; j < tileSlab->packed; ++j) {
        loadCounts.push_back(cnt[j]);
        loadStrides.push_back(cv.sIn[cv.nLoops[j]]);
      }
      loadCounts.push_back(tileSlab->chunk);
      loadStrides.push_back(1);
      Emitter::normalize(loadCounts, loadStrides);
      int64_t inner = cv.pLoops.back();
      for (int64_t kb = 0; kb < KB; ++kb) {
        int64_t kt = std::min(maxK, K - kb * maxK);
        for (const PartitionRun &run : partitionRuns(cv, kb, maxK))
          e.dma(loc,
                e.hbm(cv.in.base + (inBase + run.in) * ebI, run.count,
                      cv.sIn[inner], ti, loadCounts, loadStrides),
                e.slicePartitions(e.sbuf(movOff[slot] + kb * slabBytes, kt, ti,
                                         {tileSlab->elements}),
                                  run.p0, run.count));
      }
    }
    if (tileSlab) {
      moving = [&, slot, mc = mc, ms = ms](int64_t r, int64_t kb, int64_t kt) {
        int64_t oi, ow;
        convolutionROffsets(slabCv, r, oi, ow);
        return AccessPatternAttr::get(e.ctx, Memory::sbuf, 0, kt,
                                      movOff[slot] + kb * slabBytes + oi * ebI,
                                      ti, mc, ms, 0);
      };
    } else {
      for (int64_t r = 0; r < R; ++r) {
        int64_t oi, ow;
        convolutionROffsets(cv, r, oi, ow);
        int64_t inner = cv.pLoops.back();
        for (int64_t kb = 0; kb < KB; ++kb) {
          int64_t kt = std::min(maxK, K - kb * maxK);
          for (const PartitionRun &run : partitionRuns(cv, kb, maxK)) {
            int64_t addr = cv.in.base + (inBase + oi + run.in) * ebI;
            e.dma(loc,
                  e.hbm(addr, run.count, cv.sIn[inner], ti, cnt, inStrides),
                  e.slicePartitions(
                      e.sbuf(movOff[slot] + (r * KB + kb) * nt * ebI, kt, ti,
                             {n}),
                      run.p0, run.count));
          }
        }
      }
      moving = [&, slot, n](int64_t r, int64_t kb, int64_t kt) {
        return e.sbuf(movOff[slot] + (r * KB + kb) * nt * ebI, kt, ti, {n});
      };
    }
    flushStores();
    for (int64_t mb = 0; mb < MB; ++mb, ++mIter) {
      int64_t mt = std::min(maxM, M - mb * maxM);
      auto acc = e.sbuf((mIter % accBanks) * bank, mt, e.b.getF32Type(), {n},
                        Memory::psum);
      for (int64_t r = 0; r < R; ++r)
        for (int64_t kb = 0; kb < KB; ++kb) {
          int64_t kt = std::min(maxK, K - kb * maxK);
          e.b.create<MatmulOp>(loc, wBlock(r, kb, mb, kt, mt),
                               moving(r, kb, kt), acc, r > 0 || kb > 0,
                               Engine::tensor, nullptr, nullptr, nullptr,
                               nullptr, nullptr);
        }
      if (epi) {
        SmallVector<int64_t> n0(origin.begin(), origin.end());
        Operand result;
        if (failed(emitEpilogueTile(e, *epi, mb * maxM, mt, n0, cnt,
                                    (mIter % accBanks) * bank, epiOff, {},
                                    transposedStore ? &result : nullptr)))
          return failure();
        if (transposedStore) {
          // The epilogue's output tile at (mb, this N tile), channel-last.
          const Kernel &ek = epi->kernel;
          SmallVector<int64_t> eo(ek.ranges.size(), 0), es;
          eo[epi->mLoop] = mb * maxM;
          for (auto [j, loop] : llvm::enumerate(epi->nLoops))
            eo[loop] = n0[j];
          int64_t eOff;
          if (failed(operandLayout(ek.output, ek.outputMap, eo, es, eOff)))
            return failure();
          SmallVector<int64_t> eStrides;
          for (unsigned loop : epi->nLoops)
            eStrides.push_back(es[loop]);
          int64_t ebE = bytesOf(ek.output.elementType);
          deferStore(result.offset, mt, ek.output.elementType,
                     ek.output.base + eOff * ebE, normalized(eStrides), n, mb);
        }
        continue;
      }
      int os = mIter & 1;
      auto outTile = e.sbuf(outOff[os], mt, to, {n});
      int64_t addr =
          cv.out.base +
          (outBase + (cv.m >= 0 ? mb * maxM * cv.sOut[cv.m] : 0)) * ebO;
      auto outAp =
          e.hbm(addr, mt, cv.m >= 0 ? cv.sOut[cv.m] : 0, to, cnt, outStrides);
      if (zeroInit) {
        e.copyBalanced(loc, acc, outTile);
      } else {
        auto init = e.sbuf(initOff[os], mt, to, {n});
        e.dma(loc, outAp, init);
        e.b.create<TensorTensorOp>(loc, AluOp::add, acc, init, outTile,
                                   Engine::vector, nullptr, nullptr, nullptr,
                                   nullptr, nullptr);
      }
      if (transposedStore) {
        deferStore(outOff[os], mt, to, addr, normalized(outStrides), n, mb);
        continue;
      }
      auto [ocnt, ostr] = normalized(outStrides);
      if (cv.m >= 0 && cv.sOut[cv.m] == 1 && !ocnt.empty() &&
          ocnt.front() > 1) {
        // Channels contiguous in HBM (a few NHWC output channels): pieces
        // split by partitions would each span the whole tile's bytes, and
        // `schedule` would order them one after another. Pieces along the
        // outermost free dim cover disjoint bytes and run on their own
        // queues.
        int64_t inner = n / ocnt.front();
        int64_t pieces = std::min<int64_t>(ocnt.front(), e.target.dma_queues());
        int64_t step = (ocnt.front() + pieces - 1) / pieces;
        SmallVector<int64_t> rest(ocnt.begin() + 1, ocnt.end()),
            restStrides(ostr.begin() + 1, ostr.end());
        for (int64_t i0 = 0; i0 < ocnt.front(); i0 += step) {
          int64_t len = std::min(step, ocnt.front() - i0);
          SmallVector<int64_t> c{len}, st{ostr.front()};
          c.append(rest);
          st.append(restStrides);
          e.dmaOne(loc,
                   e.sbuf(outOff[os] + i0 * inner * ebO, mt, to, {len * inner}),
                   e.hbm(addr + i0 * ostr.front() * ebO, mt, cv.sOut[cv.m], to,
                         c, st));
        }
        continue;
      }
      e.dma(loc, outTile, outAp);
    }
    return success();
  };
  if (failed(walk(0)))
    return failure();
  flushStores();
  return success();
}

// ---- scatter ----

/// One `memref.load` or subview offset position: a constant, or loop `loop`
/// of the nest (its value is then iterated).
struct IndexTerm {
  int64_t constant = 0;
  int loop = -1;
};

/// The `scatter` loop nest of the linalg phase, after bufferization (see
/// ScatterLowering in StableHLOToLinalg.cpp): loops over the update scatter
/// dims carrying the result buffer, and in the innermost body the start
/// index loaded per component, a bounds check, and the copy of one update
/// window into the buffer at that start.
struct ScatterNest {
  SmallVector<int64_t> ranges;      // of the loops, outermost first
  Value buffer;                     // the buffer updated in place
  SmallVector<int64_t> windowSizes; // per buffer dim
  SmallVector<int64_t> startConst;  // per buffer dim (dynamic dims: 0)
  /// Per buffer dim with a loaded start: which load feeds it.
  SmallVector<int> startLoad;
  SmallVector<std::pair<Value, SmallVector<IndexTerm>>> loads;
  /// Per load: the bit width of unsigned (ui8/ui16) indices, read as their
  /// unsigned value (an arith.index_castui of a narrow integer); else 0.
  SmallVector<unsigned> loadUnsignedWidth;
  Value updates;
  SmallVector<IndexTerm> updateOffsets;
  SmallVector<int64_t> updateSizes;
  /// The update computation adds the update to the window (scatter-add):
  /// the window is computed into a temporary by an add of the two, which is
  /// copied back.
  bool accumulate = false;
};

/// Whether `generic` is window = buffer + update, elementwise, in floats,
/// with the sum written to `dest`: the scatter-add update computation after
/// bufferization.
bool isScatterAdd(linalg::GenericOp generic, Value bufferWindow,
                  Value updateWindow, Value dest) {
  if (generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1 ||
      generic.getDpsInits()[0] != dest ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return false;
  Value a = generic.getDpsInputs()[0], b = generic.getDpsInputs()[1];
  if (!((a == bufferWindow && b == updateWindow) ||
        (a == updateWindow && b == bufferWindow)))
    return false;
  Block &body = *generic.getBody();
  if (body.getOperations().size() != 2)
    return false;
  // Floats only: the DMA adds in fp32 and converts back, which for
  // integers would saturate where StableHLO's add wraps.
  Operation *add = &body.front();
  if (!isa<arith::AddFOp>(add))
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return yield.getOperand(0) == add->getResult(0) &&
         ((add->getOperand(0) == body.getArgument(0) &&
           add->getOperand(1) == body.getArgument(1)) ||
          (add->getOperand(0) == body.getArgument(1) &&
           add->getOperand(1) == body.getArgument(0)));
}

/// Matches the nest rooted at `outer`, or explains why not.
FailureOr<ScatterNest> matchScatterNest(scf::ForOp outer, std::string &why) {
  ScatterNest n;
  SmallVector<scf::ForOp> loops;
  scf::ForOp loop = outer;
  while (true) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                           ub = getConstantIntValue(loop.getUpperBound()),
                           step = getConstantIntValue(loop.getStep());
    if (!lb || !ub || !step || *lb != 0 || *step != 1 ||
        loop.getNumRegionIterArgs() != 1 ||
        !isa<MemRefType>(loop.getInitArgs()[0].getType())) {
      why = "a loop that is not a scatter over a buffer";
      return failure();
    }
    if (!loops.empty() &&
        loop.getInitArgs()[0] != loops.back().getRegionIterArgs()[0]) {
      why = "an inner loop that does not carry the scattered buffer";
      return failure();
    }
    loops.push_back(loop);
    n.ranges.push_back(*ub);
    auto inner = loop.getBody()->getOps<scf::ForOp>();
    if (inner.empty())
      break;
    // An outer body is exactly the inner loop, yielding its result.
    scf::ForOp next = *inner.begin();
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    if (&loop.getBody()->front() != next.getOperation() ||
        next->getNextNode() != yield.getOperation() ||
        yield.getOperand(0) != next.getResult(0)) {
      why = "a loop nest with more than the scatter in it";
      return failure();
    }
    loop = next;
  }
  n.buffer = outer.getInitArgs()[0];
  auto loopOf = [&](Value v) -> int {
    for (auto [i, l] : llvm::enumerate(loops))
      if (v == l.getInductionVar())
        return static_cast<int>(i);
    return -1;
  };
  auto term = [&](Value v, IndexTerm &t) {
    if (std::optional<int64_t> c = getConstantIntValue(v)) {
      t.constant = *c;
      return true;
    }
    t.loop = loopOf(v);
    return t.loop >= 0;
  };
  scf::ForOp innermost = loops.back();
  Value iterArg = innermost.getRegionIterArgs()[0];
  // The window's ops sit in the bounds check's `scf.if`, or, where every
  // start is a constant in bounds and the check folded away, in the body.
  scf::IfOp ifOp;
  SmallVector<Operation *> windowOps;
  for (Operation &op : innermost.getBody()->without_terminator()) {
    if (auto i = dyn_cast<scf::IfOp>(op)) {
      if (ifOp) {
        why = "a scatter body with two conditionals";
        return failure();
      }
      ifOp = i;
    } else if (isa<memref::SubViewOp, memref::CopyOp, memref::AllocOp,
                   linalg::GenericOp>(op)) {
      windowOps.push_back(&op);
    } else if (!isa<memref::LoadOp, arith::IndexCastOp, arith::IndexCastUIOp,
                    arith::CmpIOp, arith::AndIOp, arith::ConstantOp>(op)) {
      why = "'" + op.getName().getStringRef().str() + "' in a scatter body";
      return failure();
    }
  }
  auto yieldsIterArg = [&](Region &r) {
    return !r.empty() &&
           cast<scf::YieldOp>(r.front().getTerminator()).getOperand(0) ==
               iterArg;
  };
  Value bodyYield =
      cast<scf::YieldOp>(innermost.getBody()->getTerminator()).getOperand(0);
  if (ifOp ? (!windowOps.empty() || ifOp->getNumResults() != 1 ||
              bodyYield != ifOp.getResult(0) ||
              !yieldsIterArg(ifOp.getThenRegion()) ||
              !yieldsIterArg(ifOp.getElseRegion()))
           : (windowOps.empty() || bodyYield != iterArg)) {
    why = "a scatter body without its bounds check";
    return failure();
  }
  if (ifOp)
    for (Operation &op : ifOp.getThenRegion().front().without_terminator())
      windowOps.push_back(&op);
  memref::SubViewOp updateView, bufferView;
  memref::CopyOp copy;
  memref::AllocOp sum;
  linalg::GenericOp add;
  for (Operation *windowOp : windowOps) {
    Operation &op = *windowOp;
    if (auto a = dyn_cast<memref::AllocOp>(op); a && !sum) {
      sum = a;
    } else if (auto g = dyn_cast<linalg::GenericOp>(op); g && !add) {
      add = g;
    } else if (auto sv = dyn_cast<memref::SubViewOp>(op)) {
      memref::SubViewOp &slot =
          sv.getSource() == iterArg ? bufferView : updateView;
      if (slot || !llvm::all_of(sv.getMixedStrides(), [](OpFoldResult st) {
            return getConstantIntValue(st) == 1;
          })) {
        why = "a scatter window that is not one unit-stride subview";
        return failure();
      }
      slot = sv;
    } else if (auto c = dyn_cast<memref::CopyOp>(op); c && !copy) {
      copy = c;
    } else {
      why = "a scatter whose update computation does more than return the "
            "update ('" +
            op.getName().getStringRef().str() + "')";
      return failure();
    }
  }
  // Scatter-add: the window plus the update into a temporary, copied back.
  if (add || sum) {
    if (!add || !sum || !updateView || !bufferView || !copy ||
        copy.getSource() != sum.getResult() ||
        copy.getTarget() != bufferView.getResult() ||
        !isScatterAdd(add, bufferView.getResult(), updateView.getResult(),
                      sum.getResult())) {
      why = "a scatter whose update computation is neither the update nor "
            "a float add of it (DMA scatters can only add floats into a row; "
            "an integer add would saturate where StableHLO's wraps)";
      return failure();
    }
    n.accumulate = true;
  } else if (!copy || !updateView || !bufferView ||
             copy.getSource() != updateView.getResult() ||
             copy.getTarget() != bufferView.getResult()) {
    why = "a scatter body that does not copy one update window";
    return failure();
  }
  // The buffer window: constant or loaded starts.
  for (auto [d, ofr] : llvm::enumerate(bufferView.getMixedOffsets())) {
    std::optional<int64_t> size =
        getConstantIntValue(bufferView.getMixedSizes()[d]);
    if (!size) {
      why = "a scatter window of dynamic size";
      return failure();
    }
    n.windowSizes.push_back(*size);
    n.startConst.push_back(0);
    n.startLoad.push_back(-1);
    if (std::optional<int64_t> c = getConstantIntValue(ofr)) {
      n.startConst.back() = *c;
      continue;
    }
    Value v = cast<Value>(ofr);
    unsigned unsignedWidth = 0;
    while (isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(
        v.getDefiningOp())) {
      Operation *cast = v.getDefiningOp();
      v = cast->getOperand(0);
      if (isa<arith::IndexCastUIOp>(cast) && isa<IntegerType>(v.getType()) &&
          v.getType().getIntOrFloatBitWidth() < 32)
        unsignedWidth = v.getType().getIntOrFloatBitWidth();
    }
    auto load = v.getDefiningOp<memref::LoadOp>();
    if (!load || !isa<IntegerType>(load.getType())) {
      why = "a scatter start index that is not loaded from the indices";
      return failure();
    }
    SmallVector<IndexTerm> terms;
    for (Value idx : load.getIndices()) {
      IndexTerm t;
      if (!term(idx, t)) {
        why = "a scatter index load that is not affine in the loops";
        return failure();
      }
      terms.push_back(t);
    }
    n.startLoad.back() = n.loads.size();
    n.loads.push_back({load.getMemRef(), terms});
    n.loadUnsignedWidth.push_back(unsignedWidth);
  }
  n.updates = updateView.getSource();
  for (auto [ofr, size] :
       llvm::zip(updateView.getMixedOffsets(), updateView.getMixedSizes())) {
    IndexTerm t;
    std::optional<int64_t> c = getConstantIntValue(ofr);
    if (c)
      t.constant = *c;
    else if (!term(cast<Value>(ofr), t)) {
      why = "an update window that is not affine in the loops";
      return failure();
    }
    std::optional<int64_t> s = getConstantIntValue(size);
    if (!s || (t.loop >= 0 && *s != 1)) {
      why = "an update window that is not one window per iteration";
      return failure();
    }
    n.updateOffsets.push_back(t);
    n.updateSizes.push_back(*s);
  }
  // The condition must be the bounds check of the loaded starts, which
  // emitScatterNest recomputes: an and-tree of `start >= 0` and
  // `start <= dim - window` (or constants).
  auto bufferType = cast<MemRefType>(bufferView.getSource().getType());
  std::function<bool(Value)> isBoundsCheck = [&](Value v) {
    if (getConstantIntValue(v))
      return true;
    Operation *def = v.getDefiningOp();
    if (auto a = dyn_cast_or_null<arith::AndIOp>(def))
      return isBoundsCheck(a.getLhs()) && isBoundsCheck(a.getRhs());
    auto cmp = dyn_cast_or_null<arith::CmpIOp>(def);
    if (!cmp)
      return false;
    std::optional<int64_t> bound = getConstantIntValue(cmp.getRhs());
    int dim = -1;
    for (auto [d, ofr] : llvm::enumerate(bufferView.getMixedOffsets()))
      if (auto val = dyn_cast<Value>(ofr); val && val == cmp.getLhs())
        dim = static_cast<int>(d);
    if (!bound || dim < 0)
      return false;
    if (cmp.getPredicate() == arith::CmpIPredicate::sge)
      return *bound == 0;
    if (cmp.getPredicate() == arith::CmpIPredicate::sle)
      return *bound == bufferType.getDimSize(dim) - n.windowSizes[dim];
    return false;
  };
  if (ifOp && !isBoundsCheck(ifOp.getCondition())) {
    why = "a scatter condition other than its bounds check";
    return failure();
  }
  // Without the check, every start must be a constant in bounds (what
  // folding the check away means).
  if (!ifOp)
    for (size_t d = 0; d < n.startConst.size(); ++d)
      if (n.startLoad[d] >= 0 || n.startConst[d] < 0 ||
          n.startConst[d] > bufferType.getDimSize(d) - n.windowSizes[d]) {
        why = "a scatter body without its bounds check";
        return failure();
      }
  return n;
}

/// Lowers a scatter nest (StableHLO `scatter` whose update computation
/// returns the update): the innermost loop runs on partitions, 128 updates
/// at a time. Per chunk, the start indices are loaded as [P x 1] columns, the
/// engines form each window's linear element offset in the buffer (exact in
/// fp32 below 2^24 elements) and replace it with -1 when any start is out of
/// bounds, and one `ncore.scatter` with `skip_oob` writes the update windows
/// (spec: scatter; out-of-bounds windows are skipped; for duplicate starts
/// the later update wins, one of the orders the spec allows). A scatter-add
/// (`n.accumulate`) sets the instruction's `accumulate`: the DMA adds each
/// window into its rows, in update order, so duplicate starts add up, as
/// the reference interpreter applies them.
LogicalResult emitScatterNest(Emitter &e, Location loc, const ScatterNest &n,
                              const HbmView &buf, const HbmView &upd,
                              ArrayRef<HbmView> idxViews) {
  int64_t depth = n.ranges.size();
  int64_t inner = n.ranges.back();
  int64_t maxP = e.partitions;
  Type f32 = e.b.getF32Type(), i32 = e.b.getI32Type();
  // The table: the window at the constant starts; row r is r elements on.
  int64_t base = buf.offset, maxOffset = 0;
  SmallVector<int64_t> wc, ws;
  for (size_t d = 0; d < buf.shape.size(); ++d) {
    base += n.startConst[d] * buf.strides[d];
    if (n.startLoad[d] >= 0)
      maxOffset += (buf.shape[d] - n.windowSizes[d]) * buf.strides[d];
    wc.push_back(n.windowSizes[d]);
    ws.push_back(buf.strides[d]);
  }
  if (maxOffset >= (int64_t(1) << 24)) {
    emitError(loc) << "ncore: scatter offsets reach " << maxOffset
                   << " elements; the engines form them exactly in fp32 "
                      "only below 2^24";
    return failure();
  }
  Emitter::normalize(wc, ws);
  if (wc.size() > 4) {
    emitError(loc) << "ncore: a scatter window needs more than 4 free dims";
    return failure();
  }
  int64_t eb = bytesOf(buf.elementType);
  AccessPatternAttr table =
      e.hbm(buf.base + base * eb, 1, 0, buf.elementType, wc, ws);
  int64_t windowElems = 1;
  for (int64_t s : n.windowSizes)
    windowElems *= s;
  // The update windows' free dims (loop-driven dims have size 1).
  SmallVector<int64_t> uc, us;
  for (auto [t, size, stride] :
       llvm::zip(n.updateOffsets, n.updateSizes, upd.strides)) {
    if (t.loop >= 0 || size == 1)
      continue;
    uc.push_back(size);
    us.push_back(stride);
  }
  Emitter::normalize(uc, us);
  if (uc.size() > 4) {
    emitError(loc) << "ncore: a scatter update window needs more than 4 free "
                      "dims";
    return failure();
  }
  // Element offset and partition stride of an affine access at `ivs`.
  auto locate = [&](ArrayRef<IndexTerm> terms, ArrayRef<int64_t> strides,
                    ArrayRef<int64_t> ivs, int64_t &offset, int64_t &pstride) {
    pstride = 0;
    for (auto [t, s] : llvm::zip(terms, strides)) {
      if (t.loop < 0) {
        offset += t.constant * s;
        continue;
      }
      offset += ivs[t.loop] * s;
      if (t.loop == depth - 1)
        pstride += s;
    }
  };
  SmallVector<int64_t> ivs(depth, 0);
  std::function<LogicalResult(int64_t)> walk = [&](int64_t d) -> LogicalResult {
    if (d < depth - 1) {
      for (int64_t i = 0; i < n.ranges[d]; ++i) {
        ivs[d] = i;
        if (failed(walk(d + 1)))
          return failure();
      }
      return success();
    }
    for (int64_t c0 = 0; c0 < inner; c0 += maxP) {
      ivs[d] = c0;
      int64_t p = std::min(maxP, inner - c0);
      e.nextSlotSet();
      auto column = [&](Type t) -> FailureOr<AccessPatternAttr> {
        FailureOr<int64_t> at = e.allocSlot(4, loc);
        if (failed(at))
          return failure();
        return e.sbuf(*at, p, t, {});
      };
      FailureOr<AccessPatternAttr> offset = column(f32), ok = column(f32),
                                   tmp = column(f32), index = column(i32);
      if (failed(offset) || failed(ok) || failed(tmp) || failed(index))
        return failure();
      e.memset(loc, *offset, 0.0);
      e.memset(loc, *ok, 1.0);
      for (size_t dim = 0; dim < buf.shape.size(); ++dim) {
        int l = n.startLoad[dim];
        if (l < 0)
          continue;
        const HbmView &iv = idxViews[l];
        int64_t off = iv.offset, ps;
        locate(n.loads[l].second, iv.strides, ivs, off, ps);
        FailureOr<AccessPatternAttr> start = column(iv.elementType);
        if (failed(start))
          return failure();
        e.dma(loc,
              e.hbm(iv.base + off * bytesOf(iv.elementType), p, ps,
                    iv.elementType, {}, {}),
              *start);
        if (unsigned w = n.loadUnsignedWidth[l]) {
          // ui8/ui16 indices read as their signed value: + 2^w where
          // negative (200, not -56).
          FailureOr<AccessPatternAttr> value = column(f32);
          if (failed(value))
            return failure();
          e.b.create<TensorScalarOp>(
              loc, *start, *tmp, AluOp::lt, e.b.getF32FloatAttr(0.0f),
              AluOpAttr::get(e.ctx, AluOp::mul),
              e.b.getF32FloatAttr(std::ldexp(1.0f, static_cast<int>(w))),
              Engine::vector, nullptr, nullptr, nullptr, nullptr, nullptr);
          e.b.create<TensorTensorOp>(loc, AluOp::add, *start, *tmp, *value,
                                     Engine::vector, nullptr, nullptr, nullptr,
                                     nullptr, nullptr);
          start = value;
        }
        // offset += start * stride
        e.b.create<TensorScalarOp>(
            loc, *start, *tmp, AluOp::mul,
            e.b.getF32FloatAttr(static_cast<float>(buf.strides[dim])),
            AluOpAttr::get(e.ctx, AluOp::add), *offset, Engine::vector, nullptr,
            nullptr, nullptr, nullptr, nullptr);
        e.copy(loc, *tmp, *offset, Engine::vector);
        // ok *= (start >= 0) * (start <= dim - window)
        e.b.create<TensorScalarOp>(
            loc, *start, *tmp, AluOp::ge, e.b.getF32FloatAttr(0.0f),
            AluOpAttr::get(e.ctx, AluOp::mul), *ok, Engine::vector, nullptr,
            nullptr, nullptr, nullptr, nullptr);
        e.b.create<TensorScalarOp>(loc, *start, *ok, AluOp::le,
                                   e.b.getF32FloatAttr(static_cast<float>(
                                       buf.shape[dim] - n.windowSizes[dim])),
                                   AluOpAttr::get(e.ctx, AluOp::mul), *tmp,
                                   Engine::vector, nullptr, nullptr, nullptr,
                                   nullptr, nullptr);
      }
      // index = (offset + 1) * ok - 1: -1 (skipped) when out of bounds.
      e.b.create<TensorScalarOp>(
          loc, *offset, *tmp, AluOp::add, e.b.getF32FloatAttr(1.0f),
          AluOpAttr::get(e.ctx, AluOp::mul), *ok, Engine::vector, nullptr,
          nullptr, nullptr, nullptr, nullptr);
      e.b.create<TensorScalarOp>(
          loc, *tmp, *index, AluOp::add, e.b.getF32FloatAttr(-1.0f), nullptr,
          nullptr, Engine::vector, nullptr, nullptr, nullptr, nullptr, nullptr);
      // The update windows, one per partition.
      int64_t uoff = upd.offset, ups;
      locate(n.updateOffsets, upd.strides, ivs, uoff, ups);
      FailureOr<int64_t> rows = e.allocSlot(windowElems * eb, loc);
      if (failed(rows))
        return failure();
      AccessPatternAttr src = e.sbuf(*rows, p, buf.elementType, {windowElems});
      e.dma(loc,
            e.hbm(upd.base + uoff * bytesOf(upd.elementType), p, ups,
                  upd.elementType, uc, us),
            src);
      // Chunks go to different queues; `schedule` orders them, as each
      // writes the table (and with `accumulate` reads it too).
      e.b.create<ScatterOp>(
          loc, src, *index, table, static_cast<uint64_t>(maxOffset + 1), 1,
          true, n.accumulate, Engine::dma, e.b.getI32IntegerAttr(e.nextQueue()),
          nullptr, nullptr, nullptr, nullptr);
    }
    return success();
  };
  return walk(0);
}

struct LinalgToNcorePass : systole::impl::LinalgToNcoreBase<LinalgToNcorePass> {
  using LinalgToNcoreBase::LinalgToNcoreBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<systole::TargetDesc> loaded =
        systole::loadTargetFor(module, target);
    if (failed(loaded))
      return signalPassFailure();
    func::FuncOp main = systole::findEntryFunction(module);
    if (!main || main.isExternal() || !main->hasAttr("systole.hbm_bytes")) {
      module.emitError()
          << "ncore: expected a placed @main (run systole-place first)";
      return signalPassFailure();
    }
    OpBuilder mb(module.getContext());
    mb.setInsertionPoint(main);
    auto program = mb.create<ProgramOp>(main.getLoc(), "main", loaded->name());
    if (target != loaded->name())
      program.setTargetDescAttr(mb.getStringAttr(loaded->DebugString()));
    Emitter e(program, *loaded);
    if (failed(declare(e, main, module)) ||
        failed(lowerBody(e, main, module))) {
      program.erase();
      return signalPassFailure();
    }
    // The program replaces @main and the constants it read.
    SmallVector<Operation *> dead;
    for (Operation &op : module.getBody()->getOperations())
      if (isa<func::FuncOp, memref::GlobalOp>(op))
        dead.push_back(&op);
    for (Operation *op : dead)
      op->erase();
  }

  LogicalResult declare(Emitter &e, func::FuncOp main, ModuleOp module) {
    OpBuilder &b = e.b;
    int in = 0, out = 0;
    for (bool outputs : {false, true}) {
      for (BlockArgument arg : main.getArguments()) {
        unsigned i = arg.getArgNumber();
        bool isOutput =
            static_cast<bool>(main.getArgAttr(i, "bufferize.result"));
        if (isOutput != outputs)
          continue;
        auto type = cast<MemRefType>(arg.getType());
        Type element = type.getElementType();
        if (auto t = main.getArgAttrOfType<TypeAttr>(i, "systole.element_type"))
          element = t.getValue();
        if (!isSupportedElementType(element)) {
          main.emitError() << "ncore: " << (outputs ? "result" : "argument")
                           << " " << i << " of type " << type
                           << " has no NeuronCore element type";
          return failure();
        }
        auto tensor = RankedTensorType::get(type.getShape(), element);
        int64_t address =
            main.getArgAttrOfType<IntegerAttr>(i, kAddressAttr).getInt();
        if (outputs)
          b.create<OutputOp>(main.getLoc(), "result" + std::to_string(out++),
                             tensor, address);
        else
          b.create<InputOp>(main.getLoc(), "arg" + std::to_string(in++), tensor,
                            address);
      }
    }
    for (memref::GlobalOp global : module.getOps<memref::GlobalOp>()) {
      auto address = global->getAttrOfType<IntegerAttr>(kAddressAttr);
      auto value = dyn_cast_or_null<ElementsAttr>(global.getInitialValueAttr());
      if (!address)
        continue;
      if (!value ||
          !isSupportedElementType(global.getType().getElementType())) {
        global.emitError() << "ncore: constant of type " << global.getType()
                           << " has no NeuronCore form";
        return failure();
      }
      b.create<ConstantOp>(global.getLoc(), global.getSymName(),
                           address.getInt(), value);
    }
    int64_t base =
        main->getAttrOfType<IntegerAttr>("systole.hbm_scratch_base").getInt();
    int64_t top =
        main->getAttrOfType<IntegerAttr>("systole.hbm_bytes").getInt();
    if (top > base)
      b.create<ScratchOp>(main.getLoc(), "scratch", base, top - base);
    return success();
  }

  /// Consecutive vector-engine ops over the same rows, emitted tile by tile
  /// together: for each tile of rows, each member's tile in turn, a
  /// member's result staying in SBUF for the members after it (a softmax's
  /// max, exp(x - max), sum and division; a layer norm's mean, variance and
  /// normalization). Intermediates only the group reads never go to HBM,
  /// and an input two members load alike is loaded once per tile.
  struct RowGroup {
    /// The group's ops in program order: members and the fills of their
    /// outputs that members absorb (Kernel::runningInit).
    SmallVector<Operation *> ops;
    SmallVector<linalg::GenericOp> members;
    SmallVector<std::optional<double>> runningInit; // per member
    SmallVector<HbmView> outputs;                   // per member
    SmallVector<SmallVector<HbmView>> inputs;       // per member
    /// When the first member is a contraction's evacuation epilogue that
    /// reads C from PSUM (RowContraction; `ops` starts with the
    /// contraction): the layout, the epilogue's input that is C, and its
    /// loops along C's M (the partitions) and batch loops.
    std::optional<RowContraction> rows;
    unsigned cInput = 0, mLoop = 0;
    SmallVector<unsigned> batchLoops;
    /// When the group ends in a contraction whose A is a member's result
    /// (TailContraction; the contraction is the last of `ops`).
    std::optional<TailContraction> tail;
  };

  /// The value of `fill` when it is a constant fill of `buffer`.
  static std::optional<double> fillValue(Operation *op, Value buffer) {
    auto fill = dyn_cast_or_null<linalg::FillOp>(op);
    if (!fill || fill.getDpsInits()[0] != buffer)
      return std::nullopt;
    Attribute v;
    if (!matchPattern(fill.getDpsInputs()[0], m_Constant(&v)))
      return std::nullopt;
    if (auto f = dyn_cast<FloatAttr>(v))
      return f.getValueAsDouble();
    if (auto i = dyn_cast<IntegerAttr>(v))
      return integerImmediate(i);
    return std::nullopt;
  }

  /// Whether `op` may join `g` (RowGroup), given the fill right before it
  /// (nullptr if none), which it absorbs when it is a reduction. Members:
  /// - `linalg.generic`s with one output, no `memref.load`s, tiled
  ///   (systole-tile) the same way as the group (loop ranges, tile sizes,
  ///   partition loop), with at most one loop other than the partition one
  ///   in a tile and every reduction loop in one tile; a reduction starts
  ///   from a constant fill just before it;
  /// - an input another member writes is read through that member's output
  ///   map (the same elements, tile by tile) and is a float or i1 (kept
  ///   in SBUF as loaded data would be); other inputs are not written by
  ///   the group;
  /// - the output overlaps no member's output unless it is the same buffer
  ///   value and view written through the same map (bufferization gives a
  ///   softmax's sum the buffer of its max; a later member reading it gets
  ///   the last writer's result), nor an input a member loads unless it is the
  ///   same view read through the same map (each tile then reads its elements
  ///   before writing them: `place` reuses the bytes of a softmax's scores
  ///   for its result) or no tile writes bytes a later tile reads
  ///   (writesBehindReads: a bf16 result over f32 scores).
  bool joinsRowGroup(RowGroup &g, linalg::GenericOp op, Operation *fill,
                     func::FuncOp main, ModuleOp module) {
    if (op.getNumDpsInits() != 1 ||
        !op.getBody()->getOps<memref::LoadOp>().empty() ||
        !llvm::all_of(op->getOperands(),
                      [](Value v) { return isa<MemRefType>(v.getType()); }))
      return false;
    FailureOr<systole::TilingDecision> tiling = systole::getTiling(op);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
    // Rows on the partitions: a tile never reduces across them.
    if (failed(tiling) || tiling->partition < 0 ||
        iters[tiling->partition] != utils::IteratorType::parallel)
      return false;
    int64_t freeLoops = 0;
    for (size_t d = 0; d < ranges.size(); ++d) {
      int64_t count =
          std::min(std::max<int64_t>(1, tiling->tiles[d]), ranges[d]);
      if (iters[d] != utils::IteratorType::parallel && count != ranges[d])
        return false;
      if (static_cast<int64_t>(d) != tiling->partition && count > 1)
        ++freeLoops;
    }
    if (freeLoops > 1)
      return false;
    std::optional<double> init;
    if (op.getNumReductionLoops() > 0) {
      init = fillValue(fill, op.getDpsInits()[0]);
      if (!init)
        return false;
    }
    if (!g.members.empty()) {
      linalg::GenericOp first = g.members.front();
      FailureOr<systole::TilingDecision> t0 = systole::getTiling(first);
      if (first.getStaticLoopRanges() != ranges ||
          t0->partition != tiling->partition || t0->tiles != tiling->tiles)
        return false;
    }
    // Quietly: ops that fail here are reported by lowerOp.
    ScopedDiagnosticHandler quiet(main.getContext(),
                                  [](Diagnostic &) { return success(); });
    auto view = [&](Value v) {
      return resolveView(v, main, module, op.getLoc());
    };
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    FailureOr<HbmView> out = view(op.getDpsInits()[0]);
    if (failed(out))
      return false;
    SmallVector<HbmView> inputs;
    for (auto [i, in] : llvm::enumerate(op.getDpsInputs())) {
      FailureOr<HbmView> v = view(in);
      if (failed(v))
        return false;
      inputs.push_back(*v);
      // The last member that writes it (an earlier one may have written
      // the same buffer, which `place` reuses: a softmax's max and sum).
      auto producer =
          llvm::find_if(llvm::reverse(g.members), [&](linalg::GenericOp m) {
            return m.getDpsInits()[0] == in;
          });
      if (producer != llvm::reverse(g.members).end()) {
        Type t = v->elementType;
        if (maps[i] != producer->getIndexingMapsArray().back() ||
            !(isa<FloatType>(t) || t.isInteger(1)))
          return false;
        continue;
      }
      for (const HbmView &o : g.outputs)
        if (overlaps(*v, o))
          return false;
    }
    for (auto [m, member] : llvm::enumerate(g.members)) {
      SmallVector<AffineMap> mMaps = member.getIndexingMapsArray();
      // The same elements of the same view, tile by tile, may be written
      // again: each tile's later member overwrites what its earlier one
      // wrote, as the ops one after the other would. A result only the
      // group reads never reaches HBM (usedOutsideGroup: members that join
      // later only take users away): any bytes may be written over it
      // (`place` gives an attention block's probabilities the bytes of its
      // masked scores).
      if (overlaps(*out, g.outputs[m]) &&
          usedOutsideGroup(member.getDpsInits()[0], g) &&
          !(member.getDpsInits()[0] == op.getDpsInits()[0] &&
            sameView(*out, g.outputs[m]) && mMaps.back() == maps.back()))
        return false;
      // Inputs an earlier member computes are read on chip, not from HBM.
      auto computed = [&](size_t i) {
        Value v = member.getDpsInputs()[i];
        return llvm::any_of(
            ArrayRef(g.members).take_front(m),
            [&](linalg::GenericOp p) { return p.getDpsInits()[0] == v; });
      };
      for (auto [i, in] : llvm::enumerate(g.inputs[m]))
        if (!(g.rows && m == 0 && i == g.cInput) && !computed(i) &&
            overlaps(*out, in) &&
            !(sameView(*out, in) && mMaps[i] == maps.back()) &&
            !writesBehindReads(*out, maps.back(), in, mMaps[i], ranges,
                               tiling->tiles))
          return false;
    }
    g.members.push_back(op);
    g.runningInit.push_back(init);
    g.outputs.push_back(*out);
    g.inputs.push_back(std::move(inputs));
    return true;
  }

  /// `op` as a Contraction (matchContraction) of its operands' HBM views;
  /// failure when a view does not resolve (reported) or `op` is no such
  /// contraction.
  static FailureOr<Contraction>
  resolveContraction(linalg::LinalgOp op, func::FuncOp main, ModuleOp module) {
    SmallVector<HbmView> views;
    for (OpOperand &operand : op->getOpOperands()) {
      FailureOr<HbmView> v =
          resolveView(operand.get(), main, module, op->getLoc());
      if (failed(v))
        return failure();
      views.push_back(*v);
    }
    return matchContraction(op, views);
  }

  /// Whether `generic`, the op right after the tensor-engine contraction
  /// `op`, starts a group (an empty `g`) as its first member reading C from
  /// PSUM (RowGroup::rows): `generic` is the contraction's evacuation
  /// epilogue (matchContractionEpilogue) over one free loop along C's N,
  /// tiled with C's M on the partitions in blocks of the PE columns and all
  /// of N in one tile, and the operand blocks and two blocks' rows fit
  /// (layoutRowContraction). The group is kept only if members join it.
  bool startsRowContraction(Emitter &e, RowGroup &g, Operation *op,
                            linalg::GenericOp generic, func::FuncOp main,
                            ModuleOp module) {
    auto mm = cast<linalg::LinalgOp>(op);
    if (!zeroFills.contains(op) || !isTensorEngineContraction(mm))
      return false;
    ScopedDiagnosticHandler quiet(main.getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<Contraction> ct = resolveContraction(mm, main, module);
    if (failed(ct))
      return false;
    std::optional<Epilogue> epi =
        matchContractionEpilogue(e, mm, *ct, main, module);
    if (!epi || epi->nLoops.size() != 1 || nextComputation(op) != generic)
      return false;
    FailureOr<RowContraction> rc = layoutRowContraction(e, *ct);
    FailureOr<systole::TilingDecision> tiling = systole::getTiling(generic);
    if (failed(rc) || failed(tiling))
      return false;
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    auto count = [&](unsigned d) {
      return std::min(std::max<int64_t>(1, tiling->tiles[d]), ranges[d]);
    };
    unsigned mLoop = epi->mLoop, nLoop = epi->nLoops[0];
    if (tiling->partition != static_cast<int64_t>(mLoop) ||
        count(mLoop) !=
            std::min<int64_t>(e.target.pe_columns(), ranges[mLoop]) ||
        count(nLoop) != ranges[nLoop] ||
        llvm::any_of(epi->batchLoops,
                     [&](unsigned l) { return count(l) != 1; }))
      return false;
    RowGroup trial;
    trial.rows = std::move(*rc);
    trial.cInput = epi->cInput;
    trial.mLoop = mLoop;
    trial.batchLoops = epi->batchLoops;
    if (!joinsRowGroup(trial, generic, nullptr, main, module))
      return false;
    g = std::move(trial);
    return true;
  }

  /// Whether `g`'s contraction may run tile by tile with its members: no
  /// member stores its result (usedOutsideGroup) to bytes of A or B, which
  /// the contraction reads for later tiles (`place` may reuse the bytes of
  /// operands that die at the contraction). Results only the group reads
  /// never reach HBM.
  static bool rowContractionFits(const RowGroup &g) {
    for (size_t m = 0; m < g.members.size(); ++m)
      if (usedOutsideGroup(linalg::GenericOp(g.members[m]).getDpsInits()[0],
                           g) &&
          (overlaps(g.outputs[m], g.rows->ct.a) ||
           overlaps(g.outputs[m], g.rows->ct.b)))
        return false;
    return true;
  }

  /// Whether the tensor-engine contraction `op`, after `g`'s last member
  /// (with only its zero fill between), ends `g` (TailContraction): `g` has
  /// at least two members; `op` leads no group (findRowGroups); A is the
  /// result of member m, whose tile holds A's rows: m's partition loop runs
  /// along A's M (in blocks of at most the PE columns), its one free loop
  /// in the tile along all of A's K, and its other loops of more than one
  /// iteration along A's batch loops, with A's strides (the same view);
  /// C's rows fit
  /// (layoutTailContraction); C overlaps neither an HBM input of the group
  /// (read by later tiles), B, nor a member's stored result; and no
  /// member's result overlaps B. When the op after it is its evacuation
  /// epilogue (matchContractionEpilogue) over one free loop, whose result
  /// keeps clear of the same bytes and whose other inputs no member writes,
  /// the epilogue runs on each tile's PSUM rows and joins `g` too.
  bool endsRowGroup(Emitter &e, RowGroup &g, Operation *op, func::FuncOp main,
                    ModuleOp module) {
    auto mm = cast<linalg::LinalgOp>(op);
    if (!tailsAllowed || g.tail || g.members.size() < 2 ||
        leadingContractions.contains(op) || !zeroFills.contains(op) ||
        !isTensorEngineContraction(mm))
      return false;
    ScopedDiagnosticHandler quiet(main.getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<Contraction> ct = resolveContraction(mm, main, module);
    if (failed(ct))
      return false;
    Value a = mm.getDpsInputs()[0];
    auto producer =
        llvm::find_if(llvm::reverse(g.members), [&](linalg::GenericOp m) {
          return m.getDpsInits()[0] == a;
        });
    if (producer == llvm::reverse(g.members).end())
      return false;
    unsigned m = std::distance(g.members.begin(), producer.base()) - 1;
    linalg::GenericOp member = g.members[m];
    if (!sameView(g.outputs[m], ct->a))
      return false;
    FailureOr<systole::TilingDecision> tiling = systole::getTiling(member);
    SmallVector<int64_t> ranges = member.getStaticLoopRanges();
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(tiling) ||
        failed(operandLayout(g.outputs[m], member.getIndexingMapsArray().back(),
                             SmallVector<int64_t>(ranges.size(), 0), strides,
                             offset)))
      return false;
    auto count = [&](size_t d) {
      return std::min(std::max<int64_t>(1, tiling->tiles[d]), ranges[d]);
    };
    size_t p = tiling->partition;
    if (ranges[p] != ct->M || strides[p] != ct->sAm ||
        count(p) > e.target.pe_columns())
      return false;
    // The free loop along K, and the batch loops in the order of A's.
    std::optional<size_t> kLoop;
    SmallVector<size_t> others;
    for (size_t d = 0; d < ranges.size(); ++d) {
      if (d == p || ranges[d] == 1)
        continue;
      if (count(d) > 1) {
        if (kLoop || count(d) != ranges[d])
          return false;
        kLoop = d;
      } else {
        others.push_back(d);
      }
    }
    if (!kLoop || ranges[*kLoop] != ct->K || strides[*kLoop] != ct->sAk)
      return false;
    SmallVector<int64_t> batchLoops;
    for (auto [size, stride] : llvm::zip(ct->batchSizes, ct->sAb)) {
      if (size == 1) {
        batchLoops.push_back(-1);
        continue;
      }
      auto it = llvm::find_if(others, [&](size_t d) {
        return ranges[d] == size && strides[d] == stride;
      });
      if (it == others.end())
        return false;
      batchLoops.push_back(*it);
      others.erase(it);
    }
    if (!others.empty())
      return false;
    // C (or its epilogue's result) is written tile by tile: nothing the
    // group reads later, nor what its members store, may share its bytes;
    // and what the tiles read from HBM (B, the epilogue's other inputs), no
    // member may write.
    SmallVector<HbmView> kept{ct->b};
    if (g.rows) {
      kept.push_back(g.rows->ct.a);
      kept.push_back(g.rows->ct.b);
    }
    for (size_t j = 0; j < g.members.size(); ++j) {
      llvm::append_range(kept, g.inputs[j]);
      if (usedOutsideGroup(g.members[j].getDpsInits()[0], g))
        kept.push_back(g.outputs[j]);
    }
    auto writable = [&](const HbmView &out) {
      return llvm::none_of(kept,
                           [&](const HbmView &v) { return overlaps(out, v); });
    };
    auto unwritten = [&](const HbmView &in) {
      return llvm::none_of(g.outputs,
                           [&](const HbmView &o) { return overlaps(in, o); });
    };
    if (!writable(ct->c) || !unwritten(ct->b))
      return false;
    // C's evacuation epilogue (the PV result's convert and transpose), one
    // [mt x N] PSUM tile at a time.
    std::optional<Epilogue> epi =
        matchContractionEpilogue(e, mm, *ct, main, module);
    Operation *epiOp = epi ? nextComputation(op) : nullptr;
    if (epi) {
      auto generic = cast<linalg::GenericOp>(epiOp);
      FailureOr<HbmView> out =
          resolveView(generic.getDpsInits()[0], main, module, op->getLoc());
      bool ok = epi->nLoops.size() == 1 && succeeded(out) && writable(*out);
      for (auto [i, in] : llvm::enumerate(generic.getDpsInputs())) {
        if (!ok || i == epi->cInput)
          continue;
        FailureOr<HbmView> v = resolveView(in, main, module, op->getLoc());
        ok = succeeded(v) && unwritten(*v);
      }
      if (!ok) {
        epi.reset();
        epiOp = nullptr;
      }
    }
    int64_t top = g.rows ? g.rows->base : e.sbufBytes;
    int64_t firstBank = g.rows ? 2 * g.rows->blockBanks : 0;
    FailureOr<TailContraction> tcn =
        layoutTailContraction(e, *ct, top, firstBank, epi);
    if (failed(tcn) && epi && epi->canShrinkRing()) {
      epi->shrinkRing();
      tcn = layoutTailContraction(e, *ct, top, firstBank, epi);
    }
    if (failed(tcn) && epi)
      tcn = layoutTailContraction(e, *ct, top, firstBank);
    if (failed(tcn))
      return false;
    if (!tcn->epilogue)
      epiOp = nullptr;
    tcn->op = op;
    tcn->epilogueOp = epiOp;
    tcn->member = m;
    tcn->batchLoops = std::move(batchLoops);
    g.tail = std::move(*tcn);
    return true;
  }

  /// `g`'s other members without its contraction and first member (the
  /// contraction's epilogue, lowered with it instead), grouped as
  /// findRowGroups would: a member that cannot join the group before it
  /// (reading the epilogue's result from HBM now, which a member may have
  /// written over) starts the next one.
  std::vector<RowGroup>
  withoutRowContraction(const RowGroup &g, func::FuncOp main, ModuleOp module) {
    std::vector<RowGroup> groups(1);
    Operation *fill = nullptr;
    for (Operation *op : ArrayRef<Operation *>(g.ops).drop_front(2)) {
      if (isa<linalg::FillOp>(op)) {
        fill = op;
        continue;
      }
      // A contraction that ends `g` is lowered by itself (with its
      // epilogue).
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic ||
          (g.tail && (op == g.tail->op || op == g.tail->epilogueOp)))
        continue;
      if (!joinsRowGroup(groups.back(), generic, fill, main, module)) {
        groups.emplace_back();
        if (!joinsRowGroup(groups.back(), generic, fill, main, module)) {
          groups.back() = RowGroup();
          fill = nullptr;
          continue;
        }
      }
      // Fills in `g` are those its members absorbed.
      if (fill && groups.back().runningInit.back())
        groups.back().ops.push_back(fill);
      groups.back().ops.push_back(op);
      fill = nullptr;
    }
    return groups;
  }

  /// Finds the row groups of @main (findRowGroupsOnce), twice: the
  /// contractions that lead a group when no group ends in a contraction
  /// stay leads, and the others may end groups. A contraction that could do
  /// both (an MLP's hidden matmul, after one group and before the next)
  /// keeps its result on chip as a lead; as a tail, its A.
  void findRowGroups(Emitter &e, func::FuncOp main, ModuleOp module) {
    tailsAllowed = false;
    findRowGroupsOnce(e, main, module);
    for (const RowGroup &g : rowGroups)
      if (g.rows)
        leadingContractions.insert(g.ops.front());
    rowGroups.clear();
    tailsAllowed = true;
    findRowGroupsOnce(e, main, module);
    for (auto [i, g] : llvm::enumerate(rowGroups))
      for (Operation *op : g.ops)
        rowGroupOf[op] = i;
  }
  /// Whether findRowGroupsOnce may end groups in contractions, and the
  /// contractions it may not take (those that led groups without tails).
  bool tailsAllowed = false;
  DenseSet<Operation *> leadingContractions;

  /// Finds row groups (RowGroup, joinsRowGroup): runs of members with only
  /// allocations, views, constants and their absorbed fills in between. An
  /// op right after a tensor-engine op (its possible evacuation epilogue)
  /// does not join unless it starts a group with that op.
  void findRowGroupsOnce(Emitter &e, func::FuncOp main, ModuleOp module) {
    RowGroup cur;
    Operation *pendingFill = nullptr;
    auto close = [&] {
      if (cur.rows && !rowContractionFits(cur)) {
        for (RowGroup &rest : withoutRowContraction(cur, main, module))
          if (rest.members.size() >= 2)
            rowGroups.push_back(std::move(rest));
        cur = RowGroup();
        return;
      }
      if (cur.members.size() >= 2)
        rowGroups.push_back(std::move(cur));
      cur = RowGroup();
    };
    Operation *afterTensorEngine = nullptr, *contraction = nullptr;
    for (Operation &op : main.getBody().front()) {
      if (isa<memref::AllocOp, memref::GetGlobalOp, arith::ConstantOp>(op) ||
          isa<ViewLikeOpInterface>(op)) {
        // nextComputation does not skip constants' globals: the op after
        // one that follows a tensor-engine op is not taken as its epilogue
        // today, but is kept out of groups all the same.
        if (&op == afterTensorEngine)
          afterTensorEngine = nextComputation(&op);
        continue;
      }
      bool mayBeEpilogue = &op == afterTensorEngine;
      afterTensorEngine = nullptr;
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && onTensorEngine(linalgOp, e.target, main, module)) {
        afterTensorEngine = nextComputation(&op);
        contraction = &op;
        if (!pendingFill && endsRowGroup(e, cur, &op, main, module)) {
          cur.ops.push_back(&op);
          if (cur.tail->epilogueOp)
            cur.ops.push_back(cur.tail->epilogueOp);
          contraction = nullptr; // not also the start of the next group
        }
        pendingFill = nullptr;
        close();
        continue;
      }
      // A tensor-engine op's zero fill emits nothing.
      if (elidedFills.contains(&op))
        continue;
      if (isa<linalg::FillOp>(op)) {
        if (pendingFill)
          close(); // a fill nobody absorbed ends the group
        pendingFill = &op;
        continue;
      }
      auto generic = dyn_cast<linalg::GenericOp>(op);
      Operation *fill = pendingFill;
      pendingFill = nullptr;
      Operation *producer = mayBeEpilogue ? contraction : nullptr;
      contraction = nullptr;
      if (generic && producer &&
          startsRowContraction(e, cur, producer, generic, main, module)) {
        cur.ops.push_back(producer);
        cur.ops.push_back(&op);
        continue;
      }
      if (!generic || mayBeEpilogue) {
        close();
        continue;
      }
      RowGroup before = cur;
      if (!joinsRowGroup(cur, generic, fill, main, module)) {
        close();
        if (!joinsRowGroup(cur, generic, fill, main, module))
          continue;
      }
      // An unabsorbed fill before a member: the group ends before it.
      bool absorbed = cur.runningInit.back().has_value();
      if (fill && !absorbed && cur.members.size() > 1) {
        cur = std::move(before);
        close();
        if (!joinsRowGroup(cur, generic, fill, main, module))
          continue;
        absorbed = cur.runningInit.back().has_value();
      }
      if (fill && absorbed)
        cur.ops.push_back(fill);
      cur.ops.push_back(&op);
    }
    close();
  }

  /// Whether anything but `g`'s ops may read `out`'s bytes: true unless
  /// `out` is a view of a `memref.alloc` whose users, through every view of
  /// it, are `g`'s ops (and deallocations).
  static bool usedOutsideGroup(Value out, const RowGroup &g) {
    Value root = out;
    while (auto view = root.getDefiningOp<ViewLikeOpInterface>())
      root = view.getViewSource();
    if (!root.getDefiningOp<memref::AllocOp>())
      return true;
    SmallVector<Value> work{root};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            view && view.getViewSource() == v) {
          work.push_back(user->getResult(0));
          continue;
        }
        if (!isa<memref::DeallocOp>(user) && !llvm::is_contained(g.ops, user))
          return true;
      }
    }
    return false;
  }

  /// Emits `g`'s tiles (RowGroup); when they do not fit in SBUF (or a
  /// member fails), takes them back and emits the ops one by one.
  LogicalResult emitRowGroup(Emitter &e, const RowGroup &g, func::FuncOp main,
                             ModuleOp module) {
    SmallVector<Kernel, 0> kernels;
    bool built = true;
    {
      ScopedDiagnosticHandler quiet(main.getContext(),
                                    [](Diagnostic &) { return success(); });
      for (size_t m = 0; m < g.members.size(); ++m) {
        linalg::GenericOp member = g.members[m];
        FailureOr<Kernel> k =
            buildKernel(member, *systole::getTiling(member), main, module);
        if (failed(k)) {
          built = false;
          break;
        }
        k->runningInit = g.runningInit[m];
        // Stored unless only the group (and the fills it absorbed) uses
        // its buffer, through any view of it.
        k->store = usedOutsideGroup(member.getDpsInits()[0], g);
        kernels.push_back(std::move(*k));
      }
    }
    Block *block = e.b.getInsertionBlock();
    Operation *last = block->empty() ? nullptr : &block->back();
    EmitterState saved = e;
    if (built) {
      ScopedDiagnosticHandler quiet(main.getContext(), [](Diagnostic &d) {
        return success(d.getSeverity() == DiagnosticSeverity::Error);
      });
      if (succeeded(emitRowGroupTiles(e, g, kernels)))
        return success();
    }
    while (!block->empty() && &block->back() != last)
      block->back().erase();
    static_cast<EmitterState &>(e) = saved;
    e.forgetColumns();
    bool ok = true;
    for (Operation *op : g.ops)
      if (!fusedOps.contains(op) && failed(lowerOp(e, op, main, module)))
        ok = false;
    return success(ok);
  }

  /// The tiles of `g`, all members' tiles of one set of rows after another.
  LogicalResult emitRowGroupTiles(Emitter &e, const RowGroup &g,
                                  SmallVector<Kernel, 0> &kernels) {
    e.forgetColumns();
    const Kernel &k0 = kernels.front();
    size_t n = k0.ranges.size(), members = kernels.size();
    int64_t tiles = 1;
    for (size_t d = 0; d < n; ++d) {
      int64_t step = std::max<int64_t>(1, k0.tiling.tiles[d]);
      tiles *= (k0.ranges[d] + step - 1) / step;
    }
    if (tiles > kMaxTilesPerOp)
      return failure();
    e.tilesEmitted += tiles * static_cast<int64_t>(members);
    if (e.tilesEmitted > kMaxTilesPerProgram)
      return failure();
    // Where each member's inputs come from: another member's result, an
    // input an earlier member loads alike, or HBM.
    enum class From { Hbm, Result, Loaded };
    struct Source {
      From from = From::Hbm;
      size_t member = 0, input = 0;
    };
    SmallVector<SmallVector<Source>> sources(members);
    for (size_t m = 0; m < members; ++m) {
      linalg::GenericOp op = g.members[m];
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      for (auto [i, in] : llvm::enumerate(op.getDpsInputs())) {
        Source src;
        // A member's result first: `place` may have put it at the bytes of
        // a buffer an earlier member loaded (the same view). The last
        // member before this one that writes it (joinsRowGroup lets
        // members write the same view again, tile by tile).
        for (size_t p = 0; p < m; ++p) {
          linalg::GenericOp producer = g.members[p];
          if (producer.getDpsInits()[0] == in)
            src = {From::Result, p, 0};
        }
        // Loaded data of other types may be in a form only its first
        // reader wants (unsigned values: TileEmitter::load).
        Type t = g.inputs[m][i].elementType;
        bool shareable = isa<FloatType>(t) || t.isInteger(1);
        for (size_t p = 0; p < m && shareable && src.from == From::Hbm; ++p) {
          // Not when a member from p on writes those bytes.
          bool rewritten = false;
          for (size_t q = p; q < m; ++q)
            rewritten |= overlaps(g.outputs[q], g.inputs[m][i]);
          if (rewritten)
            continue;
          linalg::GenericOp reader = g.members[p];
          SmallVector<AffineMap> pMaps = reader.getIndexingMapsArray();
          for (size_t j = 0; j < g.inputs[p].size(); ++j)
            if (sameView(g.inputs[p][j], g.inputs[m][i]) &&
                pMaps[j] == maps[i]) {
              src = {From::Loaded, p, j};
              break;
            }
        }
        sources[m].push_back(src);
      }
    }
    SmallVector<Operand> results(members);
    SmallVector<SmallVector<Operand>> loaded(members);
    for (size_t m = 0; m < members; ++m) {
      kernels[m].tileResult = &results[m];
      kernels[m].loadedInputs = &loaded[m];
    }
    // A contraction's rows: its operand blocks take the top of SBUF, which
    // the ring leaves alone until the group is done (and the columns the
    // ring remembers are forgotten: their offsets were taken in the smaller
    // ring).
    std::optional<RowContraction> rows = g.rows;
    std::optional<TailContraction> tail = g.tail;
    int64_t fullSbuf = e.sbufBytes;
    if (rows)
      e.sbufBytes = rows->base;
    if (tail)
      e.sbufBytes = tail->base;
    auto restore = llvm::make_scope_exit([&] {
      if (rows || tail) {
        e.sbufBytes = fullSbuf;
        e.forgetColumns();
      }
    });
    // The tail's block for a tile is emitted after the next tile's leading
    // block: each engine runs its instructions in order, and the tensor
    // engine computes the next scores while the members' engines finish
    // this tile's rows.
    struct TailBlock {
      int64_t bi, m0, mt;
      Operand a;
    };
    std::optional<TailBlock> pendingTail;
    auto flushTail = [&] {
      LogicalResult ok = success();
      if (pendingTail)
        ok = emitTailContractionBlock(e, tail->op->getLoc(), *tail,
                                      pendingTail->bi, pendingTail->m0,
                                      pendingTail->mt, pendingTail->a);
      pendingTail.reset();
      return ok;
    };
    LogicalResult result = forEachTile(
        k0, [&](ArrayRef<int64_t> origin, ArrayRef<int64_t> counts) {
          Operand cRows;
          if (rows) {
            int64_t bi = 0;
            for (auto [j, loop] : llvm::enumerate(g.batchLoops))
              bi = bi * rows->ct.batchSizes[j] + origin[loop];
            cRows.kind = Operand::Tile;
            cRows.memory = Memory::psum;
            cRows.type = Float32Type::get(e.ctx);
            cRows.offset =
                emitRowContractionBlock(e, g.ops.front()->getLoc(), *rows, bi,
                                        origin[g.mLoop], counts[g.mLoop]);
          }
          if (failed(flushTail()))
            return failure();
          e.groupStartCounter = e.ringCounter;
          auto done = llvm::make_scope_exit([&] { e.groupStartCounter = -1; });
          for (size_t m = 0; m < members; ++m) {
            Kernel &k = kernels[m];
            loaded[m].assign(k.inputs.size(), Operand());
            k.preloaded.clear();
            if (rows && m == 0)
              k.preloaded[g.cInput] = cRows;
            for (auto [i, src] : llvm::enumerate(sources[m])) {
              if (src.from == From::Result)
                k.preloaded[i] = results[src.member];
              else if (src.from == From::Loaded &&
                       loaded[src.member][src.input].kind != Operand::Imm)
                k.preloaded[i] = loaded[src.member][src.input];
            }
            if (failed(emitTile(e, k, origin, counts)))
              return failure();
            // What this member had preloaded counts as loaded for later ones.
            for (auto &[i, o] : k.preloaded)
              loaded[m][i] = o;
          }
          if (tail) {
            const Operand &a = results[tail->member];
            if (a.kind != Operand::Tile || a.memory != Memory::sbuf ||
                a.type != tail->ct.a.elementType)
              return failure();
            int64_t bi = 0;
            for (auto [j, loop] : llvm::enumerate(tail->batchLoops))
              bi = bi * tail->ct.batchSizes[j] + (loop < 0 ? 0 : origin[loop]);
            size_t p = kernels[tail->member].tiling.partition;
            pendingTail = TailBlock{bi, origin[p], counts[p], a};
          }
          return success();
        });
    if (failed(result))
      return failure();
    return flushTail();
  }

  std::vector<RowGroup> rowGroups;
  DenseMap<Operation *, size_t> rowGroupOf;

  /// Ops already emitted as part of another (contraction and convolution
  /// epilogues).
  DenseSet<Operation *> fusedOps;
  /// Tensor-engine contractions and convolutions that start from zero, each
  /// with the fill that zeroes its output; those fills emit nothing (the
  /// first matmul of each accumulation does not accumulate).
  DenseMap<Operation *, Operation *> zeroFills;
  DenseSet<Operation *> elidedFills;
  /// Vector-engine reductions whose every reduction loop lies in one tile,
  /// each with the constant its output was filled with just before: the
  /// fill emits nothing, and each tile combines its result with the
  /// constant instead of the running value in HBM (Kernel::runningInit).
  DenseMap<Operation *, double> filledInits;

  /// The buffer `v` is a view of (through view-like ops and loops that carry
  /// it), or `v`.
  static Value rootBuffer(Value v) {
    while (true) {
      if (auto view = v.getDefiningOp<ViewLikeOpInterface>()) {
        v = view.getViewSource();
        continue;
      }
      // A loop carrying a buffer returns that buffer.
      if (auto loop = v.getDefiningOp<scf::ForOp>()) {
        v = loop.getInitArgs()[cast<OpResult>(v).getResultNumber()];
        continue;
      }
      return v;
    }
  }

  /// The fill of +0.0 into `buffer` that `op` follows, with nothing in
  /// between (at most 16 ops) touching that buffer or a view of it; null
  /// when there is none.
  static Operation *zeroFillBefore(Operation *op, Value buffer) {
    std::optional<double> value;
    Operation *fill = constantFillBefore(op, buffer, value);
    return fill && *value == 0 && !std::signbit(*value) ? fill : nullptr;
  }

  /// The fill of a float constant (`value`) into `buffer` that `op`
  /// follows, with nothing in between (at most 16 ops) touching that buffer
  /// or a view of it; null when there is none.
  static Operation *constantFillBefore(Operation *op, Value buffer,
                                       std::optional<double> &value) {
    Value root = rootBuffer(buffer);
    int budget = 16;
    for (Operation *p = op->getPrevNode(); p && budget-- > 0;
         p = p->getPrevNode()) {
      if (auto fill = dyn_cast<linalg::FillOp>(p);
          fill && fill.getDpsInits()[0] == buffer) {
        Attribute v;
        if (!matchPattern(fill.getDpsInputs()[0], m_Constant(&v)))
          return nullptr;
        auto f = dyn_cast<FloatAttr>(v);
        if (!f)
          return nullptr;
        value = f.getValueAsDouble();
        return p;
      }
      bool touches = false;
      p->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          touches |=
              isa<MemRefType>(operand.getType()) && rootBuffer(operand) == root;
      });
      if (touches)
        return nullptr;
    }
    return nullptr;
  }

  /// The op after `op` that computes: allocations, views and constants,
  /// which emit nothing, are skipped (as PlaceMemory's live ranges skip
  /// them).
  static Operation *nextComputation(Operation *op) {
    Operation *n = op->getNextNode();
    while (n && (isa<memref::AllocOp, arith::ConstantOp>(n) ||
                 isa<ViewLikeOpInterface>(n)))
      n = n->getNextNode();
    return n;
  }

  /// Whether lowerOp emits `op` on the tensor engine (a Contraction or a
  /// Convolution), whose first matmul can start its accumulation from zero.
  static bool onTensorEngine(linalg::LinalgOp op,
                             const systole::TargetDesc &target,
                             func::FuncOp main, ModuleOp module) {
    if (op.getNumDpsInits() != 1 || failed(systole::getTiling(op)))
      return false;
    // Quietly: a probe (an op it cannot resolve is reported by lowerOp).
    ScopedDiagnosticHandler quiet(main.getContext(),
                                  [](Diagnostic &) { return success(); });
    SmallVector<HbmView> views;
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        return false;
      FailureOr<HbmView> v =
          resolveView(operand.get(), main, module, op->getLoc());
      if (failed(v))
        return false;
      views.push_back(*v);
    }
    if (isTensorEngineContraction(op) && succeeded(matchContraction(op, views)))
      return true;
    // A convolution writes every element of its output only when the output
    // is indexed by distinct loops (else the zeros stay where it writes
    // nothing).
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    return generic && views.size() == 3 &&
           generic.getIndexingMapsArray().back().isProjectedPermutation() &&
           succeeded(matchConvolution(generic, views, target));
  }

  /// Fills filledInits: float vector-engine reductions (pooling, say) that
  /// are not in a row group, whose tiles each hold every reduction loop
  /// whole, whose output map indexes distinct loops (every output element
  /// is written), and whose output a float constant fill wrote just before.
  /// Not tensor-engine ops: those read a non-zero initial output from HBM.
  void findFilledReductions(Emitter &e, func::FuncOp main, ModuleOp module) {
    for (Operation &op : main.getBody().front()) {
      // The cheap tests first: onTensorEngine resolves every operand.
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic || rowGroupOf.contains(&op) ||
          generic.getNumDpsInits() != 1 ||
          generic.getNumReductionLoops() == 0 ||
          !isa<FloatType>(getElementTypeOrSelf(generic.getDpsInits()[0])) ||
          !generic.getIndexingMapsArray().back().isProjectedPermutation() ||
          onTensorEngine(generic, e.target, main, module))
        continue;
      FailureOr<systole::TilingDecision> tiling = systole::getTiling(generic);
      if (failed(tiling))
        continue;
      SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
      SmallVector<utils::IteratorType> iterators =
          generic.getIteratorTypesArray();
      bool whole = true;
      for (auto [d, it] : llvm::enumerate(iterators))
        if (it == utils::IteratorType::reduction &&
            (ShapedType::isDynamic(ranges[d]) || tiling->tiles[d] < ranges[d]))
          whole = false;
      if (!whole)
        continue;
      std::optional<double> value;
      if (Operation *fill =
              constantFillBefore(&op, generic.getDpsInits()[0], value)) {
        filledInits[&op] = *value;
        elidedFills.insert(fill);
      }
    }
  }

  LogicalResult lowerBody(Emitter &e, func::FuncOp main, ModuleOp module) {
    bool ok = true;
    {
      // Quietly: lowerOp reports what fails here.
      ScopedDiagnosticHandler quiet(main.getContext(),
                                    [](Diagnostic &) { return success(); });
      for (Operation &op : main.getBody().front()) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        if (!linalgOp || !onTensorEngine(linalgOp, e.target, main, module))
          continue;
        if (Operation *fill = zeroFillBefore(&op, linalgOp.getDpsInits()[0])) {
          zeroFills[&op] = fill;
          elidedFills.insert(fill);
        }
      }
    }
    findRowGroups(e, main, module);
    findFilledReductions(e, main, module);
    for (Operation &op : main.getBody().front()) {
      if (fusedOps.contains(&op))
        continue; // emitted as a contraction's epilogue
      if (auto it = rowGroupOf.find(&op); it != rowGroupOf.end()) {
        const RowGroup &g = rowGroups[it->second];
        if (&op == g.ops.back() && failed(emitRowGroup(e, g, main, module)))
          ok = false;
        continue;
      }
      if (isa<memref::AllocOp, memref::GetGlobalOp, func::ReturnOp,
              arith::ConstantOp, memref::DeallocOp>(op) ||
          isa<ViewLikeOpInterface>(op))
        continue;
      // A zero fill before a matmul or convolution into the same buffer is
      // its first (non-accumulating) step: no instructions.
      if (elidedFills.contains(&op))
        continue;
      if (failed(lowerOp(e, &op, main, module)))
        ok = false;
    }
    return success(ok);
  }

  LogicalResult lowerOp(Emitter &e, Operation *op, func::FuncOp main,
                        ModuleOp module) {
    auto view = [&](Value v) {
      return resolveView(v, main, module, op->getLoc());
    };
    // Writing zero elements (a pad or slice to an empty tensor) does nothing.
    auto empty = [](Value v) {
      auto type = dyn_cast<MemRefType>(v.getType());
      return type && type.hasStaticShape() && type.getNumElements() == 0;
    };
    if (auto copy = dyn_cast<memref::CopyOp>(op);
        copy && empty(copy.getTarget()))
      return success();
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        linalgOp && linalgOp.getNumDpsInits() > 0 &&
        llvm::all_of(linalgOp.getDpsInits(), empty))
      return success();
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      FailureOr<HbmView> src = view(copy.getSource()),
                         dst = view(copy.getTarget());
      if (failed(src) || failed(dst))
        return failure();
      Kernel k{op->getLoc()};
      k.ranges = dst->shape;
      k.iterators.assign(k.ranges.size(), utils::IteratorType::parallel);
      AffineMap id =
          AffineMap::getMultiDimIdentityMap(k.ranges.size(), op->getContext());
      k.inputs = {*src};
      k.inputMaps = {id};
      k.output = *dst;
      k.outputMap = id;
      k.copy = true;
      // A body-less copy: one block argument stands for the input.
      Block block;
      block.addArgument(src->elementType, op->getLoc());
      k.body = &block;
      k.tiling = systole::decideTiling(k.ranges, k.iterators,
                                       bytesOf(src->elementType) +
                                           bytesOf(dst->elementType),
                                       e.sbufBytes, e.partitions);
      LogicalResult result = emitKernelWidened(e, k);
      block.eraseArguments(0, 1);
      return result;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::string why;
      FailureOr<ScatterNest> nest = matchScatterNest(loop, why);
      if (failed(nest)) {
        op->emitError() << "ncore: 'scf.for' has no NeuronCore lowering ("
                        << why << ")";
        return failure();
      }
      FailureOr<HbmView> buf = view(nest->buffer), upd = view(nest->updates);
      if (failed(buf) || failed(upd))
        return failure();
      SmallVector<HbmView> idx;
      for (auto &[memref, terms] : nest->loads) {
        FailureOr<HbmView> v = view(memref);
        if (failed(v))
          return failure();
        idx.push_back(*v);
      }
      // ui8 data and the signless i8 the linalg phase computes with are
      // the same bytes; the scatter moves bytes.
      auto sameBytes = [](Type a, Type b) {
        return a == b ||
               (isa<IntegerType>(a) && isa<IntegerType>(b) &&
                a.getIntOrFloatBitWidth() == b.getIntOrFloatBitWidth());
      };
      if (!sameBytes(upd->elementType, buf->elementType) ||
          (nest->accumulate && upd->elementType != buf->elementType)) {
        op->emitError() << "ncore: scatter updates and operand differ in type";
        return failure();
      }
      // Read the update's bytes as the buffer's type: a DMA between i8 and
      // ui8 views would convert (and saturate) instead of copying.
      upd->elementType = buf->elementType;
      return emitScatterNest(e, op->getLoc(), *nest, *buf, *upd, idx);
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (isa<scf::WhileOp>(op)) {
      // systole-unroll-while-loops unrolls every loop it can evaluate.
      op->emitError()
          << "ncore: a while loop whose condition the compiler cannot "
             "evaluate at every iteration (it depends on data, or is not "
             "computed in integers), or that is longer than "
             "systole-unroll-while-loops's limits (1024 iterations, 20000 "
             "ops), has no NeuronCore lowering: the instruction streams have "
             "no branches, and loops are unrolled";
      return failure();
    }
    if (!linalgOp) {
      op->emitError() << "ncore: '" << op->getName()
                      << "' has no NeuronCore lowering yet";
      return failure();
    }
    FailureOr<systole::TilingDecision> tiling = systole::getTiling(op);
    if (failed(tiling)) {
      op->emitError()
          << "ncore: '" << op->getName()
          << "' has no tiling (systole-tile does not handle it yet)";
      return failure();
    }
    if (isTensorEngineContraction(linalgOp)) {
      SmallVector<HbmView> views;
      for (OpOperand &operand : op->getOpOperands()) {
        FailureOr<HbmView> v = view(operand.get());
        if (failed(v))
          return failure();
        views.push_back(*v);
      }
      FailureOr<Contraction> ct = matchContraction(linalgOp, views);
      if (succeeded(ct)) {
        bool zeroInit = zeroFills.contains(op);
        std::optional<Epilogue> epi;
        if (zeroInit)
          epi = matchContractionEpilogue(e, linalgOp, *ct, main, module);
        if (epi)
          fusedOps.insert(nextComputation(op));
        return emitContraction(e, op->getLoc(), *ct, zeroInit,
                               epi ? &*epi : nullptr);
      }
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      SmallVector<HbmView> views;
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<MemRefType>(operand.get().getType()))
          break;
        FailureOr<HbmView> v = view(operand.get());
        if (failed(v))
          return failure();
        views.push_back(*v);
      }
      if (views.size() == 3)
        if (FailureOr<Convolution> cv =
                matchConvolution(generic, views, e.target);
            succeeded(cv)) {
          bool zeroInit = zeroFills.contains(op);
          std::optional<Epilogue> epi;
          if (zeroInit)
            epi = matchConvolutionEpilogue(e, generic, *cv, main, module);
          if (epi)
            fusedOps.insert(nextComputation(op));
          return emitConvolution(e, op->getLoc(), *cv, zeroInit,
                                 epi ? &*epi : nullptr);
        }
    }
    if (linalgOp.getNumDpsInits() != 1) {
      op->emitError() << "ncore: linalg ops with " << linalgOp.getNumDpsInits()
                      << " results are not supported yet";
      return failure();
    }
    FailureOr<Kernel> k = buildKernel(linalgOp, *tiling, main, module);
    if (failed(k))
      return failure();
    if (auto it = filledInits.find(op); it != filledInits.end())
      k->runningInit = it->second;
    return emitKernelWidened(e, *k);
  }

  /// The result positions of `map` that are exactly `loops` (one per loop,
  /// in order); none when a loop is not a plain result of `map`.
  static std::optional<SmallVector<unsigned>>
  resultsOfLoops(AffineMap map, ArrayRef<unsigned> loops) {
    SmallVector<unsigned> dims;
    for (unsigned loop : loops) {
      std::optional<unsigned> d =
          map.getResultPosition(getAffineDimExpr(loop, map.getContext()));
      if (!d)
        return std::nullopt;
      dims.push_back(*d);
    }
    return dims;
  }

  /// The elementwise op right after `producer` (a contraction or a
  /// convolution into C, from zero) as its evacuation epilogue (Epilogue),
  /// when that is the same program:
  /// - the op is an all-parallel `linalg.generic` over C's rank, reading C
  ///   once through a permutation of its loops, without `memref.load`s or
  ///   its running output;
  /// - C is read by nothing else: it is the op's output (updated in place),
  ///   or a temporary whose only users are its zero fill, `producer` and
  ///   the op;
  /// - the op's output does not overlap `reads` (what the producer still
  ///   reads while the epilogue writes) in HBM;
  /// - the op's loops along C's `nDims` (the producer's free loops,
  ///   outermost first) keep that order, the innermost has a contiguous
  ///   output (a transposing consumer, C^T + bias, would store one element
  ///   per DMA descriptor: its own kernel tiles it the other way round),
  ///   and C's other dims than `mDim` have size 1.
  /// With `rowCache` (the producer has several M blocks), inputs that every
  /// partition reads alike get a row cache (Epilogue::rowCacheBytes).
  /// The caller checks that the producer has room for `arenaBytes`.
  std::optional<Epilogue>
  matchEpilogue(Emitter &e, linalg::LinalgOp producer, unsigned mDim,
                ArrayRef<unsigned> nDims, ArrayRef<unsigned> batchDims,
                ArrayRef<HbmView> reads, func::FuncOp main, ModuleOp module,
                bool rowCache = false, bool transposedStore = false) {
    Value c = producer.getDpsInits()[0];
    auto cType = cast<MemRefType>(c.getType());
    auto generic =
        dyn_cast_or_null<linalg::GenericOp>(nextComputation(producer));
    if (!generic || generic.getNumDpsInits() != 1 ||
        generic.getNumLoops() != static_cast<unsigned>(cType.getRank()) ||
        generic.getNumReductionLoops() != 0 ||
        !generic.getBody()->getOps<memref::LoadOp>().empty() ||
        !generic.getRegionOutputArgs()[0].use_empty())
      return std::nullopt;
    for (int64_t d = 0; d < cType.getRank(); ++d)
      if (d != mDim && !llvm::is_contained(nDims, d) &&
          !llvm::is_contained(batchDims, d) && cType.getDimSize(d) != 1)
        return std::nullopt;
    std::optional<unsigned> cInput;
    for (auto [i, in] : llvm::enumerate(generic.getDpsInputs())) {
      if (in != c)
        continue;
      if (cInput)
        return std::nullopt;
      cInput = i;
    }
    if (!cInput)
      return std::nullopt;
    Value out = generic.getDpsInits()[0];
    if (out != c) {
      if (!c.getDefiningOp<memref::AllocOp>())
        return std::nullopt;
      for (Operation *user : c.getUsers())
        if (user != producer.getOperation() && user != generic.getOperation() &&
            zeroFills.lookup(producer.getOperation()) != user)
          return std::nullopt;
    }
    AffineMap cMap = generic.getIndexingMapsArray()[*cInput];
    if (!cMap.isPermutation())
      return std::nullopt;
    auto loopOf = [&](unsigned dim) {
      return cast<AffineDimExpr>(cMap.getResult(dim)).getPosition();
    };
    unsigned mLoop = loopOf(mDim);
    SmallVector<unsigned> nLoops;
    for (unsigned d : nDims) {
      nLoops.push_back(loopOf(d));
      if (nLoops.size() > 1 && nLoops.back() <= nLoops[nLoops.size() - 2])
        return std::nullopt;
    }
    if (nLoops.empty())
      return std::nullopt;
    SmallVector<unsigned> batchLoops;
    for (unsigned d : batchDims)
      batchLoops.push_back(loopOf(d));
    int64_t slotBytes = alignTo64(e.target.matmul_max_n() * 4);
    int64_t tileBytes = epilogueTileBytes(e, generic, *cInput, nLoops);
    int64_t mBlocks = (cType.getDimSize(mDim) + e.target.pe_columns() - 1) /
                      e.target.pe_columns();
    int64_t columnSlots = std::clamp<int64_t>(mBlocks, 2, kMaxColumnSlots);
    int64_t columnBytes = columnSlots * 64 * generic.getNumDpsInputs();
    // Row inputs (read alike by every partition: not indexed by the
    // partition loop, but by a free one): a row cache.
    SmallVector<int> rowOrdinal(generic.getNumDpsInputs(), -1);
    int numRows = 0;
    for (auto [i, map] : llvm::enumerate(generic.getIndexingMapsArray()))
      if (rowCache && i != *cInput && i < generic.getNumDpsInputs() &&
          !map.isFunctionOfDim(mLoop) && map.getNumResults() > 0)
        rowOrdinal[i] = numRows++;
    int64_t rowSlotBytes = numRows ? slotBytes : 0;
    int64_t rowCacheBytes = rowSlotBytes * kRowCacheSlots * numRows;
    int64_t bodyOps =
        static_cast<int64_t>(generic.getBody()->getOperations().size());
    // Two per body op: its value and an auxiliary bias column.
    int64_t derivedSlots = std::max<int64_t>(
        2 * bodyOps, std::min<int64_t>(128, 2 * bodyOps * mBlocks));
    // The ring: four tiles' worth where that fits, else two (a tile may take
    // half of it). The caller may shrink it to two (Epilogue::shrinkRing).
    int64_t cacheBytes = rowCacheBytes + columnBytes + 64 * derivedSlots;
    int64_t arenaBytes = 4 * tileBytes + cacheBytes;
    if (arenaBytes > e.sbufBytes / 2)
      arenaBytes = 2 * tileBytes + cacheBytes;
    if (arenaBytes > e.sbufBytes / 2)
      return std::nullopt;
    // A probe: a view it cannot resolve means no epilogue, not an error
    // (the op then lowers on its own, and reports what it cannot do).
    auto view = [&](Value v) {
      ScopedDiagnosticHandler quiet(e.ctx,
                                    [](Diagnostic &) { return success(); });
      return resolveView(v, main, module, producer->getLoc());
    };
    FailureOr<HbmView> outView = view(out);
    if (failed(outView))
      return std::nullopt;
    for (const HbmView &r : reads)
      if (overlaps(*outView, r))
        return std::nullopt;
    SmallVector<int64_t> outStrides;
    int64_t outOffset;
    SmallVector<int64_t> zeros(generic.getNumLoops(), 0);
    if (failed(operandLayout(*outView, generic.getIndexingMapsArray().back(),
                             zeros, outStrides, outOffset)))
      return std::nullopt;
    // An output contiguous along M instead (channel-last) is stored
    // transposed where the producer can (`transposedStore`), in floats of
    // 2 or 4 bytes (the tensor engine's transposes).
    Type outElement = outView->elementType;
    transposedStore &= outStrides[nLoops.back()] != 1 &&
                       outStrides[mLoop] == 1 && isa<FloatType>(outElement) &&
                       bytesOf(outElement) >= 2;
    if (outStrides[nLoops.back()] != 1 && !transposedStore)
      return std::nullopt;
    FailureOr<systole::TilingDecision> tiling = systole::getTiling(generic);
    if (failed(tiling))
      return std::nullopt;
    FailureOr<Kernel> k = buildKernel(generic, *tiling, main, module);
    if (failed(k))
      return std::nullopt;
    Epilogue epi{std::move(*k), *cInput,    mLoop,      nLoops,
                 batchLoops,    arenaBytes, columnBytes};
    epi.rowCacheBytes = rowCacheBytes;
    epi.rowSlotBytes = rowSlotBytes;
    epi.rowOrdinal = std::move(rowOrdinal);
    epi.derivedSlots = derivedSlots;
    epi.columnSlots = columnSlots;
    epi.tileBytes = tileBytes;
    epi.id = e.epilogueIds++;
    epi.transposedStore = transposedStore;
    return epi;
  }

  /// matchEpilogue for contraction `mm`: C indexed by its M, N and batch
  /// loops directly (each tile is one batch index), and K in one SBUF chunk
  /// with the epilogue's arena (the epilogue needs final sums).
  std::optional<Epilogue> matchContractionEpilogue(Emitter &e,
                                                   linalg::LinalgOp mm,
                                                   const Contraction &ct,
                                                   func::FuncOp main,
                                                   ModuleOp module) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(mm);
    if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1)
      return std::nullopt;
    AffineMap cMap = mm.getIndexingMapsArray().back();
    std::optional<SmallVector<unsigned>> mn =
        resultsOfLoops(cMap, {dims->m[0], dims->n[0]});
    std::optional<SmallVector<unsigned>> batchDims =
        resultsOfLoops(cMap, dims->batch);
    if (!mn || !batchDims)
      return std::nullopt;
    // A row cache pays only when several M blocks read the same rows.
    std::optional<Epilogue> epi =
        matchEpilogue(e, mm, (*mn)[0], {(*mn)[1]}, *batchDims, {ct.a, ct.b},
                      main, module, /*rowCache=*/ct.M > e.target.pe_columns());
    auto fits = [&] {
      return epi->arenaBytes <= e.sbufBytes / 4 &&
             contractionChunk(e, ct, epi->arenaBytes) >= ct.K;
    };
    if (epi && !fits() && epi->canShrinkRing())
      epi->shrinkRing();
    if (epi && !fits())
      return std::nullopt;
    return epi;
  }

  /// matchEpilogue for convolution `cv` (op `conv`): C indexed by the loops
  /// directly, an output-channel loop (M), and room in SBUF for the
  /// resident weights, the epilogue's arena and 128-position tiles.
  std::optional<Epilogue> matchConvolutionEpilogue(Emitter &e,
                                                   linalg::GenericOp conv,
                                                   const Convolution &cv,
                                                   func::FuncOp main,
                                                   ModuleOp module) {
    if (cv.m < 0)
      return std::nullopt;
    AffineMap outMap = conv.getIndexingMapsArray().back();
    for (AffineExpr r : outMap.getResults())
      if (!isa<AffineDimExpr>(r))
        return std::nullopt;
    std::optional<SmallVector<unsigned>> mDim =
        resultsOfLoops(outMap, {static_cast<unsigned>(cv.m)});
    SmallVector<unsigned> nLoops(cv.nLoops.begin(), cv.nLoops.end());
    std::optional<SmallVector<unsigned>> nDims = resultsOfLoops(outMap, nLoops);
    if (!mDim || !nDims)
      return std::nullopt;
    std::optional<Epilogue> epi =
        matchEpilogue(e, conv, (*mDim)[0], *nDims, {}, {cv.in, cv.w}, main,
                      module, /*rowCache=*/false, /*transposedStore=*/true);
    if (!epi ||
        (epi->transposedStore && cv.ranges[cv.m] < kMinTransposedStoreChannels))
      return std::nullopt;
    int64_t maxK = e.target.pe_rows();
    int64_t KB = (cv.partitions() + maxK - 1) / maxK;
    ConvolutionWeights cw = planConvolutionWeights(e, cv);
    auto fits = [&] {
      return cw.fixedBytes + alignTo64(epi->arenaBytes) +
                 2 * alignTo64(cw.R * KB * 128 * bytesOf(cv.in.elementType)) <=
             e.sbufBytes;
    };
    if (!fits() && epi->canShrinkRing())
      epi->shrinkRing();
    if (!fits())
      return std::nullopt;
    return epi;
  }

  /// `op` (a fill or a single-result generic on buffers with HBM views) as
  /// a vector-engine kernel tiled by `tiling`.
  FailureOr<Kernel> buildKernel(linalg::LinalgOp linalgOp,
                                const systole::TilingDecision &tiling,
                                func::FuncOp main, ModuleOp module) {
    Operation *op = linalgOp.getOperation();
    auto view = [&](Value v) {
      return resolveView(v, main, module, op->getLoc());
    };
    Kernel k{op->getLoc()};
    k.ranges = linalgOp.getStaticLoopRanges();
    k.iterators = linalgOp.getIteratorTypesArray();
    k.tiling = tiling;
    SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
    for (auto [i, input] : llvm::enumerate(linalgOp.getDpsInputs())) {
      if (isa<linalg::FillOp>(op))
        break;
      if (!isa<MemRefType>(input.getType())) {
        op->emitError() << "ncore: scalar operands are not supported yet";
        return failure();
      }
      FailureOr<HbmView> v = view(input);
      if (failed(v))
        return failure();
      k.inputs.push_back(*v);
      k.inputMaps.push_back(maps[i]);
    }
    FailureOr<HbmView> out = view(linalgOp.getDpsInits()[0]);
    if (failed(out))
      return failure();
    k.output = *out;
    k.outputMap = maps.back();
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      Attribute v;
      if (!matchPattern(fill.getDpsInputs()[0], m_Constant(&v))) {
        op->emitError() << "ncore: fill with a non-constant value";
        return failure();
      }
      if (auto f = dyn_cast<FloatAttr>(v))
        k.fill = f.getValueAsDouble();
      else
        k.fill = integerImmediate(cast<IntegerAttr>(v));
      k.inputs.clear();
      k.inputMaps.clear();
    } else if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      k.body = generic.getBody();
      // A 32-bit `bitcast_convert` alone in its kernel, reading its input
      // in its own order (no broadcast, which the engines would expand in
      // fp32, nor a transpose, which the tensor engine may do), moves
      // bytes: its input's SBUF tile stored by DMA with the result's
      // element type. (In a body, fp32 compute keeps only patterns
      // of up to 16 bits, which the body's lowering handles.)
      Operation &first = k.body->front();
      if (auto cast = dyn_cast<arith::BitcastOp>(first);
          cast && k.inputs.size() == 1 &&
          cast.getIn() == k.body->getArgument(0) &&
          k.body->getTerminator()->getOperand(0) == cast.getResult() &&
          &*std::next(k.body->begin()) == k.body->getTerminator() &&
          linalgOp.getNumReductionLoops() == 0 &&
          k.inputMaps[0].isIdentity() &&
          cast.getType().getIntOrFloatBitWidth() == 32 &&
          k.inputs[0].elementType.getIntOrFloatBitWidth() == 32 &&
          isSupportedElementType(cast.getType())) {
        k.copy = true;
        k.bitcastType = cast.getType();
      }
      for (auto load : k.body->getOps<memref::LoadOp>()) {
        if (k.captured.count(load.getMemRef()))
          continue;
        FailureOr<HbmView> v = view(load.getMemRef());
        if (failed(v))
          return failure();
        k.captured[load.getMemRef()] = *v;
      }
    } else {
      op->emitError() << "ncore: '" << op->getName()
                      << "' has no NeuronCore lowering yet";
      return failure();
    }
    return k;
  }
};

} // namespace
