#!/usr/bin/env python3
"""Op forms as exporters write them: simulated time against a plain form.

Generates one StableHLO program per case, compiles and runs each on the
simulator for trn2 (timing only: --functional=false; the e2e tests
collapsed-dot-dims.mlir, transpose-runs.mlir, attention-head-transposes.mlir,
middle-dim-reductions.mlir and nhwc-convolution-stores.mlir check the values)
and prints a Markdown table of simulated time, tensor-engine utilisation and
DMA bytes. Each case is written the way an exporter writes it and, where one
exists, next to a plain form that the compiler handles best:
  - JAX's `x @ W` of a 3-D x (two free dims on the lhs) against x as 2-D;
  - Flax DenseGeneral (two contracting dims) against one merged K;
  - contracting dims [1, 0] x [0, 3] (transposes needed);
  - PyTorch/XLA attention scores (heads split, transposed, merged);
  - transposes that keep runs of dims together against their 2-D form;
  - sums over middle dims (NHWC global pooling, a sum over tokens);
  - a 3x3 convolution in NHWC (JAX's default) against NCHW.
docs/performance.md records the numbers.

  python3 benchmarks/graph_forms.py --bin build/bin
"""
import argparse
import os
import sys
import tempfile

from simulation import simulate


def t(shape, dtype):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), dtype)


def program(args, body, results):
    """A @main of `args` [(name, shape, dtype)], `body` lines, returning
    `results` [(name, shape, dtype)]."""
    sig = ", ".join("%%%s: %s" % (n, t(s, d)) for n, s, d in args)
    rt = ", ".join(t(s, d) for _, s, d in results)
    ret = "  return %s : %s" % (", ".join("%" + n for n, _, _ in results), rt)
    return "func.func @main(%s) -> (%s) {\n%s\n%s\n}\n" % (
        sig, rt, "\n".join("  " + b for b in body), ret)


def dot(lhs, rhs, out, lt, rt, ot, lc, rc, batch=None):
    dims = ""
    if batch:
        dims = "batching_dims = [%s] x [%s], " % (
            ", ".join(map(str, batch[0])), ", ".join(map(str, batch[1])))
    return ("%%%s = stablehlo.dot_general %%%s, %%%s, %scontracting_dims = [%s] x [%s]"
            " : (%s, %s) -> %s" % (out, lhs, rhs, dims, ", ".join(map(str, lc)),
                                   ", ".join(map(str, rc)), lt, rt, ot))


def dot_case(lshape, rshape, oshape, lc, rc, dtype="bf16", batch=None):
    lt, rt, ot = t(lshape, dtype), t(rshape, dtype), t(oshape, "f32")
    return program([("a", lshape, dtype), ("b", rshape, dtype)],
                   [dot("a", "b", "d", lt, rt, ot, lc, rc, batch)],
                   [("d", oshape, "f32")])


def transpose_case(shape, perm, dtype="f32"):
    out = [shape[p] for p in perm]
    return program([("x", shape, dtype)],
                   ["%%y = stablehlo.transpose %%x, dims = [%s] : (%s) -> %s" % (
                       ", ".join(map(str, perm)), t(shape, dtype), t(out, dtype))],
                   [("y", out, dtype)])


def reduce_case(shape, dims, dtype="f32"):
    out = [d for i, d in enumerate(shape) if i not in dims]
    return program([("x", shape, dtype)],
                   ["%%z = stablehlo.constant dense<0.0> : tensor<%s>" % dtype,
                    "%%y = stablehlo.reduce(%%x init: %%z) applies stablehlo.add across "
                    "dimensions = [%s] : (%s, tensor<%s>) -> %s" % (
                        ", ".join(map(str, dims)), t(shape, dtype), dtype, t(out, dtype))],
                   [("y", out, dtype)])


def conv_case(nhwc):
    """A 3x3 bf16 convolution of 8 images of 32 x 32 x 64 to 128 channels."""
    if nhwc:
        x, w, o = [8, 32, 32, 64], [3, 3, 64, 128], [8, 32, 32, 128]
        dn = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"
    else:
        x, w, o = [8, 64, 32, 32], [128, 64, 3, 3], [8, 128, 32, 32]
        dn = "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"
    return program([("x", x, "bf16"), ("w", w, "bf16")],
                   ["%%y = stablehlo.convolution(%%x, %%w) dim_numbers = %s, window = "
                    "{stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, "
                    "feature_group_count = 1 : i64} : (%s, %s) -> %s" % (
                        dn, t(x, "bf16"), t(w, "bf16"), t(o, "bf16"))],
                   [("y", o, "bf16")])


