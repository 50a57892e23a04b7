#!/usr/bin/env python3
"""FP8 quantization (DESIGN section 5) against bf16: simulated time and DMA.

Generates linear layers y = x @ W in StableHLO, compiles each with
systole-compile --fp8=off|e4m3|e5m2 and runs it on the simulator (timing only:
--functional=false), then prints a Markdown table of simulated time, DMA bytes
and tensor/vector engine busy time per case:
  - `const W`: W a constant (the weights of an exported model with its
    parameters folded in): quantized at compile time, per output channel;
  - `arg W`: W an argument, as the corpus models pass their weights: its
    scale is computed on the device on every run, like an activation's.
With --corpus, the corpus models are run too (their weights are arguments).
docs/performance.md records the numbers.

  python3 benchmarks/fp8_matmul.py --bin build/bin [--corpus ../shared/corpus]
"""
import argparse
import os
import random
import struct
import sys
import tempfile

from simulation import simulate


def bf16_hex(values):
    out = []
    for v in values:
        u = struct.unpack("<I", struct.pack("<f", v))[0]
        r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF
        out.append(struct.pack("<H", r).hex().upper())
    return "".join(out)


def linear(m, k, n, constant):
    """y[m, n] = x[m, k] @ W[k, n] in bf16 (f32 accumulation)."""
    args = ["%%x: tensor<%dx%dxbf16>" % (m, k)]
    body = []
    if constant:
        rng = random.Random(1)
        w = [rng.gauss(0.0, 1.0) / (k ** 0.5) for _ in range(k * n)]
        body.append('  %%w = stablehlo.constant dense<"0x%s"> : tensor<%dx%dxbf16>'
                    % (bf16_hex(w), k, n))
    else:
        args.append("%%w: tensor<%dx%dxbf16>" % (k, n))
    body.append("  %%y = stablehlo.dot_general %%x, %%w, contracting_dims = [1] x [0]"
                " : (tensor<%dx%dxbf16>, tensor<%dx%dxbf16>) -> tensor<%dx%dxbf16>"
                % (m, k, k, n, m, n))
    body.append("  return %%y : tensor<%dx%dxbf16>" % (m, n))
    return ("func.func @main(%s) -> tensor<%dx%dxbf16> {\n%s\n}\n"
            % (", ".join(args), m, n, "\n".join(body)))


def row(name, fp8, s, base):
    busy = s["engine_busy_ns"]
    us = s["total_ns"] / 1000.0
    speed = "" if base is None else "%.2fx" % (base / us)
    return ("| %s | %s | %.1f | %s | %.1f | %.1f | %.1f |"
            % (name, fp8, us, speed, s["dma_bytes"] / 1e6,
               busy.get("tensor", 0) / 1000.0, busy.get("vector", 0) / 1000.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--corpus", default="")
    ap.add_argument("--formats", default="off,e4m3,e5m2")
    args = ap.parse_args()
    formats = args.formats.split(",")
    cases = [("x[16x2048] @ const W[2048x2048]", 16, 2048, 2048, True),
             ("x[2048x2048] @ const W[2048x2048]", 2048, 2048, 2048, True),
             ("x[16x2048] @ arg W[2048x2048]", 16, 2048, 2048, False),
             ("x[2048x2048] @ arg W[2048x2048]", 2048, 2048, 2048, False)]
    print("| case | --fp8 | simulated us (trn2) | speed-up | DMA MB | tensor busy us | vector busy us |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        jobs = []
        for i, (name, m, k, n, constant) in enumerate(cases):
            path = os.path.join(tmp, "case%d.mlir" % i)
            with open(path, "w") as f:
                f.write(linear(m, k, n, constant))
            jobs.append((name, path))
        if args.corpus:
            models = os.path.join(args.corpus, "models")
            for model in sorted(os.listdir(models)):
                if model.endswith(".mlir"):
                    jobs.append((model[:-5], os.path.join(models, model)))
        for name, path in jobs:
            base = None
            for fp8 in formats:
                s, err = simulate(args.bin, path, tmp, ["--fp8=" + fp8])
                if s is None:
                    print("| %s | %s | failed: %s | | | | |" % (name, fp8, " ".join(err)))
                    continue
                if fp8 == "off":
                    base = s["total_ns"] / 1000.0
                print(row(name, fp8, s, base), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
