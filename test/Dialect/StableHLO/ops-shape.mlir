// Round trip of constants, generators and shape ops: pretty form, reprinted
// pretty form, and generic form read back all print the same program.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @constants() -> () {
  %0 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  %1 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = stablehlo.constant dense<true> : tensor<i1>
  %3 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  %4 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
  %5 = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<7> : tensor<ui8>
  %6 = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  return
}
// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %0 = stablehlo.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
// CHECK-NEXT: %1 = stablehlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: %2 = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: %3 = stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT: %4 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
// CHECK-NEXT: %5 = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<7> : tensor<ui8>
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
// CHECK-NEXT: return
func.func @generators(%shape: tensor<2xi64>, %lo: tensor<f32>, %hi: tensor<f32>, %state: tensor<2xui64>) -> () {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %1 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<4x5xf32>
  %2 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
  %3 = stablehlo.rng %lo, %hi, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
  %4:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui32>)
  %5:2 = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui32>)
  %6:2 = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf32>)
  %7 = stablehlo.replica_id : tensor<ui32>
  %8 = stablehlo.partition_id : tensor<ui32>
  return
}
// CHECK-LABEL: func.func @generators(%arg0: tensor<2xi64>, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<2xui64>) {
// CHECK-NEXT: %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
// CHECK-NEXT: %1 = stablehlo.dynamic_iota %arg0, dim = 0 : (tensor<2xi64>) -> tensor<4x5xf32>
// CHECK-NEXT: %2 = stablehlo.rng %arg1, %arg2, %arg0, distribution =  UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
// CHECK-NEXT: %3 = stablehlo.rng %arg1, %arg2, %arg0, distribution =  NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg3, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui32>)
// CHECK-NEXT: %output_state_0, %output_1 = stablehlo.rng_bit_generator %arg3, algorithm =  DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8xui32>)
// CHECK-NEXT: %output_state_2, %output_3 = stablehlo.rng_bit_generator %arg3, algorithm =  PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf32>)
// CHECK-NEXT: %4 = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: %5 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: return
func.func @shapes(%x: tensor<2x3xf32>, %s: tensor<f32>, %i: tensor<i32>, %u: tensor<1x2xf32>) -> () {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x4x3xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<5xf32>
  %2 = stablehlo.broadcast %x, sizes = [4] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %3 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %4 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %5 = stablehlo.slice %x [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %6 = stablehlo.slice %x [0:2:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %7 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  %8 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %9 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %10 = stablehlo.concatenate %x, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = stablehlo.pad %x, %s, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  %12 = stablehlo.pad %x, %s, low = [-1, 0], high = [0, -1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x2xf32>
  %13 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  %14 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  return
}
// CHECK-LABEL: func.func @shapes(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<1x2xf32>) {
// CHECK-NEXT: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: %2 = stablehlo.broadcast %arg0, sizes = [4] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: %3 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %4 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %5 = stablehlo.slice %arg0 [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %6 = stablehlo.slice %arg0 [0:2:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %7 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
// CHECK-NEXT: %8 = stablehlo.dynamic_update_slice %arg0, %arg3, %arg2, %arg2 : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %10 = stablehlo.concatenate %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %11 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK-NEXT: %12 = stablehlo.pad %arg0, %arg1, low = [-1, 0], high = [0, -1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %13 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<2x3xf32>
// CHECK-NEXT: %14 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
// CHECK-NEXT: return

// gather/scatter have no pretty form: they print generically, with the
// #stablehlo.gather / #stablehlo.scatter dimension numbers (batching
// dimensions and a non-zero index_vector_dim included).
func.func @gs(%x: tensor<3x4x2xf32>, %idx: tensor<2x3x2xi64>, %upd: tensor<2x3x2x2xf32>, %y: tensor<5x4xf32>, %i1: tensor<2x1xi32>, %u1: tensor<2x4xf32>, %bx: tensor<2x5x4xf32>, %bi: tensor<2x3x1xi32>, %bu: tensor<2x3x4xf32>) -> () {
  %0 = "stablehlo.gather"(%x, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  %1 = "stablehlo.gather"(%y, %i1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %2 = "stablehlo.gather"(%bx, %bi) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x5x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x4xf32>
  %3 = "stablehlo.scatter"(%y, %i1, %u1) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  %4 = "stablehlo.scatter"(%bx, %bi, %bu) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<2x5x4xf32>, tensor<2x3x1xi32>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  return
}
// CHECK-LABEL: func.func @gs(%arg0: tensor<3x4x2xf32>, %arg1: tensor<2x3x2xi64>, %arg2: tensor<2x3x2x2xf32>, %arg3: tensor<5x4xf32>, %arg4: tensor<2x1xi32>, %arg5: tensor<2x4xf32>, %arg6: tensor<2x5x4xf32>, %arg7: tensor<2x3x1xi32>, %arg8: tensor<2x3x4xf32>) {
// CHECK-NEXT: %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
// CHECK-NEXT: %1 = "stablehlo.gather"(%arg3, %arg4) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
// CHECK-NEXT: %2 = "stablehlo.gather"(%arg6, %arg7) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x5x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %3 = "stablehlo.scatter"(%arg3, %arg4, %arg5) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
// CHECK-NEXT: ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
// CHECK-NEXT:   %5 = stablehlo.add %arg9, %arg10 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %5 : tensor<f32>
// CHECK-NEXT: }) : (tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %4 = "stablehlo.scatter"(%arg6, %arg7, %arg8) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
// CHECK-NEXT: ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
// CHECK-NEXT:   stablehlo.return %arg10 : tensor<f32>
// CHECK-NEXT: }) : (tensor<2x5x4xf32>, tensor<2x3x1xi32>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT: return