def attention_scores():
    """q, k [2 x 50 x 256] f32 as PyTorch/XLA splits them into 4 heads."""
    q4, qt, qb = t([2, 50, 4, 64], "f32"), t([2, 4, 50, 64], "f32"), t([8, 50, 64], "f32")
    kt, kb = t([2, 4, 64, 50], "f32"), t([8, 64, 50], "f32")
    x, s = t([2, 50, 256], "f32"), t([8, 50, 50], "f32")
    body = [
        "%%q4 = stablehlo.reshape %%q : (%s) -> %s" % (x, q4),
        "%%qt = stablehlo.transpose %%q4, dims = [0, 2, 1, 3] : (%s) -> %s" % (q4, qt),
        "%%qb = stablehlo.reshape %%qt : (%s) -> %s" % (qt, qb),
        "%%k4 = stablehlo.reshape %%k : (%s) -> %s" % (x, q4),
        "%%kt = stablehlo.transpose %%k4, dims = [0, 2, 3, 1] : (%s) -> %s" % (q4, kt),
        "%%kb = stablehlo.reshape %%kt : (%s) -> %s" % (kt, kb),
        dot("qb", "kb", "s", qb, kb, s, [2], [1], ([0], [0])),
    ]
    return program([("q", [2, 50, 256], "f32"), ("k", [2, 50, 256], "f32")],
                   body, [("s", [8, 50, 50], "f32")])


CASES = [
    ("x[2x128x512] @ W[512x512] bf16 (JAX dense, 3-D x)",
     dot_case([2, 128, 512], [512, 512], [2, 128, 512], [2], [0])),
    ("x[256x512] @ W[512x512] bf16 (the same as 2-D)",
     dot_case([256, 512], [512, 512], [256, 512], [1], [0])),
    ("x[1x128x512] @ W[512x512] bf16 (batch 1)",
     dot_case([1, 128, 512], [512, 512], [1, 128, 512], [2], [0])),
    ("h[2x128x8x64] . W[8x64x512] bf16 (DenseGeneral, K = heads x head dim)",
     dot_case([2, 128, 8, 64], [8, 64, 512], [2, 128, 512], [2, 3], [0, 1])),
    ("a[64x128x256] . b[128x8x16x64] f32, contracting [1, 0] x [0, 3]",
     dot_case([64, 128, 256], [128, 8, 16, 64], [256, 8, 16], [1, 0], [0, 3],
              dtype="f32")),
    ("attention scores, 2 x 4 heads x 50 tokens x 64, PyTorch/XLA form",
     attention_scores()),
    ("transpose [128x8x16x64] perm [3, 0, 1, 2] f32",
     transpose_case([128, 8, 16, 64], [3, 0, 1, 2])),
    ("transpose [16384x64] perm [1, 0] f32 (its 2-D form)",
     transpose_case([16384, 64], [1, 0])),
    ("transpose [2x16x16x64] perm [0, 3, 1, 2] bf16 (NHWC to NCHW)",
     transpose_case([2, 16, 16, 64], [0, 3, 1, 2], "bf16")),
    ("sum of [8x14x14x512] f32 over dims 1, 2 (NHWC global pooling)",
     reduce_case([8, 14, 14, 512], [1, 2])),
    ("sum of [16x50x768] f32 over dim 1 (tokens)",
     reduce_case([16, 50, 768], [1])),
    ("sum of [200x300x100] f32 over dim 1",
     reduce_case([200, 300, 100], [1])),
    ("conv 3x3 bf16, 8 x 32 x 32 x 64 -> 128, NHWC/HWIO (JAX)", conv_case(True)),
    ("conv 3x3 bf16, 8 x 64 x 32 x 32 -> 128, NCHW/OIHW", conv_case(False)),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="build/bin")
    args = ap.parse_args()
    print("| case | simulated us (trn2) | PE util | DMA MB |")
    print("|---|---|---|---|")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, text) in enumerate(CASES):
            path = os.path.join(tmp, "case%d.mlir" % i)
            with open(path, "w") as f:
                f.write(text)
            s, err = simulate(args.bin, path, tmp)
            if s is None:
                failed += 1
                print("| %s | failed: %s | | |" % (name, " ".join(err)), flush=True)
                continue
            print("| %s | %.1f | %.1f%% | %.2f |" % (
                name, s["total_ns"] / 1000.0, 100.0 * s["pe_utilization"],
                s["dma_bytes"] / 1e6), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
