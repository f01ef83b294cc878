// libFuzzer target for the C API (paddle_c_api.h): the input is a script of
// calls on a few configuration, predictor and tensor slots, with arguments
// drawn from the input: NULL, empty, overlong and non-UTF-8 strings, good and
// truncated model buffers, unnamed enum values, odd shapes, element types,
// counts, indices and LoDs, calls in any order (run before any input, copy
// before reshape, tensors used after their predictor is destroyed). The
// header's contract is the oracle: every call returns PD_OK or an error
// status with a non-empty PD_GetLastError(), never PD_INTERNAL_ERROR, and
// never crashes or leaks. Handles are only passed while valid (use after
// destroy is undefined behaviour by the header) and buffers always hold the
// count of elements the call is told. An argument byte of 0 picks the good
// value, so a script of opcodes with zero arguments loads and runs the model.
// Built and run by tools/scripts/run_api_fuzzers.sh capi SECONDS.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "lite/api/c/paddle_c_api.h"

namespace {

struct Models {
  std::string dir;                    // mnist_mlp_handwriting (per-variable files)
  std::string program, params;        // paddlelite_simple_model file paths
  std::string program_bytes, params_bytes;
  std::string nb_file, nb_bytes;      // made at start-up by PD_PredictorSaveOptimizedModel
};
Models* g_models = nullptr;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz_c_api: cannot read '%s' (set PADDLE_LITE_MODELS_DIR)\n",
                 path.c_str());
    std::abort();
  }
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The API's contract on every status.
void Check(PD_Status s, const char* call) {
  if (s == PD_OK) return;
  const char* message = PD_GetLastError();
  if (s == PD_INTERNAL_ERROR || static_cast<int>(s) < 0 || static_cast<int>(s) > 5 || !message ||
      !*message) {
    std::fprintf(stderr, "fuzz_c_api: %s returned %d (%s) with message '%s'\n", call,
                 static_cast<int>(s), PD_StatusName(s), message ? message : "(null)");
    std::abort();
  }
}

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint32_t U32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(U8()) << (8 * i);
    return v;
  }
  // Raw bytes (up to n) of the input.
  std::string Bytes(size_t n) {
    n = std::min(n, size_ - std::min(pos_, size_));
    std::string s(reinterpret_cast<const char*>(data_ + pos_), n);
    pos_ += n;
    return s;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

constexpr int kSlots = 3;

struct State {
  PD_Config* configs[kSlots] = {};
  PD_Predictor* predictors[kSlots] = {};
  PD_Tensor* tensors[kSlots * 2] = {};
  std::deque<std::string> strings;  // keeps c_str()s of one call alive (stable on push_back)

  ~State() {
    for (auto* t : tensors) Check(PD_TensorDestroy(t), "PD_TensorDestroy");
    for (auto* p : predictors) Check(PD_PredictorDestroy(p), "PD_PredictorDestroy");
    for (auto* c : configs) Check(PD_ConfigDestroy(c), "PD_ConfigDestroy");
  }
};

// A string argument: `good` for choice 0, else NULL, "", odd paths, an
// overlong one or bytes of the input (NUL-terminated there).
const char* Str(Reader* r, State* st, const std::string& good) {
  switch (r->U8() % 10) {
    case 0: st->strings.push_back(good); break;
    case 1: return nullptr;
    case 2: st->strings.push_back(""); break;
    case 3: st->strings.push_back(std::string(5000, 'a')); break;
    case 4: st->strings.push_back("/dev/zero"); break;
    case 5: st->strings.push_back("/nonexistent/dir/x"); break;
    case 6: st->strings.push_back("/tmp"); break;
    case 7: st->strings.push_back(good + "\xff\xfe/.."); break;
    default: st->strings.push_back(r->Bytes(r->U8())); break;
  }
  return st->strings.back().c_str();
}

// A path the call writes into (PD_PredictorSaveOptimizedModel, the NNAdapter
// cache folder): always inside `dir`, the fuzzer's scratch folder, since such
// a call writes where the path says and the fuzzer may run as root: `dir` +
// `good`, a missing sub-folder, NULL, "", or input bytes with every '/' and
// NUL replaced, as a name inside `dir`.
const char* WritePath(Reader* r, State* st, const std::string& dir, const std::string& good) {
  switch (r->U8() % 5) {
    case 0: st->strings.push_back(dir + "/" + good); break;
    case 1: st->strings.push_back(dir + "/missing/dir/" + good); break;
    case 2: return nullptr;
    case 3: st->strings.push_back(""); break;
    default: {
      std::string name = r->Bytes(r->U8());
      for (char& c : name) {
        if (c == '/' || c == '\0') c = '_';
      }
      if (name.empty() || name == "." || name == "..") name = "_";
      st->strings.push_back(dir + "/" + name);
    }
  }
  return st->strings.back().c_str();
}

std::string ScratchDir() {
  return g_models->nb_file.substr(0, g_models->nb_file.rfind('/'));
}

// A buffer argument: `good`, a truncated or bit-flipped copy, or input bytes.
std::string Buffer(Reader* r, const std::string& good) {
  std::string b = good;
  switch (r->U8() % 5) {
    case 0: break;
    case 1: b.resize(r->U32() % (good.size() + 1)); break;
    case 2: if (!b.empty()) b[r->U32() % b.size()] ^= static_cast<char>(1 + r->U8() % 255); break;
    case 3: b = r->Bytes(r->U8() * 16u); break;
    default: b.clear();
  }
  return b;
}

int64_t Extent(Reader* r) {
  static const int64_t kOdd[] = {1, 0, -1, 2, 3, 28, 784, 224, INT64_MAX, INT32_MAX, 1LL << 40,
                                 INT64_MIN};
  const uint8_t b = r->U8();
  return b < 128 ? kOdd[b % (sizeof(kOdd) / sizeof(kOdd[0]))] : static_cast<int64_t>(b - 127);
}

// Enum arguments take every value a C++ caller may load into the enum type
// (the range of its enumerators' bits; a C caller may pass any int, which
// the layer reads as int, but loading such a value here would be undefined).
PD_DataType Type(Reader* r) {
  // 0 -> PD_DATA_FLOAT32 .. 7 -> PD_DATA_BOOL, 8..15 -> -8..-1 (PD_DATA_UNK, unnamed).
  const int v = (r->U8() % 16 + 8) % 16 - 8;
  PD_DataType t;
  std::memcpy(&t, &v, sizeof(t));
  return t;
}

template <typename E>
E AnyEnum(Reader* r, int good, int max) {
  const uint8_t b = r->U8();
  const int v = b == 0 ? good : b % (max + 1);
  E e;
  std::memcpy(&e, &v, sizeof(e));
  return e;
}

PD_Config*& ConfigSlot(Reader* r, State* st) { return st->configs[r->U8() % kSlots]; }
PD_Predictor*& PredictorSlot(Reader* r, State* st) { return st->predictors[r->U8() % kSlots]; }
PD_Tensor*& TensorSlot(Reader* r, State* st) { return st->tensors[r->U8() % (kSlots * 2)]; }

// Element buffers are capped: a larger count is refused by the harness,
// which then passes a small buffer with its true count.
constexpr size_t kMaxBytes = 1 << 22;

void ConfigCall(uint8_t op, Reader* r, State* st) {
  PD_Config*& c = ConfigSlot(r, st);
  const Models& m = *g_models;
  switch (op) {
    case 0:
      Check(PD_ConfigDestroy(c), "PD_ConfigDestroy");
      c = nullptr;
      Check(PD_ConfigCreate(r->U8() % 8 == 7 ? nullptr : &c), "PD_ConfigCreate");
      break;
    case 1: Check(PD_ConfigSetModelDir(c, Str(r, st, m.dir)), "PD_ConfigSetModelDir"); break;
    case 2:
      Check(PD_ConfigSetModelFile(c, Str(r, st, m.program), Str(r, st, m.params)),
            "PD_ConfigSetModelFile");
      break;
    case 3: {
      const std::string prog = Buffer(r, m.program_bytes), params = Buffer(r, m.params_bytes);
      const bool null_prog = r->U8() % 8 == 7, null_params = r->U8() % 8 == 7;
      Check(PD_ConfigSetModelBuffer(c, null_prog ? nullptr : prog.data(), prog.size(),
                                    null_params ? nullptr : params.data(), params.size()),
            "PD_ConfigSetModelBuffer");
      break;
    }
    case 4:
      Check(PD_ConfigSetOptimizedModelFile(c, Str(r, st, m.nb_file)),
            "PD_ConfigSetOptimizedModelFile");
      break;
    case 5: {
      const std::string nb = Buffer(r, m.nb_bytes);
      Check(PD_ConfigSetOptimizedModelBuffer(c, r->U8() % 8 == 7 ? nullptr : nb.data(),
                                             nb.size()),
            "PD_ConfigSetOptimizedModelBuffer");
      break;
    }
    case 6: {
      const uint8_t b = r->U8();
      const int32_t threads = b < 8 ? 1 + b : static_cast<int32_t>(r->U32());
      Check(PD_ConfigSetThreads(c, threads), "PD_ConfigSetThreads");
      int32_t got = 0;
      int is_nb = 0;
      Check(PD_ConfigGetThreads(c, r->U8() % 8 == 7 ? nullptr : &got), "PD_ConfigGetThreads");
      Check(PD_ConfigIsOptimizedModel(c, r->U8() % 8 == 7 ? nullptr : &is_nb),
            "PD_ConfigIsOptimizedModel");
      break;
    }
    case 7:
      Check(PD_ConfigAddValidPlace(c, AnyEnum<PD_Target>(r, PD_TARGET_X86, 31),
                                   AnyEnum<PD_Precision>(r, PD_PRECISION_FLOAT, 7),
                                   AnyEnum<PD_Layout>(r, PD_LAYOUT_NCHW, 3)),
            "PD_ConfigAddValidPlace");
      break;
    case 8: {
      const size_t count = r->U8() % 4;
      std::vector<const char*> names;
      for (size_t i = 0; i < count; ++i) names.push_back(Str(r, st, "builtin_device"));
      Check(PD_ConfigSetNNAdapterDeviceNames(c, r->U8() % 8 == 7 ? nullptr : names.data(), count),
            "PD_ConfigSetNNAdapterDeviceNames");
      break;
    }
    case 9:
      Check(PD_ConfigSetNNAdapterContextProperties(c, Str(r, st, "BUILTIN_DEVICE_THREADS=1")),
            "PD_ConfigSetNNAdapterContextProperties");
      break;
    case 10:
      Check(PD_ConfigSetNNAdapterModelCacheDir(c, WritePath(r, st, ScratchDir(), "cache")),
            "PD_ConfigSetNNAdapterModelCacheDir");
      break;
    case 11: {
      const std::string cache = r->Bytes(r->U8());
      Check(PD_ConfigSetNNAdapterModelCacheBuffer(c, Str(r, st, "token"),
                                                  r->U8() % 8 == 7 ? nullptr : cache.data(),
                                                  cache.size()),
            "PD_ConfigSetNNAdapterModelCacheBuffer");
      break;
    }
    case 12:
      Check(PD_ConfigSetNNAdapterSubgraphPartitionConfigPath(c, Str(r, st, "/nonexistent")),
            "PD_ConfigSetNNAdapterSubgraphPartitionConfigPath");
      break;
    default:
      Check(PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer(c, Str(r, st, "relu")),
            "PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer");
  }
}

void PredictorCall(uint8_t op, Reader* r, State* st) {
  PD_Predictor*& p = PredictorSlot(r, st);
  switch (op) {
    case 0: {
      PD_Config* c = ConfigSlot(r, st);
      Check(PD_PredictorDestroy(p), "PD_PredictorDestroy");
      p = nullptr;
      Check(PD_PredictorCreate(c, r->U8() % 8 == 7 ? nullptr : &p), "PD_PredictorCreate");
      break;
    }
    case 1: {
      PD_Predictor*& clone = PredictorSlot(r, st);
      if (&clone == &p) break;
      Check(PD_PredictorDestroy(clone), "PD_PredictorDestroy");
      clone = nullptr;
      Check(PD_PredictorClone(p, &clone), "PD_PredictorClone");
      break;
    }
    case 2:
      Check(PD_PredictorDestroy(p), "PD_PredictorDestroy");
      p = nullptr;
      break;
    case 3: {
      size_t n = 0;
      const char* name = nullptr;
      const bool null_out = r->U8() % 8 == 7;
      const size_t index = r->U8() < 200 ? r->U8() % 3 : static_cast<size_t>(-1);
      Check(PD_PredictorGetInputNum(p, null_out ? nullptr : &n), "PD_PredictorGetInputNum");
      Check(PD_PredictorGetOutputNum(p, null_out ? nullptr : &n), "PD_PredictorGetOutputNum");
      Check(PD_PredictorGetInputName(p, index, null_out ? nullptr : &name),
            "PD_PredictorGetInputName");
      Check(PD_PredictorGetOutputName(p, index, null_out ? nullptr : &name),
            "PD_PredictorGetOutputName");
      if (name) (void)std::strlen(name);
      break;
    }
    case 4: {
      PD_Tensor*& t = TensorSlot(r, st);
      Check(PD_TensorDestroy(t), "PD_TensorDestroy");
      t = nullptr;
      const size_t index = r->U8() % 4;
      PD_Tensor** out = r->U8() % 8 == 7 ? nullptr : &t;
      switch (r->U8() % 4) {
        case 0: Check(PD_PredictorGetInput(p, index, out), "PD_PredictorGetInput"); break;
        case 1: Check(PD_PredictorGetOutput(p, index, out), "PD_PredictorGetOutput"); break;
        case 2:
          Check(PD_PredictorGetInputByName(p, Str(r, st, "x"), out), "PD_PredictorGetInputByName");
          break;
        default:
          Check(PD_PredictorGetOutputByName(p, Str(r, st, "save_infer_model/scale_0.tmp_1"), out),
                "PD_PredictorGetOutputByName");
      }
      break;
    }
    case 5: Check(PD_PredictorRun(p), "PD_PredictorRun"); break;
    default: {
      Check(PD_PredictorSaveOptimizedModel(p, WritePath(r, st, ScratchDir(), "saved")),
            "PD_PredictorSaveOptimizedModel");
    }
  }
}

void TensorCall(uint8_t op, Reader* r, State* st) {
  PD_Tensor* t = TensorSlot(r, st);
  switch (op) {
    case 0: {
      const size_t rank = r->U8() % 7;
      std::vector<int64_t> shape(rank);
      for (auto& d : shape) d = Extent(r);
      Check(PD_TensorReshape(t, r->U8() % 8 == 7 ? nullptr : shape.data(), rank),
            "PD_TensorReshape");
      break;
    }
    case 1: {
      const PD_DataType type = Type(r);
      size_t numel = 0;
      Check(PD_TensorGetNumel(t, &numel), "PD_TensorGetNumel");
      const size_t elem = std::max<size_t>(1, PD_DataTypeSize(type));
      size_t count = numel + (r->U8() % 8 == 7 ? 1 : 0);
      if (count > kMaxBytes / elem) count = r->U8();
      std::vector<uint8_t> data(count * elem);
      for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 31);
      if (type == PD_DATA_FLOAT32 && count > 0 && r->U8() % 4 == 3) {
        const float nan = std::nanf("");
        std::memcpy(data.data(), &nan, sizeof(nan));
      }
      Check(PD_TensorCopyFromCpu(t, type, r->U8() % 8 == 7 ? nullptr : data.data(), count),
            "PD_TensorCopyFromCpu");
      break;
    }
    case 2: {
      PD_DataType type = PD_DATA_UNK;
      Check(PD_TensorGetDataType(t, &type), "PD_TensorGetDataType");
      if (r->U8() % 2) type = Type(r);
      const size_t count = r->U8() < 200 ? (r->U8() % 8 == 7 ? 0 : 1 << 14) : r->U8();
      std::vector<uint8_t> data(count * std::max<size_t>(1, PD_DataTypeSize(type)));
      Check(PD_TensorCopyToCpu(t, type, r->U8() % 8 == 7 ? nullptr : data.data(), count),
            "PD_TensorCopyToCpu");
      const void* view = nullptr;
      Check(PD_TensorGetData(t, type, &view), "PD_TensorGetData");
      break;
    }
    case 3: {
      const size_t capacity = r->U8() % 8;
      std::vector<int64_t> shape(capacity);
      size_t rank = 0, numel = 0;
      const char* name = nullptr;
      Check(PD_TensorGetShape(t, capacity ? shape.data() : nullptr, capacity,
                              r->U8() % 8 == 7 ? nullptr : &rank),
            "PD_TensorGetShape");
      Check(PD_TensorGetNumel(t, &numel), "PD_TensorGetNumel");
      Check(PD_TensorGetName(t, &name), "PD_TensorGetName");
      if (name) (void)std::strlen(name);
      break;
    }
    case 4: {
      const size_t levels = r->U8() % 4;
      std::vector<size_t> sizes(levels);
      std::vector<uint64_t> offsets;
      for (auto& s : sizes) {
        s = r->U8() % 6;
        for (size_t i = 0; i < s; ++i) {
          const uint8_t b = r->U8();
          offsets.push_back(b < 250 ? b : UINT64_MAX - b);
        }
      }
      Check(PD_TensorSetLoD(t, offsets.empty() ? nullptr : offsets.data(),
                            levels ? sizes.data() : nullptr, levels),
            "PD_TensorSetLoD");
      break;
    }
    case 5: {
      size_t levels = 0, count = 0;
      Check(PD_TensorGetLoDLevels(t, &levels), "PD_TensorGetLoDLevels");
      const size_t capacity = r->U8() % 8;
      std::vector<uint64_t> offsets(capacity);
      Check(PD_TensorGetLoD(t, r->U8() % 4, capacity ? offsets.data() : nullptr, capacity, &count),
            "PD_TensorGetLoD");
      break;
    }
    default: {
      PD_Tensor*& slot = TensorSlot(r, st);
      Check(PD_TensorDestroy(slot), "PD_TensorDestroy");
      slot = nullptr;
    }
  }
}

