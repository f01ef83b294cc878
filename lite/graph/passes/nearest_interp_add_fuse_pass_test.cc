// An FPN top-down step, x + upsample(pool(x)), becomes one nearest_interp_v2
// with input Addend and gives the unfused program's numbers bit for bit:
// either operand order of the add, the integer-repeat fast path and the
// general index path; an addend that broadcasts goes through the scratch
// path; an upsampled map read elsewhere, or an add with a fused activation,
// stays unfused.
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

struct TopDownNet : testing::ProgramBuilder {
  // x -> max pool 2x2 stride 2 = lo; up = nearest_interp_v2(lo) to `out_hw`
  // (or by scale 2 when out_hw is empty); y = add(x or r, up) -> fetch.
  // With `plane_addend` the other operand is a [N, C, 1, W] pooling of x.
  TopDownNet(bool up_first, std::vector<int32_t> out_hw, bool plane_addend = false) {
    Feed("x", 0);
    Pool("x", "lo", {2, 2});
    cpp::OpDesc& up = Op("nearest_interp_v2", {{"X", "lo"}}, {{"Out", "up"}});
    up.SetAttr("align_corners", false);
    up.SetAttr("interp_method", std::string("nearest"));
    if (out_hw.empty()) {
      up.SetAttr("scale", std::vector<float>{2.f, 2.f});
    } else {
      up.SetAttr("out_h", out_hw[0]);
      up.SetAttr("out_w", out_hw[1]);
    }
    std::string r = "x";
    if (plane_addend) {
      Pool("x", "r", {kH, 1});
      r = "r";
    }
    if (up_first) {
      Op("elementwise_add", {{"X", "up"}, {"Y", r}}, {{"Out", "y"}});
    } else {
      Op("elementwise_add", {{"X", r}, {"Y", "up"}}, {{"Out", "y"}});
    }
    Fetch("y", 0);
  }
  void Pool(const std::string& in, const std::string& out, std::vector<int32_t> k) {
    cpp::OpDesc& pool = Op("pool2d", {{"X", in}}, {{"Out", out}});
    pool.SetAttr("pooling_type", std::string("max"));
    pool.SetAttr("ksize", k);
    pool.SetAttr("strides", k);
    pool.SetAttr("paddings", std::vector<int32_t>{0, 0});
  }
  static constexpr int64_t kH = 10;
};

// Runs `net` before and after the passes: the add is gone, the interp
// writes y with Addend, and every element is the same.
void CheckFuses(TopDownNet* net, const DDim& dims) {
  auto x = RandomFloats(Numel(dims), -3, 3, 7);
  auto before = net->Run(dims, x);
  RunPasses(&net->program, net->weights.get(), PassOptions{});
  const auto types = net->OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 0);
  const cpp::OpDesc* interp = net->OpWithOutput("y");
  ASSERT_NE(interp, nullptr);
  EXPECT_EQ(interp->Type(), "nearest_interp_v2");
  EXPECT_EQ(interp->Input("Addend").size(), 1u);
  auto after = net->Run(dims, x);
  ASSERT_EQ(after.size(), before.size());
  ASSERT_FALSE(after.empty());
  for (size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(before[i], after[i]) << "element " << i;
  }
}

TEST(NearestInterpAddFuse, IntegerScaleUpsampleAddIsOnePass) {
  TopDownNet net(false, {});
  CheckFuses(&net, {2, 5, TopDownNet::kH, 14});
}

TEST(NearestInterpAddFuse, UpsampledMapAsTheFirstAddOperand) {
  TopDownNet net(true, {});
  CheckFuses(&net, {1, 3, TopDownNet::kH, 6});
}

TEST(NearestInterpAddFuse, OddSizeTakesTheIndexPath) {
  // lo is 5 x 7; 10 x 15 is no integer repeat of it in width.
  TopDownNet net(false, {10, 15});
  CheckFuses(&net, {1, 4, TopDownNet::kH, 15});
}

TEST(NearestInterpAddFuse, BroadcastAddendKeepsTheAddsDims) {
  // r is [N, C, 1, W]: the sum broadcasts it over the rows.
  TopDownNet net(true, {}, true);
  CheckFuses(&net, {2, 3, TopDownNet::kH, 8});
}

TEST(NearestInterpAddFuse, SharedUpsampleOrActivatedAddStays) {
  TopDownNet shared(false, {});
  shared.Fetch("up", 1);
  RunPasses(&shared.program, shared.weights.get(), PassOptions{});
  auto types = shared.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 1);
  TopDownNet activated(false, {});
  for (auto& op : activated.block().ops) {
    if (op.Type() == "elementwise_add") op.SetAttr("act_type", std::string("relu"));
  }
  RunPasses(&activated.program, activated.weights.get(), PassOptions{});
  types = activated.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_add"), 1);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
