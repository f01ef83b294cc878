// Test harnesses. OpRunner: one op — build an OpDesc, feed tensors, run
// through the registry exactly as the runtime does (Attach → InferShape →
// kernel Run), read outputs; used by every op test next to its op.
// ProgramBuilder: a small one-block program for pass tests, run through
// RuntimeProgram before and after the passes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "lite/core/program.h"
#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace testing {

class OpRunner {
 public:
  explicit OpRunner(const std::string& op_type) : desc_(op_type) {}

  cpp::OpDesc& desc() { return desc_; }
  Scope& scope() { return scope_; }

  // Adds a variable to an input slot (appending for multi-variable slots).
  template <typename T>
  Tensor* Input(const std::string& slot, const std::string& var,
                const DDim& dims, const std::vector<T>& values) {
    auto names = desc_.Input(slot);
    names.push_back(var);
    desc_.SetInput(slot, names);
    Tensor* t = scope_.Var(var);
    t->Resize(dims);
    T* p = t->mutable_data<T>();
    EXPECT_EQ(static_cast<int64_t>(values.size()), Numel(dims)) << var;
    for (size_t i = 0; i < values.size() && i < static_cast<size_t>(Numel(dims)); ++i) p[i] = values[i];
    return t;
  }
  // Gives the existing variable `var` new dims and values (dynamic shapes
  // between runs).
  template <typename T>
  void Refill(const std::string& var, const DDim& dims, const std::vector<T>& values) {
    Tensor* t = scope_.GetVar(var);
    t->Resize(dims);
    std::copy(values.begin(), values.end(), t->mutable_data<T>());
  }
  void Output(const std::string& slot, const std::string& var) {
    auto names = desc_.Output(slot);
    names.push_back(var);
    desc_.SetOutput(slot, names);
  }
  template <typename T>
  void Attr(const std::string& name, const T& value) {
    desc_.SetAttr(name, value);
  }

  // Runs with the kernel picked for x86/host float (or the given key alias /
  // precision when not empty). Can be called repeatedly (e.g. after changing
  // input dims) to exercise dynamic shapes.
  void Run(int threads = 1, const std::string& alias = "",
           PrecisionType precision = PrecisionType::kFloat) {
    if (!op_) {
      op_ = CreateOp(desc_.Type());
      op_->Attach(desc_, &scope_);
      const KernelInfo* info = nullptr;
      for (const KernelInfo* k : KernelsFor(desc_.Type())) {
        if ((alias.empty() || k->key.alias == alias) &&
            (k->key.precision == precision || k->key.precision == PrecisionType::kAny)) {
          info = k;
          break;
        }
      }
      LITE_ENFORCE(info != nullptr, "test: no kernel for op '", desc_.Type(),
                   "' with alias '", alias, "'");
      kernel_ = CreateKernel(info->key);
      kernel_->BindParam(op_->param());
    }
    op_->InferShape();
    RunContext ctx;
    ctx.threads = threads;
    kernel_->Run(ctx);
  }

  Tensor* Get(const std::string& var) { return scope_.GetVar(var); }
  template <typename T>
  std::vector<T> Values(const std::string& var) {
    Tensor* t = Get(var);
    const T* p = t->data<T>();
    return std::vector<T>(p, p + t->numel());
  }

 private:
  cpp::OpDesc desc_;
  Scope scope_;
  std::unique_ptr<Operator> op_;
  std::unique_ptr<Kernel> kernel_;
};

// [N, C, H, W] -> [N, H, W, C] (the data of the NHWC paths, same dims).
template <typename T>
std::vector<T> ToNhwc(const std::vector<T>& v, const DDim& d) {
  std::vector<T> out(v.size());
  const int64_t C = d[1], HW = d[2] * d[3];
  for (int64_t n = 0; n < d[0]; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t p = 0; p < HW; ++p) out[(n * HW + p) * C + c] = v[(n * C + c) * HW + p];
  return out;
}

// Runs fn and returns the message of the Error it throws ("" plus a test
// failure when it does not throw).
inline std::string ErrorOf(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an error";
  return "";
}

// Runs `r` expecting an Error whose message contains every one of `words`.
inline void ExpectErrorMentions(OpRunner& r, const std::vector<std::string>& words) {
  const std::string msg = ErrorOf([&] { r.Run(); });
  for (const auto& w : words) {
    EXPECT_NE(msg.find(w), std::string::npos) << "'" << w << "' not in: " << msg;
  }
}

