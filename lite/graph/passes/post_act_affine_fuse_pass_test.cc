// A scalar multiply and add after a conv's fused activation (PP-LCNetV3's
// learnable affine block) become the conv's post_act_scale /
// post_act_shift and give the unfused program's numbers bit for bit, on
// every conv kernel path: Winograd, the 1x1 kernel, the depthwise tiles,
// oneDNN's direct conv (the affine in our loop after it) and the
// transposed conv; the constant may be either operand. An add before a
// multiply, a per-channel constant, an identity constant, or a conv output
// that is also a model output stay as they are.
#include <gtest/gtest.h>

#include <algorithm>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

struct Step {
  std::string type;  // elementwise_mul / elementwise_add
  DDim dims;         // the constant's
  float value;       // all its elements
  bool constant_first;
};

// x [N, c, H, W] -> conv (`type`, `k` x `k`, `groups`, + act) -> steps -> y.
struct AffineNet : testing::ProgramBuilder {
  AffineNet(const std::string& type, int64_t c, int64_t m, int k, int groups,
            const std::string& act, const std::vector<Step>& steps) {
    Feed("x", 0);
    if (type == "conv2d_transpose") {
      RandomWeight("w", {c, m / groups, k, k}, -1, 1, 1);
      Conv(type, "x", "w", "c0", {2, 2}, {0, 0}, groups);
    } else {
      RandomWeight("w", {m, c / groups, k, k}, -1, 1, 1);
      Conv(type, "x", "w", "c0", {1, 1}, {k / 2, k / 2}, groups);
    }
    block().ops.back().SetAttr("act_type", act);
    std::string in = "c0";
    for (size_t i = 0; i < steps.size(); ++i) {
      const Step& s = steps[i];
      const std::string cst = "k" + std::to_string(i), out = "c" + std::to_string(i + 1);
      Weight(cst, s.dims, std::vector<float>(Numel(s.dims), s.value));
      if (s.constant_first) {
        Op(s.type, {{"X", cst}, {"Y", in}}, {{"Out", out}});
      } else {
        Op(s.type, {{"X", in}, {"Y", cst}}, {{"Out", out}});
      }
      in = out;
    }
    last = in;
    Fetch(in, 0);
  }
  int64_t Count(const std::string& type) const {
    const auto t = OpTypes();
    return std::count(t.begin(), t.end(), type);
  }
  std::string last;
};

void CheckFuses(const std::string& type, int64_t c, int64_t m, int k, int groups,
                const std::string& act, const std::vector<Step>& steps, const DDim& dims,
                float scale, float shift) {
  AffineNet net(type, c, m, k, groups, act, steps);
  const auto x = RandomFloats(Numel(dims), -3, 3, 7);
  const auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.Count("elementwise_mul") + net.Count("elementwise_add"), 0) << type;
  const cpp::OpDesc* conv = net.OpWithOutput(net.last);
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->Type(), type);
  EXPECT_EQ(conv->GetAttr<float>("post_act_scale", 1.f), scale) << type;
  EXPECT_EQ(conv->GetAttr<float>("post_act_shift", 0.f), shift) << type;
  const auto after = net.Run(dims, x);
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(before[i], after[i]) << type << " k" << k << " [" << i << "]";
  }
}

const Step kMul{"elementwise_mul", {1}, 0.75f, true};
const Step kAdd{"elementwise_add", {1}, -0.25f, false};

TEST(PostActAffineFuse, ScalarMultiplyAndAddFoldIntoEveryConvPath) {
  // Winograd (3x3, 16 -> 8 @40x40)
  CheckFuses("conv2d", 16, 8, 3, 1, "hard_swish", {kMul, kAdd}, {1, 16, 40, 40}, 0.75f, -0.25f);
  // our 1x1 kernel, the multiply only (constant second)
  CheckFuses("conv2d", 16, 24, 1, 1, "relu", {{"elementwise_mul", {1, 1, 1, 1}, 1.5f, false}},
             {1, 16, 40, 40}, 1.5f, 0.f);
  // [1, C, 1, 1] all alike (as conv_input_affine_fuse_pass leaves b / s)
  CheckFuses("conv2d", 16, 8, 3, 1, "hard_swish",
             {{"elementwise_add", {1, 8, 1, 1}, 0.125f, false}}, {1, 16, 20, 20}, 1.f, 0.125f);
  // the depthwise tiles, the add only (constant first)
  CheckFuses("depthwise_conv2d", 12, 12, 5, 12, "hard_swish",
             {{"elementwise_add", {1}, 0.5f, true}}, {2, 12, 40, 40}, 1.f, 0.5f);
  // oneDNN's direct conv (4 input channels: no Winograd), the affine after it
  CheckFuses("conv2d", 4, 6, 3, 1, "relu6", {kMul, kAdd}, {1, 4, 9, 11}, 0.75f, -0.25f);
  // the transposed conv
  CheckFuses("conv2d_transpose", 6, 4, 2, 1, "relu", {kMul, kAdd}, {1, 6, 7, 9}, 0.75f,
             -0.25f);
}

TEST(PostActAffineFuse, WhatMustStay) {
  const DDim dims{1, 16, 12, 12};
  // add, then multiply: the multiply stays
  AffineNet add_first("conv2d", 16, 8, 3, 1, "relu", {kAdd, kMul});
  // a per-channel constant of different values, an identity multiply, a
  // conv output that is
  // also a model output
  AffineNet per_channel("conv2d", 16, 8, 3, 1, "relu",
                        {{"elementwise_add", {1, 8, 1, 1}, 0.5f, false}});
  float* k0 = per_channel.weights->Var("k0")->mutable_data<float>();
  for (int c = 0; c < 8; ++c) k0[c] = 0.25f * c;
  AffineNet identity("conv2d", 16, 8, 3, 1, "relu", {{"elementwise_mul", {1}, 1.f, true}});
  AffineNet fetched("conv2d", 16, 8, 3, 1, "relu", {kAdd});
  fetched.Fetch("c0", 1);
  for (AffineNet* net : {&add_first, &per_channel, &identity, &fetched}) {
    const auto x = RandomFloats(Numel(dims), -3, 3, 7);
    const auto before = net->Run(dims, x);
    const int64_t ops = net->Count("elementwise_mul") + net->Count("elementwise_add");
    RunPasses(&net->program, net->weights.get(), PassOptions{});
    const int64_t kept = net->Count("elementwise_mul") + net->Count("elementwise_add");
    EXPECT_EQ(kept, net == &add_first ? ops - 1 : ops);  // add_first folds its add
    EXPECT_EQ(net->Run(dims, x), before);
  }
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
