"""Compiles a StableHLO program and simulates it timing-only: the step the
benchmark scripts (fp8_matmul.py, graph_forms.py) share."""
import json
import os
import subprocess


def simulate(binary, path, tmp, compile_args=()):
    """Compiles `path` with systole-compile (plus `compile_args`) for trn2 and
    runs it with --random-inputs --seed=1 --functional=false. Returns
    (stats dict from --stats-json, None), or (None, the last error line)."""
    ncx = os.path.join(tmp, "out.ncx")
    stats = os.path.join(tmp, "stats.json")
    p = subprocess.run([os.path.join(binary, "systole-compile"), path, *compile_args,
                        "-o", ncx],
                       capture_output=True, text=True, timeout=3600)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1:]
    p = subprocess.run([os.path.join(binary, "systole-run"), ncx,
                        "--random-inputs", "--seed=1", "--functional=false",
                        "--quiet", "--stats-json=" + stats],
                       capture_output=True, text=True, timeout=3600)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1:]
    with open(stats) as f:
        return json.load(f), None