// Deterministic uniform random values in [lo, hi).
inline std::vector<float> RandomFloats(size_t n, float lo = -1.f, float hi = 1.f,
                                       uint32_t seed = 42) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

// NNAPI-style fp32 comparison: |e - a| <= atol + rtol * |e| element-wise;
// reports the first mismatches and the max error.
inline void ExpectAllClose(const std::vector<float>& expected,
                           const std::vector<float>& actual,
                           float atol = 1e-5f, float rtol = 5 * 1.1920929e-7f,
                           const std::string& what = "") {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  int bad = 0;
  float max_err = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    float err = std::fabs(expected[i] - actual[i]);
    if (!(err <= atol + rtol * std::fabs(expected[i]))) {
      if (bad < 5) {
        ADD_FAILURE() << what << " [" << i << "] expected " << expected[i]
                      << " got " << actual[i];
      }
      ++bad;
    }
    if (err > max_err || std::isnan(err)) max_err = err;
  }
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << expected.size()
                    << " elements differ, max abs error " << max_err;
}

// A one-block program: feed/fetch ops, weights (persistable variables whose
// tensors live in `weights`) and ops, run on x86/host kernels with the input
// variable "x".
class ProgramBuilder {
 public:
  cpp::ProgramDesc program;
  std::shared_ptr<Scope> weights = std::make_shared<Scope>();
  int run_threads = 1;  // the thread count Run uses

  ProgramBuilder() { program.blocks.emplace_back(); }
  // The block Op() adds to: block 0, or a loop body between
  // BeginCounterLoop and EndCounterLoop.
  cpp::BlockDesc& block() { return program.blocks[current_block_]; }

