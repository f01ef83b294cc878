#!/usr/bin/env bash
# Installs the build (cmake --install) and uses it the way users do:
#  1. checks the install tree (tools/scripts/check_install_tree.sh: no stray
#     file, headers compile alone, SONAMEs);
#  2. builds the C++ example with plain g++ -I/-L flags and classifies the
#     bundled cat (class 285, Egyptian cat);
#  3. copies examples/ outside the source tree and builds it twice: with
#     CMake (find_package(PaddleLite), cmake_consumer/) and with pkg-config
#     (pkgconfig_consumer/Makefile); each build runs the C++ example on the
#     Paddle model and on a .nb made by the installed opt (full and light
#     libraries), the NNAdapter device list, and the C example, whose top-5
#     and text boxes must equal the C++ demo's (build/tools/paddle_lite_demo).
# Prints "examples: N passed, M failed".
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$(cd "${1:-$ROOT/build}" && pwd)"
PREFIX="$BUILD_DIR/install"
rm -rf "$PREFIX"
cmake --install "$BUILD_DIR" --prefix "$PREFIX" >/dev/null
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "examples: ok   $*"; }
fail() { failed=$((failed + 1)); echo "examples: FAIL $*"; }
expect() {  # expect <name> <pattern> <command...>
  local name="$1" pattern="$2" out
  shift 2
  if out="$("$@" 2>&1)" && [[ "$out" == *$pattern* ]]; then pass "$name"; else
    fail "$name (expected '$pattern'): $out"; fi
}

if "$ROOT/tools/scripts/check_install_tree.sh" "$PREFIX"; then pass "install tree"; else
  fail "install tree"; fi

LIBDIR="$PREFIX/lib"
OUT="$BUILD_DIR/examples"
mkdir -p "$OUT"
g++ -std=c++17 -O2 -Wall -Wextra -Werror "$ROOT/examples/classify_image.cc" \
  -I"$PREFIX/include" -L"$LIBDIR" -lpaddle_full_api_shared -lstb \
  -Wl,-rpath,"$LIBDIR" -o "$OUT/classify_image"
S="$ROOT/samples/shufflenet_v2_imagenet"
CAT="top-1: class 285 p=0.46"
expect "g++ -lpaddle_full_api_shared: classify_image" "$CAT" \
  "$OUT/classify_image" "$S" "$S/egypt_cat.jpg" "$S/synset_words.txt"

WORK="$(mktemp -d /tmp/paddle_lite_examples.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
cp -r "$ROOT/examples" "$WORK/examples"
"$PREFIX/bin/opt" --model_dir="$S" --valid_targets=x86 --optimize_out="$WORK/shufflenet" >/dev/null
"$BUILD_DIR/tools/paddle_lite_demo" --samples_dir="$ROOT/samples" --out_dir="$WORK" \
  | grep -E '^  (class|box) ' > "$WORK/demo_lines.txt"

run_consumer() {  # run_consumer <label> <folder with the binaries>
  local label="$1" bin="$2"
  expect "$label: classify_image (Paddle model)" "$CAT" \
    "$bin/classify_image" "$S" "$S/egypt_cat.jpg" "$S/synset_words.txt"
  expect "$label: classify_image (.nb)" "$CAT" \
    "$bin/classify_image" "$WORK/shufflenet.nb" "$S/egypt_cat.jpg" "$S/synset_words.txt"
  expect "$label: classify_image_light (.nb)" "$CAT" \
    "$bin/classify_image_light" "$WORK/shufflenet.nb" "$S/egypt_cat.jpg" "$S/synset_words.txt"
  expect "$label: nnadapter_devices" "builtin_device" "$bin/nnadapter_devices"
  if "$bin/classify_and_detect" "$ROOT/samples" > "$WORK/c_out.txt" 2>&1 &&
     grep -E '^  (class|box) ' "$WORK/c_out.txt" | diff "$WORK/demo_lines.txt" - &&
     [ "$(grep -c '^  box ' "$WORK/c_out.txt")" -eq 16 ]; then
    pass "$label: C example prints the C++ demo's top-5 and 16 boxes"
  else
    fail "$label: C example output differs from the C++ demo: $(cat "$WORK/c_out.txt")"
  fi
}

quiet() {  # runs a command, showing its output only when it fails
  "$@" > "$WORK/log.txt" 2>&1 || { cat "$WORK/log.txt"; echo "examples: FAIL $*"; exit 1; }
}
quiet cmake -S "$WORK/examples/cmake_consumer" -B "$WORK/cmake_build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_BUILD_TYPE=Release
quiet cmake --build "$WORK/cmake_build"
run_consumer "find_package(PaddleLite)" "$WORK/cmake_build"

PKG_CONFIG_PATH="$LIBDIR/pkgconfig" quiet make -C "$WORK/examples/pkgconfig_consumer"
run_consumer "pkg-config" "$WORK/examples/pkgconfig_consumer"

cat "$WORK/c_out.txt"
echo "examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
