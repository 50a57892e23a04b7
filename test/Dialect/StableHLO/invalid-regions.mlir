// Verifier and parser errors of the ops with regions: reduce, reduce_window,
// select_and_scatter, sort, map, while, if, case, optimization_barrier.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @reduce_no_inputs() -> () {
  // expected-error @+1 {{'stablehlo.reduce' op needs as many init values and results as inputs}}
  "stablehlo.reduce"() <{dimensions = array<i64>}> ({
    stablehlo.return
  }) : () -> ()
  return
}

// -----

func.func @reduce_results(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op needs as many init values and results as inputs}}
  %0:2 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @reduce_shapes(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op inputs must have the same shape}}
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %c) across dimensions = [1] : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%a1: tensor<f32>, %b1: tensor<f32>) {
      stablehlo.return %a, %a1 : tensor<f32>, tensor<f32>
    }
  return
}

// -----

func.func @reduce_dim(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_dim_twice(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op dimension 1 appears twice}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_init(%x: tensor<2x3xf32>, %c: tensor<1xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op init value 0 must be a scalar}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    stablehlo.return %a : tensor<1xf32>
  }) : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_result_shape(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op result 0 has the wrong shape}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @reduce_body_args(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op body needs 2 arguments}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_body_arg_types(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op body must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f32>', 'tensor<i32>')}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_body_return(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce' op body must return 1 values of types ('tensor<f32>'), got ('tensor<f32>', 'tensor<f32>')}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      stablehlo.return %a, %b : tensor<f32>, tensor<f32>
    }
  return
}

// -----

func.func @reduce_type_count(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{expected 2 operand types, got 3}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_applies_two(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'applies' form needs one input and one init}}
  %0:2 = stablehlo.reduce(%x init: %c), (%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @rw_results(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op needs as many init values and results as inputs}}
  %0:2 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @rw_dims_count(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions needs 2 entries}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_dims_positive(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op window_dimensions must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_strides_count(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op window attributes need 2 entries}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_dilation_positive(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op window strides and dilations must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_padding(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op padding must have shape [2, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>, padding = dense<0> : tensor<2x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_shapes(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op inputs must have the same shape}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %c, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %a1: tensor<f32>, %b: tensor<f32>, %b1: tensor<f32>):
    stablehlo.return %a, %a1 : tensor<f32>, tensor<f32>
  }) : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<f32>, tensor<f32>) -> (tensor<2x3xf32>, tensor<3x2xf32>)
  return
}

// -----