void MiscCall(Reader* r, State* st) {
  int available = 0;
  Check(PD_CheckNNAdapterDeviceName(Str(r, st, "builtin_device"),
                                    r->U8() % 8 == 7 ? nullptr : &available),
        "PD_CheckNNAdapterDeviceName");
  const char* version = nullptr;
  Check(PD_GetVersion(&version), "PD_GetVersion");
  const PD_Status s = AnyEnum<PD_Status>(r, PD_OK, 7);
  if (!PD_StatusName(s)) std::abort();
  (void)PD_DataTypeSize(Type(r));
}

// Writes the .nb of the simple model once (the light predictor's input).
void MakeNb(Models* m) {
  char tmpl[] = "/tmp/fuzz_c_api_XXXXXX";
  if (!mkdtemp(tmpl)) std::abort();
  m->nb_file = std::string(tmpl) + "/simple.nb";
  PD_Config* c = nullptr;
  PD_Predictor* p = nullptr;
  if (PD_ConfigCreate(&c) != PD_OK || PD_ConfigSetModelDir(c, m->dir.c_str()) != PD_OK ||
      PD_PredictorCreate(c, &p) != PD_OK ||
      PD_PredictorSaveOptimizedModel(p, (std::string(tmpl) + "/simple").c_str()) != PD_OK) {
    std::fprintf(stderr, "fuzz_c_api: cannot make the .nb seed: %s\n", PD_GetLastError());
    std::abort();
  }
  PD_PredictorDestroy(p);
  PD_ConfigDestroy(c);
  m->nb_bytes = ReadAll(m->nb_file);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  const std::string models = env && *env ? env : "../shared/models";
  g_models = new Models;
  g_models->dir = models + "/mnist_mlp_handwriting";
  g_models->program = models + "/paddlelite_simple_model/model.pdmodel";
  g_models->params = models + "/paddlelite_simple_model/model.pdiparams";
  g_models->program_bytes = ReadAll(g_models->program);
  g_models->params_bytes = ReadAll(g_models->params);
  MakeNb(g_models);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r(data, size);
  State st;
  for (int calls = 0; !r.empty() && calls < 64; ++calls) {
    st.strings.clear();
    const uint8_t op = r.U8();
    switch (op % 4) {
      case 0: ConfigCall((op / 4) % 14, &r, &st); break;
      case 1: PredictorCall((op / 4) % 7, &r, &st); break;
      case 2: TensorCall((op / 4) % 7, &r, &st); break;
      default: MiscCall(&r, &st);
    }
  }
  return 0;
}
