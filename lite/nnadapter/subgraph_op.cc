// The `subgraph` op: runs its block (a cluster of Paddle ops) through
// NNAdapter. On the first run for a set of input shapes it converts the
// block into an NNAdapter model (the converters of converters.inc),
// compiles it for the predictor's devices (or loads the .nnc cache), and
// keeps that compiled program; later runs with the same shapes only execute.
// When the device fails to compile or execute the block (and strict mode is
// off), the block's ops run on the CPU kernels from then on (cpu_fallback.h):
// a device fault costs speed, never a failed Run. A run whose inputs the CPU
// kernels refuse too (a lookup_table id out of range) is the caller's Error
// for that run only; the subgraph stays on the device.
#include <glog/logging.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <sstream>

#include "lite/core/registry.h"
#include "lite/nnadapter/converter_version.h"  // generated (converter_version.cmake)
#include "lite/nnadapter/converter.h"
#include "lite/nnadapter/cpu_fallback.h"
#include "lite/nnadapter/device_context.h"
#include "lite/nnadapter/subgraph_stats.h"

namespace paddle {
namespace lite {
namespace operators {

struct SubgraphParam {
  const cpp::BlockDesc* block{nullptr};
  const NNAdapterOptions* nnadapter{nullptr};
  const Scope* scope{nullptr};
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;
  std::vector<Tensor*> inputs;
  std::vector<Tensor*> outputs;
};

class SubgraphOp : public OperatorBase<SubgraphParam> {
 public:
  void SetEnv(const OpEnv& env) override { env_ = env; }
  // Outputs learn their dims when executed. Their LoD: the offloaded ops
  // are row-wise ones (elementwise, fc/mul, activations, scale...) that in
  // Paddle share their first input's LoD, so every output takes the LoD of
  // the first input that has one (sequence ops after the subgraph then
  // check it against the row count). Outputs grouped per image by an
  // operation (NMS: Converter::SetLodFromCounts) get theirs after each
  // execution (SubgraphKernel::SetLods).
  void InferShape() override {
    const LoD* lod = nullptr;
    for (const Tensor* t : param_.inputs) {
      if (!t->lod().empty()) {
        lod = &t->lod();
        break;
      }
    }
    for (Tensor* t : param_.outputs) t->set_lod(lod ? *lod : LoD{});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    LITE_ENFORCE(env_.program != nullptr, "op 'subgraph' needs its program");
    LITE_ENFORCE(env_.nnadapter != nullptr && env_.nnadapter->enabled(),
                 "op 'subgraph' needs NNAdapter device names (set_nnadapter_device_names)");
    auto it = desc.attrs().find("sub_block");
    LITE_ENFORCE(it != desc.attrs().end(), "op 'subgraph': attribute 'sub_block' is missing");
    int idx = desc.GetAttr<int32_t>("sub_block");
    LITE_ENFORCE(idx > 0 && idx < static_cast<int>(env_.program->blocks.size()),
                 "op 'subgraph': sub_block ", idx, " does not exist");
    param_.block = &env_.program->blocks[idx];
    param_.nnadapter = env_.nnadapter;
    param_.scope = scope;
    param_.input_names = desc.GetAttr<std::vector<std::string>>("input_data_names");
    param_.output_names = desc.GetAttr<std::vector<std::string>>("output_data_names");
    for (const auto& n : param_.input_names) {
      Tensor* t = scope->FindVar(n);
      LITE_ENFORCE(t != nullptr, "op 'subgraph': input '", n, "' does not exist");
      param_.inputs.push_back(t);
    }
    for (const auto& n : param_.output_names) {
      param_.outputs.push_back(scope->FindLocalVar(n) ? scope->FindLocalVar(n) : scope->Var(n));
    }
  }

