// One --output and one --expected-output per result, or none: a count that
// leaves some results unwritten or unchecked is an error (exit code 2),
// not a silent pass over the others.
// RUN: systole-run --backend=reference %s --output=@%t.0.npy --output=@%t.1.npy --quiet
// RUN: (systole-run --backend=reference %s --output=@%t.0.npy --quiet 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=OUT
// OUT: systole-run: error: 1 --output for 2 results (give one per result, in order)
// OUT-NEXT: exit=2
// RUN: (systole-run --backend=reference %s --expected-output=@%t.0.npy --quiet 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=EXP
// EXP: systole-run: error: 1 --expected-output for 2 results (give one per result, in order)
// EXP-NEXT: exit=2
// The second result is checked too: against the first's values it fails.
// RUN: (systole-run --backend=reference %s --expected-output=@%t.0.npy --expected-output=@%t.0.npy --quiet 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=BOTH
// BOTH: systole-run: result[1] does not match
// BOTH-NEXT: exit=1
// RUN: systole-run --backend=reference %s --expected-output=@%t.0.npy --expected-output=@%t.1.npy --quiet
func.func @main() -> (tensor<3xf32>, tensor<3xf32>) {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  return %a, %b : tensor<3xf32>, tensor<3xf32>
}