func.func @rw_init(%x: tensor<2x3xf32>, %c: tensor<1xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op init value 0 must be a scalar}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    stablehlo.return %a : tensor<1xf32>
  }) : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_result(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op result 0 shape must be [1, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_result_strided(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op result 0 shape must be [2, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @rw_body(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must return 1 values of types ('tensor<f32>'), got ('tensor<i1>')}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @rw_body_args(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_window' op body must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f32>')}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @sas_window(%x: tensor<2x3xf32>, %src: tensor<1x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions needs 2 entries}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sas_result(%x: tensor<2x3xf32>, %src: tensor<1x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op result type must equal the operand type}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<f32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @sas_window_positive(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions must be positive}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_strides_count(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_strides needs 2 entries}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_strides_positive(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_strides must be positive}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_padding(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op padding must have shape [2, 2]}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>, padding = dense<0> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_source_type(%x: tensor<4x3xf32>, %src: tensor<2x3xf16>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source element type must be 'f32', got 'f16'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf16>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_init(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<1xf32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op init_value must be 'tensor<f32>', got 'tensor<1xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<1xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_source_shape(%x: tensor<4x3xf32>, %src: tensor<3x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source shape must be [2, 3], got 'tensor<3x3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_source_shape_padded(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source shape must be [3, 3], got 'tensor<2x3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_source_shape_default(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op source shape must be [4, 3], got 'tensor<2x3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_select_args(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op select must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f16>', 'tensor<f16>')}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_select_return(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op select must return 1 values of types ('tensor<i1>'), got ('tensor<f32>')}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_scatter_args(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op scatter must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<f32>')}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sas_scatter_return(%x: tensor<4x3xf32>, %src: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op scatter must return 1 values of types ('tensor<f32>'), got ('tensor<i1>')}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

// A strided, padded window and the default (1s, no padding) verify.
func.func @sas_ok(%x: tensor<4x3xf32>, %src: tensor<3x3xf32>, %same: tensor<4x3xf32>, %c: tensor<f32>) -> () {
  %0 = "stablehlo.select_and_scatter"(%x, %src, %c) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %1 = "stablehlo.select_and_scatter"(%x, %same, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sort_empty() -> () {
  // expected-error @+1 {{'stablehlo.sort' op needs at least one input}}
  "stablehlo.sort"() ({
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) : () -> ()
  return
}

// -----

func.func @sort_shapes(%x: tensor<2x3xf32>, %y: tensor<3x2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op inputs must have the same shape}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<3x2xi32>) -> (tensor<2x3xf32>, tensor<3x2xi32>)
  return
}

// -----

func.func @sort_dim(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op dimension 2 is out of range}}
  %0 = "stablehlo.sort"(%x) <{dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sort_dim_negative(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op dimension -3 is out of range}}
  %0 = "stablehlo.sort"(%x) <{dimension = -3 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sort_result(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op result types must equal the input types}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return
}

// -----

func.func @sort_args(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op comparator needs 2 arguments}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sort_return(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op comparator must return 1 values of types ('tensor<i1>'), got ('tensor<f32>')}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sort_arg_types(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take 4 arguments of types ('tensor<f32>', 'tensor<f32>', 'tensor<i32>', 'tensor<i32>'), got ('tensor<f32>', 'tensor<i32>', 'tensor<f32>', 'tensor<i32>')}}
  %0:2 = "stablehlo.sort"(%x, %y) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return
}

// -----

func.func @sort_arg_rank(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take 2 arguments of types ('tensor<f32>', 'tensor<f32>'), got ('tensor<1xf32>', 'tensor<1xf32>')}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    %t = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_empty() -> () {
  // expected-error @+1 {{'stablehlo.map' op needs at least one input}}
  %0 = "stablehlo.map"() <{dimensions = array<i64>}> ({
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : () -> tensor<f32>
  return
}

// -----

func.func @map_dims(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op dimensions must be [0, ..., rank - 1]}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 1, 0>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_shapes(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op inputs must have the same shape, got 'tensor<2x3xf32>' and 'tensor<3x2xf32>'}}
  %0 = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_args(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op computation must take 2 arguments of types ('tensor<f32>', 'tensor<i32>'), got ('tensor<f32>', 'tensor<f32>')}}
  %0 = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_arg_count(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op computation must take 1 arguments of types ('tensor<f32>'), got ('tensor<f32>', 'tensor<f32>')}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_return(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op computation must return one 0-d tensor, got ('tensor<f32>', 'tensor<f32>')}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a, %a : tensor<f32>, tensor<f32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @map_return_rank(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{'stablehlo.map' op computation must return one 0-d tensor, got ('tensor<1xf32>')}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>):
    %r = stablehlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
    stablehlo.return %r : tensor<1xf32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// A region without a terminator is the generic verifier's error, reported
// after the op's own verifier has run (which must not read the missing
// terminator).
func.func @map_no_terminator(%x: tensor<2x3xf32>) -> () {
  // expected-error @+1 {{empty block: expect at least a terminator}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>):
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_no_terminator(%x: tensor<2x3xf32>, %c: tensor<f32>) -> () {
  // expected-error @+1 {{empty block: expect at least a terminator}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @while_results(%n: tensor<i64>, %p: tensor<i1>) -> () {
  // expected-error @+1 {{'stablehlo.while' op result types must equal the operand types}}
  %0 = "stablehlo.while"(%n) ({
  ^bb0(%a: tensor<i64>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i32>
  return
}

// -----

func.func @while_args(%n: tensor<i64>, %p: tensor<i1>) -> () {
  // expected-error @+1 {{'stablehlo.while' op cond and body arguments must have the operand types}}
  %0 = "stablehlo.while"(%n) ({
  ^bb0(%a: tensor<i32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @while_cond(%n: tensor<i64>) -> () {
  // expected-error @+1 {{'stablehlo.while' op cond must return 1 values of types ('tensor<i1>'), got ('tensor<i64>')}}
  %0 = stablehlo.while(%iterArg = %n) : tensor<i64>
   cond {
    stablehlo.return %iterArg : tensor<i64>
  } do {
    stablehlo.return %iterArg : tensor<i64>
  }
  return
}

// -----

func.func @while_body(%n: tensor<i64>, %p: tensor<i1>) -> () {
  // expected-error @+1 {{'stablehlo.while' op body must return 1 values of types ('tensor<i64>'), got ()}}
  %0 = stablehlo.while(%iterArg = %n) : tensor<i64>
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return
  }
  return
}

// -----

func.func @while_types(%n: tensor<i64>, %p: tensor<i1>) -> () {
  // expected-error @+1 {{expected 1 types, got 2}}
  %0 = stablehlo.while(%iterArg = %n) : tensor<i64>, tensor<i64>
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<i64>
  }
  return
}

// -----

func.func @if_pred(%p: tensor<2xi1>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.if' op pred must be tensor<i1>}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return
}

// -----

func.func @if_true(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.if' op true_branch must return 1 values of types ('tensor<f32>'), got ('tensor<i32>')}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %y : tensor<i32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_false(%p: tensor<i1>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.if' op false_branch must return 1 values of types ('tensor<f32>'), got ('tensor<f32>', 'tensor<f32>')}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %x, %x : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_true_args(%p: tensor<i1>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.if' op true_branch must take no arguments, got 1}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_false_args(%p: tensor<i1>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.if' op false_branch must take no arguments, got 2}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @case_index(%i: tensor<i64>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.case' op index must be tensor<i32>}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i64>) -> tensor<f32>
  return
}

// -----

func.func @case_no_branch(%i: tensor<i32>) -> () {
  // expected-error @+1 {{'stablehlo.case' op needs at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_branch(%i: tensor<i32>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.case' op branch must return 1 values of types ('tensor<f32>'), got ()}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @case_branch_args(%i: tensor<i32>, %x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.case' op branch must take no arguments, got 1}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @barrier(%x: tensor<f32>) -> () {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op result types must equal the operand types}}
  %0 = "stablehlo.optimization_barrier"(%x) : (tensor<f32>) -> tensor<f64>
  return
}
