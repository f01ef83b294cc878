// Test harness for one op: build an OpDesc, feed tensors, run through the
// registry exactly as the runtime does (Attach → InferShape → kernel Run),
// read outputs. Used by every op test next to its op.
#pragma once
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

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

}  // namespace testing
}  // namespace lite
}  // namespace paddle
