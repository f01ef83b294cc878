// matmul / matmul_v2 by a 2-D weight plus a 1-D bias over the last axis
// becomes fc (in_num_col_dims -1) for an X of rank 1, 2 or 3, within float
// rounding of the unfused program (the GEMM adds the bias in its epilogue);
// a transposed operand, a bias that broadcasts more than the last axis or a
// product read elsewhere stays unfused.
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

constexpr int64_t kK = 7, kN = 13;

// x -> matmul(_v2)(x, w [K, N]) -> p; p + b -> y [-> relu -> r]
struct MatmulAddNet : testing::ProgramBuilder {
  MatmulAddNet(const std::string& type, const DDim& bias_dims, bool relu) {
    Feed("x", 0);
    RandomWeight("w", {kK, kN}, -1, 1, 5);
    RandomWeight("b", bias_dims, -1, 1, 6);
    Op(type, {{"X", "x"}, {"Y", "w"}}, {{"Out", "p"}});
    Op("elementwise_add", {{"X", "p"}, {"Y", "b"}}, {{"Out", "y"}}).SetAttr("axis", -1);
    if (relu) Op("relu", {{"X", "y"}}, {{"Out", "r"}});
    Fetch(relu ? "r" : "y", 0);
  }
  int Count(const std::string& type) const {
    auto t = OpTypes();
    return static_cast<int>(std::count(t.begin(), t.end(), type));
  }
};

void CheckFuses(const std::string& type, const DDim& x_dims, bool relu) {
  MatmulAddNet net(type, {kN}, relu);
  auto x = RandomFloats(Numel(x_dims), -2, 2, 7);
  auto before = net.Run(x_dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", "fc", "fetch"}));
  const cpp::OpDesc* fc = net.OpWithOutput(relu ? "r" : "y");
  ASSERT_NE(fc, nullptr);
  EXPECT_EQ(fc->GetAttr<int32_t>("in_num_col_dims"), -1);
  EXPECT_EQ(fc->GetAttr<std::string>("activation_type"), relu ? "relu" : "");
  auto after = net.Run(x_dims, x);
  ASSERT_EQ(after.size(), before.size());
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f, type);
}

TEST(FcFuse, MatmulV2OfRank3InputPlusBiasBecomesFc) { CheckFuses("matmul_v2", {2, 5, kK}, false); }
TEST(FcFuse, MatmulOfRank2InputPlusBiasThenReluBecomesFc) { CheckFuses("matmul", {5, kK}, true); }
TEST(FcFuse, MatmulV2OfVectorPlusBiasBecomesFc) { CheckFuses("matmul_v2", {kK}, false); }

TEST(FcFuse, TransposedOrBroadcastingOrReadElsewhereStays) {
  MatmulAddNet transposed("matmul_v2", {kN}, false);
  transposed.block().ops[1].SetAttr("trans_x", true);
  RunPasses(&transposed.program, transposed.weights.get(), PassOptions{});
  EXPECT_EQ(transposed.Count("fc"), 0);

  // A [1, N] bias would give a 1-D X's product a second dim.
  MatmulAddNet rank2_bias("matmul_v2", {1, kN}, false);
  RunPasses(&rank2_bias.program, rank2_bias.weights.get(), PassOptions{});
  EXPECT_EQ(rank2_bias.Count("fc"), 0);

  MatmulAddNet observed("matmul_v2", {kN}, false);
  observed.Fetch("p", 1);
  RunPasses(&observed.program, observed.weights.get(), PassOptions{});
  EXPECT_EQ(observed.Count("fc"), 0);
  EXPECT_EQ(observed.Count("matmul_v2"), 1);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
