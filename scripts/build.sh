#!/usr/bin/env bash
# Installs the Debian packages systole needs, configures (preset "default") and builds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# Paths inside the checkout are hashed relative to it, so a fresh clone in
# another folder (as CI makes) reuses the ccache entries of this one.
export CCACHE_BASEDIR="$PWD"
if [ ! -f build/build.ninja ]; then
  cmake --preset default >/dev/null
fi
cmake --build --preset default
