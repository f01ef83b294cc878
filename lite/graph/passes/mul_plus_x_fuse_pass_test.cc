// A residual squeeze-excitation block, x + x * hard_sigmoid(conv(pool(x))),
// becomes one elementwise_mul with plus_x and gives the unfused program's
// numbers bit for bit (either operand order of the add); a product that is
// not scaled by an [N, C, 1, 1] vector, or that is read elsewhere, stays.
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

constexpr int64_t kC = 6;

// x -> pool(avg, global) -> 1x1 conv -> hard_sigmoid = s; m = x * s;
// add(x, m) or add(m, x) -> fetch.
struct SeNet : testing::ProgramBuilder {
  explicit SeNet(bool product_first) {
    Feed("x", 0);
    cpp::OpDesc& pool = Op("pool2d", {{"X", "x"}}, {{"Out", "p"}});
    pool.SetAttr("pooling_type", std::string("avg"));
    pool.SetAttr("global_pooling", true);
    pool.SetAttr("ksize", std::vector<int32_t>{1, 1});
    RandomWeight("w", {kC, kC, 1, 1}, -1, 1, 1);
    Conv("conv2d", "p", "w", "c", {1, 1}, {0, 0}, 1);
    Op("hard_sigmoid", {{"X", "c"}}, {{"Out", "s"}});
    Op("elementwise_mul", {{"X", "x"}, {"Y", "s"}}, {{"Out", "m"}});
    if (product_first) {
      Op("elementwise_add", {{"X", "m"}, {"Y", "x"}}, {{"Out", "y"}});
    } else {
      Op("elementwise_add", {{"X", "x"}, {"Y", "m"}}, {{"Out", "y"}});
    }
    Fetch("y", 0);
  }
};

void CheckFuses(bool product_first) {
  SeNet net(product_first);
  const DDim dims{2, kC, 9, 7};
  auto x = RandomFloats(Numel(dims), -3, 3, 5);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  const auto types = net.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 0);
  const cpp::OpDesc* mul = net.OpWithOutput("y");
  ASSERT_NE(mul, nullptr);
  EXPECT_EQ(mul->Type(), "elementwise_mul");
  EXPECT_TRUE(mul->GetAttr<bool>("plus_x", false));
  auto after = net.Run(dims, x);
  ASSERT_EQ(after.size(), static_cast<size_t>(Numel(dims)));
  for (size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(before[i], after[i]) << "element " << i;
  }
}

TEST(MulPlusXFuse, SqueezeExcitationResidualBecomesOneMultiply) { CheckFuses(false); }

TEST(MulPlusXFuse, ProductAsTheFirstAddOperand) { CheckFuses(true); }

TEST(MulPlusXFuse, ProductReadElsewhereOrFullTensorScaleStays) {
  // m is also fetched: the add must stay.
  SeNet shared(false);
  shared.Fetch("m", 1);
  RunPasses(&shared.program, shared.weights.get(), PassOptions{});
  auto types = shared.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 1);
  // x * x + x: Y is no [N, C, 1, 1] vector.
  testing::ProgramBuilder sq;
  sq.Feed("x", 0);
  sq.Op("elementwise_mul", {{"X", "x"}, {"Y", "x"}}, {{"Out", "m"}});
  sq.Op("elementwise_add", {{"X", "x"}, {"Y", "m"}}, {{"Out", "y"}});
  sq.Fetch("y", 0);
  RunPasses(&sq.program, sq.weights.get(), PassOptions{});
  types = sq.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 1);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
