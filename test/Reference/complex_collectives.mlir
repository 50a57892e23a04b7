// complex/real/imag and complex arithmetic, and the collectives on a single
// replica and partition (all_reduce, all_gather, reduce_scatter, all_to_all,
// collective_permute are identities; replica_id and partition_id are 0).
// Expected values by hand.
// RUN: systole-run --backend=reference --entry=complex_ops %s | FileCheck %s --check-prefix=COMPLEX
// RUN: systole-run --backend=reference --entry=collectives %s | FileCheck %s --check-prefix=COLL

// COMPLEX: result[0]: 2xcomplex<f32>=[(5,5) (0,-2)]
// COMPLEX: 6 of 6 checks passed
func.func @complex_ops() -> tensor<2xcomplex<f32>> {
  %re = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %im = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xf32>
  %z = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
  %e_z = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  stablehlo.custom_call @check.expect_eq(%z, %e_z) {has_side_effect = true} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> ()
  %r = stablehlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %i = stablehlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %ri = stablehlo.add %r, %i : tensor<2xf32>
  %e_ri = stablehlo.constant dense<[3.0, 7.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%ri, %e_ri) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  // (1+2i)(3-i) = 5+5i.
  %w = stablehlo.constant dense<[(3.0, -1.0), (-0.4, -0.2)]> : tensor<2xcomplex<f32>>
  %m = stablehlo.multiply %z, %w : tensor<2xcomplex<f32>>
  // (3+4i)(-0.4-0.2i) = -1.2 - 0.6i - 1.6i + 0.8 = -0.4 - 2.2i
  %e_m = stablehlo.constant dense<[(5.0, 5.0), (-0.4, -2.2)]> : tensor<2xcomplex<f32>>
  stablehlo.custom_call @check.expect_close(%m, %e_m) {has_side_effect = true} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> ()
  // |3+4i| = 5 (real result), (1+2i)/(1+2i) = 1.
  %a = stablehlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %e_a = stablehlo.constant dense<[0x400F1BBD, 5.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%a, %e_a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %d = stablehlo.divide %z, %z : tensor<2xcomplex<f32>>
  %e_d = stablehlo.constant dense<[(1.0, 0.0), (1.0, 0.0)]> : tensor<2xcomplex<f32>>
  stablehlo.custom_call @check.expect_almost_eq(%d, %e_d) {has_side_effect = true} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> ()
  // negate, subtract, add: -(1+2i) - (3+4i) + (4+4i) = 0 - 2i.
  %n = stablehlo.negate %z : tensor<2xcomplex<f32>>
  %four = stablehlo.constant dense<[(4.0, 4.0), (0.0, 0.0)]> : tensor<2xcomplex<f32>>
  %s1 = stablehlo.slice %n [0:1] : (tensor<2xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  %s2 = stablehlo.slice %z [1:2] : (tensor<2xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  %s3 = stablehlo.subtract %s1, %s2 : tensor<1xcomplex<f32>>
  %s4 = stablehlo.slice %four [0:1] : (tensor<2xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  %s5 = stablehlo.add %s3, %s4 : tensor<1xcomplex<f32>>
  %e_s5 = stablehlo.constant dense<[(0.0, -2.0)]> : tensor<1xcomplex<f32>>
  stablehlo.custom_call @check.expect_eq(%s5, %e_s5) {has_side_effect = true} : (tensor<1xcomplex<f32>>, tensor<1xcomplex<f32>>) -> ()
  %res2 = stablehlo.slice %m [0:1] : (tensor<2xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  %out = stablehlo.concatenate %res2, %s5, dim = 0 : (tensor<1xcomplex<f32>>, tensor<1xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %out : tensor<2xcomplex<f32>>
}

// COLL: result[0]: 4xf32=[1 2 3 4]
// COLL: 7 of 7 checks passed
func.func @collectives() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %ar = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%ar, %x) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %ag = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%ag, %x) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %rs = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%rs, %x) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %aa = "stablehlo.all_to_all"(%x) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%aa, %x) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %cp = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @check.expect_eq(%cp, %x) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  %rid = stablehlo.replica_id : tensor<ui32>
  %pid = stablehlo.partition_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  stablehlo.custom_call @check.expect_eq(%rid, %zero) {has_side_effect = true} : (tensor<ui32>, tensor<ui32>) -> ()
  stablehlo.custom_call @check.expect_eq(%pid, %zero) {has_side_effect = true} : (tensor<ui32>, tensor<ui32>) -> ()
  return %cp : tensor<4xf32>
}
