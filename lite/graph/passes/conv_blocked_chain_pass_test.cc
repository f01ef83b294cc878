// conv_blocked_chain_pass: a chain 1x1 -> depthwise 3x3 -> 1x1 ->
// depthwise 5x5 stride 2 -> 1x1 keeps its four intermediate tensors in
// oneDNN's blocked layout (the attributes on both sides of each) and gives
// the unchained program's numbers within float rounding (oneDNN's blocked
// kernels sum in another order than our NCHW kernels and its GEMM
// convolution), with biases, activations applied as oneDNN post-ops and by
// our pass over the blocked output, and a post affine. What must stay NCHW:
// a tensor that is also a model output or has a second reader, channels that
// are no multiple of 16, a 1x1 conv with <= 64 input channels where our NCHW
// pointwise kernel runs (AVX2), a chain that would start at a depthwise
// conv. The block is the CPU's (nChw16c where oneDNN runs AVX-512 kernels,
// nChw8c elsewhere); on a CPU without AVX2 the pass does nothing.
#include <gtest/gtest.h>

#include <functional>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"
#include "lite/operators/math/blocked_layout.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

struct Layer {
  std::string name;  // its output variable
  int64_t out_c;
  int k, stride, groups;  // groups > 1: depthwise (groups = channels)
  std::string act;
  bool bias;
};

// x [N, in_c, H, W] -> the layers in order -> the last one's output.
struct ChainNet : testing::ProgramBuilder {
  ChainNet(int64_t in_c, const std::vector<Layer>& layers) {
    Feed("x", 0);
    std::string in = "x";
    int64_t c = in_c;
    uint32_t seed = 1;
    for (const Layer& l : layers) {
      const std::string w = l.name + "_w";
      RandomWeight(w, {l.out_c, c / l.groups, l.k, l.k}, -0.5, 0.5, seed++);
      cpp::OpDesc& conv = Conv(l.groups > 1 ? "depthwise_conv2d" : "conv2d", in, w, l.name,
                               {l.stride, l.stride}, {l.k / 2, l.k / 2}, l.groups);
      conv.SetAttr("act_type", l.act);
      if (l.bias) {
        RandomWeight(l.name + "_b", {l.out_c}, -0.5, 0.5, seed++);
        conv.SetInput("Bias", {l.name + "_b"});
      }
      in = l.name;
      c = l.out_c;
    }
    Fetch(in, 0);
  }
  // For each conv in program order: "in", "out", "in/out" or "" (the
  // blocked sides; memory reuse renames the variables).
  std::vector<std::string> Blocked() const {
    std::vector<std::string> sides;
    for (const auto& op : program.blocks[0].ops) {
      if (!op.HasInput("Filter")) continue;
      const bool in = op.GetAttr<bool>("input_blocked", false);
      const bool out = op.GetAttr<bool>("output_blocked", false);
      sides.push_back(std::string(in ? "in" : "") + (in && out ? "/" : "") + (out ? "out" : ""));
    }
    return sides;
  }
};

const std::vector<Layer> kChain = {
    {"a", 96, 1, 1, 1, "hard_swish", true},  // chain start: NCHW in
    {"b", 96, 3, 1, 96, "relu", false},
    {"c", 112, 1, 1, 1, "relu6", true},
    {"d", 112, 5, 2, 112, "hard_swish", true},
    {"e", 128, 1, 1, 1, "", false},  // chain end: NCHW out (the model output)
};

TEST(ConvBlockedChain, ChainKeepsBlockedDataAndTheUnchainedNumbers) {
  const DDim dims{2, 80, 13, 21};
  const auto x = RandomFloats(Numel(dims), -2, 2, 9);
  ChainNet off(80, kChain), on(80, kChain);
  // a post affine after d's activation (post_act_affine_fuse_pass's form)
  for (ChainNet* net : {&off, &on}) {
    for (auto& op : net->block().ops) {
      if (op.HasOutput("Output") && op.Output("Output")[0] == "d") {
        op.SetAttr("post_act_scale", 0.75f);
        op.SetAttr("post_act_shift", -0.25f);
      }
    }
  }
  PassOptions without;
  without.disabled = {"conv_blocked_chain_pass"};
  RunPasses(&off.program, off.weights.get(), without);
  const auto applied = RunPasses(&on.program, on.weights.get(), PassOptions{});
  int edges = -1;
  for (const auto& [name, n] : applied) {
    if (name == "conv_blocked_chain_pass") edges = n;
  }
  const std::vector<std::string> none(5, "");
  EXPECT_EQ(off.Blocked(), none);
  if (!operators::BlockedChainRuns()) {
    EXPECT_EQ(edges, 0);
    EXPECT_EQ(on.Blocked(), none);
    return;
  }
  EXPECT_EQ(edges, 4);
  EXPECT_EQ(on.Blocked(), (std::vector<std::string>{"out", "in/out", "in/out", "in/out", "in"}));
  const auto want = off.Run(dims, x);
  const auto got = on.Run(dims, x);
  testing::ExpectAllClose(want, got, 1e-4f, 1e-5f, "chained vs NCHW");
  // Run again: the plans and packed weights are reused.
  testing::ExpectAllClose(got, on.Run(dims, x), 0.f, 0.f, "second run");
}

