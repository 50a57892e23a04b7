#!/usr/bin/env bash
# Installs the Debian packages systole needs, configures (preset "default") and builds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ ! -f build/build.ninja ]; then
  cmake --preset default >/dev/null
fi
cmake --build --preset default
