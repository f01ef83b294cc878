#!/usr/bin/env bash
# Installs the API from a build folder (cmake --install) and builds the
# example against the installed headers and libpaddle_full_api_shared.so the
# way a user would, then runs it on the bundled ShuffleNetV2 and checks the
# answer (class 285, Egyptian cat); then the Paddle Lite-style demos of
# examples/paddle_lite_demos.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${1:-$ROOT/build}"
PREFIX="$BUILD_DIR/install"
cmake --install "$BUILD_DIR" --prefix "$PREFIX" >/dev/null
LIBDIR="$(dirname "$(find "$PREFIX" -name 'libpaddle_full_api_shared.so' | head -n 1)")"
OUT="$BUILD_DIR/examples"
mkdir -p "$OUT"
g++ -std=c++17 -O2 -Wall -Wextra -Werror "$ROOT/examples/classify_image.cc" \
  -I"$PREFIX/include" -L"$LIBDIR" -lpaddle_full_api_shared -lstb \
  -Wl,-rpath,"$LIBDIR" -o "$OUT/classify_image"
S="$ROOT/samples/shufflenet_v2_imagenet"
result="$("$OUT/classify_image" "$S" "$S/egypt_cat.jpg" "$S/synset_words.txt")"
echo "examples: $result"
case "$result" in
  *"class 285 "*"Egyptian cat"*) echo "examples: 1 passed, 0 failed" ;;
  *) echo "examples: 0 passed, 1 failed (expected class 285 Egyptian cat)"; exit 1 ;;
esac
# Paddle Lite-style demo programs (full, light, light from buffer, NNAdapter
# full -> SaveOptimizedModel -> light) against the same installed library.
"$ROOT/examples/paddle_lite_demos/build_and_run_demos.sh" "$BUILD_DIR" "$PREFIX"
