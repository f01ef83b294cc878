// Parameters of conv2d / depthwise_conv2d shared by the float kernel
// (conv2d.cc) and the int8 kernel (conv2d_int8.cc), and the attribute reader
// conv2d and conv2d_transpose share.
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
  // NHWC activations between int8 convs (int8_nhwc_chain_pass; the tensors
  // keep their NCHW dims): input_nhwc: Input holds NHWC data, s8 (q_x with
  // input_scale) when its type is int8, else float. output_nhwc: Output is
  // written NHWC, as s8 with output_scale (attribute Output0_scale) when
  // output_int8, else float.
  bool input_nhwc{false};
  bool output_nhwc{false};
  // Float activations between convs in oneDNN's blocked layout
  // (conv_blocked_chain_pass; the tensors keep their NCHW dims;
  // lite/operators/math/blocked_layout.h): input_blocked: Input holds
  // blocked data (nChw16c or nChw8c), output_blocked: Output is written so. Both channel counts
  // must be multiples of 16.
  bool input_blocked{false};
  bool output_blocked{false};
  bool output_int8{false};
  float output_scale{0.f};
  // A 1x1 conv folded in front of a depthwise conv
  // (pointwise_depthwise_fuse_pass): Input is the 1x1 conv's input, and the
  // depthwise conv reads pointwise_act(conv1x1(Input, PointwiseFilter
  // [M, C, 1, 1]) + PointwiseBias [M]) (attribute pointwise_act_type: a fused
  // activation's name, with Paddle's default parameters). Null when absent.
  const Tensor* pointwise_filter{nullptr};
  const Tensor* pointwise_bias{nullptr};
  FusedActivation pointwise_act;
  // Resolved by InferShape for the current input dims.
  std::vector<int> eff_paddings{0, 0, 0, 0};
  std::vector<int> eff_dilations{1, 1};
  std::string op_type;
};

// Reads what conv2d and conv2d_transpose share: the slots Input, Filter,
// optional Bias and Output, the attributes strides, dilations, paddings,
// groups, padding_algorithm, data_format (NCHW only) and the fused
// activation, and checks them (errors name the op and the attribute).
template <typename ConvLikeParam>
void ReadConvAttributes(const cpp::OpDesc& desc, Scope* scope, ConvLikeParam* p) {
  p->op_type = desc.Type();
  p->input = GetInput(desc, scope, "Input");
  p->filter = GetInput(desc, scope, "Filter");
  p->bias = GetOptionalInput(desc, scope, "Bias");
  p->output = GetOutput(desc, scope, "Output");
  p->strides = ReadIntList(desc, "strides", 2, {1, 1});
  p->dilations = ReadIntList(desc, "dilations", 2, {1, 1});
  p->paddings = ReadPaddings4(desc);
  p->groups = desc.GetAttr<int>("groups", 1);
  p->padding_algorithm = desc.GetAttr<std::string>("padding_algorithm", "EXPLICIT");
  std::string fmt = desc.GetAttr<std::string>("data_format", "NCHW");
  LITE_ENFORCE(fmt == "NCHW" || fmt == "AnyLayout", "op '", p->op_type,
               "': attribute 'data_format' is '", fmt, "'; only NCHW is supported");
  LITE_ENFORCE(p->groups >= 1, "op '", p->op_type, "': attribute 'groups' must be >= 1, got ",
               p->groups);
  for (int i = 0; i < 2; ++i) {
    LITE_ENFORCE(p->strides[i] >= 1, "op '", p->op_type,
                 "': attribute 'strides' values must be >= 1");
    LITE_ENFORCE(p->dilations[i] >= 1, "op '", p->op_type,
                 "': attribute 'dilations' values must be >= 1");
  }
  for (int v : p->paddings) {
    LITE_ENFORCE(v >= 0, "op '", p->op_type, "': attribute 'paddings' must be >= 0");
  }
  p->act = ParseFusedActivation(desc);
}

// Reads the int8 attributes of conv2d / depthwise_conv2d (enable_int8,
// input_scale, weight_scale, input_nhwc, output_nhwc, output_int8,
// Output0_scale) and checks them (errors name the op and the attribute).
void ReadConvInt8Attributes(const cpp::OpDesc& desc, ConvParam* p);
// True when the int8 conv kernel can write `desc`'s output as NHWC (s8 or
// float): its fused activation is a oneDNN post-op (int8_nhwc_chain_pass
// asks).
bool ConvInt8CanWriteNhwc(const cpp::OpDesc& desc);

// Checks that Input is 4-D NCHW and Filter 4-D (`filter_layout` names its
// dims in the message).
template <typename ConvLikeParam>
void CheckConvRanks(const ConvLikeParam& p, const char* filter_layout) {
  const DDim& in = p.input->dims();
  const DDim& w = p.filter->dims();
  LITE_ENFORCE(in.size() == 4, "op '", p.op_type, "': input 'Input' must be 4-D NCHW, got ",
               DimsToString(in));
  LITE_ENFORCE(w.size() == 4, "op '", p.op_type, "': input 'Filter' must be 4-D ", filter_layout,
               ", got ", DimsToString(w));
}

// eff_paddings / eff_dilations: paddings and dilations resolved by
// padding_algorithm for the current input's spatial size.
template <typename ConvLikeParam>
void ResolveConvPadding(ConvLikeParam* p) {
  const DDim& in = p->input->dims();
  const DDim& w = p->filter->dims();
  p->eff_paddings = p->paddings;
  p->eff_dilations = p->dilations;
  ApplyPaddingAlgorithm(p->op_type, p->padding_algorithm, {in[2], in[3]},
                        {static_cast<int>(w[2]), static_cast<int>(w[3])}, p->strides,
                        &p->eff_paddings, &p->eff_dilations);
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
