// libFuzzer target for the Paddle model loader with structure-aware
// mutation. The input is a serialized ProgramDesc (`__model__`, `*.pdmodel`);
// it goes through what CreatePaddlePredictor and opt do to a program before
// any kernel computes: parse, weight dequantization, per-op slot and
// attribute validation, the default graph passes, kernel choice and then
// each op's shape inference in program order with the program's var dims.
// Every step must succeed or throw paddle::lite_api::Error; anything else
// (crash, sanitizer report, another exception) is a finding.
//
// The weights are synthesized from the program's own declarations (the
// params file is not part of the input): each persistable LOD_TENSOR of
// known element type and small size gets a tensor of its declared dims with
// deterministic values, so passes that read weights (conv+bn folding,
// constant folding, quant-dequant folding) run on them.
//
// LLVMFuzzerCustomMutator parses the input and, when it parses, mutates its
// structure with tests/models/program_mutator.h (op types, slot names,
// attribute types and values, var dims and dtypes, block indices, rewired or
// dropped ops) and serializes it again; inputs that do not parse fall back to
// byte mutation. LLVMFuzzerCustomCrossOver splices the ops of two programs.
// Built and run by FUZZ_TARGET=program tools/scripts/run_nb_fuzzer.sh.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "lite/core/program.h"
#include "lite/core/weight_quant.h"
#include "lite/graph/pass.h"
#include "lite/model_parser/program_desc_pb.h"
#include "tests/models/program_mutator.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace paddle {
namespace lite {
namespace {

// Bounds on what the harness allocates: any tensor above them is left
// without storage (ops then report it, or infer shapes without data).
constexpr int64_t kMaxTensorElements = 1 << 14;
constexpr int64_t kMaxTotalElements = 1 << 20;

// Element count of `dims` when every extent is >= 0 and the product stays
// within kMaxTensorElements; -1 otherwise.
int64_t SmallNumel(const DDim& dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > kMaxTensorElements) return -1;
  }
  return n;
}

// Gives `t` zeroed storage of its dims when small enough (floats get small
// distinct values so that divisions and logs in folding passes are finite).
void Fill(Tensor* t, DataType type, int64_t* budget) {
  const int64_t n = SmallNumel(t->dims());
  if (n < 0 || n > *budget || type == DataType::kUnknown) return;
  *budget -= n;
  void* p = t->mutable_data(type);
  std::memset(p, 0, t->memory_size());
  if (type == DataType::kFloat32) {
    float* f = static_cast<float*>(p);
    for (int64_t i = 0; i < n; ++i) f[i] = 0.25f + 0.125f * static_cast<float>(i % 7);
  }
}

void SynthesizeWeights(const cpp::ProgramDesc& program, Scope* weights, int64_t* budget) {
  for (const auto& block : program.blocks) {
    for (const auto& v : block.vars) {
      if (!v.persistable || v.type != cpp::VarKind::LOD_TENSOR || v.name == "feed" ||
          v.name == "fetch" || weights->FindVar(v.name)) {
        continue;
      }
      Tensor* t = weights->Var(v.name);
      t->Resize(v.dims);
      t->set_persistable(true);
      Fill(t, v.dtype, budget);
    }
  }
}

// Inputs get the program's dims with unknown extents as 1.
void ShapeFeeds(const RuntimeProgram& runtime, const cpp::BlockDesc& block, Scope* scope,
                int64_t* budget) {
  for (const auto& name : runtime.feed_names()) {
    Tensor* t = scope->Var(name);
    DDim dims = t->dims();
    for (auto& d : dims) d = d < 0 ? 1 : d;
    t->Resize(dims);
    const cpp::VarDesc* v = block.FindVar(name);
    Fill(t, v ? v->dtype : DataType::kFloat32, budget);
  }
}

void LoadLikeAPredictor(const uint8_t* data, size_t size) {
  cpp::ProgramDesc program;
  ParseProgramDesc(reinterpret_cast<const char*>(data), size, "fuzz.pdmodel", &program);
  int64_t budget = kMaxTotalElements;
  auto weights = std::make_shared<Scope>();
  SynthesizeWeights(program, weights.get(), &budget);
  DequantizeWeightsInPlace(program, weights.get());
  ValidateOps(program, weights);
  graph::PassOptions options;
  // Odd sizes take the int8 (QAT folding) path, as a kInt8 valid place does.
  options.int8 = (size & 1) != 0;
  graph::RunPasses(&program, weights.get(), options);

  Scope scope(weights);
  const std::vector<Place> places = {Place(TargetType::kX86, PrecisionType::kFloat),
                                     Place(TargetType::kHost, PrecisionType::kFloat),
                                     Place(TargetType::kHost, PrecisionType::kAny)};
  RuntimeProgram runtime(program, &scope, places, nullptr);
  ShapeFeeds(runtime, program.blocks.at(0), &scope, &budget);
  for (const Instruction& inst : runtime.instructions()) {
    inst.op->InferShape();
    // Later ops may read what this one computes (shape tensors): its outputs
    // get storage as its kernel would give them.
    for (const auto& name : inst.op->desc().OutputArgumentNames()) {
      Tensor* t = scope.FindVar(name);
      if (t && !t->persistable()) {
        Fill(t, t->dtype() == DataType::kUnknown ? DataType::kFloat32 : t->dtype(), &budget);
      }
    }
  }
}

bool Parse(const uint8_t* data, size_t size, cpp::ProgramDesc* out) {
  try {
    ParseProgramDesc(reinterpret_cast<const char*>(data), size, "fuzz.pdmodel", out);
    return !out->blocks.empty();
  } catch (const lite_api::Error&) {
    return false;
  }
}

// Serializes `program` into `data` when it fits; returns its size, else 0.
size_t Store(const cpp::ProgramDesc& program, uint8_t* data, size_t max_size) {
  try {
    const std::string bytes = SerializeProgramDesc(program);
    if (bytes.empty() || bytes.size() > max_size) return 0;
    std::memcpy(data, bytes.data(), bytes.size());
    return bytes.size();
  } catch (const lite_api::Error&) {
    return 0;
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle

extern "C" int LLVMFuzzerInitialize(int*, char***) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::LoadLikeAPredictor(data, size);
  } catch (const paddle::lite_api::Error&) {
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  using namespace paddle::lite;  // NOLINT
  cpp::ProgramDesc program;
  if (seed % 8 != 0 && Parse(data, size, &program)) {
    testing::ProgramMutator mutator(seed);
    mutator.Mutate(&program);
    if (size_t n = Store(program, data, max_size)) return n;
  }
  return LLVMFuzzerMutate(data, size, max_size);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2, uint8_t* out,
                                            size_t max_out_size, unsigned int seed) {
  using namespace paddle::lite;  // NOLINT
  cpp::ProgramDesc a, b;
  if (!Parse(data1, size1, &a) || !Parse(data2, size2, &b)) return 0;
  // Block 0 of `a` up to a cut, then `b`'s ops from a cut, with `b`'s
  // variables that `a` does not declare.
  auto& ops = a.blocks[0].ops;
  const auto& other = b.blocks[0].ops;
  ops.resize(ops.empty() ? 0 : seed % (ops.size() + 1));
  const size_t from = other.empty() ? 0 : (seed / 7) % other.size();
  ops.insert(ops.end(), other.begin() + static_cast<std::ptrdiff_t>(from), other.end());
  for (const auto& v : b.blocks[0].vars) {
    if (!a.blocks[0].FindVar(v.name)) a.blocks[0].vars.push_back(v);
  }
  return Store(a, out, max_out_size);
}
