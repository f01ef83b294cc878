#!/usr/bin/env bash
# Builds the .nb loader fuzzer (lite/model_parser/nb/fuzz_nb.cc) with clang
# -fsanitize=fuzzer,address,undefined in its own build directory, from the
# minimum sources (the .nb reader/writer and lite/core's tensor, scope,
# program description and op key code), and runs it for SECONDS.
#   tools/scripts/run_nb_fuzzer.sh SECONDS
#   FUZZ_TARGET=params tools/scripts/run_nb_fuzzer.sh SECONDS
# FUZZ_TARGET=params builds the params loader fuzzer instead
# (lite/model_parser/fuzz_params.cc, LoDTensor records; protoc generates
# framework.pb.cc), seeded with the real models' .pdiparams files.
# FUZZ_TARGET=onnx builds the structure-aware ONNX importer fuzzer
# (lite/model_parser/onnx/fuzz_onnx.cc, a custom mutator over ModelProto),
# seeded with libonnx-testdata's node tests.
# FUZZ_TARGET=program builds the Paddle model loader fuzzer
# (lite/model_parser/fuzz_program.cc, structure-aware mutation), seeded with
# every program file of the real models ($PADDLE_LITE_MODELS_DIR, default
# ../shared/models); its sources are the parser, lite/core, the op families'
# .cc files and the graph passes, without the NNAdapter bridge.
# FUZZ_TARGET=paddle_lite_nb builds the Paddle Lite .nb reader fuzzer
# (lite/model_parser/paddle_lite_nb/fuzz_paddle_lite_nb.cc; flatc generates
# the FlatBuffers code), seeded with the small files of the three layouts it
# writes itself.
# FUZZ_TARGET=pir builds the structure-aware PIR JSON reader fuzzer
# (lite/model_parser/pir/fuzz_pir.cc, a custom mutator over the parsed JSON
# tree), seeded with the PIR programs of $PADDLE_LITE_MODELS_DIR up to 32 KB
# (JSON files holding "magic":"pir") besides its built-in seeds.
# Environment: NB_FUZZ_BUILD_DIR (default <repo>/build-nb-fuzz), CXX (clang++),
# NB_FUZZ_JOBS (2, parallel compiles).
# Exits non-zero on a build failure or any crash/sanitizer report; the
# reproducer is left in the build directory (crash-*, leak-*, timeout-*).
set -euo pipefail
SECONDS_TO_RUN="${1:?usage: run_nb_fuzzer.sh SECONDS}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TARGET="${FUZZ_TARGET:-nb}"
BUILD="${NB_FUZZ_BUILD_DIR:-$ROOT/build-$TARGET-fuzz}"
CXX="${CXX:-clang++}"
case "$CXX" in *clang*) ;; *) CXX=clang++ ;; esac
JOBS="${NB_FUZZ_JOBS:-2}"
# lite_core's sources, read from its add_library block in lite/CMakeLists.txt
# (one list: a file added to lite_core cannot be missing here).
mapfile -t LITE_CORE < <(awk '/^add_library\(lite_core STATIC/ {f = 1; next}
                              f && /^\)/ {exit}
                              f {gsub(/^ +/, ""); print "lite/" $0}' "$ROOT/lite/CMakeLists.txt")