 private:
  OpEnv env_;
};

namespace {
// FNV-1a 64-bit, enough to key caches (collisions are also guarded by the
// .nnc file's own checks of drivers and versions).
struct Fnv {
  uint64_t h = 1469598103934665603ull;
  void Add(const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  }
  void Add(const std::string& s) {
    Add(s.data(), s.size());
    Add("\x1f", 1);  // separator
  }
};

// One attribute value as text; floats by their bits, so attributes that
// differ past the 6th digit give different cache tokens.
template <typename V>
void PutValue(std::ostringstream& os, const V& v) {
  if constexpr (std::is_same_v<V, float>) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    os << "f" << std::hex << bits << std::dec;
  } else if constexpr (std::is_same_v<V, double>) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    os << "d" << std::hex << bits << std::dec;
  } else if constexpr (std::is_same_v<V, cpp::Scalar>) {
    os << "s" << static_cast<int>(v.kind) << ":" << v.b << ":" << v.i << ":";
    PutValue(os, v.r);
    os << ":";
    PutValue(os, v.imag);
  } else {
    os << v;
  }
}

std::string AttrText(const cpp::Attribute& a) {
  return std::visit(
      [](const auto& v) {
        std::ostringstream os;
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<V> || std::is_same_v<V, std::string> ||
                      std::is_same_v<V, cpp::Scalar>) {
          PutValue(os, v);
        } else {
          for (const auto& x : v) {
            PutValue(os, static_cast<typename V::value_type>(x));
            os << ",";
          }
        }
        return os.str();
      },
      a.value);
}

// A digest of the converter sources made at build time
// (converter_version.cmake): any change of a converter changes the token,
// so caches written by other converters are never reused.
constexpr const char* kConverterVersion = LITE_NNADAPTER_CONVERTER_VERSION;

std::atomic<int64_t> g_live_programs{0};
std::atomic<int64_t> g_compiled_programs{0};  // compiled from the model
std::atomic<int64_t> g_loaded_programs{0};    // loaded from a cache

struct Compiled {
  Compiled() { ++g_live_programs; }
  Compiled(const Compiled&) = delete;
  Compiled& operator=(const Compiled&) = delete;
  NNAdapterModel* model{nullptr};
  NNAdapterCompilation* compilation{nullptr};
  NNAdapterExecution* execution{nullptr};
  std::vector<std::string> model_inputs;  // variable per model input
  // Where a cached program may have come from ("cache file '<path>'" or
  // "the cache buffer for token '<token>'"); empty when compiled fresh.
  std::string cache_source;
  std::string cache_file;
  // Outputs whose LoD comes from per-image counts (Converter::
  // SetLodFromCounts): the subgraph output and the model output holding the
  // counts; counts that are no subgraph output are extra model outputs
  // written into `extra`.
  struct LodFromCounts {
    size_t output, counts;
  };
  std::vector<LodFromCounts> lods;
  std::vector<std::unique_ptr<Tensor>> extra;
  ~Compiled() {
    --g_live_programs;
    NNAdapterExecution_destroy(execution);
    NNAdapterCompilation_destroy(compilation);
    NNAdapterModel_destroy(model);
  }
};

// Called from inside the NNAdapter C API: reports failure by NULL, never
// by an exception.
void* InputAccess(void* memory, NNAdapterOperandType* type) {
  auto* t = static_cast<Tensor*>(memory);
  const DDim& d = t->dims();
  if (d.size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS || !t->StorageCoversDims()) return nullptr;
  type->dimensions.count = static_cast<uint32_t>(d.size());
  for (size_t i = 0; i < d.size(); ++i) {
    // NNAdapter extents are int32: a larger one must not wrap.
    if (d[i] < 0 || d[i] > INT32_MAX) return nullptr;
    type->dimensions.data[i] = static_cast<int32_t>(d[i]);
  }
  return t->raw_data_mut();
}

void* OutputAccess(void* memory, NNAdapterOperandType* type) {
  auto* t = static_cast<Tensor*>(memory);
  DDim d(type->dimensions.data, type->dimensions.data + type->dimensions.count);
  t->Resize(d);
  DataType dt = nnadapter_bridge::DataTypeOfPrecision(type->precision);
  if (dt == DataType::kUnknown) return nullptr;
  try {
    return t->mutable_data(dt);
  } catch (const std::exception&) {
    return nullptr;  // overflowing or unallocatable size: the compute fails
  }
}
}  // namespace

