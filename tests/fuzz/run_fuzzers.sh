#!/usr/bin/env bash
# Builds the NNAdapter libFuzzer targets with clang (ASan + UBSan, libnnadapter
# instrumented too) in their own build directory and runs each for the given
# number of seconds (default 60):
#   tests/fuzz/run_fuzzers.sh [SECONDS]
# Environment: FUZZ_BUILD_DIR (default <repo>/build-fuzz), FUZZ_JOBS (2).
# Prints the executions and findings of each fuzzer; exits non-zero if any
# fuzzer found a crash, leak, timeout or out-of-memory (the reproducer is
# kept under $FUZZ_BUILD_DIR/fuzz-work/artifacts/).
set -uo pipefail
SECONDS_PER_FUZZER="${1:-60}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${FUZZ_JOBS:-2}"
WORK="$BUILD/fuzz-work"

command -v clang >/dev/null && command -v clang++ >/dev/null || {
  echo "run_fuzzers: clang/clang++ not found (Debian: apt-get install clang)" >&2
  exit 2
}

# OSS-Fuzz's optimization flags: -O1 with line tables only (fast to build,
# symbolized reports).
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
OPT="-O1 -gline-tables-only"
set -e
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
mkdir -p "$BUILD"
start=$(date +%s)
# NNADAPTER_ONLY: nnadapter/ and tests/ only (lite/ and tools/ are not needed).
CC=clang CXX=clang++ cmake -G Ninja -S "$ROOT" -B "$BUILD" -DNNADAPTER_ONLY=ON \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="$OPT" -DCMAKE_CXX_FLAGS_DEBUG="$OPT" \
  -DNNADAPTER_BUILD_FUZZERS=ON \
  -DCMAKE_C_FLAGS="$SAN" -DCMAKE_CXX_FLAGS="$SAN" >"$BUILD/configure.log" 2>&1 || {
  cat "$BUILD/configure.log" >&2
  echo "run_fuzzers: configure failed" >&2
  exit 2
}
cmake --build "$BUILD" -j "$JOBS" --target nnadapter_fuzz_model \
  nnadapter_fuzz_cache nnadapter_fuzz_properties nnadapter_fuzz_operator_info \
  nnadapter_make_cache_seeds
set +e
echo "run_fuzzers: configure + build $(( $(date +%s) - start )) s"

FUZZ_DIR="$BUILD/tests/fuzz"
rm -rf "$WORK"
mkdir -p "$WORK/artifacts" "$WORK/corpus_model" "$WORK/corpus_cache" \
  "$WORK/corpus_properties" "$WORK/corpus_operator_info"
# Seeds of the parsers: the checked-in regression inputs and every driver's
# operator-info file.
cp "$ROOT/tests/fuzz/regressions/properties/"* "$WORK/corpus_properties/"
cp "$ROOT/tests/fuzz/regressions/operator_info/"* "$ROOT"/nnadapter/drivers/*/*.ini \
  "$WORK/corpus_operator_info/"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export NNADAPTER_LOG_QUIET=1

# Seed corpus of the cache fuzzer: real cache files written by the runtime.
if ! "$FUZZ_DIR/nnadapter_make_cache_seeds" "$WORK/corpus_cache"; then
  echo "run_fuzzers: could not generate the cache seed corpus" >&2
  exit 1
fi

status=0
summary=()
for name in model cache properties operator_info; do
  log="$WORK/$name.log"
  echo "=== nnadapter_fuzz_$name for ${SECONDS_PER_FUZZER}s"
  "$FUZZ_DIR/nnadapter_fuzz_$name" "$WORK/corpus_$name" \
    -max_total_time="$SECONDS_PER_FUZZER" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$WORK/artifacts/$name-" >"$log" 2>&1
  rc=$?
  execs=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  findings=$(ls "$WORK/artifacts" 2>/dev/null | grep -c "^$name-" || true)
  corpus=$(ls "$WORK/corpus_$name" | wc -l)
  summary+=("nnadapter_fuzz_$name: ${execs:-?} executions, corpus $corpus, findings $findings, exit $rc")
  if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
    status=1
    echo "--- nnadapter_fuzz_$name FAILED; last lines of $log:"
    grep -n "ERROR\|SUMMARY\|runtime error\|Test unit written" "$log" | head -20
    tail -60 "$log"
  fi
done
echo "=== fuzzing summary"
printf '%s\n' "${summary[@]}"
ls "$WORK/artifacts"
exit $status
