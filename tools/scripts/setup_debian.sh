#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs (idempotent: does nothing
# when they are all present). Run as root (or with sudo available).
set -euo pipefail
PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libprotobuf-dev protobuf-compiler
  libgoogle-glog-dev libgflags-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libeigen3-dev libdnnl-dev ocl-icd-opencl-dev
  libxnnpack-dev libpthreadpool-dev
  libstb-dev libxxhash-dev fonts-noto-cjk graphviz
  libonnx-dev libonnx-testdata
  libflatbuffers-dev flatbuffers-compiler nlohmann-json3-dev
  clang libclang-rt-14-dev
  python3 python3-dev python3-venv python3-pip python3-setuptools python3-wheel
  python3-numpy python3-pytest python3-pybind11 pybind11-dev python3-pil
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "[setup] all ${#PACKAGES[@]} Debian packages present"
  exit 0
fi
echo "[setup] installing: ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