class SubgraphKernel : public KernelBase<SubgraphParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    if (!fallback_) {
      try {
        RunOnDevice();
        return;
      } catch (const Error& e) {
        if (p.nnadapter->strict) throw;
        // Converter errors were found at partition time; what fails here is
        // the device (compile or execute) or this run's inputs. The block
        // runs on the CPU kernels once: if they refuse the inputs too (a
        // lookup_table id out of range, an integer division by zero), the
        // Error is the caller's, for this run only, and the subgraph stays
        // on the device. Otherwise the device failed: warned once per
        // subgraph op, the fallback is kept for the predictor's life.
        auto cpu = std::make_unique<nnadapter_bridge::CpuFallback>(*p.block, p.scope,
                                                                   p.output_names);
        try {
          cpu->Run(ctx, p.outputs);
        } catch (const Error& input_error) {
          ThrowError(input_error.what(), " (the subgraph's device refused the same inputs: ",
                     e.what(), ")");
        }
        LOG(WARNING) << "op 'subgraph' (" << p.block->ops.size() << " ops: " << OpTypes()
                     << "): building or running it on the device failed; running these ops on "
                     << "the CPU from now on: " << e.what();
        fallback_ = std::move(cpu);
        ++nnadapter_bridge::CpuFallbackCount();
        return;
      }
    }
    fallback_->Run(ctx, p.outputs);
  }

 private:
  std::string OpTypes() const {
    std::string s;
    for (const auto& op : param().block->ops) s += (s.empty() ? "" : ",") + op.Type();
    return s.size() > 200 ? s.substr(0, 200) + "..." : s;
  }

  void RunOnDevice() {
    std::string key = ProgramKey(!dynamic_failed_);
    Compiled* c = nullptr;
    try {
      c = &Program(key);
    } catch (const Error& e) {
      if (key == ProgramKey(false)) throw;
      // Some converter or device needs concrete dims: one program per shape.
      LOG(WARNING) << "op 'subgraph': one program for the dynamic shapes of "
                      "set_nnadapter_dynamic_shape_info could not be built ("
                   << e.what() << "); compiling one program per input shape instead";
      dynamic_failed_ = true;
      key = ProgramKey(false);
      c = &Program(key);
    }
    int rc = Execute(c);
    if (rc != NNADAPTER_NO_ERROR && !c->cache_source.empty()) {
      // A cached program that loads but cannot execute (CRC-valid yet
      // inconsistent) is dropped and the block compiled once more.
      LOG(WARNING) << "op 'subgraph': the program from " << c->cache_source
                   << " failed to execute (" << NNAdapter_getLastErrorMessage()
                   << "); deleting it and recompiling";
      if (!c->cache_file.empty()) std::remove(c->cache_file.c_str());
      Drop(key);
      ignore_cache_ = true;
      try {
        c = &Program(key);
      } catch (...) {
        ignore_cache_ = false;
        throw;
      }
      ignore_cache_ = false;
      rc = Execute(c);
    }
    Check(rc, "compute");
  }

  // Binds the inputs and outputs and computes; the first failing code.
  int Execute(Compiled* c) {
    auto& p = param();
    for (size_t i = 0; i < c->model_inputs.size(); ++i) {
      Tensor* t = const_cast<Tensor*>(p.scope->GetVar(c->model_inputs[i]));
      int rc = NNAdapterExecution_setInput(c->execution, static_cast<int32_t>(i), t, InputAccess);
      if (rc != NNADAPTER_NO_ERROR) return rc;
    }
    for (size_t i = 0; i < p.outputs.size() + c->extra.size(); ++i) {
      Tensor* t = i < p.outputs.size() ? p.outputs[i] : c->extra[i - p.outputs.size()].get();
      int rc = NNAdapterExecution_setOutput(c->execution, static_cast<int32_t>(i), t,
                                            OutputAccess);
      if (rc != NNADAPTER_NO_ERROR) return rc;
    }
    int rc = NNAdapterExecution_compute(c->execution);
    if (rc == NNADAPTER_NO_ERROR) SetLods(*c);
    return rc;
  }

  // LoD level 0 = the running sum of the counts (int32 per image).
  void SetLods(const Compiled& c) {
    auto& p = param();
    for (const auto& l : c.lods) {
      const Tensor* counts =
          l.counts < p.outputs.size() ? p.outputs[l.counts] : c.extra[l.counts - p.outputs.size()].get();
      Tensor* out = p.outputs[l.output];
      std::vector<uint64_t> offsets = {0};
      const int32_t* n = counts->data<int32_t>();
      for (int64_t i = 0; i < counts->numel(); ++i) {
        offsets.push_back(offsets.back() + static_cast<uint64_t>(std::max(n[i], 0)));
      }
      const int64_t rows = out->dims().empty() ? 0 : out->dims()[0];
      if (static_cast<int64_t>(offsets.back()) != rows) offsets = {0, static_cast<uint64_t>(rows)};
      out->set_lod(LoD{offsets});
    }
  }

  // The listed shapes (set_nnadapter_dynamic_shape_info) of input `i` when
  // its actual dims are one of them, else nullptr.
  const std::vector<DDim>* DynamicShapes(size_t i) const {
    const auto& info = param().nnadapter->dynamic_shape_info;
    auto it = info.find(param().input_names[i]);
    if (it == info.end() || it->second.size() < 2) return nullptr;
    const DDim& actual = param().inputs[i]->dims();
    for (const auto& s : it->second) {
      if (s == actual) return &it->second;
    }
    return nullptr;
  }

  // Programs are kept per input dtypes and dims; an input whose dims are
  // among its listed dynamic shapes keys on the list instead, so one
  // program with NNAdapter dynamic dimensions serves every listed shape.
  std::string ProgramKey(bool allow_dynamic) const {
    auto& p = param();
    std::string key;
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      const Tensor* t = p.inputs[i];
      key += DataTypeName(t->dtype());
      const std::vector<DDim>* shapes = allow_dynamic ? DynamicShapes(i) : nullptr;
      if (shapes) {
        key += "dynamic{";
        for (const auto& s : *shapes) key += DimsToString(s);
        key += "}";
      } else {
        key += DimsToString(t->dims());
      }
      key += ";";
    }
    return key;
  }

  void Drop(const std::string& key) {
    auto it = programs_.find(key);
    if (it == programs_.end()) return;
    lru_.erase(it->second.lru);
    programs_.erase(it);
  }

  // The compiled program for these input shapes: from the LRU, or built
  // (evicting the least recently used beyond the capacity).
  Compiled& Program(const std::string& key) {
    auto it = programs_.find(key);
    if (it != programs_.end()) {
      lru_.splice(lru_.begin(), lru_, it->second.lru);
      return *it->second.compiled;
    }
    auto compiled = Build(key);
    const size_t capacity = static_cast<size_t>(ProgramCacheSize());
    while (programs_.size() >= capacity && !lru_.empty()) {
      VLOG(1) << "nnadapter subgraph: evicting the program for inputs " << lru_.back()
              << " (program cache size " << capacity << ")";
      programs_.erase(lru_.back());
      lru_.pop_back();
    }
    lru_.push_front(key);
    Entry& e = programs_[key];
    e.compiled = std::move(compiled);
    e.lru = lru_.begin();
    return *e.compiled;
  }

  int ProgramCacheSize() const {
    int n = param().nnadapter->program_cache_size;
    if (const char* env = std::getenv("PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE")) {
      char* end = nullptr;
      long v = std::strtol(env, &end, 10);
      LITE_ENFORCE(end != env && *end == '\0' && v >= 1 && v <= 1 << 20,
                   "PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE='", env,
                   "': expected a whole number from 1 to 1048576");
      n = static_cast<int>(v);
    }
    return n < 1 ? 1 : n;
  }

  void Check(int rc, const char* what) {
    LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, "op 'subgraph' (", param().block->ops.size(),
                 " ops): NNAdapterExecution_", what, " failed: ", NNAdapter_getLastErrorMessage());
  }

  // The cache token: the block's structure and attributes, a digest of its
  // weights, the input shapes, the devices with their driver versions and
  // the context properties.
  std::string Token(const std::string& shapes) {
    auto& p = param();
    Fnv f;
    f.Add("paddle-lite-nna-subgraph-v2");
    f.Add(kConverterVersion);
    uint32_t nnadapter_version = 0;
    NNAdapter_getVersion(&nnadapter_version);
    f.Add(std::to_string(nnadapter_version));
    for (const auto& op : p.block->ops) {
      f.Add(op.Type());
      for (auto& kv : op.inputs()) {
        f.Add(kv.first);
        for (auto& n : kv.second) {
          f.Add(n);
          const Tensor* w = p.scope->FindVar(n);
          if (w && w->persistable() && w->initialized()) {
            f.Add(DimsToString(w->dims()));
            f.Add(w->raw_data(), w->memory_size());
          }
        }
      }
      for (auto& kv : op.outputs()) {
        f.Add(kv.first);
        for (auto& n : kv.second) f.Add(n);
      }
      for (auto& kv : op.attrs()) {
        f.Add(kv.first);
        f.Add(AttrText(kv.second));
      }
    }
    f.Add(shapes);
    f.Add(devices_->device_signature());
    f.Add(p.nnadapter->context_properties);
    char buf[17];
    std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(f.h));
    return std::string("subgraph_") + buf;
  }

  std::unique_ptr<Compiled> Build(const std::string& shapes) {
    auto& p = param();
    if (!devices_) devices_.reset(new nnadapter_bridge::DeviceContext(*p.nnadapter));
    auto t0 = std::chrono::steady_clock::now();
    auto c = std::make_unique<Compiled>();
    LITE_ENFORCE(NNAdapterModel_create(&c->model) == NNADAPTER_NO_ERROR,
                 "NNAdapterModel_create failed: ", NNAdapter_getLastErrorMessage());
    std::map<std::string, const Tensor*> actual;
    std::map<std::string, std::vector<DDim>> dynamic;
    std::map<std::string, DDim> merged;  // -1 where the listed shapes differ
    const bool use_dynamic = shapes.find("dynamic{") != std::string::npos;
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      actual[p.input_names[i]] = p.inputs[i];
      const std::vector<DDim>* alternatives = use_dynamic ? DynamicShapes(i) : nullptr;
      if (!alternatives) continue;
      dynamic[p.input_names[i]] = *alternatives;
      DDim m = p.inputs[i]->dims();
      for (const auto& s : *alternatives) {
        for (size_t d = 0; d < m.size(); ++d) {
          if (s.size() != m.size() || s[d] != m[d]) m[d] = -1;
        }
      }
      merged[p.input_names[i]] = m;
    }
    const cpp::BlockDesc& block = *p.block;
    nnadapter_bridge::Converter conv(
        c->model, p.scope, [&](const std::string& name, DDim* dims, DataType* type) {
          auto a = actual.find(name);
          if (a != actual.end()) {
            auto m = merged.find(name);
            *dims = m != merged.end() ? m->second : a->second->dims();
            *type = a->second->dtype();
            return true;
          }
          if (const cpp::VarDesc* v = block.FindVar(name)) {
            *dims = v->dims;
            *type = v->dtype;
            return true;
          }
          return false;
        });
    conv.SetDynamicShapes(dynamic);
    for (const auto& op : block.ops) conv.Convert(op);
    c->model_inputs = conv.model_input_names();
    std::vector<NNAdapterOperand*> ins = conv.model_inputs(), outs;
    for (const auto& n : p.output_names) {
      NNAdapterOperand* o = conv.Mapped(n);
      LITE_ENFORCE(o != nullptr, "op 'subgraph': output '", n, "' is not produced by its block");
      outs.push_back(o);
    }
    for (size_t i = 0; i < p.output_names.size(); ++i) {
      auto l = conv.lod_counts().find(p.output_names[i]);
      if (l == conv.lod_counts().end()) continue;
      size_t j = std::find(outs.begin(), outs.end(), l->second) - outs.begin();
      if (j == outs.size()) {
        outs.push_back(l->second);
        c->extra.push_back(std::make_unique<Tensor>());
      }
      c->lods.push_back({i, j});
    }
    LITE_ENFORCE(NNAdapterModel_identifyInputsAndOutputs(
                     c->model, static_cast<uint32_t>(ins.size()), ins.data(),
                     static_cast<uint32_t>(outs.size()), outs.data()) == NNADAPTER_NO_ERROR &&
                     NNAdapterModel_finish(c->model) == NNADAPTER_NO_ERROR,
                 "op 'subgraph': building the NNAdapter model failed: ",
                 NNAdapter_getLastErrorMessage());
    std::string token = Token(shapes);
    void* buffer = nullptr;
    uint32_t length = 0;
    auto cached = p.nnadapter->model_cache_buffers.find(token);
    if (cached != p.nnadapter->model_cache_buffers.end() && !ignore_cache_) {
      buffer = const_cast<char*>(cached->second.data());
      length = static_cast<uint32_t>(cached->second.size());
    }
    const std::string& dir = p.nnadapter->model_cache_dir;
    const bool use_cache = buffer || !dir.empty();
    if (!dir.empty()) c->cache_file = dir + "/" + token + ".nnc";
    const char* cache_dir = dir.empty() ? nullptr : dir.c_str();
    // The model is always handed over, also with a cache: the runtime reads
    // the cache file itself (file_access: regular files only, no symlink, a
    // size cap, a FIFO refused without blocking), checks that the cache was
    // compiled from this very model (its recorded model digest, token,
    // devices and input types) and otherwise warns, compiles and rewrites
    // the file. A cache is never trusted on its token alone.
    LITE_ENFORCE(NNAdapterCompilation_create(c->model, use_cache ? token.c_str() : nullptr,
                                             buffer, length, cache_dir, devices_->context(),
                                             &c->compilation) == NNADAPTER_NO_ERROR &&
                     NNAdapterCompilation_finish(c->compilation) == NNADAPTER_NO_ERROR,
                 "op 'subgraph': compiling for ", devices_->device_signature(), " failed: ",
                 NNAdapter_getLastErrorMessage());
    bool loaded = false;
    LITE_ENFORCE(NNAdapterCompilation_queryCacheUse(c->compilation, &loaded) == NNADAPTER_NO_ERROR,
                 "NNAdapterCompilation_queryCacheUse failed: ", NNAdapter_getLastErrorMessage());
    if (loaded) {
      ++g_loaded_programs;
      c->cache_source = buffer ? "the cache buffer for token '" + token + "'" +
                                     (dir.empty() ? "" : " (or cache file '" + c->cache_file + "')")
                               : "cache file '" + c->cache_file + "'";
    } else {
      ++g_compiled_programs;
    }
    LITE_ENFORCE(NNAdapterExecution_create(c->compilation, &c->execution) == NNADAPTER_NO_ERROR,
                 "NNAdapterExecution_create failed: ", NNAdapter_getLastErrorMessage());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
    VLOG(1) << "nnadapter subgraph (" << block.ops.size() << " ops, inputs " << shapes
            << ") compiled in " << ms << " ms" << (use_cache ? ", cache token " + token : "");
    last_compile_ms_ = ms;
    return c;
  }

  std::unique_ptr<nnadapter_bridge::DeviceContext> devices_;
  bool ignore_cache_{false};  // set while recompiling a program that failed
  bool dynamic_failed_{false};  // the dynamic-shape program could not be built
  struct Entry {
    std::unique_ptr<Compiled> compiled;
    std::list<std::string>::iterator lru;
  };
  std::map<std::string, Entry> programs_;
  std::list<std::string> lru_;  // keys, most recently used first
  double last_compile_ms_{0};
  std::unique_ptr<nnadapter_bridge::CpuFallback> fallback_;
};

}  // namespace operators

namespace nnadapter_bridge {
int64_t LiveSubgraphPrograms() { return operators::g_live_programs.load(); }
int64_t CompiledSubgraphPrograms() { return operators::g_compiled_programs.load(); }
int64_t CachedSubgraphPrograms() { return operators::g_loaded_programs.load(); }
std::atomic<int64_t>& CpuFallbackCount() {
  static std::atomic<int64_t> count{0};
  return count;
}
}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SubgraphOp)
LITE_KERNEL_CLASS(SubgraphKernel)
