// Bad input: one-line errors with a location and exit code 2.
// RUN: (systole-run --backend=reference %s --input=3x3xf32=1,2,3,4,5,6,7,8,9 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=SHAPE
// SHAPE: bad-input.mlir:[[@LINE+11]]:{{[0-9]+}}: error: --input has type 3x3xf32 but argument 0 of @main is 2x3xf32
// SHAPE-NEXT: exit=2
// RUN: (systole-run --backend=reference %s 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=MISSING
// MISSING: error: the program takes 1 arguments: pass --input=... for each, or --random-inputs
// MISSING-NEXT: exit=2
// RUN: (systole-run --backend=reference %s --input=2x3xf32=1,2 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=COUNT
// COUNT: error: --input for argument 0 of @main:
// COUNT-NEXT: exit=2
// RUN: (systole-run --backend=reference %s --input=@%t.missing.npy 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: --input for argument 0 of @main:
// NOFILE-NEXT: exit=2
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
