#!/usr/bin/env bash
# The main job on a model the project ships: compile examples/mlp_f32.mlir for trn2
# and run it on the simulator with deterministic random weights, printing the results,
# the simulated time and the tensor-engine utilisation.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
exec build/bin/systole-run examples/mlp_f32.mlir --random-inputs --seed=1 "$@"
