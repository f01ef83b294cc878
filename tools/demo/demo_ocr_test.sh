#!/usr/bin/env bash
# Runs the demo on the bundled samples and checks the OCR result: 16 lines
# with text, the first two reading exactly as the ONNX Runtime references,
# and the annotated PNG written.
set -euo pipefail
DEMO="$1"
SAMPLES="$2"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
LOG="$OUT/log.txt"
"$DEMO" --samples_dir="$SAMPLES" --out_dir="$OUT" | tee "$LOG"
fail() { echo "demo_ocr_test: $*" >&2; exit 1; }
grep -q "16 text lines" "$LOG" || fail "expected '16 text lines'"
[ "$(grep -c '^  line ' "$LOG")" -eq 16 ] || fail "expected 16 'line' rows"
grep -Eq '^  line  0 .*  纯臻营养护发素  \(confidence' "$LOG" || fail "line 0 does not read 纯臻营养护发素"
grep -Eq '^  line  1 .*  产品信息/参数  \(confidence' "$LOG" || fail "line 1 does not read 产品信息/参数"
[ "$(grep '^  line ' "$LOG" | grep -c '  (confidence 0.000)')" -eq 0 ] || fail "a line was read as empty"
[ -s "$OUT/ppocr_doc_11_ocr.png" ] || fail "ppocr_doc_11_ocr.png was not written"
echo "demo_ocr_test: OK"
