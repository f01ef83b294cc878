// conv_transpose_pair_fuse_pass: two one-tap conv2d_transpose ops in a row
// (PP-OCR's DB head: 24 -> 24 x2 relu, 24 -> 1 x2 sigmoid) become one op
// with PreFilter / PreBias / pre_act_type, and give the unfused program's
// numbers to float rounding: widths that are no multiple of the kernel's
// 16 pixels, two images, 1 and 2 threads, other kernels (3x3 stride 3 then
// 2x1), other activations, no biases, two output channels. What stays
// apart: a first output that is also a model output or read twice, a
// padded second op, a second op with more than 4 output channels. A
// hand-edited PreFilter of the wrong dims is refused by name.
#include <gtest/gtest.h>

#include <map>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

struct Stage {
  int64_t out_c;
  int kh, kw;
  std::string act;
  bool bias;
};

// x [N, C, H, W] -> conv2d_transpose a -> conv2d_transpose b -> fetch.
struct PairNet : testing::ProgramBuilder {
  PairNet(int64_t c, const Stage& a, const Stage& b) {
    Feed("x", 0);
    int64_t in_c = c;
    std::string in = "x";
    uint32_t seed = 3;
    for (const auto& [name, s] : {std::pair<std::string, Stage>{"a", a}, {"b", b}}) {
      RandomWeight(name + "_w", {in_c, s.out_c, s.kh, s.kw}, -0.5, 0.5, seed++);
      cpp::OpDesc& op = Conv("conv2d_transpose", in, name + "_w", name, {s.kh, s.kw}, {0, 0}, 1);
      if (!s.act.empty()) op.SetAttr("act_type", s.act);
      if (s.bias) {
        RandomWeight(name + "_b", {s.out_c}, -0.5, 0.5, seed++);
        op.SetInput("Bias", {name + "_b"});
      }
      in = name;
      in_c = s.out_c;
    }
    Fetch("b", 0);
  }
  int Fused() {
    auto applied = RunPasses(&program, weights.get(), PassOptions{});
    return std::map<std::string, int>(applied.begin(), applied.end())
        ["conv_transpose_pair_fuse_pass"];
  }
};

void CheckPair(int64_t c, const Stage& a, const Stage& b, const DDim& dims) {
  SCOPED_TRACE("C " + std::to_string(c) + " dims " + DimsToString(dims) + " acts '" + a.act +
               "', '" + b.act + "'");
  PairNet apart(c, a, b), fused(c, a, b);
  const auto x = RandomFloats(Numel(dims), -2, 2, 17);
  const auto want = apart.Run(dims, x);
  ASSERT_EQ(fused.Fused(), 1);
  ASSERT_EQ(fused.OpTypes(), (std::vector<std::string>{"feed", "conv2d_transpose", "fetch"}));
  const cpp::OpDesc& op = fused.program.blocks[0].ops[1];
  EXPECT_EQ(op.Input("PreFilter"), std::vector<std::string>{"a_w"});
  EXPECT_EQ(op.HasInput("PreBias"), a.bias);
  EXPECT_EQ(op.GetAttr<std::string>("pre_act_type", "?"), a.act);
  ASSERT_EQ(want.size(), static_cast<size_t>(dims[0] * b.out_c * dims[2] * a.kh * b.kh *
                                             dims[3] * a.kw * b.kw));
  testing::ExpectAllClose(want, fused.Run(dims, x), 1e-5f, 1e-5f, "pair, 1 thread");
  fused.run_threads = 2;
  testing::ExpectAllClose(want, fused.Run(dims, x), 1e-5f, 1e-5f, "pair, 2 threads");
}

TEST(ConvTransposePairFuse, DbHeadGivesTheTwoOpsNumbers) {
  const Stage up{24, 2, 2, "relu", true}, out{1, 2, 2, "sigmoid", true};
  CheckPair(24, up, out, {1, 24, 5, 40});  // 40 = 2 x 16 + 8 pixels per row
  CheckPair(24, up, out, {2, 24, 3, 7});
}

TEST(ConvTransposePairFuse, OtherKernelsActivationsAndChannels) {
  CheckPair(5, {9, 3, 3, "hard_swish", false}, {2, 2, 1, "", true}, {1, 5, 4, 19});
  CheckPair(8, {3, 2, 2, "", true}, {4, 1, 2, "relu", false}, {2, 8, 3, 17});
}

TEST(ConvTransposePairFuse, WhatStaysApart) {
  const Stage up{8, 2, 2, "relu", true}, out{1, 2, 2, "sigmoid", true};
  {  // the first output is also a model output
    PairNet net(4, up, out);
    net.Fetch("a", 1);
    EXPECT_EQ(net.Fused(), 0);
  }
  {  // read twice
    PairNet net(4, up, out);
    net.Op("relu", {{"X", "a"}}, {{"Out", "r"}});
    net.Fetch("r", 1);
    EXPECT_EQ(net.Fused(), 0);
  }
  {  // a padded second op
    PairNet net(4, up, out);
    net.block().ops[2].SetAttr("paddings", std::vector<int32_t>{1, 1});
    EXPECT_EQ(net.Fused(), 0);
  }
  {  // 5 output channels
    PairNet net(4, up, {5, 2, 2, "", false});
    EXPECT_EQ(net.Fused(), 0);
  }
}

TEST(ConvTransposePairFuse, PreFilterOfTheWrongDimsIsRefusedByName) {
  PairNet net(4, {8, 2, 2, "relu", true}, {1, 2, 2, "", false});
  ASSERT_EQ(net.Fused(), 1);
  net.RandomWeight("bad", {4, 6, 2, 2});
  net.block().ops[1].SetInput("PreFilter", {"bad"});
  const std::string error = net.RunError({1, 4, 3, 3}, RandomFloats(36, -1, 1, 2));
  EXPECT_NE(error.find("op 'conv2d_transpose'"), std::string::npos) << error;
  EXPECT_NE(error.find("'PreFilter' [4, 6, 2, 2] must be [C, M1, KH1, KW1]"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