// 1x1 -> depthwise 3x3 stride 2 -> squeeze-excitation (global average
// pool, 1x1 96 -> 24 relu, 1x1 24 -> 96 hard_sigmoid, X * scale) -> 1x1:
// the depthwise output, the pool's and the multiply's reads and the
// multiply's output stay blocked.
TEST(ConvBlockedChain, SqueezeExcitationStaysInTheChain) {
  auto build = [](ChainNet* net) {
    const std::vector<Layer> se = {{"s1", 24, 1, 1, 1, "relu", true},
                                   {"s2", 96, 1, 1, 1, "hard_sigmoid", true}};
    net->Op("pool2d", {{"X", "b"}}, {{"Out", "pooled"}});
    net->block().ops.back().SetAttr("pooling_type", std::string("avg"));
    net->block().ops.back().SetAttr("global_pooling", true);
    std::string in = "pooled";
    int64_t c = 96;
    for (const Layer& l : se) {
      net->RandomWeight(l.name + "_w", {l.out_c, c, 1, 1}, -0.5, 0.5, 40 + l.out_c);
      net->RandomWeight(l.name + "_b", {l.out_c}, -0.5, 0.5, 50 + l.out_c);
      cpp::OpDesc& conv = net->Conv("conv2d", in, l.name + "_w", l.name, {1, 1}, {0, 0}, 1);
      conv.SetAttr("act_type", l.act);
      conv.SetInput("Bias", {l.name + "_b"});
      in = l.name;
      c = l.out_c;
    }
    net->Op("elementwise_mul", {{"X", "b"}, {"Y", "s2"}}, {{"Out", "scaled"}});
    net->RandomWeight("e_w", {128, 96, 1, 1}, -0.5, 0.5, 60);
    net->Conv("conv2d", "scaled", "e_w", "e", {1, 1}, {0, 0}, 1);
    net->Fetch("e", 0);
  };
  // ChainNet ends with a fetch of its last layer; this one fetches "e".
  struct SeNet : ChainNet {
    explicit SeNet(const std::function<void(ChainNet*)>& more)
        : ChainNet(80, {{"a", 96, 1, 1, 1, "hard_swish", true},
                        {"b", 96, 3, 2, 96, "hard_swish", true}}) {
      block().ops.pop_back();  // the fetch of "b"
      more(this);
    }
  };
  SeNet off(build), on(build);
  PassOptions without;
  without.disabled = {"conv_blocked_chain_pass"};
  RunPasses(&off.program, off.weights.get(), without);
  RunPasses(&on.program, on.weights.get(), PassOptions{});
  const DDim dims{1, 80, 14, 18};
  const auto x = RandomFloats(Numel(dims), -2, 2, 5);
  if (operators::BlockedChainRuns()) {
    EXPECT_EQ(on.Blocked(), (std::vector<std::string>{"out", "in/out", "", "", "in"}));
    int blocked_data = 0;
    for (const auto& op : on.block().ops) blocked_data += op.GetAttr<bool>("blocked_data", false);
    EXPECT_EQ(blocked_data, 2);  // the pool and the multiply
  }
  testing::ExpectAllClose(off.Run(dims, x), on.Run(dims, x), 1e-4f, 1e-5f, "SE chain");
}

