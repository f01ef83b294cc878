// make_cache_seeds OUT_DIR: compiles a few small models on builtin_device
// with a cache directory, so that the runtime writes real .nnc files, and
// stores each as two seeds of nnadapter_fuzz_cache: "\x00" + file (raw mode)
// and "\x01" + payload (header-fixing mode). Exit status 0 on success.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"
#include "nnc_header.h"

namespace {

struct Builder {
  NNAdapterModel* model = nullptr;
  std::vector<NNAdapterOperand*> inputs, outputs;
  bool ok = true;

  Builder() { ok = NNAdapterModel_create(&model) == NNADAPTER_NO_ERROR; }
  ~Builder() { NNAdapterModel_destroy(model); }

  NNAdapterOperand* Operand(int32_t precision, std::vector<int32_t> dims,
                            float scale = 0.f) {
    NNAdapterOperandType t;
    std::memset(&t, 0, sizeof(t));
    t.precision = precision;
    t.dimensions.count = static_cast<uint32_t>(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) t.dimensions.data[i] = dims[i];
    t.symm_per_layer_params.scale = scale;
    NNAdapterOperand* o = nullptr;
    if (NNAdapterModel_addOperand(model, &t, &o) != NNADAPTER_NO_ERROR) ok = false;
    return o;
  }
  template <typename T>
  NNAdapterOperand* Const(int32_t precision, std::vector<int32_t> dims,
                          std::vector<T> v, float scale = 0.f) {
    NNAdapterOperand* o = Operand(precision, dims, scale);
    if (o && NNAdapterModel_setOperandValue(o, v.data(),
                                            static_cast<uint32_t>(v.size() * sizeof(T)),
                                            true) != NNADAPTER_NO_ERROR) {
      ok = false;
    }
    return o;
  }
  NNAdapterOperand* I32(int32_t v) { return Const<int32_t>(NNADAPTER_INT32, {1}, {v}); }
  NNAdapterOperand* I32s(std::vector<int32_t> v) {
    return Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  }
  NNAdapterOperand* Input(int32_t precision, std::vector<int32_t> dims, float scale = 0.f) {
    NNAdapterOperand* o = Operand(precision, dims, scale);
    inputs.push_back(o);
    return o;
  }
  void Op(NNAdapterOperationType type, std::vector<NNAdapterOperand*> in,
          std::vector<NNAdapterOperand*> out) {
    if (!ok) return;
    if (NNAdapterModel_addOperation(model, type, static_cast<uint32_t>(in.size()), in.data(),
                                    static_cast<uint32_t>(out.size()), out.data(),
                                    nullptr) != NNADAPTER_NO_ERROR) {
      std::fprintf(stderr, "addOperation %d: %s\n", type, NNAdapter_getLastErrorMessage());
      ok = false;
    }
  }
  bool Finish() {
    ok = ok && NNAdapterModel_identifyInputsAndOutputs(
                   model, static_cast<uint32_t>(inputs.size()), inputs.data(),
                   static_cast<uint32_t>(outputs.size()), outputs.data()) == NNADAPTER_NO_ERROR;
    ok = ok && NNAdapterModel_finish(model) == NNADAPTER_NO_ERROR;
    return ok;
  }
};

void AddModel(Builder* b) {
  auto* x = b->Input(NNADAPTER_FLOAT32, {2, 3});
  auto* y = b->Input(NNADAPTER_FLOAT32, {2, 3});
  auto* out = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_ADD, {x, y, b->I32(NNADAPTER_FUSED_RELU)}, {out});
  b->outputs.push_back(out);
}

void ConvSoftmaxModel(Builder* b) {
  auto* x = b->Input(NNADAPTER_FLOAT32, {1, 2, 4, 4});
  std::vector<float> w(3 * 2 * 3 * 3);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.1f * static_cast<float>(i % 7) - 0.3f;
  auto* conv = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_CONV_2D,
        {x, b->Const<float>(NNADAPTER_FLOAT32, {3, 2, 3, 3}, w),
         b->Const<float>(NNADAPTER_FLOAT32, {3}, {0.5f, -0.5f, 0.f}),
         b->I32(NNADAPTER_AUTO_PAD_NONE), b->I32s({1, 1, 1, 1}), b->I32s({1, 1}), b->I32(1),
         b->I32s({1, 1}), b->I32(NNADAPTER_FUSED_NONE)},
        {conv});
  auto* sm = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_SOFTMAX, {conv, b->I32(1)}, {sm});
  b->outputs.push_back(sm);
}

