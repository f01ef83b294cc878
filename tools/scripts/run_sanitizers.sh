#!/usr/bin/env bash
# Builds NNAdapter alone (no lite/, no tools/: -DNNADAPTER_ONLY=ON) with
# AddressSanitizer + UndefinedBehaviorSanitizer in its own build directory and
# runs its whole CTest suite there: the nnadapter-labelled tests (runtime,
# utility, operation, builtin_device, fake_device) and the conformance suite
# (internal test + ONNX/hand cases on builtin_device and fake_device).
#   tools/scripts/run_sanitizers.sh
#   SANITIZERS=thread tools/scripts/run_sanitizers.sh   # ThreadSanitizer
#   SANITIZER_SCOPE=all tools/scripts/run_sanitizers.sh # the whole tree (lite/ too)
#   SANITIZER_SCOPE=all SANITIZERS=thread tools/scripts/run_sanitizers.sh
#     # lite/ + NNAdapter under TSan: only the thread tests (TSAN_TESTS below)
# Environment: SANITIZERS (address,undefined | thread), SANITIZER_BUILD_DIR
# (default <repo>/build-sanitizers, build-tsan for thread), SANITIZER_JOBS (2),
# CC/CXX (default gcc/g++: gcc links the sanitizer runtime into shared
# libraries too, which drivers linked with -Wl,--no-undefined need).
# Debug build at -O0 with line tables (-g1): a gtest file compiles 3x faster
# than at -O1 under ASan, and the whole suite still runs in seconds.
# Exits non-zero on a build failure, a failing test, or any sanitizer report
# (UBSan does not recover; the test logs are scanned as well).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SANITIZERS="${SANITIZERS:-address,undefined}"
case "$SANITIZERS" in
  address,undefined)
    BUILD="${SANITIZER_BUILD_DIR:-$ROOT/build-sanitizers}"
    SAN_CMAKE=(-DLITE_WITH_SANITIZERS=ON) ;;
  thread)
    BUILD="${SANITIZER_BUILD_DIR:-$ROOT/build-tsan}"
    SAN_CMAKE=(-DLITE_WITH_SANITIZERS=OFF -DCMAKE_C_FLAGS=-fsanitize=thread
               -DCMAKE_CXX_FLAGS=-fsanitize=thread
               -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread
               -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread) ;;
  *) echo "run_sanitizers: SANITIZERS must be address,undefined or thread" >&2; exit 2 ;;
esac
JOBS="${SANITIZER_JOBS:-2}"
# nnadapter (default): NNAdapter alone; all: lite/, tools/ and every test too.
case "${SANITIZER_SCOPE:-nnadapter}" in
  nnadapter) SCOPE_CMAKE=(-DNNADAPTER_ONLY=ON) ;;
  all) SCOPE_CMAKE=(-DNNADAPTER_ONLY=OFF); BUILD="$BUILD-all" ;;
  *) echo "run_sanitizers: SANITIZER_SCOPE must be nnadapter or all" >&2; exit 2 ;;
esac
export CC="${CC:-gcc}" CXX="${CXX:-g++}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"

start=$(date +%s)
mkdir -p "$BUILD"
if ! cmake -G Ninja -S "$ROOT" -B "$BUILD" "${SCOPE_CMAKE[@]}" \
    "${SAN_CMAKE[@]}" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS_DEBUG="-O0 -g1" -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" \
    >"$BUILD/configure.log" 2>&1; then
  cat "$BUILD/configure.log" >&2
  echo "run_sanitizers: configure failed" >&2
  exit 2
fi
# Every target of this configuration: libnnadapter (with builtin_device),
# fake_device, the nnadapter tests and the conformance runner. The whole-tree
# TSan run builds and runs only the tests that start threads of their own
# (clones, predictors per thread, concurrent Run and NNAdapter executions,
# thread counts): the rest is single-threaded and TSan at -O0 is ~10x slower.
CTEST_SELECT=()
# examples_against_installed_library builds the examples with plain flags
# against the installed (here ASan-instrumented) library: they abort with
# "ASan runtime does not come first"; the Release CTest runs it.
[ "${SANITIZER_SCOPE:-nnadapter}" = all ] && CTEST_SELECT=(-E examples_against_installed_library)
if [ "$SANITIZERS" = thread ] && [ "${SANITIZER_SCOPE:-nnadapter}" = all ]; then
  TSAN_TESTS="${TSAN_TESTS:-Clone|Concurren|Thread}"
  cmake --build "$BUILD" -j "$JOBS" --target lite_model_tests nnadapter_runtime_test \
    nnadapter_builtin_device google_xnnpack fake_device fake_device_b \
    nnadapter_utility_test
  CTEST_SELECT+=(-R "$TSAN_TESTS")
else
  cmake --build "$BUILD" -j "$JOBS"
fi
built=$(date +%s)

# allocator_may_return_null: the runtime turns a refused allocation into an
# Error and tests ask for absurd sizes on purpose (Reliability.OverflowingAndHugeShapesAreErrors).
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:strict_string_checks=1:check_initialization_order=1:detect_invalid_pointer_pairs=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
# Under TSan every OpenMP parallel region runs on its calling thread: Debian's
# libgomp (used by our kernels and by libdnnl) is not instrumented, so TSan
# cannot see its barriers and reports every region's writes as racing with
# the code after it (27 such false reports in one int8 detector run). The
# threads under test are ours (std::thread), which this does not change.
if [ "$SANITIZERS" = thread ]; then export OMP_THREAD_LIMIT=1; fi
status=0
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure --timeout 600 \
  --no-tests=error "${CTEST_SELECT[@]}" || status=1
tested=$(date +%s)

# A report in a process whose exit code a test ignores still counts.
log="$BUILD/Testing/Temporary/LastTest.log"
pattern="ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: UndefinedBehaviorSanitizer|WARNING: ThreadSanitizer"
reports=$(grep -cE "$pattern" "$log" || true)
echo "=== sanitizer suite ($SANITIZERS)"
echo "tests run: $(grep -c '^[0-9]*/[0-9]* Testing:' "$log" || true)" \
     "(configured: nnadapter $(ctest --test-dir "$BUILD" -N -L '^nnadapter$' | grep -c 'Test *#')," \
     "conformance $(ctest --test-dir "$BUILD" -N -L '^conformance$' | grep -c 'Test *#')," \
     "selected ${TSAN_TESTS:-all})"
echo "sanitizer reports in test logs: $reports"
echo "build $((built - start)) s, tests $((tested - built)) s"
if [ "$reports" -ne 0 ]; then
  grep -nE "$pattern|SUMMARY:" "$log" | head -20
  status=1
fi
[ "$status" -eq 0 ] && echo "run_sanitizers: OK" || echo "run_sanitizers: FAILED"
exit $status
