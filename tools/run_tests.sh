#!/usr/bin/env bash
# Builds everything and runs the whole test suite (fresh Debian 12 machine):
#  1. installs dependencies, builds (Release, Ninja, ccache);
#  2. installs the library, checks the install tree (no stray files, headers
#     compile alone, SONAMEs) and builds/runs the C++ and C examples against
#     it with plain flags, find_package(PaddleLite) and pkg-config, outside
#     the source tree (examples/build_and_run_examples.sh);
#  3. builds the paddlelite wheel, installs it into a fresh virtual
#     environment and runs the Python demo, the pytest suite and the thread
#     overlap benchmark there (tools/scripts/run_python_tests.sh);
#  4. runs CTest: unit, ops, graph/passes, model acceptance, .nb/opt/light
#     library, C API (also under ASan+UBSan), NNAdapter runtime/operations/
#     drivers (builtin_device, fake_device, google_xnnpack), bridge,
#     conformance; on AVX-512 CPUs a second time with oneDNN capped at AVX2;
#  5. builds NNAdapter alone under AddressSanitizer + UndefinedBehaviorSanitizer
#     and runs its whole suite there (the whole tree under ASan+UBSan, about
#     64 min to build and 18 min to test, and lite/ under TSan are documented
#     commands, docs/reliability.md: over the 30-minute budget);
#  6. runs the libFuzzer targets (NNAdapter model building, .nnc loader,
#     context-properties and operator-info parsers, .nb loader, params
#     loader, Paddle program loader, structure-aware ONNX importer,
#     partition config parser, C and Python APIs) for FUZZ_SECONDS each
#     (default 60) under ASan/UBSan.
# Real models and references are read from ../shared/models (override with
# PADDLE_LITE_MODELS_DIR); tests that need them fail loudly when absent.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
step() { echo; echo "== [run_tests] $* ($(date -u +%T))"; }
step "setup"
"$ROOT/tools/scripts/setup_debian.sh"
step "build"
"$ROOT/tools/scripts/build.sh"
step "examples against the installed library (plain flags, CMake package, pkg-config)"
"$ROOT/examples/build_and_run_examples.sh" "$BUILD_DIR"
step "Python package: wheel, fresh virtual environment, demo, pytest"
"$ROOT/tools/scripts/run_python_tests.sh" "$BUILD_DIR"
step "ctest"
(cd "$BUILD_DIR" && ctest --output-on-failure -j "${CTEST_JOBS:-2}" --timeout 900)
# The CPU kernels choose their paths by what oneDNN runs: AVX-512 kernels
# (blocked chains in nChw16c, oneDNN's small convs) or AVX2 ones (nChw8c,
# our hand-written NCHW kernels). On an AVX-512 machine the suite runs again
# with oneDNN capped at AVX2, so that both configurations are tested here.
if grep -qw avx512f /proc/cpuinfo; then
  step "ctest again with oneDNN capped at AVX2 (ONEDNN_MAX_CPU_ISA=AVX2)"
  (cd "$BUILD_DIR" && ONEDNN_MAX_CPU_ISA=AVX2 ctest --output-on-failure -j "${CTEST_JOBS:-2}" \
     --timeout 900)
fi
step "NNAdapter suite under ASan + UBSan"
"$ROOT/tools/scripts/run_sanitizers.sh"
step "fuzzers, ${FUZZ_SECONDS} s each"
"$ROOT/tests/fuzz/run_fuzzers.sh" "$FUZZ_SECONDS"
"$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
FUZZ_TARGET=params "$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
FUZZ_TARGET=program "$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
FUZZ_TARGET=onnx "$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
FUZZ_TARGET=paddle_lite_nb "$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
FUZZ_TARGET=pir "$ROOT/tools/scripts/run_nb_fuzzer.sh" "$FUZZ_SECONDS"
"$ROOT/tools/scripts/run_api_fuzzers.sh" capi "$FUZZ_SECONDS"
"$ROOT/tools/scripts/run_api_fuzzers.sh" python "$FUZZ_SECONDS"
"$ROOT/tools/scripts/run_lite_config_fuzzer.sh" "$FUZZ_SECONDS"
step "all passed"
