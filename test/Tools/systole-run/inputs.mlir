// Inputs from literals and files, outputs to .npy, comparisons.
// RUN: systole-run --backend=reference %s --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=2,2,2,2,2,2 | FileCheck %s
// CHECK: result[0]: 2x3xf32={{\[\[}}3 6 9][12 15 18]]

// .npy round trip: write the result, feed it back as both inputs: x*x + x.
// RUN: rm -rf %t && mkdir -p %t
// RUN: systole-run --backend=reference %s --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=2,2,2,2,2,2 --output=@%t/out.npy --quiet
// RUN: systole-run --backend=reference %s --input=@%t/out.npy --input=@%t/out.npy | FileCheck %s --check-prefix=NPY
// NPY: result[0]: 2x3xf32={{\[\[}}12 42 90][156 240 342]]

// --expected-output: a match exits 0, a mismatch exits 1 naming the element.
// RUN: systole-run --backend=reference %s --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=2,2,2,2,2,2 --expected-output=2x3xf32=3,6,9,12,15,18 --quiet; echo "exit=$?" | FileCheck %s --check-prefix=MATCH
// MATCH: exit=0
// RUN: (systole-run --backend=reference %s --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=2,2,2,2,2,2 --expected-output=2x3xf32=3,6,9,12,15,19 --quiet 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: result[0] does not match
// MISMATCH-SAME: [1, 2]
// MISMATCH: exit=1

// bf16 input given as f32 .npy is rounded to nearest even, with a note.
// RUN: (systole-run --backend=reference %s --input=@%t/out.npy --input=2x3xf32=0,0,0,0,0,0 2>&1) | FileCheck %s --check-prefix=ZERO
// ZERO: result[0]: 2x3xf32={{\[\[}}3 6 9][12 15 18]]

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<2x3xf32>
  %1 = stablehlo.add %0, %a : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
