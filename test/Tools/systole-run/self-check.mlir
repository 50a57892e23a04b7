// Self-checking programs (DESIGN section 7): exit 0 when every check holds,
// 1 with the location, the worst element and both values when one fails.
// RUN: systole-run --backend=reference %s --entry=passing | FileCheck %s --check-prefix=PASS
// PASS: 2 of 2 checks passed
// RUN: (systole-run --backend=reference %s --entry=failing --quiet 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=FAIL
// FAIL: self-check.mlir:[[@LINE+18]]:3: error: check.expect_eq failed:
// FAIL-SAME: [2]
// FAIL: 0 of 1 checks passed
// FAIL: exit=1

func.func @passing() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0.5, 0.25, 2.0]> : tensor<3xf32>
  %c = stablehlo.multiply %a, %b : tensor<3xf32>
  %e = stablehlo.constant dense<[0.5, 0.5, 6.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_close(%c, %e) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%c, %e) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %c : tensor<3xf32>
}

func.func @failing() -> tensor<3xi32> {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %e = stablehlo.constant dense<[1, 2, 4]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%a, %e) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return %a : tensor<3xi32>
}
