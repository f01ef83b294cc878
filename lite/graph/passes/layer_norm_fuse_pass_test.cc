// The decomposed layer norm paddle2onnx writes (reduce_mean, sub, pow 2,
// reduce_mean, add eps, sqrt, div, mul gamma, add beta) becomes one
// layer_norm over the last axis with the decomposed program's numbers within
// a few ulp; the pattern with an intermediate read elsewhere stays.
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

constexpr int64_t kN = 13;  // normalized size

struct DecomposedLayerNorm : testing::ProgramBuilder {
  DecomposedLayerNorm() {
    Feed("x", 0);
    auto mean = [&](const char* in, const char* out) {
      cpp::OpDesc& m = Op("reduce_mean", {{"X", in}}, {{"Out", out}});
      m.SetAttr("dim", std::vector<int32_t>{-1});
      m.SetAttr("keep_dim", true);
      m.SetAttr("reduce_all", false);
    };
    auto binary = [&](const char* type, const char* a, const char* b, const char* out) {
      Op(type, {{"X", a}, {"Y", b}}, {{"Out", out}}).SetAttr("axis", -1);
    };
    Weight("two", {1}, {2.f});
    Weight("eps", {1}, {1e-6f});
    RandomWeight("gamma", {kN}, 0.5, 1.5, 3);
    RandomWeight("beta", {kN}, -1, 1, 4);
    mean("x", "m");
    binary("elementwise_sub", "x", "m", "d");
    binary("elementwise_pow", "d", "two", "p");
    mean("p", "v");
    binary("elementwise_add", "v", "eps", "ve");
    Op("sqrt", {{"X", "ve"}}, {{"Out", "sd"}});
    binary("elementwise_div", "d", "sd", "n");
    binary("elementwise_mul", "n", "gamma", "g");
    binary("elementwise_add", "g", "beta", "y");
    Fetch("y", 0);
  }
};

TEST(LayerNormFuse, NineOpsBecomeOneLayerNorm) {
  DecomposedLayerNorm net;
  const DDim dims{2, 5, kN};
  auto x = RandomFloats(Numel(dims), -3, 5, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  ASSERT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", "layer_norm", "fetch"}));
  const cpp::OpDesc* ln = net.OpWithOutput("y");
  ASSERT_NE(ln, nullptr);
  EXPECT_EQ(ln->GetAttr<int32_t>("begin_norm_axis"), -1);
  EXPECT_FLOAT_EQ(ln->GetAttr<float>("epsilon"), 1e-6f);
  auto after = net.Run(dims, x);
  // Outputs are O(1): a few ulp of difference (double statistics in the kernel).
  testing::ExpectAllClose(before, after, 2e-6f, 2e-6f, "layer norm");
}

TEST(LayerNormFuse, IntermediateReadElsewhereStays) {
  DecomposedLayerNorm net;
  net.Fetch("d", 1);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  auto types = net.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "layer_norm"), 0);
  EXPECT_EQ(std::count(types.begin(), types.end(), "reduce_mean"), 2);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
