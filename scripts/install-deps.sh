#!/usr/bin/env bash
# Installs the Debian 12 packages systole builds and tests against (see ../shared/BUILDING.md
# and third_party/README.md). Idempotent: does nothing when everything is present.
set -euo pipefail
PKGS=(build-essential cmake ninja-build python3
      llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
      libprotobuf-dev protobuf-compiler libabsl-dev libgtest-dev libgmock-dev
      libbenchmark-dev libeigen3-dev lld ccache)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing: ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
