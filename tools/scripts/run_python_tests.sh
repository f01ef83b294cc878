#!/usr/bin/env bash
# The Python package as a user gets it: builds the paddlelite wheel against
# the installed library (<build>/install, made by
# examples/build_and_run_examples.sh), installs it into a fresh virtual
# environment (--system-site-packages: Debian's numpy), then there:
#  1. prints the versions (python3 -m paddlelite.lite --version);
#  2. runs the demo and checks that its top-5 and 16 boxes equal the C++
#     demo's (build/tools/paddle_lite_demo);
#  3. runs the pytest suite (python/tests) from outside the checkout;
#  4. prints the thread-overlap benchmark (not asserted).
# Usage: run_python_tests.sh [build_dir]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD_DIR="$(cd "${1:-$ROOT/build}" && pwd)"
PYTHON="${PYTHON:-/usr/bin/python3}"  # Debian's, which sees Debian's numpy/pybind11
PREFIX="$BUILD_DIR/install"
WORK="$BUILD_DIR/python"
[ -f "$PREFIX/lib/pkgconfig/paddle-lite.pc" ] ||
  { echo "run_python_tests: no installed library in $PREFIX (run examples/build_and_run_examples.sh)"; exit 1; }

rm -rf "$WORK"
mkdir -p "$WORK"
cp -r "$ROOT/python" "$WORK/src"  # build from a copy: the checkout stays clean
PADDLE_LITE_PREFIX="$PREFIX" "$PYTHON" -m pip wheel --quiet --no-build-isolation --no-deps \
  --wheel-dir "$WORK/dist" "$WORK/src"
WHEEL="$(ls "$WORK"/dist/paddlelite-*.whl)"
echo "run_python_tests: built $(basename "$WHEEL")"
"$PYTHON" -m venv --system-site-packages "$WORK/venv"
"$WORK/venv/bin/pip" install --quiet --no-index "$WHEEL"
VPY="$WORK/venv/bin/python"
cd "$WORK"  # away from the checkout: `import paddlelite` must find the installed one
"$VPY" -m paddlelite.lite --version

"$VPY" "$ROOT/python/demo/classify_and_detect.py" "$ROOT/samples" | tee "$WORK/demo.txt"
"$BUILD_DIR/tools/paddle_lite_demo" --samples_dir="$ROOT/samples" --out_dir="$WORK" \
  > "$WORK/cpp_demo.txt"
if diff <(grep -E '^  (class|box) ' "$WORK/cpp_demo.txt") <(grep -E '^  (class|box) ' "$WORK/demo.txt") &&
   [ "$(grep -c '^  box ' "$WORK/demo.txt")" -eq 16 ]; then
  echo "run_python_tests: the Python demo prints the C++ demo's top-5 and 16 boxes"
else
  echo "run_python_tests: FAIL: the Python demo's lines differ from the C++ demo's"; exit 1
fi

PATH="$WORK/venv/bin:$PATH" "$VPY" -m pytest -p no:cacheprovider -v "$ROOT/python/tests"
"$VPY" "$ROOT/python/benchmarks/thread_overlap.py" "$ROOT/samples" "${THREAD_BENCH_RUNS:-10}"
