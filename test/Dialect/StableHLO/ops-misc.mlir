// Round trip of normalisation, linear algebra, FFT, tuples, custom_call,
// optimization_barrier and the collectives.
// RUN: systole-opt %s | FileCheck %s
// RUN: systole-opt %s | systole-opt | FileCheck %s
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt | FileCheck %s
// Printing is a fixed point, from the pretty and from the generic form:
// RUN: systole-opt %s > %t.pretty && systole-opt %t.pretty > %t.again && diff %t.pretty %t.again
// RUN: systole-opt -mlir-print-op-generic %s | systole-opt > %t.generic && diff %t.pretty %t.generic

func.func @misc(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>, %c: tensor<8xcomplex<f32>>, %r: tensor<8xf32>) -> () {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %3 = stablehlo.cholesky %a, lower = true : tensor<2x4x4xf32>
  %4 = stablehlo.cholesky %a : tensor<2x4x4xf32>
  %5 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %6 = stablehlo.fft %c, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %7 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %8 = stablehlo.fft %7, type = IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  %9 = stablehlo.fft %c, type = IFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}
// CHECK-LABEL: func.func @misc(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3xf32>, %arg2: tensor<2x4x4xf32>, %arg3: tensor<2x4x3xf32>, %arg4: tensor<8xcomplex<f32>>, %arg5: tensor<8xf32>) {
// CHECK-NEXT: %0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg1, %arg1, %arg1) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg1) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg1, %arg1, %arg0) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: %1 = stablehlo.cholesky %arg2, lower = true : tensor<2x4x4xf32>
// CHECK-NEXT: %2 = stablehlo.cholesky %arg2 : tensor<2x4x4xf32>
// CHECK-NEXT: %3 = "stablehlo.triangular_solve"(%arg2, %arg3) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %4 = stablehlo.fft %arg4, type =  FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT: %5 = stablehlo.fft %arg5, type =  RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
// CHECK-NEXT: %6 = stablehlo.fft %5, type =  IRFFT, length = [8] : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
// CHECK-NEXT: %7 = stablehlo.fft %arg4, type =  IFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT: return

func.func @tuples_and_calls(%a: tensor<2xf32>, %b: tensor<3xi32>) -> () {
  %0:2 = stablehlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<3xi32>
  %1 = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<3xi32>>
  %2 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
  %3 = stablehlo.custom_call @foo(%a) {has_side_effect = true, backend_config = "opaque config"} : (tensor<2xf32>) -> tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%3, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %4:2 = stablehlo.custom_call @two_results(%a, %b) : (tensor<2xf32>, tensor<3xi32>) -> (tensor<2xf32>, tensor<3xi32>)
  %5 = stablehlo.custom_call @typed_ffi(%a) {api_version = 4 : i32, backend_config = {alpha = 1.500000e+00 : f32}, called_computations = [@helper], operand_layouts = [dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2xf32>) -> tensor<2xf32>
  %6 = stablehlo.custom_call @no_operands() : () -> tensor<2xf32>
  stablehlo.optimization_barrier()
  return
}
// CHECK-LABEL: func.func @tuples_and_calls(%arg0: tensor<2xf32>, %arg1: tensor<3xi32>) {
// CHECK-NEXT: %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<2xf32>, tensor<3xi32>
// CHECK-NEXT: %1 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<2xf32>, tensor<3xi32>>
// CHECK-NEXT: %2 = stablehlo.get_tuple_element %1[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
// CHECK-NEXT: %3 = stablehlo.custom_call @foo(%arg0) {backend_config = "opaque config", has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: stablehlo.custom_call @check.expect_close(%3, %arg0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
// CHECK-NEXT: %4:2 = stablehlo.custom_call @two_results(%arg0, %arg1) : (tensor<2xf32>, tensor<3xi32>) -> (tensor<2xf32>, tensor<3xi32>)
// CHECK-NEXT: %5 = stablehlo.custom_call @typed_ffi(%arg0) {api_version = 4 : i32, backend_config = {alpha = 1.500000e+00 : f32}, called_computations = [@helper], operand_layouts = [dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %6 = stablehlo.custom_call @no_operands() : () -> tensor<2xf32>
// CHECK-NEXT: stablehlo.optimization_barrier()
// CHECK-NEXT: return

func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
// CHECK-LABEL: func.func private @helper(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT: return %arg0 : tensor<2xf32>

func.func @collectives(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.reduce_scatter"(%1) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.all_to_all"(%2) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "stablehlo.collective_permute"(%3) <{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %4 : tensor<4xf32>
}
// CHECK-LABEL: func.func @collectives(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<0> : tensor<1x1xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:   %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %5 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = "stablehlo.reduce_scatter"(%1) <{replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 0 : i64}> ({
// CHECK-NEXT: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:   %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %5 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = "stablehlo.all_to_all"(%2) <{concat_dimension = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>, split_count = 1 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = "stablehlo.collective_permute"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<0> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %4 : tensor<4xf32>
