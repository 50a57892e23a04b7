// RUN: systole-opt %s --systole-stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]]
func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Booleans: add is or, multiply is and (spec: add, multiply).
// CHECK-LABEL: func.func @bool_ops
// CHECK:         arith.ori
// CHECK:         arith.andi
func.func @bool_ops(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = stablehlo.add %a, %b : tensor<4xi1>
  %1 = stablehlo.multiply %0, %b : tensor<4xi1>
  return %1 : tensor<4xi1>
}

// -----

// Unsigned integers: tensors become signless (arith has no other integers),
// the signature keeps the dtype in `systole.element_type`, the body uses the
// unsigned arith op.
// CHECK-LABEL: func.func @unsigned_div
// CHECK-SAME:    (%[[A:.*]]: tensor<4xi32> {systole.element_type = ui32}, %[[B:.*]]: tensor<4xi32> {systole.element_type = ui32}) -> (tensor<4xi32> {systole.element_type = ui32})
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<4xi32>, tensor<4xi32>)
// CHECK:           arith.divui
// CHECK:         return %[[G]] : tensor<4xi32>
func.func @unsigned_div(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = stablehlo.divide %a, %b : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// CHECK-LABEL: func.func @unary_math
// CHECK:         math.exp
// CHECK:         math.log
// CHECK:         math.rsqrt
// CHECK:         math.sqrt
// CHECK:         math.tanh
// CHECK:         arith.negf
// CHECK:         math.powf
// CHECK:         arith.maximumf
// CHECK:         arith.minimumf
func.func @unary_math(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.exponential %x : tensor<8xf32>
  %1 = stablehlo.log %0 : tensor<8xf32>
  %2 = stablehlo.rsqrt %1 : tensor<8xf32>
  %3 = stablehlo.sqrt %2 : tensor<8xf32>
  %4 = stablehlo.tanh %3 : tensor<8xf32>
  %5 = stablehlo.negate %4 : tensor<8xf32>
  %6 = stablehlo.power %5, %x : tensor<8xf32>
  %7 = stablehlo.maximum %6, %x : tensor<8xf32>
  %8 = stablehlo.minimum %7, %x : tensor<8xf32>
  return %8 : tensor<8xf32>
}

// -----

// logistic(x) = 1 / (1 + exp(-x)), in f32 for a narrower float and rounded
// once into it, as one op's result is (the reference computes bf16 ops in
// float); an f32 logistic needs no conversions.
// CHECK-LABEL: func.func @logistic
// CHECK:         ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[W]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
// CHECK-LABEL: func.func @logistic_f32
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @logistic(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.logistic %x : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
func.func @logistic_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.logistic %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @compare_select
// CHECK:         arith.cmpf olt
// CHECK:         arith.cmpi ult
// CHECK:         arith.cmpi sge
// CHECK:         arith.select
func.func @compare_select(%a: tensor<4xf32>, %b: tensor<4xf32>, %u: tensor<4xui8>, %i: tensor<4xi32>) -> tensor<4xf32> {
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare LT, %u, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %2 = stablehlo.compare GE, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.and %0, %1 : tensor<4xi1>
  %4 = stablehlo.or %3, %2 : tensor<4xi1>
  %5 = stablehlo.select %4, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %5 : tensor<4xf32>
}

// -----

// A scalar predicate is broadcast by its indexing map.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @select_scalar_pred
// CHECK:         linalg.generic {indexing_maps = [#[[SCALAR]],
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// convert: extf/truncf between floats, sitofp/fptosi, uitofp from i1, != 0 to i1.
// CHECK-LABEL: func.func @converts
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         arith.fptosi %{{.*}} : f32 to i32
// CHECK:         arith.sitofp %{{.*}} : i32 to f32
// CHECK:         arith.uitofp %{{.*}} : i1 to f32
// CHECK:         arith.cmpf une
func.func @converts(%x: tensor<4xbf16>, %p: tensor<4xi1>) -> (tensor<4xbf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %0 = stablehlo.convert %x : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xbf16>
  %2 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xi32>
  %3 = stablehlo.convert %2 : (tensor<4xi32>) -> tensor<4xf32>
  %4 = stablehlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  %5 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xi1>
  return %1, %3, %4, %5 : tensor<4xbf16>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @constant_iota
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-DAG:     %[[U:.*]] = arith.constant dense<[4, 5, 6]> : tensor<3xi32>
// CHECK:         %[[IOTA:.*]] = linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// A float iota converts its index through i32 (the NeuronCore has no i64).
// CHECK:           %[[I32:.*]] = arith.index_castui %[[I]] : index to i32
// CHECK:           arith.uitofp %[[I32]] : i32 to f32
// CHECK:         return %[[C]], %[[U]], %[[IOTA]]
func.func @constant_iota() -> (tensor<3xi32>, tensor<3xui32>, tensor<2x3xf32>) {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = stablehlo.constant dense<[4, 5, 6]> : tensor<3xui32>
  %2 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xui32>, tensor<2x3xf32>
}

// -----

// The f32 total order without integer arithmetic on the bit patterns: the
// sign bits (bitcast, < 0), NaN tests and float comparisons; -0 < +0 through
// the signs of two equal values.
// CHECK-LABEL: func.func @total_order_f32
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: i1):
// CHECK-DAG:       %[[BA:.*]] = arith.bitcast %[[A]] : f32 to i32
// CHECK-DAG:       %[[SA:.*]] = arith.cmpi slt, %[[BA]], %{{.*}} : i32
// CHECK-DAG:       %[[BB:.*]] = arith.bitcast %[[B]] : f32 to i32
// CHECK-DAG:       %[[SB:.*]] = arith.cmpi slt, %[[BB]], %{{.*}} : i32
// CHECK-DAG:       arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK-DAG:       arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK:           %[[LESS:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK:           %[[SAME:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : f32
// CHECK-NOT:       arith.shrui
// CHECK:           linalg.yield
func.func @total_order_f32(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// 16-bit floats keep the integer key (exact in fp32): bits xor (sign fill
// >> 1), compared signed.
// CHECK-LABEL: func.func @total_order_bf16
// CHECK:           %[[BITS:.*]] = arith.bitcast %{{.*}} : bf16 to i16
// CHECK:           %[[FILL:.*]] = arith.shrsi %[[BITS]], %{{.*}} : i16
// CHECK:           %[[MASK:.*]] = arith.shrui %[[FILL]], %{{.*}} : i16
// CHECK:           arith.xori %[[BITS]], %[[MASK]] : i16
// CHECK:           arith.cmpi slt, %{{.*}}, %{{.*}} : i16
func.func @total_order_bf16(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
