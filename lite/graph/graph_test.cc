// Passes on small hand-built programs: structure after the pass and
// numerics before/after (run through the real kernels).
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

// A program fed with "x".
struct Builder : testing::ProgramBuilder {
  Builder() { Feed("x", 0); }
};

void AddConvBnRelu(Builder* b) {
  b->RandomWeight("w", {8, 3, 3, 3});
  b->Conv("conv2d", "x", "w", "c", {1, 1}, {1, 1}, 1);
  b->BatchNorm("c", "y", 8, 2);
  b->Op("relu", {{"X", "y"}}, {{"Out", "r"}});
  b->Fetch("r", 0);
}

TEST(Passes, ConvBnReluBecomesOneConvWithBiasAndActAndSameNumbers) {
  Builder b;
  AddConvBnRelu(&b);
  auto x = RandomFloats(2 * 3 * 13 * 11, -1, 1, 9);
  auto before = b.Run({2, 3, 13, 11}, x);
  auto applied = RunPasses(&b.program, b.weights.get(), PassOptions{});
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "conv2d", "fetch"}));
  const cpp::OpDesc& conv = b.program.blocks[0].ops[1];
  EXPECT_TRUE(conv.HasInput("Bias"));
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "relu");
  EXPECT_EQ(conv.Output("Output")[0], "r");
  // The original filter is untouched (clones may share it).
  EXPECT_TRUE(b.weights->FindVar("w") != nullptr);
  auto after = b.Run({2, 3, 13, 11}, x);
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f, "conv+bn+relu fused");
}

// acc = 2x; 3 times: acc = acc + relu(bn(conv(acc, w))). The fusions run
// inside the loop's block too: the body keeps one conv (with the bn folded
// into its filter and bias, relu as its act), the carried `acc` keeps its
// name, and the outputs equal the unfused program's.
TEST(Passes, FusionsRunInsideALoopBody) {
  Builder b;
  b.RandomWeight("w", {3, 3, 3, 3}, -0.4f, 0.4f, 5);
  b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}}).SetAttr("scale", 2.0f);
  b.BeginCounterLoop(3, {"acc", "w"}, {"acc"});
  b.Conv("conv2d", "acc", "w", "c", {1, 1}, {1, 1}, 1);
  b.BatchNorm("c", "y", 3, 7);
  b.Op("relu", {{"X", "y"}}, {{"Out", "r"}});
  b.Op("elementwise_add", {{"X", "acc"}, {"Y", "r"}}, {{"Out", "t"}});
  b.Op("assign", {{"X", "t"}}, {{"Out", "acc"}});
  b.EndCounterLoop();
  b.Fetch("acc", 0);
  const auto x = RandomFloats(2 * 3 * 6 * 5, -1, 1, 3);
  const auto before = b.Run({2, 3, 6, 5}, x);
  int fused = 0;
  for (const auto& [name, n] : RunPasses(&b.program, b.weights.get(), PassOptions{})) {
    if (name == "conv_bn_fuse_pass" || name == "conv_activation_fuse_pass") fused += n;
  }
  EXPECT_EQ(fused, 2);
  std::vector<std::string> body;
  for (const auto& op : b.program.blocks[1].ops) body.push_back(op.Type());
  EXPECT_EQ(body, (std::vector<std::string>{"conv2d", "elementwise_add", "assign", "increment",
                                            "less_than"}));
  const cpp::OpDesc& conv = b.program.blocks[1].ops[0];
  EXPECT_TRUE(conv.HasInput("Bias"));
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "relu");
  EXPECT_EQ(conv.Input("Input")[0], "acc");
  EXPECT_EQ(b.program.blocks[1].ops[2].Output("Out")[0], "acc");
  testing::ExpectAllClose(before, b.Run({2, 3, 6, 5}, x), 1e-5f, 1e-5f, "loop body fused");
}

TEST(Passes, DisabledPassesAreSkippedAndUnknownNamesRejected) {
  Builder b;
  AddConvBnRelu(&b);
  PassOptions options;
  options.disabled = {"conv_bn_fuse_pass", "conv_activation_fuse_pass", "memory_optimize_pass"};
  RunPasses(&b.program, b.weights.get(), options);
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "conv2d", "batch_norm", "relu", "fetch"}));
  options.disabled = {"no_such_pass"};
  EXPECT_THROW(RunPasses(&b.program, b.weights.get(), options), Error);
}

TEST(Passes, MemoryReuseSharesNamesInAChainAndKeepsNumbers) {
  Builder b;
  std::string prev = "x";
  for (int i = 0; i < 6; ++i) {
    std::string out = "t" + std::to_string(i);
    b.Op("relu", {{"X", prev}}, {{"Out", out}});
    prev = out;
  }
  b.Fetch(prev, 0);
  auto x = RandomFloats(3 * 13, -1, 1, 4);
  auto before = b.Run({3, 13}, x);
  auto applied = RunPasses(&b.program, b.weights.get(), PassOptions{});
  int renamed = 0;
  for (auto& [name, n] : applied) if (name == "memory_optimize_pass") renamed = n;
  EXPECT_GE(renamed, 3);
  std::set<std::string> names;
  for (auto& op : b.program.blocks[0].ops) {
    for (auto& n : op.OutputArgumentNames()) names.insert(n);
  }
  // feed x, 6 activations (t5 is the output) and "fetch": t2..t4 reuse t0/t1.
  EXPECT_EQ(names, (std::set<std::string>{"x", "t0", "t1", "t5", "fetch"}));
  EXPECT_EQ(before, b.Run({3, 13}, x));
}

TEST(Passes, DropoutAndIdentityScaleAreRemoved) {
  Builder b;
  auto& d = b.Op("dropout", {{"X", "x"}}, {{"Out", "d"}});
  d.SetAttr("dropout_implementation", std::string("upscale_in_train"));
  d.SetAttr("dropout_prob", 0.3f);
  auto& s = b.Op("scale", {{"X", "d"}}, {{"Out", "s"}});
  s.SetAttr("scale", 1.0f);
  s.SetAttr("bias", 0.0f);
  b.Op("relu", {{"X", "s"}}, {{"Out", "r"}});
  b.Fetch("r", 0);
  RunPasses(&b.program, b.weights.get(), PassOptions{});
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "relu", "fetch"}));
  EXPECT_EQ(b.program.blocks[0].ops[1].Input("X")[0], "x");
}

TEST(SSAGraph, DotAndDeterministicTopologicalOrder) {
  Builder b;
  AddConvBnRelu(&b);
  SSAGraph g1, g2;
  g1.Build(b.program, b.weights.get());
  g2.Build(b.program, b.weights.get());
  std::string dot = g1.Dot();
  EXPECT_EQ(dot.rfind("digraph G {", 0), 0u);
  EXPECT_NE(dot.find("} // end G"), std::string::npos);
  EXPECT_EQ(dot, g2.Dot());
  auto order = g1.StmtTopologicalOrder();
  ASSERT_EQ(order.size(), 3u);
  EXPECT_EQ(order[0]->op.Type(), "conv2d");
  EXPECT_EQ(order[2]->op.Type(), "relu");
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
