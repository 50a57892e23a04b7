// Textual forms newer exporters write that MLIR 19's parser mishandles are
// rewritten on load (compiler/Pipeline/SourceLoader.h).
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Location ranges keep their start position.
// CHECK-LABEL: func.func @loc_range
// LOC-DAG: loc("model.py":16:12)
// LOC-DAG: loc("model.py":17:4)
func.func @loc_range(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32> loc("model.py":16:12 to :39)
  return %0 : tensor<2xf32> loc("model.py":17:4 to 18:2)
}

// i1 hex literals with one byte per element are repacked to bits.
// CHECK-LABEL: func.func @i1_hex
// CHECK: dense<[true, false, true, true, false, false, false, false, true]>
func.func @i1_hex() -> tensor<9xi1> {
  %c = stablehlo.constant dense<"0x010001010000000001"> : tensor<9xi1>
  return %c : tensor<9xi1>
}

// Integer literals in boolean dense arrays (MLIR 19 crashes printing them).
// CHECK-LABEL: func.func @bool_array
// CHECK-SAME: a = array<i1: true, false, true>
func.func @bool_array() attributes {a = array<i1: 1, 0, 1>} {
  return
}
