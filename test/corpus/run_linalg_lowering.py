#!/usr/bin/env python3
"""Numerical check of the `linalg` phase on the per-op corpus (f32 files).

For each self-checking file of ../shared/corpus/stablehlo-testdata whose
checks compare f32 tensors: systole-opt runs the `input` and `simplify`
phases; each `check.expect_*` custom call is replaced by printing both
operands; systole-stablehlo-to-linalg lowers the program; upstream MLIR
(mlir-opt: one-shot bufferization, lowering to LLVM) and mlir-cpu-runner run
it; the printed actual and expected tensors must agree within a relative
error of 2e-3 (mlir-cpu-runner prints 6 significant digits). Files the
pipeline cannot lower are listed with the first error and counted apart, so
that a regression in the lowering itself (a wrong value) fails the run.
Prints one line per file and `N ok, N mismatched, N not lowered, N skipped`;
exits 1 when any value is wrong.
"""
import argparse
import math
import os
import re
import subprocess
import sys

CHECK = re.compile(r"stablehlo\.custom_call @check\.(expect_close|expect_eq|expect_almost_eq)"
                   r"\((%[\w#]+), (%[\w#]+)\).*: \((tensor<[^>]*>), (tensor<[^>]*>)\) -> \(\)")
PIPELINE = ["--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops",
            "--convert-linalg-to-loops", "--convert-scf-to-cf", "--expand-strided-metadata",
            "--lower-affine", "--finalize-memref-to-llvm", "--convert-math-to-libm",
            "--convert-math-to-llvm", "--convert-arith-to-llvm", "--convert-func-to-llvm",
            "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]


def printing_program(src):
    """The program with each check replaced by two printMemrefF32 calls and
    @main returning nothing; None when a check is not on f32 tensors."""
    count = [0]

    def repl(m):
        a, b, t = m.group(2), m.group(3), m.group(4)
        if not re.match(r"tensor<(?:[\dx]*x)?f32>", t):
            raise ValueError(t)
        count[0] += 1
        k = count[0]
        return (f"%pa{k} = tensor.cast {a} : {t} to tensor<*xf32>\n"
                f"    func.call @printMemrefF32(%pa{k}) : (tensor<*xf32>) -> ()\n"
                f"    %pb{k} = tensor.cast {b} : {t} to tensor<*xf32>\n"
                f"    func.call @printMemrefF32(%pb{k}) : (tensor<*xf32>) -> ()")
    try:
        src = CHECK.sub(repl, src)
    except ValueError:
        return None
    if not count[0]:
        return None
    src = re.sub(r"func\.func (public )?@main\(\)[^{]*(\{[^{}]*\})?[^{]*\{",
                 "func.func @main() {", src, count=1)
    lines = src.split("\n")
    in_main = False
    for i, line in enumerate(lines):
        if "func.func @main()" in line:
            in_main = True
        elif in_main and re.match(r"\s+return", line):
            lines[i] = "    return"
            break
    src = "\n".join(lines)
    i = src.index("  func.func")
    return src[:i] + "  func.func private @printMemrefF32(tensor<*xf32>)\n" + src[i:]


def check_file(opt, llvm_bin, llvm_lib, path):
    """Returns (status, detail), status in ok/mismatch/unlowered/skipped."""
    p = subprocess.run([opt, "--allow-unregistered-dialect", "--systole-input",
                        "--systole-simplify", path], capture_output=True, text=True)
    if p.returncode:
        return "unlowered", p.stderr.strip().split("\n")[0][:160]
    src = printing_program(p.stdout)
    if src is None:
        return "skipped", "no f32 checks"
    p = subprocess.run([opt, "--allow-unregistered-dialect", "--systole-stablehlo-to-linalg"],
                       input=src, capture_output=True, text=True)
    if p.returncode:
        return "unlowered", p.stderr.strip().split("\n")[0][:160]
    p = subprocess.run([os.path.join(llvm_bin, "mlir-opt")] + PIPELINE, input=p.stdout,
                       capture_output=True, text=True)
    if p.returncode:
        return "skipped", "upstream lowering: " + p.stderr.strip().split("\n")[0][:120]
    libs = ",".join(os.path.join(llvm_lib, l)
                    for l in ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
    p = subprocess.run([os.path.join(llvm_bin, "mlir-cpu-runner"), "-e", "main",
                        "-entry-point-result=void", "-shared-libs=" + libs],
                       input=p.stdout, capture_output=True, text=True, timeout=300)
    if p.returncode:
        return "skipped", "runner: " + p.stderr.strip()[:120]
    parts = re.split(r"(Unranked Memref[^\n]*\n)", p.stdout)[1:]
    number = r"[-+]?(?:nan|inf|\d+\.?\d*(?:e[-+]?\d+)?)"
    values = []
    for header, body in zip(parts[0::2], parts[1::2]):
        sizes = re.search(r"sizes = \[([^\]]*)\]", header).group(1)
        empty = "0" in [x.strip() for x in sizes.split(",")]
        values.append([] if empty else [float(v) for v in re.findall(number, body)])
    worst = 0.0
    for actual, expected in zip(values[0::2], values[1::2]):
        if len(actual) != len(expected):
            return "mismatch", "element counts differ"
        for x, y in zip(actual, expected):
            if x == y or (math.isnan(x) and math.isnan(y)):
                continue
            if not (math.isfinite(x) and math.isfinite(y)):
                return "mismatch", "%r instead of %r" % (x, y)
            worst = max(worst, abs(x - y) / max(abs(y), 1e-3))
    if worst > 2e-3:
        return "mismatch", "relative error %.3g" % worst
    return "ok", "relative error %.2g" % worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--filter", default="float32")
    args = ap.parse_args()
    folder = os.path.join(args.corpus, "stablehlo-testdata")
    if not os.path.isdir(folder):
        print("corpus not found at %s: skipped" % folder)
        return 0
    llvm_lib = os.path.join(os.path.dirname(args.llvm_bin), "lib")
    counts = {"ok": 0, "mismatch": 0, "unlowered": 0, "skipped": 0}
    for name in sorted(os.listdir(folder)):
        if args.filter not in name or "complex" in name or not name.endswith(".mlir"):
            continue
        try:
            status, detail = check_file(args.opt, args.llvm_bin, llvm_lib,
                                        os.path.join(folder, name))
        except subprocess.TimeoutExpired:
            status, detail = "skipped", "timeout"
        counts[status] += 1
        print("%s: %s (%s)" % (name, status, detail), flush=True)
    print("%d ok, %d mismatched, %d not lowered, %d skipped" %
          (counts["ok"], counts["mismatch"], counts["unlowered"], counts["skipped"]))
    return 1 if counts["mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
