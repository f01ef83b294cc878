#!/usr/bin/env bash
# The main job on the bundled sample data (fresh Debian 12 machine):
# installs dependencies, builds, then
#  1. classifies samples/shufflenet_v2_imagenet/egypt_cat.jpg with the bundled
#     ShuffleNetV2 and prints the top-5 with labels;
#  2. reads samples/ppocrv3_det/ppocr_doc_11.jpg with PP-OCR: the PP-OCRv3
#     detector, the direction classifier and the PP-OCRv4 recognizer (ONNX,
#     samples/ppocr_onnx/) print each line's box, text and confidence and
#     write out/ppocr_doc_11_ocr.png with the text beside its box.
#  3. segments Chinese sentences into words with the bundled Baidu LAC model
#     (samples/lac_seg; --sentences='句子一;句子二' to give your own);
#  4. finds the faces of samples/mtcnn/test.jpg with the bundled MTCNN and
#     writes out/mtcnn_faces.png.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/tools/scripts/setup_debian.sh"
"$ROOT/tools/scripts/build.sh" >/dev/null
BIN="${BUILD_DIR:-$ROOT/build}/tools/paddle_lite_demo"
mkdir -p "$ROOT/out"
"$BIN" --samples_dir="$ROOT/samples" --out_dir="$ROOT/out" "$@"
