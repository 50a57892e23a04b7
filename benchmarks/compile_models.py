#!/usr/bin/env python3
"""Compile-and-simulate table of the corpus models, and compile-time scaling.

For each model of ../shared/corpus/models (or --models): compile time on this
machine (systole-compile, wall and CPU), then simulated time on trn1 and trn2,
tensor-engine utilisation, DMA bytes and peak SBUF/PSUM from the simulator's
--stats-json (timing only: --functional=false). Then compiles generated MLPs
of 64 to 4096 dense layers (256 wide, f32; --depths) and prints compile time
per layer and the ratio to half the layers, which stay flat and near 2x when
compile time grows linearly. Prints Markdown
tables; docs/performance.md records them.

  python3 benchmarks/compile_models.py --bin build/bin --corpus ../shared/corpus
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def run(cmd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    wall = time.time() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, wall, cpu


def mlp(layers, width=256, batch=64):
    args = ["%%x: tensor<%dx%dxf32>" % (batch, width)]
    body = []
    cur = "%x"
    for i in range(layers):
        args.append("%%w%d: tensor<%dx%dxf32>" % (i, width, width))
        args.append("%%b%d: tensor<%dxf32>" % (i, width))
        t = "tensor<%dx%dxf32>" % (batch, width)
        body += [
            "%%d%d = stablehlo.dot_general %s, %%w%d, contracting_dims = [1] x [0] : (%s, tensor<%dx%dxf32>) -> %s" % (i, cur, i, t, width, width, t),
            "%%bb%d = stablehlo.broadcast_in_dim %%b%d, dims = [1] : (tensor<%dxf32>) -> %s" % (i, i, width, t),
            "%%a%d = stablehlo.add %%d%d, %%bb%d : %s" % (i, i, i, t),
            "%%z%d = stablehlo.constant dense<0.0> : %s" % (i, t),
            "%%r%d = stablehlo.maximum %%a%d, %%z%d : %s" % (i, i, i, t),
        ]
        cur = "%%r%d" % i
    return ("func.func @main(%s) -> tensor<%dx%dxf32> {\n  %s\n  return %s : tensor<%dx%dxf32>\n}\n" %
            (", ".join(args), batch, width, "\n  ".join(body), cur, batch, width))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--models", nargs="*", default=None)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--depths", type=int, nargs="*", default=[64, 128, 256, 512, 1024, 2048, 4096],
                    help="layer counts of the generated MLPs (doubling)")
    args = ap.parse_args()
    compile_tool = os.path.join(args.bin, "systole-compile")
    run_tool = os.path.join(args.bin, "systole-run")
    tmp = tempfile.mkdtemp()

    models = args.models
    if models is None:
        folder = os.path.join(args.corpus, "models")
        models = sorted(os.path.join(folder, f) for f in os.listdir(folder)) if os.path.isdir(folder) else []
    print("| model | compile wall / CPU (s) | trn2 time (us) | trn1 time (us) | PE util trn2 | DMA bytes | SBUF peak | PSUM peak |")
    print("|---|---|---|---|---|---|---|---|")
    for path in models:
        name = os.path.basename(path).replace(".mlir", "")
        row = [name]
        stats = {}
        for target in ("trn2", "trn1"):
            ncx = os.path.join(tmp, "%s.%s.ncx" % (name, target))
            p, wall, cpu = run([compile_tool, path, "--target=" + target, "-o", ncx], args.timeout)
            if p.returncode != 0:
                err = [l for l in p.stderr.splitlines() if "error" in l]
                row.append("does not compile: " + (err[0].split("error: ")[-1][:80] if err else "exit %d" % p.returncode))
                break
            if target == "trn2":
                row.append("%.2f / %.2f" % (wall, cpu))
            js = os.path.join(tmp, "%s.%s.json" % (name, target))
            q, _, _ = run([run_tool, ncx, "--random-inputs", "--functional=false", "--no-race-check",
                           "--quiet", "--stats-json=" + js], args.timeout)
            if q.returncode != 0:
                row.append("simulation failed")
                break
            stats[target] = json.load(open(js))
        if len(stats) == 2:
            s2, s1 = stats["trn2"], stats["trn1"]
            row += ["%.1f" % (s2["total_ns"] / 1e3), "%.1f" % (s1["total_ns"] / 1e3),
                    "%.1f%%" % (100 * s2["pe_utilization"]), "%d" % s2["dma_bytes"],
                    "%d" % s2["sbuf_peak_bytes"], "%d" % s2["psum_peak_bytes"]]
        print("| " + " | ".join(row) + " |")
        sys.stdout.flush()

    print()
    print("| dense layers | compile wall (s) | compile CPU (s) | CPU per layer (ms) | CPU vs half the layers |")
    print("|---|---|---|---|---|")
    previous = None
    for layers in args.depths:
        src = os.path.join(tmp, "mlp%d.mlir" % layers)
        with open(src, "w") as f:
            f.write(mlp(layers))
        # Best of three: the machine's timing noise is larger than the
        # differences this table is about.
        best = None
        for _ in range(3):
            p, wall, cpu = run([compile_tool, src, "-o", os.path.join(tmp, "mlp.ncx")], args.timeout)
            if p.returncode != 0:
                break
            if best is None or cpu < best[1]:
                best = (wall, cpu)
        if p.returncode != 0:
            print("| %d | failed: %s |" % (layers, p.stderr.strip()[:100]))
            continue
        wall, cpu = best
        ratio = ""
        if previous and previous[0] * 2 == layers:
            ratio = "%.2fx" % (cpu / previous[1])
        previous = (layers, cpu)
        print("| %d | %.2f | %.2f | %.1f | %s |" % (layers, wall, cpu, 1000 * cpu / layers, ratio))
        sys.stdout.flush()

if __name__ == "__main__":
    sys.exit(main())
