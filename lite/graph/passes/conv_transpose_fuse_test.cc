// conv2d_transpose → elementwise_add (bias) → batch_norm → relu folds into
// one conv2d_transpose with Bias and act_type (PP-OCR's DB head), for
// ungrouped and grouped filters, with the numbers of the unfused program.
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

struct Net {
  cpp::ProgramDesc program;
  std::shared_ptr<Scope> weights = std::make_shared<Scope>();
  cpp::BlockDesc& block() { return program.blocks[0]; }

  cpp::OpDesc& Op(const std::string& type) {
    block().ops.emplace_back(type);
    return block().ops.back();
  }
  void Weight(const std::string& name, const DDim& dims, float lo, float hi, uint32_t seed) {
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
  // x [N, C, H, W] -> conv2d_transpose (C -> M, 2x2 stride 2, groups) ->
  // + bias (axis 1) -> batch_norm -> relu -> fetch.
  Net(int64_t C, int64_t M, int groups) {
    program.blocks.emplace_back();
    auto& feed = Op("feed");
    feed.SetInput("X", {"feed"});
    feed.SetOutput("Out", {"x"});
    feed.SetAttr("col", 0);
    Weight("w", {C, M / groups, 2, 2}, -1, 1, 1);
    Weight("b", {M}, -1, 1, 2);
    Weight("bn_scale", {M}, 0.5, 1.5, 3);
    Weight("bn_bias", {M}, -1, 1, 4);
    Weight("bn_mean", {M}, -0.5, 0.5, 5);
    Weight("bn_var", {M}, 0.1, 2, 6);
    auto& conv = Op("conv2d_transpose");
    conv.SetInput("Input", {"x"});
    conv.SetInput("Filter", {"w"});
    conv.SetOutput("Output", {"c"});
    conv.SetAttr("strides", std::vector<int32_t>{2, 2});
    conv.SetAttr("paddings", std::vector<int32_t>{0, 0});
    conv.SetAttr("dilations", std::vector<int32_t>{1, 1});
    conv.SetAttr("groups", groups);
    auto& add = Op("elementwise_add");
    add.SetInput("X", {"c"});
    add.SetInput("Y", {"b"});
    add.SetOutput("Out", {"a"});
    add.SetAttr("axis", 1);
    auto& bn = Op("batch_norm");
    bn.SetInput("X", {"a"});
    bn.SetInput("Scale", {"bn_scale"});
    bn.SetInput("Bias", {"bn_bias"});
    bn.SetInput("Mean", {"bn_mean"});
    bn.SetInput("Variance", {"bn_var"});
    bn.SetOutput("Y", {"y"});
    bn.SetOutput("MeanOut", {"bn_mean"});
    bn.SetOutput("VarianceOut", {"bn_var"});
    bn.SetAttr("epsilon", 1e-5f);
    bn.SetAttr("is_test", true);
    auto& relu = Op("relu");
    relu.SetInput("X", {"y"});
    relu.SetOutput("Out", {"r"});
    auto& fetch = Op("fetch");
    fetch.SetInput("X", {"r"});
    fetch.SetOutput("Out", {"fetch"});
    fetch.SetAttr("col", 0);
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

void CheckFolds(int64_t C, int64_t M, int groups) {
  Net net(C, M, groups);
  const DDim dims{2, C, 7, 5};
  auto x = RandomFloats(Numel(dims), -1, 1, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  ASSERT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", "conv2d_transpose", "fetch"}));
  const cpp::OpDesc& conv = net.program.blocks[0].ops[1];
  EXPECT_TRUE(conv.HasInput("Bias"));
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "relu");
  EXPECT_EQ(conv.Output("Output")[0], "r");
  EXPECT_NE(conv.Input("Filter")[0], "w");  // folded into a new weight
  auto after = net.Run(dims, x);
  ASSERT_EQ(before.size(), static_cast<size_t>(2 * M * 14 * 10));
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f,
                          "groups=" + std::to_string(groups));
}

TEST(ConvTransposeFuse, BiasBatchNormReluFoldIntoOneOp) { CheckFolds(6, 10, 1); }

TEST(ConvTransposeFuse, GroupedFilterFoldsPerOutputChannel) { CheckFolds(6, 10, 2); }

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
