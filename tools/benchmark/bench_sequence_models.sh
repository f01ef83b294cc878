#!/usr/bin/env bash
# Latency and per-op profile of the issue-12 models (sequence/NLP models with
# LoD inputs, segmentation, face detection) with build/tools/benchmark/benchmark.
# Usage: tools/benchmark/bench_sequence_models.sh [BUILD_DIR] [MODELS_DIR]
# Extra benchmark flags go in BENCH_FLAGS (e.g. BENCH_FLAGS="--threads=2").
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$root/build}"
models="${2:-${PADDLE_LITE_MODELS_DIR:-$root/../shared/models}}"
bench="$build/tools/benchmark/benchmark"
[[ -x "$bench" ]] || { echo "error: $bench not built (cmake --build $build --target benchmark)" >&2; exit 1; }
[[ -d "$models" ]] || { echo "error: models folder '$models' not found" >&2; exit 1; }

# Two ragged sentences in one LoD tensor (12 + 10 ids), as in the LAC README.
two_sentences=(--input_shape=22,1 --input_lod=0,12,22)
run() {
  local name="$1"; shift
  echo "=== $name"
  "$bench" --warmup=3 --repeats="${REPEATS:-20}" --enable_profile ${BENCH_FLAGS:-} "$@"
}
run lac_seg --model_dir="$models/lac_seg/model" "${two_sentences[@]}"
run textcnn_news --model_dir="$models/textcnn_news/model" "${two_sentences[@]}"
run rumor_lstm --model_dir="$models/rumor_lstm/model" "${two_sentences[@]}"
run lstnet_gru --model_file="$models/lstnet_gru/model.pdmodel" \
  --param_file="$models/lstnet_gru/model.pdiparams" --input_shape=1,1204,2
run pp_humansegv2_portrait --model_file="$models/pp_humansegv2_portrait/model.pdmodel" \
  --param_file="$models/pp_humansegv2_portrait/model.pdiparams" --input_shape=1,3,144,256
# Feed order: im_shape, image, scale_factor.
run blazeface_paddle2 --model_file="$models/blazeface_paddle2/model.pdmodel" \
  --param_file="$models/blazeface_paddle2/model.pdiparams" \
  --input_shape=1,2:1,3,640,640:1,2
for net in PNet RNet ONet; do
  case $net in
    PNet) shape=1,3,240,320 ;;
    RNet) shape=16,3,24,24 ;;
    ONet) shape=8,3,48,48 ;;
  esac
  run "mtcnn_paddle2 $net" --model_file="$models/mtcnn_paddle2/$net.pdmodel" \
    --param_file="$models/mtcnn_paddle2/$net.pdiparams" --input_shape=$shape
done
