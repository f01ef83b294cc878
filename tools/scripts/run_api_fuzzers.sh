#!/usr/bin/env bash
# Builds and runs the public API fuzzers against an ordinary build of the
# library (BUILD_DIR, default <repo>/build, made by tools/scripts/build.sh):
#   tools/scripts/run_api_fuzzers.sh capi|python SECONDS
# capi: lite/api/c/fuzz_c_api.cc, scripts of C API calls. The C layer
# (lite/api/c/*.cc) and the harness are compiled with clang
# -fsanitize=fuzzer,address,undefined; the C++ library underneath is the
# build's libpaddle_full_api_shared.so (not instrumented for coverage, but
# its heap is ASan's, so overflows of C-layer-visible memory and leaks are
# caught). Seeds: a few hand-written call scripts (below).
# python: python/fuzz/fuzz_python.cc embeds CPython (Debian's libpython3.11)
# with the binding module (python/src, compiled in with the same flags) and
# runs python/fuzz/fuzz_driver.py on each input. Leak detection is off for it:
# the interpreter keeps interned objects and caches for its lifetime, which
# LeakSanitizer reports at exit; ASan's memory checks and UBSan stay on.
# Environment: API_FUZZ_BUILD_DIR (default <repo>/build-api-fuzz),
# PADDLE_LITE_MODELS_DIR (default ../shared/models).
# Exits non-zero on a build failure or any crash/sanitizer report; the
# reproducer is left in API_FUZZ_BUILD_DIR.
set -euo pipefail
TARGET="${1:?usage: run_api_fuzzers.sh capi|python SECONDS}"
SECONDS_TO_RUN="${2:?usage: run_api_fuzzers.sh capi|python SECONDS}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-/usr/bin/python3}"  # Debian's: its pybind11, numpy and libpython3.11
LIB_BUILD="${BUILD_DIR:-$ROOT/build}"
BUILD="${API_FUZZ_BUILD_DIR:-$ROOT/build-api-fuzz}/$TARGET"
export PADDLE_LITE_MODELS_DIR="${PADDLE_LITE_MODELS_DIR:-$ROOT/../shared/models}"
[ -d "$PADDLE_LITE_MODELS_DIR/mnist_mlp_handwriting" ] || {
  echo "run_api_fuzzers: no models under '$PADDLE_LITE_MODELS_DIR'" >&2; exit 2; }
FULL_LIB="$(find "$LIB_BUILD" -name libpaddle_full_api_shared.so -print -quit 2>/dev/null || true)"
[ -n "$FULL_LIB" ] || {
  echo "run_api_fuzzers: no libpaddle_full_api_shared.so under '$LIB_BUILD' (run tools/scripts/build.sh)" >&2
  exit 2; }
