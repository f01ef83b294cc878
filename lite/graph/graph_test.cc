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

struct Builder {
  cpp::ProgramDesc program;
  std::shared_ptr<Scope> weights = std::make_shared<Scope>();
  Builder() {
    program.blocks.emplace_back();
    Feed("x", 0);
  }
  cpp::BlockDesc& block() { return program.blocks[0]; }
  void Feed(const std::string& name, int col) {
    cpp::OpDesc op("feed");
    op.SetInput("X", {"feed"});
    op.SetOutput("Out", {name});
    op.SetAttr("col", col);
    block().ops.push_back(op);
  }
  void Fetch(const std::string& name, int col) {
    cpp::OpDesc op("fetch");
    op.SetInput("X", {name});
    op.SetOutput("Out", {"fetch"});
    op.SetAttr("col", col);
    block().ops.push_back(op);
  }
  void Weight(const std::string& name, const DDim& dims, float lo = -1, float hi = 1, uint32_t seed = 1) {
    Tensor* t = weights->Var(name);
    t->Resize(dims);
    t->set_persistable(true);
    auto v = RandomFloats(Numel(dims), lo, hi, seed);
    std::copy(v.begin(), v.end(), t->mutable_data<float>());
    cpp::VarDesc var;
    var.name = name;
    var.persistable = true;
    var.dims = dims;
    block().vars.push_back(var);
  }
  cpp::OpDesc& Op(const std::string& type) {
    block().ops.emplace_back(type);
    return block().ops.back();
  }
  std::vector<std::string> OpTypes() const {
    std::vector<std::string> t;
    for (auto& op : program.blocks[0].ops) t.push_back(op.Type());
    return t;
  }
  std::vector<float> Run(const DDim& dims, const std::vector<float>& x) {
    Scope scope(weights);
    RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
    Tensor* in = scope.GetVar("x");
    in->Resize(dims);
    std::copy(x.begin(), x.end(), in->mutable_data<float>());
    rp.Run(1);
    Tensor* out = scope.GetVar(rp.fetch_names()[0]);
    return std::vector<float>(out->data<float>(), out->data<float>() + out->numel());
  }
};

void AddConvBnRelu(Builder* b) {
  b->Weight("w", {8, 3, 3, 3});
  b->Weight("bn_scale", {8}, 0.5, 1.5, 2);
  b->Weight("bn_bias", {8}, -1, 1, 3);
  b->Weight("bn_mean", {8}, -0.5, 0.5, 4);
  b->Weight("bn_var", {8}, 0.1, 2, 5);
  auto& conv = b->Op("conv2d");
  conv.SetInput("Input", {"x"});
  conv.SetInput("Filter", {"w"});
  conv.SetOutput("Output", {"c"});
  conv.SetAttr("strides", std::vector<int32_t>{1, 1});
  conv.SetAttr("paddings", std::vector<int32_t>{1, 1});
  conv.SetAttr("dilations", std::vector<int32_t>{1, 1});
  conv.SetAttr("groups", 1);
  auto& bn = b->Op("batch_norm");
  bn.SetInput("X", {"c"});
  bn.SetInput("Scale", {"bn_scale"});
  bn.SetInput("Bias", {"bn_bias"});
  bn.SetInput("Mean", {"bn_mean"});
  bn.SetInput("Variance", {"bn_var"});
  bn.SetOutput("Y", {"y"});
  bn.SetOutput("MeanOut", {"bn_mean"});
  bn.SetOutput("VarianceOut", {"bn_var"});
  bn.SetAttr("epsilon", 1e-5f);
  bn.SetAttr("is_test", true);
  auto& relu = b->Op("relu");
  relu.SetInput("X", {"y"});
  relu.SetOutput("Out", {"r"});
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
    auto& op = b.Op("relu");
    op.SetInput("X", {prev});
    op.SetOutput("Out", {out});
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
  auto& d = b.Op("dropout");
  d.SetInput("X", {"x"});
  d.SetOutput("Out", {"d"});
  d.SetAttr("dropout_implementation", std::string("upscale_in_train"));
  d.SetAttr("dropout_prob", 0.3f);
  auto& s = b.Op("scale");
  s.SetInput("X", {"d"});
  s.SetOutput("Out", {"s"});
  s.SetAttr("scale", 1.0f);
  s.SetAttr("bias", 0.0f);
  auto& r = b.Op("relu");
  r.SetInput("X", {"s"});
  r.SetOutput("Out", {"r"});
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
