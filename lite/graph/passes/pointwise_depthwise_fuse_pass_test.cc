// A 1x1 conv whose output only a depthwise conv reads becomes part of that
// depthwise op (PointwiseFilter / PointwiseBias / pointwise_act_type) and
// gives the unfused program's numbers bit for bit (relu and hard_swish on
// the 1x1 conv, and an affine after it); a widened map that is also a model output, a 1x1
// activation with other than Paddle's default parameters, a channel
// multiplier, or more than 64 input channels leave the pair alone. On CPUs
// where the hand-written kernels are off, the pass changes nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

// x [N, c, H, W] -> conv2d 1x1 (+ bias, pw_act) -> mid -> depthwise 3x3
// (m * mult filters, pad 1, stride `s`, + bias, relu) -> y.
// With `affine`, mid = pw_act(...) * 0.75 - 0.25 as PP-LCNetV3's learnable
// affine blocks write it (elementwise_mul, elementwise_add by constants).
struct ExpandNet : testing::ProgramBuilder {
  ExpandNet(int64_t c, int64_t m, int s, const std::string& pw_act, int64_t mult = 1,
            bool affine = false) {
    Feed("x", 0);
    RandomWeight("w1", {m, c, 1, 1}, -1, 1, 1);
    RandomWeight("b1", {m}, -1, 1, 2);
    const std::string conv_out = affine ? "act" : "mid";
    Conv("conv2d", "x", "w1", conv_out, {1, 1}, {0, 0}, 1).SetInput("Bias", {"b1"});
    block().ops.back().SetAttr("act_type", pw_act);
    if (affine) {
      Weight("scale", {1}, {0.75f});
      Weight("shift", {1}, {-0.25f});
      Op("elementwise_mul", {{"X", "act"}, {"Y", "scale"}}, {{"Out", "scaled"}});
      Op("elementwise_add", {{"X", "scaled"}, {"Y", "shift"}}, {{"Out", "mid"}});
    }
    RandomWeight("w2", {m * mult, 1, 3, 3}, -1, 1, 3);
    RandomWeight("b2", {m * mult}, -1, 1, 4);
    cpp::OpDesc& dw = Conv("depthwise_conv2d", "mid", "w2", "y", {s, s}, {1, 1},
                           static_cast<int>(m));
    dw.SetInput("Bias", {"b2"});
    dw.SetAttr("act_type", std::string("relu"));
    Fetch("y", 0);
  }
  int64_t Count(const std::string& type) const {
    const auto t = OpTypes();
    return std::count(t.begin(), t.end(), type);
  }
};

TEST(PointwiseDepthwiseFuse, ExpansionFoldsIntoTheDepthwiseConvBitForBit) {
  for (int s : {1, 2}) {
    const std::string act = s == 1 ? "relu" : "hard_swish";
    ExpandNet net(8, 20, s, act);
    const DDim dims{2, 8, 40, 64};
    const auto x = RandomFloats(Numel(dims), -2, 2, 7);
    const auto before = net.Run(dims, x);
    RunPasses(&net.program, net.weights.get(), PassOptions{});
    if (!operators::PointwiseKernelsAvailable()) {
      EXPECT_EQ(net.Count("conv2d"), 1);  // the pass stays off on this CPU
      continue;
    }
    EXPECT_EQ(net.Count("conv2d"), 0);
    const cpp::OpDesc* dw = net.OpWithOutput("y");
    ASSERT_NE(dw, nullptr);
    EXPECT_EQ(dw->Input("Input"), std::vector<std::string>{"x"});
    EXPECT_EQ(dw->Input("PointwiseFilter"), std::vector<std::string>{"w1"});
    EXPECT_EQ(dw->Input("PointwiseBias"), std::vector<std::string>{"b1"});
    EXPECT_EQ(dw->GetAttr<std::string>("pointwise_act_type"), act);
    const auto after = net.Run(dims, x);
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(before[i], after[i]) << "s" << s << " [" << i << "]";
  }
}

// The passes before this one leave the affine after the 1x1 conv's
// activation on that conv (conv_input_affine_fuse_pass moves the scale into
// the depthwise filter, post_act_affine_fuse_pass gives the conv the shift);
// this pass carries it over (pointwise_post_act_scale / _shift), bit for bit
// against the same passes without it. Both map sizes: 24 x 160 x 200 (3 MB)
// runs band by band, 24 x 40 x 64 the two convs one after the other
// (PointwiseDepthwiseFusedPays).
TEST(PointwiseDepthwiseFuse, AffineAfterTheExpansionFoldsAlongBitForBit) {
  for (const DDim& dims : {DDim{1, 8, 160, 200}, DDim{2, 8, 40, 64}}) {
    ExpandNet off(8, 24, 1, "hard_swish", 1, true), on(8, 24, 1, "hard_swish", 1, true);
    PassOptions without;
    without.disabled = {"pointwise_depthwise_fuse_pass"};
    RunPasses(&off.program, off.weights.get(), without);
    RunPasses(&on.program, on.weights.get(), PassOptions{});
    if (!operators::PointwiseKernelsAvailable()) {
      EXPECT_EQ(on.Count("conv2d"), 1);
      continue;
    }
    // what the 1x1 conv carries when it stays apart
    ASSERT_EQ(off.Count("conv2d"), 1);
    const cpp::OpDesc* pw = off.OpWithOutput(off.OpWithOutput("y")->Input("Input")[0]);
    ASSERT_NE(pw, nullptr);
    const float scale = pw->GetAttr<float>("post_act_scale", 1.f);
    const float shift = pw->GetAttr<float>("post_act_shift", 0.f);
    EXPECT_TRUE(scale != 1.f || shift != 0.f);
    EXPECT_EQ(on.Count("conv2d") + on.Count("elementwise_mul") + on.Count("elementwise_add"), 0);
    const cpp::OpDesc* dw = on.OpWithOutput("y");
    ASSERT_NE(dw, nullptr);
    EXPECT_EQ(dw->Input("Input"), std::vector<std::string>{"x"});
    EXPECT_EQ(dw->GetAttr<float>("pointwise_post_act_scale", 1.f), scale);
    EXPECT_EQ(dw->GetAttr<float>("pointwise_post_act_shift", 0.f), shift);
    const auto x = RandomFloats(Numel(dims), -2, 2, 7);
    const auto before = off.Run(dims, x), after = on.Run(dims, x);
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) {
      ASSERT_EQ(before[i], after[i]) << DimsToString(dims) << " [" << i << "]";
    }
  }
}

TEST(PointwiseDepthwiseFuse, PairsThatMustStayApart) {
  ExpandNet fetched(8, 12, 1, "");
  fetched.Fetch("mid", 1);  // the widened map is a model output
  ExpandNet swish(8, 12, 1, "hard_swish");  // with a threshold of 5, not 6
  swish.block().ops[1].SetAttr("hard_swish_threshold", 5.f);
  ExpandNet multiplier(8, 12, 1, "", 2);
  ExpandNet wide(65, 12, 1, "");  // beyond our 1x1 kernel's 64 input channels
  for (ExpandNet* net : {&fetched, &swish, &multiplier, &wide}) {
    RunPasses(&net->program, net->weights.get(), PassOptions{});
    EXPECT_EQ(net->Count("conv2d"), 1);
    EXPECT_EQ(net->Count("depthwise_conv2d"), 1);
  }
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
