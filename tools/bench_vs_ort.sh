#!/usr/bin/env bash
# One command for docs/performance.md: our runtime (fp32 CPU path, int8 on
# the QAT detector, fixed-thread CPU path) and ONNX Runtime
# (onnxruntime-node, CPU) on the same weights, at 1 and 2 threads, on a
# quiet machine and with the other core busy (the script starts a CPU-bound
# process pinned to the last CPU with taskset and stops it), interleaved so
# that every ratio compares the same round; medians, max, peak RSS, conv
# GFLOP/s, the thread goals, and the per-op-type profiles of the fp32 and
# int8 detectors and the PP-OCRv4 recognizer and detector, each with the
# oneDNN primitives and reorders one timed run executes (DNNL_VERBOSE).
#   tools/bench_vs_ort.sh --write_doc docs/performance.md   # regenerate the doc (~6-10 min)
# Options (tools/benchmark/bench_vs_ort.py --help): [--rounds N] [--repeats N]
#   [--threads 1,2] [--modes quiet,busy] [--only ppocr_det,ppocr_det_qat,ppocr_cls,ppocrv4_rec,ppocrv4_det,ocr_page,shufflenet]
#   [--engines ort,cpu,int8,cpu_fixed(,cpu_passive,xnnpack,builtin)] [--no_profile]
#   [--compile_times] [--json out.json]
# Needs the models folder ($PADDLE_LITE_MODELS_DIR or ../shared/models), node
# and npm (installed from Debian if missing), python3, taskset, /usr/bin/time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
[ -x "$BUILD/tools/benchmark/benchmark" ] || "$ROOT/tools/scripts/build.sh" >/dev/null
NODE_PATH="$("$ROOT/tools/scripts/setup_onnxruntime.sh")"
export NODE_PATH
exec python3 "$ROOT/tools/benchmark/bench_vs_ort.py" --build "$BUILD" "$@"
