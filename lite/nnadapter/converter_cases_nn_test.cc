// Harness cases of the NN converters (convert_nn.cc, convert_quant.cc's
// float paths): conv2d, depthwise_conv2d, conv2d_transpose, pool2d,
// batch_norm, fc, mul, matmul(_v2), softmax, log_softmax, layer_norm,
// instance_norm, prelu, lrn, grid_sampler, temporal_shift.
#include "lite/nnadapter/converter_harness_cases.h"

namespace paddle {
namespace lite {
namespace testing {

using harness::F;
using harness::W;

namespace {
void Conv(OpRunner& r, int64_t n, const std::string& type, int64_t cin, int64_t cout,
          int64_t groups, std::vector<int32_t> strides, std::vector<int32_t> pads,
          std::vector<int32_t> dilations, const std::string& act) {
  r.desc().SetType(type);
  F(r, "Input", "x", {1, cin, n, n + 2});
  W(r, "Filter", "w", {cout, cin / groups, 3, 3});
  W(r, "Bias", "b", {cout});
  r.Output("Output", "y");
  r.Attr("strides", strides);
  r.Attr("paddings", pads);
  r.Attr("dilations", dilations);
  r.Attr("groups", static_cast<int32_t>(groups));
  if (!act.empty()) r.Attr("act_type", act);
}

void ConvTranspose(OpRunner& r, int64_t n, int64_t cin, int64_t cout, int64_t groups,
                   std::vector<int32_t> strides) {
  F(r, "Input", "x", {1, cin, n, n + 1});
  W(r, "Filter", "w", {cin, cout / groups, 3, 3});
  W(r, "Bias", "b", {cout});
  r.Output("Output", "y");
  r.Attr("strides", strides);
  r.Attr("paddings", std::vector<int32_t>{1, 1});
  r.Attr("dilations", std::vector<int32_t>{1, 1});
  r.Attr("groups", static_cast<int32_t>(groups));
}

void Pool(OpRunner& r, int64_t n, const std::string& type, std::vector<int32_t> ksize,
          std::vector<int32_t> strides, std::vector<int32_t> pads, bool global, bool adaptive,
          bool ceil, bool exclusive) {
  F(r, "X", "x", {1, 3, n, n + 2});
  r.Output("Out", "y");
  r.Attr("pooling_type", type);
  r.Attr("ksize", ksize);
  r.Attr("strides", strides);
  r.Attr("paddings", pads);
  r.Attr("global_pooling", global);
  r.Attr("adaptive", adaptive);
  r.Attr("ceil_mode", ceil);
  r.Attr("exclusive", exclusive);
}
}  // namespace

void AddNnCases(std::vector<HarnessCase>* cases) {
  auto& c = *cases;
  c.push_back({"conv2d", "3x3 pad 1", [](OpRunner& r, int64_t n) {
                 Conv(r, n, "conv2d", 3, 4, 1, {1, 1}, {1, 1}, {1, 1}, "");
               }});
  c.push_back({"conv2d", "stride 2 dilation 2 groups 2 relu", [](OpRunner& r, int64_t n) {
                 Conv(r, n, "conv2d", 4, 6, 2, {2, 2}, {2, 2}, {2, 2}, "relu");
               }});
  c.push_back({"conv2d", "4 pads, fused leaky_relu", [](OpRunner& r, int64_t n) {
                 Conv(r, n, "conv2d", 3, 2, 1, {1, 2}, {1, 2, 0, 1}, {1, 1}, "leaky_relu");
                 r.Attr("leaky_relu_alpha", 0.2f);
               }});
  c.push_back({"depthwise_conv2d", "3x3 pad 1 relu6", [](OpRunner& r, int64_t n) {
                 Conv(r, n, "depthwise_conv2d", 4, 4, 4, {1, 1}, {1, 1}, {1, 1}, "relu6");
               }});
  c.push_back({"conv2d_transpose", "stride 2", [](OpRunner& r, int64_t n) {
                 ConvTranspose(r, n, 3, 4, 1, {2, 2});
               }});
  c.push_back({"conv2d_transpose", "stride 1 groups 2", [](OpRunner& r, int64_t n) {
                 ConvTranspose(r, n, 4, 6, 2, {1, 1});
               }});
  c.push_back({"depthwise_conv2d_transpose", "stride 2 groups = channels",
               [](OpRunner& r, int64_t n) { ConvTranspose(r, n, 3, 3, 3, {2, 2}); }});
  c.push_back({"pool2d", "max 3x3 pad 1", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "max", {3, 3}, {1, 1}, {1, 1}, false, false, false, true);
               }});
  c.push_back({"pool2d", "avg 3x3 stride 2 exclusive", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "avg", {3, 3}, {2, 2}, {1, 1}, false, false, false, true);
               }});
  c.push_back({"pool2d", "avg 3x3 stride 2 inclusive ceil", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "avg", {3, 3}, {2, 2}, {1, 1}, false, false, true, false);
               }});
  c.push_back({"pool2d", "global avg", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "avg", {1, 1}, {1, 1}, {0, 0}, true, false, false, true);
               }});
  c.push_back({"pool2d", "global max", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "max", {1, 1}, {1, 1}, {0, 0}, true, false, false, true);
               }});
  c.push_back({"pool2d", "adaptive avg 1x1", [](OpRunner& r, int64_t n) {
                 Pool(r, n, "avg", {1, 1}, {1, 1}, {0, 0}, false, true, false, true);
               }});
  // sync_batch_norm is batch_norm at inference.
  for (const char* op : {"batch_norm", "sync_batch_norm"}) {
    c.push_back({op, "NCHW", [](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, 3, n, 2});
                   W(r, "Scale", "s", {3});
                   W(r, "Bias", "b", {3});
                   W(r, "Mean", "m", {3});
                   W(r, "Variance", "v", {3}, 0.5f, 2.f);
                   r.Output("Y", "y");
                   r.Attr("epsilon", 1e-5f);
                 }});
  }
  c.push_back({"group_norm", "3 groups, scale and bias", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, 6, n, 3});
                 W(r, "Scale", "s", {6});
                 W(r, "Bias", "b", {6});
                 r.Output("Y", "y");
                 r.Attr("groups", 3);
                 r.Attr("epsilon", 1e-4f);
               }});
  c.push_back({"group_norm", "no scale or bias", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {1, 4, n});
                 r.Output("Y", "y");
                 r.Attr("groups", 2);
               }});
  for (int size : {3, 4}) {
    c.push_back({"lrn", "n " + std::to_string(size), [size](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, 7, n, 2});
                   r.Output("Out", "y");
                   r.Attr("n", size);
                   r.Attr("k", 1.5f);
                   r.Attr("alpha", 0.01f);
                   r.Attr("beta", 0.6f);
                 }});
  }
  // temporal_shift: clips of 2 and 3 frames, ratios giving empty and
  // non-empty channel groups; seg_num 1 is declined.
  for (auto [seg, ratio] : {std::pair{2, 0.25f}, std::pair{3, 0.125f}, std::pair{3, 0.5f}}) {
    c.push_back({"temporal_shift", "seg_num " + std::to_string(seg) + " ratio " + std::to_string(ratio),
                 [seg = seg, ratio = ratio](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2 * seg, 8, n, 3});
                   r.Output("Out", "y");
                   r.Attr("seg_num", seg);
                   r.Attr("shift_ratio", ratio);
                 }});
  }
  c.push_back(harness::Declines({"temporal_shift", "seg_num 1",
                                 [](OpRunner& r, int64_t n) {
                                   F(r, "X", "x", {2, 4, n, 3});
                                   r.Output("Out", "y");
                                   r.Attr("seg_num", 1);
                                 }},
                                "seg_num"));
  for (bool ac : {true, false}) {
    for (const char* mode : {"bilinear", "nearest"}) {
      for (const char* pad : {"zeros", "border", "reflection"}) {
        c.push_back({"grid_sampler",
                     std::string(mode) + " " + pad + (ac ? " align_corners" : ""),
                     [=](OpRunner& r, int64_t n) {
                       F(r, "X", "x", {2, 3, 5, 4});
                       // Points inside and up to 0.4 outside [-1, 1].
                       F(r, "Grid", "g", {2, n, 3, 2}, -1.4f, 1.4f);
                       r.Output("Output", "y");
                       r.Attr("align_corners", ac);
                       r.Attr("mode", std::string(mode));
                       r.Attr("padding_mode", std::string(pad));
                     }});
      }
    }
  }
  for (bool with_mask : {true, false}) {
    c.push_back({"deformable_conv", with_mask ? "mask, bias, groups 2" : "no mask, stride 2",
                 [with_mask](OpRunner& r, int64_t n) {
                   const int64_t H = n + 2, OH = with_mask ? H : (H + 2 - 3) / 2 + 1;
                   const int64_t OW = with_mask ? 5 : 3;
                   F(r, "Input", "x", {1, 4, H, 5});
                   F(r, "Offset", "off", {1, 2 * 2 * 9, OH, OW}, -1.5f, 1.5f);
                   if (with_mask) F(r, "Mask", "mask", {1, 2 * 9, OH, OW}, 0.f, 1.f);
                   W(r, "Filter", "f", {4, with_mask ? 2 : 4, 3, 3});
                   if (with_mask) W(r, "Bias", "b", {4});
                   r.Output("Output", "y");
                   r.Attr("strides", std::vector<int32_t>{with_mask ? 1 : 2, with_mask ? 1 : 2});
                   r.Attr("paddings", std::vector<int32_t>{1, 1});
                   r.Attr("dilations", std::vector<int32_t>{1, 1});
                   r.Attr("groups", with_mask ? 2 : 1);
                   r.Attr("deformable_groups", 2);
                 }});
    c.back().atol = c.back().rtol = 1e-4;
  }
  c.push_back({"fc", "bias", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {n, 7});
                 W(r, "W", "w", {7, 5});
                 W(r, "Bias", "b", {5});
                 r.Output("Out", "y");
                 r.Attr("in_num_col_dims", 1);
               }});
  c.push_back({"fc", "relu", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {n, 9});
                 W(r, "W", "w", {9, 3});
                 r.Output("Out", "y");
                 r.Attr("in_num_col_dims", 1);
                 r.Attr("activation_type", std::string("relu"));
               }});
  HarnessCase fc3d{"fc", "in_num_col_dims 2", [](OpRunner& r, int64_t n) {
                     F(r, "Input", "x", {2, n, 7});
                     W(r, "W", "w", {7, 5});
                     r.Output("Out", "y");
                     r.Attr("in_num_col_dims", 2);
                   }};
  fc3d.expect = kDeclines;
  fc3d.decline_mentions = "in_num_col_dims";
  c.push_back(fc3d);
  // fc_fuse_pass's matmul + bias: MAT_MUL then ADD (with the relu fused).
  c.push_back({"fc", "in_num_col_dims -1, 3-D", [](OpRunner& r, int64_t n) {
                 F(r, "Input", "x", {2, n, 7});
                 W(r, "W", "w", {7, 5});
                 W(r, "Bias", "b", {5});
                 r.Output("Out", "y");
                 r.Attr("in_num_col_dims", -1);
                 r.Attr("activation_type", std::string("relu"));
               }});
  c.push_back({"mul", "2-D", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {n, 6});
                 W(r, "Y", "w", {6, 4});
                 r.Output("Out", "y");
               }});
  c.push_back({"matmul_v2", "3-D x 2-D", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 4});
                 F(r, "Y", "w", {4, 5});
                 r.Output("Out", "y");
               }});
  c.push_back({"matmul_v2", "trans_x trans_y", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {3, n});
                 F(r, "Y", "w", {5, 3});
                 r.Output("Out", "y");
                 r.Attr("trans_x", true);
                 r.Attr("trans_y", true);
               }});
  c.push_back({"matmul", "alpha 0.5 transpose_Y", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 4});
                 F(r, "Y", "w", {2, 6, 4});
                 r.Output("Out", "y");
                 r.Attr("transpose_Y", true);
                 r.Attr("alpha", 0.5f);
               }});
  for (int axis : {-1, 1}) {
    c.push_back({"softmax", "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, -4.f, 4.f);
                   r.Output("Out", "y");
                   r.Attr("axis", axis);
                 }});
    c.push_back({"log_softmax", "axis " + std::to_string(axis), [axis](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {2, n, 3}, -4.f, 4.f);
                   r.Output("Out", "y");
                   r.Attr("axis", axis);
                 }});
  }
  // -1: from the end, as layer_norm_fuse_pass writes it.
  for (int begin : {1, 2, -1}) {
    c.push_back({"layer_norm", "begin_norm_axis " + std::to_string(begin),
                 [begin](OpRunner& r, int64_t n) {
                   F(r, "X", "x", {n, 3, 5});
                   const int64_t size = begin == 1 ? 15 : 5;
                   W(r, "Scale", "s", {size});
                   W(r, "Bias", "b", {size});
                   r.Output("Y", "y");
                   r.Output("Mean", "mean");
                   r.Output("Variance", "var");
                   r.Attr("begin_norm_axis", begin);
                   r.Attr("epsilon", 1e-5f);
                 }});
  }
  c.push_back({"layer_norm", "no scale or bias", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, n, 4});
                 r.Output("Y", "y");
                 r.Output("Mean", "mean");
                 r.Output("Variance", "var");
                 r.Attr("begin_norm_axis", 2);
               }});
  c.push_back({"instance_norm", "scale and bias", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, 3, n, 4});
                 W(r, "Scale", "s", {3});
                 W(r, "Bias", "b", {3});
                 r.Output("Y", "y");
                 r.Output("SavedMean", "mean");
                 r.Output("SavedVariance", "var");
                 r.Attr("epsilon", 1e-5f);
               }});
  c.push_back({"prelu", "mode all", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, 3, n});
                 W(r, "Alpha", "a", {1});
                 r.Output("Out", "y");
                 r.Attr("mode", std::string("all"));
               }});
  c.push_back({"prelu", "mode channel", [](OpRunner& r, int64_t n) {
                 F(r, "X", "x", {2, 3, n});
                 W(r, "Alpha", "a", {3});
                 r.Output("Out", "y");
                 r.Attr("mode", std::string("channel"));
               }});
  HarnessCase prelu_element{"prelu", "mode element", [](OpRunner& r, int64_t n) {
                              F(r, "X", "x", {2, 3, n});
                              W(r, "Alpha", "a", {1, 3, n});
                              r.Output("Out", "y");
                              r.Attr("mode", std::string("element"));
                            }};
  prelu_element.expect = kDeclines;
  prelu_element.decline_mentions = "element";
  c.push_back(prelu_element);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