TEST(ConvBlockedChain, WhatStaysNchw) {
  // Where the chains do not run the pass changes nothing at all.
  const bool runs = operators::BlockedChainRuns();
  auto chained = [](ChainNet* net) {
    RunPasses(&net->program, net->weights.get(), PassOptions{});
    std::string s;
    for (const auto& op : net->block().ops) {
      if (op.GetAttr<bool>("input_blocked", false) || op.GetAttr<bool>("output_blocked", false)) {
        s += op.Output("Output")[0] + " ";
      }
    }
    return s;
  };
  const Layer pw{"p", 96, 1, 1, 1, "relu", false}, dw{"q", 96, 3, 1, 96, "relu", false};
  {  // the intermediate is also a model output
    ChainNet net(80, {pw, dw});
    net.Fetch("p", 1);
    EXPECT_EQ(chained(&net), "");
  }
  {  // a second reader
    ChainNet net(80, {pw, dw});
    net.Op("relu", {{"X", "p"}}, {{"Out", "r"}});
    net.Fetch("r", 1);
    EXPECT_EQ(chained(&net), "");
  }
  {  // 120 channels: no multiple of 16
    ChainNet net(80, {{"p", 120, 1, 1, 1, "relu", false}, {"q", 120, 3, 1, 120, "", false}});
    EXPECT_EQ(chained(&net), "");
  }
  {  // a 1x1 conv with 64 input channels runs our NCHW kernel on AVX2
    ChainNet net(64, {{"p", 96, 1, 1, 1, "relu", false},
                      {"q", 128, 1, 1, 1, "relu", false}});
    EXPECT_EQ(chained(&net), runs && !operators::HandKernelsRun() ? "p q " : "");
  }
  {  // a chain does not start at a depthwise conv
    ChainNet net(96, {dw, {"p", 128, 1, 1, 1, "relu", false}});
    EXPECT_EQ(chained(&net), "");
  }
  {  // while 1x1 -> 1x1 with more than 64 input channels chains
    ChainNet net(80, {{"p", 96, 1, 1, 1, "relu", false}, {"q", 128, 1, 1, 1, "", false}});
    EXPECT_EQ(chained(&net), runs ? "p q " : "");
  }
}

// Where oneDNN runs AVX-512 kernels only the blocked side of a chain's end
// needs whole blocks: 56 -> 96 (1x1) -> depthwise 96 -> 96 -> 56 (1x1)
// chains with the ends' 56-channel sides converted (on AVX2 both sides of
// each conv must be whole blocks: nothing chains), with the unchained
// program's numbers.
TEST(ConvBlockedChain, OnlyTheBlockedSideNeedsWholeBlocksOnAvx512) {
  const std::vector<Layer> layers = {{"p", 96, 1, 1, 1, "hard_swish", true},
                                     {"q", 96, 3, 1, 96, "relu", true},
                                     {"r", 56, 1, 1, 1, "", true}};
  ChainNet off(56, layers), on(56, layers);
  PassOptions without;
  without.disabled = {"conv_blocked_chain_pass"};
  RunPasses(&off.program, off.weights.get(), without);
  RunPasses(&on.program, on.weights.get(), PassOptions{});
  if (operators::BlockedChainRuns() && !operators::HandKernelsRun()) {
    EXPECT_EQ(on.Blocked(), (std::vector<std::string>{"out", "in/out", "in"}));
  } else {  // (on AVX2 the 1x1 conv joins the depthwise one instead)
    for (const std::string& sides : on.Blocked()) EXPECT_EQ(sides, "");
  }
  const DDim dims{1, 56, 20, 24};
  const auto x = RandomFloats(Numel(dims), -2, 2, 11);
  testing::ExpectAllClose(off.Run(dims, x), on.Run(dims, x), 1e-4f, 1e-5f, "56-channel ends");
}

// A program that asks for blocked data where the layout cannot hold it (a
// hand-edited or foreign program) is refused naming the op and the rule.
TEST(ConvBlockedChain, ChannelsNoMultipleOf16AreRefusedByName) {
  ChainNet net(80, {{"p", 120, 1, 1, 1, "relu", false}});
  for (auto& op : net.block().ops) {
    if (op.HasInput("Filter")) op.SetAttr("output_blocked", true);
  }
  const std::string error = net.RunError({1, 80, 4, 4}, RandomFloats(80 * 16, -1, 1, 3));
  EXPECT_NE(error.find("op 'conv2d'"), std::string::npos) << error;
  EXPECT_NE(error.find("'output_blocked' needs output channels that are a multiple of 16, got "
                       "120"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
