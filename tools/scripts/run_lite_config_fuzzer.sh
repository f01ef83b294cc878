#!/usr/bin/env bash
# Builds the partition-config parser fuzzer
# (lite/nnadapter/fuzz_partition_config.cc) with clang
# -fsanitize=fuzzer,address,undefined from its few sources and runs it for
# SECONDS, seeded with tests' partition configs.
#   tools/scripts/run_lite_config_fuzzer.sh SECONDS
# Environment: CONFIG_FUZZ_BUILD_DIR (default <repo>/build-config-fuzz).
# Exits non-zero on a build failure or any crash/sanitizer report.
set -euo pipefail
SECONDS_TO_RUN="${1:?usage: run_lite_config_fuzzer.sh SECONDS}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${CONFIG_FUZZ_BUILD_DIR:-$ROOT/build-config-fuzz}"
mkdir -p "$BUILD/corpus" "$BUILD/seeds"
clang++ -std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=undefined -I"$ROOT" -I"$ROOT/common" \
  "$ROOT/lite/nnadapter/fuzz_partition_config.cc" "$ROOT/lite/nnadapter/partition_config.cc" \
  "$ROOT/lite/core/program_desc.cc" "$ROOT/lite/core/types.cc" \
  "$ROOT/common/file_access/file_access.cc" \
  -o "$BUILD/fuzz_partition_config"
printf 'conv2d:x,w:y\r\n# comment\n\nrelu\nelementwise_add::out\n' > "$BUILD/seeds/basic"
printf 'softmax:a\nconcat:a,b,c:d\n' > "$BUILD/seeds/lists"
cd "$BUILD"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
LOG="$BUILD/fuzz_partition_config.log"
rc=0
./fuzz_partition_config -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 \
  -max_len=8192 -print_final_stats=1 corpus seeds >"$LOG" 2>&1 || rc=$?
execs=$(grep -m1 '^stat::number_of_executed_units' "$LOG" | awk '{print $2}')
if [ "$rc" -ne 0 ]; then
  tail -60 "$LOG" >&2
  echo "run_lite_config_fuzzer: FAILED (exit $rc) after ${execs:-?} executions" >&2
  exit 1
fi
echo "run_lite_config_fuzzer: ${execs:-?} executions, corpus $(ls corpus | wc -l), no crash in $SECONDS_TO_RUN s"
