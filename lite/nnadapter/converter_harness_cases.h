// The cases of the converter differential harness (converter_harness_test.cc),
// one or more per Paddle op type of converters.inc. A case builds its op for
// size n (1, 3, 13, 127 unless `sizes` says otherwise) with OpRunner.
#pragma once
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

enum HarnessExpect { kMatches, kDeclines };

struct HarnessCase {
  HarnessCase(std::string op_type, std::string what,
              std::function<void(OpRunner&, int64_t)> builder)
      : op(std::move(op_type)), label(std::move(what)), build(std::move(builder)) {}
  std::string op, label;
  std::function<void(OpRunner&, int64_t)> build;
  HarnessExpect expect{kMatches};
  std::vector<int64_t> sizes{1, 3, 13, 127};
  double atol{1e-5}, rtol{1e-5};
  // Why the op has no CPU kernel in this tree; then `reference` writes the
  // expected outputs into the runner's scope.
  const char* no_cpu_kernel{nullptr};
  std::function<void(OpRunner&)> reference;
  std::string decline_mentions;  // a word the decline message must contain
};

namespace harness {
// `c` expected to be declined, the message mentioning `mention`.
inline HarnessCase Declines(HarnessCase c, const std::string& mention) {
  c.expect = kDeclines;
  c.decline_mentions = mention;
  return c;
}
inline uint32_t Seed(const std::string& var, int64_t n) {
  uint32_t h = 2166136261u;
  for (char ch : var) h = (h ^ static_cast<uint8_t>(ch)) * 16777619u;
  return h ^ static_cast<uint32_t>(n * 7919);
}
// A run-time float input of uniform values in [lo, hi).
inline Tensor* F(OpRunner& r, const std::string& slot, const std::string& var, const DDim& d,
                 float lo = -2.f, float hi = 2.f) {
  return r.Input<float>(slot, var, d, RandomFloats(Numel(d), lo, hi, Seed(var, Numel(d))));
}
// A float weight (persistable: the converter makes it a constant).
inline Tensor* W(OpRunner& r, const std::string& slot, const std::string& var, const DDim& d,
                 float lo = -1.f, float hi = 1.f) {
  Tensor* t = F(r, slot, var, d, lo, hi);
  t->set_persistable(true);
  return t;
}
// Small integers as floats (so that comparisons see equal elements).
inline Tensor* Levels(OpRunner& r, const std::string& slot, const std::string& var,
                      const DDim& d) {
  auto v = RandomFloats(Numel(d), 0.f, 3.f, Seed(var, Numel(d)));
  for (auto& x : v) x = std::floor(x);
  return r.Input<float>(slot, var, d, v);
}
inline Tensor* Bools(OpRunner& r, const std::string& slot, const std::string& var,
                     const DDim& d) {
  auto v = RandomFloats(Numel(d), 0.f, 1.f, Seed(var, Numel(d)));
  std::vector<bool> b(v.size());
  for (size_t i = 0; i < v.size(); ++i) b[i] = v[i] > 0.5f;
  return r.Input<bool>(slot, var, d, b);
}
template <typename T>
Tensor* Ints(OpRunner& r, const std::string& slot, const std::string& var, const DDim& d,
             int64_t lo, int64_t hi, bool weight = false) {
  auto v = RandomFloats(Numel(d), 0.f, 1.f, Seed(var, Numel(d)));
  std::vector<T> x(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    x[i] = static_cast<T>(lo + std::min<int64_t>(hi - lo - 1, static_cast<int64_t>(v[i] * (hi - lo))));
  }
  Tensor* t = r.Input<T>(slot, var, d, x);
  t->set_persistable(weight);
  return t;
}
}  // namespace harness

std::vector<HarnessCase> HarnessCases();

// The parts of the table, one per op family (converter_cases_*_test.cc).
void AddNnCases(std::vector<HarnessCase>* cases);
void AddMathCases(std::vector<HarnessCase>* cases);
void AddTensorCases(std::vector<HarnessCase>* cases);
void AddDetectionCases(std::vector<HarnessCase>* cases);
void AddQuantCases(std::vector<HarnessCase>* cases);

inline std::vector<HarnessCase> HarnessCases() {
  std::vector<HarnessCase> cases;
  AddNnCases(&cases);
  AddMathCases(&cases);
  AddTensorCases(&cases);
  AddDetectionCases(&cases);
  AddQuantCases(&cases);
  return cases;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
