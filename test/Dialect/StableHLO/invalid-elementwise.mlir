// Verifier and parser errors of the elementwise ops, select, clamp,
// bitcast_convert and reduce_precision.
// RUN: systole-opt %s -split-input-file -verify-diagnostics

func.func @real_type(%x: tensor<2xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.real' op result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.real %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return
}

// -----

func.func @imag_type(%x: tensor<2xcomplex<f64>>) -> () {
  // expected-error @+1 {{'stablehlo.imag' op result element type must be 'f64', got 'complex<f64>'}}
  %0 = stablehlo.imag %x : tensor<2xcomplex<f64>>
  return
}

// -----

func.func @is_finite_int(%x: tensor<2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.is_finite' op operand must be a float tensor, got 'i32'}}
  %0 = stablehlo.is_finite %x : (tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @is_finite_result(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.is_finite' op result element type must be i1, got 'f32'}}
  %0 = stablehlo.is_finite %x : tensor<2xf32>
  return
}

// -----

func.func @abs_complex(%x: tensor<2xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.abs' op result element type must be 'f32', got 'complex<f32>'}}
  %0 = stablehlo.abs %x : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @element_types_differ(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.negate' op operand and result element types differ: 'f32' vs 'f16'}}
  %0 = stablehlo.negate %x : (tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @float_only(%x: tensor<2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.exponential' op operand must be a float or complex tensor, got 'tensor<2xi32>'}}
  %0 = stablehlo.exponential %x : tensor<2xi32>
  return
}

// -----

func.func @float_only_rsqrt(%x: tensor<2xi1>) -> () {
  // expected-error @+1 {{'stablehlo.rsqrt' op operand must be a float or complex tensor, got 'tensor<2xi1>'}}
  %0 = stablehlo.rsqrt %x : tensor<2xi1>
  return
}

// -----

func.func @int_only(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.popcnt' op operand must be an integer tensor, got 'tensor<2xf32>'}}
  %0 = stablehlo.popcnt %x : tensor<2xf32>
  return
}

// -----

func.func @not_float(%x: tensor<2xbf16>) -> () {
  // expected-error @+1 {{'stablehlo.not' op operand must be an integer tensor, got 'tensor<2xbf16>'}}
  %0 = stablehlo.not %x : tensor<2xbf16>
  return
}

// -----

func.func @binary_types(%x: tensor<2xf32>, %y: tensor<2xf16>) -> () {
  // expected-error @+1 {{'stablehlo.add' op operands and result must have the same type, got 'tensor<2xf32>', 'tensor<2xf16>' -> 'tensor<2xf32>'}}
  %0 = stablehlo.add %x, %y : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @binary_result(%x: tensor<2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.multiply' op operands and result must have the same type}}
  %0 = stablehlo.multiply %x, %x : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return
}

// -----

func.func @logical_float(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.and' op operands must be integer or boolean tensors, got 'tensor<2xf32>'}}
  %0 = stablehlo.and %x, %x : tensor<2xf32>
  return
}

// -----

func.func @shift_float(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.shift_left' op operands must be integer or boolean tensors}}
  %0 = stablehlo.shift_left %x, %x : tensor<2xf32>
  return
}

// -----

func.func @power_bool(%x: tensor<2xi1>) -> () {
  // expected-error @+1 {{'stablehlo.power' op operands must not be boolean tensors}}
  %0 = stablehlo.power %x, %x : tensor<2xi1>
  return
}

// -----

func.func @complex_operands(%x: tensor<2xf32>, %y: tensor<2xf64>) -> () {
  // expected-error @+1 {{'stablehlo.complex' op operands must have the same type, got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = stablehlo.complex %x, %y : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_f16(%x: tensor<2xf16>) -> () {
  // expected-error @+1 {{'stablehlo.complex' op operands must be f32 or f64 tensors, got 'tensor<2xf16>'}}
  %0 = stablehlo.complex %x, %x : tensor<2xcomplex<f16>>
  return
}

// -----

func.func @complex_result(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.complex' op result element type must be 'complex<f32>', got 'complex<f64>'}}
  %0 = stablehlo.complex %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return
}

// -----

func.func @complex_pretty_type(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{expected a tensor of complex type}}
  %0 = stablehlo.complex %x, %x : tensor<2xf32>
  return
}

// -----

func.func @compare_types(%x: tensor<2xf32>, %y: tensor<2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op operands must have the same type, got 'tensor<2xf32>' and 'tensor<2xi32>'}}
  %0 = stablehlo.compare EQ, %x, %y : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_result(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op result element type must be i1}}
  %0 = stablehlo.compare EQ, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi8>
  return
}

// -----

func.func @compare_direction(%x: tensor<2xf32>) -> () {
  // expected-error @+2 {{expected ::systole::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{failed to parse StableHLO_ComparisonDirectionAttr parameter 'value'}}
  %0 = stablehlo.compare XX, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_float(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be FLOAT or TOTALORDER for 'f32' elements, got SIGNED}}
  %0 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_complex(%x: tensor<2xcomplex<f32>>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be FLOAT for 'complex<f32>' elements, got TOTALORDER}}
  %0 = stablehlo.compare EQ, %x, %x, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_signed(%x: tensor<2xi32>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be SIGNED for 'i32' elements, got UNSIGNED}}
  %0 = stablehlo.compare LT, %x, %x, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_signed_float(%x: tensor<2xsi8>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be SIGNED for 'si8' elements, got FLOAT}}
  %0 = stablehlo.compare LT, %x, %x, FLOAT : (tensor<2xsi8>, tensor<2xsi8>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_unsigned(%x: tensor<2xui8>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be UNSIGNED for 'ui8' elements, got SIGNED}}
  %0 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_type_bool(%x: tensor<2xi1>) -> () {
  // expected-error @+1 {{'stablehlo.compare' op compare_type must be UNSIGNED for 'i1' elements, got SIGNED}}
  %0 = stablehlo.compare NE, %x, %x, SIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

// Every compare_type the spec allows, and NOTYPE (unset), verifies.
func.func @compare_types_ok(%f: tensor<2xbf16>, %c: tensor<2xcomplex<f64>>, %b: tensor<2xi1>, %u: tensor<2xui16>, %s: tensor<2xi64>) -> () {
  %0 = stablehlo.compare LT, %f, %f, FLOAT : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xi1>
  %1 = stablehlo.compare LT, %f, %f, TOTALORDER : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xi1>
  %2 = stablehlo.compare EQ, %c, %c, FLOAT : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>
  %3 = stablehlo.compare NE, %b, %b, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %4 = stablehlo.compare GT, %u, %u, UNSIGNED : (tensor<2xui16>, tensor<2xui16>) -> tensor<2xi1>
  %5 = stablehlo.compare GE, %s, %s, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
  %6 = stablehlo.compare GE, %f, %f, NOTYPE : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xi1>
  %7 = stablehlo.compare GE, %s, %s : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
  return
}

// -----

func.func @select_pred(%p: tensor<2xi32>, %x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.select' op pred must be a tensor of i1, got 'tensor<2xi32>'}}
  %0 = stablehlo.select %p, %x, %x : tensor<2xi32>, tensor<2xf32>
  return
}

// -----

func.func @select_branches(%p: tensor<2xi1>, %x: tensor<2xf32>, %y: tensor<2xf16>) -> () {
  // expected-error @+1 {{'stablehlo.select' op on_true, on_false and the result must have the same type}}
  %0 = stablehlo.select %p, %x, %y : (tensor<2xi1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.select' op pred must be a scalar or have the shape of on_true, got 'tensor<3xi1>'}}
  %0 = stablehlo.select %p, %x, %x : tensor<3xi1>, tensor<2xf32>
  return
}

// -----

func.func @clamp_result(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.clamp' op result type must equal the operand type}}
  %0 = stablehlo.clamp %x, %x, %x : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @clamp_min(%m: tensor<3xf32>, %x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.clamp' op min must be a scalar or have the type of the operand, got 'tensor<3xf32>'}}
  %0 = stablehlo.clamp %m, %x, %x : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @clamp_max(%m: tensor<i32>, %x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.clamp' op max must be a scalar or have the type of the operand, got 'tensor<i32>'}}
  %0 = stablehlo.clamp %x, %x, %m : (tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @same_type_count(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{expected 2 operand types, got 1}}
  %0 = stablehlo.add %x, %x : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @bitcast_index(%x: tensor<2xindex>) -> () {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op element types must be integer, float or complex, got 'index'}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xindex>) -> tensor<2xi64>
  return
}

// -----

func.func @bitcast_same_width(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op shapes must match when element widths match}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @bitcast_narrower(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op result shape must be the operand shape plus a last dimension of 2}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x4xi16>
  return
}

// -----

func.func @bitcast_wider(%x: tensor<2x2xi8>) -> () {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op operand shape must be the result shape plus a last dimension of 4}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2x2xi8>) -> tensor<2xf32>
  return
}

// -----

func.func @precision_exponent(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_precision' op exponent_bits must be at least 1}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<2xf32>
  return
}

// -----

func.func @precision_mantissa(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{'stablehlo.reduce_precision' op mantissa_bits must be non-negative}}
  %0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @precision_format(%x: tensor<2xf32>) -> () {
  // expected-error @+1 {{expected a format like e8m23, got f8m23}}
  %0 = stablehlo.reduce_precision %x, format = f8m23 : tensor<2xf32>
  return
}
