#!/usr/bin/env bash
# The whole test suite: installs packages, builds, runs every ctest entry (lit, GoogleTest,
# end-to-end and corpus runs) and prints ctest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd build
ctest --output-on-failure -j2 "$@"
