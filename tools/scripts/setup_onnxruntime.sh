#!/usr/bin/env bash
# Installs ONNX Runtime for Node.js (npm package onnxruntime-node, CPU build)
# into a cache folder for tools/bench_vs_ort.sh and prints its node_modules
# path (use it as NODE_PATH). Installs nodejs/npm from Debian when missing.
# The package's install script only downloads GPU libraries, so it is
# skipped (ONNXRUNTIME_NODE_INSTALL=skip); the CPU runtime is in the tarball.
# usage: tools/scripts/setup_onnxruntime.sh [DIR]   (default ~/.cache/paddle-lite-ort)
set -euo pipefail
DIR="${1:-$HOME/.cache/paddle-lite-ort}"
ORT_VERSION="${ORT_VERSION:-1.30.0}"
if ! command -v npm >/dev/null; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >&2
fi
mkdir -p "$DIR"
cd "$DIR"
if [ ! -d node_modules/onnxruntime-node ]; then
  printf '{"name":"paddle-lite-ort","private":true,"dependencies":{"onnxruntime-node":"%s"}}\n' \
    "$ORT_VERSION" > package.json
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund >&2
fi
echo "$DIR/node_modules"
