// Parameters of conv2d / depthwise_conv2d shared by the float kernel
// (conv2d.cc) and the int8 kernel (conv2d_int8.cc).
#pragma once
#include <string>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ConvParam {
  const Tensor* input{nullptr};
  const Tensor* filter{nullptr};
  const Tensor* bias{nullptr};  // optional, [M]
  Tensor* output{nullptr};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0, 0, 0};  // as given: top, bottom, left, right
  std::vector<int> dilations{1, 1};
  int groups{1};
  std::string padding_algorithm{"EXPLICIT"};
  FusedActivation act;
  // int8 (attributes "enable_int8", "input_scale", "weight_scale", set by a
  // quantization pass): x ~= q_x * input_scale with q_x in [-127, 127], and
  // filter[m] ~= q_w * weight_scale[m] (one value per output channel, or a
  // single value for all). Output stays float.
  bool enable_int8{false};
  float input_scale{0.f};
  std::vector<float> weight_scale;
  // Resolved by InferShape for the current input dims.
  std::vector<int> eff_paddings{0, 0, 0, 0};
  std::vector<int> eff_dilations{1, 1};
  std::string op_type;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
