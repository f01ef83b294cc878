// The `subgraph` op: runs its block (a cluster of Paddle ops) through
// NNAdapter. On the first run for a set of input shapes it converts the
// block into an NNAdapter model (the converters of converters.inc),
// compiles it for the predictor's devices (or loads the .nnc cache), and
// keeps that compiled program; later runs with the same shapes only execute.
#include <glog/logging.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <sstream>

#include "lite/core/registry.h"
#include "lite/nnadapter/converter.h"
#include "lite/nnadapter/device_context.h"

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
  // check it against the row count).
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

std::string AttrText(const cpp::Attribute& a) {
  return std::visit(
      [](const auto& v) {
        std::ostringstream os;
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<V> || std::is_same_v<V, std::string>) {
          os << v;
        } else {
          for (const auto& x : v) os << x << ",";
        }
        return os.str();
      },
      a.value);
}

struct Compiled {
  NNAdapterModel* model{nullptr};
  NNAdapterCompilation* compilation{nullptr};
  NNAdapterExecution* execution{nullptr};
  std::vector<std::string> model_inputs;  // variable per model input
  ~Compiled() {
    NNAdapterExecution_destroy(execution);
    NNAdapterCompilation_destroy(compilation);
    NNAdapterModel_destroy(model);
  }
};

void* InputAccess(void* memory, NNAdapterOperandType* type) {
  auto* t = static_cast<Tensor*>(memory);
  const DDim& d = t->dims();
  type->dimensions.count = static_cast<uint32_t>(d.size());
  for (size_t i = 0; i < d.size(); ++i) type->dimensions.data[i] = static_cast<int32_t>(d[i]);
  return t->raw_data_mut();
}

void* OutputAccess(void* memory, NNAdapterOperandType* type) {
  auto* t = static_cast<Tensor*>(memory);
  DDim d(type->dimensions.data, type->dimensions.data + type->dimensions.count);
  t->Resize(d);
  DataType dt = nnadapter_bridge::DataTypeOfPrecision(type->precision);
  if (dt == DataType::kUnknown) return nullptr;
  return t->mutable_data(dt);
}
}  // namespace

class SubgraphKernel : public KernelBase<SubgraphParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    std::string key;
    for (const Tensor* t : p.inputs) key += DimsToString(t->dims()) + ";";
    auto it = programs_.find(key);
    if (it == programs_.end()) it = programs_.emplace(key, Build(key)).first;
    Compiled& c = *it->second;
    for (size_t i = 0; i < c.model_inputs.size(); ++i) {
      Tensor* t = const_cast<Tensor*>(p.scope->GetVar(c.model_inputs[i]));
      Check(NNAdapterExecution_setInput(c.execution, static_cast<int32_t>(i), t, InputAccess),
            "setInput");
    }
    for (size_t i = 0; i < p.outputs.size(); ++i) {
      Check(NNAdapterExecution_setOutput(c.execution, static_cast<int32_t>(i), p.outputs[i],
                                         OutputAccess),
            "setOutput");
    }
    Check(NNAdapterExecution_compute(c.execution), "compute");
  }

 private:
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
    f.Add("paddle-lite-nna-subgraph-v1");
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
    for (size_t i = 0; i < p.inputs.size(); ++i) actual[p.input_names[i]] = p.inputs[i];
    const cpp::BlockDesc& block = *p.block;
    nnadapter_bridge::Converter conv(
        c->model, p.scope, [&](const std::string& name, DDim* dims, DataType* type) {
          auto a = actual.find(name);
          if (a != actual.end()) {
            *dims = a->second->dims();
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
    for (const auto& op : block.ops) conv.Convert(op);
    c->model_inputs = conv.model_input_names();
    std::vector<NNAdapterOperand*> ins = conv.model_inputs(), outs;
    for (const auto& n : p.output_names) {
      NNAdapterOperand* o = conv.Mapped(n);
      LITE_ENFORCE(o != nullptr, "op 'subgraph': output '", n, "' is not produced by its block");
      outs.push_back(o);
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
    if (cached != p.nnadapter->model_cache_buffers.end()) {
      buffer = const_cast<char*>(cached->second.data());
      length = static_cast<uint32_t>(cached->second.size());
    }
    const std::string& dir = p.nnadapter->model_cache_dir;
    bool use_cache = buffer || !dir.empty();
    LITE_ENFORCE(NNAdapterCompilation_create(c->model, use_cache ? token.c_str() : nullptr, buffer,
                                             length, dir.empty() ? nullptr : dir.c_str(),
                                             devices_->context(),
                                             &c->compilation) == NNADAPTER_NO_ERROR &&
                     NNAdapterCompilation_finish(c->compilation) == NNADAPTER_NO_ERROR,
                 "op 'subgraph': compiling for ", devices_->device_signature(), " failed: ",
                 NNAdapter_getLastErrorMessage());
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
  std::map<std::string, std::unique_ptr<Compiled>> programs_;
  double last_compile_ms_{0};
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SubgraphOp)
LITE_KERNEL_CLASS(SubgraphKernel)
