// Shared by the sequence family: LoD checks and the recurrent activations.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/core/op.h"

namespace paddle {
namespace lite {
namespace operators {

// The last LoD level of `t` (input `slot` of `op`), checked: at least two
// offsets, starting at 0, not decreasing, ending at the row count.
std::vector<uint64_t> SequenceOffsets(const std::string& op, const std::string& slot,
                                      const Tensor& t);

// The activations Paddle's recurrent ops name by string.
enum class RecurrentAct { kIdentity, kSigmoid, kTanh, kRelu };
RecurrentAct ParseRecurrentAct(const std::string& op, const std::string& attr,
                               const std::string& name);
inline float ApplyRecurrentAct(RecurrentAct a, float x) {
  switch (a) {
    case RecurrentAct::kSigmoid: return 1.f / (1.f + std::exp(-x));
    case RecurrentAct::kTanh: return std::tanh(x);
    case RecurrentAct::kRelu: return x > 0.f ? x : 0.f;
    case RecurrentAct::kIdentity: break;
  }
  return x;
}

// y[0..n) += x[0..k) * w where w is [k, n] row-major (a vector-matrix step).
inline void AddVecMat(const float* x, const float* w, int64_t k, int64_t n, float* y) {
  for (int64_t i = 0; i < k; ++i) {
    const float xi = x[i];
    const float* row = w + i * n;
    for (int64_t j = 0; j < n; ++j) y[j] += xi * row[j];
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
