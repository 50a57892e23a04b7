// Verifier errors of rng, fft, custom_call and the collectives (all_reduce,
// all_gather, reduce_scatter, all_to_all, collective_permute).
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @rng_scalar(%lo: tensor<1xf32>, %hi: tensor<f32>, %shape: tensor<2xi64>) -> () {
  // expected-error @+1 {{'stablehlo.rng' op a must be 'tensor<f32>', got 'tensor<1xf32>'}}
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<1xf32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @rng_element_type(%lo: tensor<f32>, %hi: tensor<f64>, %shape: tensor<2xi64>) -> () {
  // expected-error @+1 {{'stablehlo.rng' op b must be 'tensor<f32>', got 'tensor<f64>'}}
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<2xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @rng_normal_int(%lo: tensor<i32>, %hi: tensor<i32>, %shape: tensor<2xi64>) -> () {
  // expected-error @+1 {{'stablehlo.rng' op rng_distribution NORMAL needs a float result, got 'tensor<4x5xi32>'}}
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<4x5xi32>
  return
}

// -----

func.func @rng_shape_rank(%lo: tensor<f32>, %hi: tensor<f32>, %shape: tensor<3xi64>) -> () {
  // expected-error @+1 {{'stablehlo.rng' op shape must be a 1-d integer tensor of 2 elements, got 'tensor<3xi64>'}}
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @rng_shape_value(%lo: tensor<f32>, %hi: tensor<f32>) -> () {
  %shape = stablehlo.constant dense<[4, 6]> : tensor<2xi64>
  // expected-error @+1 {{'stablehlo.rng' op result shape must be the value of shape [4, 6], got 'tensor<4x5xf32>'}}
  %0 = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @fft_length_size(%x: tensor<2x2x2x2xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must have 1 to 3 entries, got 4}}
  %0 = stablehlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_rank(%x: tensor<8xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op operand rank 1 is less than the 2 entries of fft_length}}
  %0 = stablehlo.fft %x, type = FFT, length = [8, 8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_real(%x: tensor<8xf32>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op FFT needs a complex operand, got 'tensor<8xf32>'}}
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @irfft_real(%x: tensor<5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op IRFFT needs a complex operand, got 'tensor<5xf32>'}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<5xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @rfft_complex(%x: tensor<8xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op RFFT needs a float operand, got 'tensor<8xcomplex<f32>>'}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @rfft_dims(%x: tensor<3x8xf32>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op the trailing dimensions of the operand must be [4, 8] for fft_length [4, 8], got 'tensor<3x8xf32>'}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4, 8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  return
}

// -----

func.func @irfft_dims(%x: tensor<4xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.fft' op the trailing dimensions of the operand must be [5] for fft_length [8], got 'tensor<4xcomplex<f32>>'}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<4xcomplex<f32>>) -> tensor<8xf32>
  return
}

// -----

func.func @alias_operand_index(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias operand_index 1 is out of range [0, 1)}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @alias_operand_tuple(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias operand_tuple_indices do not name an element of operand 0}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [0]>]} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @alias_output(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias output_tuple_indices do not name a result}}
  %0:2 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @alias_types(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias aliases 'tensor<4xf32>' with 'tensor<4xf16>'}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

// Aliases into tuples and into the second of two results verify.
func.func @alias_ok(%x: tensor<4xf32>, %t: tuple<tensor<2xi32>, tensor<4xf32>>) -> () {
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf32>
  %1:2 = stablehlo.custom_call @foo(%x, %t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = [1]>]} : (tensor<4xf32>, tuple<tensor<2xi32>, tensor<4xf32>>) -> (tensor<2xi32>, tensor<4xf32>)
  return
}

// -----

func.func @all_reduce_result(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_reduce' op result types must equal the operand types}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @all_reduce_computation(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_reduce' op computation must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f16>', 'tensor<f16>')}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_duplicate_replica(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_reduce' op replica id 1 appears twice}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_global_ids(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_reduce' op use_global_device_ids needs a channel_handle with a positive handle}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_gather_dim(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_gather' op all_gather_dim 2 is out of range [0, 2)}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @all_gather_size(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_gather' op result 0 dimension 1 must be 6 (3 x group size 2), got 9}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x9xf32>
  return
}

// -----

func.func @all_gather_other_dim(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_gather' op result 0 dimension 0 must be 2, got 4}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x3xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @all_gather_no_groups(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_gather' op result 0 dimension 1 must be a multiple of 3, got 7}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2x3xf32>) -> tensor<2x7xf32>
  return
}

// -----

func.func @reduce_scatter_size(%x: tensor<2x8xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op operand dimension 1 (8) must be result dimension 1 (2) x group size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_dim(%x: tensor<2x8xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op scatter_dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reduce_scatter_computation(%x: tensor<2x8xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op computation must return 1 values of types ('tensor<f32>'), got ('tensor<i1>')}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<2x8xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_to_all_count(%x: tensor<4x6xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_to_all' op split_count must be positive, got 0}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @all_to_all_split(%x: tensor<4x5xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_to_all' op operand dimension 1 (5) must be a multiple of split_count (2)}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x5xf32>) -> tensor<8x2xf32>
  return
}

// -----

func.func @all_to_all_concat(%x: tensor<4x6xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_to_all' op concat_dimension -1 is out of range [0, 2)}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<8x3xf32>
  return
}

// -----

func.func @all_to_all_result(%x: tensor<4x6xf32>) -> () {
  // expected-error @+1 {{'stablehlo.all_to_all' op result 0 must be 'tensor<8x3xf32>', got 'tensor<4x6xf32>'}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @permute_result(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.collective_permute' op result type must equal the operand type}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @permute_pairs_shape(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.collective_permute' op source_target_pairs must have shape [N, 2], got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @permute_sources(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.collective_permute' op source 0 appears twice}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @permute_targets(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.collective_permute' op target 1 appears twice}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @permute_negative(%x: tensor<4xf32>) -> () {
  // expected-error @+1 {{'stablehlo.collective_permute' op source_target_pairs ids must be non-negative}}
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Collectives over two processes with their spec shapes verify.
func.func @collectives_ok(%x: tensor<2x8xf32>) -> () {
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x8xf32>) -> tensor<2x16xf32>
  %1 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8xf32>) -> tensor<2x4xf32>
  %2 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x8xf32>) -> tensor<4x4xf32>
  %3 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}
