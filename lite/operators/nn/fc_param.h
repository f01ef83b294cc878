// Parameters of mul / fc shared by the float kernel (fc.cc) and the int8
// kernel (fc_int8.cc).
#pragma once
#include <string>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct FcParam {
  const Tensor* x{nullptr};
  const Tensor* w{nullptr};
  const Tensor* bias{nullptr};
  Tensor* out{nullptr};
  int x_num_col_dims{1};
  int y_num_col_dims{1};  // mul only
  bool padding_weights{false};
  FusedActivation act;
  std::string op_type;
  int64_t M{0}, K{0}, N{0};
  // int8 (set by quant_dequant_fold_pass; Paddle Lite's names): enable_int8,
  // the input's per-tensor scale (fc: Input0_scale, mul: X0_scale; x ~= q *
  // scale, q in [-127, 127]) and the weight's scales (fc: W0_scale, mul:
  // Y0_scale; one per output column N, or one for all).
  bool enable_int8{false};
  float input_scale{0.f};
  std::vector<float> weight_scale;
};

// Outputs with no products to sum: nothing when M or N is 0; act(bias[j])
// (or act(0) without a bias) everywhere when K is 0. True when the output
// is complete.
inline bool FillFcWithoutProducts(const FcParam& p, float* out) {
  if (p.M == 0 || p.N == 0) return true;
  if (p.K != 0) return false;
  const float* bias = p.bias ? p.bias->data<float>() : nullptr;
  for (int64_t i = 0; i < p.M * p.N; ++i) out[i] = p.act.Apply(bias ? bias[i % p.N] : 0.f);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
