#!/usr/bin/env bash
# Builds the .nb loader fuzzer (lite/model_parser/nb/fuzz_nb.cc) with clang
# -fsanitize=fuzzer,address,undefined in its own build directory, from the
# minimum sources (the .nb reader/writer and lite/core's tensor, scope,
# program description and op key code), and runs it for SECONDS.
#   tools/scripts/run_nb_fuzzer.sh SECONDS
# Environment: NB_FUZZ_BUILD_DIR (default <repo>/build-nb-fuzz), CXX (clang++),
# NB_FUZZ_JOBS (2, parallel compiles).
# Exits non-zero on a build failure or any crash/sanitizer report; the
# reproducer is left in the build directory (crash-*, leak-*, timeout-*).
set -euo pipefail
SECONDS_TO_RUN="${1:?usage: run_nb_fuzzer.sh SECONDS}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${NB_FUZZ_BUILD_DIR:-$ROOT/build-nb-fuzz}"
CXX="${CXX:-clang++}"
case "$CXX" in *clang*) ;; *) CXX=clang++ ;; esac
JOBS="${NB_FUZZ_JOBS:-2}"
SOURCES=(
  lite/model_parser/nb/fuzz_nb.cc
  lite/model_parser/nb/nb_reader.cc
  lite/model_parser/nb/nb_writer.cc
  lite/core/types.cc
  lite/core/tensor.cc
  lite/core/scope.cc
  lite/core/program_desc.cc
  lite/core/op.cc
  lite/api/paddle_place.cc
)
FLAGS=(-std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$ROOT")

start=$(date +%s)
mkdir -p "$BUILD/obj" "$BUILD/corpus" "$BUILD/seeds"
pids=()
objs=()
for src in "${SOURCES[@]}"; do
  obj="$BUILD/obj/$(echo "$src" | tr / _).o"
  objs+=("$obj")
  if [[ ! -f "$obj" || "$ROOT/$src" -nt "$obj" || -n "$(find "$ROOT/lite" -name '*.h' -newer "$obj" -print -quit)" ]]; then
    "$CXX" "${FLAGS[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" \
      -c "$ROOT/$src" -o "$obj" &
    pids+=($!)
    if (( ${#pids[@]} >= JOBS )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done
"$CXX" "${FLAGS[@]}" "${objs[@]}" -o "$BUILD/fuzz_nb"
echo "run_nb_fuzzer: built $BUILD/fuzz_nb in $(( $(date +%s) - start )) s"

cd "$BUILD"
# Writes the valid seeds, then fuzzes (new inputs go to corpus/).
NB_FUZZ_SEED_DIR="$BUILD/seeds" ./fuzz_nb -runs=0 seeds >/dev/null 2>&1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# libFuzzer's progress lines go to a log; on a finding the log is printed.
LOG="$BUILD/fuzz_nb.log"
rc=0
./fuzz_nb -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 corpus seeds >"$LOG" 2>&1 || rc=$?
execs=$(grep -m1 '^stat::number_of_executed_units' "$LOG" | awk '{print $2}')
if [ "$rc" -ne 0 ]; then
  cat "$LOG" >&2
  echo "run_nb_fuzzer: FAILED (exit $rc) after ${execs:-?} executions; reproducer in $BUILD" >&2
  exit 1
fi
echo "run_nb_fuzzer: ${execs:-?} executions, corpus $(ls corpus | wc -l), no crash in $SECONDS_TO_RUN s"
