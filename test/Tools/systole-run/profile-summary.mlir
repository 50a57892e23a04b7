// `--profile-summary=N` groups the simulated instructions by their source
// location (a name location, as torch-xla exports carry, or file:line:col
// with the name after it) and prints the N with the most busy time: the
// matmul (tensor engine busy, and its DMAs) first, then the exp (scalar
// engine only, no tensor-engine time). The trace (`--profile`) carries the
// same locations.
// RUN: systole-run %s --random-inputs --seed=1 --quiet --profile-summary=5 --profile=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// CHECK: simulated: {{[0-9.]+}} us on trn2
// CHECK-NEXT: profile: 2 of 2 source locations by busy time (us)
// CHECK-NEXT: instrs tensor vector scalar gpsimd dma span from-to (us) location
// CHECK-NEXT: {{^ +[1-9][0-9]* +[1-9][0-9]*\.[0-9]{3} .*}} Linear[fc1]|model.py:40|forward|42|aten__mm
// CHECK-NEXT: {{^ +[1-9][0-9]* +0\.000 +[0-9.]+ +(0\.[0-9]*[1-9][0-9]*|[1-9][0-9]*\.[0-9]{3}) .*}} model.py:3:7 (gelu)
// TRACE-DAG: "name": "matmul", {{.*}} "loc": "Linear[fc1]|model.py:40|forward|42|aten__mm"}}
// TRACE-DAG: "name": "activation", {{.*}} "loc": "model.py:3:7 (gelu)"}}
// RUN: systole-run %s --random-inputs --seed=1 --quiet --profile-summary=1 | FileCheck %s --check-prefix=TOP
// TOP: profile: 1 of 2 source locations
// TOP-NOT: gelu
func.func @main(%a: tensor<128x512xf32>, %b: tensor<512x256xf32>) -> tensor<128x256xf32> {
  %0 = stablehlo.exponential %a : tensor<128x512xf32> loc("gelu"("model.py":3:7))
  %1 = stablehlo.dot_general %0, %b, contracting_dims = [1] x [0] : (tensor<128x512xf32>, tensor<512x256xf32>) -> tensor<128x256xf32> loc("Linear[fc1]|model.py:40|forward|42|aten__mm")
  return %1 : tensor<128x256xf32>
}
