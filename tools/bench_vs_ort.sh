#!/usr/bin/env bash
# Side-by-side latency, one command: ONNX Runtime (onnxruntime-node, CPU) on
# the ONNX twins and our runtime on the same weights via (a) the CPU path,
# (b) NNAdapter google_xnnpack (when build/nnadapter_lib/libgoogle_xnnpack.so
# exists), (c) NNAdapter builtin_device, at 1 and 2 threads (and the CPU
# path with OMP_WAIT_POLICY=passive at 2 threads), interleaved round by
# round; prints per-round lines and a table (median of >= 20 runs, min, peak
# RSS, conv GFLOP/s, ratio to ORT in the same round). ShuffleNetV2 (no ONNX
# twin) is reported as GFLOP/s.
# Usage: tools/bench_vs_ort.sh [--rounds N] [--repeats N] [--threads 1,2]
#        [--only ppocr_det,ppocr_cls,ppocrv4_rec,ppocrv4_det,shufflenet] [--engines ort,cpu,cpu_passive,xnnpack,builtin]
#        [--json out.json] [--compile_times]   (see tools/benchmark/bench_vs_ort.py --help)
# Needs the models folder ($PADDLE_LITE_MODELS_DIR or ../shared/models), node
# and npm (installed from Debian if missing), python3, /usr/bin/time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
[ -x "$BUILD/tools/benchmark/benchmark" ] || "$ROOT/tools/scripts/build.sh" >/dev/null
NODE_PATH="$("$ROOT/tools/scripts/setup_onnxruntime.sh")"
export NODE_PATH
exec python3 "$ROOT/tools/benchmark/bench_vs_ort.py" --build "$BUILD" "$@"
