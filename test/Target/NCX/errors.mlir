// Bad input is an error with a location and exit code 2, never a crash.
// RUN: not systole-translate --ncore-to-ncx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: printf 'not an executable' > %t.bad
// RUN: not systole-translate --ncx-to-ncore %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: systole-translate --ncore-to-ncx %S/roundtrip.mlir -o %t.ncx
// RUN: head -c 200 %t.ncx > %t.cut
// RUN: not systole-translate --ncx-to-ncore %t.cut 2>&1 | FileCheck %s --check-prefix=CUT

// TWO: error: expected exactly one 'ncore.program', found 2
// BAD: .bad:0:0: error: {{.*}}NCX executable
// CUT: .cut:0:0: error: {{(truncated|cannot parse)}}

ncore.program @a attributes {target = "trn2"} {
}
ncore.program @b attributes {target = "trn2"} {
}
