#!/usr/bin/env python3
"""Runs systole-run over the shared StableHLO test corpus and reports counts.

Each file of ../shared/corpus/stablehlo-testdata is a self-checking program
(@main() calls stablehlo.custom_call @check.expect_*); it passes when
systole-run exits 0. Prints `N passed, N failed` (and skipped when the corpus
is absent), writes the failing files with their first error line to
--failures, and exits non-zero when fewer than --min-pass files pass.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

# Element types the NeuronCore lacks (DESIGN section 3). A file using any of
# them is outside what --supported-only counts: f64, i64 and ui64 are
# narrowed with a warning, complex numbers and the other types are rejected.
UNSUPPORTED = re.compile(
    r"(complex<|[x<]f64>|[x<]i64>|[x<]ui64>|[x<]u?i4>|[x<]u?i2>|"
    r"f8E4M3FN>|FNUZ|f8E4M3B11|f8E3M4|f8E8M0|f4E2M1|f6E)")


def target_supports(path):
    with open(path) as f:
        return not UNSUPPORTED.search(f.read())


def run_one(tool, backend, path, timeout):
    try:
        p = subprocess.run([tool, "--backend=" + backend, "--quiet", path],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, "timeout", "timed out after %ds" % timeout
    if p.returncode == 0:
        return path, "pass", ""
    lines = [l for l in p.stderr.splitlines() if "error" in l] or p.stderr.splitlines() or [""]
    kind = {1: "check", 2: "error", 3: "internal"}.get(p.returncode, "crash(%d)" % p.returncode)
    return path, kind, lines[0][:300]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--backend", default="reference")
    ap.add_argument("--failures", default="corpus-failures.txt")
    ap.add_argument("--min-pass", type=int, default=0,
                    help="fail unless at least this many files pass")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--filter", default="", help="only files containing this")
    ap.add_argument("--supported-only", action="store_true",
                    help="only files whose element types the NeuronCore has "
                         "(f32, bf16, f16, f8E4M3, f8E5M2, i32, i16, i8, ui32, ui16, ui8, i1)")
    args = ap.parse_args()

    folder = os.path.join(args.corpus, "stablehlo-testdata")
    if not os.path.isdir(folder):
        print("corpus not found at %s: skipped" % folder)
        print("0 passed, 0 failed, 1 skipped")
        return 0
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                   if f.endswith(".mlir") and args.filter in f)
    total = len(files)
    if args.supported_only:
        files = [f for f in files if target_supports(f)]
        print("%d of %d files use only element types the target has" % (len(files), total))
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(run_one, args.tool, args.backend, f, args.timeout) for f in files]
        for fut in futs:
            results.append(fut.result())
    failed = [r for r in results if r[1] != "pass"]
    with open(args.failures, "w") as out:
        for path, kind, msg in failed:
            out.write("%s\t%s\t%s\n" % (os.path.basename(path), kind, msg))
    kinds = {}
    for _, kind, _ in failed:
        kinds[kind] = kinds.get(kind, 0) + 1
    passed = len(results) - len(failed)
    print("corpus %s backend: %d of %d files pass (%.1f%%); failures by kind: %s; list in %s" % (
        args.backend, passed, len(results), 100.0 * passed / max(1, len(results)),
        kinds, os.path.abspath(args.failures)))
    print("%d passed, %d failed" % (passed, len(failed)))
    if passed < args.min_pass:
        print("error: fewer than the required %d files pass" % args.min_pass)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