  cpp::OpDesc& Op(const std::string& type) {
    block().ops.emplace_back(type);
    return block().ops.back();
  }
  // An op with one variable per input and output slot.
  cpp::OpDesc& Op(const std::string& type,
                  const std::vector<std::pair<std::string, std::string>>& inputs,
                  const std::vector<std::pair<std::string, std::string>>& outputs) {
    cpp::OpDesc& op = Op(type);
    for (const auto& [slot, var] : inputs) op.SetInput(slot, {var});
    for (const auto& [slot, var] : outputs) op.SetOutput(slot, {var});
    return op;
  }
  void Feed(const std::string& name, int col) {
    Op("feed", {{"X", "feed"}}, {{"Out", name}}).SetAttr("col", col);
  }
  void Fetch(const std::string& name, int col = 0) {
    Op("fetch", {{"X", name}}, {{"Out", "fetch"}}).SetAttr("col", col);
  }
  void Weight(const std::string& name, const DDim& dims,
              const std::vector<float>& values) {
    Tensor* t = weights->Var(name);
    t->Resize(dims);
    t->set_persistable(true);
    std::copy(values.begin(), values.end(), t->mutable_data<float>());
    cpp::VarDesc var;
    var.name = name;
    var.persistable = true;
    var.dims = dims;
    program.blocks[0].vars.push_back(var);
  }
  // A counted loop. Adds to block 0: i = 0 and n = `iterations` (int64
  // fill_constant), cond = i < n, and a `while` with X = `x` + {i, n} and
  // Out = `out` + {i, cond} over a new block; Op() then adds the body's ops
  // until EndCounterLoop() appends ++i and cond = i < n to it.
  void BeginCounterLoop(int64_t iterations, std::vector<std::string> x,
                        std::vector<std::string> out) {
    for (auto [name, value] : {std::pair<const char*, float>{"i", 0.f},
                               {"n", static_cast<float>(iterations)}}) {
      cpp::OpDesc& f = Op("fill_constant", {}, {{"Out", name}});
      f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
      f.SetAttr("shape", std::vector<int64_t>{1});
      f.SetAttr("value", value);
    }
    Op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}});
    x.insert(x.end(), {"i", "n"});
    out.insert(out.end(), {"i", "cond"});
    const auto body = static_cast<int32_t>(program.blocks.size());
    cpp::OpDesc& loop = Op("while");
    loop.SetInput("X", x);
    loop.SetInput("Condition", {"cond"});
    loop.SetOutput("Out", out);
    loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, body});
    program.blocks.emplace_back();
    program.blocks.back().idx = body;
    program.blocks.back().parent_idx = 0;
    current_block_ = body;
  }
  void EndCounterLoop() {
    Op("increment", {{"X", "i"}}, {{"Out", "i"}});
    Op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}});
    current_block_ = 0;
  }
  // A weight of RandomFloats(numel, lo, hi, seed).
  void RandomWeight(const std::string& name, const DDim& dims, float lo = -1,
                    float hi = 1, uint32_t seed = 1) {
    Weight(name, dims, RandomFloats(Numel(dims), lo, hi, seed));
  }
  // conv2d or conv2d_transpose with dilations 1.
  cpp::OpDesc& Conv(const std::string& type, const std::string& input,
                    const std::string& filter, const std::string& output,
                    std::vector<int32_t> strides, std::vector<int32_t> paddings,
                    int groups) {
    cpp::OpDesc& conv =
        Op(type, {{"Input", input}, {"Filter", filter}}, {{"Output", output}});
    conv.SetAttr("strides", strides);
    conv.SetAttr("paddings", paddings);
    conv.SetAttr("dilations", std::vector<int32_t>{1, 1});
    conv.SetAttr("groups", groups);
    return conv;
  }
  // Inference batch_norm (epsilon 1e-5) over `channels` with random
  // bn_scale, bn_bias, bn_mean, bn_var drawn with seeds seed..seed+3.
  cpp::OpDesc& BatchNorm(const std::string& x, const std::string& y,
                         int64_t channels, uint32_t seed) {
    RandomWeight("bn_scale", {channels}, 0.5, 1.5, seed);
    RandomWeight("bn_bias", {channels}, -1, 1, seed + 1);
    RandomWeight("bn_mean", {channels}, -0.5, 0.5, seed + 2);
    RandomWeight("bn_var", {channels}, 0.1, 2, seed + 3);
    cpp::OpDesc& bn = Op("batch_norm",
                         {{"X", x},
                          {"Scale", "bn_scale"},
                          {"Bias", "bn_bias"},
                          {"Mean", "bn_mean"},
                          {"Variance", "bn_var"}},
                         {{"Y", y}, {"MeanOut", "bn_mean"}, {"VarianceOut", "bn_var"}});
    bn.SetAttr("epsilon", 1e-5f);
    bn.SetAttr("is_test", true);
    return bn;
  }

  std::vector<std::string> OpTypes() const {
    std::vector<std::string> t;
    for (auto& op : program.blocks[0].ops) t.push_back(op.Type());
    return t;
  }
  // The first op writing `var` (nullptr if none).
  const cpp::OpDesc* OpWithOutput(const std::string& var) const {
    for (auto& op : program.blocks[0].ops) {
      for (auto& n : op.OutputArgumentNames()) {
        if (n == var) return &op;
      }
    }
    return nullptr;
  }
  // Runs with x of `dims` and returns the Error's message ("" when it ran).
  std::string RunError(const DDim& dims, const std::vector<float>& x) {
    Scope scope(weights);
    RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
    Tensor* in = scope.GetVar("x");
    in->Resize(dims);
    std::copy(x.begin(), x.end(), in->mutable_data<float>());
    return ErrorOf([&] { rp.Run(1); });
  }
  // Runs with x of `dims`; returns fetch 0. `kernels` (optional) receives
  // the key of every instruction's kernel.
  std::vector<float> Run(const DDim& dims, const std::vector<float>& x,
                         std::vector<std::string>* kernels = nullptr) {
    Scope scope(weights);
    RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
    if (kernels) {
      for (auto& inst : rp.instructions()) kernels->push_back(inst.kernel->key().ToString());
    }
    Tensor* in = scope.GetVar("x");
    in->Resize(dims);
    std::copy(x.begin(), x.end(), in->mutable_data<float>());
    rp.Run(run_threads);
    Tensor* out = scope.GetVar(rp.fetch_names()[0]);
    return std::vector<float>(out->data<float>(), out->data<float>() + out->numel());
  }

 private:
  int32_t current_block_{0};
};

// An op with one variable per slot: MakeOp("scale", {{"X", "x"}}, {{"Out", "y"}}).
inline cpp::OpDesc MakeOp(const std::string& type,
                          const std::vector<std::pair<std::string, std::string>>& inputs,
                          const std::vector<std::pair<std::string, std::string>>& outputs) {
  cpp::OpDesc op(type);
  for (const auto& [slot, var] : inputs) op.SetInput(slot, {var});
  for (const auto& [slot, var] : outputs) op.SetOutput(slot, {var});
  return op;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
