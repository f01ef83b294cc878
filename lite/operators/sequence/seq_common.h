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

// y[m, n] (row stride ldy) += x[m, k] (row stride ldx) * w[k, n] (row-major):
// the recurrent step of every sequence active at one time step as one GEMM.
void AddMatMat(const float* x, int64_t m, int64_t ldx, const float* w, int64_t k, int64_t n,
               float* y, int64_t ldy);

// Paddle's batch reorder for recurrent ops: the sequences of a LoD batch
// longest first, so that the ones still running at step k are the first
// active[k] of `order` and their recurrent products form one GEMM per step.
struct StepBatches {
  std::vector<size_t> order;    // sequence indices by decreasing length (stable)
  std::vector<int64_t> active;  // active[k]: how many sequences are longer than k
  // The input row of the i-th sequence of `order` at step k.
  int64_t Row(const std::vector<uint64_t>& offsets, size_t i, int64_t k, bool reverse) const {
    const size_t s = order[i];
    return reverse ? static_cast<int64_t>(offsets[s + 1]) - 1 - k
                   : static_cast<int64_t>(offsets[s]) + k;
  }
};
StepBatches ReorderByLength(const std::vector<uint64_t>& offsets);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