SAN=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
FLAGS=(-std=c++17 -O1 -g "${SAN[@]}" -I"$ROOT" -DPADDLE_LITE_VERSION_STRING='"paddle-lite-nna fuzz"')
mkdir -p "$BUILD/seeds" "$BUILD/corpus"
start=$(date +%s)
case "$TARGET" in
  capi)
    clang++ "${FLAGS[@]}" -fsanitize=fuzzer "$ROOT"/lite/api/c/fuzz_c_api.cc \
      "$ROOT"/lite/api/c/pd_{common,config,predictor,tensor}.cc "$FULL_LIB" \
      -Wl,-rpath,"$(dirname "$FULL_LIB")" -o "$BUILD/fuzz_$TARGET"
    # Call scripts: an opcode byte (op % 4: 0 config, 1 predictor, 2 tensor,
    # 3 misc; op / 4 picks the call), then its slot and argument bytes (0
    # picks the good value). load_run: create a config, set the model dir,
    # create a predictor, get input 0, reshape it to [1,784], copy floats in,
    # run, get output 0, copy it out, query its shape.
    seed() { printf "$2" > "$BUILD/seeds/$1"; }
    seed load_run '\x00\x00\x00\x04\x00\x00\x01\x00\x00\x00\x11\x00\x00\x00\x00\x00\x02\x00\x02\x00\x06\x00\x06\x00\x00\x00\x00\x00\x15\x00\x11\x00\x01\x00\x00\x01\x0a\x01\x00\x00\x00\x00\x0e\x01\x04\x00'
    # model buffer, 3 threads, a valid place, run before any input, an input
    # of [1,3,224,224] with a NaN, run, output copied out, LoD set and read.
    seed buffer_threads '\x00\x00\x00\x0c\x00\x00\x00\x00\x00\x18\x00\x02\x00\x00\x1c\x00\x00\x00\x00\x01\x00\x00\x00\x15\x00\x11\x00\x00\x00\x00\x00\x02\x00\x04\x00\x04\x07\x07\x00\x06\x00\x00\x00\x03\x00\x15\x00\x11\x00\x01\x00\x00\x01\x0a\x01\x00\x00\x00\x00\x12\x00\x01\x02\x00\x01\x16\x00\x04\x00'
    # .nb file, predictor, clone run before input, destroy the original;
    # .nb buffer with NNAdapter devices and properties, misc calls, save.
    seed nb_nnadapter '\x00\x00\x00\x10\x00\x00\x01\x00\x00\x00\x05\x00\x01\x15\x01\x09\x00\x00\x01\x00\x14\x01\x00\x00\x20\x01\x02\x00\x00\x00\x24\x01\x00\x01\x02\x01\x00\x03\x00\x00\x00\x00\x00\x00\x00\x19\x01\x00'
    ;;
  python)
    pids=()
    for src in "$ROOT"/python/src/*.cc; do
      obj="$BUILD/$(basename "$src").o"
      # Rebuilt when the source or a header it reads changed (a stale object
      # against a changed CxxConfig layout crashed the fuzzer in
      # CreatePaddlePredictor).
      stale=0
      for dep in "$src" "$ROOT"/python/src/*.h "$ROOT"/lite/api/paddle_*.h; do
        [[ "$dep" -nt "$obj" ]] && stale=1
      done
      [[ ! -f "$obj" || $stale == 1 ]] || continue
      clang++ "${FLAGS[@]}" -fsanitize=fuzzer-no-link $("$PYTHON" -m pybind11 --includes) \
        -I"$ROOT/python/src" -I"$ROOT/lite/api" -DPADDLELITE_VERSION='"fuzz"' -fvisibility=hidden \
        -c "$src" -o "$obj" &
      pids+=($!)
      if (( ${#pids[@]} >= 2 )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
    done
    for p in "${pids[@]}"; do wait "$p"; done
    clang++ "${FLAGS[@]}" -fsanitize=fuzzer $("$PYTHON" -m pybind11 --includes) \
      "$ROOT/python/fuzz/fuzz_python.cc" "$BUILD"/*.cc.o "$FULL_LIB" \
      $("$PYTHON-config" --embed --ldflags) -Wl,-rpath,"$(dirname "$FULL_LIB")" \
      -o "$BUILD/fuzz_$TARGET"
    export PADDLELITE_FUZZ_ROOT="$ROOT"
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
    # Byte scripts of fuzz_driver.py: an opcode (6: the module, 5: the newest
    # object, else a pool pick), the method's index in sorted order, the
    # argument count selector and each argument's kind (0: the good value).
    # load_run: create_paddle_predictor, get_input(0), from_numpy, run,
    # get_output(0), numpy(), shape().
    printf '\x06\x00\x01\x00\x05\x01\x01\x00\x00\x05\x01\x01\x00\x00\x01\x0a\x01\x00\x01\x04\x01\x00\x00\x05\x08\x00\x00\x05\x10\x01' > "$BUILD/seeds/load_run"
    # A constructor call and calls with odd arguments.
    printf '\x00\x00\x00\x00\x00\x00\x06\x00\x00\x01\x00\x00\x01\x00\x00\x00' > "$BUILD/seeds/create"
    # Inputs that once found a bug (python/fuzz/regressions/) run first.
    cp "$ROOT"/python/fuzz/regressions/* "$BUILD/seeds/"
    printf '\x07\x00\x01\x03\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d' > "$BUILD/seeds/odd"
    ;;
  *) echo "run_api_fuzzers: TARGET must be capi or python" >&2; exit 2 ;;
esac
echo "run_api_fuzzers: built $BUILD/fuzz_$TARGET in $(( $(date +%s) - start )) s"
cd "$BUILD"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export GLOG_minloglevel="${GLOG_minloglevel:-3}"
LOG="$BUILD/fuzz_$TARGET.log"
rc=0
"./fuzz_$TARGET" -max_total_time="$SECONDS_TO_RUN" -timeout=30 -rss_limit_mb=3072 \
  -max_len=4096 -print_final_stats=1 corpus seeds >"$LOG" 2>&1 || rc=$?
execs=$(grep -m1 '^stat::number_of_executed_units' "$LOG" | awk '{print $2}' || true)
if [ "$rc" -ne 0 ]; then
  grep -n "ERROR\|SUMMARY\|runtime error\|fuzz_c_api:" "$LOG" | head -20 >&2
  tail -60 "$LOG" >&2
  echo "run_api_fuzzers ($TARGET): FAILED (exit $rc) after ${execs:-?} executions; reproducer in $BUILD" >&2
  exit 1
fi
echo "run_api_fuzzers ($TARGET): ${execs:-?} executions, corpus $(ls corpus | wc -l), no crash in $SECONDS_TO_RUN s"