void Int8FcModel(Builder* b) {
  auto* x = b->Input(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {2, 3}, 0.5f);
  auto* out = b->Operand(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {}, 0.25f);
  b->Op(NNADAPTER_FULLY_CONNECTED,
        {x, b->Const<int8_t>(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {2, 3}, {4, 0, -4, 8, 4, 0}, 0.25f),
         b->Const<int32_t>(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, {2}, {8, 0}, 0.125f),
         b->I32(NNADAPTER_FUSED_NONE)},
        {out});
  b->outputs.push_back(out);
}

void ShapeChainModel(Builder* b) {
  auto* x = b->Input(NNADAPTER_FLOAT32, {2, 3});
  auto* y = b->Input(NNADAPTER_FLOAT32, {2, 1});
  auto* cat = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_CONCAT, {x, y, b->I32(1)}, {cat});
  auto* r = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_RESHAPE, {cat, b->I32s({4, 2})}, {r});
  auto* t = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_TRANSPOSE, {r, b->I32s({1, 0})}, {t});
  auto* s = b->Operand(NNADAPTER_FLOAT32, {});
  b->Op(NNADAPTER_SIGMOID, {t}, {s});
  b->outputs.push_back(s);
  b->outputs.push_back(r);
}

bool WriteFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  const fs::path out_dir = argv[1];
  // The .nnc files go next to the corpus (libFuzzer reads corpus
  // directories recursively).
  const fs::path cache_dir = out_dir.string() + "_nnc";
  fs::create_directories(out_dir);
  fs::create_directories(cache_dir);
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  if (NNAdapterDevice_acquire("builtin_device", &device) != NNADAPTER_NO_ERROR ||
      NNAdapterContext_create(&device, 1, "", nullptr, &context) != NNADAPTER_NO_ERROR) {
    std::fprintf(stderr, "builtin_device: %s\n", NNAdapter_getLastErrorMessage());
    return 1;
  }
  struct Entry {
    const char* token;
    void (*build)(Builder*);
  };
  const Entry models[] = {{"add_relu", AddModel},
                          {"conv_softmax", ConvSoftmaxModel},
                          {"int8_fc", Int8FcModel},
                          {"shape_chain", ShapeChainModel}};
  int written = 0;
  for (const Entry& e : models) {
    Builder b;
    e.build(&b);
    if (!b.Finish()) {
      std::fprintf(stderr, "%s: model: %s\n", e.token, NNAdapter_getLastErrorMessage());
      continue;
    }
    NNAdapterCompilation* c = nullptr;
    const std::string dir = cache_dir.string();
    if (NNAdapterCompilation_create(b.model, e.token, nullptr, 0, dir.c_str(), context, &c) !=
            NNADAPTER_NO_ERROR ||
        NNAdapterCompilation_finish(c) != NNADAPTER_NO_ERROR) {
      std::fprintf(stderr, "%s: compile: %s\n", e.token, NNAdapter_getLastErrorMessage());
      NNAdapterCompilation_destroy(c);
      continue;
    }
    NNAdapterCompilation_destroy(c);
    const fs::path file = cache_dir / (std::string(e.token) + ".nnc");
    std::ifstream in(file, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    if (bytes.size() <= fuzz::kNncHeaderSize) {
      std::fprintf(stderr, "%s: no cache file written at %s\n", e.token, file.c_str());
      continue;
    }
    std::vector<uint8_t> raw = {0};
    raw.insert(raw.end(), bytes.begin(), bytes.end());
    std::vector<uint8_t> wrapped = {1};
    wrapped.insert(wrapped.end(), bytes.begin() + fuzz::kNncHeaderSize, bytes.end());
    if (WriteFile((out_dir / (std::string("raw_") + e.token)).string(), raw) &&
        WriteFile((out_dir / (std::string("payload_") + e.token)).string(), wrapped)) {
      ++written;
    }
  }
  NNAdapterContext_destroy(context);
  NNAdapterDevice_release(device);
  std::printf("make_cache_seeds: %d of %zu models cached into %s\n", written,
              sizeof(models) / sizeof(models[0]), out_dir.c_str());
  return written == static_cast<int>(sizeof(models) / sizeof(models[0])) ? 0 : 1;
}