[ "${#LITE_CORE[@]}" -gt 0 ] || { echo "run_nb_fuzzer: no lite_core sources in lite/CMakeLists.txt" >&2; exit 2; }
CORE=("${LITE_CORE[@]}" common/file_access/file_access.cc)
EXTRA_FLAGS=()
LIBS=(-lglog -lgflags -fopenmp)  # lite/core/op.cc logs; thread_governor.cc asks OpenMP
case "$TARGET" in
  nb) SOURCES=(lite/model_parser/nb/fuzz_nb.cc lite/model_parser/nb/nb_reader.cc
               lite/model_parser/nb/nb_writer.cc "${CORE[@]}") ;;
  params)
    mkdir -p "$BUILD/gen/lite/model_parser"
    protoc --cpp_out="$BUILD/gen/lite/model_parser" -I"$ROOT/lite/model_parser" \
      "$ROOT/lite/model_parser/framework.proto"
    SOURCES=(lite/model_parser/fuzz_params.cc lite/model_parser/tensor_record.cc "${CORE[@]}"
             "$BUILD/gen/lite/model_parser/framework.pb.cc")
    EXTRA_FLAGS=(-I"$BUILD/gen")
    LIBS+=($(pkg-config --libs protobuf)) ;;
  program)
    mkdir -p "$BUILD/gen/lite/model_parser"
    protoc --cpp_out="$BUILD/gen/lite/model_parser" -I"$ROOT/lite/model_parser" \
      "$ROOT/lite/model_parser/framework.proto"
    mapfile -t OPS < <(cd "$ROOT" && ls lite/operators/*/*.cc lite/graph/passes/*.cc |
                         grep -v -e '_test\.cc$' -e '_bench\.cc$' -e nnadapter_subgraph_pass)
    SOURCES=(lite/model_parser/fuzz_program.cc lite/model_parser/fuzz_program_stubs.cc
             tests/models/program_mutator.cc lite/model_parser/program_desc_pb.cc
             lite/core/registry.cc lite/core/program.cc
             lite/graph/ssa_graph.cc lite/graph/pass.cc lite/nnadapter/partition_config.cc
             "${OPS[@]}" "${CORE[@]}" "$BUILD/gen/lite/model_parser/framework.pb.cc")
    EXTRA_FLAGS=(-I"$BUILD/gen" -I/usr/include/eigen3 -fopenmp)
    LIBS+=($(pkg-config --libs protobuf) -ldnnl -fopenmp) ;;
  onnx)
    SOURCES=(lite/model_parser/onnx/fuzz_onnx.cc lite/model_parser/onnx/onnx_importer.cc
             lite/model_parser/onnx/onnx_context.cc lite/model_parser/onnx/onnx_patterns.cc
             lite/model_parser/onnx/onnx_shape_values.cc lite/model_parser/onnx/onnx_validate.cc
             lite/model_parser/onnx/onnx_convert_conv.cc lite/model_parser/onnx/onnx_convert_nn.cc
             lite/model_parser/onnx/onnx_convert_resize.cc
             lite/model_parser/onnx/onnx_convert_math.cc
             lite/model_parser/onnx/onnx_convert_tensor.cc lite/model_parser/onnx/onnx_convert_control_flow.cc
             lite/model_parser/file_util.cc
             "${CORE[@]}")
    EXTRA_FLAGS=(-DONNX_NAMESPACE=onnx -DONNX_ML=1)
    LIBS+=(-lonnx -lonnx_proto $(pkg-config --libs protobuf)) ;;
  paddle_lite_nb)
    mkdir -p "$BUILD/gen/lite/model_parser/paddle_lite_nb"
    flatc --cpp -o "$BUILD/gen/lite/model_parser/paddle_lite_nb" \
      "$ROOT/lite/model_parser/paddle_lite_nb/paddle_lite_nb.fbs"
    SOURCES=(lite/model_parser/paddle_lite_nb/fuzz_paddle_lite_nb.cc
             lite/model_parser/paddle_lite_nb/paddle_lite_nb_reader.cc
             lite/model_parser/paddle_lite_nb/naive_buffer_reader.cc
             lite/model_parser/paddle_lite_nb/section_reader.cc
             lite/model_parser/paddle_lite_nb/paddle_lite_nb_mapping.cc
             lite/model_parser/paddle_lite_nb/paddle_lite_nb_light_plan.cc
             lite/operators/math/activation_funcs.cc "${CORE[@]}")
    EXTRA_FLAGS=(-I"$BUILD/gen" -I/usr/include/eigen3) ;;
  pir)
    mkdir -p "$BUILD/gen/lite/model_parser"
    protoc --cpp_out="$BUILD/gen/lite/model_parser" -I"$ROOT/lite/model_parser" \
      "$ROOT/lite/model_parser/framework.proto"
    SOURCES=(lite/model_parser/pir/fuzz_pir.cc lite/model_parser/pir/pir_json.cc
             lite/model_parser/pir/pir_importer.cc lite/model_parser/pir/pir_structural_ops.cc
             lite/model_parser/pir/pir_control_flow.cc lite/model_parser/tensor_record.cc
             "${CORE[@]}" "$BUILD/gen/lite/model_parser/framework.pb.cc")
    EXTRA_FLAGS=(-I"$BUILD/gen")
    LIBS+=($(pkg-config --libs protobuf)) ;;
  *) echo "run_nb_fuzzer: FUZZ_TARGET must be nb, params, program, onnx, paddle_lite_nb or pir" >&2
     exit 2 ;;
esac
FLAGS=(-std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$ROOT" -I"$ROOT/common" "${EXTRA_FLAGS[@]}")

start=$(date +%s)
mkdir -p "$BUILD/obj" "$BUILD/corpus" "$BUILD/seeds"
# Objects through the shared ccache when there is one: a fresh clone (CI)
# then recompiles only what changed (the program target is ~250 sources).
LAUNCH=()
if command -v ccache >/dev/null; then
  LAUNCH=(ccache)
  export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}" CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
  cd "$ROOT"
fi
pids=()
objs=()
for src in "${SOURCES[@]}"; do
  obj="$BUILD/obj/$(basename "$src").o"
  objs+=("$obj")
  path="$src"
  [[ "$src" = /* ]] || path="$ROOT/$src"
  if [[ ! -f "$obj" || "$path" -nt "$obj" || -n "$(find "$ROOT/lite" "$ROOT/tests/models" -name '*.h' -newer "$obj" -print -quit)" ]]; then
    "${LAUNCH[@]}" "$CXX" "${FLAGS[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" \
      -c "$path" -o "$obj" &
    pids+=($!)
    if (( ${#pids[@]} >= JOBS )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done
BIN="fuzz_$TARGET"
"$CXX" "${FLAGS[@]}" "${objs[@]}" "${LIBS[@]}" -o "$BUILD/$BIN"
echo "run_nb_fuzzer: built $BUILD/$BIN in $(( $(date +%s) - start )) s"

cd "$BUILD"
# Writes the valid seeds (params: the smallest real .pdiparams files), then
# fuzzes (new inputs go to corpus/).
if [ "$TARGET" = params ]; then
  models="${PADDLE_LITE_MODELS_DIR:-$ROOT/../shared/models}"
  cp -f "$models/mtcnn_paddle2/PNet.pdiparams" "$models/paddlelite_simple_model/model.pdiparams" \
    seeds/ 2>/dev/null || { echo "run_nb_fuzzer: no seed params under '$models'" >&2; exit 2; }
elif [ "$TARGET" = program ]; then
  models="${PADDLE_LITE_MODELS_DIR:-$ROOT/../shared/models}"
  found=0
  while IFS= read -r -d '' f; do
    cp -f "$f" "seeds/$(echo "${f#"$models"/}" | tr / _)"
    found=$((found + 1))
  done < <(find "$models" -type f \( -name __model__ -o -name '*.pdmodel' -o -name model \) -print0 \
             2>/dev/null)
  (( found > 0 )) || { echo "run_nb_fuzzer: no program files under '$models'" >&2; exit 2; }
elif [ "$TARGET" = onnx ]; then
  # The ONNX node tests of libonnx-testdata (small models of every operator);
  # the harness also starts from its own seed models when an input does not
  # parse.
  testdata=/usr/share/libonnx-testdata/data/node
  found=0
  for f in "$testdata"/*/model.onnx; do
    [ -f "$f" ] || continue
    cp -f "$f" "seeds/$(basename "$(dirname "$f")").onnx"
    found=$((found + 1))
  done
  (( found > 0 )) || { echo "run_nb_fuzzer: no ONNX node tests under '$testdata'" >&2; exit 2; }
  cp -f "$ROOT"/tests/fuzz/regressions/onnx/* seeds/
elif [ "$TARGET" = paddle_lite_nb ]; then
  PLNB_FUZZ_SEED_DIR="$BUILD/seeds" ./fuzz_paddle_lite_nb -runs=0 seeds >seeds.log 2>&1 ||
    { cat seeds.log >&2; echo "run_nb_fuzzer: a seed crashes the target" >&2; exit 1; }
  cp -f "$ROOT"/tests/fuzz/regressions/paddle_lite_nb/* seeds/
elif [ "$TARGET" = pir ]; then
  # The PIR programs of the models folder (the harness also starts from its
  # own seed programs when an input does not parse).
  models="${PADDLE_LITE_MODELS_DIR:-$ROOT/../shared/models}"
  found=0
  while IFS= read -r -d '' f; do
    # The small ones: a 100 KB program runs at ~30 inputs/s under ASan.
    [ "$(stat -c %s "$f")" -le 32768 ] && grep -q '"magic":"pir"' "$f" || continue
    cp -f "$f" "seeds/$(echo "${f#"$models"/}" | tr / _)"
    found=$((found + 1))
  done < <(find "$models" -type f -name '*.json' -print0 2>/dev/null)
  (( found > 0 )) || { echo "run_nb_fuzzer: no PIR programs under '$models'" >&2; exit 2; }
  cp -f "$ROOT"/tests/fuzz/regressions/pir/* seeds/
else
  NB_FUZZ_SEED_DIR="$BUILD/seeds" ./fuzz_nb -runs=0 seeds >/dev/null 2>&1
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# libFuzzer's progress lines go to a log; on a finding the log is printed.
LOG="$BUILD/$BIN.log"
rc=0
# The real programs go up to 2.8 MB, and the largest take 1-3 s per input
# under ASan on a loaded machine.
MAX_LEN=65536
TIMEOUT=10
RSS_MB=2048
[ "$TARGET" != program ] || { MAX_LEN=4194304; TIMEOUT=60; RSS_MB=4096; }
[ "$TARGET" != pir ] || MAX_LEN=32768
"./$BIN" -max_total_time="$SECONDS_TO_RUN" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" \
  -max_len=$MAX_LEN -print_final_stats=1 corpus seeds >"$LOG" 2>&1 || rc=$?
execs=$(grep '^stat::number_of_executed_units' "$LOG" | tail -1 | awk '{print $2}')  # the last: forked children (onnx) print their own
if [ "$rc" -ne 0 ]; then
  cat "$LOG" >&2
  echo "run_nb_fuzzer: FAILED (exit $rc) after ${execs:-?} executions; reproducer in $BUILD" >&2
  exit 1
fi
echo "run_nb_fuzzer ($TARGET): ${execs:-?} executions, corpus $(ls corpus | wc -l), no crash in $SECONDS_TO_RUN s"
