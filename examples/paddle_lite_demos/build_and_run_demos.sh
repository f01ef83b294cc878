#!/usr/bin/env bash
# Builds the Paddle Lite-style demo programs of this folder against the
# INSTALLED headers and libraries exactly as Paddle Lite's demo makefiles
# do (g++ demo.cc -I<include> -L<lib> -lpaddle_full_api_shared or
# -lpaddle_light_api_shared), then runs them on the bundled ShuffleNetV2:
#   x86_full_demo            CxxConfig from a model folder (OpenCL probe)
#   x86_light_demo           MobileConfig from a .nb file (OpenCL probe)
#   light_from_buffer_demo   MobileConfig from a .nb buffer (three forms)
#   nnadapter_generic_demo   CxxConfig with NNAdapter devices ->
#                            SaveOptimizedModel(kNaiveBuffer) -> MobileConfig
# and checks that all report the same output mean. Usage:
#   build_and_run_demos.sh <build_dir> <install_prefix>
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD_DIR="$1"
PREFIX="$2"
LIBDIR="$(dirname "$(find "$PREFIX" -name 'libpaddle_full_api_shared.so' | head -n 1)")"
OUT="$BUILD_DIR/paddle_lite_demos"
rm -rf "$OUT" && mkdir -p "$OUT"
CXX_FLAGS=(-std=c++17 -O2 -Wall -Wextra -Werror -I"$PREFIX/include" -L"$LIBDIR" -Wl,-rpath,"$LIBDIR")
g++ "${CXX_FLAGS[@]}" "$HERE/x86_full_demo.cc" -lpaddle_full_api_shared -o "$OUT/x86_full_demo"
g++ "${CXX_FLAGS[@]}" "$HERE/x86_light_demo.cc" -lpaddle_light_api_shared -o "$OUT/x86_light_demo"
g++ "${CXX_FLAGS[@]}" "$HERE/light_from_buffer_demo.cc" -lpaddle_light_api_shared \
  -o "$OUT/light_from_buffer_demo"
g++ "${CXX_FLAGS[@]}" "$HERE/nnadapter_generic_demo.cc" -lpaddle_full_api_shared \
  -o "$OUT/nnadapter_generic_demo"

MODEL="$ROOT/samples/shufflenet_v2_imagenet"
mean_of() { sed -n 's/.*output tensor 0 standard deviation:\([-0-9.e+]*\).*/\1/p' | head -n 1; }
full="$("$OUT/x86_full_demo" "$MODEL" 1,3,224,224)"
full_mean="$(echo "$full" | mean_of)"
echo "$full" | grep -q "is_opencl_backend_valid:0"
# The x86 .nb, made the way the demo's docs say: opt --valid_targets=x86.
"$BUILD_DIR/tools/opt/opt" --model_dir="$MODEL" --valid_targets=x86 \
  --optimize_out="$OUT/shufflenet_x86" >/dev/null
light_mean="$("$OUT/x86_light_demo" "$OUT/shufflenet_x86.nb" 1,3,224,224 | mean_of)"
buffer_mean="$("$OUT/light_from_buffer_demo" "$OUT/shufflenet_x86.nb" 1,3,224,224 | mean_of)"
mkdir -p "$OUT/nnc"
printf 'softmax\n' > "$OUT/partition.txt"
nna="$("$OUT/nnadapter_generic_demo" "$MODEL" "$OUT/shufflenet_nna" builtin_device null \
  "$OUT/nnc" null "$OUT/partition.txt" null 1,3,224,224)"
echo "$nna"
nna_mean="$(echo "$nna" | sed -n 's/.*full api \([-0-9.e+]*\),.*/\1/p')"
echo "demos (output std dev): full $full_mean, light $light_mean, light from buffer $buffer_mean, nnadapter builtin_device $nna_mean"
python3 - "$full_mean" "$light_mean" "$buffer_mean" "$nna_mean" <<'PY'
import sys
v = [float(x) for x in sys.argv[1:]]
# x86 kernels vs the reference device: within 1e-4 relative; all > 0.
assert v[0] > 0 and all(abs(x - v[0]) <= 1e-4 * abs(v[0]) for x in v), v
PY
test -f "$OUT/shufflenet_nna.nb"
ls "$OUT/nnc"/*.nnc >/dev/null
echo "paddle lite demos: 4 passed, 0 failed"
