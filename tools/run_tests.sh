#!/usr/bin/env bash
# Builds everything and runs the whole test suite (fresh Debian 12 machine):
# installs dependencies, builds, runs CTest (unit, ops, model acceptance,
# NNAdapter, conformance), installs the API and builds/runs the example
# against the installed library.
# Real models and references are read from ../shared/models (override with
# PADDLE_LITE_MODELS_DIR); tests that need them fail loudly when absent.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
"$ROOT/tools/scripts/setup_debian.sh"
"$ROOT/tools/scripts/build.sh"
"$ROOT/examples/build_and_run_examples.sh" "$BUILD_DIR"
cd "$BUILD_DIR"
ctest --output-on-failure -j "${CTEST_JOBS:-2}" --timeout 900
