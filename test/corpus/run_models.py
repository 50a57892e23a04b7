#!/usr/bin/env python3
"""Checks every model graph of ../shared/corpus/models on the reference backend.

For each model: systole-opt parses, verifies and prints it; the printed form
re-parses and prints identically; systole-run --backend=reference runs it with
--random-inputs --seed=1, and every result has the declared type (checked by
systole-run itself) and only finite values. Prints `N passed, N failed`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def check_model(opt, run, path, timeout):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a.mlir"), os.path.join(tmp, "b.mlir")
        for src, dst in ((path, a), (a, b)):
            p = subprocess.run([opt, "--allow-unregistered-dialect", src, "-o", dst],
                               capture_output=True, text=True)
            if p.returncode != 0:
                return "print/parse failed: " + p.stderr.strip()[:300]
        if open(a).read() != open(b).read():
            return "printing then parsing changed the program"
    start = time.time()
    try:
        p = subprocess.run([run, "--backend=reference", "--random-inputs", "--seed=1",
                            "--print-summary", path],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "run timed out after %ds" % timeout
    if p.returncode != 0:
        return "run failed (exit %d): %s" % (p.returncode, p.stderr.strip()[:300])
    results = [l for l in p.stdout.splitlines() if l.startswith("result[")]
    if not results:
        return "no results printed"
    for line in results:
        m = re.search(r"nonfinite=(\d+)", line)
        if not m or int(m.group(1)) != 0:
            return "non-finite values: " + line
    print("  %s: %.1fs %s" % (os.path.basename(path), time.time() - start,
                              "; ".join(results))[:400])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--filter", default="")
    args = ap.parse_args()
    folder = os.path.join(args.corpus, "models")
    if not os.path.isdir(folder):
        print("corpus not found at %s: skipped" % folder)
        print("0 passed, 0 failed, 1 skipped")
        return 0
    passed = failed = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir") or args.filter not in name:
            continue
        err = check_model(args.opt, args.run, os.path.join(folder, name), args.timeout)
        if err:
            failed += 1
            print("FAIL %s: %s" % (name, err))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
