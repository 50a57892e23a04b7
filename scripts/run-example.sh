#!/usr/bin/env bash
# The main job on a model the project ships: parse, verify and run examples/mlp_f32.mlir
# on the reference backend with deterministic random weights, printing the results.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
exec build/bin/systole-run --backend=reference examples/mlp_f32.mlir --random-inputs --seed=1 "$@"
