#!/usr/bin/env python3
"""A corpus-mutation fuzzer for systole's parser, verifiers and interpreter.

Takes seed programs (by default the smaller files of ../shared/corpus and
examples/), mutates them (truncation, line deletion/duplication, byte flips,
token swaps, number changes) and runs systole-opt and systole-run on each
mutant. Any outcome other than a clean exit (0, 1 or 2 with an error message)
is a finding: a signal (crash, abort, assertion), exit code 3, or a hang.
Findings are saved under --out for reproduction. Deterministic for a seed.

  test/fuzz/mutate_corpus.py --opt build/bin/systole-opt \
      --run build/bin/systole-run --iterations 2000 --seed 1
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys

NUMBER = re.compile(rb"-?\d+")
INTERESTING = [b"0", b"-1", b"1", b"2147483647", b"-2147483648", b"9223372036854775807",
               b"65536", b"4294967296", b"3", b"128"]
TOKENS = [b"tensor<", b">", b"(", b")", b"{", b"}", b"[", b"]", b",", b":", b"->", b"%0",
          b"stablehlo.add", b"dense<", b"x", b"f32", b"i1", b"complex<f32>", b"\"", b"#loc",
          b"stablehlo.return", b"^bb0", b"= ", b"dims = [", b"dim = "]


def mutate(data, rng):
    kind = rng.randrange(7)
    if kind == 0 and len(data) > 1:  # truncate
        return data[:rng.randrange(len(data))]
    lines = data.split(b"\n")
    if kind == 1 and len(lines) > 1:  # delete a line
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 2:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return b"\n".join(lines)
    if kind == 3 and data:  # flip bytes
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 4:  # change a number
        nums = list(NUMBER.finditer(data))
        if nums:
            m = rng.choice(nums)
            return data[:m.start()] + rng.choice(INTERESTING) + data[m.end():]
    if kind == 5 and data:  # insert a token
        i = rng.randrange(len(data))
        return data[:i] + rng.choice(TOKENS) + data[i:]
    # swap two lines
    if len(lines) > 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", b""
    if p.returncode < 0:
        return "signal %d" % -p.returncode, p.stderr
    if p.returncode not in (0, 1, 2):
        return "exit %d" % p.returncode, p.stderr
    if p.returncode != 0 and b"error" not in p.stderr:
        return "exit %d without an error message" % p.returncode, p.stderr
    return None, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--seeds", nargs="*", default=None)
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "../../../shared/corpus"))
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--out", default="fuzz-findings")
    args = ap.parse_args()
    seeds = args.seeds
    if not seeds:
        seeds = [f for f in glob.glob(os.path.join(args.corpus, "stablehlo-testdata", "*.mlir"))
                 if os.path.getsize(f) < 6000]
        seeds += glob.glob(os.path.join(os.path.dirname(__file__), "../../examples/*.mlir"))
    seeds.sort()
    if not seeds:
        print("no seed files: skipped")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    findings = 0
    mutant = os.path.join(args.out, "mutant.mlir")
    for it in range(args.iterations):
        data = open(rng.choice(seeds), "rb").read()
        for _ in range(rng.randint(1, 3)):
            data = mutate(data, rng)
        with open(mutant, "wb") as f:
            f.write(data)
        for cmd in ([args.opt, "--allow-unregistered-dialect", mutant, "-o", os.devnull],
                    [args.run, "--backend=reference", "--quiet", "--random-inputs", mutant]):
            problem, stderr = run(cmd, args.timeout)
            if problem:
                findings += 1
                name = os.path.join(args.out, "finding-%d.mlir" % findings)
                os.replace(mutant, name)
                with open(mutant, "wb") as f:
                    f.write(data)
                print("FINDING %s: %s (%s)\n  %s" % (name, problem, os.path.basename(cmd[0]),
                      stderr.decode(errors="replace").strip().splitlines()[-1:] ))
                break
    print("%d mutants, %d findings" % (args.iterations, findings))
    print("%d passed, %d failed" % (args.iterations - findings, findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
